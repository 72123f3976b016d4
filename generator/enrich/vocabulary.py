"""The tag vocabulary: areas, topics with their synonyms, datasets, models and name patterns.

The vocabulary is data, not code: `generator/data/taxonomy.yml` (areas, topics, synonyms) and
`generator/data/entities.yml` (datasets, models, patterns for families and sizes), optionally
extended or overridden by a user's file of the same shape. This module holds the
vocabulary and compiles the matchers that `tags.extract_tags` runs; `generator/vocabulary_files.py` reads
and checks the files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from ..text.words import singular

# A spelling with a capital and at most this many characters matches only as written: "CLIP"
# is a model, "clip" a verb; "RL" is a field, "rl" nothing.
EXACT_CASE_MAX_CHARS = 6

# Words too common in ML abstracts to tell areas or topics apart when falling back on overlap.
_STOPWORDS = frozenset(
    "a an and are as at based be by for from in into is it its of on or our the their this to "
    "via we with learning learn model models network networks neural deep data method methods "
    "machine large task tasks training train approach problem problems system systems new".split()
)


@dataclass(frozen=True)
class Area:
    """A broad field; every paper gets exactly one."""

    name: str
    """Display name, e.g. "Computer vision"."""
    words: tuple[str, ...]
    """Words typical of the area, used only when no topic matches."""


@dataclass(frozen=True)
class Topic:
    """A topic tag with the spellings that fold into it."""

    name: str
    """Display name, also matched itself."""
    area: str
    """Name of the area the topic belongs to."""
    synonyms: tuple[str, ...]
    """Other spellings of the same topic."""
    parent: str | None
    """A broader topic, or None."""
    is_broad: bool
    """Umbrella topic: needs more evidence (see `tags.extract_tags`), listed after specific ones."""
    depth: int
    """Number of ancestors; deeper is more specific."""
    is_cross_cutting: bool = False
    """An umbrella topic papers of every area use as a tool ("Fine-tuning", "Optimization"):
    needs the most evidence."""
    context: tuple[str, ...] = ()
    """Words of the topic's field, one of which an abstract must use for the topic's words to be
    taken in its sense (RL's "exploration", not a design space's); none: any abstract."""


@dataclass(frozen=True)
class Entity:
    """A named dataset or model."""

    name: str
    """Display name, e.g. "CIFAR-10"."""
    kind: str
    """ "dataset" or "model"."""
    synonyms: tuple[str, ...]
    """Other spellings."""
    exact_case: bool
    """Every spelling matches only as written."""


@dataclass(frozen=True)
class EntityPattern:
    """A regular expression that names a family member, e.g. "Llama-2-7B"."""

    kind: str
    """ "dataset" or "model"."""
    pattern: str
    """Case-sensitive Python regular expression."""
    name: str
    """Tag name template; \\1, \\2 stand for the pattern's groups."""
    family: str = ""
    """Template of the family the member belongs to ("Llama-\\1" for "Llama-\\1-\\2B"): the
    tag is the family's, with the member as a variant. Empty: the member is its own tag."""


@dataclass(frozen=True)
class MatchIndex:
    """Everything `extract_tags` needs, precomputed once per vocabulary."""

    spelling_regexes: tuple[tuple[re.Pattern[str], bool], ...]
    label_by_key: dict[tuple[bool, str], tuple[str, str]]
    compiled_patterns: tuple[tuple[re.Pattern[str], EntityPattern], ...]
    topics_by_name: dict[str, Topic]
    folded_by_key: dict[str, str]
    area_weights: dict[str, dict[str, float]]
    contexts: dict[str, re.Pattern[str]]
    """By topic name, what finds one of its `Topic.context` words (topics that have them)."""
    entity_spellings: dict[str, frozenset[str]] = field(default_factory=dict)
    """By data set or model name, its spellings as written (see `senses`)."""


@dataclass(frozen=True)
class Vocabulary:
    """Areas, topics and entities with their spellings, and the matchers built from them."""

    areas: tuple[Area, ...]
    """Areas in file order."""
    topics: tuple[Topic, ...]
    """Topics in file order."""
    entities: tuple[Entity, ...]
    """Datasets, then models."""
    patterns: tuple[EntityPattern, ...]
    """Patterns for families and sizes."""
    index: MatchIndex = field(repr=False, compare=False)
    """Compiled matchers and lookup tables."""

    def fold(self, name: str) -> str:
        """Return the normalised name of the tag that `name` spells, or `name` normalised."""
        key = normalize_name(name)
        return self.index.folded_by_key.get(key, key)

    def broader(self, name: str) -> frozenset[str]:
        """Return the normalised names of the topics above the one `name` spells: its parent,
        the parent's parent, and so on (none for a name that spells no topic)."""
        return self._broader.get(self.fold(name), frozenset())

    @cached_property
    def _broader(self) -> dict[str, frozenset[str]]:
        parents = {topic.name: topic.parent for topic in self.topics}
        broader = {}
        for topic in self.topics:
            above, parent = set(), topic.parent
            while parent and parent not in above:
                above.add(parent)
                parent = parents.get(parent)
            broader[normalize_name(topic.name)] = frozenset(map(normalize_name, above))
        return broader

    def knows(self, name: str) -> bool:
        """Tell whether `name` spells a topic, dataset or model of the vocabulary, in any case."""
        return normalize_name(name) in self.index.folded_by_key or any(
            compiled.fullmatch(name) for compiled, _ in self.index.compiled_patterns)


def normalize_name(name: str) -> str:
    """Lower-case a name, treat "-", "_" and spaces alike and drop a plural "s"."""
    return singular(re.sub(r"[\s_\-\u2010-\u2015]+", " ", name.lower()).strip())


