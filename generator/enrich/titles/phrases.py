"""List the phrases of an abstract that a title could be made of.

A phrase starts after an introducing or studying verb ("we propose …", "this paper studies …"),
after "by" ("by aligning …"), or opens one of the first two sentences; it is offered at every
length at which it can end cleanly (see `spans`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .prepare import Prepared
from .restate import restate
from .vocabulary import (
    CLAUSE_WORDS,
    DANGLING,
    DETERMINERS,
    GENERIC_HEADS,
    MAX_WORDS,
    MIN_WORDS,
    SMALL_WORDS,
    TO_VERBS,
    TRAILING_PUNCT,
    VERB_OBJECT_STARTS,
    VERBS,
    is_adverb,
)
from .word_forms import base_gerund, is_never_a_noun

_PARENTHETICAL = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_DASHES = frozenset({"-", "—", "–"})
# Participles that open a clause after a noun ("a framework consisting of …"), and adverbs
# that end a phrase ("… instead", "… respectively").
_PHRASE_BREAKS = CLAUSE_WORDS | VERBS | frozenset("""consisting showcasing involving including
containing comprising featuring combining leveraging exploiting utilizing utilising employing
incorporating integrating offering providing ensuring capturing producing highlighting indicating
suggesting revealing spanning ranging covering targeting addressing tackling facilitating
supporting maintaining preserving guaranteeing surpassing instead respectively accordingly
together alone altogether overall""".split())
_CANNOT_START = CLAUSE_WORDS | VERBS | DANGLING
_CAN_END_BEFORE = SMALL_WORDS | CLAUSE_WORDS | VERBS
# Words that say nothing of a paper on their own: "a practical method", "theoretical results".
_NOT_CONTENT = GENERIC_HEADS | DANGLING | frozenset("""results result analysis study perspective
insights insight findings view lens way ways idea ideas problem problems question questions issue
issues aspect direction directions avenue similar theoretical practical simple efficient effective
general flexible scalable lightweight powerful versatile principled unified systematic
comprehensive holistic key main important thorough extensive detailed""".split())
_END_PUNCT = ",;:.!?"
# Nouns that frame the subject in "the task of X", "the problem of X": the phrase is X.
_FRAMING_NOUNS = frozenset("""task problem challenge question issue context use notion concept
setting case study analysis topic field area domain efficacy effectiveness importance role
performance capability capabilities ability abilities class kind type variety""".split())
# Words after which a noun phrase starts inside a sentence (see `_inner_spans`).
_INNER_PHRASE_OPENERS = frozenset("a an the of for on in with from via".split())
# "we show that X …", "we ask whether X …": the phrase is the clause's subject X.
_CLAUSE_OPENERS = frozenset({"that", "how", "whether", "why"})
# "we test the hypothesis that X …".
_CLAIM_NOUNS = frozenset({"hypothesis", "idea", "question", "claim", "fact", "conjecture",
                          "possibility", "notion", "view", "finding", "observation"})
# Words that point back at earlier sentences; a phrase with one means nothing on its own.
_ANAPHORIC = frozenset({"this", "these", "those", "both", "such", "its", "their", "it", "they",
                        "them", "aforementioned", "above", "similar", "same"})
# Adjective and participle endings: an adverb before one starts a phrase ("spectrally driven").
_MODIFIER_ENDINGS = ("ed", "en", "wn", "ing", "al", "ive", "ic", "ous", "able", "ible", "ent",
                     "ant", "ful", "less", "ary")
# Verbs that follow a plural subject in their bare form ("methods estimate", "models learn"):
# a phrase stops before them.
_BARE_VERBS = frozenset("""constitute extend play hold offer remain estimate learn use require rely
treat assume ignore exploit neglect
overlook suffer depend struggle fail lack focus aim seek try attempt employ adopt apply leverage
achieve perform produce generate predict capture encode operate work remain become tend allow
enable show exhibit offer provide face pose need consider optimize train compute measure select
identify improve reduce yield lead make remain outperform behave""".split())
# Words that show a clause's subject has ended: a verb, or a modal before one.
_VERB_AFTER_SUBJECT = VERBS | _BARE_VERBS | {"can", "could", "may", "might", "will", "would",
                                             "should", "must", "do", "does", "not", "cannot"}


@dataclass(frozen=True)
class Candidate:
    """A phrase of the abstract that could serve as a title or as the part after a colon."""

    words: tuple[str, ...]
    """The phrase's words, parentheticals dropped, punctuation at its end removed."""
    kind: str
    """Where it was found: "appositive" (what a name is), "proposal" (after "we propose"),
    "object" (after "we show", "we study"), "gerund" ("by …ing"), "subject" (opening phrases),
    "inner" (a noun phrase inside a contribution or opening sentence)."""
    sentence: int = 0
    """The index of the sentence it was found in."""


