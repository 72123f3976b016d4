"""Blind judging of titles: the real title and derived ones in one shuffled sheet, one heading a line.

    python -m benchmarks.titles_sheet --dump NAME.json [--lists L ...]    # titles the code here derives
    python -m benchmarks.titles_sheet --round R NAME.json [NAME.json ...] [--lists L ...]
                                      [--per-list 40] [--readers 3]
    python -m benchmarks.titles_sheet --round R --join GRADES.jsonl [GRADES.jsonl ...]

`--dump` writes every derived title of the lists (`../shared/data/`; by default COLM 2024, AISTATS
2025 and 3DV 2025, the lists issue 42's acceptance sample comes from), keyed "list/id", as the code
it runs in derives them across each whole list; run it in each checkout to compare, and name the
file after the version ("today.json", "learned.json"). A round's sheet takes `--per-list` random
papers of each list that no earlier round of titles or gists (`data/gists_key*.jsonl`) or
`data/judged_titles.jsonl` showed a reader, and gives each of its headings a line of its own: the
real title (the control) and each dump's title (one line where versions agree), shuffled, with the
abstract and nothing else, into `.judging/titles_sheet.md` (git-ignored: it holds the lists'
abstracts), or consecutive parts of it, one a reader, `titles_sheet_1.md` and on. The round's key
(`data/titles_key_R.jsonl`: line, list, paper id, sources, heading) joins the grades to their
sources. `--join` reads the readers' grades (`{"line", "grade", "why"}` a line; keep them as
`data/titles_grades_R.jsonl`) and prints each source's shares by list. Rounds that tune a version
sample other lists (`--lists iclr2024`), so that the acceptance lists keep papers no reader has
seen (3DV 2025 has 142).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

from benchmarks.titles import (
    DATA,
    JUDGED,
    JUDGEMENTS,
    derive_all,
    read_jsonl,
    read_papers,
    year_of,
)

ACCEPTANCE_LISTS = ("colm2024", "aistats2025", "3dv2025")
SHEET = Path(__file__).resolve().parents[1] / ".judging" / "titles_sheet.md"
ROUNDS = Path(__file__).resolve().parent / "data"
# The lists the acceptance sample is drawn from; a round that tunes a version reads
# others (`--lists iclr2024`), so that these keep enough papers no reader has seen.
RULES = """# Headings to grade

Each numbered entry gives an abstract and one heading proposed as the paper's title. Grade each
heading on its own, seeing only its abstract:
- **good**: names the paper's own contribution and its problem;
- **acceptable**: right, but vague, partial or clumsy;
- **poor**: misleading, a side detail, background or the field, a garbled fragment, or pointing
  back to text not shown.
