"""The tag vocabulary: areas, topics with their synonyms, datasets, models and name patterns.

The vocabulary is data, not code: `generator/data/taxonomy.yml` (areas, topics, synonyms) and
`generator/data/entities.yml` (datasets, models, patterns for families and sizes), optionally
extended or overridden by a user's file of the same shape. This module reads and checks those
files and compiles the matchers that `tags.extract_tags` runs.

A user file may hold `areas`, `datasets`, `models`, `patterns` and `remove`:
- an entry with a new name is added; an entry with an existing name gains the synonyms it lists
  (a synonym moves from whichever entry had it) and its other fields replace the shipped ones;
- a topic listed under another area moves there;
- `remove` lists names of areas (with their topics), topics, datasets or models, or single
  synonyms, to drop.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from slugify import slugify

from generator.errors import GeneratorError

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
SHIPPED_FILES = (DATA_DIR / "taxonomy.yml", DATA_DIR / "entities.yml")
# A spelling with a capital and at most this many characters matches only as written: "CLIP"
# is a model, "clip" a verb; "RL" is a field, "rl" nothing.
EXACT_CASE_MAX_CHARS = 6

_TOP_KEYS = {"areas", "datasets", "models", "patterns", "remove"}
_AREA_KEYS = {"name", "words", "topics"}
_TOPIC_KEYS = {"name", "synonyms", "parent", "broad", "cross_cutting"}
_ENTITY_KEYS = {"name", "synonyms", "exact_case"}
_PATTERN_KEYS = {"kind", "pattern", "name", "family"}
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
    root_weights: dict[str, tuple[tuple[str, dict[str, float]], ...]]


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

    def knows(self, name: str) -> bool:
        """Tell whether `name` spells a topic, dataset or model of the vocabulary, in any case."""
        return normalize_name(name) in self.index.folded_by_key or any(
            compiled.fullmatch(name) for compiled, _ in self.index.compiled_patterns)


def normalize_name(name: str) -> str:
    """Lower-case a name, treat "-", "_" and spaces alike and drop a plural "s"."""
    return _stem(re.sub(r"[\s_\-\u2010-\u2015]+", " ", name.lower()).strip())


def load_vocabulary(extra: Path | None = None) -> Vocabulary:
    """Load the shipped taxonomy and entity lists, then apply a user's file on top."""
    draft: dict = {"areas": {}, "topics": {}, "entities": {}, "patterns": []}
    problems: list[str] = []
    for path in SHIPPED_FILES:
        _read_vocabulary_file(path, draft, problems, is_user=False)
    if extra is not None:
        _read_vocabulary_file(Path(extra), draft, problems, is_user=True)
    last_file = Path(extra) if extra is not None else SHIPPED_FILES[-1]
    if not problems:
        _check_draft(draft, last_file, problems)
    if problems:
        raise GeneratorError(problems)
    return _freeze(draft)


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


# Loading --------------------------------------------------------------------------------------


# libyaml's loader, where PyYAML has it, reads the shipped taxonomy about 5 times faster.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read_vocabulary_file(path: Path, draft: dict, problems: list[str], is_user: bool) -> None:
    def report(where: str, what: str) -> None:
        problems.append(f"Error reading vocabulary file '{path}': {where}: {what}")

    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)
    except OSError as error:
        report("file", f"cannot be read ({error.strerror or error})")
        return
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "file"
        report(where, f"not valid YAML ({getattr(error, 'problem', None) or error})")
        return
    if data is None:
        return
    if not isinstance(data, dict):
        report("file", f"expected a mapping with {', '.join(sorted(_TOP_KEYS))}, "
                       f"found {type(data).__name__}")
        return
    for key in sorted(set(data) - _TOP_KEYS):
        report(str(key), f"unknown section; expected one of {', '.join(sorted(_TOP_KEYS))}")
    for position, area in enumerate(_as_list(data, "areas", report)):
        _read_area(area, f"areas[{position}]", draft, report, is_user)
    for kind in ("dataset", "model"):
        for position, entry in enumerate(_as_list(data, kind + "s", report)):
            _read_entity(entry, kind, f"{kind}s[{position}]", draft, report, is_user)
    for position, entry in enumerate(_as_list(data, "patterns", report)):
        _read_pattern(entry, f"patterns[{position}]", draft, report)
    for position, name in enumerate(_as_list(data, "remove", report)):
        if not isinstance(name, str) or not _remove(name, draft):
            report(f"remove[{position}]", f"nothing named {name!r} to remove")


def _as_list(data: dict, key: str, report) -> list:
    value = data.get(key) or []
    if not isinstance(value, list):
        report(key, f"expected a list, found {type(value).__name__}")
        return []
    return value


