"""Read the name that starts at a given point of a sentence (after "we propose", "termed", …).

A name is a coined word, a phrase the author emphasized, a quoted phrase, or a run of
Capitalised words that ends where a name ends (before "(ACR)", ", a …", "is", a full stop).
"""

from __future__ import annotations

import re

from .coined import find_expansion, is_coined
from .prepare import Prepared, is_math
from .vocabulary import CLAUSE_WORDS, DETERMINERS, GENERIC_HEADS, SMALL_WORDS, TRAILING_PUNCT

PAREN_ACRONYM = re.compile(r"\(\s*([^()\s]{1,24})\s*\)")
_QUOTED = re.compile(r"\"([^\"]{2,60}?)[,.]?\"")
_CAPITALISED_RUN = re.compile(
    r"[A-Z\ue000-\uf8ff][\w'-]*"
    r"(?:\s+(?:of|for|and|in|on|with|the|to|via|&)?\s*[A-Z\w][\w'-]*){0,9}?"
    r"(?=\s*\(|,\s|\s+(?:is|are|which|that|to|for)\s|[.;]|$)")
_GENERIC_HEAD_NEXT = re.compile(r"\s+(?:" + "|".join(sorted(GENERIC_HEADS)) + r")\b")
_SPELLED_OUT_NEXT = re.compile(r"\s*\((\w)[\w-]*\s+[^()]+\)")
_ACRONYM_NEXT = re.compile(r"\s*\(([^()\s]{2,20})\)")
_APPOSITIVE_NEXT = re.compile(r",\s+(?:a|an|the|which)\s")
_PHRASE_END_NEXT = re.compile(r"[\s,.;]|$")
_NAME_END_NEXT = re.compile(r",\s|\.(?:\s|$)|$|\s+(?:to|that|which)\s")
_OBJECT_BREAKS = CLAUSE_WORDS - {"and"}
_OBJECT_LINKS = SMALL_WORDS - {"and", "of"}


def name_at(sentence: str, start: int, prepared: Prepared, strict: bool = False,
            apposition: bool = False) -> str | None:
    """Return the name that starts at `start`: coined word, emphasized phrase or Capitalised words.

    With `strict`, Capitalised words count only when they end in an acronym in parentheses or
    before ", a …", as in "we present Neural Spectral Methods, a technique …".
    """
    rest = sentence[start:]
    ahead = PAREN_ACRONYM.search(rest, 0, 160) if "(" in rest else None
    if ahead and is_coined(ahead.group(1)):
        words = rest[:ahead.start()].split()
        expansion = find_expansion(rest[:ahead.end()], ahead.group(1)) if len(words) <= 12 else ""
        # "Recall to Imagine (R2I)": a word that would end the object ("to") may be part of
        # the name when the words before the acronym spell it out whole.
        if expansion and not any("," in w for w in words) and (
                expansion.split() == words or not any(w.lower() in _OBJECT_BREAKS for w in words)):
            return ahead.group(1)
    name = _emphasized_or_quoted(rest, prepared, strict) or _capitalised_name(rest, apposition)
    if name:
        return name
    rest = rest.lstrip("\"'*_")
    first, _, after_first = rest.partition(" ")
    following = after_first.split(" ", 1)[0]
    is_modifier = strict and not first.endswith((",", ":", ";", ".")) and following.islower() \
        and following not in CLAUSE_WORDS | SMALL_WORDS | GENERIC_HEADS
    if is_coined(first.rstrip(TRAILING_PUNCT)) and not is_modifier:
        # "our NeRF compression framework": a coined word that modifies a noun is not the name.
        return first.rstrip(TRAILING_PUNCT)
    name = _name_before_marker(rest, strict)
    if name:
        return name
    if not strict and ahead and is_coined(ahead.group(1)) and \
            len(rest[:ahead.start()].split()) <= 6:
        return ahead.group(1)
    return None


