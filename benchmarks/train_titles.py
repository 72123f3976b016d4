"""Train the models `derive_title` chooses a title with: the word model and the title ranker.

    python -m benchmarks.train_titles ../shared/data/iclr2024.jsonl [--holdout]

Word model: for every content word of an abstract, a logistic regression estimates the
probability that the paper's title uses it, from where the word appears (first sentence,
contribution sentence, coined name, …) and from how often titles of other papers used it when
their abstracts did. It is fitted on the list given (ICLR 2024) and on a fixed sample of the
background corpus (`../shared/data/background/`, 23 venues, 1987–2025), so that word rates are
not one conference's. Title ranker: a ridge regression of each whole-title option's F1 against
the real title on its features (`generator/enrich/titles/ranking.py`), fitted on other
background papers. Pair gate: a logistic regression of whether a synthesized "Topic:
Contribution" pair beats the best faithful option (`generator/enrich/titles/confidence.py`),
fitted on a third set of background papers (--gate-only refits it alone). Writes
`generator/data/titles/word_model.json` (only weights, per-word counts and constants: no text).
With --holdout it fits on half the list only (the half `benchmarks.titles --holdout` does not
score) and writes nothing unless --output is given.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from benchmarks.established_names import BACKGROUND
from benchmarks.titles import content_f1, content_words, read_papers, split_half, use_model
from papersite.enrich import titles
from papersite.enrich.titles import ranking, scoring

RATE_COLUMN = scoring.FEATURE_NAMES.index("title_rate")
DOCUMENT_COLUMN = scoring.FEATURE_NAMES.index("log_document_frequency")
# Words seen in fewer training abstracts than this are left out of the shipped rate table.
MIN_DOCUMENTS = 4
RATE_PRIOR = (1.0, 8.0)
# What an option that shares any content word with the real title gains on top of its F1.
SHARE_BONUS = 1.0


def read_background(count: int, seed: int = 0) -> list[dict]:
    """Read a fixed random sample of `count` titled abstracts from the background corpus."""
    with gzip.open(BACKGROUND, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    records = [r for r in records if r.get("title") and r.get("abstract")]
    return random.Random(seed).sample(records, min(count, len(records)))


def other_background(used: list[dict], count: int) -> list[dict]:
    """Read `count` background papers other than those `used` (another fixed sample)."""
    seen = {paper["abstract"] for paper in used}
    return [paper for paper in read_background(count + len(used), seed=1)
            if paper["abstract"] not in seen][:count]


def train(papers: list[dict]) -> dict:
    """Fit the word model on papers with titles; return it as a JSON-ready dict."""
    analyses = [titles.read_abstract(paper["abstract"]) for paper in papers]
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
        "unseen_probability": 0.05,
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
    return model


def train_ranker(papers: list[dict], model: dict, share_bonus: float = SHARE_BONUS) -> dict:
    """Fit the linear ranker of whole-title options (`ranking.FEATURES`) on papers the word
    model was not fitted on; return it as {"weights", "bias"}.

    The target of an option is its content-word F1 against the real title, plus `share_bonus`
    when it shares any content word with it: a title with no word of the real one misleads.
    """
    from sklearn.linear_model import Ridge

    rows, targets = [], []
    for paper in papers:
        reading = titles.read_abstract(paper["abstract"], paper.get("year"))
        probabilities = scoring.word_probabilities(*reading)
        context = ranking.context_of(probabilities)
        real_words = content_words(paper["title"])
        for option in ranking.title_options(reading, context):
            features = ranking.option_features(option, context)
            if features is None:
                continue
            text = option.text()
            rows.append(features)
            targets.append(content_f1(text, paper["title"]) +
                           share_bonus * bool(content_words(text) & real_words))
    matrix = np.array(rows)
    mean, spread = matrix.mean(axis=0), matrix.std(axis=0) + 1e-9
    regression = Ridge(alpha=1.0).fit((matrix - mean) / spread, np.array(targets))
    # Fold the standardisation into the weights, so that scoring needs no numpy.
    weights = regression.coef_ / spread
    bias = float(regression.intercept_ - weights @ mean)
    print(f"ranker: {len(rows):,} options of {len(papers):,} papers", file=sys.stderr)
    return {"features": list(ranking.FEATURES), "weights": [round(float(w), 6) for w in weights],
            "bias": round(bias, 6)}


def train_gate(papers: list[dict], share_bonus: float = SHARE_BONUS) -> dict:
    """Fit the gate that lets a "Topic: Contribution" pair stand (`titles/confidence.py`): a
    logistic regression of whether the best pair beats the best faithful option by the
    ranker's target, on papers neither model was fitted on; return it as {"weights", "bias"}."""
    from papersite.enrich.titles import confidence

    def target(text: str, real: str) -> float:
        return content_f1(text, real) + share_bonus * bool(content_words(text) & content_words(real))

    rows, labels = [], []
    for paper in papers:
        reading = titles.read_abstract(paper["abstract"], paper.get("year"))
        scored = ranking.score_options(reading, scoring.word_probabilities(*reading))
        best = max(scored.keys, key=scored.keys.__getitem__, default=None)
        if best is None or best.kind != "pair" or \
                (choice := confidence.pair_or_faithful(best, scored, ranking.FEATURES)) is None:
            continue
        rows.append(choice[1])
        labels.append(target(best.text(), paper["title"]) >
                      target(choice[0].text(), paper["title"]))
    matrix = np.array(rows)
    mean, spread = matrix.mean(axis=0), matrix.std(axis=0) + 1e-9
    classifier = LogisticRegression(C=1.0, max_iter=2000).fit((matrix - mean) / spread, labels)
    weights = classifier.coef_[0] / spread
    bias = float(classifier.intercept_[0] - weights @ mean)
    print(f"gate: {len(rows):,} pairs, {np.mean(labels):.0%} better than the faithful option",
          file=sys.stderr)
    return {"features": list(confidence.GATE_FEATURES),
            "weights": [round(float(w), 6) for w in weights], "bias": round(bias, 6)}


