"""Read a run of words once: where a phrase may start, must stop and may end at each word
(`read_tokens`), and the phrases that start at a position, at every length they can end at
(`spans`). Whether a phrase may start, stop or end at a word depends only on that word and its
neighbours, so each word is read once however many phrases pass it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from .vocabulary import (
    CLAUSE_WORDS,
    DANGLING,
    MAX_WORDS,
    SMALL_WORDS,
    TRAILING_PUNCT,
    VERB_OBJECT_STARTS,
    VERBS,
    is_adverb,
)
from .word_forms import is_never_a_noun

# Participles that open a clause after a noun ("a framework consisting of …"), and adverbs
# that end a phrase ("… instead", "… respectively").
PHRASE_BREAKS = CLAUSE_WORDS | VERBS | frozenset("""consisting showcasing involving including
containing comprising featuring combining leveraging exploiting utilizing utilising employing
incorporating integrating offering providing ensuring capturing producing highlighting indicating
suggesting revealing spanning ranging covering targeting addressing tackling facilitating
supporting maintaining preserving guaranteeing surpassing instead respectively accordingly
together alone altogether overall""".split())
_CANNOT_START = CLAUSE_WORDS | VERBS | DANGLING
_CAN_END_BEFORE = SMALL_WORDS | CLAUSE_WORDS | VERBS
# Adjectives that follow their noun and open what it does ("a clustering method able to handle
# several functions"): the noun phrase ends before one.
_AFTER_NOUN = frozenset({"able"})
# What follows a participle that opens a clause after its noun ("a theory characterizing both
# the strengths …", "a module enabling the model to …"): the noun phrase may end before it.
# Narrower than VERB_OBJECT_STARTS: with "this", "to", "all" or "strong" too, 8 titles of the
# four lists changed, half of them worse ("Natural Language: …", "… in the Reward-Free").
_CLAUSE_OBJECT_STARTS = frozenset({"a", "an", "the", "both", "its", "their", "each", "how",
                                   "whether", "which"})
END_PUNCT = ",;:.!?"
# Words that point back at earlier sentences; a phrase with one means nothing on its own.
ANAPHORIC = frozenset({"this", "these", "those", "both", "such", "its", "their", "it", "they",
                       "them", "aforementioned", "above", "similar", "same"})
# Adjective and participle endings: an adverb before one starts a phrase ("spectrally driven").
_MODIFIER_ENDINGS = ("ed", "en", "wn", "ing", "al", "ive", "ic", "ous", "able", "ible", "ent",
                     "ant", "ful", "less", "ary")
# Verbs that follow a plural subject in their bare form ("methods estimate", "models learn"):
# a phrase stops before them.
BARE_VERBS = frozenset("""constitute extend play hold offer remain estimate learn use require rely
treat assume ignore exploit neglect
overlook suffer depend struggle fail lack focus aim seek try attempt employ adopt apply leverage
achieve perform produce generate predict capture encode operate work remain become tend allow
enable show exhibit offer provide face pose need consider optimize train compute measure select
identify improve reduce yield lead make remain outperform behave""".split())


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
    after_the = False  # in a noun phrase "the" opened, no function word or comma since
    for position, own in enumerate(flags):
        after_the = own.is_the or after_the and not (own.ends_before or own.ends_clause or
                                                      words[position][-1:] == ",")
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
            own.plural_lower and following.object_start and not (loose and following.is_to)) or (
            own.verb_after_plural and previous.plural))
        last = position + 1 == count or (own.ends_clause and not runs_on)
        is_last.append(last)
        # "… in the style" before "of ReAct", "for the automatic generation" before "of
        # co-speech gestures" are cut short: "the X" needs its "of".
        after_next = flags[position + 2] if position + 2 < count else none
        can_end.append(own.may_end and (last or following.ends_before or (
            following.bare_verb and own.plural) or (
            following.participle and after_next.clause_object)) and not (
            following.is_of and after_the and not last) and not (
            # "…, enhancing | the learning of": after a comma, a participle with an object
            # opens a clause.
            own.participle and following.clause_object and words[position - 1][-1:] == ","))
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
    is_to: bool
    participle: bool
    """A lower-case word in -ing: a verb when an object follows ("characterizing both …")."""
    clause_object: bool


@lru_cache(maxsize=65536)
def _word_flags(word: str) -> _WordFlags:
    """Read one word for `read_tokens` (cached: abstracts share most of their words)."""
    core = word.strip(TRAILING_PUNCT).lower()
    adverb = is_adverb(core)
    listed = bool(_ENUMERATION.fullmatch(word))  # "1)", "(ii)": a list of the sentence's own
    return _WordFlags(
        may_start=not (core in _CANNOT_START or core in ANAPHORIC or not core.strip("-") or
                       listed),
        adverb=adverb, modifier=core.endswith(_MODIFIER_ENDINGS),
        always_stops=core in PHRASE_BREAKS or core in ANAPHORIC or core in _AFTER_NOUN or adverb or
        listed,
        plural_lower=core.endswith("s") and not core.endswith(("ss", "us", "is", "ics")) and
        word.islower(),
        object_start=core in VERB_OBJECT_STARTS,
        verb_after_plural=core in BARE_VERBS or core.endswith("ing"),
        plural=_is_plural(core), ends_clause=word[-1:] in END_PUNCT,
        may_end=core not in DANGLING and not (core.endswith("ed") and word.islower()) and
        not adverb and not is_never_a_noun(core),
        ends_before=core in _CAN_END_BEFORE or core in _AFTER_NOUN, bare_verb=core in BARE_VERBS,
        is_of=core == "of", is_the=core == "the", is_to=core == "to",
        participle=core.endswith("ing") and word.islower(),
        clause_object=core in _CLAUSE_OBJECT_STARTS)


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
