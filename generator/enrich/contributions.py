"""What a paper contributes besides a method: a new benchmark or a new data set.

Readers look for these across topics (NeurIPS gives them a track of their own), and authors say
so in their keywords ("benchmark", "dataset"). A paper earns the tag only when a sentence says it
introduces one: "we introduce X, a benchmark for ...", "we construct a large-scale dataset",
"the first benchmark of ...". Evaluating on benchmarks, training on a data set, or releasing
one's code and data does not count.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..model import Tag

# Verbs of making something new, with the authors as subject ("we first construct",
# "this paper introduces").
_MAKES = (r"\b(?:[Ww]e|paper|work|study)\s+(?:(?:also|first|further|then|additionally|newly"
          r"|carefully|manually)\s+)?(?:introduce|present|propose|construct|build|built|create"
          r"|curate|collect|compile|contribute|develop)(?:s|d|ed)?\s+")
# Words between the verb and the noun that would make the noun something else's: "propose a
# method evaluated on three benchmarks", "build a model for existing datasets".
_OTHER = (r"(?:on|in|into|with|from|for|of|using|by|to|across|over|against|via|through|that"
          r"|which|where|when|while|trained|evaluated|tested|used|existing|standard|public"
          r"|popular|several|various|multiple|these|those|this|its|their|other|state-of-the-art)")
# A word may hold a dot ("v1.5") but not end in one: the object ends with its sentence.
_OBJECT = r"(?:(?!" + _OTHER + r"\b)[\w'\u2019+-]+(?:\.\w+)*[,:]?\s+){0,8}?"
# "a new benchmark", unless the paper only uses it: "pre-trained on a large-scale dataset"
# (`_USED_BEFORE`, checked after matching).
_NEW = (r"(?P<new>\b(?:[Aa]n?|[Tt]he first)\s+(?:new|novel|first|large-scale|comprehensive"
        r"|challenging|curated|human-annotated)\s+(?:(?!" + _OTHER + r"\b)[\w-]+\s+){0,3}?)")
_USED_BEFORE = re.compile(r"\b(?:on|in|of|from|with|using|across)\s+$")

KINDS = {
    "Benchmarks": ("benchmark", "benchmark suite", "test suite", "testbed", "evaluation suite"),
    "Datasets": ("dataset", "data set", "corpus", "corpora"),
}
_KIND_OF_NOUN = {noun: kind for kind, nouns in KINDS.items() for noun in nouns}
_NOUN = re.compile(r"\b(" + "|".join(sorted(_KIND_OF_NOUN, key=len, reverse=True)) +
                   r")s?(?![\w-])")
# What comes before a noun that the paper introduces, read back from the noun: far cheaper than
# trying the whole pattern at every position of the abstract.
_INTRODUCING = re.compile(rf"(?:{_MAKES}{_OBJECT}|{_NEW})$")
_WINDOW = 200
"""Characters read back from a noun: the verb and the eight words `_OBJECT` allows fit."""


def contribution_tags(flat: str, in_passing: Callable[[int], bool]) -> tuple[Tag, ...]:
    """Return a topic tag for each kind of contribution the cleaned text says it introduces,
    skipping sentences `in_passing(position)` marks as about other work or negated."""
    found = {_KIND_OF_NOUN[noun.group(1)] for noun in _NOUN.finditer(flat)
             if _introduces(flat, noun.start(), in_passing)}
    return tuple(Tag(kind, "topic", weight=2) for kind in KINDS if kind in found)


def _introduces(flat: str, noun_start: int, in_passing: Callable[[int], bool]) -> bool:
    match = _INTRODUCING.search(flat, max(0, noun_start - _WINDOW), noun_start)
    if match is None or in_passing(match.start()):
        return False
    start = match.start()
    return not (match.group("new") and _USED_BEFORE.search(flat, max(0, start - 12), start))


def is_contribution(tag: Tag) -> bool:
    """Tell a kind-of-contribution tag from a subject: two papers that each bring a data set
    need not share a subject, so these tags relate no papers and label no region of the map."""
    return tag.kind == "topic" and tag.name in KINDS
