"""Enrich each abstract on its own: title, coined names, tags and typeset text.

This is the part of enrichment that needs no other abstract, so it runs on every core and is
remembered between runs by content (see `generator/cache.py`): an unchanged abstract costs a
dictionary look-up, and one edited abstract costs one analysis.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Callable, Iterable, Iterator, Sequence

from ..cache import ResultCache, content_key
from ..model import Abstract, Tag
from ..text import preload, rendered_forms
from .tags import Vocabulary, extract_tags
from .titles import derive_title, introduced_names

# Below this many uncached abstracts, starting worker processes costs more than it saves.
PARALLEL_MIN = 400
CHUNK = 100


@dataclass(frozen=True)
class Analysis:
    """What one abstract gives on its own."""

    title: str
    """Given or derived title (may contain TeX math)."""
    title_source: str
    """ "given" or "derived"."""
    names: tuple[str, ...]
    """Names the abstract coins, most prominent first."""
    tags: tuple[Tag, ...]
    """Area, topics, datasets, models."""
    forms: dict[tuple[str, str], str]
    """Typeset and plain forms of the abstract and title (see `generator.text.rendered_forms`)."""


def analyse_abstracts(abstracts: Sequence[Abstract], vocabulary: Vocabulary, vocabulary_key: str,
                      cache: ResultCache | None = None,
                      track: Callable[[Iterable], Iterable] = iter) -> list[Analysis]:
    """Return each abstract's analysis, from the cache where possible, else computed in parallel."""
    keys = [content_key(a.text, a.title, vocabulary_key) for a in abstracts]
    analyses: list[Analysis | None] = [cache.get(key) if cache else None for key in keys]
    missing = [index for index, analysis in enumerate(analyses) if analysis is None]
    jobs = [(abstracts[index].text, abstracts[index].title) for index in missing]
    for index, analysis in zip(missing, track(_analyse_all(jobs, vocabulary))):
        analyses[index] = analysis
        if cache is not None:
            cache.put(keys[index], analysis)
    if cache is not None:
        cache.keep_only(set(keys))
        cache.save()
    for analysis in analyses:
        preload(analysis.forms)
    return analyses  # type: ignore[return-value]


def _analyse_all(jobs: list[tuple[str, str]], vocabulary: Vocabulary) -> Iterator[Analysis]:
    global _worker_vocabulary
    workers = min(os.cpu_count() or 1, 4)
    if len(jobs) < PARALLEL_MIN or workers < 2:
        yield from (_analyse(text, title, vocabulary) for text, title in jobs)
        return
    # Forked workers inherit the loaded vocabulary instead of unpickling it.
    _worker_vocabulary = vocabulary
    with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
        yield from pool.map(_analyse_in_worker, jobs, chunksize=CHUNK)


_worker_vocabulary: Vocabulary | None = None


def _analyse_in_worker(job: tuple[str, str]) -> Analysis:
    assert _worker_vocabulary is not None
    return _analyse(job[0], job[1], _worker_vocabulary)


def _analyse(text: str, given_title: str, vocabulary: Vocabulary) -> Analysis:
    title, source = derive_title(text, given_title)
    return Analysis(title=title, title_source=source, names=introduced_names(text),
                    tags=extract_tags(text, vocabulary), forms=rendered_forms(text, title))
