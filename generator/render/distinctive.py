"""Topics that set a collection apart: far more of its papers are on them than elsewhere.

The largest topics of any machine-learning list are the broad ones (Large language models,
Reinforcement learning). What a reader wants to know of this list is what it has more of than
other conferences: each curated topic's share of the collection is compared with its share of
recent papers of the background corpus (`benchmarks/background_topics.py` counted them, with
the same tagger) by the log odds ratio. A topic is shown when, at one-sided 95% confidence, it
is at least twice as common here, which a topic of four papers meets only with a much larger
ratio than one of forty; those most surely above that come first.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from functools import lru_cache
from pathlib import Path

from ..model import Tag

BACKGROUND_TOPICS = Path(__file__).resolve().parents[1] / "data" / "background_topics.json"
MIN_PAPERS = 3
"""A topic of one or two papers is an accident of the list, not what sets it apart."""
MIN_RATIO = 2.0
CONFIDENCE_Z = 1.645  # one-sided 95%
SHOWN = 12


def distinctive_topics(counts: Counter[Tag], papers: int) -> list[tuple[Tag, int, float]]:
    """Return (topic, papers here, share of papers elsewhere) of the distinctive topics.

    Topics the background table does not know (the collection's own recurring phrases, or a
    user's vocabulary) cannot be compared, and are left out."""
    background = _background()
    elsewhere_papers = background.get("papers", 0)
    ranked = []
    for tag, count in counts.items():
        elsewhere = background.get("topics", {}).get(tag.name)
        if count < MIN_PAPERS or elsewhere is None or not elsewhere_papers:
            continue
        odds_here = (count + 0.5) / (papers - count + 0.5)
        odds_elsewhere = (elsewhere + 0.5) / (elsewhere_papers - elsewhere + 0.5)
        error = math.sqrt(1 / (count + 0.5) + 1 / (papers - count + 0.5) +
                          1 / (elsewhere + 0.5) + 1 / (elsewhere_papers - elsewhere + 0.5))
        surely_above = math.log(odds_here / odds_elsewhere) - CONFIDENCE_Z * error
        if surely_above > math.log(MIN_RATIO):
            ranked.append((surely_above, tag, count, elsewhere / elsewhere_papers))
    ranked.sort(key=lambda entry: (-entry[0], entry[1].name))
    return [(tag, count, share) for _, tag, count, share in ranked[:SHOWN]]


def background_size() -> tuple[int, int, int]:
    """Return how many background papers the table counted, of how many venues, since when."""
    background = _background()
    return background.get("papers", 0), background.get("venues", 0), background.get("from_year", 0)


@lru_cache(maxsize=1)
def _background() -> dict:
    if not BACKGROUND_TOPICS.exists():
        return {}
    return json.loads(BACKGROUND_TOPICS.read_text(encoding="utf-8"))
