"""List the phrases of an abstract that a title could be made of.

A phrase starts after an introducing or studying verb ("we propose …", "this paper studies …"),
after "by" ("by aligning …"), or opens one of the first two sentences; it is offered at every
length at which it can end cleanly (see `tokens.spans`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .prepare import Prepared
from .restate import restate
from .tokens import ANAPHORIC, BARE_VERBS, END_PUNCT, PHRASE_BREAKS, Tokens, read_tokens, spans
from .vocabulary import (
    DANGLING,
    DETERMINERS,
    GENERIC_HEADS,
    MAX_WORDS,
    MIN_WORDS,
    TO_VERBS,
    TRAILING_PUNCT,
    VERBS,
    is_adverb,
)
from .word_forms import base_gerund

_PARENTHETICAL = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_DASHES = frozenset({"-", "—", "–"})
# Words that say nothing of a paper on their own: "a practical method", "theoretical results".
_NOT_CONTENT = GENERIC_HEADS | DANGLING | frozenset("""results result analysis study perspective
insights insight findings view lens way ways idea ideas problem problems question questions issue
issues aspect direction directions avenue similar theoretical practical simple efficient effective
general flexible scalable lightweight powerful versatile principled unified systematic
comprehensive holistic key main important thorough extensive detailed""".split())
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
# Words that show a clause's subject has ended: a verb, or a modal before one.
_VERB_AFTER_SUBJECT = VERBS | BARE_VERBS | {"can", "could", "may", "might", "will", "would",
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
        if index < 2 and ANAPHORIC.isdisjoint(word.lower() for word in words[:start]):
            found += [Candidate(span, "subject", index) for span in spans(tokens, start)]
        if is_contribution or index < 2:
            found += [Candidate(span, "inner", index) for span in _inner_spans(tokens)]
    found = [Candidate(kept, c.kind, c.sentence) if (kept := unjudged(c.words)) != c.words else c
             for c in found]
    return tuple(c for c in found if has_content(c.words) and not speaks_of_others(c.words))


# Words that point at other people's work: "previous successful foot reconstruction work",
# "the so-called inversion attacks", "existing methods" are not what the paper contributes.
_OTHERS_WORK = frozenset({"previous", "existing", "so-called", "conventional", "prevailing"})
# Words that, opening a phrase, set it apart as what others do ("recent LMMs", "standard
# offline RL algorithms", "other INR methods"): the background's topic at most.
OTHERS_OPENERS = frozenset("""recent current standard traditional popular widely-used widely
state-of-the-art sota other typical dominant prevailing mainstream conventional existing
previous""".split())
# Words that judge or count what follows ("many real-world domains", "a key component", "a
# useful tool for …"): how the abstract sees a thing, not what the thing is.
JUDGING_WORDS = frozenset("""many some several various numerous few fundamental fundamentally
longstanding long-standing promising key important crucial significant growing increasing useful
successful good great modern different further""".split())


def speaks_of_others(words: tuple[str, ...]) -> bool:
    """Tell whether a phrase speaks of other people's work ("Previous Foot Reconstruction")."""
    return any(word.lower() in _OTHERS_WORK for word in words)


def unjudged(words: tuple[str, ...]) -> tuple[str, ...]:
    """Return a phrase without the words that judge or count it at its start ("Many
    Real-World Domains" is "Real-World Domains"), unless only one word would be left: "Key
    Component" says nothing either way, and a title padded out to length reads worse."""
    rest = without_leading(words, JUDGING_WORDS)
    return rest if len(rest) >= 2 else words


def without_leading(words: tuple[str, ...], dropped: frozenset[str]) -> tuple[str, ...]:
    """Return a phrase without the words of `dropped` (lower case) at its start."""
    start = 0
    while start < len(words) and words[start].lower() in dropped:
        start += 1
    return words[start:]


def _after_comparison(words: list[str], opener: int) -> bool:
    """Tell whether the word at `opener` (an article or preposition) follows "than": what a
    comparison sets the paper against ("better than the simple non-prediction based
    algorithm", "rather than a fixed schedule") is not its subject."""
    return opener > 0 and words[opener - 1].lower() == "than"


# "in terms of", "by means of", "in view of": the noun is part of a preposition, no phrase.
_IDIOMS = frozenset(tuple(idiom.split()) for idiom in (
    "in terms", "by means", "in view", "in spite", "in lieu", "in favor", "in favour", "in front",
    "in place", "on top", "in light", "with respect", "with regard", "in case", "in order",
    "in addition"))


def _in_idiom(words: list[str], position: int) -> bool:
    """Tell whether the word at `position` is the noun of a phrase such as "in terms of"."""
    return (words[position - 1].lower(), words[position].lower()) in _IDIOMS and \
        position + 1 < len(words) and words[position + 1].lower() == "of"


def _inner_spans(tokens: Tokens) -> list[tuple[str, ...]]:
    """Return the noun phrases inside a sentence: those after an article or a preposition.

    A contribution sentence says what the paper does in its inner phrases as well as in its
    verb's object ("we propose a method for aligning reward models with …"): titles often
    name the problem ("Aligning Reward Models") rather than the method.
    """
    words = tokens.words
    found = [span for position in range(1, len(words))
             if words[position - 1].lower() in _INNER_PHRASE_OPENERS and
             not _after_comparison(words, position - 1) and not _in_idiom(words, position)
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
    return [Candidate(span, "appositive") for span in dict.fromkeys(map(unjudged, found))
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
            # The space before a parenthetical goes with it: "word (x)," reads "word,"; but
            # "comprehensive (non-)asymptotic" reads "comprehensive asymptotic".
            joins = text[match.end():match.end() + 1].isalnum() and text[match.start() - 1:
                                                                          match.start()] == " "
            pieces.append(text[last:match.start()].rstrip() + " " * joins)
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
        if run and (core in PHRASE_BREAKS or is_adverb(core)):
            break
        run.append(word.strip(TRAILING_PUNCT))
        if word[-1:] in END_PUNCT:
            break
    return run
