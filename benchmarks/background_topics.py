"""Count how many recent background papers each curated topic tags: what is usual elsewhere.

    python -m benchmarks.background_topics [../shared/data/background/papers.jsonl.gz]

The home page shows, beside the largest topics, those this collection has far more of than
other conferences do (`render.distinctive`). "Other conferences" are the background corpus's
papers since FROM_YEAR (about 34,000 of 23 venues; earlier years would make every subject of
today look distinctive), tagged by the shipped vocabulary as a list's abstracts are. Writes
`generator/data/background_topics.json`: the number of papers and each curated topic's count
(0 too: a topic missing from the table is one it cannot speak for). Only
these counts ship, never the text.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import Counter
from pathlib import Path

from papersite.enrich.tags import extract_tags
from papersite.progress import Progress
from papersite.render.distinctive import BACKGROUND_TOPICS
from papersite.vocabulary_files import load_vocabulary

from .established_names import background_argument

FROM_YEAR = 2020


def count_topics(path: Path) -> tuple[int, int, Counter]:
    """Return how many background papers since FROM_YEAR there are, of how many venues, and
    each topic's count."""
    vocabulary = load_vocabulary()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        records = [record for record in map(json.loads, handle) if record["year"] >= FROM_YEAR]
    counts: Counter = Counter({topic.name: 0 for topic in vocabulary.topics})
    with Progress().stage("background topics") as summary:
        for record in Progress().track(records, len(records), "tagging background abstracts"):
            counts.update(tag.name for tag in extract_tags(record["abstract"], vocabulary)
                          if tag.kind == "topic")
        summary(f"{len(records):,} abstracts since {FROM_YEAR}")
    return len(records), len({record["venue"] for record in records}), counts


def main(argv: list[str] | None = None) -> int:
    """Tag the background corpus and write the counts."""
    path = background_argument(__doc__.splitlines()[0], argv)
    if path is None:
        return 1
    papers, venues, counts = count_topics(path)
    table = {"papers": papers, "venues": venues, "from_year": FROM_YEAR,
             "topics": dict(sorted(counts.items()))}
    BACKGROUND_TOPICS.write_text(json.dumps(table, ensure_ascii=False, indent=0) + "\n",
                                 encoding="utf-8")
    print(f"wrote {BACKGROUND_TOPICS}: {len(counts)} topics over {papers:,} papers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
