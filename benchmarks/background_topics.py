"""Count, for each topic of the shipped vocabulary, the background corpus's abstracts naming it.

    python -m benchmarks.background_topics     # writes generator/data/background_topics.json

The home page lists a collection's distinctive topics: frequent in it and rare in machine
learning at large (`render.lists.distinctive_topics`). "At large" is the background corpus
(/work/shared/data/background/papers.jsonl.gz: 85,788 titled abstracts, 23 venues, 1987-2025);
this script counts the abstracts (with their titles) that use a topic's name or one of its
spellings, as a whole word: case-blind, except for spellings with capitals after the first
letter ("MoE", "NAS"), which must be written so. The file ships with papersite; the corpus does not.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path

from generator.vocabulary_files import load_vocabulary

ROOT = Path(__file__).resolve().parent.parent
BACKGROUND = Path("/work/shared/data/background/papers.jsonl.gz")
OUTPUT = ROOT / "generator" / "data" / "background_topics.json"


def _matcher(spellings: dict[str, str], ignore_case: bool) -> re.Pattern[str]:
    words = sorted(spellings, key=len, reverse=True)  # the longest spelling first
    return re.compile(r"\b(?:" + "|".join(re.escape(word) for word in words) + r")s?\b",
                      re.I if ignore_case else 0)


def main() -> int:
    if not BACKGROUND.is_file():
        print(f"{BACKGROUND} is not here: nothing to count", file=sys.stderr)
        return 1
    blind: dict[str, str] = {}
    exact: dict[str, str] = {}
    for topic in load_vocabulary().topics:
        for spelling in (topic.name, *topic.synonyms):
            if any(char.isupper() for char in spelling[1:]):
                exact.setdefault(spelling, topic.name)
            else:
                blind.setdefault(spelling.lower(), topic.name)
    names = [topic.name for topic in load_vocabulary().topics]
    matchers = ((_matcher(blind, True), blind, str.lower), (_matcher(exact, False), exact, str))
    counts: Counter[str] = Counter()
    papers = 0
    with gzip.open(BACKGROUND, "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            text = f"{record.get('title') or ''}. {record.get('abstract') or ''}"
            papers += 1
            named = set()
            for pattern, topics, key in matchers:
                for match in pattern.finditer(text):
                    word = key(match.group())
                    topic = topics.get(word) or topics.get(word[:-1])  # a plural
                    if topic:
                        named.add(topic)
            counts.update(named)
    data = {"papers": papers, "source": "background corpus (23 venues, 1987-2025)",
            "topics": {name: counts[name] for name in sorted(names)}}
    OUTPUT.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(counts)} topics named in {papers:,} abstracts: {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
