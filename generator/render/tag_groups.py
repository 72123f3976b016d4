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
MIN_GROUPED = 12
"""Fewer papers than this read well as one list, whatever their share of a small list. Not more:
every tag on over 8% of a list of 150 opens with its sub-topics (3DV 2025's Gaussian splatting,
22 of 142 papers; COLM 2024's Reasoning, 25 of 299)."""
MIN_GROUP = 3
MAX_GROUPS = 20
UNDIVIDING_SHARE = 0.8


def is_grouped(papers: int, collection_size: int) -> bool:
    """Tell whether a tag of `papers` papers gets a grouped page."""
    return papers >= MIN_GROUPED and papers > GROUPED_SHARE * collection_size


def group_papers(tag: Tag, papers: list[Paper]) -> list[tuple[Tag | None, list[Paper]]]:
    """Return the groups (their topic, None for the rest) of a tag's papers, largest first;
    within a group the papers keep their order on the page."""
    topics = [[other for other in paper.tags if other.kind == "topic" and other != tag]
              for paper in papers]
    # The counts of the papers not yet placed, kept as papers are placed (a tag of 600 papers
    # was counted anew for each of its 20 groups).
    unplaced_counts = Counter(other for paper_topics in topics for other in paper_topics)
    dividing = {other for other, count in unplaced_counts.items()
                if count <= UNDIVIDING_SHARE * len(papers)}
    unplaced = list(range(len(papers)))
    groups: list[tuple[Tag | None, list[Paper]]] = []
    while unplaced and len(groups) < MAX_GROUPS:
        usable = [(count, other) for other, count in unplaced_counts.items()
                  if count >= MIN_GROUP and other in dividing]
        if not usable:
            break
        _, topic = min(usable, key=lambda entry: (-entry[0], entry[1].name))
        placed = [row for row in unplaced if topic in topics[row]]
        groups.append((topic, [papers[row] for row in placed]))
        for row in placed:
            unplaced_counts.subtract(topics[row])
        unplaced = [row for row in unplaced if topic not in topics[row]]
    if unplaced:
        groups.append((None, [papers[row] for row in unplaced]))
    return groups
