"""Write a blind judging sheet of titles: the real title and derived ones, one heading a line.

    python -m benchmarks.titles_sheet --dump NAME.json          # titles the code here derives
    python -m benchmarks.titles_sheet NAME.json [NAME.json ...] [--per-list 40] [--readers 3]
    python -m benchmarks.titles_sheet --join GRADES.jsonl [GRADES.jsonl ...]

`--dump` writes every derived title of COLM 2024, AISTATS 2025 and 3DV 2025 (`../shared/data/`),
keyed "list/id", as the code it runs in derives them across each whole list; run it in each
checkout to compare, and name the file after the version ("today.json", "learned.json"). The sheet
takes `--per-list` random papers of each list (seeded; none judged in `data/judged_titles.jsonl` or
`data/gists_key.jsonl`) and gives each of its headings a line of its own: the real title (the
control) and each dump's title (one line where versions agree), shuffled, with the abstract and
nothing else, into `.judging/titles_sheet.md` (git-ignored: it holds the lists' abstracts), or
consecutive parts of it, one a reader, `titles_sheet_1.md` and on. The key
(`data/titles_key.jsonl`: line, list, paper id, sources, heading) joins the grades to their
sources. `--join` reads the reader's grades (`{"line", "grade", "why"}` a line) and prints each
source's shares by list.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

from benchmarks.titles import DATA, JUDGED, JUDGEMENTS, read_papers, year_of

LISTS = ("colm2024", "aistats2025", "3dv2025")
SHEET = Path(__file__).resolve().parents[1] / ".judging" / "titles_sheet.md"
KEY = Path(__file__).resolve().parent / "data" / "titles_key.jsonl"
GISTS_KEY = Path(__file__).resolve().parent / "data" / "gists_key.jsonl"
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


def dump(path: Path) -> None:
    """Write every derived title of the lists, as the code this runs in derives them."""
    from benchmarks.titles import derive_all

    derived = {}
    for name in LISTS:
        list_path = DATA / f"{name}.jsonl"
        papers = read_papers(list_path)
        titles, _, _ = derive_all(papers, year_of(list_path))
        derived.update((f"{name}/{paper['id']}", title) for paper, title in zip(papers, titles))
    path.write_text(json.dumps(derived, ensure_ascii=False), encoding="utf-8")


def already_judged() -> set[str]:
    """Ids of papers an earlier sheet showed a reader."""
    return {json.loads(line)["id"] for path in (JUDGED, GISTS_KEY, KEY) if path.exists()
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


def write_sheet(versions: dict[str, dict[str, str]], per_list: int, seed: int,
                readers: int = 1) -> None:
    """Write the shuffled sheet, in `readers` parts, and its key (see the module docstring)."""
    judged = already_judged()
    rng = random.Random(seed)
    rows = []
    for name in LISTS:
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
    with KEY.open("w", encoding="utf-8") as key_file:
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
    print(f"wrote {len(rows)} headings of {len(LISTS) * per_list} papers for {readers} "
          f"reader(s) to {SHEET.parent}, the key to {KEY}")


def join(grades_paths: list[Path]) -> None:
    """Print each source's grade shares, overall and by list."""
    keys = {r["line"]: r for r in map(json.loads, KEY.read_text(encoding="utf-8").splitlines())}
    grades = [json.loads(line) for path in grades_paths
              for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
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
    parser.add_argument("--per-list", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.dump:
        dump(args.dump)
    elif args.join:
        join(args.join)
    elif args.dumps:
        versions = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in args.dumps}
        write_sheet(versions, args.per_list, args.seed, args.readers)
    else:
        parser.error("give dumps, --dump PATH or --join GRADES")
    return 0


if __name__ == "__main__":
    sys.exit(main())
