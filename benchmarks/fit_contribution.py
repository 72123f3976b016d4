"""Which sentence carries the contribution: a learned choice against the gist's rules.

    python -m benchmarks.sentence_choice [--papers 20000]

A logistic regression over each sentence's words, position and role (`spans.read_sentences`:
which sentence it is, whether it introduces or studies something, whether it comes before the
first that introduces, whether it names the coined name, how it opens) is fitted on background
abstracts (`../shared/data/background/`, papers 30,000 on, which the span model did not see),
each sentence labelled by whether it holds the largest share of the real title's content words.
For each shared list it prints the share of the real title's content words in the sentence it
picks, in the sentence the gist is made of today (`gist.contribution_sentence`), and in the best
sentence: issue 42 asks for the first of these in place of the rules, and the gist to use it.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
from sklearn.feature_extraction import FeatureHasher
from sklearn.linear_model import LogisticRegression

from benchmarks import title_spans as spans
from benchmarks.fit_title_spans import read_background, title_after_name
from benchmarks.titles import DATA, LISTS, content_words, read_papers, year_of
from papersite.enrich.titles.gist import contribution_sentence
from papersite.enrich.titles.prepare import Prepared
from papersite.enrich.titles.reading import prepare_and_name

FIRST_PAPER = 30000


def title_share(text: str, title_words: set[str]) -> float:
    return len(content_words(text) & title_words) / len(title_words) if title_words else 0.0


def sentence_features(prepared: Prepared, name: str) -> list[list[str]]:
    """Each sentence's features: its role, its place from the end, its length, its words."""
    sentences = spans.read_sentences(prepared, name)
    features = []
    for index, (tokens, context, _) in enumerate(sentences):
        words = {token.lower() for token in tokens if any(c.isalnum() for c in token)}
        features.append([*context, f"from_end:{min(len(sentences) - 1 - index, 3)}",
                         f"length:{min(len(tokens) // 8, 6)}", *(f"word:{w}" for w in words),
                         *(f"opening:{context[3]}:{token}" for token in tokens[:3])])
    return features


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=20000)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows, labels = [], []
    for paper in read_background()[FIRST_PAPER:FIRST_PAPER + args.papers]:
        prepared, names = prepare_and_name(paper["abstract"], paper.get("year"))
        title_words = content_words(title_after_name(paper))
        if not title_words or not prepared.sentences:
            continue
        shares = [title_share(sentence.text, title_words) for sentence in prepared.sentences]
        rows += sentence_features(prepared, names[0].name if names else "")
        labels += [int(0 < share == max(shares)) for share in shares]
    hasher = FeatureHasher(2 ** 20, input_type="string", alternate_sign=False)
    regression = LogisticRegression(C=0.3, max_iter=500, solver="liblinear")
    regression.fit(hasher.transform(rows), labels)
    print(f"fitted on {args.papers} abstracts ({len(rows)} sentences) in "
          f"{time.perf_counter() - start:.0f} s", file=sys.stderr)
    for name in LISTS:
        path = DATA / f"{name}.jsonl"
        papers = read_papers(path)
        learned = today = best = 0.0
        for paper in papers:
            prepared, names = prepare_and_name(paper["abstract"], year_of(path))
            coined = names[0].name if names else ""
            title_words = content_words(paper["title"])
            if not prepared.sentences:
                continue
            scores = regression.decision_function(
                hasher.transform(sentence_features(prepared, coined)))
            learned += title_share(prepared.sentences[int(np.argmax(scores))].text, title_words)
            today += title_share(contribution_sentence(prepared, coined), title_words)
            best += max(title_share(s.text, title_words) for s in prepared.sentences)
        count = len(papers)
        print(f"{name:12} learned {learned / count:.3f}  today's gist sentence "
              f"{today / count:.3f}  best sentence {best / count:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
