"""Choose a derived title among whole-title options, with a learned linear ranker.

The options an abstract offers, in four shapes:
- a phrase alone ("Tight Generalization Bounds for Deterministic Networks");
- the paper's own name, a colon and a phrase that says what it is or does ("CLReg: Contrastive
  Representation Regularizer"), or the words its acronym stands for, and, when the abstract
  says so right after the name, what it is for ("SDXL: Stable Diffusion XL for Text-to-Image
  Synthesis");
- without a name, "Topic: Contribution": a short opening or inner phrase that names the problem
  and a phrase of the contribution sentences that adds to it ("Conformal Prediction: Strategic
  Classification Under Manipulation").
Each option is described by `FEATURES` (its words' probabilities of being in the title, where
it was found, its length, …); the ranker's weights, fitted by `benchmarks/train_titles.py` to
predict an option's content-word F1 against the real title (plus a bonus for sharing any word
with it), score the options, and the best one wins. A pair is synthesized, not the authors'
words: it never has a field's name for its topic, and it stands only when the gate of
`confidence` is sure of it; otherwise the best phrase the abstract says whole wins. No option
is longer than a title may be: cut, it would end mid-phrase.
"""

from __future__ import annotations

import dataclasses
import math
import operator
import re
from functools import lru_cache
from typing import NamedTuple

from .case import title_case
from .coined import find_expansion
from .confidence import is_sure, pair_allowed, pair_or_faithful
from .names import Name
from .phrases import (
    JUDGING_WORDS,
    OTHERS_OPENERS,
    Candidate,
    describing_candidates,
    phrase_words,
    without_leading,
)
from .prepare import PLACEHOLDER
from .purpose import with_purpose
from .reading import Reading
from .restate import describe_name
from .scoring import is_field_phrase, load_model, phrase_stems
from .tokens import PHRASE_BREAKS
from .vocabulary import GENERIC_HEADS, MAX_WORDS, MIN_WORDS, SMALL_WORDS

KINDS = ("appositive", "proposal", "object", "gerund", "subject", "inner", "expansion", "pair")
FEATURES = ("expected_f1", "gain", "stems", "words", "has_name", "name_score") + \
    tuple(f"kind_{kind}" for kind in KINDS) + \
    ("sentence", "has_top_word", "top_words", "field_phrase", "max_probability",
     "mean_probability", "name_spelled_out", "likely_words", "possible_words", "words_squared",
     "commonness")
_SPELLED_OUT_ACRONYM = re.compile(r"((?:[A-Z][\w-]*\s+(?:(?:of|for|and|in|on|the)\s+)?){1,6}?"
                                  r"[A-Z][\w-]*)\s+\(([A-Z][\w-]{1,15})\)")
_WORDS = FEATURES.index("words")
_KIND_COLUMNS = {kind: [float(kind == column) for column in KINDS] for kind in KINDS}
MIN_DESCRIBING_WORDS = 3
# A name spelled out in at most this many words is written "Full Name (ACR)".
SPELLED_OUT = 4
# How many of the best topic and contribution phrases are paired into "Topic: Contribution".
_PAIRED = 4
_TOPIC_KINDS = frozenset({"subject", "inner"})
_OTHERS_LABELS = OTHERS_OPENERS | {"used"}
_NOT_TOPIC_OPENERS = JUDGING_WORDS | PHRASE_BREAKS  # see `_may_be_topic`
_CONTRIBUTION_KINDS = frozenset({"proposal", "object", "inner", "gerund"})


class Option(NamedTuple):
    """One whole title an abstract offers."""

    words: tuple[str, ...]
    """The words after the name (all of them when there is none); a pair's colon is a word."""
    name: Name | None
    """The coined name the title starts with, if any."""
    kind: str
    """One of KINDS: where the words were found."""
    sentence: int
    """The index of the sentence they were found in."""

    def text(self) -> str:
        """Return the option as a title: "Name: Words" or "Words", in title case."""
        words = title_case(self.words).replace(" :", ":")
        return f"{name_label(self.name, self.kind)}: {words}" if self.name else words


@lru_cache(maxsize=1024)
def name_label(name: Name, kind: str = "") -> str:
    """Return how a title writes a name: "Full Name (ACR)" when the abstract spells a short
    acronym out in up to SPELLED_OUT words (unless the spelled-out words follow the colon),
    else the name as written."""
    expansion = phrase_words(name.expansion)
    if kind == "expansion" or not 0 < len(expansion) <= SPELLED_OUT:
        return name.name
    return f"{title_case(expansion)} ({name.name})"


