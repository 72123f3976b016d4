"""Tag an abstract with its area, topics, datasets and models from the curated vocabulary.

`extract_tags` is a pure function of the text and the loaded vocabulary (see `vocabulary.py`
for the data files and how a user extends them).
"""

from __future__ import annotations

import html
from functools import lru_cache
import math
import re
import unicodedata
from collections.abc import Iterable

from slugify import slugify

from generator.model import Tag

from .vocabulary import (MatchIndex, Topic, Vocabulary, content_words, load_vocabulary,
                         normalize_name)

__all__ = ["Vocabulary", "extract_tags", "load_vocabulary", "normalize_name", "tag_slug"]


MIN_TOPICS = 2
MAX_TOPICS = 6
# Umbrella topics ("Large language models", "Robustness") are named in passing by many papers
# that are not about them; only a paper that keeps coming back to one is filed under it.
BROAD_MIN_MENTIONS = 3
# "ImageNet-pretrained", "GPT-4-level", "AlphaFold-like": the name describes something else.
_MODIFIER_AFTER = re.compile(r"-(?:like|style|scale|level|sized|pretrained|pre-trained)\b", re.I)


def extract_tags(text: str, vocabulary: Vocabulary) -> tuple[Tag, ...]:
    """Return the area, 2-6 topics (most specific first), datasets and models of an abstract.

    Rule, in order:
    1. Find every spelling in the cleaned text (TeX, Markdown and URLs stripped); where matches
       overlap the longest wins, and a dataset or model wins over a topic of the same length.
    2. Topics: a broad topic needs three mentions, others one; keep the six most mentioned.
    3. Area: the area whose kept topics have the most mentions;
       ties go to the area mentioned first; with no topic, the area sharing the most words.
    4. Fewer than two topics: add the kept topics' parents, then the area's top-level topic
       sharing the most words with the text.
    5. Order topics most specific first: specific before broad, deeper before shallower, more
       mentions first, earlier first. Datasets and models follow in order of first mention.
    """
    index = vocabulary.index
    mentions = _find_mentions(_flatten(text), index)
    counts: dict[str, int] = {}
    firsts: dict[str, int] = {}
    for start, kind, name in mentions:
        if kind == "topic":
            counts[name] = counts.get(name, 0) + 1
            firsts.setdefault(name, start)
    topics = _select_topics(counts, firsts, index.topics_by_name)
    words: frozenset[str] | None = None
    if topics:
        area = _choose_area(topics, counts, firsts, index.topics_by_name)
    else:
        words = content_words(text)
        area = _best_by_overlap(words, index.area_weights.items()) or vocabulary.areas[0].name
    if len(topics) < MIN_TOPICS:
        topics = _complete_topics(topics, area, words or content_words(text), index)
    topics.sort(key=lambda name: _specificity(index.topics_by_name[name], counts, firsts))
    entities = [(kind, name) for _, kind, name in mentions if kind != "topic"]
    ordered = dict.fromkeys([("dataset", n) for k, n in entities if k == "dataset"]
                            + [("model", n) for k, n in entities if k == "model"])
    return (Tag(area, "area"), *(Tag(name, "topic") for name in topics),
            *(Tag(name, kind) for kind, name in ordered))


@lru_cache(maxsize=None)  # a tag is linked from every paper and list that carries it
def tag_slug(tag: Tag) -> str:
    """Return the tag page's URL-safe slug; areas get an "area-" prefix so a topic can share a name."""
    slug = slugify(tag.name) or "tag"
    return f"area-{slug}" if tag.kind == "area" else slug


# Selecting topics -----------------------------------------------------------------------------


def _select_topics(counts: dict[str, int], firsts: dict[str, int],
                   topics_by_name: dict[str, Topic]) -> list[str]:
    eligible = [name for name, count in counts.items()
                if count >= (BROAD_MIN_MENTIONS if topics_by_name[name].is_broad else 1)]
    eligible.sort(key=lambda name: (-counts[name], topics_by_name[name].is_broad,
                                    -topics_by_name[name].depth, firsts[name]))
    return eligible[:MAX_TOPICS]


def _choose_area(topics: list[str], counts: dict[str, int], firsts: dict[str, int],
                 topics_by_name: dict[str, Topic]) -> str:
    scores: dict[str, int] = {}
    first_by_area: dict[str, int] = {}
    for name in topics:
        topic = topics_by_name[name]
        scores[topic.area] = scores.get(topic.area, 0) + counts[name]
        first_by_area[topic.area] = min(first_by_area.get(topic.area, firsts[name]), firsts[name])
    return min(scores, key=lambda area: (-scores[area], first_by_area[area]))


