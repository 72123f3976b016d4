"""Turn the enriched collection into page sources: a pure function of its arguments.

Each page is YAML front matter (which MkDocs and Material read: title, tags) followed by one raw
HTML block. The body is HTML rather than Markdown because the abstract is already typeset
(MathML, links) and safe; handing Markdown only the front matter keeps MkDocs' per-page work
small and keeps abstract text away from Markdown's raw-HTML pass-through.

Modules: `common` (options, front matter, entries), `paper` (the paper page), `lists` (tag pages,
indexes, map, home overview).
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Sequence
from dataclasses import dataclass

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
from .paper import code_links, linked_titles, list_places, render_paper_page

__all__ = ["MAP_PATH", "RenderOptions", "RenderedPages", "code_links", "paper_records",
           "read_front_matter", "render_overview", "render_paper_page", "render_site"]


@dataclass(frozen=True)
class RenderedPages:
    """Every generated page, and what each paper and tag page was rendered from."""

    pages: dict[str, str]
    """Every page's source, by docs-relative path."""
    keys: dict[str, str]
    """A digest of each paper and tag page's inputs, by path: an unchanged one is not redone."""
    fingerprint: str
    """A digest of everything the pages were rendered from."""


def render_site(collection: Collection, options: RenderOptions, workers: Workers | None = None,
                previous: RenderedPages | None = None) -> RenderedPages:
    """Render every generated page; paper and tag pages by the workers, if given, and only those
    whose inputs differ from `previous` (the pages of an earlier build)."""
    papers = collection.papers
    digests = [_digest(paper) for paper in papers]
    fingerprint = _digest((collection.name, collection.merged_duplicates, collection.source_files,
                           options, digests))
    if previous is not None and previous.fingerprint == fingerprint:
        return previous
    previous_keys = previous.keys if previous is not None else {}
    titles_by_slug = {paper.slug: paper.title for paper in papers}
    places = list_places(collection)
    digest_by_slug = {paper.slug: digest for paper, digest in zip(papers, digests)}
    tags = list(papers_by_tag(collection).items())
    workers = workers or Workers(parallel=False)
    jobs = workers.submit_all(
        [(_render_papers, (papers, rows, digests, titles_by_slug, places, options, previous_keys))
         for rows in workers.parts(len(papers))]
        + [(_render_tags, (tags, rows, digest_by_slug, options, previous_keys))
           for rows in workers.parts(len(tags), 1)])
    # The three list pages are rendered here meanwhile.
    lists = {f"{PAPERS_DIR}/index.md": render_papers_index(collection, options),
             f"{TAGS_DIR}/index.md": render_tags_index(collection, options),
             MAP_PATH: render_map_page(collection, options)}
    pages, keys = {}, {}
    for path, key, page in (entry for job in jobs for entry in job.result()):
        pages[path] = page if page is not None else previous.pages[path]
        keys[path] = key
    if clashes := sorted(pages.keys() & lists.keys()):  # a tag named "Topic map" or "Index"
        raise GeneratorError(f"a tag's page would replace a list page ({', '.join(clashes)}): "
                             "rename the tag named like it in your vocabulary")
    return RenderedPages(pages=pages | lists, keys=keys, fingerprint=fingerprint)


Rendered = tuple[str, str, str | None]
"""A page's path, the digest of its inputs, and its source (None: the same as before)."""


def _render_papers(papers: Sequence[Paper], rows: range, digests: list[str],
                   titles_by_slug: dict[str, str], places: dict, options: RenderOptions,
                   previous_keys: dict[str, str]) -> list[Rendered]:
    rendered = []
    for row in rows:
        paper, place = papers[row], places[papers[row].slug]
        path = paper_path(paper.slug)
        key = _digest((options, digests[row], place, linked_titles(paper, titles_by_slug, place)))
        page = (None if previous_keys.get(path) == key
                else render_paper_page(paper, titles_by_slug, options, place))
        rendered.append((path, key, page))
    return rendered


def _render_tags(tags: list, rows: range, digest_by_slug: dict[str, str], options: RenderOptions,
                 previous_keys: dict[str, str]) -> list[Rendered]:
    rendered = []
    for tag, papers in (tags[row] for row in rows):
        path = tag_path(tag_slug(tag))
        # A tag page shows only its papers' own fields (titles, gists, tags).
        key = _digest((options, tag, [digest_by_slug[paper.slug] for paper in papers]))
        page = None if previous_keys.get(path) == key else render_tag_page(tag, papers, options)
        rendered.append((path, key, page))
    return rendered


def _digest(value: object) -> str:
    return hashlib.blake2b(pickle.dumps(value, protocol=5), digest_size=16).hexdigest()


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