class _Context(NamedTuple):
    """What every option of one abstract is scored against."""

    probabilities: dict[str, float]
    expected_title: float
    """How many content words the real title is expected to have: the abstract's words'
    probabilities summed, and the words a title adds on average."""
    unseen: float
    top_words: tuple[str, ...]
    """The three stems most likely to be in the title."""
    commonness: dict[str, float]
    summaries: dict
    """Each phrase's `_Summary`, by its words, as worked out (see `_summarise`)."""


class Scored(NamedTuple):
    """An abstract's options, each with its sort key and its ranker features."""

    keys: dict[Option, tuple[bool, bool, float]]
    """(readable, long enough, ranker score): the best option has the highest."""
    features: dict[Option, list[float]]


def best_title(reading: Reading, probabilities: dict[str, float]) -> str | None:
    """Return the best-scoring option as a title, or None when the abstract offers none."""
    scored = score_options(reading, probabilities)
    best = max(scored.keys, key=scored.keys.__getitem__, default=None)  # the first of equals
    if best is None:
        return None
    if best.kind == "pair" and (choice := pair_or_faithful(best, scored, FEATURES)) is not None:
        best = best if is_sure(choice[1]) else choice[0]
    best = _what_it_proposes(best, scored.keys)
    if best.kind == "expansion" and best.name is not None:
        return with_purpose(best.text(), best.name.name, reading.prepared.text)
    return best.text()


def _what_it_proposes(best: Option, keys: dict[Option, tuple[bool, bool, float]]) -> Option:
    """Return the option the paper's proposal says whole, when the best one is only the
    problem it is for: "Disentangled Representation Learning" of "we propose a flow-matching
    based framework for disentangled representation learning" names a field; the title says
    what the paper brings to it."""
    if best.kind != "inner" or best.name is not None:
        return best
    size = len(best.words)
    fuller = [option for option in keys if option.kind == "proposal" and option.name is None and
              option.sentence == best.sentence and len(option.words) > size + 1 and
              option.words[-size:] == best.words and option.words[-size - 1].lower() == "for" and
              option.words[-size - 2].lower() in GENERIC_HEADS and keys[option][0] == keys[best][0]]
    return max(fuller, key=keys.__getitem__, default=best)


def score_options(reading: Reading, probabilities: dict[str, float]) -> Scored:
    """Score every option of an abstract with the ranker; a pair whose topic is a field's name
    ("Large Language Models: …") is none."""
    model = load_model()
    weights, bias = model["ranker"]["weights"], model["ranker"]["bias"]
    context = context_of(probabilities)
    # Readable options go first: a title of fewer than MIN_WORDS words would be padded with
    # the first sentence's words, and after a name, two words say too little ("Gen3DSR:
    # Reconstruction Performance") unless they are what the name stands for. Of the others,
    # those long enough go first: padding makes fragments ("GPQA: Biology We present GPQA").
    scored = Scored({}, {})
    for option in title_options(reading, context):
        features = option_features(option, context)
        # A title longer than MAX_WORDS would be cut mid-phrase ("… the Learning of 3D
        # Keypoint"); the same phrase is offered at every length where it ends cleanly.
        if features is None or features[_WORDS] > MAX_WORDS or \
                option.kind == "pair" and not pair_allowed(option.words):
            continue
        scored.features[option] = features
        # In a fixed order, so that equal options score alike on every run.
        score = bias + sum(map(operator.mul, features, weights))
        long_enough = features[_WORDS] >= MIN_WORDS
        scored.keys[option] = (long_enough and (option.name is None or option.kind == "expansion"
                                                or len(option.words) >= MIN_DESCRIBING_WORDS),
                               long_enough, score)
    return scored


