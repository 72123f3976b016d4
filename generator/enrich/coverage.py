"""Give a paper that neither the taxonomy nor the collection's recurring topics tag a subject it
is about: one the collection shares or earlier papers title theirs after.

A screening-rule or survival-analysis paper at a machine-learning conference names nothing the
taxonomy lists, and its subject may be too rare in the list to recur; a paper without a topic
can be found neither by browsing nor among related papers by a shared tag.

Rule, in order, on the terms the paper is about as `recurring.terms_about` reads them (named in
the opening or a contribution sentence, not in passing, no phrase of the trade):
1. A candidate is named as a phrase of its own, not a piece of a longer one ("Component
   Analysis" of "Principal Component Analysis"); more than once, or once and likely in the
   paper's title (`tags.TITLE_EVIDENCE`); and is no spelling of a curated topic, dataset or
   model.
2. It is a subject when earlier papers' titles carry it (`titled_phrases`, counted by
   `benchmarks/titled_phrases.py`: "tensor completion", "mechanism design"), or when at least
   MIN_PAPERS papers of the collection are about it and it does not open with a verb or an
   adverb ("comparing weighted graphs").
3. Of the subjects, the paper gets the one it names most, then the one likeliest in its title,
   then the longest: the most specific.
A phrase of the paper's own that neither earlier titles nor the collection share is not a topic:
judged blind, such phrases were right 9 times of 24 ("Binary tender"), those earlier titles carry
23 of 36, the taxonomy's own tags 11 of 20 to the same strict reader
(`benchmarks/data/coverage_{key,grades}.jsonl`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .tags import TITLE_EVIDENCE
from .titles.word_forms import is_verb

if TYPE_CHECKING:
    from .recurring import TermUse

MIN_PAPERS = 3
TITLED_PATH = Path(__file__).resolve().parents[1] / "data" / "titled_phrases.json"


def covering_terms(about: dict[str, TermUse], papers: Counter,
                   is_known: Callable[[str], bool]) -> list[str]:
    """Return the one term (as a list, empty if none) to tag a paper with that has no topic:
    `about` is its terms by key, `papers` how many papers of the collection are about each
    and `is_known` whether a spelling is the taxonomy's (rules 1-3)."""
    titled = titled_phrases()

    def is_shared_subject(term: str) -> bool:
        return term in titled or papers[term] >= MIN_PAPERS and _is_noun_phrase(term)
    candidates = sorted((term for term, use in about.items() if use.whole and (
                         use.uses > 1 or use.title_likelihood >= TITLE_EVIDENCE)),
                        key=lambda term: (-about[term].uses, -about[term].title_likelihood,
                                          -term.count(" "), term))
    # The taxonomy is asked last: its patterns are the slow part.
    return next(([term] for term in candidates
                 if is_shared_subject(term) and not is_known(about[term].spelling)), [])


def _is_noun_phrase(term: str) -> bool:
    """Tell a subject from a clause: no verb or adverb first ("comparing weighted graphs",
    "explicitly create ...")."""
    first = term.split(" ", 1)[0]
    return not is_verb(first) and not first.endswith("ly")


@lru_cache(maxsize=1)
def titled_phrases() -> frozenset[str]:
    """The terms earlier papers' titles carry (`benchmarks/titled_phrases.py`), folded by
    `recurring.term_key`."""
    if not TITLED_PATH.exists():
        return frozenset()
    with TITLED_PATH.open(encoding="utf-8") as handle:
        return frozenset(json.load(handle)["titled"])