def find_candidates(prepared: Prepared) -> tuple[Candidate, ...]:
    """List the phrases a title could be made of, each at every length it can end at.

    After a cue, the phrase is the verb's object ("we propose a tight bound …"), or the subject
    of the clause it opens ("we show that deep scoring functions …", "we test the hypothesis
    that sensory prompting …"), or what a colon introduces ("we study a hybrid perspective:
    trust region continual learning …"). Phrases that point back at earlier sentences ("this
    challenge", "both networks") are left out: they mean nothing in a title.
    """
    found: list[Candidate] = []
    for index, sentence in enumerate(prepared.sentences):
        cues = [(end, "proposal") for _, end in sentence.intro_cues] + \
            [(end, "object") for _, end in sentence.study_cues]
        for end, kind in cues:
            found += [Candidate(span, kind, index) for span in _object_spans(sentence.text[end:])]
        is_contribution = bool(cues)
        has_by = "by" in sentence.words
        if index >= 2 and not has_by and not is_contribution:
            continue
        words = phrase_words(sentence.text)
        tokens = read_tokens(words)
        if has_by:
            found += [Candidate(span, "gerund", index) for span in _by_gerund_spans(tokens)]
        start = skip_determiners(words)
        if index < 2 and _ANAPHORIC.isdisjoint(word.lower() for word in words[:start]):
            found += [Candidate(span, "subject", index) for span in spans(tokens, start)]
        if is_contribution or index < 2:
            found += [Candidate(span, "inner", index) for span in _inner_spans(tokens)]
    return tuple(c for c in found if has_content(c.words) and not speaks_of_others(c.words))


# Words that point at other people's work: "previous successful foot reconstruction work",
# "the so-called inversion attacks", "existing methods" are not what the paper contributes.
_OTHERS_WORK = frozenset({"previous", "existing", "so-called", "conventional", "prevailing"})


def speaks_of_others(words: tuple[str, ...]) -> bool:
    """Tell whether a phrase speaks of other people's work ("Previous Foot Reconstruction")."""
    return any(word.lower() in _OTHERS_WORK for word in words)


def _inner_spans(tokens: Tokens) -> list[tuple[str, ...]]:
    """Return the noun phrases inside a sentence: those after an article or a preposition.

    A contribution sentence says what the paper does in its inner phrases as well as in its
    verb's object ("we propose a method for aligning reward models with …"): titles often
    name the problem ("Aligning Reward Models") rather than the method.
    """
    words = tokens.words
    found = [span for position in range(1, len(words))
             if words[position - 1].lower() in _INNER_PHRASE_OPENERS
             for span in spans(tokens, position)]
    for position in range(1, len(words) - 1):
        if words[position - 1].lower() == "to" and words[position] in TO_VERBS:
            doing = [base_gerund(words[position])] + words[position + 1:]
            found += [span for span in spans(doing, 0) if len(span) > 1]
    return found


def _object_spans(text: str) -> list[tuple[str, ...]]:
    """Return the phrases after a cue: its object, or the subject of the clause it opens.

    A clause's subject counts only where a verb is seen to follow it ("… prompting can …"),
    so that a title never runs on into the clause's verb. A colon early in the object
    introduces what the object is ("a hybrid perspective: trust region continual learning"):
    the phrase is what follows it, and what precedes it too when that is a name.
    """
    words = phrase_words(text)
    start = skip_determiners(words)
    if start + 1 < len(words) and words[start].lower() in _CLAIM_NOUNS and \
            words[start + 1].lower() == "that":
        start += 1
    if start < len(words) and words[start].lower() in _CLAUSE_OPENERS:
        start = skip_determiners(words, start + 1)
        return [span for span in spans(words, start) if start + len(span) < len(words) and
                words[start + len(span)].lower() in _VERB_AFTER_SUBJECT]
    colon = next((at for at, word in enumerate(words[start:start + 4], start)
                  if word.endswith(":")), None)
    if colon is None:
        # "a novel approach for achieving X": the phrase is X (see `restate`).
        restated = restate(words[:start + MAX_WORDS + 8])
        if len(restated) < len(words) - start:
            return spans(words, start) + spans(read_tokens(restated[:MAX_WORDS + 1], loose=True), 0)
        return spans(words, start)
    after = spans(words, skip_determiners(words, colon + 1))
    # "we present Habitat 3.0: a simulation platform …": before the colon is a name, keep it.
    return after if all(word.islower() for word in words[start:colon + 1]) else \
        spans(words, start) + after


