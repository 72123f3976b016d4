"""Which sentence of an abstract says what the paper contributes: a learned ranking.

A logistic regression over each sentence's place, role and words, fitted by
`benchmarks/fit_contribution.py` on background abstracts (`../shared/data/background/`), each
sentence labelled by whether its content words are the most like the paper's real title's (F1).
Its weights ship in `data/titles/contribution_sentence.json`, by feature name; a feature the fit
did not keep weighs nothing. The gist is said from the best-ranked sentence that stands alone
(`gist.contribution_sentence`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from ...text.words import STOP_WORDS
from .prepare import Prepared

MODEL_PATH = Path(__file__).resolve().parents[2] / "data" / "titles" / "contribution_sentence.json"

# Words (compounds kept whole, math placeholders as words) and marks of punctuation.
_TOKEN = re.compile(r"[\w\ue000-\uf8ff]+(?:[-'’./][\w\ue000-\uf8ff]+)*\+*|[^\w\s]")
_ALNUM = re.compile(r"[^\W_]")
# Sentence lengths are told apart in steps of this many tokens, up to _LONGEST steps.
_LENGTH_STEP, _LONGEST = 8, 6
# The first sentences are told apart by their place; the rest share one.
_PLACES = 4
# A word in this many sentences is one the abstract repeats; sentences are told apart by how
# many they hold, up to _MOST_REPEATED.
_REPEATED, _MOST_REPEATED = 3, 4
# How many opening tokens are features of their own ("We propose", "In this paper").
_OPENING_TOKENS = 3


def tokenize(sentence: str) -> list[str]:
    """Split a sentence into words (compounds kept whole) and marks of punctuation."""
    return _TOKEN.findall(sentence)


def sentence_roles(prepared: Prepared, name: str = "",
                   tokenized: list[list[str]] | None = None) -> list[list[str]]:
    """Return each sentence's place and role: which sentence it is, whether it is the last, its
    first word, whether it introduces or studies something ("we propose", "we show"), whether it
    comes before, at or after the first that introduces, and whether it holds the coined name.
    `tokenized`: the sentences' tokens, if already split."""
    tokenized = tokenized or [tokenize(sentence.text) for sentence in prepared.sentences]
    first_intro = next((i for i, s in enumerate(prepared.sentences) if s.intro_cues), None)
    last = len(prepared.sentences) - 1
    roles = []
    for index, (sentence, tokens) in enumerate(zip(prepared.sentences, tokenized)):
        cue = "intro" if sentence.intro_cues else "study" if sentence.study_cues else "none"
        order = "none" if first_intro is None else \
            "before" if index < first_intro else "at" if index == first_intro else "after"
        roles.append([f"sentence:{index if index < _PLACES else f'{_PLACES}+'}",
                      f"sentence_end:{'last' if index == last else 'notlast'}",
                      f"opens:{tokens[0].lower() if tokens else ''}", f"cue:{cue}",
                      f"order:{order}", f"names_it:{bool(name) and name in sentence.text}"])
    return roles


def sentence_features(prepared: Prepared, name: str = "") -> list[list[str]]:
    """Return each sentence's features, as the fit reads them: its role, its place from the
    end, its length, how many of the words the abstract repeats it holds, its words and its
    opening tokens (by role)."""
    return [[*role, *place, *(f"word:{word}" for word in sorted(words)),
             *(f"opening:{role[3]}:{token}" for token in opening)]
            for role, place, words, opening in _read(prepared, name)]


def rank_sentences(prepared: Prepared, name: str = "") -> list[int]:
    """Return the abstract's sentence indices, the likeliest to carry the contribution first."""
    scores = sentence_scores(prepared, name)
    return sorted(range(len(scores)), key=lambda index: -scores[index])


def sentence_scores(prepared: Prepared, name: str = "") -> list[float]:
    """Return each sentence's log-odds of carrying the contribution: the weights of
    `sentence_features`, looked up by word and opening token without spelling each feature."""
    model = _model()
    weights, words_weigh, openings_weigh = model.weights, model.words.get, model.openings
    return [model.bias + sum(weights.get(feature, 0.0) for feature in (*role, *place)) +
            sum(words_weigh(word, 0.0) for word in words) +
            sum(openings_weigh.get((role[3], token), 0.0) for token in opening)
            for role, place, words, opening in _read(prepared, name)]


def _read(prepared: Prepared, name: str) -> list[tuple[list[str], tuple[str, ...], list[str], list[str]]]:
    """Return each sentence's role, place (from the end, length, what the abstract repeats),
    words, and opening tokens."""
    tokenized = [tokenize(sentence.text) for sentence in prepared.sentences]
    # In the order read, not a set's: the sum of their weights is the same in any process.
    words = [list(dict.fromkeys(token.lower() for token in tokens
                                if token[0].isalnum() or _ALNUM.search(token)))
             for tokens in tokenized]
    # What the abstract keeps coming back to ("Muon", "graphon") is what the paper is about.
    spread = Counter(word for sentence in words for word in sentence)
    top = max((count for word, count in spread.items() if word not in STOP_WORDS), default=0)
    repeated = {word for word, count in spread.items()
                if count >= _REPEATED and word not in STOP_WORDS}
    most = {word for word in repeated if spread[word] == top}
    last = len(tokenized) - 1
    return [(role, (f"from_end:{min(last - index, 3)}",
                    f"length:{min(len(tokens) // _LENGTH_STEP, _LONGEST)}",
                    f"repeated:{min(len(repeated.intersection(sentence)), _MOST_REPEATED)}",
                    f"holds_top:{not most.isdisjoint(sentence)}"),
             sentence, tokens[:_OPENING_TOKENS])
            for index, (tokens, sentence, role) in enumerate(
                zip(tokenized, words, sentence_roles(prepared, name, tokenized)))]


class _Model(NamedTuple):
    bias: float
    weights: dict[str, float]
    """Every feature's weight, by name."""
    words: dict[str, float]
    """The weights of "word:…" features, by word."""
    openings: dict[tuple[str, str], float]
    """The weights of "opening:cue:token" features, by (cue feature, token)."""


def use_model(path: Path) -> None:
    """Rank sentences by the model at `path` from now on (a fit's, before it ships)."""
    global MODEL_PATH
    MODEL_PATH = path
    _model.cache_clear()


@lru_cache(maxsize=1)
def _model() -> _Model:
    model = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    weights = model["weights"]
    openings = {}
    for feature, weight in weights.items():
        if feature.startswith("opening:"):  # "opening:cue:intro:We", "opening:cue:none::"
            _, cue, token = feature[len("opening:"):].split(":", 2)
            openings[f"cue:{cue}", token] = weight
    return _Model(model["bias"], weights,
                  {f[len("word:"):]: w for f, w in weights.items() if f.startswith("word:")},
                  openings)
