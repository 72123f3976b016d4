"""Find the names an abstract coins for its methods, models and datasets.

Cues, strongest first: a naming word ("termed X", "called X", "namely X", "dubbed X"); the
object of an introducing verb ("we propose X", "this paper introduces X"), also as
"Full Name (X)" or "X (Full Name)"; a sentence that opens with "X, a …" or "X is a …"; a name
set in bold, italics or typewriter inside a contribution sentence; a coined word in a code URL.
A name that the sentences before the first contribution define ("Domain Generalization (DG)")
is the field's, not the paper's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from .coined import (
    COMMON_ACRONYMS,
    find_appositive,
    find_expansion,
    is_attributed,
    is_cited,
    is_coined,
    is_coined_part,
)
from .established import NONE_ESTABLISHED, Established
from .phrases import OTHERS_OPENERS
from .prepare import MATH_BASE, NAME_MATH_BASE, PLACEHOLDER, Prepared, Sentence, is_math, mentions_any
from .spotting import PAREN_ACRONYM, name_at, name_in_object
from .vocabulary import DETERMINERS, GENERIC_HEADS, NAME_CUE, NAME_CUE_WORDS, TRAILING_PUNCT

_DATASET_WORDS = re.compile(r"\b(?:dataset|benchmark|corpus|suite|task)s?\b", re.IGNORECASE)
_PRIOR_WORK = re.compile(r"\b(?:recent|existing|popular|prior|previous|well-known|so-called"
                         r"|standard|classical|known|widely|state-of-the-art)\b",
                         re.IGNORECASE)
# "our", "we", "this paper", "this work" in lower-case text; each branch starts with its letter
# and then checks the word boundary before it, so the engine can skip ahead to the letter.
_OURS = re.compile(r"(?:o(?<!\w.)ur|w(?<!\w.)e|t(?<!\w.)his (?:paper|work))\b")
_APPOSITION = re.compile(r"\b(?:[Oo]ur|a|an|the)\s+(?:[^\s,;:]+\s+){0,8}?[\w-]+[,:]\s+")
_CALL_CUE = re.compile(r"\b[Ww]e\s+(?:call|name|dub|term)\s+(?:the|our|this|these|it|them)\b")
_OUR_PAREN = re.compile(r"\b(?:[Oo]ur|the proposed)\s+(?:[\w-]+\s+){0,3}?\(([^()\s]{2,24})\)")
_THEN_APPOSITIVE = re.compile(r",\s+an?\s")
_OUR_NAME = re.compile(r"\b(?:[Oo]ur|the proposed|[Tt]he resulting)\s+(?:proposed\s+)?"
                       r"(?:(?:framework|method|model|approach|system|algorithm)\s+)?([^\s,.;:]+)")
_OPENING_ACRONYM = re.compile(r"^(?:The|Our|A|An)?\s*(?:[A-Z][\w-]*\s+){1,8}\(([^()\s]{2,20})\)")
_OPENING_NAME = re.compile(
    r"^(?:(?:Our|The|This)\s+(?:proposed\s+)?(?:model|method|framework|approach|system|tool"
    r"|benchmark|dataset|algorithm),\s+)?([^\s,]+)"
    r"(?:,\s+(?:a|an|the|our|which)\s|\s+is\s+(?:a|an)\s)")
_STUDYING_VERBS = frozenset("""study studies investigate investigates analyze analyse analyzes
analyses examine examines revisit revisits consider considers explore explores characterize
characterise characterizes characterises""".split())
# A code URL's folder named after the venue ("github.com/mrflogs/ICLR24") names no method.
_VENUE = re.compile(r"(?:ICLR|NeurIPS|NIPS|ICML|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|AAAI|IJCAI|KDD"
                    r"|COLM|AISTATS|UAI|COLT|3DV|WACV|MICCAI|CoRL|ICRA|IROS|TMLR)[-]?\d{2,4}",
                    re.IGNORECASE)
_SHORT_ACRONYM = re.compile(r"[A-Z]{1,3}s?")
_VERSION = re.compile(r" (\d+(?:\.\d+)?|v\d+)(?=[\s,.;:)]|$)")
_NAMING_NOUNS = GENERIC_HEADS | {
    "model", "dataset", "benchmark", "defense", "attack", "metric", "layer", "agent", "sampler",
    "network", "optimizer", "library", "toolkit", "suite", "environment", "platform", "protocol",
    "loss", "objective", "regularizer", "estimator", "variant", "instantiation", "recipe",
    "family", "name", "policy", "planner", "simulator", "transformer", "detector", "encoder"}
_DATASET_STEMS = ("dataset", "benchmark", "corpus", "suite", "task")
# The score of a name the abstract says it coins ("we propose X", "called X"), before bonuses.
_COINING_SCORE = 3.0


@dataclass(frozen=True)
class Name:
    """A name the abstract coins, with what the abstract says it is."""

    name: str
    """The name as written (placeholders for math)."""
    score: float
    """How surely and prominently the abstract introduces it."""
    expansion: str = ""
    """The words an acronym stands for, when the abstract spells them out."""
    description: str = ""
    """The phrase that says what it is ("a framework for …"), when one follows."""
    said_coined: bool = False
    """Whether the abstract says it coins the name: an introducing verb or a naming word of
    its own ("we propose X", "we call it X"), not only a spelling or emphasis."""


def find_names(prepared: Prepared, established: Established = NONE_ESTABLISHED
               ) -> tuple[Name, ...]:
    """Collect coined names, strongest cue and most mentions first.

    A name in `established` (used by earlier papers: FID, TinyImageNet) is left out unless the
    abstract says it coins it ("we propose X", "called X"): acronyms are reused, and a paper
    that only uses an established name is titled after what it adds. A common one (ReLU,
    POMDP) is left out whatever the abstract says.
    """
    found: dict[str, Name] = {}
    cue_words = _CueWords._make(prepared.vocabulary & words for words in _CueWords())
    for index, sentence in enumerate(prepared.sentences):
        if not _may_hold_name(sentence, prepared):
            continue
        _collect_cued(found, sentence, prepared, cue_words)
        _collect_opening(found, sentence, index, prepared, cue_words)
        if index == 0 and found and sentence.intro_cues:
            # A name coined in the opening sentence is usually the subject of the paper.
            found = {key: Name(n.name, n.score + 0.5, said_coined=n.said_coined)
                     for key, n in found.items()}
    for segment in prepared.url_names:
        if is_coined_part(segment) and not _VENUE.fullmatch(segment):
            _add_name(found, segment, 1.0, "")
    text = prepared.text
    background = _background_text(prepared)
    names = [Name(n.name, n.score + min(_count_mentions(text, n.name), 5) * 0.15,
                  find_expansion(text, n.name), find_appositive(text, n.name), n.said_coined)
             for n in found.values() if _may_be_coined(n, established) and
             not _is_others(n, text, background) and not _is_notation(n.name, prepared)]
    return tuple(sorted(names, key=lambda n: -n.score))


def _named_then_subject(word: str, index: int, prepared: Prepared) -> bool:
    """Tell whether a plain capitalised word in parentheses names what the sentence describes,
    as the sentences after it show by opening with it: "… a simplified end-to-end neural network
    architecture without attention or even MLP blocks (Mamba). Mamba enjoys fast inference …"."""
    return len(word) > 3 and word.isalpha() and word.istitle() and any(
        later.text.startswith(word + " ") for later in prepared.sentences[index + 1:])


