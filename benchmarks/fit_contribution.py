"""Fit the model of which sentence carries a paper's contribution, and measure it.

    python -m benchmarks.fit_contribution [--papers 20000] [--output PATH]

A logistic regression over each sentence's features (`titles.contribution.sentence_features`:
its place, role, length, words and opening tokens) is fitted on background abstracts
(`../shared/data/background/`, papers 30,000 on, which the span model did not see), each
sentence labelled by whether it is the one whose content words are most like the real title's
(F1: the share of the title's words alone favours long sentences).
Features seen fewer than `--min-count` times are left out, and the weights are written by
feature name to the package's `data/titles/contribution_sentence.json` (`--output`). For each
shared list it prints the share of the real title's content words in the sentence the model
ranks first, in the sentence the gist is said from (`gist.contribution_sentence`: the best
ranked that stands alone), and in the best sentence.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from scipy import sparse
from sklearn.linear_model import LogisticRegression

from benchmarks.fit_title_spans import read_background, title_after_name
from benchmarks.titles import DATA, LISTS, content_words, read_papers, year_of
from papersite.enrich.titles import contribution
from papersite.enrich.titles.gist import contribution_sentence
from papersite.enrich.titles.reading import prepare_and_name

FIRST_PAPER = 30000


def title_share(text: str, title_words: set[str]) -> float:
    return len(content_words(text) & title_words) / len(title_words) if title_words else 0.0


def title_f1(text: str, title_words: set[str]) -> float:
    """The F1 of a sentence's content words against the title's: a long sentence holds more of
    the title's words by chance, and says less of the paper in a gist's 25 words."""
    words = content_words(text)
    shared = len(words & title_words)
    return 2 * shared / (len(words) + len(title_words)) if shared else 0.0


def labelled_sentences(papers: list[dict]) -> tuple[list[list[str]], list[int]]:
    """Return every sentence's features and whether it is the one most like its title (F1)."""
    rows, labels = [], []
    for paper in papers:
        prepared, names = prepare_and_name(paper["abstract"], paper.get("year"))
        title_words = content_words(title_after_name(paper))
        if not title_words or not prepared.sentences:
            continue
        shares = [title_f1(sentence.text, title_words) for sentence in prepared.sentences]
        rows += contribution.sentence_features(prepared, names[0].name if names else "")
        labels += [int(0 < share == max(shares)) for share in shares]
    return rows, labels


def fit(rows: list[list[str]], labels: list[int], min_count: int) -> dict:
    """Fit the regression on the features seen at least `min_count` times."""
    counts = Counter(feature for row in rows for feature in set(row))
    columns = {feature: at for at, feature in
               enumerate(sorted(f for f, count in counts.items() if count >= min_count))}
    cells = [(row_at, columns[f]) for row_at, row in enumerate(rows) for f in set(row) if f in columns]
    matrix = sparse.csr_matrix((np.ones(len(cells)), tuple(zip(*cells))),
                               shape=(len(rows), len(columns)))
    regression = LogisticRegression(C=0.3, max_iter=500, solver="liblinear").fit(matrix, labels)
    weights = {feature: round(float(w), 3) for feature, w in zip(columns, regression.coef_[0])
               if abs(w) >= 0.0005}
    return {"bias": round(float(regression.intercept_[0]), 3), "weights": weights}


def report() -> None:
    """Print, for each shared list, the title's share of words in the sentences chosen."""
    for name in LISTS:
        path = DATA / f"{name}.jsonl"
        papers = read_papers(path)
        ranked = gist = best = 0.0
        for paper in papers:
            prepared, names = prepare_and_name(paper["abstract"], year_of(path))
            coined = names[0].name if names else ""
            title_words = content_words(paper["title"])
            if not prepared.sentences:
                continue
            first = contribution.rank_sentences(prepared, coined)[0]
            ranked += title_share(prepared.sentences[first].text, title_words)
            gist += title_share(contribution_sentence(prepared, coined), title_words)
            best += max(title_share(s.text, title_words) for s in prepared.sentences)
        count = len(papers)
        print(f"{name:12} ranked first {ranked / count:.3f}  gist's sentence {gist / count:.3f}  "
              f"best sentence {best / count:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=20000)
    parser.add_argument("--min-count", type=int, default=10)
    parser.add_argument("--output", type=Path, default=contribution.MODEL_PATH)
    parser.add_argument("--report-only", action="store_true", help="measure the model at --output")
    args = parser.parse_args(argv)
    if not args.report_only:
        start = time.perf_counter()
        rows, labels = labelled_sentences(read_background()[FIRST_PAPER:FIRST_PAPER + args.papers])
        model = fit(rows, labels, args.min_count)
        args.output.write_text(json.dumps(model, sort_keys=True, indent=0) + "\n", encoding="utf-8")
        print(f"fitted on {args.papers} abstracts ({len(rows)} sentences, {len(model['weights'])} "
              f"features kept) in {time.perf_counter() - start:.0f} s: {args.output}", file=sys.stderr)
    contribution.use_model(args.output)
    report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
