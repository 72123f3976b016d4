"""Tests of the span model of titles (benchmarks/title_spans.py), an experiment not yet in use."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from benchmarks import title_spans as spans
from papersite.enrich.titles import prepare_and_name
from papersite.parse import parse_list_text

BUNDLED = sorted((Path(__file__).resolve().parents[1] / "abstracts").glob("*.txt"))


def bundled_sentences() -> list[list[spans.Sentence]]:
    """Every bundled abstract, read as the span model reads it."""
    read = []
    for path in BUNDLED:
        _, abstracts = parse_list_text(path.read_text(encoding="utf-8"), path.name)
        for abstract in abstracts:
            prepared, names = prepare_and_name(abstract.text, 2026)
            read.append(spans.read_sentences(prepared, names[0].name if names else ""))
    return read


@pytest.fixture(scope="module")
def sentences() -> list[list[spans.Sentence]]:
    return bundled_sentences()


def test_fast_scores_are_the_fitted_features_scores(sentences):
    """`scored_spans` adds up per-word lookups; it must give every candidate the logit its
    feature names (what the fitting saw) give, or the shipped weights mean something else."""
    model = spans.load_model()
    checked = 0
    for abstract in sentences:
        counts = Counter(token.lower() for tokens, *_ in abstract for token in tokens)
        scored = spans.scored_spans(abstract, model)
        assert [span for _, span in scored] == spans.candidate_spans(abstract, model)
        for logit, span in scored:
            features = spans.span_features(span, abstract, model, counts)
            assert logit == pytest.approx(spans.score(features, model), abs=1e-9), span.words
            checked += 1
    assert checked > 1000


def test_candidates_are_whole_phrases(sentences):
    """No candidate crosses a clause break, holds a word titles never use, or cuts a noun
    phrase: each starts and ends next to a break, a function word or the sentence's edge."""
    model = spans.load_model()
    for abstract in sentences:
        for span in spans.candidate_spans(abstract, model):
            tokens = [token.lower() for token in abstract[span.sentence].tokens]
            words = tokens[span.start:span.end]
            assert not set(words) & (spans.BREAKS | model.never_in_titles), words
            assert words[0] not in model.never_first and words[-1] not in model.never_last
            assert words.count("(") == words.count(")")
            for outside in (tokens[span.start - 1] if span.start else None,
                            tokens[span.end] if span.end < len(tokens) else None):
                assert outside is None or spans.is_edge(outside, model), (words, outside)


def test_best_span_keeps_the_coined_method_phrase():
    prepared, names = prepare_and_name(
        "Retrosynthesis is a core task of chemistry. We propose RetroDiff, a diffusion-based "
        "retrosynthesis model for product molecules, which generates reactants from a product "
        "graph. RetroDiff outperforms template-based baselines on USPTO-50K.", 2026)
    scored = spans.scored_spans(spans.read_sentences(prepared, names[0].name), spans.load_model())
    logit, span = spans.best_span(scored, min_words=3)
    phrase, probability = spans.span_text(span), spans.probability(logit)
    assert "retrosynthesis" in phrase.lower() and 0 < probability < 1