When in doubt, give the lower grade. Answer one JSON object a line:
`{"line": N, "grade": "good|acceptable|poor", "why": "a few words"}`.
"""


def key_path(round_name: str) -> Path:
    return ROUNDS / f"titles_key_{round_name}.jsonl"


def dump(path: Path, lists: tuple[str, ...]) -> None:
    """Write every derived title of the lists, as the code this runs in derives them."""
    derived: dict[str, str] = {}
    for name in lists:
        list_path = DATA / f"{name}.jsonl"
        papers = read_papers(list_path)
        titles, *_ = derive_all(papers, year_of(list_path))
        derived.update((f"{name}/{paper['id']}", title) for paper, title in zip(papers, titles))
    path.write_text(json.dumps(derived, ensure_ascii=False), encoding="utf-8")


def already_judged() -> set[str]:
    """Ids of papers an earlier sheet showed a reader."""
    paths = [JUDGED, *ROUNDS.glob("gists_key*.jsonl"), *ROUNDS.glob("titles_key_*.jsonl")]
    return {record["id"] for path in paths if path.exists() for record in read_jsonl(path)}


def write_sheet(round_name: str, versions: dict[str, dict[str, str]], lists: tuple[str, ...],
                per_list: int, seed: int, readers: int = 1) -> None:
    """Write the shuffled sheet, in `readers` parts, and its key (see the module docstring)."""
    judged = already_judged()
    rng = random.Random(seed)
    rows = []
    for name in lists:
        papers = [p for p in read_papers(DATA / f"{name}.jsonl") if p["id"] not in judged]
        for paper in rng.sample(papers, per_list):
            headings: dict[str, list[str]] = defaultdict(list)
            headings[" ".join(paper["title"].split())].append("real")
            for source, titles in versions.items():
                headings[titles[f"{name}/{paper['id']}"]].append(source)
            rows += [(name, paper, sources, heading) for heading, sources in headings.items()]
    rng.shuffle(rows)
    SHEET.parent.mkdir(exist_ok=True)
    sheets: list[list[str]] = [[RULES] for _ in range(readers)]
    key = key_path(round_name)
    if key.exists():
        sys.exit(f"{key} exists: a round's sample is judged once; name a new round")
    with key.open("w", encoding="utf-8") as key_file:
        for number, (name, paper, sources, heading) in enumerate(rows, 1):
            # Consecutive slices of the shuffled lines: each reader sees every source, the
            # real titles included, so each reader's grades carry their own control.
            sheet = sheets[(number - 1) * readers // len(rows)]
            sheet.append(f"## {number}\n\nAbstract: {' '.join(paper['abstract'].split())}\n\n"
                         f"Heading: {heading}\n")
            key_file.write(json.dumps({"line": number, "list": name, "id": paper["id"],
                                       "sources": sources, "heading": heading},
                                      ensure_ascii=False) + "\n")
    for reader, lines in enumerate(sheets, 1):
        sheet_path = SHEET.with_name(f"{SHEET.stem}_{reader}.md") if readers > 1 else SHEET
        sheet_path.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {len(rows)} headings of {len(lists) * per_list} papers for {readers} "
          f"reader(s) to {SHEET.parent}, the key to {key}")


def join(round_name: str, grades_paths: list[Path]) -> None:
    """Print each source's grade shares, overall and by list."""
    keys = {r["line"]: r for r in read_jsonl(key_path(round_name))}
    grades = [grade for path in grades_paths for grade in read_jsonl(path)]
    missing = len(keys) - len({grade["line"] for grade in grades})
    if missing:
        print(f"{missing} of {len(keys)} lines have no grade", file=sys.stderr)
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for grade in grades:
        key = keys[grade["line"]]
        for source in key["sources"]:
            counts[(source, "all")][grade["grade"]] += 1
            counts[(source, key["list"])][grade["grade"]] += 1
    for (source, where), tally in sorted(counts.items()):
        total = sum(tally.values())
        shares = " / ".join(f"{grade} {tally[grade] / total:.0%}" for grade in JUDGEMENTS)
        print(f"{source:10} {where:12} {total:4}  {shares}")


def main(argv: list[str] | None = None) -> int:
    """Dump titles, write the sheet from dumps, or join grades."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dumps", type=Path, nargs="*", help="NAME.json, one per version")
    parser.add_argument("--dump", type=Path, help="write the titles the code here derives")
    parser.add_argument("--join", type=Path, nargs="+", help="readers' grades to join to the key")
    parser.add_argument("--readers", type=int, default=1, help="split the sheet among readers")
    parser.add_argument("--round", help="the round's name: its key is data/titles_key_ROUND.jsonl")
    parser.add_argument("--lists", nargs="+", default=ACCEPTANCE_LISTS,
                        help="lists of ../shared/data to sample (default: the acceptance lists)")
    parser.add_argument("--per-list", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.dump:
        dump(args.dump, tuple(args.lists))
    elif not args.round:
        parser.error("name the round (--round) the sheet or the grades belong to")
    elif args.join:
        join(args.round, args.join)
    elif args.dumps:
        versions = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in args.dumps}
        write_sheet(args.round, versions, tuple(args.lists), args.per_list, args.seed,
                    args.readers)
    else:
        parser.error("give dumps, --dump PATH or --join GRADES")
    return 0


if __name__ == "__main__":
    sys.exit(main())