def _read_entry(entry, where: str, allowed: set[str], report) -> dict | None:
    """Return a mapping entry (a bare string is a name) or None after reporting what is wrong."""
    if isinstance(entry, str):
        entry = {"name": entry}
    if not isinstance(entry, dict):
        report(where, f"expected a name or a mapping, found {type(entry).__name__}")
        return None
    ok = True
    for key in sorted(set(entry) - allowed, key=str):
        report(where, f"unknown field {key!r}; expected one of {', '.join(sorted(allowed))}")
        ok = False
    if not isinstance(entry.get("name"), str) or not entry["name"].strip():
        report(where, "'name' is missing or not a string")
        ok = False
    synonyms = entry.get("synonyms", [])
    if not isinstance(synonyms, list) or not all(isinstance(s, str) and s.strip() for s in synonyms):
        report(where, "'synonyms' must be a list of non-empty strings")
        ok = False
    for flag in ("broad", "cross_cutting", "exact_case"):
        if flag in entry and not isinstance(entry[flag], bool):
            report(where, f"'{flag}' must be true or false, found {entry[flag]!r}")
            ok = False
    return entry if ok else None


def _read_area(area, where: str, draft: dict, report, is_user: bool) -> None:
    if not isinstance(area, dict):
        report(where, f"expected a mapping with name, words and topics, found {type(area).__name__}")
        return
    entry = _read_entry({k: v for k, v in area.items() if k not in ("words", "topics")},
                        where, _AREA_KEYS, report)
    words, topics = area.get("words", []), area.get("topics", [])
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        report(where, "'words' must be a list of strings")
        return
    if not isinstance(topics, list):
        report(where, f"'topics' must be a list, found {type(topics).__name__}")
        return
    if entry is None:
        return
    name = entry["name"].strip()
    stored = draft["areas"].setdefault(name, {"words": []})
    stored["words"] += [w.lower() for w in words if w.lower() not in stored["words"]]
    for position, topic in enumerate(topics):
        read = _read_entry(topic, f"{where} ({name}).topics[{position}]", _TOPIC_KEYS, report)
        if read is None:
            continue
        if "parent" in read and not (read["parent"] is None or isinstance(read["parent"], str)):
            report(f"{where}.topics[{position}]", "'parent' must be a topic name")
            continue
        topic_name = read["name"].strip()
        stored_topic = draft["topics"].setdefault(
            topic_name, {"synonyms": [], "parent": None, "broad": False, "cross_cutting": False})
        stored_topic["area"] = name
        for key in ("parent", "broad", "cross_cutting"):
            if key in read:
                stored_topic[key] = read[key]
        _add_synonyms(stored_topic, read.get("synonyms", []), draft, is_user)


def _read_entity(entry, kind: str, where: str, draft: dict, report, is_user: bool) -> None:
    read = _read_entry(entry, where, _ENTITY_KEYS, report)
    if read is None:
        return
    stored = draft["entities"].setdefault(read["name"].strip(),
                                          {"synonyms": [], "exact_case": False})
    stored["kind"] = kind
    if "exact_case" in read:
        stored["exact_case"] = read["exact_case"]
    _add_synonyms(stored, read.get("synonyms", []), draft, is_user)


def _read_pattern(entry, where: str, draft: dict, report) -> None:
    if not isinstance(entry, dict) or not {"kind", "pattern", "name"} <= set(entry) <= _PATTERN_KEYS:
        report(where, "expected a mapping with kind, pattern, name and optionally family")
        return
    if entry["kind"] not in ("dataset", "model"):
        report(where, f"'kind' must be dataset or model, found {entry['kind']!r}")
        return
    try:
        compiled = re.compile(str(entry["pattern"]))
    except re.error as error:
        report(where, f"'pattern' is not a valid regular expression ({error})")
        return
    references = [int(n) for n in re.findall(r"\\(?:g<)?(\d+)",
                                              str(entry["name"]) + str(entry.get("family", "")))]
    if any(n > compiled.groups for n in references):
        report(where, f"'name' refers to a group the pattern does not have ({compiled.groups} groups)")
        return
    draft["patterns"].append({key: str(value) for key, value in entry.items()})


def _add_synonyms(stored: dict, synonyms: list[str], draft: dict, is_user: bool) -> None:
    for synonym in synonyms:
        if is_user:  # the user's spelling moves to this entry from whichever entry had it
            _remove_synonym(synonym, draft)
        if synonym not in stored["synonyms"]:
            stored["synonyms"].append(synonym)


def _remove_synonym(spelling: str, draft: dict) -> bool:
    key = spelling_key(spelling).lower()
    found = False
    for entry in (*draft["topics"].values(), *draft["entities"].values()):
        kept = [s for s in entry["synonyms"] if spelling_key(s).lower() != key]
        found |= len(kept) != len(entry["synonyms"])
        entry["synonyms"] = kept
    return found