def title_options(reading: Reading, context: _Context) -> list[Option]:
    """List the whole titles an abstract offers (see the module's docstring).

    With a coined name, every option starts with it, and what follows it must not repeat it,
    name another thing the abstract coins, or only name a field ("PARDEN: Large Language
    Models" says nothing of PARDEN); only when nothing can follow the name are the options
    those of an abstract without one. A phrase that only names a field is never a whole title.
    """
    prepared, names, candidates = reading
    contributing = {index for index, sentence in enumerate(prepared.sentences)
                    if sentence.intro_cues or sentence.study_cues}
    # What others do ("Recent LMMs", "Standard Online Learning Datasets") is no contribution,
    # and a phrase that only names a field ("Training Neural Networks") is a title's topic at
    # most, never the whole title.
    own = [c for c in candidates if not _by_others(c)] or list(candidates)
    alone = [c for c in own if not is_field_phrase(c.words)] or own
    if names:
        name = names[0]
        described = describing_candidates(
            describe_name(prepared.text, name.name, name.description))
        # What follows the name comes from the sentences that name it or say what the paper
        # does, not from the background ("AnchorRep: Adversarial Attacks …" for a defence),
        # unless only the background has a phrase for it.
        describing = contributing | {index for index, sentence in
                                     enumerate(prepared.sentences) if name.name in sentence.text}
        # Other things the abstract names or spells out ("the Routing Reconstruction Task
        # (RRT)") are not what this name is.
        others = tuple(sorted({other.name for other in names[1:] if other.name != name.name} |
                              {other.expansion for other in names[1:] if other.expansion} |
                              _spelled_out(prepared.text, name.name)))
        fitting = [c for c in own if _may_describe(c.words, name, others)]
        options = [Option(c.words, name, c.kind, c.sentence) for c in described if
                   not _by_others(c) and _may_describe(c.words, name, others, field_ok=True)]
        options += [Option(c.words, name, c.kind, c.sentence) for c in fitting
                    if c.sentence in describing] or \
            [Option(c.words, name, c.kind, c.sentence) for c in fitting]
        if name.expansion:
            options.append(Option(tuple(phrase_words(name.expansion)), name, "expansion", 0))
        if options:
            return options
    else:
        options = []
    options += [Option(c.words, None, c.kind, c.sentence) for c in alone]
    return options + _pairs(candidates, contributing, context)


@lru_cache(maxsize=4096)
def _may_describe(words: tuple[str, ...], name: Name, others: tuple[str, ...] = (),
                  field_ok: bool = False) -> bool:
    """Tell whether a phrase can follow a name: it neither repeats the name (or the words it
    is spelled out in), nor names another thing the abstract coins or spells out
    ("AnchorRep: Benign Garble Rate" names the paper's metric, not AnchorRep), nor only names
    a field, nor opens with a measurement ("RA-FFN: 63-Point Gap …", "CodeChain: 35% on APPS"
    report a result, not what the thing is). With `field_ok` (what the abstract says the name
    is), three common words are no field: "CLReg: Contrastive Representation Regularizer"."""
    if _MEASUREMENT.match(words[0]):
        return False
    text = " ".join(words)
    said = {part.lower() for part in f"{name.name} {name.expansion}".replace("-", " ").split()
            if len(part) > 1}
    if name.name in text or not said.isdisjoint(
            word.lower() for word in text.replace("-", " ").split()):
        return False
    lowered = text.lower()
    if any(other.lower() in lowered for other in others):
        return False
    return field_ok and len(words) >= 3 or not is_field_phrase(words)


# "35%", "63-point", "10x", "2.5-fold", "512$\times$1024": a figure measured, not a description.
_MEASUREMENT = re.compile(r"\d[\d.,]*(?:%|-?(?:points?|fold|percent)\b|x\b|×)|\d+\s*\$?\\times",
                          re.IGNORECASE)


def _spelled_out(text: str, name: str) -> set[str]:
    """Return the phrases the text spells an acronym out in ("Routing Reconstruction Task" of
    "… Task (RRT)"), other than `name`'s."""
    return {match.group(1) for match in _SPELLED_OUT_ACRONYM.finditer(text)
            if match.group(2) != name and find_expansion(match.group(0), match.group(2))}


def _pairs(candidates: tuple[Candidate, ...], contributing: set[int],
           context: _Context) -> list[Option]:
    """Return "Topic: Contribution" options: the best short topic phrases of the sentences
    that do not say what the paper does, each with the best contribution phrases of other
    sentences that add other words to it."""
    def expected_f1(candidate: Candidate) -> float:
        summary = _summarise(candidate.words, context)
        return 2 * summary.gain / (len(summary.stems) + context.expected_title)

    topics = sorted((topic for c in candidates if c.kind in _TOPIC_KINDS and
                     c.sentence not in contributing and
                     2 <= len((topic := _unlabelled(c)).words) <= 5 and _may_be_topic(topic.words)),
                    key=expected_f1, reverse=True)[:_PAIRED]
    contributions = sorted((c for c in candidates if c.kind in _CONTRIBUTION_KINDS and
                            not _by_others(c)),
                           key=expected_f1, reverse=True)[:_PAIRED]
    pairs = []
    for topic in topics:
        topic_stems = _summarise(topic.words, context).stems
        for contribution in contributions:
            # A topic from the contribution's own sentence is better said in its words
            # ("a bound for deterministic networks", not "Deterministic Networks: Bound").
            if topic.sentence != contribution.sentence and \
                    len(topic.words) + len(contribution.words) <= MAX_WORDS and \
                    topic_stems.isdisjoint(_summarise(contribution.words, context).stems) and \
                    _initialisms(topic.words).isdisjoint(w.lower() for w in contribution.words):
                pairs.append(Option((*topic.words, ":", *contribution.words), None, "pair",
                                    contribution.sentence))
    return pairs


