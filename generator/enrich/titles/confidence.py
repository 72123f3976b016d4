"""How sure the ranker may be of a synthesized "Topic: Contribution" title.

A pair joins two phrases the abstract never says together, and its topic may be only the
field the paper is in ("Large Language Models: Dynamic Knowledge Graph"): a reader takes the
heading as the paper's claim. So a pair is shown only when the topic is no field name and a
logistic model, fitted by `benchmarks/train_titles.py` on background papers, gives it at least
PAIR_CONFIDENCE of beating the best faithful option (a phrase the abstract says whole, what it
says the paper does first) by the ranker's target; otherwise that phrase is the title.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .scoring import is_field_phrase, load_model

if TYPE_CHECKING:
    from .ranking import Option, Scored

# A pair is shown only when the gate finds it the better title at least this often. 0.7, not
# 0.5: read on AISTATS 2025, the pairs between the two were mostly poor, the phrases that took
# their place mostly acceptable.
PAIR_CONFIDENCE = 0.7
# Phrases found after "we propose …", "we study …", "by …ing": what the paper says it does.
_SAYS_WHAT_IT_DOES = frozenset({"proposal", "object", "gerund"})

# Columns of `ranking.FEATURES` the gate reads of each option, and what it adds.
OPTION_COLUMNS = ("expected_f1", "gain", "stems", "words", "max_probability",
                  "mean_probability", "likely_words", "commonness")
GATE_FEATURES = ("pair_score", "faithful_score", "score_margin", "topic_words",
                 "contribution_words") + tuple(f"pair_{column}" for column in OPTION_COLUMNS) + \
    tuple(f"faithful_{column}" for column in OPTION_COLUMNS)


def pair_or_faithful(pair: Option, scored: Scored, feature_names: tuple[str, ...]
                     ) -> tuple[Option, list[float]] | None:
    """Return the best option the abstract says whole, as readable as a pair, and what the
    gate reads to choose between them; None when there is no such option."""
    keys = scored.keys
    said_whole = [option for option in keys if option.kind != "pair" and
                  keys[option][:2] == keys[pair][:2]]
    # What the paper says it does, before a phrase of its background.
    faithful = max((option for option in said_whole if option.kind in _SAYS_WHAT_IT_DOES),
                   key=keys.__getitem__, default=None) or \
        max(said_whole, key=keys.__getitem__, default=None)
    if faithful is None:
        return None
    columns = [feature_names.index(column) for column in OPTION_COLUMNS]
    return faithful, gate_features(pair.words, scored.features[pair], keys[pair][2],
                                   scored.features[faithful], keys[faithful][2], columns)


def is_sure(features: list[float]) -> bool:
    """Tell whether the gate is sure enough of a pair to show it."""
    return pair_probability(features) >= PAIR_CONFIDENCE


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