def spelling_key(spelling: str) -> str:
    return re.sub(r"[\s\-]+", " ", spelling.strip())


def _is_exact_case(spelling: str) -> bool:
    has_upper = any(char.isupper() for char in spelling)
    has_lower = any(char.islower() for char in spelling)
    return has_upper and (len(spelling) <= EXACT_CASE_MAX_CHARS or not has_lower)


def _topic_variants(spelling: str, exact: bool) -> set[str]:
    """Return the spelling with its plural or singular forms."""
    variants = {spelling}
    if exact:
        variants.add(spelling + "s")
        return variants
    last_word = re.split(r"[\s\-]", spelling)[-1]
    if len(last_word) < 4 or not last_word.isalpha():
        return variants
    if spelling.endswith("ies"):
        variants.add(spelling[:-3] + "y")
    elif spelling.endswith(("sses", "xes", "ches", "shes")):
        variants.add(spelling[:-2])
    elif spelling.endswith("s") and not spelling.endswith(("ss", "us", "is")):
        variants.add(spelling[:-1])
    elif spelling.endswith("y") and spelling[-2] not in "aeiou":
        variants.add(spelling[:-1] + "ies")
    elif spelling.endswith(("s", "x", "ch", "sh")):
        variants.add(spelling + "es")
    else:
        variants.add(spelling + "s")
    return variants


# Where a name ends: not inside a word, nor before ".5" or "-2" ("GPT-3.5", "Llama-2").
_NAME_END = r"(?!\w|[.\-]\d)"


def _trie_regex(spellings: Iterable[str], flags: int) -> re.Pattern[str] | None:
    """Compile spellings into one regex shaped like a trie, so matching costs one pass."""
    trie: dict = {}
    for spelling in spellings:
        node = trie
        for char in spelling:  # spelling keys already (see _build_index)
            node = node.setdefault(char, {})
        node[""] = {}
    if not trie:
        return None

    def build(node: dict) -> str:
        branches = [("[-\\s]" if char == " " else re.escape(char)) + build(child)
                    for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return re.compile(rf"(?<!\w)(?:{build(trie)}){_NAME_END}", flags)


def build_index(areas: tuple[Area, ...], topics: tuple[Topic, ...], entities: tuple[Entity, ...],
                 patterns: tuple[EntityPattern, ...]) -> MatchIndex:
    label_by_key: dict[tuple[bool, str], tuple[str, str]] = {}
    folded_by_key: dict[str, str] = {}
    # Synonyms first, then names, topics before entities: a name beats another entry's synonym,
    # and a dataset or model beats a topic spelled the same.
    spellings: list[tuple[str, str, str, bool]] = []
    for pass_names in (False, True):
        for topic in topics:
            for spelling in ((topic.name,) if pass_names else topic.synonyms):
                exact = _is_exact_case(spelling)
                spellings += [(v, "topic", topic.name, exact) for v in _topic_variants(spelling, exact)]
        for entity in entities:
            for spelling in ((entity.name,) if pass_names else entity.synonyms):
                exact = entity.exact_case or _is_exact_case(spelling)
                spellings.append((spelling, entity.kind, entity.name, exact))
    for spelling, kind, name, exact in spellings:
        any_case = not exact
        label_by_key[(any_case, spelling_key(spelling.lower() if any_case else spelling))] = (kind, name)
        folded_by_key[normalize_name(spelling)] = normalize_name(name)
    regexes = []
    for any_case in (False, True):
        keys = [key for case, key in label_by_key if case == any_case]
        regex = _trie_regex(keys, 0)
        if regex is not None:
            regexes.append((regex, any_case))
    # One regex a pattern: a leading literal lets the engine skip ahead, which a combined
    # alternation with a look-behind would prevent (measured: 40 times slower). The start
    # boundary is checked after matching for the same reason.
    compiled = tuple((re.compile(rf"(?:{p.pattern}){_NAME_END}"), p) for p in patterns)
    contexts = {t.name: re.compile(r"\b(?:" + "|".join(map(re.escape, t.context)) + r")\b",
                                   re.IGNORECASE) for t in topics if t.context}
    return MatchIndex(tuple(regexes), label_by_key, compiled, {t.name: t for t in topics},
                      folded_by_key, _area_weights(areas, topics), contexts,
                      {e.name: frozenset((e.name, *e.synonyms)) for e in entities})


def _area_weights(areas: tuple[Area, ...], topics: tuple[Topic, ...]) -> dict[str, dict[str, float]]:
    """Weight each word of an area (its own and its topics') by how few areas use it."""
    words_by_area = {a.name: content_words(" ".join(a.words)) for a in areas}
    for topic in topics:
        words_by_area[topic.area] |= content_words(" ".join((topic.name, *topic.synonyms)))
    return _inverse_frequency(words_by_area)


def _inverse_frequency(words_by_name: dict[str, frozenset[str]]) -> dict[str, dict[str, float]]:
    frequency: dict[str, int] = {}
    for words in words_by_name.values():
        for word in words:
            frequency[word] = frequency.get(word, 0) + 1
    return {name: {word: 1.0 / frequency[word] for word in words}
            for name, words in words_by_name.items()}


_CONTENT_WORD = re.compile(r"[a-z][a-z0-9]+(?:-[a-z0-9]+)*")


def content_words(text: str) -> frozenset[str]:
    """Return the stemmed words of a text that can tell areas and topics apart; a hyphenated
    compound is one word ("real-world" is no evidence of "real-time")."""
    return frozenset(singular(word) for word in _CONTENT_WORD.findall(text.lower())
                     if word not in _STOPWORDS)
