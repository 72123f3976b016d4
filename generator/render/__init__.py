"""Turn the enriched collection into page sources; rendering reads and writes no file.

A page depends only on the collection and the options; the previous render (when given) only
saves re-rendering the pages whose inputs are unchanged, and workers may render parts at once.

Each page is YAML front matter (which MkDocs and Material read: title, tags) followed by one raw
HTML block. The body is HTML rather than Markdown because the abstract is already typeset
(MathML, links) and safe; handing Markdown only the front matter keeps MkDocs' per-page work
small and keeps abstract text away from Markdown's raw-HTML pass-through.

Modules: `common` (options, front matter, entries), `paper` (the paper page), `lists` (tag pages,
indexes, map, home overview).
"""

from __future__ import annotations

import hashlib
import json
import pickle
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

from ..enrich.tags import tag_slug
from ..errors import GeneratorError
from ..links import PAPERS_INDEX, TAGS_DIR, paper_path, relative_url, tag_path
from ..model import Collection, Paper, Tag
from ..text import plain_text
from ..workers import Workers, worth_parallel
from .common import TAG_KIND_LABELS, RenderOptions, read_front_matter, titles_are_mixed
from .lists import (
    MAP_PATH,
    MY_LIST_PATH,
    papers_by_tag,
    render_map_page,
    render_my_list_page,
    render_overview,
    render_papers_index,
    render_tag_page,
    render_tags_index,
)
from .paper import (
    PaperView,
    code_links,
    paper_places,
    paper_view,
    render_moved_page,
    render_paper_page,
    render_retired_page,
)
from .search_page import SEARCH_PATH, render_search_page
from .tag_groups import is_grouped

__all__ = ["MAP_PATH", "PaperView", "RenderOptions", "RenderedPages", "code_links", "paper_records",
           "paper_view", "read_front_matter", "render_overview", "render_paper_page",
           "render_papers_json", "render_site"]


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
    options = replace(options, mark_derived=titles_are_mixed(papers))
    titles_by_slug = {paper.slug: paper.title for paper in papers}
    gists_by_slug = {paper.slug: paper.gist for paper in papers}
    places = paper_places(collection)
    derived = frozenset(paper.slug for paper in papers
                        if options.mark_derived and paper.title_source == "derived")
    views = [paper_view(paper, titles_by_slug, gists_by_slug, places[paper.slug], collection.name,
                        derived) for paper in papers]
    tags = list(papers_by_tag(collection).items())
    jobs = []
    if previous is None:  # every page is new: rendering starts before the keys are worked out
        jobs = _submit(views, tags, options, workers, len(papers))
    # A paper's place on the topic map shows on the map page only, which is rendered every time:
    # a new layout changes the fingerprint, not the key of every paper page.
    digests = [_digest(replace(paper, map_position=None)) for paper in papers]
    fingerprint = _digest((collection.name, collection.merged_duplicates, collection.source_files,
                           collection.retired, collection.moved, options, digests,
                           [paper.map_position for paper in papers]))
    if previous is not None and previous.fingerprint == fingerprint:
        return previous
    keys = _page_keys(views, digests, tags, options)
    if previous is not None:
        stale = {path for path, key in keys.items() if previous.keys.get(path) != key}
        jobs = _submit([view for view in views if paper_path(view.paper.slug) in stale],
                       [(tag, tagged) for tag, tagged in tags if tag_path(tag_slug(tag)) in stale],
                       options, workers, len(papers))
    # The list pages are rendered here meanwhile.
    lists = {PAPERS_INDEX: render_papers_index(collection, options),
             f"{TAGS_DIR}/index.md": render_tags_index(collection, options),
             MAP_PATH: render_map_page(collection, options),
             MY_LIST_PATH: render_my_list_page(collection),
             SEARCH_PATH: render_search_page()}
    # The URLs of papers that left the list say where they went.
    lists |= {paper_path(retired.slug): render_retired_page(retired, collection, options,
                                                            titles_by_slug)
              for retired in collection.retired}
    # A paper's first address, where its title has changed since, sends the reader on.
    lists |= {paper_path(moved.first_slug): render_moved_page(moved, titles_by_slug, options)
              for moved in collection.moved}
    rendered = dict(entry for job in jobs for entry in job.result())
    earlier = previous.pages if previous is not None else {}  # every page is rendered when none
    pages = {path: rendered[path] if path in rendered else earlier[path] for path in keys}
    if clashes := sorted(pages.keys() & lists.keys()):  # a tag named "Topic map" or "Index"
        raise GeneratorError(f"a tag's page would replace a list page ({', '.join(clashes)}): "
                             "rename the tag named like it in your vocabulary")
    return RenderedPages(pages=pages | lists, keys=keys, fingerprint=fingerprint)


def _page_keys(views: Sequence[PaperView], digests: list[str], tags: list,
               options: RenderOptions) -> dict[str, str]:
    """Return a digest of each paper and tag page's inputs, by path."""
    keys = {paper_path(view.paper.slug): _view_key(view, digest, options)
            for view, digest in zip(views, digests)}
    digest_by_slug = {view.paper.slug: digest for view, digest in zip(views, digests)}
    for tag, tagged in tags:
        # A tag page shows only its papers' own fields (titles, gists, tags).
        keys[tag_path(tag_slug(tag))] = _digest(
            (options, tag, is_grouped(len(tagged), len(views)),
             [digest_by_slug[paper.slug] for paper in tagged]))
    return keys


def _view_key(view: PaperView, paper_digest: str, options: RenderOptions) -> str:
    """Digest every field of a paper page's view (the paper by its digest, already made)."""
    return _digest((options, *(paper_digest if field.name == "paper" else getattr(view, field.name)
                               for field in fields(view))))


def _submit(views: Sequence[PaperView], tags: list, options: RenderOptions,
            workers: Workers | None, collection_size: int) -> list:
    """Start rendering these paper and tag pages: in the workers if there are enough of them."""
    if workers is None or not worth_parallel(len(views) + len(tags)):
        workers = Workers(parallel=False)
    return workers.submit_all(
        [(_render_papers, (views, rows, options)) for rows in workers.parts(len(views))]
        + [(_render_tags, (tags, rows, options, collection_size)) for rows in workers.parts(len(tags), 1)])


def _render_papers(views: Sequence[PaperView], rows: range,
                   options: RenderOptions) -> list[tuple[str, str]]:
    return [(paper_path(views[row].paper.slug), render_paper_page(views[row], options))
            for row in rows]


def _render_tags(tags: list[tuple[Tag, list[Paper]]], rows: range, options: RenderOptions,
                 collection_size: int) -> list[tuple[str, str]]:
    return [(tag_path(tag_slug(tags[row][0])),
             render_tag_page(tags[row][0], tags[row][1], options, collection_size))
            for row in rows]


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
            "gist": plain_text(paper.gist),
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
        if paper.find_url:
            record["find"] = paper.find_url
        records.append(record)
    return records


def render_papers_json(collection: Collection, directory_urls: bool = True) -> str:
    """Return `papers.json`: the collection as data (`paper_records`), compact."""
    records = paper_records(collection, directory_urls)
    return json.dumps(records, ensure_ascii=False, separators=(",", ":"))
