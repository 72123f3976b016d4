"""Enrich each abstract on its own: title, coined names, tags and typeset text.

This is the part of enrichment that needs no other abstract, so it runs on every core (see
`generator/workers.py`) and is remembered between runs by content (see `generator/cache.py`): an
unchanged abstract costs a dictionary look-up, and one edited abstract costs one analysis.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence, cast

from ..cache import ResultCache, content_key
from ..model import Abstract, Tag
from ..permalinks import sketch
from ..text import preload, rendered_forms
from ..workers import Workers, worth_parallel
from .recurring import TermUse, terms_about
from .tags import Vocabulary, extract_tags
from .titles import (
    derive_title,
    gist_of,
    introduced_names,
    list_year,
    names_to_link,
    title_likelihood,
)

CHUNK = 25
"""Abstracts a worker analyses per job: small, so that the last jobs end together (a job is
about 0.2 s)."""


@dataclass(frozen=True)
class Analysis:
    """What one abstract gives on its own."""

    title: str
    """Given or derived title (may contain TeX math)."""
    title_source: str
    """ "given" or "derived"."""
    gist: str
    """One line saying what the paper contributes (may contain TeX math)."""
    names: tuple[str, ...]
    """Names the abstract coins, most prominent first."""
    own_names: tuple[str, ...]
    """Of those, the ones it says it coins and no earlier paper used (mentions may link them)."""
    tags: tuple[Tag, ...]
    """Area, topics, datasets, models."""
    terms: tuple[TermUse, ...]
    """Multi-word terms the abstract is about, for the collection's own topics (`recurring`)."""
    forms: dict[tuple[str, str], str]
    """Typeset and plain forms of the abstract and title (see `generator.text.rendered_forms`)."""
    sketch: tuple[int, ...]
    """What the abstract's words look like, to know it again once edited (see `permalinks`)."""


def analyse_abstracts(abstracts: Sequence[Abstract], vocabulary: Vocabulary, vocabulary_key: str,
                      workers: Workers, cache: ResultCache | None = None,
                      track: Callable[[Iterable], Iterable] = iter) -> list[Analysis]:
    """Return each abstract's analysis, from the cache where possible, else computed here or,
    for many, by the workers (whose setup must call `use_vocabulary`). New analyses are put into
    `cache` and those of abstracts no longer there dropped; the caller saves it, once the workers
    have their next job."""
    # The list's year tells which names earlier papers had already used (see `titles`).
    years = [list_year(a.list_name) for a in abstracts]
    keys = [content_key(a.text, a.title, vocabulary_key, str(year))
            for a, year in zip(abstracts, years)]
    analyses: list[Analysis | None] = [cache.get(key) if cache else None for key in keys]
    missing = [index for index, analysis in enumerate(analyses) if analysis is None]
    jobs = [(abstracts[index].text, abstracts[index].title, years[index]) for index in missing]
    if worth_parallel(len(jobs)):
        results = workers.map(_analyse_in_worker, jobs, chunksize=CHUNK)
    else:
        results = (_analyse(*job, vocabulary) for job in jobs)
    for index, analysis in zip(missing, track(results)):
        analyses[index] = analysis
        if cache is not None:
            cache.put(keys[index], analysis)
    if cache is not None:
        cache.keep_only(set(keys))
    complete = cast(list[Analysis], analyses)  # every None was filled in above
    for analysis in complete:
        preload(analysis.forms)
    return complete


_vocabulary: Vocabulary | None = None


def use_vocabulary(vocabulary: Vocabulary) -> None:
    """Set the vocabulary analyses tag with: a worker's setup, so it is not sent with every job."""
    global _vocabulary
    _vocabulary = vocabulary


def _analyse_in_worker(job: tuple[str, str, int | None]) -> Analysis:
    assert _vocabulary is not None, "use_vocabulary first"
    return _analyse(*job, _vocabulary)


def _analyse(text: str, given_title: str, year: int | None, vocabulary: Vocabulary) -> Analysis:
    title, source = derive_title(text, given_title, year)
    # What the title says, or would say, is the evidence that a topic named once is the paper's.
    likelihood = title_likelihood(text, given_title, year)
    return Analysis(title=title, title_source=source,
                    gist=gist_of(text, year), names=introduced_names(text, year),
                    own_names=names_to_link(text, year),
                    tags=extract_tags(text, vocabulary, likelihood),
                    terms=terms_about(text, likelihood), forms=rendered_forms(text, title),
                    sketch=sketch(text))
