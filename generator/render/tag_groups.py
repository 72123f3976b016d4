"""A broad tag's page, grouped by the other topics its papers are about.

A tag on more than GROUPED_SHARE of a list's papers (Large language models: 13% of 5,000) is
too broad to read as one list. Its page opens with the topics its papers are about besides it,
with counts, and lists the papers under them, chosen greedily: the topic holding the most papers
not yet placed comes first, and each paper sits in one group only, down to groups of MIN_GROUP
papers; the rest are under "Other topics". A topic on nearly all of the tag's papers (its parent,
or a synonym) divides nothing and is passed over.
"""

from __future__ import annotations

from collections import Counter

from ..model import Paper, Tag

GROUPED_SHARE = 0.05
MIN_GROUPED = 30
"""Fewer papers than this read well as one list, whatever their share of a small list."""
MIN_GROUP = 3
MAX_GROUPS = 20
UNDIVIDING_SHARE = 0.8


def is_grouped(papers: int, collection_size: int) -> bool:
    """Tell whether a tag of `papers` papers gets a grouped page."""
    return papers >= MIN_GROUPED and papers > GROUPED_SHARE * collection_size


def group_papers(tag: Tag, papers: list[Paper]) -> list[tuple[Tag | None, list[Paper]]]:
    """Return the groups (their topic, None for the rest) of a tag's papers, largest first;
    within a group the papers keep their order on the page."""
    overall = _other_topics(tag, papers)
    dividing = {other for other, count in overall.items() if count <= UNDIVIDING_SHARE * len(papers)}
    unplaced = list(papers)
    groups: list[tuple[Tag | None, list[Paper]]] = []
    while unplaced and len(groups) < MAX_GROUPS:
        usable = [(count, other) for other, count in _other_topics(tag, unplaced).items()
                  if count >= MIN_GROUP and other in dividing]
        if not usable:
            break
        _, topic = min(usable, key=lambda entry: (-entry[0], entry[1].name))
        groups.append((topic, [paper for paper in unplaced if topic in paper.tags]))
        unplaced = [paper for paper in unplaced if topic not in paper.tags]
    if unplaced:
        groups.append((None, unplaced))
    return groups


def _other_topics(tag: Tag, papers: list[Paper]) -> Counter[Tag]:
    return Counter(other for paper in papers for other in paper.tags
                   if other.kind == "topic" and other != tag)
