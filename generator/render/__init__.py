"""Turn the enriched collection into page sources: a pure function of its arguments.

Each page is YAML front matter (which MkDocs and Material read: title, tags) followed by one raw
HTML block. The body is HTML rather than Markdown because the abstract is already typeset
(MathML, links) and safe; handing Markdown only the front matter keeps MkDocs' per-page work
small and keeps abstract text away from Markdown's raw-HTML pass-through.

Modules: `common` (options, front matter, entries), `paper` (the paper page), `lists` (tag pages,
indexes, map, home overview).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..enrich.tags import tag_slug
from ..errors import GeneratorError
from ..links import PAPERS_DIR, TAGS_DIR, paper_path, relative_url, tag_path
from ..model import Collection, Paper
from ..text import plain_text
from ..workers import Workers
from .common import TAG_KIND_LABELS, RenderOptions, read_front_matter
from .lists import (
    MAP_PATH,
    papers_by_tag,
    render_map_page,
    render_overview,
    render_papers_index,
    render_tag_page,
    render_tags_index,
)
from .paper import code_links, list_places, render_paper_page

__all__ = ["MAP_PATH", "RenderOptions", "code_links", "paper_records", "read_front_matter",
           "render_overview", "render_paper_page", "render_site"]


def render_site(collection: Collection, options: RenderOptions,
                workers: Workers | None = None) -> dict[str, str]:
    """Return every generated page as {docs-relative path: file text}; paper and tag pages are
    rendered by the workers, if given."""
    papers = collection.papers
    titles_by_slug = {paper.slug: paper.title for paper in papers}
    places = list_places(collection)
    tags = list(papers_by_tag(collection).items())
    workers = workers or Workers(parallel=False)
    jobs = workers.submit_all(
        [(_render_papers, (papers, rows, titles_by_slug, places, options))
         for rows in workers.parts(len(papers))]
        + [(_render_tags, (tags, rows, options)) for rows in workers.parts(len(tags), 1)])
    # The three list pages are rendered here meanwhile.
    lists = {f"{PAPERS_DIR}/index.md": render_papers_index(collection, options),
             f"{TAGS_DIR}/index.md": render_tags_index(collection, options),
             MAP_PATH: render_map_page(collection, options)}
    pages = {path: page for job in jobs for path, page in job.result()}
    if clashes := sorted(pages.keys() & lists.keys()):  # a tag named "Topic map" or "Index"
        raise GeneratorError(f"a tag's page would replace a list page ({', '.join(clashes)}): "
                             "rename the tag named like it in your vocabulary")
    return pages | lists


def _render_papers(papers: Sequence[Paper], rows: range, titles_by_slug: dict[str, str],
                   places: dict, options: RenderOptions) -> list[tuple[str, str]]:
    return [(paper_path(papers[row].slug),
             render_paper_page(papers[row], titles_by_slug, options, places[papers[row].slug]))
            for row in rows]


def _render_tags(tags: list, rows: range, options: RenderOptions) -> list[tuple[str, str]]:
    return [(tag_path(tag_slug(tags[row][0])), render_tag_page(*tags[row], options)) for row in rows]


def paper_records(collection: Collection, directory_urls: bool = True) -> list[dict]:
    """Return the collection as data, one record per paper, for `papers.json`."""
    id_by_slug = {paper.slug: paper.abstract.id for paper in collection.papers}
    records = []
    for paper in collection.papers:
        abstract = paper.abstract
        record = {
            "id": abstract.id,
            "title": plain_text(paper.title),
            "title_source": paper.title_source,
            "url": relative_url("index.md", paper_path(paper.slug), directory_urls),
            "tags": {kind: [t.name for t in paper.tags if t.kind == kind] for kind in TAG_KIND_LABELS},
            "related": [id_by_slug[link.slug] for link in paper.related],
            "sources": [{"file": s.file, "position": s.position, "line": s.line}
                        for s in abstract.sources],
            "abstract": abstract.text,
        }
        if abstract.authors:
            record["authors"] = list(abstract.authors)
        if abstract.keywords:
            record["keywords"] = list(abstract.keywords)
        if abstract.url:
            record["paper_url"] = abstract.url  # `url` is the page's own address
        records.append(record)
    return records
