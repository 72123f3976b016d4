"""The word model trained by `benchmarks/train_titles.py`: how likely a title uses each word.

For every content word of an abstract, a logistic regression over where the word appears
(`FEATURE_NAMES`) gives the probability that the paper's title uses it; `ranking` scores whole
titles from these probabilities. `word_features` builds the model's input
as the trainer sees it; `word_probabilities` computes the same logits without building the
feature vectors, which would cost more than the rest of `derive_title` together.
"""

from __future__ import annotations

import json
import math
import operator
import re
from collections import Counter
from functools import lru_cache
from itertools import chain, filterfalse, repeat
from pathlib import Path
from typing import Iterable

from ...text.words import STOP_WORDS
from .names import Name
from .phrases import Candidate
from .prepare import WORD, Prepared, restore_plain
from .vocabulary import TRAILING_PUNCT

MODEL_PATH = Path(__file__).resolve().parents[2] / "data" / "titles" / "word_model.json"
FEATURE_NAMES = ("first_position", "log_count", "in_first_sentence", "in_contribution",
                 "in_object", "in_name", "capitalised", "in_last_sentences", "title_rate",
                 "log_document_frequency", "in_subject")
# A word in more than this share of abstracts names a field, not a contribution.
FIELD_SHARE = 0.05
FAMILY_SHARE = 0.01
FAMILY_HEADS = frozenset("""models model networks network learning llms lms vlms mllms transformers
methods systems agents""".split())
_FIRST_SIX = operator.itemgetter(slice(0, 6))
# A Capitalised word after a space or a formula; sentences are joined by "\0", so a sentence's
# first word does not count.
_CAPITALISED = re.compile(r"[A-Z](?<=[\s\ue000-\uf8ff].)[a-z0-9]+")


def use_model(path: Path) -> None:
    """Make `derive_title` read the word model at `path` from now on."""
    global MODEL_PATH
    MODEL_PATH = path
    load_model.cache_clear()
    is_field_phrase.cache_clear()


@lru_cache(maxsize=1)
def load_model() -> dict:
    """Load the word model, with each word's rate features worked out once."""
    with MODEL_PATH.open(encoding="utf-8") as handle:
        return complete_model(json.load(handle))


def complete_model(model: dict) -> dict:
    """Add to a model as stored the tables worked out from it; return the model."""
    prior_in, prior_seen = model["rate_prior"]
    log_documents = math.log1p(model["documents"])
    model["rate_feature"] = {stem: (seen_in_title + prior_in) / (seen + prior_seen)
                             for stem, (seen_in_title, seen) in model["title_rate"].items()}
    model["document_feature"] = {stem: math.log1p(seen) / log_documents
                                 for stem, (_, seen) in model["title_rate"].items()}
    model["unseen_rate"] = prior_in / prior_seen
    # The part of each word's logit that depends on the word alone (see `word_probabilities`).
    weight = model["weight"] = dict(zip(model["features"], model["weights"]))
    model["constant_logit"] = {
        stem: model["bias"] + weight["title_rate"] * rate
        + weight["log_document_frequency"] * model["document_feature"][stem]
        for stem, rate in model["rate_feature"].items()}
    model["field_threshold"] = math.log1p(FIELD_SHARE * model["documents"]) / log_documents
    model["family_threshold"] = math.log1p(FAMILY_SHARE * model["documents"]) / log_documents
    model["unseen_logit"] = model["bias"] + weight["title_rate"] * model["unseen_rate"]
    model["count_logit"] = [weight["log_count"] * math.log1p(count) for count in range(256)]
    return model


def content_stems(text: str) -> list[str]:
    """Return the content words of a text, lower-cased, stop words dropped, cut to 6 letters."""
    return _stems(WORD.findall(text.lower()))


def abstract_stems(prepared: Prepared) -> list[str]:
    """Return the content stems of a prepared abstract, in reading order."""
    return _stems(chain.from_iterable(sentence.words for sentence in prepared.sentences))


def _stems(words: Iterable[str]) -> list[str]:
    """Return the stems of the words that are not stop words (in C: map and filterfalse)."""
    return list(map(_FIRST_SIX, filterfalse(STOP_WORDS.__contains__, words)))


@lru_cache(maxsize=65536)
def word_stems(word: str) -> frozenset[str]:
    """Return the content stems of one word of a phrase (cached: phrases share their words)."""
    return frozenset(content_stems(restore_plain(word)))


