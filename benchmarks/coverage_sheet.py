"""Measure and draw for blind judging the topics `coverage` gives papers that had none (issue 43).

    python -m benchmarks.coverage_sheet [--seed 43] [--added 60] [--controls 20]

Tags the four shared lists, each as its own build, and the 5,000 real abstracts of `real_corpus`
(their background papers, the shared ones being drawn from their own lists), with and without
the coverage step; prints, for each, the papers without a topic before and after and the added
topics by source: a phrase at least three papers of the collection are about ("collection"),
one earlier titles carry ("titles"), or the paper's own ("own"). Then draws ADDED added topics
and CONTROLS topics the taggers gave before (curated or the collection's), shuffled, and writes
`.judging/coverage_sheet.md` (one line each: the topic, then the abstract; git-ignored, it
holds the lists' abstracts) and `benchmarks/data/coverage_key.jsonl` (sheet line -> list,
paper key, source, topic). Grades go to `benchmarks/data/coverage_grades.jsonl`.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path

from papersite.enrich.coverage import MIN_PAPERS, titled_phrases
from papersite.enrich.recurring import add_recurring_topics, term_key, terms_about
from papersite.enrich.tags import extract_tags
from papersite.enrich.titles import title_likelihood
from papersite.vocabulary_files import load_vocabulary

from .real_corpus import read_real_papers
from .tags import DATA, paper_key, read_papers
from .tags_at_scale import LISTS
from .titles import year_of

ROOT = Path(__file__).resolve().parents[1]
SHEET = ROOT / ".judging" / "coverage_sheet.md"
KEY = ROOT / "benchmarks" / "data" / "coverage_key.jsonl"


def compare(texts: list[str], year: int | None) -> tuple[list[set[str]], list[set[str]], list[str]]:
    """Return each paper's topics without and with coverage, and the source of each topic
    coverage added ("" where it added none)."""
    vocabulary = load_vocabulary()
    likelihoods = [title_likelihood(text, "", year) for text in texts]
    terms = [terms_about(text, likely) for text, likely in zip(texts, likelihoods)]
    tags = [extract_tags(text, vocabulary, likely) for text, likely in zip(texts, likelihoods)]
    topics = [[{tag.name for tag in paper if tag.kind == "topic"}
               for paper in add_recurring_topics(terms, tags, vocabulary, cover)]
              for cover in (False, True)]
    about = Counter(key for paper in terms for key in {term_key(use.spelling) for use in paper})
    sources = []
    for before, after in zip(*topics):
        added = term_key(next(iter(after - before))) if after - before else ""
        sources.append("" if not added else "titles" if added in titled_phrases() else
                       "collection" if about[added] >= MIN_PAPERS else "own")
    return topics[0], topics[1], sources


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.coverage_sheet",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--added", type=int, default=60)
    parser.add_argument("--controls", type=int, default=20)
    arguments = parser.parse_args(argv)
    shared = {name: read_papers(DATA / f"{name}.jsonl") for name in LISTS}
    real = read_real_papers(5000)
    collections = [(name, papers, year_of(DATA / f"{name}.jsonl")) for name, papers in shared.items()]
    collections.append(("real5000", real, None))
    added, controls = [], []
    for name, papers, year in collections:
        before, after, sources = compare([paper["abstract"] for paper in papers], year)
        count = len(papers)
        print(f"{name}: {count} papers, without a topic {sum(not t for t in before) / count:.1%} "
              f"-> {sum(not t for t in after) / count:.1%}; added by source "
              f"{dict(Counter(source for source in sources if source))}")
        own_start = sum(map(len, shared.values())) if name == "real5000" else 0
        for index in range(own_start, count):
            row = {"list": name, "key": paper_key(name, papers[index]["abstract"]),
                   "abstract": " ".join(papers[index]["abstract"].split())}
            if sources[index]:
                added.append({**row, "source": sources[index],
                              "topic": next(iter(after[index] - before[index]))})
            controls += [{**row, "source": "control", "topic": topic}
                         for topic in sorted(before[index])]
    rng = random.Random(arguments.seed)
    drawn = rng.sample(added, arguments.added) + rng.sample(controls, arguments.controls)
    rng.shuffle(drawn)
    SHEET.parent.mkdir(exist_ok=True)
    SHEET.write_text("# Topics to judge: is the topic right for the paper? (right / wrong)\n\n" +
                     "".join(f"{line}. **{row['topic']}** — {row['abstract']}\n\n"
                             for line, row in enumerate(drawn, 1)), encoding="utf-8")
    KEY.write_text("".join(json.dumps({"line": line, "list": row["list"], "key": row["key"],
                                       "source": row["source"], "topic": row["topic"]},
                                      ensure_ascii=False) + "\n"
                           for line, row in enumerate(drawn, 1)), encoding="utf-8")
    print(f"wrote {SHEET} and {KEY}: {len(drawn)} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
