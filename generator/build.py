"""The pipeline as a recipe: read everything, enrich it, render it, then write.

    parse → titles, gists, tags → distinct titles → related → mentions → topic map → render → write

Related papers, mentions and tag pages need the whole collection, so nothing is written before
every abstract has been read and enriched. The text model behind related papers and the topic
map needs no titles or tags: it runs in a worker process beside the titles and tags, and the
workers rank related papers while the mentions are found.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, cast

from .cache import ResultCache, content_key
from .enrich.analyse import analyse_abstracts, use_vocabulary
from .enrich.lookup import find_paper_urls
from .enrich.mentions import find_mentions
from .enrich.reasons import distinct_reasons
from .enrich.recurring import add_recurring_topics
from .enrich.related import Related, relating_labels
from .enrich.tags import Vocabulary, tag_slug
from .enrich.titles import distinct_titles, list_year, repeated_titles, title_alternatives
from .incremental import Ranking, rank_changed, update_text_model
from .model import RELATED_PER_PAPER, Collection, MovedPaper, Paper, RelatedLink, RetiredPaper
from .parse import parse_inputs
from .permalinks import assign, read_permalinks, write_permalinks
from .progress import Progress
from .render import RenderedPages, RenderOptions, render_papers_json, render_site
from .render.browse import render_browse_files
from .render.common import plural
from .render.facets import render_facets
from .search_index import PaperIndex, index_papers
from .text import plain_text
from .vocabulary_files import load_vocabulary
from .workers import Job, Workers, worth_parallel
from .write import WriteReport, check_ownership, write_pages


@dataclass(frozen=True)
class BuildOptions:
    """What to read and how."""

    inputs: tuple[Path, ...]
    """Input files or folders."""
    vocabulary: Path | None = None
    """A user's own taxonomy and entity file that extends the shipped one."""
    encoding: str = "utf-8"
    """Encoding of the input files."""
    keep_going: bool = False
    """Skip bad structured records instead of stopping."""
    directory_urls: bool = True
    """Link pages as `x/` (hosted) or `x.html` (offline, from disk)."""
    use_cache: bool = True
    """Remember per-abstract results between runs in the user's cache folder."""
    permalinks: Path | None = None
    """The map that keeps papers' URLs across builds (`permalinks.py`); None: none kept."""


@dataclass(frozen=True)
class GenerateResult:
    """What a generator run made, and the work it left running beside the MkDocs build."""

    collection: Collection
    pages: dict[str, str]
    """Every generated page's source, by docs-relative path (as written)."""
    skipped: tuple[str, ...]
    progress: Progress
    background: tuple[Workers, ...]
    """The workers that index the papers and write the pages."""
    writing: Job
    """The write of the pages into the docs folder."""
    indexing: Job
    """The papers' search entries and postings (see `search_index.index_papers`)."""
    papers_json: Job
    """The text of `papers.json`, the collection as data."""
    facets: Job
    """The text of the papers page's filter data (`render.facets`)."""
    browse: Job
    """The papers page's list data, by docs-relative path (`render.browse`)."""

    def finish_writing(self) -> WriteReport:
        """Wait until the pages are written, and report the write stage."""
        report, seconds = self.writing.result()
        self.progress.report("write", seconds, f"{report.written:,} written, "
                             f"{report.unchanged:,} unchanged, {report.removed:,} removed")
        return report

    def close(self) -> None:
        """Wait for the work left running (its results are dropped)."""
        for workers in self.background:
            workers.close()


def generate_pages(options: BuildOptions, docs_dir: Path, progress: Progress) -> GenerateResult:
    """Read the inputs and render the pages; start writing them into `docs_dir` and indexing
    the papers for search, in worker processes, and return while they run."""
    vocabulary = load_vocabulary(options.vocabulary)
    collection, skipped = build_collection(options, progress, vocabulary)
    parallel = worth_parallel(len(collection.papers))
    # The search index (needed last, in `on_post_build`, and the longest job), papers.json and
    # the filters' data (needed first, in `on_env`) need only the collection: made from now on,
    # they keep the cores busy while this process renders and MkDocs reads the pages.
    beside = Workers(parallel=parallel, most=2)
    indexing, papers_json, facets, browse = beside.submit_all([
        (_index_remembering, (collection, options.directory_urls, options.use_cache,
                              _tag_synonyms(vocabulary))),
        (render_papers_json, (collection, options.directory_urls)),
        (render_facets, (collection, options.directory_urls, _tag_synonyms(vocabulary))),
        (render_browse_files, (collection, options.directory_urls))])
    render_options = RenderOptions(directory_urls=options.directory_urls)
    # Only pages whose inputs changed since the last build are rendered again.
    cache = ResultCache("pages") if options.use_cache else None
    previous = cache.latest() if cache else None
    with progress.stage("render") as done, Workers(parallel=parallel) as workers:
        rendered = render_site(collection, render_options, workers, previous)
        done(f"{len(rendered.pages):,} pages")
    pages = rendered.pages
    check_ownership(pages, docs_dir)  # refused now, before MkDocs goes on
    # The write keeps a core busy while MkDocs reads the pages; forked now, the writer
    # inherits the pages.
    writer = Workers(parallel=parallel, most=1)
    [writing] = writer.submit_all([
        (_write_and_remember, (rendered, docs_dir, cache if rendered is not previous else None))])
    return GenerateResult(collection=collection, pages=pages, skipped=skipped, progress=progress,
                          background=(beside, writer), writing=writing, indexing=indexing,
                          papers_json=papers_json, facets=facets,
                          browse=browse)


