"""Derive a title for an abstract that came without one, and the names the abstract coins.

Abstracts arrive as raw text with TeX math, TeX text macros, Markdown emphasis and URLs.
`prepare` hides math and strips markup; `names` finds coined names; `phrases` lists candidate
phrases, which `scoring` ranks with a small learned word model; `compose` and `case` shape the
title. The build calls `introduced_names` right after `derive_title` on the same text, so the
prepared text and its names are cached and shared by the two; candidate phrases are only
worked out for a title that must be derived.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .case import fit_length
from .compose import title_with_name, title_without_name
from .names import Name, find_names
from .phrases import Candidate, find_candidates
from .prepare import Prepared, prepare_text, restore
from .scoring import word_probabilities
from .vocabulary import MAX_WORDS, MIN_WORDS

__all__ = ["MAX_WORDS", "MIN_WORDS", "derive_title", "introduced_names"]


class _Analysis(NamedTuple):
    """What the title heuristics read from one abstract."""

    prepared: Prepared
    names: tuple[Name, ...]
    candidates: tuple[Candidate, ...]


def derive_title(text: str, given: str = "") -> tuple[str, str]:
    """Return (title, title_source) for an abstract; title_source is "given" or "derived".

    Order of fallbacks:
    1. a title given by the input wins, as given ("given");
    2. else the most prominent name the abstract coins ("we propose X", "termed X", "X, a …",
       `\\textbf{X}`, "X (Full Name)"), a colon, and what X is: its spelled-out name, else the
       phrase that describes it, else the contribution sentence's object ("derived");
    3. else the object of the contribution sentence ("we propose …", "this paper studies …"),
       else the best-scoring phrase of the first sentences ("derived").
    Every derived title has 3 to 16 words, title case, no trailing full stop, no dangling
    function word, no TeX text macros, and its `$…$` math exactly as the abstract wrote it.
    """
    if given.strip():
        return " ".join(given.split()), "given"
    prepared, names, candidates = analyse(text)
    probabilities = word_probabilities(prepared, names, candidates)
    if names:
        title = title_with_name(names[0], names[1:], prepared, candidates, probabilities)
    else:
        title = title_without_name(prepared, candidates, probabilities)
    return restore(fit_length(title, prepared), prepared), "derived"


def introduced_names(text: str) -> tuple[str, ...]:
    """Return the names of methods, models or datasets the abstract coins, most prominent first."""
    prepared, names = _prepare_and_name(text)
    return tuple(restore(name.name, prepared) for name in names)


def analyse(text: str) -> _Analysis:
    """Prepare an abstract and find its coined names and candidate phrases."""
    prepared, names = _prepare_and_name(text)
    return _Analysis(prepared, names, find_candidates(prepared))


@lru_cache(maxsize=64)
def _prepare_and_name(text: str) -> tuple[Prepared, tuple[Name, ...]]:
    prepared = prepare_text(text)
    return prepared, find_names(prepared)
