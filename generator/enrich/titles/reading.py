"""Read an abstract once for every title heuristic: prepared text, coined names, phrases.

The build derives a title, a gist and the coined names from the same text one after the
other, so the prepared text and its names are cached and shared; candidate phrases are only
worked out for a title that must be derived.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .established import established_names
from .names import Name, find_names
from .phrases import Candidate, find_candidates
from .prepare import Prepared, prepare_text


class Reading(NamedTuple):
    """What the title heuristics read from one abstract."""

    prepared: Prepared
    names: tuple[Name, ...]
    candidates: tuple[Candidate, ...]


def read_abstract(text: str, year: int | None = None) -> Reading:
    """Prepare an abstract and find its coined names and candidate phrases."""
    prepared, names = prepare_and_name(text, year)
    return Reading(prepared, names, find_candidates(prepared))


@lru_cache(maxsize=64)
def prepare_and_name(text: str, year: int | None) -> tuple[Prepared, tuple[Name, ...]]:
    """Prepare an abstract and find the names it coins (`year`: see `established_names`)."""
    prepared = prepare_text(text)
    return prepared, find_names(prepared, established_names(year))