def _write_and_remember(rendered: RenderedPages, docs_dir: Path,
                        cache: ResultCache | None) -> tuple[WriteReport, float]:
    """Worker job: write the pages and time it, then remember them (in `cache`, if given)."""
    start = time.perf_counter()
    report = write_pages(rendered.pages, docs_dir)
    seconds = time.perf_counter() - start
    _remember(cache, rendered.fingerprint, rendered)
    return report, seconds


def _index_remembering(collection: Collection, directory_urls: bool, use_cache: bool,
                       synonyms: dict[tuple[str, str], tuple[str, ...]]) -> PaperIndex:
    """Worker job: index the papers for search, each paper's terms remembered by its content,
    and the postings by the whole collection's; a tag's other spellings ("LLMs") lead to its
    page too."""
    return index_papers(collection, directory_urls,
                        ResultCache("search-terms") if use_cache else None, synonyms,
                        ResultCache("search-postings") if use_cache else None)


def _tag_synonyms(vocabulary: Vocabulary) -> dict[tuple[str, str], tuple[str, ...]]:
    """Return each topic's and entity's other spellings, by kind and name."""
    return {("topic", topic.name): topic.synonyms for topic in vocabulary.topics} | {
        (entity.kind, entity.name): entity.synonyms for entity in vocabulary.entities}


def build_collection(options: BuildOptions, progress: Progress,
                     vocabulary: Vocabulary | None = None) -> tuple[Collection, tuple[str, ...]]:
    """Parse the inputs and enrich every abstract into a paper (`vocabulary`: the one
    `options.vocabulary` names, if the caller has loaded it already)."""
    with progress.stage("parse") as done:
        parsed = parse_inputs(list(options.inputs), options.encoding, options.keep_going)
        merged = f", {parsed.merged_duplicates} duplicates merged" if parsed.merged_duplicates else ""
        skipped = f", {plural(len(parsed.skipped), 'bad record')} skipped" if parsed.skipped else ""
        done(f"{plural(len(parsed.abstracts), 'abstract')} from "
             f"{plural(len(parsed.source_files), 'file')}{merged}{skipped}")
    abstracts = parsed.abstracts
    texts = [abstract.text for abstract in abstracts]
    if vocabulary is None:
        vocabulary = load_vocabulary(options.vocabulary)
    vocabulary_key = _file_key(options.vocabulary)
    # Related papers and the map depend on the whole collection: remembered for unchanged input.
    use_cache = options.use_cache
    ranking_cache, ranking_key, ranking = _recall("ranking", [*texts, vocabulary_key], use_cache)
    map_cache, map_key, positions = _recall("map", texts, use_cache)
    years = [list_year(abstract.list_name) for abstract in abstracts]
    setup = partial(use_vocabulary, vocabulary)
    with Workers(parallel=worth_parallel(len(abstracts)), setup=setup) as workers:
        # The text model needs no titles or tags: submitted first, it runs beside the analyses.
        text_model = (workers.submit(update_text_model, texts, RELATED_PER_PAPER, positions is None,
                                     use_cache)
                      if ranking is None or positions is None else None)
        # Nor do the papers' links: they too are made beside the analyses (3 s of one process at
        # 5,000, which at the end would run alone).
        paper_urls = workers.submit(find_paper_urls, abstracts)
        with progress.stage("titles, tags") as done:
            cache = ResultCache("analyses") if options.use_cache else None
            analyses = analyse_abstracts(abstracts, vocabulary, vocabulary_key, workers, cache,
                                         track=lambda items: progress.track(items, len(abstracts),
                                                                            "titles, tags"))
            # Beside the taxonomy's topics, the subjects this collection keeps coming back to.
            tags = add_recurring_topics([a.terms for a in analyses], [a.tags for a in analyses],
                                        vocabulary)
            done(f"{len({t for paper_tags in tags for t in paper_tags}):,} distinct tags")
        # The papers whose derived title another paper has need alternatives: worked out by the
        # workers (2.2 ms a paper), first, before they rank.
        titles, derived = [a.title for a in analyses], [a.title_source == "derived" for a in analyses]
        repeated = repeated_titles(titles, derived)
        finish_alternatives = _start_alternatives([abstracts[i].text for i in repeated],
                                                  [years[i] for i in repeated], workers, use_cache)
        # Shared tags are the clearest "why related".
        labels = [relating_labels(paper_tags) for paper_tags in tags]
        start_ranking = partial(_start_ranking, text_model, labels, ranking_cache, workers)
        # The workers rank while the papers are made and mentions found here, unless the text
        # model is still being made (after an edit the analyses come from the cache first).
        finish_ranking = (start_ranking() if ranking is None and text_model and text_model.done()
                          else None)
        if cache is not None:
            cache.save()
        found = dict(zip(repeated, finish_alternatives()))
        titles = distinct_titles(titles, derived, lambda i: found[i] if i in found else
                                 _title_alternatives((abstracts[i].text, years[i])))
        # Each paper keeps the URL an earlier build gave it (see `permalinks`).
        permalinks = assign([abstract.id for abstract in abstracts],
                            [plain_text(title) for title in titles], [a.sketch for a in analyses],
                            read_permalinks(options.permalinks))
        papers = [
            Paper(abstract=abstract, slug=slug, title=title, title_source=a.title_source,
                  gist=a.gist, tags=paper_tags, introduces=a.names, own_names=a.own_names,
                  find_url=find_url)
            for abstract, a, title, paper_tags, slug, find_url in zip(
                abstracts, analyses, titles, tags, permalinks.slugs, paper_urls.result())
        ]
        with progress.stage("mentions") as done:
            papers = find_mentions(papers, tag_slug, vocabulary)
            done(f"{sum(len(p.mentions) for p in papers):,} links")
        with progress.stage("related"):
            if ranking is None:
                ranking = (finish_ranking or start_ranking())()
                _remember(ranking_cache, ranking_key, ranking)
            papers = _add_related(papers, ranking.related, vocabulary)
        with progress.stage("topic map"):
            if positions is None:
                assert text_model is not None, "made whenever the map is not remembered"
                positions = text_model.result().positions
                _remember(map_cache, map_key, positions)
            papers = [replace(paper, map_position=xy) for paper, xy in zip(papers, positions)]
    now = permalinks.moved
    retired = tuple(RetiredPaper(slug, link.title, link.retired, now.get(link.successor, link.successor))
                    for slug, link in sorted(permalinks.retired.items()))
    moved = tuple(MovedPaper(first, slug) for first, slug in sorted(now.items()))
    collection = Collection(name=parsed.collection_name, papers=tuple(papers),
                            merged_duplicates=parsed.merged_duplicates,
                            source_files=parsed.source_files, retired=retired, moved=moved)
    write_permalinks(options.permalinks, permalinks.permalinks)
    return collection, parsed.skipped


