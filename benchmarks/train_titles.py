"""Train the word model that `derive_title` uses to choose among candidate phrases.

    python -m benchmarks.train_titles ../shared/data/iclr2024.jsonl [--holdout]

For every content word of an abstract, a logistic regression estimates the probability that the
paper's title uses it, from where the word appears (first sentence, contribution sentence,
coined name, …) and from how often titles of other papers used it when their abstracts did.
Writes `generator/data/titles/word_model.json` (weights, per-word title rates, and the few
constants `_best_candidate` needs). With --holdout it trains on half the papers only (the half
`benchmarks.titles --holdout` does not score) and writes nothing unless --output is given.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from benchmarks.titles import content_f1, read_papers, split_half, use_model
from generator.enrich import titles
from generator.enrich.titles import scoring

RATE_COLUMN = scoring.FEATURE_NAMES.index("title_rate")
DOCUMENT_COLUMN = scoring.FEATURE_NAMES.index("log_document_frequency")
# Words seen in fewer training abstracts than this are left out of the shipped rate table.
MIN_DOCUMENTS = 4
RATE_PRIOR = (1.0, 8.0)
KINDS = ("appositive", "proposal", "object", "gerund", "subject")


def train(papers: list[dict], tune_size: int = 500) -> dict:
    """Fit the word model on papers with titles; return it as a JSON-ready dict."""
    analyses = [titles.analyse(paper["abstract"]) for paper in papers]
    abstract_stems = [set(scoring.abstract_stems(analysis.prepared)) for analysis in analyses]
    title_stems = [set(scoring.content_stems(paper["title"])) for paper in papers]
    seen, in_title = Counter(), Counter()
    for words, title_words in zip(abstract_stems, title_stems):
        seen.update(words)
        in_title.update(words & title_words)
    model = {
        "features": list(scoring.FEATURE_NAMES), "documents": len(papers),
        "rate_prior": list(RATE_PRIOR),
        "title_rate": {stem: [in_title[stem], count] for stem, count in sorted(seen.items())
                       if count >= MIN_DOCUMENTS},
        "novel_words": statistics.fmean(len(t - a) for a, t in zip(abstract_stems, title_stems)),
        "unseen_probability": 0.05, "kind_bonus": {kind: 0.0 for kind in KINDS},
        "weights": [0.0] * len(scoring.FEATURE_NAMES), "bias": 0.0,
    }
    tables = scoring.complete_model(json.loads(json.dumps(model)))
    rows, labels = [], []
    for analysis, title_words in zip(analyses, title_stems):
        features = scoring.word_features(*analysis, tables)
        for stem, vector in features.items():
            # Leave the paper itself out of its words' title rates.
            seen_in_title, count = model["title_rate"].get(stem, (0, 0))
            if count:
                own = stem in title_words
                vector[RATE_COLUMN] = (seen_in_title - own + RATE_PRIOR[0]) / (
                    count - 1 + RATE_PRIOR[1])
                vector[DOCUMENT_COLUMN] = np.log1p(count - 1) / np.log1p(len(papers))
            rows.append(vector)
            labels.append(stem in title_words)
    classifier = LogisticRegression(C=1.0, max_iter=1000).fit(np.array(rows), np.array(labels))
    model["weights"] = [round(float(w), 4) for w in classifier.coef_[0]]
    model["bias"] = round(float(classifier.intercept_[0]), 4)
    _tune(model, papers[:tune_size])
    return model


def _tune(model: dict, papers: list[dict]) -> None:
    """Set the per-kind bonuses and the expected novel words by coordinate search on F1."""
    def score() -> float:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "model.json"
            path.write_text(json.dumps(model), encoding="utf-8")
            use_model(path)
            return statistics.fmean(content_f1(titles.derive_title(p["abstract"])[0], p["title"])
                                    for p in papers)

    best = score()
    for _ in range(2):
        for kind in KINDS:
            for value in (-0.1, -0.05, -0.02, 0.0, 0.02, 0.05, 0.1):
                old = model["kind_bonus"][kind]
                model["kind_bonus"][kind] = value
                current = score()
                if current > best + 1e-4:
                    best = current
                else:
                    model["kind_bonus"][kind] = old
        for value in (1.0, 2.0, 3.0, 4.0, 6.0):
            old = model["novel_words"]
            model["novel_words"] = value
            current = score()
            if current > best + 1e-4:
                best = current
            else:
                model["novel_words"] = old
    model["novel_words"] = round(model["novel_words"], 3)
    print(f"tuned on {len(papers)} papers: F1 {best:.3f}, kind bonus {model['kind_bonus']}, "
          f"novel words {model['novel_words']}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Train on a JSON Lines list and write the model."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--holdout", action="store_true", help="train on the training half only")
    parser.add_argument("--output", type=Path, default=None)
    args = parser.parse_args(argv)
    papers = read_papers(args.path)
    if args.holdout:
        papers = split_half(papers)[0]
    output = args.output or (None if args.holdout else scoring.MODEL_PATH)
    model = train(papers)
    text = json.dumps(model, separators=(",", ":"), ensure_ascii=False)
    if output is not None:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {output} ({len(text) / 1024:.0f} KB)")
    print(json.dumps({k: model[k] for k in ("weights", "bias", "kind_bonus", "novel_words")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