def train_all(papers: list[dict], ranker_papers: list[dict], gate_papers: list[dict],
              share_bonus: float = SHARE_BONUS) -> dict:
    """Fit the word model on `papers`, then the ranker on `ranker_papers` (other papers, so
    that the ranker learns how far the word model's probabilities hold on unseen text), then
    the pair gate on `gate_papers` (others again)."""
    model = train(papers)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "word_model.json"
        path.write_text(json.dumps(model), encoding="utf-8")
        use_model(path)
        model["ranker"] = train_ranker(ranker_papers, model, share_bonus)
        path.write_text(json.dumps(model), encoding="utf-8")
        use_model(path)
        model["pair_gate"] = train_gate(gate_papers, share_bonus)
    return model


def main(argv: list[str] | None = None) -> int:
    """Train on a JSON Lines list (and background papers) and write the model."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--holdout", action="store_true", help="train on the training half only")
    parser.add_argument("--output", type=Path, default=None)
    parser.add_argument("--background", type=int, default=6000, metavar="N",
                        help="also fit the word model on N papers of the background corpus "
                             "(other venues and years), so that word rates are not one list's")
    parser.add_argument("--ranker-papers", type=int, default=6000, metavar="M",
                        help="fit the title ranker on M other background papers")
    parser.add_argument("--gate-papers", type=int, default=8000, metavar="G",
                        help="fit the pair gate on G other background papers")
    parser.add_argument("--gate-only", action="store_true",
                        help="refit only the pair gate of the shipped model")
    parser.add_argument("--share-bonus", type=float, default=SHARE_BONUS,
                        help="what an option sharing a word with the real title gains")
    args = parser.parse_args(argv)
    if not BACKGROUND.exists():
        print(f"{BACKGROUND}: the background corpus is needed to fit the ranker", file=sys.stderr)
        return 1
    papers = read_papers(args.path)
    if args.holdout:
        papers = split_half(papers)[0]
    background = read_background(args.background + args.ranker_papers)
    gate_papers = other_background(background, args.gate_papers)
    output = args.output or (None if args.holdout else scoring.MODEL_PATH)
    if args.gate_only:
        model = json.loads(scoring.MODEL_PATH.read_text(encoding="utf-8"))
        model["pair_gate"] = train_gate(gate_papers, args.share_bonus)
    else:
        model = train_all(papers + background[:args.background], background[args.background:],
                          gate_papers, args.share_bonus)
    text = json.dumps(model, separators=(",", ":"), ensure_ascii=False)
    if output is not None:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {output} ({len(text) / 1024:.0f} KB)")
    print(json.dumps({key: model[key] for key in ("weights", "bias", "novel_words", "ranker",
                                                   "pair_gate")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
