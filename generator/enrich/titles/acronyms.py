"""Write an acronym in the words the abstract spelled it out in, where a reader meets it alone.

A title or gist is read without the sentence that said what "DG" or "LLC" is: "We propose a
novel Domain Generalization framework", "Deep Neural Networks: Local Learning Coefficient".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...text.words import singular
from .coined import find_expansion
from .established import established_names
from .vocabulary import SMALL_WORDS

# A word in capitals (an acronym), standing alone: not part of a hyphenated name.
_ACRONYM = re.compile(r"(?<![\w-])[A-Z][A-Za-z]*[A-Z]s?(?![\w-])")
# "a", "an" right before: its sound fits the acronym, not the words.
_AFTER_ARTICLE = re.compile(r"(?:^|\s)([Aa]n?)\s+$")
# A word of the text, hyphenated parts apart.
_WORD = re.compile(r"[A-Za-z]+")
# A plural noun after an acronym: the acronym modifies it ("VM signals").
_MODIFIES_PLURAL = re.compile(r" [a-z]+[^s\W]s\b")


def spell_out_first(text: str, abstract: str, skip: Callable[[str, int, int], bool],
                    max_words: int, case: Callable[[str], str] = str,
                    skip_common: bool = True) -> str:
    """Return `text` with its first acronym that the abstract spells out in words, and that
    few earlier papers used (with `skip_common`; else not hundreds), written in those words
    (`case` shapes them). Not one after "a" or "an" that the words would not fit, one
    `skip(text, start, end)` rejects or one `text` spells out itself; only words whose
    initials are exactly the acronym's capitals (not "composed of large amounts of
    CommonCrawl" for "CC"), not opening as the text already says something, and not when the
    longer text would pass `max_words` where the shorter did not."""
    established = established_names(None)
    common = established.common if skip_common else established.everywhere
    for match in _ACRONYM.finditer(text):
        acronym = match.group()
        if acronym in common or f"({acronym})" in text or skip(text, match.start(), match.end()):
            continue
        expansion = find_expansion(abstract, acronym).rstrip("~ ")
        article = _AFTER_ARTICLE.search(text, 0, match.start())
        if expansion and article and (article.group(1).lower() == "an") != (
                expansion[0].lower() in "aeiou"):
            continue  # "an LM" would read "an Language Model"
        if expansion and _MODIFIES_PLURAL.match(text, match.end()):
            expansion = _singular(expansion, acronym)
        if expansion and _initials(expansion) == [c.lower() for c in acronym if c.isupper()] \
                and not _repeats(expansion, text):
            spelled = text[:match.start()] + case(expansion) + text[match.end():]
            fits = len(spelled.split()) <= max_words or len(text.split()) > max_words
            return spelled if fits else text
    return text


def _repeats(expansion: str, text: str) -> bool:
    """Tell whether the text already says how the expansion opens (its first two words):
    "Reinforcement Learning: RLHF Pipeline" would read "Reinforcement Learning: Reinforcement
    Learning from Human Feedback Pipeline"."""
    opening = " ".join(_WORD.findall(expansion.lower())[:2])
    return f" {opening} " in f" {' '.join(_WORD.findall(text.lower()))} "


def _singular(expansion: str, acronym: str) -> str:
    """Return a plural expansion of a singular acronym in the singular: "virtual microphones
    (VM)" gives "virtual microphone" for "VM signals"."""
    head, _, last = expansion.rpartition(" ")
    if acronym.endswith("s") or last.endswith(("us", "is")) or "-" in last:  # "Mixture-of-Experts"
        return expansion
    return f"{head} {singular(last)}".lstrip()


def _initials(words: str) -> list[str]:
    """Return the first letters of the words and of each part of a hyphenated word, but of
    small words ("Chain-of-Thought": c, t)."""
    return [part[0].lower() for word in words.split() for part in word.split("-")
            if part and part.lower() not in SMALL_WORDS]


# Capitalised words up to a parenthesis: what a name stands for ("… ICU Benchmark (YAIB)").
_BEFORE_A_NAME = re.compile(r"(?:\s+[A-Z][\w-]*)*\s+\(")


def in_a_name(text: str, start: int, end: int, *, unless_held_whole: bool = False) -> bool:
    """Tell whether the words at start:end are part of a name: of what a name stands for, up
    to its parenthesis ("Yet Another ICU Benchmark (YAIB)", "Dynamic Knowledge Tracked FDG
    (DKT-FDG)"), or inside parentheses ("SKVQ (Sliding-window KV cache Quantization)"). With
    `unless_held_whole`, an acronym the name holds whole is not part of it: spelled out, it
    leaves the name's letters as they were ("… Federated Domain Generalization (DKT-FDG)",
    where "Yet Another Intensive Care Unit Benchmark (YAIB)" would not)."""
    before = text[:start]
    if before.count("(") > before.count(")"):
        return True
    name = _BEFORE_A_NAME.match(text, end)
    if name is None:
        return False
    return not (unless_held_whole and
                text[start:end] in text[name.end():text.find(")", name.end())])
