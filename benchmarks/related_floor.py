"""What a floor on the related-paper score buys: the judged cards' worth against papers left out.

    python -m benchmarks.related_floor [--floors 0.4 0.45 0.5 0.557]

Relates the 5,000 real abstracts (`real_corpus`) as a build does, then joins every card judged
blind on them (`data/related_cards_*_key.jsonl` with its grades; controls and real-title twins
aside) to the score the card has today, and prints:
- how many judged cards were worth a click, by score band, best first;
- for each floor: the cards the site would show, the share of papers with at least one, and the
  share in no paper's list (issue 43 asks for at most 5%), with the judged cards above it.

Issue 43 asks both that 35 of 50 random cards be worth a click and that at most 5% of papers be in
no list: this shows where the text model puts the two.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from papersite.enrich.related import find_related, relating_labels
from papersite.parse import text_id
from papersite.vocabulary_files import load_vocabulary

from .real_corpus import read_real_papers
from .tags import tag_texts
from .titles import read_jsonl

DATA = Path(__file__).resolve().parent / "data"
ROUNDS = ("related_cards_5000", "related_cards_real")
BAND = 20


def judged_cards(index: dict[str, int]) -> list[tuple[int, int, bool]]:
    """Return (paper, card, worth a click) of every judged card of the 5,000 but controls and
    real-title twins, by place in the list."""
    cards = []
    for name in ROUNDS:
        key = {entry["line"]: entry for entry in read_jsonl(DATA / f"{name}_key.jsonl")}
        for grade in read_jsonl(DATA / f"{name}_grades.jsonl"):
            entry = key[grade["line"]]
            if entry["site"] == "control" or entry["site"].endswith("real title"):
                continue
            if entry["paper"] in index and entry["card"] in index:
                cards.append((index[entry["paper"]], index[entry["card"]], grade["grade"] == "yes"))
    return cards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.related_floor",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--floors", type=float, nargs="*", default=[0.4, 0.45, 0.5, 0.557])
    arguments = parser.parse_args(argv)
    texts = [paper["abstract"] for paper in read_real_papers(5000)]
    tags = tag_texts(texts, load_vocabulary())
    related = find_related(texts, [relating_labels(paper) for paper in tags], k=5)
    score = {(i, j): value for i, row in enumerate(related) for j, value, _ in row}
    judged = [(score[i, j], worth) for i, j, worth in judged_cards(
        {text_id(text): number for number, text in enumerate(texts)}) if (i, j) in score]
    judged.sort(reverse=True)
    print(f"{len(judged)} judged cards still shown; worth a click by score band:")
    for start in range(0, len(judged), BAND):
        band = judged[start:start + BAND]
        print(f"  {band[-1][0]:.3f}-{band[0][0]:.3f}: {sum(w for _, w in band)} of {len(band)}")
    for floor in arguments.floors:
        shown = [[j for j, value, _ in row if value >= floor] for row in related]
        in_lists = Counter(j for row in shown for j in row)
        above = [worth for value, worth in judged if value >= floor]
        print(f"floor {floor}: {sum(map(len, shown))} cards, papers with one "
              f"{sum(map(bool, shown)) / len(shown):.1%}, in no list {1 - len(in_lists) / len(shown):.1%}; "
              f"judged above it worth a click {sum(above)} of {len(above)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