def _is_notation(name: str, prepared: Prepared) -> bool:
    """Tell whether a name is a formula that is notation, not a name: a variable ("the number
    of classes, denoted as $K$") or an equation ("$f(f(z))=f(z)$")."""
    if len(name) != 1 or not MATH_BASE <= ord(name) < NAME_MATH_BASE:
        return False
    latex = prepared.maths[ord(name) - MATH_BASE].strip("$ ")
    return "=" in latex or bool(_VARIABLE.fullmatch(latex))


# "K", "\alpha", "x_t", "W^{(l)}": one letter or Greek letter, with a sub- or superscript.
_VARIABLE = re.compile(r"(?:\[A-Za-z]+|[A-Za-z])\s*(?:[_^]\s*(?:\{[^{}]*\}|\w)\s*){0,2}")


def _is_others(name: Name, text: str, background: str) -> bool:
    """Tell whether a name is another paper's: defined by the background ("Computation-aware
    Gaussian processes (CAGPs)"), cited ("the P2L algorithm (Paccagnan et al., 2023)") or
    described as others' ("WiSE-FT, a popular … method"), unless the abstract says it coins it."""
    if f"({name.name})" in background or f"({name.name}s)" in background or \
            is_attributed(text, name.name):
        return True
    return not name.said_coined and (is_cited(text, name.name) or
                                     _described_as_others(find_appositive(text, name.name)))


def _described_as_others(appositive: str) -> bool:
    """Tell whether what the abstract says a name is sets it apart as others' ("we closely
    examine WiSE-FT, a popular weight space ensemble method")."""
    words = appositive.lower().split()
    return len(words) > 1 and words[0] in DETERMINERS and words[1] in OTHERS_OPENERS


def _may_be_coined(name: Name, established: Established) -> bool:
    """Tell whether a name may be the paper's own, given the names earlier papers used."""
    # "Llama 2" is established when "Llama" is; "Adaptive Gradient Clipping" is not with
    # "Adaptive".
    version = _VERSION.fullmatch(" " + name.name.split(" ", 1)[-1]) if " " in name.name else None
    word = name.name.split(" ", 1)[0] if version else name.name
    return word not in established.common and (
        name.said_coined or word not in established.names)


