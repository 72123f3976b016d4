"""Fit the span model (`benchmarks/title_spans.py`): which phrase of an abstract a title is.

    python -m benchmarks.fit_title_spans [--papers 20000] [--output PATH] [--part title]

From the background corpus (`../shared/data/background/`, 85,788 titled abstracts of 23 venues):
- per-word statistics over every paper: how much more often titles use a word than abstracts
  (`title_rate`), its inverse document frequency, the words titles use at most a twelfth as often
  as abstracts ("we", "is", "that", "shows"), and those that almost never start or end a title;
- a logistic regression over candidate runs of words (`spans.candidate_spans`) of the first
  `--papers` papers, each labelled by whether it holds at least half of the real title's content
  words, half of its own being the title's (a title "Name: rest" whose name the abstract writes
  is matched on the rest, since the name is put in front of the chosen run anyway).

Writes `benchmarks/data/title_span_model.json` (about 2 MB): weights and word statistics, no
text. 20,000 papers take about 12 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression

from benchmarks import title_spans as spans
from benchmarks.established_names import BACKGROUND
from benchmarks.titles import content_words
from papersite.enrich.titles.reading import prepare_and_name

NEGATIVES_PER_PAPER = 30
MAX_POSITIVES = 15
# A candidate is a title's phrase when it holds at least MIN_RECALL of the real title's content
# words and at least MIN_PRECISION of its own are the title's (0.6 and 0.34 made longer phrases
# that shared fewer words: F1 0.372 against 0.384 on ICLR 2024).
MIN_RECALL = 0.5
MIN_PRECISION = 0.5
MIN_FEATURE_COUNT = 5
MIN_RATE_COUNT = 30
MIN_DOCUMENTS = 5
NEVER_RATE = math.log(1 / 12)
# A word of at least MIN_EDGE_COUNT title words that starts (ends) fewer than EDGE_SHARE of the
# titles it is in never starts (ends) a candidate: "of", "and", "the", "is".
MIN_EDGE_COUNT = 200
EDGE_SHARE = 0.003
_NAME_PREFIX = re.compile(r"^([^:]{1,40}):\s*(.+)$")


def read_background() -> list[dict]:
    """Every titled abstract of the background corpus, in a fixed shuffled order."""
    with gzip.open(BACKGROUND, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    records = [r for r in records if r.get("title") and r.get("abstract")]
    random.Random(0).shuffle(records)
    return records


def word_statistics(papers: list[dict]) -> dict:
    """Title rates, inverse document frequencies and never-in-title words over all papers."""
    in_titles: Counter[str] = Counter()
    firsts: Counter[str] = Counter()
    lasts: Counter[str] = Counter()
    in_abstracts: Counter[str] = Counter()
    documents: Counter[str] = Counter()
    for paper in papers:
        title = [token.lower() for token in spans.tokenize(title_after_name(paper))
                 if any(c.isalnum() for c in token)]
        in_titles.update(title)
        if title:
            firsts[title[0]] += 1
            lasts[title[-1]] += 1
        words = [token.lower() for token in spans.tokenize(paper["abstract"])]
        in_abstracts.update(words)
        documents.update(set(words))
    title_total, abstract_total = sum(in_titles.values()), sum(in_abstracts.values())
    rates = {word: math.log((in_titles[word] + 0.5) / title_total)
             - math.log((count + 0.5) / abstract_total)
             for word, count in in_abstracts.items() if count + in_titles[word] >= MIN_RATE_COUNT}
    idf = {word: math.log(len(papers) / count) for word, count in documents.items()
           if count >= MIN_DOCUMENTS}
    never = sorted(word for word, rate in rates.items()
                   if rate < NEVER_RATE and in_abstracts[word] >= 200 and word not in "()-")
    never_first = sorted(word for word, count in in_titles.items()
                         if count >= MIN_EDGE_COUNT and firsts[word] < EDGE_SHARE * count)
    never_last = sorted(word for word, count in in_titles.items()
                        if count >= MIN_EDGE_COUNT and lasts[word] < EDGE_SHARE * count)
    return {"title_rate": {w: round(r, 2) for w, r in rates.items()},
            "never_first": never_first, "never_last": never_last,
            "idf": {w: round(v, 2) for w, v in idf.items()},
            "max_idf": round(math.log(len(papers) / MIN_DOCUMENTS), 2),
            "never_in_titles": never}


def title_after_name(paper: dict) -> str:
    """The title after "Name:" when the abstract writes the name, which is put in front of the
    chosen run anyway, else the whole title."""
    match = _NAME_PREFIX.match(paper["title"])
    if match and match.group(1) in paper["abstract"] and len(match.group(1).split()) <= 3:
        return match.group(2)
    return paper["title"]


def title_part(paper: dict, part: str) -> str:
    """The words of the title a model learns to find: all of it after any name ("title"), or,
    of a title "Method for Problem", the method or the problem ("" when it has no " for ")."""
    title = title_after_name(paper)
    if part == "title":
        return title
    method, found, problem = title.partition(" for ")
    return "" if not found else method if part == "method" else problem


def labelled_examples(paper: dict, part: str, model: spans.Model, rng: random.Random
                      ) -> list[tuple[list[str], int]]:
    """Return a paper's sampled candidates' features with their labels: a candidate is the
    title part's phrase when it holds at least MIN_RECALL of the part's content words and at
    least MIN_PRECISION of its own content words are the part's."""
    target = content_words(title_part(paper, part))
    if not target:
        return []
    prepared, names = prepare_and_name(paper["abstract"], paper.get("year"))
    sentences = spans.read_sentences(prepared, names[0].name if names else "")
    counts = Counter(token.lower() for tokens, *_ in sentences for token in tokens)
    matching: list[spans.Span] = []
    others: list[spans.Span] = []
    for span in spans.candidate_spans(sentences, model):
        words = content_words(" ".join(span.words))
        overlap = len(words & target)
        is_title = overlap >= MIN_RECALL * len(target) and overlap >= MIN_PRECISION * len(words)
        (matching if words and is_title else others).append(span)
    chosen = rng.sample(matching, min(MAX_POSITIVES, len(matching)))
    negatives = rng.sample(others, min(NEGATIVES_PER_PAPER, len(others)))
    return [(spans.span_features(span, sentences, model, counts), int(i < len(chosen)))
            for i, span in enumerate(chosen + negatives)]


