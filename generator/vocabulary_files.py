"""Read the vocabulary files: the shipped taxonomy and entity lists, then a user's file.

A user file may hold `areas`, `datasets`, `models`, `patterns` and `remove`:
- an entry with a new name is added; an entry with an existing name gains the synonyms it lists
  (a synonym moves from whichever entry had it) and its other fields replace the shipped ones;
- a topic listed under another area moves there;
- `remove` lists names of areas (with their topics), topics, datasets or models, or single
  synonyms, to drop.
Every problem is reported with its file and place, all of them at once.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from slugify import slugify

from .enrich.vocabulary import Area, Entity, EntityPattern, Topic, Vocabulary, build_index, spelling_key
from .errors import GeneratorError

DATA_DIR = Path(__file__).resolve().parent / "data"
SHIPPED_FILES = (DATA_DIR / "taxonomy.yml", DATA_DIR / "entities.yml")
_TOP_KEYS = {"areas", "datasets", "models", "patterns", "remove"}
_AREA_KEYS = {"name", "words", "topics"}
_TOPIC_KEYS = {"name", "synonyms", "parent", "broad", "cross_cutting", "context"}
_ENTITY_KEYS = {"name", "synonyms", "exact_case"}
_PATTERN_KEYS = {"kind", "pattern", "name", "family"}


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
    for words in ("synonyms", "context"):
        listed = entry.get(words, [])
        if not isinstance(listed, list) or not all(isinstance(s, str) and s.strip() for s in listed):
            report(where, f"'{words}' must be a list of non-empty strings")
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
            topic_name, {"synonyms": [], "parent": None, "broad": False, "cross_cutting": False,
                         "context": []})
        stored_topic["area"] = name
        for key in ("parent", "broad", "cross_cutting", "context"):
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
              bool(value["cross_cutting"]), tuple(value["context"]))
        for name, value in draft["topics"].items())
    entities = tuple(
        Entity(name, value["kind"], tuple(value["synonyms"]), bool(value["exact_case"]))
        for kind in ("dataset", "model")
        for name, value in draft["entities"].items() if value["kind"] == kind)
    patterns = tuple(EntityPattern(p["kind"], p["pattern"], p["name"], p.get("family", ""))
                     for p in draft["patterns"])
    return Vocabulary(areas, topics, entities, patterns, build_index(areas, topics, entities, patterns))


