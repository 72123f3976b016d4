"""How sure the ranker may be of a synthesized "Topic: Contribution" title.

A pair joins two phrases the abstract never says together, and its topic may be only the
field the paper is in ("Large Language Models: Dynamic Knowledge Graph"): a reader takes the
heading as the paper's claim. So a pair is shown only when the topic is no field name and a
logistic model, fitted by `benchmarks/train_titles.py` on background papers, says it is more
likely than not to share more of the real title's words than the best faithful option (a
phrase the abstract says whole); otherwise that phrase is the title.
"""

from __future__ import annotations

import math

from .scoring import is_field_phrase, load_model

# Columns of `ranking.FEATURES` the gate reads of each option, and what it adds.
OPTION_COLUMNS = ("expected_f1", "gain", "stems", "words", "max_probability",
                  "mean_probability", "likely_words", "commonness")
GATE_FEATURES = ("pair_score", "faithful_score", "score_margin", "topic_words",
                 "contribution_words") + tuple(f"pair_{column}" for column in OPTION_COLUMNS) + \
    tuple(f"faithful_{column}" for column in OPTION_COLUMNS)


def topic_of(words: tuple[str, ...]) -> tuple[str, ...]:
    """Return the topic words of a pair's words (those before its colon)."""
    return words[:words.index(":")]


def gate_features(pair_words: tuple[str, ...], pair: list[float], pair_score: float,
                  faithful: list[float], faithful_score: float, columns: list[int]) -> list[float]:
    """Describe a choice between a pair and the best faithful option by GATE_FEATURES; each
    option by its ranker features (`columns` says where OPTION_COLUMNS are in them)."""
    topic = topic_of(pair_words)
    return [pair_score, faithful_score, pair_score - faithful_score, len(topic),
            len(pair_words) - len(topic) - 1, *(pair[column] for column in columns),
            *(faithful[column] for column in columns)]


def pair_probability(features: list[float]) -> float:
    """Return the gate's probability that the pair is the better title; 1 without a gate."""
    gate = load_model().get("pair_gate")
    if gate is None:
        return 1.0
    logit = gate["bias"] + math.fsum(w * x for w, x in zip(gate["weights"], features))
    return 1 / (1 + math.exp(-logit))


def pair_allowed(pair_words: tuple[str, ...]) -> bool:
    """Tell whether a pair's topic may stand before a colon: not a field's name."""
    return not is_field_phrase(topic_of(pair_words))