def fit(papers: list[dict], part: str, statistics: dict) -> dict:
    """Fit the span regression on papers' labelled candidates."""
    model = spans.Model({}, 0.0, statistics["title_rate"], statistics["idf"],
                        statistics["max_idf"], frozenset(statistics["never_in_titles"]),
                        frozenset(statistics["never_first"]), frozenset(statistics["never_last"]))
    rng = random.Random(1)
    examples = []
    for index, paper in enumerate(papers):
        examples.extend(labelled_examples(paper, part, model, rng))
        if index % 5000 == 0:
            print(f"  {index} papers, {len(examples)} candidates", file=sys.stderr)
    counts = Counter(feature for features, _ in examples for feature in set(features))
    columns = {f: i for i, f in enumerate(f for f, c in counts.items() if c >= MIN_FEATURE_COUNT)}
    rows, cols, values = [], [], []
    for row, (features, _) in enumerate(examples):
        for feature, times in Counter(features).items():  # a word twice in a run counts twice
            if feature in columns:
                rows.append(row)
                cols.append(columns[feature])
                values.append(times)
    matrix = csr_matrix((np.array(values, dtype=np.float32), (rows, cols)),
                        shape=(len(examples), len(columns)))
    labels = np.array([label for _, label in examples])
    print(f"  fitting on {matrix.shape[0]} candidates, {matrix.shape[1]} features, "
          f"{labels.mean():.1%} of them the title's", file=sys.stderr)
    regression = LogisticRegression(C=0.5, max_iter=300, solver="liblinear")
    regression.fit(matrix, labels)
    weights = {f: round(float(regression.coef_[0][i]), 3) for f, i in columns.items()
               if abs(regression.coef_[0][i]) >= 0.005}
    return {"weights": weights, "bias": round(float(regression.intercept_[0]), 3), **statistics}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--papers", type=int, default=20000)
    parser.add_argument("--output", type=Path, default=spans.MODEL_PATH)
    parser.add_argument("--part", choices=("title", "method", "problem"), default="title",
                        help="what the model finds: the title, or a part of titles 'Method for "
                             "Problem' (an experiment: see benchmarks/span_titles.py)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    papers = read_background()
    statistics = word_statistics(papers)
    print(f"word statistics of {len(papers)} papers: {time.perf_counter() - start:.0f} s",
          file=sys.stderr)
    with_part = [paper for paper in papers if title_part(paper, args.part)]
    model = fit(with_part[:args.papers], args.part, statistics)
    args.output.write_text(json.dumps(model, sort_keys=True, separators=(",", ":")) + "\n",
                           encoding="utf-8")
    print(f"wrote {args.output} ({args.output.stat().st_size // 1024} KB) in "
          f"{time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
