"""A collection's distinctive topics: frequent in it, rare in machine learning at large.

"At large" is the share of the background corpus's abstracts that name the topic, counted once
by `benchmarks/background_topics.py` into `data/background_topics.json`. A topic's share here
is of the papers tagged with it. A topic is distinctive when its share here is at least
`MIN_RATIO` times its share at large, and listed by how much it tells this collection apart
(its share here times the log of that ratio: the topic's part of the two shares' divergence).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from functools import cache
from pathlib import Path

from ..model import Collection, Tag

BACKGROUND = Path(__file__).resolve().parent.parent / "data" / "background_topics.json"
MIN_RATIO = 2.0
"""How many times more often than at large a topic must be here to be distinctive."""
MIN_PAPERS = 3
"""The fewest papers a topic needs: one or two say nothing about a collection."""


@cache
def background_shares() -> dict[str, float]:
    """Return each shipped topic's share of the background corpus's abstracts (smoothed: a
    topic the corpus never names counts as named once)."""
    data = json.loads(BACKGROUND.read_text(encoding="utf-8"))
    total = data["papers"] + 1
    return {topic: (count + 1) / total for topic, count in data["topics"].items()}


def distinctive_topics(collection: Collection, most: int = 8) -> list[tuple[Tag, int, float]]:
    """Return up to `most` distinctive topics with their papers here and how many times more
    often they are here than at large, the most telling first."""
    papers = len(collection.papers)
    if papers == 0:
        return []
    counts = Counter(tag for paper in collection.papers for tag in paper.tags if tag.kind == "topic")
    shares = background_shares()
    found = []
    for tag, count in counts.items():
        if count < MIN_PAPERS:
            continue
        if tag.name not in shares:  # a project's own topic: its share at large is unknown
            continue
        here = count / papers
        ratio = here / shares[tag.name]
        if ratio >= MIN_RATIO:
            found.append((here * math.log(ratio), tag, count, ratio))
    found.sort(key=lambda item: (-item[0], item[1].name))
    return [(tag, count, ratio) for _, tag, count, ratio in found[:most]]
