"""How many papers worth a click does the collection hold for a paper? A ceiling for related cards.

    python -m benchmarks.related_ceiling --sheet .judging/ceiling.md --key KEY.jsonl
    python -m benchmarks.related_ceiling --key KEY.jsonl --grades GRADES.jsonl

Related cards judged blind are worth a click about one time in five (`related_cards`). Is that
the ranking's fault (worth-a-click papers are among the candidates but ranked below weak ones) or
the collection's (there are few to find)? For `--papers` papers of the 5,000 real abstracts
(`real_corpus`) drawn at random, the sheet lists every paper the text model could show (its
`RelatedSettings.candidates` nearest by LSA, and the TOP_TFIDF nearest by plain TF-IDF cosine
not among them) and PLANTED random papers, shuffled, each as its real title and gist
(`titles.gist_of`): nothing says which are shown today. Readers (`--readers` sheets, papers
dealt in turn) mark each `yes` or `no` as `related_cards` asks. The second form prints, for each
paper, the candidates worth a click and how many of them today's five cards hold, and the
planted ones marked yes (a lenient reader).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

from papersite.enrich.related import DEFAULT_SETTINGS, rank_related, relating_labels
from papersite.enrich.similarity import model_texts
from papersite.enrich.titles import gist_of
from papersite.vocabulary_files import load_vocabulary

from .real_corpus import LISTS, read_real_papers
from .tags import tag_texts
from .titles import read_jsonl

SHARED_LISTS = {name.removesuffix(".jsonl") for name in LISTS}
PLANTED = 3
TOP_TFIDF = 10
K = 5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.related_ceiling",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--key", type=Path, required=True)
    parser.add_argument("--sheet", type=Path, help="write a new sheet (SHEET-1.md, ...) and key")
    parser.add_argument("--grades", type=Path, help="score these grades against the key")
    parser.add_argument("--papers", type=int, default=10)
    parser.add_argument("--readers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--lists-only", action="store_true",
                        help="draw papers of the shared lists only, whose whole lists are in the 5,000")
    arguments = parser.parse_args(argv)
    if arguments.sheet:
        write_sheet(arguments.sheet, arguments.key, arguments.papers, arguments.readers,
                    random.Random(arguments.seed), arguments.lists_only)
    if arguments.grades:
        print(score(arguments.key, arguments.grades))
    return 0


def write_sheet(sheet: Path, key: Path, count: int, readers: int, rng: random.Random,
                lists_only: bool = False) -> None:
    """Draw `count` papers with cards (of the shared lists only, if `lists_only`), write their
    candidates' sheets and the key."""
    papers = read_real_papers(5000)
    texts = [paper["abstract"] for paper in papers]
    model = model_texts(texts, K, DEFAULT_SETTINGS)
    tags = tag_texts(texts, load_vocabulary())
    shown = rank_related(model, [relating_labels(paper) for paper in tags], K)
    drawn = rng.sample([i for i, row in enumerate(shown)
                        if row and (not lists_only or papers[i]["venue"] in SHARED_LISTS)], count)
    sheets: list[list[str]] = [["# Related papers: which are worth a click?\n"] for _ in range(readers)]
    keys, line = [], 0
    for number, i in enumerate(drawn):
        tfidf = (model.weights @ model.weights[i].T).toarray().ravel()
        tfidf[i] = -1
        candidates = list(dict.fromkeys(model.candidates[i].tolist()))
        candidates += [j for j in np.argsort(-tfidf)[:TOP_TFIDF + len(candidates)].tolist()
                       if j not in candidates and j != i][:TOP_TFIDF]
        planted = rng.sample([j for j in range(len(texts)) if j != i and j not in candidates], PLANTED)
        listed = [(j, "candidate") for j in candidates if j != i] + [(j, "planted") for j in planted]
        rng.shuffle(listed)
        today = [j for j, _, _ in shown[i]]
        lines = sheets[number % readers]
        lines.append(f"## Paper {number + 1}\n\nAbstract: {texts[i]}\n\nOther papers:\n")
        for j, kind in listed:
            line += 1
            lines.append(f"- Line {line}: **{papers[j]['title']}**: {gist_of(texts[j])}")
            keys.append({"line": line, "paper": i, "other": j, "kind": kind,
                         "shown_today": j in today, "reader": number % readers + 1})
        lines.append("")
    for reader, lines in enumerate(sheets, 1):
        path = sheet.with_name(f"{sheet.stem}-{reader}{sheet.suffix}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines), encoding="utf-8")
        print(f"sheet {path}")
    key.write_text("".join(json.dumps(entry) + "\n" for entry in keys), encoding="utf-8")
    print(f"{len(keys)} lines, key {key}")


def score(key: Path, grades: Path) -> str:
    """Per paper: candidates worth a click, how many today's cards hold; planted ones marked yes."""
    entries = {entry["line"]: entry for entry in read_jsonl(key)}
    yes = {grade["line"] for grade in read_jsonl(grades) if grade["grade"] == "yes"}
    report, planted_yes, planted = [], 0, 0
    for paper in dict.fromkeys(entry["paper"] for entry in entries.values()):
        rows = [entry for entry in entries.values() if entry["paper"] == paper]
        worth = [row for row in rows if row["kind"] == "candidate" and row["line"] in yes]
        today = [row for row in rows if row["shown_today"]]
        planted += sum(row["kind"] == "planted" for row in rows)
        planted_yes += sum(row["kind"] == "planted" and row["line"] in yes for row in rows)
        report.append(f"paper {paper}: {len(worth)} of {sum(r['kind'] == 'candidate' for r in rows)} "
                      f"candidates worth a click; today's {len(today)} cards hold "
                      f"{sum(row['line'] in yes for row in today)}")
    report.append(f"planted: {planted_yes} of {planted} marked worth a click")
    return "\n".join(report)


if __name__ == "__main__":
    raise SystemExit(main())