def _complete_topics(topics: list[str], area: str, words: frozenset[str], index: MatchIndex) -> list[str]:
    completed = list(topics)
    for name in topics:
        parent = index.topics_by_name[name].parent
        if parent and parent not in completed and len(completed) < MIN_TOPICS:
            completed.append(parent)
    roots = [(name, weights) for name, weights in index.root_weights.get(area, ())
             if name not in completed]
    while len(completed) < MIN_TOPICS and roots:
        best = _best_by_overlap(words, roots) or roots[0][0]
        completed.append(best)
        roots = [(name, weights) for name, weights in roots if name != best]
    return completed


def _specificity(topic: Topic, counts: dict[str, int], firsts: dict[str, int]) -> tuple:
    return (topic.is_broad, -topic.depth, -counts.get(topic.name, 0),
            firsts.get(topic.name, 1 << 30))


def _best_by_overlap(words: frozenset[str],
                     weighted: Iterable[tuple[str, dict[str, float]]]) -> str | None:
    best, best_score = None, 0.0
    for name, weights in weighted:
        # fsum: exact, so the sum does not depend on the set's (per-process) iteration order.
        score = math.fsum(weights[word] for word in words & weights.keys())
        if score > best_score:
            best, best_score = name, score
    return best


# Matching -------------------------------------------------------------------------------------

_URL = re.compile(r"\\(?:url|href)\{[^}]*\}|https?://\S+|www\.\S+")
_MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_TEX_STYLED = re.compile(r"\\(?:text\w*|emph|mathrm|mathbf|underline|url)\{([^{}]*)\}")
_MATH = re.compile(r"\$[^$]{0,300}\$")
_TEX_ESCAPE = re.compile(r"\\([%&_#$])")
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_MARKUP = re.compile(r"[*`{}~\\]|(?<!\w)_|_(?!\w)")
_SPACES = re.compile(r"\s+")


def _flatten(text: str) -> str:
    # Each step runs only when its marker is present: most abstracts are plain ASCII prose.
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text).replace("\u2014", " ").translate(_DASHES)
    if "&" in text:
        text = html.unescape(text)
    if "://" in text or "www." in text or "\\" in text:
        text = _URL.sub(" ", text)
    if "](" in text:
        text = _MARKDOWN_LINK.sub(r"\1", text)
    if "$" in text:
        text = _MATH.sub(" ", text)
    if "\\" in text:
        text = _TEX_STYLED.sub(r"\1", _TEX_STYLED.sub(r"\1", text))
        text = _TEX_COMMAND.sub(" ", _TEX_ESCAPE.sub(r"\1", text))
    if any(marker in text for marker in "*`{}~\\_"):
        text = _MARKUP.sub(" ", text)
    return _SPACES.sub(" ", text) if "  " in text or "\n" in text or "\t" in text else text


_DASHES = str.maketrans({dash: "-" for dash in "\u2010\u2011\u2012\u2013\u2015\u2212"})


def _find_mentions(text: str, index: MatchIndex) -> list[tuple[int, str, str]]:
    """Return (start, kind, name) of every non-overlapping mention, in text order."""
    candidates: list[tuple[int, int, bool, str, str]] = []
    lowered = text.lower()
    for regex, any_case in index.spelling_regexes:
        # Matching lower-cased text against lower-case spellings is several times faster than
        # IGNORECASE; the rare text whose length changes when lower-cased uses the flag instead.
        searched = lowered if any_case and len(lowered) == len(text) else text
        if any_case and searched is text:
            regex = re.compile(regex.pattern, re.IGNORECASE)
        for match in regex.finditer(searched):
            # Spaces are collapsed, so a separator is one character: "-" or " ".
            key = match.group().replace("-", " ")
            kind, name = index.label_by_key[(any_case, key.lower() if any_case else key)]
            candidates.append((match.start(), match.start() - match.end(), kind == "topic",
                               kind, name))
    for compiled, pattern in index.compiled_patterns:
        for match in compiled.finditer(text):
            if match.start() == 0 or not text[match.start() - 1].isalnum():
                candidates.append((match.start(), match.start() - match.end(), False,
                                   pattern.kind, match.expand(pattern.name)))
    mentions: list[tuple[int, str, str]] = []
    covered_until = 0
    for start, negative_length, _, kind, name in sorted(candidates):
        end = start - negative_length
        if start < covered_until:
            continue
        if kind != "topic" and _MODIFIER_AFTER.match(text, end):
            continue
        mentions.append((start, kind, name))
        covered_until = end
    return mentions