def _may_hold_name(sentence: Sentence, prepared: Prepared) -> bool:
    """Tell whether a sentence has what every name needs: a capital after its first letter, a
    formula, quotation marks, or emphasis (most sentences have none and are skipped)."""
    text = sentence.text
    return not text[1:].islower() or bool(prepared.emphasized) or '"' in text or bool(
        prepared.maths and PLACEHOLDER.search(text))


class _CueWords(NamedTuple):
    """The words each cue pattern needs; `find_names` keeps those the abstract has."""

    naming: frozenset[str] = NAME_CUE_WORDS
    calling: frozenset[str] = frozenset({"call", "name", "dub", "term"})
    ours: frozenset[str] = frozenset({"our", "proposed", "resulting"})


def _collect_cued(found: dict[str, Name], sentence: Sentence, prepared: Prepared,
                  cue_words: _CueWords) -> None:
    """Add the names that a naming word, an introducing verb or "our …, X" points at."""
    text, lower = sentence.text, sentence.lower
    if mentions_any(lower, cue_words.naming):
        for cue in NAME_CUE.finditer(text):
            _add_name(found, name_at(text, cue.end(), prepared),
                      _naming_cue_score(sentence, cue.start()), text)
    for _, end in sentence.intro_cues:
        start = _skip_determiners(text, end)
        _add_name(found, name_at(text, start, prepared, strict=True) or
                  name_in_object(text, start), 3.0, text)
    if ("," in text or ":" in text) and (sentence.intro_cues or _OURS.search(lower)):
        for apposition in _APPOSITION.finditer(text):
            if _PRIOR_WORK.search(apposition.group(0)):
                # "R2I is faster than the state-of-the-art MBRL method, DreamerV3": a baseline.
                continue
            _add_name(found, name_at(text, apposition.end(), prepared, strict=True,
                                     apposition=_is_naming_noun(apposition.group(0))), 3.0, text,
                      said=_says_coined(apposition.group(0), sentence))
    if mentions_any(lower, cue_words.calling):
        for call in _CALL_CUE.finditer(text):
            # "We name this method Classifier Score Distillation (CSD)": the name is CSD.
            words = [word.strip("(),.;:") for word in text[call.end():].split()[:5]]
            _add_name(found, next((w for w in words if is_coined(w)), None), 3.2, text)
    if "(" in text and mentions_any(lower, cue_words.ours):
        for ours in _OUR_PAREN.finditer(text):
            _add_name(found, ours.group(1) if is_coined(ours.group(1)) else None, 2.5, text)


def _collect_opening(found: dict[str, Name], sentence: Sentence, index: int,
                     prepared: Prepared, cue_words: _CueWords) -> None:
    """Add names written "X, a …", "our X", "Full Name (X)", "**X** …" or set in emphasis."""
    text = sentence.text
    for named in _THEN_APPOSITIVE.finditer(text):
        word = text[:named.start()].rsplit(" ", 1)[-1].lstrip("(")
        if is_coined(word):
            _add_name(found, word, 2.5, text)
    if mentions_any(sentence.lower, cue_words.ours):
        for ours in _OUR_NAME.finditer(text):
            if is_coined(ours.group(1)):
                _add_name(found, ours.group(1), 2.0, text)
    # "This paper studies the Optimistic Multiplicative Weights Update (OMWU) …": an acronym
    # spelled out where the paper only studies something is the field's, not a coined name.
    if "(" in text and not _only_studies(sentence):
        for acronym in PAREN_ACRONYM.finditer(text):
            name = acronym.group(1)
            if is_coined(name) and (ord(name[0]) >= NAME_MATH_BASE or find_expansion(
                    text[max(0, acronym.start() - 160):acronym.end()], name)):
                _add_name(found, name, 1.5, text)
            elif _named_then_subject(name, index, prepared):
                _add_name(found, name, 2.0, text)
    opening = _OPENING_NAME.match(text)
    if opening and is_coined(opening.group(1)):
        _add_name(found, opening.group(1), 2.5, text)
    defined = _OPENING_ACRONYM.match(text) if "(" in text else None
    if defined and index > 0 and find_expansion(text, defined.group(1)):
        _add_name(found, defined.group(1), 2.0, text)
    first = text.split(" ", 1)[0].rstrip(TRAILING_PUNCT)
    if first in prepared.emphasized and is_coined(first):
        _add_name(found, first, 2.5, text)
    if sentence.intro_cues:
        for phrase in prepared.emphasized:
            if len(phrase) > 2 and phrase in text and is_coined(phrase) and \
                    len(phrase.split()) <= 3:
                _add_name(found, phrase, 2.0, text)


