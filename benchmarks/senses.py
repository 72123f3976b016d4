"""Find the vocabulary's acronyms that often mean something else, and their sense's context
words: writes generator/data/senses.json (read by `papersite.enrich.senses`).

    python -m benchmarks.senses            # fit on the background corpus, write the file
    python -m benchmarks.senses --report F # tags the sense checks removed and kept, to read

The background corpus's abstracts spell acronyms out ("sparse neural networks (SNNs)"). An
acronym of a topic whose spelled-out forms name another concept in at least a tenth of the
abstracts that spell it out (and three of them) is ambiguous; its context words are the words
most typical of the abstracts that spell it as the topic, against those that spell it
otherwise.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import re
from collections import Counter, defaultdict
from pathlib import Path

from papersite.enrich.senses import ACRONYM, SENSES_FILE, definitions, same_sense
from papersite.enrich.vocabulary import normalize_name
from papersite.text.words import STOP_WORDS
from papersite.vocabulary_files import load_vocabulary

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
BACKGROUND = DATA / "background" / "papers.jsonl.gz"
MIN_OTHER_SHARE = 0.1
MIN_OTHER = 3
CONTEXT_WORDS = 12
MIN_LIFT = 8.0
SHRINK = 10
_WORD = re.compile(r"[a-z][a-z-]{3,}")


def topic_acronyms() -> dict[str, str]:
    """Return each acronym spelling of a topic, with the topic's name."""
    vocabulary = load_vocabulary()
    found = {}
    for topic in vocabulary.topics:
        for spelling in topic.synonyms:
            if ACRONYM.match(spelling) and not spelling.endswith("s"):
                found[spelling] = topic.name
    return found


def fit(texts: list[str]) -> dict[str, dict]:
    """Return the ambiguous acronyms with their context words and what was counted."""
    vocabulary = load_vocabulary()
    everywhere = Counter(word for text in texts for word in set(_WORD.findall(text.lower())))
    share = {word: count / len(texts) for word, count in everywhere.items()}
    acronyms = topic_acronyms()
    spellings = {topic.name: (topic.name, *topic.synonyms) for topic in vocabulary.topics}
    spelled_as: dict[str, list[tuple[str, set[str]]]] = defaultdict(list)
    for text in texts:
        if "(" not in text:
            continue
        for acronym, spelled in definitions(text).items():
            if acronym in acronyms:
                words = set(_WORD.findall(text.lower())) - STOP_WORDS
                spelled_as[acronym].append((vocabulary.fold(spelled), words))
    result = {}
    for acronym, topic in sorted(acronyms.items()):
        found = spelled_as[acronym]
        # The topic's name and spellings ("principal component analysis" for Dimensionality
        # reduction): what is never spelled as one of them has another sense.
        senses = Counter(expansion for expansion, _ in found)
        accepted = [normalize_name(name) for name in spellings[topic] if not ACRONYM.match(name)]
        right, wrong = Counter(), Counter()
        for expansion, words in found:
            (right if any(same_sense(expansion, a) for a in accepted) else wrong).update(words)
        good = sum(any(same_sense(e, a) for a in accepted) for e, _ in found)
        bad = len(found) - good
        # Rarely spelled out as the topic: the vocabulary files a narrower concept under it
        # ("gated recurrent unit (GRU)" under Recurrent neural networks), or names it so.
        if good < MIN_OTHER or bad < MIN_OTHER or bad < MIN_OTHER_SHARE * len(found):
            continue
        others = [e for e, _ in senses.most_common() if not any(same_sense(e, a) for a in accepted)]
        result[acronym] = {"topic": topic, "expansions": accepted,
                           "context": _context(right, wrong, good, bad, topic, share),
                           "spelled_as_topic": good, "spelled_otherwise": bad,
                           "other_senses": others[:4]}
    return result


def _context(right: Counter, wrong: Counter, good: int, bad: int, topic: str,
             share: dict[str, float]) -> list[str]:
    """Return the words most typical of the topic's sense (smoothed log-odds against the other
    senses), the topic's own name words first; each `MIN_LIFT` times as common in the sense's
    abstracts as in all (`share`)."""
    def lifted(word: str) -> bool:
        # Counted as if SHRINK more abstracts lacked it: few abstracts prove little.
        return right[word] / (good + SHRINK) >= MIN_LIFT * share.get(word, 0.0)

    own = [word for word in _WORD.findall(topic.lower()) if word not in STOP_WORDS]
    scored = sorted(((math.log((right[w] + 0.5) / (good + 1)) - math.log((wrong[w] + 0.5) / (bad + 1)),
                      w) for w in right if right[w] >= max(3, good * 0.1)), reverse=True)
    typical = [w for score, w in scored if score > 1.5 and w not in own and lifted(w)]
    # The name's own words that other senses share ("neural", "network") tell nothing.
    own = [w for w in own if wrong[w] * (good + 1) < right[w] * (bad + 1) / 2 and lifted(w)]
    return (own + typical)[:CONTEXT_WORDS]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.senses", description=__doc__)
    parser.add_argument("--report", type=Path, help="write the tags the checks change to here")
    arguments = parser.parse_args(argv)
    if arguments.report:
        from .sense_report import write_report
        write_report(arguments.report)
        return 0
    with gzip.open(BACKGROUND, "rt", encoding="utf-8") as lines:
        texts = [json.loads(line).get("abstract") or "" for line in lines]
    acronyms = fit(texts)
    SENSES_FILE.write_text(json.dumps({
        "about": "Acronyms of topics that often mean something else, with the context words of "
                 "the topic's sense; written by python -m benchmarks.senses from the background "
                 f"corpus ({len(texts)} abstracts).",
        "acronyms": acronyms}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for acronym, entry in acronyms.items():
        print(f"{acronym:8s} {entry['topic']:35s} {entry['spelled_as_topic']:5d} "
              f"{entry['spelled_otherwise']:5d} {entry['other_senses'][:2]} {entry['context']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
