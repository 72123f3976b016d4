"""Say what a paper's contribution is or does as a title phrase, from how the abstract puts it.

Abstracts introduce their contribution with a stock head ("a novel approach for achieving fast
reconstruction in the few-shot setting", "a method that leverages X to generate garment meshes
from text prompts", "a strategy designed to address the challenge of low-bit KV cache
quantization"); a title says the part after the head: "Fast Reconstruction in the Few-Shot
Setting", "Generating Garment Meshes from Text Prompts", "Low-Bit KV Cache Quantization".
`restate` makes that turn; `describe_name` collects what the abstract says a coined name is or
does ("X, a …", "X, which generates …", "a depth-conditioned inpainting method called X").
"""

from __future__ import annotations

import re

from .vocabulary import (
    CLAUSE_WORDS,
    GENERIC_HEADS,
    SMALL_WORDS,
    TO_VERBS,
    TRAILING_PUNCT,
    is_adverb,
)
from .word_forms import base_gerund, gerund

# Verbs that say only that a goal is reached: "achieving fast reconstruction" is about fast
# reconstruction, "addressing the challenge of X" about X.
_LIGHT_VERBS = frozenset("""achieve achieving achieves address addressing addresses tackle
tackling tackles solve solving solves perform performing performs conduct conducting handle
handling overcome overcoming facilitate facilitating""".split())
# Participles between a head and its purpose: "a strategy designed to …", "tailored for …".
_PURPOSE_PARTICIPLES = frozenset("""designed tailored aimed intended built developed dedicated
devised geared specialized specialised""".split())
# Prefixes that make a verb of a verb ("auto-generate", "re-rank"); "large-scale" is no verb.
_VERB_PREFIXES = frozenset({"auto", "self", "re", "co", "pre", "post", "over", "under", "fine",
                            "cross", "jointly", "de"})
_HEADS = GENERIC_HEADS | {head + "s" for head in GENERIC_HEADS} | {"methodologies"}
_STOCK = frozenset("""a an the our this these its their novel new simple recent efficient effective
general generic principled unified straightforward first yet highly practical powerful
versatile flexible scalable lightweight robust and innovative improved alternative
two-stage""".split()) - {"two-stage"}
# "a depth-conditioned inpainting method called X": the words before the naming word, up to ten
# ("a novel reference-based attack framework specifically for analyzing preference data called").
_NAMED_AFTER = re.compile(r"\b(?:an?|the|our)\s+((?:[^\s,;:.()]+\s+){1,10}?)"
                          r"(?:called|named|dubbed|termed|coined)\s+$")
_WHICH_AFTER = re.compile(r"(?:\s*\([^()]*\))?,?\s+(?:which|that)\s+([a-z]+s)\s+([^.;:]*)")


def restate(words: list[str]) -> list[str]:
    """Return the words of a description or an introduced object as a title says them.

    After stock words ("a novel"), a stock head ("approach", "framework" …) gives way to what
    follows it: "for X" and "to X" become X ("to generate X": "Generating X"), "that extends X"
    becomes "Extending X" (or the purpose: "that leverages Y to generate X": "Generating X"),
    "designed to …" like "to …". A light verb goes with it ("achieving X": X). Content words
    before the head stay with it: "a Bayesian framework for X" is "Bayesian Framework for X".
    Anything else is returned from its first word after the stock words.
    """
    start = _skip_stock(words, 0)
    end = start
    while end < len(words) and _bare(words[end]) not in SMALL_WORDS | CLAUSE_WORDS | \
            _PURPOSE_PARTICIPLES and not words[end].endswith((",", ";", ":")):
        end += 1
    if end == start or end >= len(words) or _bare(words[end - 1]) not in _HEADS or \
            words[end - 1][-1] in ",;:":
        return words[start:]
    if end - start > 1:
        # Content before the head ("Bayesian framework for …") says what kind of thing it is.
        return words[start:]
    return _after_head(words, end) or words[start:]


def _after_head(words: list[str], at: int) -> list[str]:
    """Return what a stock head's following words say the thing does (see `restate`)."""
    following = _bare(words[at])
    if following in _PURPOSE_PARTICIPLES and at + 1 < len(words):
        at, following = at + 1, _bare(words[at + 1])
    rest = words[at + 1:]
    if not rest:
        return []
    if following == "to":
        return _doing(rest)
    if following == "for":
        return _drop_light_verb(rest)
    if following in ("that", "which"):
        purpose = next((at for at, word in enumerate(rest[1:], 1)
                        if word == "to" and at + 1 < len(rest)), None)
        if purpose is not None and _is_verb(rest[purpose + 1]):
            return _doing(rest[purpose + 1:])
        does = gerund(rest[0])
        return _drop_light_verb([does, *rest[1:]]) if does else []
    return []


def _doing(words: list[str]) -> list[str]:
    """Turn "generate X" (after "to") into "Generating X", a light verb into nothing, and
    "synthetically introduce X" into "Synthetically Introducing X"; a noun after "to" ("an
    approach to point cloud reconstruction") stays as it is."""
    if _is_verb(words[0]):
        return _drop_light_verb([_gerund_of(words[0]), *words[1:]])
    if len(words) > 1 and is_adverb(words[0].lower()) and _is_verb(words[1]):
        return [words[0], _gerund_of(words[1]), *words[2:]]
    return words[_skip_stock(words, 0):]


def _gerund_of(verb: str) -> str:
    """Return a verb's "-ing" form; of a prefixed one by its last part ("auto-generating")."""
    prefix, _, last = verb.rpartition("-")
    return f"{prefix}-{base_gerund(last)}" if prefix else base_gerund(verb)


def _drop_light_verb(words: list[str]) -> list[str]:
    """Drop a light verb and the framing after it: "achieving the challenge of X" is X."""
    if words and words[0].lower() in _LIGHT_VERBS:
        words = words[1:]
        start = _skip_stock(words, 0)
        if start + 1 < len(words) and _bare(words[start]) in _FRAMES and \
                words[start + 1] == "of":
            start = _skip_stock(words, start + 2)
        return words[start:]
    return words


_FRAMES = frozenset("challenge challenges problem problems task tasks issue issues".split())


def _is_verb(word: str) -> bool:
    """Tell whether a word after "to" is a verb (one that abstracts write "to <verb>", or that
    with a prefix: "auto-generate")."""
    prefix, _, verb = word.rpartition("-")
    return verb in TO_VERBS and (not prefix or prefix.lower() in _VERB_PREFIXES)


def _skip_stock(words: list[str], start: int) -> int:
    """Skip articles and stock adjectives ("a simple yet effective")."""
    while start < len(words) and words[start].lower() in _STOCK:
        start += 1
    return start


def _bare(word: str) -> str:
    return word.rstrip(TRAILING_PUNCT).lower()


def describe_name(text: str, name: str, appositive: str) -> list[str]:
    """Return what the abstract says a name is or does, each as a description `restate` reads:
    the appositive ("X, a framework for …"), the words before a naming word ("a
    depth-conditioned inpainting method called X") and a clause after it ("X, which generates
    …": "generates …")."""
    found = [appositive] if appositive else []
    at = text.find(name)
    while at >= 0:
        before = _NAMED_AFTER.search(text, max(0, at - 120), at)
        if before:
            found.append(before.group(0).rsplit(None, 1)[0].rstrip())
        after = _WHICH_AFTER.match(text, at + len(name))
        if after and gerund(after.group(1)):
            found.append(f"a method that {after.group(1)} {after.group(2)}")
        at = text.find(name, at + len(name))
    return found