def word_features(prepared: Prepared, names: tuple[Name, ...], candidates: tuple[Candidate, ...],
                  model: dict) -> dict[str, list[float]]:
    """Describe each content word of an abstract by where and how it appears (for training)."""
    stems = abstract_stems(prepared)
    counts = Counter(stems)
    parts = _parts(prepared, names, candidates)
    features: dict[str, list[float]] = {}
    for position, stem in enumerate(stems):
        if stem not in features:
            vector = {name: float(stem in part) for name, part in parts.items()}
            vector.update(first_position=position / len(stems), log_count=math.log1p(counts[stem]),
                          title_rate=model["rate_feature"].get(stem, model["unseen_rate"]),
                          log_document_frequency=model["document_feature"].get(stem, 0.0))
            features[stem] = [vector[name] for name in FEATURE_NAMES]
    return features


def word_probabilities(prepared: Prepared, names: tuple[Name, ...],
                       candidates: tuple[Candidate, ...]) -> dict[str, float]:
    """Return, for each content word, the probability that the paper's title uses it.

    The logit is `word_features` times the weights, summed term by term: the constant terms of
    each word once per model, the position and count terms from C-level maps, and each
    in-a-part weight only for the words in that part.
    """
    model = load_model()
    weight = model["weight"]
    stems = abstract_stems(prepared)
    counts = Counter(stems)
    scale = weight["first_position"] / max(len(stems), 1)
    # Walking the stems backwards leaves each stem's first position (its term) in the dict.
    position_terms = dict(zip(reversed(stems), map(scale.__mul__, range(len(stems) - 1, -1, -1))))
    count_terms = model["count_logit"]
    if len(stems) >= len(count_terms):
        count_terms = [weight["log_count"] * math.log1p(count) for count in range(len(stems) + 1)]
    logits = dict(zip(counts, map(
        float.__add__, map(float.__add__, map(model["constant_logit"].get, counts,
                                              repeat(model["unseen_logit"])),
                           map(position_terms.__getitem__, counts)),
        map(count_terms.__getitem__, counts.values()))))
    for name, stems_in_part in _parts(prepared, names, candidates).items():
        part_weight = weight[name]
        for stem in stems_in_part:
            if stem in logits:
                logits[stem] += part_weight
    exp = math.exp
    return {stem: 1 / (1 + exp(-logit)) for stem, logit in logits.items()}


def _parts(prepared: Prepared, names: tuple[Name, ...],
           candidates: tuple[Candidate, ...]) -> dict[str, set[str]]:
    """Return the stems of each part of the abstract a word can be in, by feature name."""
    sentences = prepared.sentences
    contribution = next((sentence for sentence in sentences if sentence.intro_cues), None)
    text = "\0".join(sentence.text for sentence in sentences)
    return {
        "in_first_sentence": set(_stems(sentences[0].words)) if sentences else set(),
        "in_contribution": set(_stems(contribution.words)) if contribution else set(),
        "in_object": _phrase_stems(candidates, "object"),
        "in_name": set(content_stems(restore_plain(" ".join(f"{n.name} {n.expansion}"
                                                            for n in names[:1])))),
        "capitalised": {word[:6].lower() for word in _CAPITALISED.findall(text)},
        "in_last_sentences": set(_stems(chain.from_iterable(s.words for s in sentences[-2:]))),
        "in_subject": _phrase_stems(candidates, "subject")}


def _phrase_stems(candidates: tuple[Candidate, ...], kind: str) -> set[str]:
    """Return the content stems of the candidates of one kind."""
    return phrase_stems({word for candidate in candidates if candidate.kind == kind
                         for word in candidate.words})


def phrase_stems(words: Iterable[str]) -> set[str]:
    """Return the content stems of a phrase's words (each word's cached by `word_stems`)."""
    return set().union(*map(word_stems, words))


@lru_cache(maxsize=16384)
def is_field_phrase(words: tuple[str, ...]) -> bool:
    """Tell whether a phrase only names a field ("Large Language Models", "Reinforcement
    Learning"): every content word of it is in more than FIELD_SHARE of abstracts, or it ends
    in a model family's head ("models", "networks", "learning", "LLMs") and every other word
    is in more than FAMILY_SHARE of them ("Multimodal Large Language Models"). After a name,
    such a phrase says nothing of what the named method does."""
    model = load_model()
    frequencies = model["document_feature"]
    stems = phrase_stems(words)
    if not stems:
        return False
    if all(frequencies.get(stem, 0.0) >= model["field_threshold"] for stem in stems):
        return True
    head = words[-1].lower().rstrip(TRAILING_PUNCT)
    return len(words) <= 5 and head in FAMILY_HEADS and all(
        frequencies.get(stem, 0.0) >= model["family_threshold"] for stem in stems)
