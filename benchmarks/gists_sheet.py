"""Write a blind judging sheet of gists: two versions of the code, one candidate a line.

    python -m benchmarks.gists_sheet --dump GISTS.json [--lists ...]  # gists the code derives
    python -m benchmarks.gists_sheet OLD.json NEW.json --round R [--lists ...] [--per-list 40]
    python -m benchmarks.gists_sheet --round R --join GRADES.jsonl     # shares, old and new

`--dump` writes every gist of the lists (`../shared/data/`; COLM 2024, AISTATS 2025 and 3DV 2025
unless `--lists` says) as derived by the code it runs in, keyed "list/id"; run it in each
checkout to compare. The sheet takes `--per-list` random papers of each list (seeded; none of
of an earlier round of titles or gists: `titles_sheet.already_judged`), and for each paper its old and new
gist as separate lines (one line when they are the same), shuffled, with the abstract and no
id, into `.judging/gists_sheet.md` (git-ignored: it holds the lists' abstracts). The round's key
(`data/gists_key_R.jsonl`: sheet line, list, paper id, source "old", "new" or "old+new", gist)
joins the grades to their sources afterwards. The first round's key is `data/gists_key.jsonl`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from benchmarks.titles import DATA, read_jsonl, read_papers, year_of
from benchmarks.titles_sheet import already_judged

LISTS = ("colm2024", "aistats2025", "3dv2025")
SHEET = Path(__file__).resolve().parents[1] / ".judging" / "gists_sheet.md"
KEYS = Path(__file__).resolve().parent / "data"
RULES = """# Gists to grade

Each numbered line gives an abstract and one gist: a one-line summary meant to sit under the
paper's title in a list. Grade each gist on its own, seeing only its abstract:
- **good**: says the paper's own contribution and its problem, as a whole sentence;
- **acceptable**: right, but vague, partial or clumsy;
- **poor**: misleading, a side detail, background or the field, a garbled or cut-off fragment,
  or pointing back to text not shown ("this question", "such models", "these issues").
When in doubt, give the lower grade. Also mark **back** if it points back to text not shown,
**background** if it says what others did or the field rather than this paper's work. Answer one
line each: `N: grade [back] [background] - reason`.
"""


def dump(path: Path, lists: list[str]) -> None:
    """Write every gist of the lists, as the code this runs in derives them."""
    from papersite.enrich import titles

    gists = {f"{name}/{paper['id']}": titles.gist_of(paper["abstract"], year_of(list_path))
             for name in lists
             for list_path in [DATA / f"{name}.jsonl"] for paper in read_papers(list_path)}
    path.write_text(json.dumps(gists, ensure_ascii=False), encoding="utf-8")


def write_sheet(old: dict[str, str], new: dict[str, str], lists: list[str], per_list: int,
                seed: int, key: Path, changed_only: bool = False) -> None:
    """Write the shuffled sheet and its key (see the module docstring)."""
    judged = already_judged()
    rng = random.Random(seed)
    rows = []
    for name in lists:
        papers = [paper for paper in read_papers(DATA / f"{name}.jsonl") if paper["id"] not in judged]
        if changed_only:
            papers = [paper for paper in papers
                      if old[f"{name}/{paper['id']}"] != new[f"{name}/{paper['id']}"]]
        for paper in rng.sample(papers, per_list):
            paper_key = f"{name}/{paper['id']}"
            versions = {"old": old[paper_key], "new": new[paper_key]}
            if versions["old"] == versions["new"]:
                versions = {"old+new": versions["old"]}
            rows += [(name, paper, source, gist) for source, gist in versions.items()]
    rng.shuffle(rows)
    SHEET.parent.mkdir(exist_ok=True)
    lines = [RULES]
    with key.open("x", encoding="utf-8") as key_file:
        for number, (name, paper, source, gist) in enumerate(rows, 1):
            lines.append(f"## {number}\n\nAbstract: {' '.join(paper['abstract'].split())}\n\n"
                         f"Gist: {gist}\n")
            key_file.write(json.dumps({"line": number, "list": name, "id": paper["id"],
                                       "source": source, "gist": gist}, ensure_ascii=False) + "\n")
    SHEET.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {len(rows)} lines ({len(rows) - len(lists) * per_list} papers with two "
          f"gists) to {SHEET}, the key to {key}")


def join(key: Path, grades: Path) -> str:
    """Return, for the old and the new gists, the share of each grade and how many a reader
    marked as pointing back or as background."""
    sources = {entry["line"]: entry["source"].split("+") for entry in read_jsonl(key)}
    lines = []
    for version in ("old", "new"):
        graded = [grade for grade in read_jsonl(grades) if version in sources[grade["line"]]]
        shares = ", ".join(f"{name} {sum(g['grade'] == name for g in graded) / len(graded):.0%}"
                           for name in ("good", "acceptable", "poor"))
        lines.append(f"{version}: {len(graded)} gists: {shares}; pointing back "
                     f"{sum(g['back'] for g in graded)}, background "
                     f"{sum(g['background'] for g in graded)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Dump gists, or write the sheet from two dumps."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dumps", type=Path, nargs="*", help="OLD.json NEW.json")
    parser.add_argument("--dump", type=Path, help="write the gists the code here derives")
    parser.add_argument("--round", help="the round the sheet's key is named by")
    parser.add_argument("--lists", nargs="+", default=list(LISTS))
    parser.add_argument("--per-list", type=int, default=40)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--join", type=Path, metavar="GRADES",
                        help="with --round: the grades' shares for the old and the new gists")
    parser.add_argument("--changed-only", action="store_true",
                        help="sample only papers whose two gists differ (what a change did)")
    args = parser.parse_args(argv)
    if args.dump:
        dump(args.dump, args.lists)
        return 0
    if args.join and args.round:
        print(join(KEYS / f"gists_key_{args.round}.jsonl", args.join))
        return 0
    if len(args.dumps) != 2 or not args.round:
        parser.error("give OLD.json, NEW.json and --round R, or --dump PATH")
    old, new = (json.loads(path.read_text(encoding="utf-8")) for path in args.dumps)
    write_sheet(old, new, args.lists, args.per_list, args.seed,
                KEYS / f"gists_key_{args.round}.jsonl", args.changed_only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
