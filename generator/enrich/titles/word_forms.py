"""English word forms the title stage reads: which words are never nouns, "-ing" forms, and the
third person of "-ing" forms.

The table is data (`data/titles/word_forms.json`), looked up once with lemminflect by
`python -m benchmarks.word_forms`; the rules below cover what it does not list.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

# Which words are never nouns, and verbs' "-ing" forms: see `benchmarks/word_forms.py`.
WORD_FORMS_PATH = Path(__file__).resolve().parents[2] / "data" / "titles" / "word_forms.json"


def is_never_a_noun(word: str) -> bool:
    """Tell whether an English word is known only as an adjective, verb or adverb ("wearable",
    "sparse"): a phrase ending in one is cut short ("Generating Wearable")."""
    return word in _word_forms()["never_nouns"]


def is_verb(word: str) -> bool:
    """Tell whether a lower-case word is a verb's "-ing" form ("comparing") or a verb never a
    noun ("minimize", "provide"): a phrase that opens with one is a clause, not a subject."""
    forms = _word_forms()
    return word in forms["third_persons"] or word in forms["never_nouns"] and any(
        inflected in forms["verbs"] for inflected in (word + "s", word + "es", word[:-1] + "ies"))


@lru_cache(maxsize=1)
def _word_forms() -> dict:
    """Load the word forms `benchmarks/word_forms.py` looked up with lemminflect."""
    with WORD_FORMS_PATH.open(encoding="utf-8") as handle:
        table = json.load(handle)
    third_persons = table.get("third_persons", {})
    return {"never_nouns": frozenset(table["never_nouns"]), "gerunds": table["gerunds"],
            "third_persons": third_persons, "verbs": frozenset(third_persons.values())}


def base_gerund(verb: str) -> str:
    """Turn a verb of TO_VERBS ("detect", "solve", "map") into its "-ing" form; another verb by
    `gerund`'s rules."""
    return _word_forms()["gerunds"].get(verb) or gerund(verb + "s") or verb + "ing"


def third_person(doing: str) -> str:
    """Turn a verb's "-ing" form ("leveraging", "projecting") into its third person
    ("leverages", "projects"); "" for a word the table does not list as a verb's."""
    return _word_forms()["third_persons"].get(doing, "")


# Auxiliaries: "which does not use X" says what the thing does without, not "Doeing Not Use".
_AUXILIARIES = frozenset({"does"})


def gerund(verb: str) -> str:
    """Turn a verb in the third person ("extends", "unifies", "maps") into its "-ing" form;
    "" for a word that is not one, or an auxiliary ("does")."""
    if not (verb.islower() and verb.isalpha() and verb.endswith("s") and len(verb) > 3) or \
            verb.endswith(("ss", "us", "is")) or verb in _AUXILIARIES:
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