def _emphasized_or_quoted(rest: str, prepared: Prepared, strict: bool) -> str | None:
    """Return an emphasized or quoted phrase of up to five words that opens `rest`; not a
    part of a word ("\\textbf{C}ontrastive … (CAMBranch)" spells out a name letter by letter)."""
    for phrase in prepared.emphasized:
        if rest.startswith(phrase) and 0 < len(phrase.split()) <= 5 and (
                phrase[:1].isalnum() or is_math(phrase[:1])) and \
                not rest[len(phrase):len(phrase) + 1].isalnum():
            if not strict or is_coined(phrase) or phrase[:1].isupper():
                return phrase
    quoted = _QUOTED.match(rest) if rest[:1] == '"' else None
    if quoted and len(quoted.group(1).split()) <= 5:
        return quoted.group(1)
    return None


def _capitalised_name(rest: str, apposition: bool) -> str | None:
    """Return Capitalised words that end where a name ends ("Prompt Risk Control, for …")."""
    rest = rest.lstrip("\"'*_")
    run = _CAPITALISED_RUN.match(rest)
    if not run:
        return None
    words = run.group(0).split()
    if len(words) <= 4 and _NAME_END_NEXT.match(rest, run.end()) and \
            words[0].lower() not in DETERMINERS and (
                len(words) > 1 or is_coined(run.group(0)) or apposition) and \
            all(w[:1].isupper() or is_math(w[:1]) or w in SMALL_WORDS for w in words):
        # "a lightweight framework, Prompt Risk Control, for …"; "GeneOH Diffusion, using".
        return run.group(0)
    return None


def _name_before_marker(rest: str, strict: bool) -> str | None:
    """Return Capitalised words followed by "(ACR)", "(Full Name)", "framework" or ", a …"."""
    words = _CAPITALISED_RUN.match(rest)
    if not words:
        return None
    acronym = _ACRONYM_NEXT.match(rest, words.end())
    if acronym and is_coined(acronym.group(1)):
        return acronym.group(1)
    after = rest[words.end():]
    run = words.group(0).split()
    if _GENERIC_HEAD_NEXT.match(after) and all(
            w[:1].isupper() or w in SMALL_WORDS for w in run) and (len(run) > 1 or "-" in run[0]):
        return words.group(0)
    spelled = _SPELLED_OUT_NEXT.match(after)
    if len(run) == 1 and spelled and spelled.group(1).lower() == run[0][0].lower():
        return run[0]
    if _APPOSITIVE_NEXT.match(after) or (not strict and _PHRASE_END_NEXT.match(after)):
        if run[0].lower() not in DETERMINERS:
            return words.group(0)
    return None


# Words that set what follows apart as someone else's, or as said before.
_OTHERS_BEFORE = frozenset("these those existing previous such other their".split())


def name_in_object(sentence: str, start: int) -> str | None:
    """Return a coined word or a defined acronym inside the object of an introducing verb."""
    words = sentence[start:].split()
    for position, word in enumerate(words[:16]):
        core = word.strip("()" + TRAILING_PUNCT)
        next_word = words[position + 1] if position + 1 < len(words) else ""
        if is_coined(core):
            if position > 0 and words[position - 1].lower() in _OTHERS_BEFORE:
                return None  # "we propose to adapt these existing LoRAs": not the paper's own
            closes_phrase = not next_word or word.endswith((",", ";", ":")) or \
                next_word.strip(TRAILING_PUNCT).lower() in CLAUSE_WORDS | SMALL_WORDS | \
                GENERIC_HEADS
            return core if not word.startswith("(") or closes_phrase else None
        # The object's own noun phrase ends at a clause, a participle or a preposition, except
        # inside a Capitalised name ("Graph Refinement for Incomplete Hashing (GRIH)").
        lowered = core.lower()
        if position > 0 and (lowered in _OBJECT_BREAKS or (
                lowered in _OBJECT_LINKS or lowered.endswith("ing") and
                core.islower()) and not next_word[:1].isupper() and not next_word.startswith("(")):
            return None
        if word.endswith((",", ";", ":")) and position > 0:
            return None
    return None
