"""Give every paper of a collection its own title: a derived title another paper has already
gets the phrase of its own abstract that tells the two apart.

The phrases are worked out only for the papers that need them (`alternative_titles`, asked for
by `distinct_titles`): about one paper in 150 of a conference list, against 0.13 ms an abstract
when every analysis worked them out (ICLR 2024, 2026-12-03).
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from .case import clean_end, fit_length, title_case, title_cased_name
from .phrases import Candidate
from .prepare import restore, restore_plain
from .reading import Reading
from .scoring import content_stems, phrase_stems

ALTERNATIVES = 3
"""Phrases kept for a paper whose title another paper has; past them it is numbered."""


def alternative_titles(title: str, reading: Reading,
                       probabilities: dict[str, float]) -> tuple[str, ...]:
    """Return, best first, the titles "Head: phrase" a paper could take if another paper had
    its derived `title`: the head is the part before the colon (its name or topic), the phrase
    the best-scoring one of its abstract with a content word the title lacks."""
    prepared, _, candidates = reading
    head = title.split(": ", 1)[0]
    title_stems = set(content_stems(restore_plain(title)))

    def gain(candidate: Candidate) -> float:
        stems = phrase_stems(candidate.words) - title_stems
        # fsum of sorted terms: the same on every run, whatever order the set iterates in.
        return math.fsum(sorted(probabilities.get(stem, 0.0) for stem in stems)) if stems else -1.0

    scored = sorted(((gain(candidate), candidate) for candidate in candidates),
                    key=lambda pair: pair[0], reverse=True)
    alternatives: list[str] = []
    for score, candidate in scored[:10]:
        if score < 0 or len(alternatives) == ALTERNATIVES:
            break
        new = clean_end(restore(fit_length(f"{head}: {title_case(candidate.words)}", prepared),
                                prepared, title_cased_name))
        if new.casefold() != title.casefold() and new not in alternatives:
            alternatives.append(new)
    return tuple(alternatives)


def repeated_titles(titles: Sequence[str], derived: Sequence[bool]) -> list[int]:
    """Return the papers `distinct_titles` will ask alternatives of: each derived title an
    earlier paper or any given title has (so does `distinct_titles`, which also asks a paper
    whose title an earlier paper took as its alternative)."""
    seen = {title.casefold() for title, is_derived in zip(titles, derived) if not is_derived}
    repeated = []
    for index, (title, is_derived) in enumerate(zip(titles, derived)):
        key = title.casefold()
        if is_derived and key in seen:
            repeated.append(index)
        seen.add(key)
    return repeated


def distinct_titles(titles: Sequence[str], derived: Sequence[bool],
                    alternatives: Callable[[int], Sequence[str]]) -> list[str]:
    """Return the titles with each repeated derived title made unique.

    Titles given by the input stay as given; the first paper keeps a shared derived title. A
    later one, the paper at index i, takes the first of `alternatives(i)` (its
    `alternative_titles`) no paper has; when none is free, the paper's position in the
    collection tells it apart ("… (2)").
    """
    taken = {title.casefold() for title, is_derived in zip(titles, derived) if not is_derived}
    unique: list[str] = []
    for index, (title, is_derived) in enumerate(zip(titles, derived)):
        if is_derived and title.casefold() in taken:
            title = next((option for option in alternatives(index)
                          if option.casefold() not in taken), None) or _numbered(title, taken)
        taken.add(title.casefold())
        unique.append(title)
    return unique


def _numbered(title: str, taken: set[str]) -> str:
    number = 2
    while f"{title} ({number})".casefold() in taken:
        number += 1
    return f"{title} ({number})"