def _remove(name: str, draft: dict) -> bool:
    if name in draft["areas"]:
        del draft["areas"][name]
        for topic in [t for t, v in draft["topics"].items() if v["area"] == name]:
            _remove_topic(topic, draft)
        return True
    if name in draft["topics"]:
        _remove_topic(name, draft)
        return True
    if name in draft["entities"]:
        del draft["entities"][name]
        return True
    return _remove_synonym(name, draft)


def _remove_topic(name: str, draft: dict) -> None:
    removed = draft["topics"].pop(name)
    for topic in draft["topics"].values():
        if topic["parent"] == name:
            topic["parent"] = removed["parent"]


def _check_draft(draft: dict, path: Path, problems: list[str]) -> None:
    def report(what: str) -> None:
        problems.append(f"Error in vocabulary (last file read: '{path}'): {what}")

    topics = draft["topics"]
    for name, topic in topics.items():
        if topic["parent"] is not None and topic["parent"] not in topics:
            report(f"topic {name!r} has parent {topic['parent']!r}, which is not a topic")
        elif _depth(name, topics) < 0:
            report(f"topic {name!r} is its own ancestor")
    owner_by_slug: dict[str, str] = {}
    for kind, names in (("topic", topics), ("entity", draft["entities"])):
        for name in names:
            slug = slugify(name)
            if slug in owner_by_slug and owner_by_slug[slug] != name:
                report(f"{kind} {name!r} and {owner_by_slug[slug]!r} would share the tag page "
                       f"'{slug}'; rename one")
            owner_by_slug[slug] = name
    if not draft["areas"]:
        report("no areas left")


def _depth(name: str, topics: dict) -> int:
    depth, seen = 0, {name}
    while (parent := topics[name]["parent"]) is not None and parent in topics:
        if parent in seen:
            return -1
        depth, name = depth + 1, parent
        seen.add(name)
    return depth


def _freeze(draft: dict) -> Vocabulary:
    areas = tuple(Area(name, tuple(value["words"])) for name, value in draft["areas"].items())
    topics = tuple(
        Topic(name, value["area"], tuple(value["synonyms"]), value["parent"],
              bool(value["broad"] or value["cross_cutting"]), _depth(name, draft["topics"]),
              bool(value["cross_cutting"]))
        for name, value in draft["topics"].items())
    entities = tuple(
        Entity(name, value["kind"], tuple(value["synonyms"]), bool(value["exact_case"]))
        for kind in ("dataset", "model")
        for name, value in draft["entities"].items() if value["kind"] == kind)
    patterns = tuple(EntityPattern(p["kind"], p["pattern"], p["name"], p.get("family", ""))
                     for p in draft["patterns"])
    return Vocabulary(areas, topics, entities, patterns, _build_index(areas, topics, entities, patterns))


def _build_index(areas: tuple[Area, ...], topics: tuple[Topic, ...], entities: tuple[Entity, ...],
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
    return MatchIndex(tuple(regexes), label_by_key, compiled,
                  {t.name: t for t in topics}, folded_by_key, *_overlap_weights(areas, topics))


def _overlap_weights(areas: tuple[Area, ...], topics: tuple[Topic, ...]):
    """Weight each word by how few areas (or top-level topics of an area) use it."""
    words_by_topic = {t.name: content_words(" ".join((t.name, *t.synonyms))) for t in topics}
    children: dict[str, list[str]] = {}
    for topic in topics:
        if topic.parent:
            children.setdefault(topic.parent, []).append(topic.name)

    def subtree_words(name: str, seen: frozenset[str] = frozenset()) -> frozenset[str]:
        below = [subtree_words(c, seen | {name}) for c in children.get(name, ()) if c not in seen]
        return words_by_topic[name].union(*below)

    words_by_area = {a.name: content_words(" ".join(a.words)) for a in areas}
    for topic in topics:
        words_by_area[topic.area] = words_by_area[topic.area] | words_by_topic[topic.name]
    area_weights = _inverse_frequency(words_by_area)
    root_weights = {}
    for area in areas:
        roots = {t.name: subtree_words(t.name) for t in topics
                 if t.area == area.name and (t.parent is None or
                                             _area_of(t.parent, topics) != area.name)}
        root_weights[area.name] = tuple(_inverse_frequency(roots).items())
    return area_weights, root_weights


def _area_of(name: str, topics: tuple[Topic, ...]) -> str | None:
    return next((t.area for t in topics if t.name == name), None)


def _inverse_frequency(words_by_name: dict[str, frozenset[str]]) -> dict[str, dict[str, float]]:
    frequency: dict[str, int] = {}
    for words in words_by_name.values():
        for word in words:
            frequency[word] = frequency.get(word, 0) + 1
    return {name: {word: 1.0 / frequency[word] for word in words}
            for name, words in words_by_name.items()}


def content_words(text: str) -> frozenset[str]:
    """Return the stemmed words of a text that can tell areas and topics apart."""
    return frozenset(_stem(word) for word in re.findall(r"[a-z][a-z0-9]+", text.lower())
                     if word not in _STOPWORDS)


def _stem(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word