def describing_candidates(descriptions: list[str]) -> list[Candidate]:
    """List the phrases that say what a name is or does, each at every length it can end at.

    Each description ("a framework for …", "a method that generates …") is first said as a
    title says it (`restate`: "…", "Generating …"); what is left of it after "by" counts too
    ("by leveraging …").
    """
    found: list[tuple[str, ...]] = []
    for description in descriptions:
        words = phrase_words(description)
        restated = restate(words)[:MAX_WORDS + 1]
        found += [(*span[:-1], span[-1].rstrip(TRAILING_PUNCT))
                  for span in spans(read_tokens(restated, loose=True), 0)]
        found += _by_gerund_spans(words)
    return [Candidate(span, "appositive") for span in dict.fromkeys(found)
            if has_content(span) and not speaks_of_others(span)]


def _by_gerund_spans(words: list[str] | Tokens) -> list[tuple[str, ...]]:
    """Return the spans that start at an "-ing" word after "by" ("by aligning the …")."""
    tokens = words if isinstance(words, Tokens) else read_tokens(words)
    words = tokens.words
    return [span for position, word in enumerate(words[:-1])
            if word.lower() == "by" and words[position + 1].lower().endswith("ing")
            for span in spans(tokens, position + 1)]


def phrase_words(text: str) -> list[str]:
    """Split text into words, dropping parentheticals, brackets and quotation marks."""
    while "(" in text or "[" in text:
        pieces, last = [], 0
        for match in _PARENTHETICAL.finditer(text):
            # The space before a parenthetical goes with it: "word (x)," reads "word,".
            pieces.append(text[last:match.start()].rstrip())
            last = match.end()
        if not pieces:
            break
        text = "".join(pieces) + text[last:]
    return [word for word in text.replace('"', "").split() if word not in _DASHES]


def skip_determiners(words: list[str], start: int = 0) -> int:
    """Skip articles, stock adjectives and framing nouns at the start of a phrase ("the task of
    out-of-distribution generalization" is about out-of-distribution generalization)."""
    while start < len(words):
        word = words[start].rstrip(",").lower()
        if word in DETERMINERS:
            start += 1
        elif word in _FRAMING_NOUNS and start + 2 < len(words) and \
                words[start + 1].lower() == "of":
            start += 2
        else:
            return start
    return start


class Tokens(NamedTuple):
    """A run of words read once for `spans`, which starts phrases at many of its positions.

    Whether a phrase may start, must stop or may end at a word depends only on that word and
    its neighbours, never on where the phrase started: each is worked out once per word.
    """

    words: list[str]
    trimmed: list[str]
    """Each word without the punctuation after it, as a phrase ends with it."""
    can_start: list[bool]
    stops: list[bool]
    """A phrase that reaches this word stops before it."""
    can_end: list[bool]
    is_last: list[bool]
    """A phrase that reaches this word ends with it (punctuation, or the run's end)."""


_ENUMERATION = re.compile(r"\(?(?:\d{1,2}|[ivx]{1,4}|[a-h])\)[,:;]?")


def read_tokens(words: list[str], loose: bool = False) -> Tokens:
    """Read a run of words for `spans` (see `Tokens`).

    `loose` reads a phrase that is known to be one noun phrase (a restated description), where
    modifiers run on past "and" and commas ("wearable, simulation-ready 3D garment meshes").
    """
    flags = [_word_flags(word) for word in words]
    count = len(words)
    can_start, stops, can_end, is_last = [], [], [], []
    none = _word_flags("")
    for position, own in enumerate(flags):
        following = flags[position + 1] if position + 1 < count else none
        previous = flags[position - 1] if position else none
        can_start.append(own.may_start and not (own.adverb and not following.modifier and
                                                 not loose))
        # In a description, an adverb before a modifier of a noun runs on too ("a framework for
        # learning biologically aligned representations"; not "specifically designed for").
        runs_on = loose and (words[position].lower() == "and" or words[position][-1:] == "," or
                             own.adverb and following.modifier and position + 2 < count and
                             _word_flags(words[position + 2]).may_end)
        stops.append((own.always_stops and not runs_on) or (
            own.plural_lower and following.object_start) or (
            own.verb_after_plural and previous.plural))
        last = position + 1 == count or (own.ends_clause and not runs_on)
        is_last.append(last)
        # "… in the style" before "of ReAct" is cut short: "the X" needs its "of".
        can_end.append(own.may_end and (last or following.ends_before or (
            following.bare_verb and own.plural)) and not (
            following.is_of and previous.is_the and not last))
    # A loose phrase keeps the commas between its modifiers; `describing_candidates` trims
    # its last word.
    trimmed = [(word if loose and word.endswith(",") else word.rstrip(TRAILING_PUNCT + "—–"))
               or word for word in words]
    return Tokens(words, trimmed, can_start, stops, can_end, is_last)