def _start_alternatives(texts: list[str], years: list[int | None], workers: Workers,
                        use_cache: bool) -> Callable[[], list[tuple[str, ...]]]:
    """Start working out the texts' alternative titles (`title_alternatives`), those not
    remembered from an earlier run; return what waits for them and remembers them."""
    cache = ResultCache("alternatives") if use_cache else None
    keys = [content_key(text, str(year)) for text, year in zip(texts, years)]
    found = [cache.get(key) if cache else None for key in keys]
    missing = [index for index, alternatives in enumerate(found) if alternatives is None]
    results = workers.map(_title_alternatives, [(texts[i], years[i]) for i in missing],
                          chunksize=max(1, len(missing) // 16))

    def finish() -> list[tuple[str, ...]]:
        for index, alternatives in zip(missing, results):
            found[index] = alternatives
            if cache is not None:
                cache.put(keys[index], alternatives)
        if cache is not None:
            cache.keep_only(set(keys))
            cache.save()
        return cast(list[tuple[str, ...]], found)  # every None was filled in above

    return finish


def _title_alternatives(job: tuple[str, int | None]) -> tuple[str, ...]:
    """Worker job: the titles an abstract's derived title gives way to (`title_alternatives`)."""
    return title_alternatives(*job)


def _start_ranking(text_model: Job | None, labels: list[list[str]], cache: ResultCache | None,
                   workers: Workers) -> Callable[[], Ranking]:
    """Start ranking related papers (see `incremental.rank_changed`); return what finishes it."""
    assert text_model is not None, "made whenever the ranking is not remembered"
    previous = cache.latest() if cache else None
    return rank_changed(text_model.result(), labels, previous, workers, RELATED_PER_PAPER)


def _add_related(papers: list[Paper], related: list[list[Related]],
                 vocabulary: Vocabulary) -> list[Paper]:
    """Link each paper to its related papers, each reason said once (`distinct_reasons`)."""
    return [
        replace(paper, related=tuple(
            RelatedLink(slug=papers[index].slug, score=round(float(score), 4),
                        reasons=distinct_reasons(reasons, vocabulary.fold, vocabulary.broader))
            for index, score, reasons in links))
        for paper, links in zip(papers, related)
    ]


def _recall(name: str, inputs: list[str], use_cache: bool) -> tuple[ResultCache | None, str, Any]:
    """Return the cache of a whole-collection result, its key for these inputs, and what it
    was last time for exactly these inputs (None if not remembered)."""
    cache = ResultCache(name) if use_cache else None
    key = content_key(*inputs)
    return cache, key, cache.get(key) if cache else None


def _remember(cache: ResultCache | None, key: str, result: object) -> None:
    """Keep the result for the current collection only."""
    if cache is not None:
        cache.keep_one(key, result)


def _file_key(path: Path | None) -> str:
    """Key a user's vocabulary file by its content, so editing it refreshes every paper's tags."""
    return content_key(path.read_text(encoding="utf-8")) if path and path.is_file() else ""