def _only_studies(sentence: Sentence) -> bool:
    """Tell whether a sentence studies something ("we study", "this paper analyzes") and
    introduces nothing ("we find that", "we show that" may well name the paper's own idea)."""
    return not sentence.intro_cues and any(
        sentence.lower[start:end].split()[-1] in _STUDYING_VERBS
        for start, end in sentence.study_cues)


def _count_mentions(text: str, name: str) -> int:
    """Count mentions of a name not followed by more of a word ("TD-MPC" in "TD-MPC2")."""
    count, at = 0, text.find(name)
    while at >= 0:
        end = at + len(name)
        count += end == len(text) or not (text[end].isalnum() or text[end] == "-")
        at = text.find(name, end)
    return count


_THINGS_BEFORE = re.compile(r"\b(?:people|persons|entities|[a-z]{3,}[^s\s]s)\s+$")


def _naming_cue_score(sentence: Sentence, cue_start: int) -> float:
    """Score "called X" by whose X it is: ours ("we propose … called X") or someone else's."""
    before = sentence.lower[:cue_start]
    if any(end <= cue_start for _, end in sentence.intro_cues):
        return 3.2
    if _PRIOR_WORK.search(before):
        return 1.0
    if _OURS.search(before):
        return 3.2
    if _THINGS_BEFORE.search(before):
        # "documents discussing different people named Michael Jordan": things in the world
        # go by the name, which the abstract does not coin.
        return 1.0
    return 2.0


def _background_text(prepared: Prepared) -> str:
    """Return the sentences before the first contribution sentence: what others did."""
    for index, sentence in enumerate(prepared.sentences):
        if sentence.intro_cues or sentence.study_cues:
            return " ".join(s.text for s in prepared.sentences[:index])
    return ""


def _says_coined(apposition: str, sentence: Sentence) -> bool:
    """Tell whether "…, X" introduces X as the paper's own: "we propose a new model, X" does;
    "we evaluate on the dataset, X" speaks of someone else's (an apposition with a prior-work
    word, "the previous model, PiFold", is no name at all: see `_collect_cued`)."""
    return bool(sentence.intro_cues) and not apposition.lower().startswith("the")


def _add_name(found: dict[str, Name], name: str | None, score: float, sentence: str,
              said: bool | None = None) -> None:
    """Record a name, keeping its strongest cue. `said`: whether the cue says the abstract coins
    the name (by default, whether the cue is as strong as "we propose X")."""
    if not name:
        return
    said_coined = score >= _COINING_SCORE if said is None else said
    name = name.strip(TRAILING_PUNCT + " ")
    if name.count("(") != name.count(")"):
        name = name.strip("()")
    if not name or name in COMMON_ACRONYMS or len(name.split()) > 6:
        return
    if name.islower() and not any(char.isdigit() or is_math(char) for char in name):
        # An emphasized "*safe*" or "*perceptual scale*" defines a term; a name has a capital,
        # a digit or math in it (iTransformer, word2vec, $\pi$-Flow).
        return
    if score <= 2.0 and _SHORT_ACRONYM.fullmatch(name):
        # A short acronym seen only in passing is usually the field's ("RNA", "KG", "NER").
        return
    at = sentence.find(name)
    version = _VERSION.match(sentence, at + len(name)) if at >= 0 else None
    if version:
        name = f"{name} {version.group(1)}"
    if at >= 0 and _is_near_dataset_word(sentence[max(0, at - 60):at + len(name) + 60]):
        # Papers that build a dataset or a task for their method are titled after the method.
        score -= 0.6
    if not found:
        score += 0.3
    said_coined = said_coined or (name in found and found[name].said_coined)
    if name not in found or found[name].score < score:
        found[name] = Name(name, score, said_coined=said_coined)
    elif said_coined:
        found[name] = Name(name, found[name].score, said_coined=True)


def _is_near_dataset_word(window: str) -> bool:
    """Tell whether a stretch of text speaks of a dataset, benchmark, corpus or suite."""
    lowered = window.lower()
    return any(stem in lowered for stem in _DATASET_STEMS) and bool(_DATASET_WORDS.search(window))


def _is_naming_noun(phrase: str) -> bool:
    """Tell whether a phrase ends in a noun that a name may follow ("our model, Coeditor")."""
    last = phrase.rstrip(",: ").rsplit(" ", 1)[-1].lower()
    return last in _NAMING_NOUNS or last.rstrip("s") in _NAMING_NOUNS


_LEADING_WORD = re.compile(r"([\w-]+),?\s+")


def _skip_determiners(sentence: str, start: int) -> int:
    """Move past articles and stock adjectives ("a novel", "a simple yet effective")."""
    while True:
        match = _LEADING_WORD.match(sentence, start)
        if not match or match.group(1).lower() not in DETERMINERS:
            return start
        start = match.end()
