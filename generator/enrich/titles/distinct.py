"""Give every paper of a collection its own title: a derived title another paper has already
gets the phrase of its own abstract that tells the two apart."""

from __future__ import annotations

import math
from typing import Sequence

from .case import fit_length, title_case
from .phrases import Candidate
from .prepare import restore, restore_plain
from .reading import Reading, read_abstract
from .scoring import content_stems, phrase_stems, word_probabilities


def distinct_titles(titles: Sequence[str], derived: Sequence[bool], texts: Sequence[str],
                    years: Sequence[int | None]) -> list[str]:
    """Return the titles with each repeated derived title made unique.

    Titles given by the input stay as given; the first paper keeps a shared derived title. A
    later one keeps the part before the colon (its name or topic) and gets, after it, the
    best-scoring phrase of its abstract with a content word the title lacks; when no phrase
    tells the two apart, the paper's position in the collection does ("… (2)").
    """
    taken = {title.casefold() for title, is_derived in zip(titles, derived) if not is_derived}
    unique: list[str] = []
    for title, is_derived, text, year in zip(titles, derived, texts, years):
        if is_derived and title.casefold() in taken:
            title = _retitle(title, read_abstract(text, year), taken) or _numbered(title, taken)
        taken.add(title.casefold())
        unique.append(title)
    return unique


def _retitle(title: str, reading: Reading, taken: set[str]) -> str | None:
    """Return "Head: phrase" with the best phrase that adds a content word, if one is free."""
    prepared, names, candidates = reading
    probabilities = word_probabilities(prepared, names, candidates)
    head = title.split(": ", 1)[0]
    title_stems = set(content_stems(restore_plain(title)))

    def gain(candidate: Candidate) -> float:
        stems = phrase_stems(candidate.words) - title_stems
        # fsum of sorted terms: the same on every run, whatever order the set iterates in.
        return math.fsum(sorted(probabilities.get(stem, 0.0) for stem in stems)) if stems else -1.0

    for candidate in sorted(candidates, key=gain, reverse=True)[:10]:
        if gain(candidate) < 0:
            break
        new = restore(fit_length(f"{head}: {title_case(candidate.words)}", prepared), prepared)
        if new.casefold() not in taken:
            return new
    return None


def _numbered(title: str, taken: set[str]) -> str:
    number = 2
    while f"{title} ({number})".casefold() in taken:
        number += 1
    return f"{title} ({number})"
