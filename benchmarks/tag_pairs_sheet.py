"""Blind check of issue 43's "one name per concept": do two of the largest tags mean one thing?

    python -m benchmarks.tag_pairs_sheet --sheet .judging/tag_pairs.md --key KEY.jsonl
    python -m benchmarks.tag_pairs_sheet --key KEY.jsonl --grades GRADES.jsonl

The first form tags each shared list and the 5,000 real abstracts as a build does
(`tags_at_scale.tagged_lists`) and writes, for each, its LARGEST largest tags other than
areas, alphabetically, with their kind and number of papers. Into each list it plants
PLANTED controls: a second line for one of its taxonomy topics under one of that topic's own
synonyms that is its initials ("GNNs" beside "Graph neural networks"), with a made-up count.
A fresh reader, who sees only the sheet and its rules, names every pair of lines that mean
one concept; the key
(`benchmarks/data/`) says which lines are planted. The second form joins the reader's pairs
to the key: pairs of real tags are the figure (issue 43: none among the 100 largest); planted
pairs found tell whether the reader looked (a reader who misses them is too lax: use another).

Grades, one JSON object a list: {"list": "A", "pairs": [[3, 17, "why"], ...]}.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import Counter
from pathlib import Path

from .titles import read_jsonl

LARGEST = 100
PLANTED = 2
_ACRONYM = re.compile(r"^[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*$")
RULES = """\
Each list below holds the tags of one conference's site: a tag's name, its kind (topic, dataset,
model, benchmark) and how many papers carry it. Name every pair of lines that mean ONE concept,
so that a reader would expect one tag, not two: the same thing under two names or spellings
("Transformers" and "Transformer models"), or a name and its abbreviation.
Do NOT pair: one a narrower kind of the other ("Diffusion models" and "Latent diffusion
models"), related but different concepts ("Optimization" and "Preference optimization"), a
model family and one of its versions ("Llama-2" and "Llama-3"), a field and a method of it.
When in doubt whether two lines are one concept, do not pair them.
Answer with one JSON object per list, one a line:
{"list": "A", "pairs": [[3, 17, "both mean ..."]]} (an empty list when there is none).
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--key", type=Path, required=True)
    parser.add_argument("--sheet", type=Path, help="write a new sheet and its key")
    parser.add_argument("--grades", type=Path, help="join these grades to the key")
    parser.add_argument("--seed", type=int, default=43)
    args = parser.parse_args()
    if args.sheet:
        write_sheet(args.sheet, args.key, random.Random(args.seed))
    if args.grades:
        print(join(read_jsonl(args.key), read_jsonl(args.grades)))


def write_sheet(sheet: Path, key: Path, rng: random.Random) -> None:
    """Write the sheet of every list's largest tags, with planted pairs, and its key."""
    from papersite.vocabulary_files import load_vocabulary

    from .tags_at_scale import tagged_lists

    topics = {topic.name: topic for topic in load_vocabulary().topics}
    parts, records = [RULES], []
    for letter, (name, tags) in zip("ABCDEFGH", tagged_lists()):
        counts = Counter((tag.name, tag.kind) for paper in tags for tag in paper
                         if tag.kind != "area")
        largest = sorted(counts, key=lambda tag: (-counts[tag], tag))[:LARGEST]
        lines = [(tag_name, kind, counts[tag_name, kind], "") for tag_name, kind in largest]
        lines += _planted(largest, counts, topics, rng)
        lines.sort(key=lambda line: line[0].lower())
        parts.append(f"\n## List {letter}\n")
        for number, (tag_name, kind, papers, planted_for) in enumerate(lines, 1):
            parts.append(f"{number}. {tag_name} ({kind}, {papers} papers)")
            records.append({"list": letter, "source": name, "line": number, "tag": tag_name,
                            "kind": kind, "planted_for": planted_for})
    sheet.parent.mkdir(parents=True, exist_ok=True)
    sheet.write_text("\n".join(parts) + "\n", encoding="utf-8")
    key.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")


def _planted(largest: list[tuple[str, str]], counts: Counter, topics: dict,
             rng: random.Random) -> list[tuple[str, str, int, str]]:
    """Return PLANTED lines, each a taxonomy topic of the list under another of its spellings."""
    names = {tag_name.lower() for tag_name, _ in largest}
    choices = []
    for tag_name, kind in largest:
        topic = topics.get(tag_name)
        if kind != "topic" or topic is None:
            continue
        spellings = [s for s in topic.synonyms if s.lower() not in names and _abbreviates(s, tag_name)]
        if spellings:
            choices.append((tag_name, spellings))
    planted = []
    for tag_name, spellings in rng.sample(choices, min(PLANTED, len(choices))):
        spelling = rng.choice(spellings)
        planted.append((spelling, "topic", max(1, counts[tag_name, "topic"] // 3), tag_name))
    return planted


def _abbreviates(spelling: str, name: str) -> bool:
    """Tell whether a spelling is the name's initials ("GNNs" of "Graph neural networks")."""
    initials = "".join(word[0] for word in re.split(r"[\s-]+", name.lower()))
    return bool(_ACRONYM.match(spelling)) and spelling.lower().removesuffix("s") == initials


def join(key: list[dict], grades: list[dict]) -> str:
    """Say, for each list, the real pairs the reader found and how many planted ones."""
    by_line = {(record["list"], record["line"]): record for record in key}
    report = []
    for grade in grades:
        letter = grade["list"]
        planted = {(r["line"]) for r in key if r["list"] == letter and r["planted_for"]}
        real, found = [], 0
        for first, second, *why in grade["pairs"]:
            a, b = by_line[letter, first], by_line[letter, second]
            if first in planted or second in planted:
                other = b if first in planted else a
                planted_record = a if first in planted else b
                found += planted_record["planted_for"] == other["tag"]
            else:
                real.append(f"    {a['tag']} ({a['kind']}) / {b['tag']} ({b['kind']}): "
                            f"{why[0] if why else ''}")
        source = by_line[letter, 1]["source"]
        report.append(f"{source}: {len(real)} pairs of one meaning; planted found "
                      f"{found} of {len(planted)}")
        report += real
    return "\n".join(report)


if __name__ == "__main__":
    main()