def _by_others(candidate: Candidate) -> bool:
    """Tell whether a phrase opens by setting itself apart as what others do."""
    return candidate.words[0].lower() in OTHERS_OPENERS


def _unlabelled(candidate: Candidate) -> Candidate:
    """Return a topic phrase without the words that only say whose it is ("Traditional
    Restless Multi-Arm Bandit Problem" names the restless multi-arm bandit problem; "Widely
    Used Initialization Methods", initialization methods)."""
    words = without_leading(candidate.words, _OTHERS_LABELS)
    return dataclasses.replace(candidate, words=words) if words != candidate.words else candidate


def _may_be_topic(words: tuple[str, ...]) -> bool:
    """Tell whether a phrase can name a title's topic: not a formula ("Future Forward Passes
    $t+\\tau$"), nor someone's ("Model's Knowledge"), which only the sentence explains, nor a
    judgement ("Fundamental Role", "Key Component"), nor a clause's opening cut from what it
    joins ("Combining Machine Learning" of "combining machine learning with algorithms")."""
    return words[0].lower() not in _NOT_TOPIC_OPENERS and \
        not any(PLACEHOLDER.search(word) or word.endswith(("'s", "’s")) for word in words)


def _initialisms(words: tuple[str, ...]) -> set[str]:
    """Return the acronyms a phrase's words make, lower-cased: a contribution that only
    repeats its topic by acronym ("Bayesian Neural Networks: BNNs") adds nothing."""
    initials = "".join(word[0].lower() for word in words if word.lower() not in SMALL_WORDS)
    return {initials[:size] + plural for size in range(2, len(initials) + 1)
            for plural in ("", "s")}


def option_features(option: Option, context: _Context) -> list[float] | None:
    """Describe an option by FEATURES, in order; None when it has no content word."""
    name = option.name
    label = name_label(name, option.kind) if name else ""
    words = (*label.split(), *option.words) if label else option.words
    stems, gain, likely, possible, highest, commonness = _summarise(words, context)
    if not stems:
        return None
    count = len(stems)
    word_count = len(words)
    top = context.top_words
    return [2 * gain / (count + context.expected_title), gain, count, word_count,
            float(name is not None), name.score if name else 0.0, *_KIND_COLUMNS[option.kind],
            min(option.sentence, 6) / 6, float(bool(top) and top[0] in stems),
            sum(stem in stems for stem in top) / 3,
            float(name is None and option.kind != "pair" and is_field_phrase(option.words)),
            highest, gain / count, float(bool(name and name.expansion)), likely, possible,
            word_count ** 2 / 100, commonness / count]


class _Summary(NamedTuple):
    """What the features of an option read from its words' stems."""

    stems: frozenset[str]
    gain: float
    """The stems' probabilities of being in the title, summed."""
    likely: int
    """Stems more likely than not to be in the title."""
    possible: int
    """Stems with a chance of one in four or more."""
    highest: float
    commonness: float
    """The stems' document frequencies (`scoring.load_model`'s "document_feature"), summed."""


_NOTHING = _Summary(frozenset(), 0.0, 0, 0, 0.0, 0.0)


def _summarise(words: tuple[str, ...], context: _Context) -> _Summary:
    """Summarise the stems of some words, remembered per abstract (options share phrases)."""
    summaries = context.summaries
    if words in summaries:
        return summaries[words]
    stems = frozenset(phrase_stems(words))
    summary = _NOTHING
    if stems:
        get, unseen = context.probabilities.get, context.unseen
        probabilities = [get(stem, unseen) for stem in stems]
        # fsum is exact whatever the order: the sums do not depend on the set's order.
        summary = _Summary(stems, math.fsum(probabilities), sum(p > 0.5 for p in probabilities),
                           sum(p > 0.25 for p in probabilities), max(probabilities),
                           math.fsum(context.commonness.get(stem, 0.0) for stem in stems))
    summaries[words] = summary
    return summary


def context_of(probabilities: dict[str, float]) -> _Context:
    """Return what the options of an abstract with these word probabilities are scored against."""
    model = load_model()
    top = tuple(sorted(probabilities, key=probabilities.__getitem__, reverse=True)[:3])
    return _Context(probabilities, math.fsum(probabilities.values()) + model["novel_words"],
                    model["unseen_probability"], top, model["document_feature"], {})