class _WordFlags(NamedTuple):
    """What `read_tokens` needs to know of one word, its neighbours apart."""

    may_start: bool
    adverb: bool
    modifier: bool
    """An adjective or participle ending: an adverb before it may start a phrase."""
    always_stops: bool
    plural_lower: bool
    """A lower-case plural-looking word: a verb when an object follows ("X enables the …")."""
    object_start: bool
    verb_after_plural: bool
    plural: bool
    ends_clause: bool
    may_end: bool
    ends_before: bool
    """A phrase may end right before this word."""
    bare_verb: bool
    is_of: bool
    is_the: bool


@lru_cache(maxsize=65536)
def _word_flags(word: str) -> _WordFlags:
    """Read one word for `read_tokens` (cached: abstracts share most of their words)."""
    core = word.strip(TRAILING_PUNCT).lower()
    adverb = is_adverb(core)
    listed = bool(_ENUMERATION.fullmatch(word))  # "1)", "(ii)": a list of the sentence's own
    return _WordFlags(
        may_start=not (core in _CANNOT_START or core in _ANAPHORIC or not core.strip("-") or
                       listed),
        adverb=adverb, modifier=core.endswith(_MODIFIER_ENDINGS),
        always_stops=core in _PHRASE_BREAKS or core in _ANAPHORIC or adverb or listed,
        plural_lower=core.endswith("s") and not core.endswith(("ss", "us", "is", "ics")) and
        word.islower(),
        object_start=core in VERB_OBJECT_STARTS,
        verb_after_plural=core in _BARE_VERBS or core.endswith("ing"),
        plural=_is_plural(core), ends_clause=word[-1:] in _END_PUNCT,
        may_end=core not in DANGLING and not (core.endswith("ed") and word.islower()) and
        not adverb and not is_never_a_noun(core),
        ends_before=core in _CAN_END_BEFORE, bare_verb=core in _BARE_VERBS, is_of=core == "of",
        is_the=core == "the")


def spans(words: list[str] | Tokens, start: int) -> list[tuple[str, ...]]:
    """Return the phrase starting at `start` cut at each point where it can end cleanly.

    A phrase stops before a clause word, a common verb or a word that points back ("this",
    "both") and at punctuation; it may end only where the next word is a function word or
    punctuation, and never on a dangling word. Pass `Tokens` to start at many positions of
    the same words.
    """
    if not isinstance(words, Tokens):
        words, start = read_tokens(words[start:start + MAX_WORDS + 1]), 0
    found: list[tuple[str, ...]] = []
    if start >= len(words.words) or not words.can_start[start]:
        return found
    for position in range(start, min(start + MAX_WORDS, len(words.words))):
        if position > start and words.stops[position]:
            break
        if words.can_end[position]:
            found.append(tuple(words.trimmed[start:position + 1]))
        if words.is_last[position]:
            break
    return found


def _is_plural(word: str) -> bool:
    """Tell whether a lower-case word looks like a plural noun ("methods", not "loss")."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ics"))


def has_content(words: tuple[str, ...]) -> bool:
    """Tell whether a phrase says more than "a framework" or "a method"."""
    return any(word.lower() not in _NOT_CONTENT for word in words)


def fallback_phrase(prepared: Prepared, budget: int) -> str:
    """Return the opening words of the first sentence, cut where a phrase can end."""
    words = phrase_words(prepared.sentences[0].text if prepared.sentences else "Untitled abstract")
    words = words[skip_determiners(words):]
    ends = [span for span in spans(words, 0) if MIN_WORDS <= len(span) <= budget]
    if ends:
        return " ".join(ends[-1])
    run = _run_until_break(words)[:budget]
    while run and (run[-1].lower() in DANGLING or run[-1].lower().endswith("ed")):
        run.pop()
    if len(run) >= MIN_WORDS:
        return " ".join(run)
    for size in range(min(budget, len(words), 12), MIN_WORDS - 1, -1):
        if words[size - 1].strip(TRAILING_PUNCT).lower() not in DANGLING:
            return " ".join(word.strip(TRAILING_PUNCT) for word in words[:size])
    return " ".join(words[:max(MIN_WORDS, 1)]) or "Untitled abstract"


def _run_until_break(words: list[str]) -> list[str]:
    """Return the opening words up to the first clause word, verb or adverb."""
    run: list[str] = []
    for word in words:
        core = word.strip(TRAILING_PUNCT).lower()
        if run and (core in _PHRASE_BREAKS or is_adverb(core)):
            break
        run.append(word.strip(TRAILING_PUNCT))
        if word[-1:] in _END_PUNCT:
            break
    return run
