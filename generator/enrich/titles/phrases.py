"""List the phrases of an abstract that a title could be made of.

A phrase starts after an introducing or studying verb ("we propose …", "this paper studies …"),
after "by" ("by aligning …"), or opens one of the first two sentences; it is offered at every
length at which it can end cleanly (see `spans`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .prepare import Prepared
from .vocabulary import (CLAUSE_WORDS, DANGLING, DETERMINERS, GENERIC_HEADS, MAX_WORDS, MIN_WORDS,
                         SMALL_WORDS, TRAILING_PUNCT, VERB_OBJECT_STARTS, VERBS, is_adverb)

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
_BARE_VERBS = frozenset("""estimate learn use require rely treat assume ignore exploit neglect
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
    "object" (after "we show", "we study"), "gerund" ("by …ing"), "subject" (opening phrases)."""


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
            found += [Candidate(span, kind) for span in _object_spans(sentence.text[end:])]
        has_by = "by" in sentence.words
        if index >= 2 and not has_by:
            continue
        words = phrase_words(sentence.text)
        if has_by:
            found += [Candidate(span, "gerund") for span in _by_gerund_spans(words)]
        start = skip_determiners(words)
        if index < 2 and _ANAPHORIC.isdisjoint(word.lower() for word in words[:start]):
            found += [Candidate(span, "subject") for span in spans(words, start)]
    return tuple(c for c in found if has_content(c.words))


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
        return spans(words, start)
    after = spans(words, skip_determiners(words, colon + 1))
    # "we present Habitat 3.0: a simulation platform …": before the colon is a name, keep it.
    return after if all(word.islower() for word in words[start:colon + 1]) else \
        spans(words, start) + after


def describing_candidates(description: str) -> list[Candidate]:
    """List the phrases that say what a name is or does, each at every length it can end at.

    From "X, a framework for …": the noun phrase ("Framework for …"); from "a framework that
    extends …" or "which resolves … by leveraging …": what it does, as a gerund phrase
    ("Extending …", "Leveraging …").
    """
    words = phrase_words(description)
    start = skip_determiners(words)
    found = [span for span in spans(words, start) if has_content(span)]
    if found:
        return [Candidate(span, "appositive") for span in found]
    for position in range(start, min(len(words) - 1, start + 6)):
        if words[position].lower() in ("that", "which"):
            does = _gerund(words[position + 1])
            if does:
                found += spans([does] + words[position + 2:], 0)
            break
    found += _by_gerund_spans(words)
    return [Candidate(span, "appositive") for span in found if has_content(span)]


def _by_gerund_spans(words: list[str]) -> list[tuple[str, ...]]:
    """Return the spans that start at an "-ing" word after "by" ("by aligning the …")."""
    return [span for position, word in enumerate(words[:-1])
            if word.lower() == "by" and words[position + 1].lower().endswith("ing")
            for span in spans(words, position + 1)]


def _gerund(verb: str) -> str:
    """Turn a verb in the third person ("extends", "unifies", "maps") into its "-ing" form."""
    if not (verb.islower() and verb.isalpha() and verb.endswith("s") and len(verb) > 3) or \
            verb.endswith(("ss", "us", "is")):
        return ""
    if verb.endswith("ies"):
        base = verb[:-3] + "y"
    elif verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        base = verb[:-2]
    else:
        base = verb[:-1]
    if base.endswith("e") and not base.endswith(("ee", "ye", "oe")):
        return base[:-1] + "ing"
    vowels = "aeiou"
    if len(base) in (3, 4) and base[-1] not in vowels + "wxy" and base[-2] in vowels and \
            base[-3] not in vowels and (len(base) == 3 or base[-4] not in vowels):
        return base + base[-1] + "ing"
    return base + "ing"


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
    """Skip articles and stock adjectives at the start of a phrase."""
    while start < len(words) and words[start].rstrip(",").lower() in DETERMINERS:
        start += 1
    return start


def spans(words: list[str], start: int) -> list[tuple[str, ...]]:
    """Return the phrase starting at `start` cut at each point where it can end cleanly.

    A phrase stops before a clause word, a common verb or a word that points back ("this",
    "both") and at punctuation; it may end only where the next word is a function word or
    punctuation, and never on a dangling word.
    """
    found: list[tuple[str, ...]] = []
    window = words[start:start + MAX_WORDS + 1]
    following = window[0].strip(TRAILING_PUNCT).lower() if window else ""
    previous = ""
    for position, word in enumerate(window[:MAX_WORDS]):
        core = following
        following = window[position + 1].strip(TRAILING_PUNCT).lower() \
            if position + 1 < len(window) else ""
        if position == 0:
            if core in _CANNOT_START or core in _ANAPHORIC or not core.strip("-") or (
                    is_adverb(core) and not following.endswith(_MODIFIER_ENDINGS)):
                break
        elif core in _PHRASE_BREAKS or core in _ANAPHORIC or is_adverb(core) or (
                core.endswith("s") and not core.endswith(("ss", "us", "is", "ics")) and
                following in VERB_OBJECT_STARTS and word.islower()) or (
                (core in _BARE_VERBS or core.endswith("ing")) and _is_plural(previous)):
            break
        previous = core
        is_last = start + position + 1 == len(words) or word[-1:] in _END_PUNCT
        can_end = core not in DANGLING and not (core.endswith("ed") and word.islower()) and \
            not is_adverb(core)
        if can_end and (is_last or following in _CAN_END_BEFORE or (
                following in _BARE_VERBS and _is_plural(core))):
            found.append(tuple(w.rstrip(TRAILING_PUNCT + "—–") or w
                               for w in window[:position + 1]))
        if is_last:
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
