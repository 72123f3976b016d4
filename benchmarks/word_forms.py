"""Write the English word forms the title heuristics need, looked up with lemminflect.

    python -m benchmarks.word_forms [../shared/data/background/papers.jsonl.gz]

lemminflect (the `train` extra) knows each English word's parts of speech and inflections, but
loading its tables takes two seconds, too long for every build. So this looks up, once, what
`generator/enrich/titles/word_forms.py` reads, and writes `generator/data/titles/word_forms.json`:
- "never_nouns": the lower-case words of at least `MIN_ABSTRACTS` background abstracts that
  lemminflect knows only as adjectives, verbs or adverbs ("wearable", "sparse"), "-ing" forms
  aside ("Sensory Prompting"): a phrase that ends in one is cut short;
- "gerunds": the "-ing" form of each verb in `phrases.TO_VERBS` ("map": "mapping");
- "third_persons": the third person of each verb's "-ing" form in at least `MIN_ABSTRACTS`
  background abstracts ("projecting": "projects"), for gists that say what a thing does.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path

from lemminflect import getAllLemmas, getInflection

from benchmarks.established_names import background_argument
from papersite.enrich.titles import phrases, word_forms

MIN_ABSTRACTS = 5
_WORD = re.compile(r"\b[a-z]+\b")


def word_counts(path: Path) -> Counter[str]:
    """Count the background abstracts each lower-case word is in."""
    counts: Counter[str] = Counter()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            counts.update(set(_WORD.findall(json.loads(line)["abstract"])))
    return counts


def third_persons(counts: Counter[str]) -> dict[str, str]:
    """Return the third person of each frequent "-ing" form that is a verb's."""
    found = {}
    for word, count in counts.items():
        lemmas = getAllLemmas(word).get("VERB") if count >= MIN_ABSTRACTS and \
            word.endswith("ing") else None
        if lemmas:
            inflected = getInflection(lemmas[0], tag="VBZ")
            if inflected and getInflection(lemmas[0], tag="VBG")[:1] == (word,):
                found[word] = inflected[0]
    return dict(sorted(found.items()))


def never_nouns(counts: Counter[str]) -> list[str]:
    """Return the frequent lower-case words lemminflect knows, but never as a noun."""
    found = []
    for word, count in counts.items():
        if count < MIN_ABSTRACTS:
            continue
        readings = getAllLemmas(word)
        # A gerund heads a noun phrase in titles ("Sensory Prompting"), whatever the tables say.
        if readings and "NOUN" not in readings and "PROPN" not in readings and \
                not word.endswith("ing"):
            found.append(word)
    return sorted(found)


def main(argv: list[str] | None = None) -> int:
    """Look the word forms up and write the table."""
    path = background_argument(__doc__.splitlines()[0], argv)
    if path is None:
        return 1
    counts = word_counts(path)
    table = {"never_nouns": never_nouns(counts),
             "gerunds": {verb: getInflection(verb, tag="VBG")[0]
                         for verb in sorted(phrases.TO_VERBS)},
             "third_persons": third_persons(counts)}
    text = json.dumps(table, separators=(",", ":"))
    word_forms.WORD_FORMS_PATH.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {word_forms.WORD_FORMS_PATH}: {len(table['never_nouns'])} words that are never "
          f"nouns, {len(table['gerunds'])} gerunds, {len(table['third_persons'])} third persons "
          f"({len(text) / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
