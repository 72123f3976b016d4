"""List and count the mention links a build makes on real conference lists.

    python -m benchmarks.mentions [LIST.jsonl ...] [--show N] [--sheet PATH]

With no list, uses ICLR 2024, COLM 2024, AISTATS 2025 and 3DV 2025 from `../shared/data/`.
Each list is built as the generator builds it (abstracts without their titles, the list's year
in its header) and for each it prints: links from one abstract to another paper, distinct
names linked, the names linked to a paper that more than MAX_USERS abstracts of the list use
(the issue's check: a paper's own name seldom is), and links to dataset and model tag pages.
Then it scores the hand-judged links in `benchmarks/data/judged_mentions.jsonl`: precision =
right / judged, over those the build still makes. `--sheet PATH` writes a sample to judge: every
link to a paper and, drawn at random (seeded), links to tag pages, SAMPLE in all.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from pathlib import Path

from papersite.build import BuildOptions, build_collection
from papersite.model import Collection, Paper
from papersite.progress import Progress

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
LISTS = ("iclr2024", "colm2024", "aistats2025", "3dv2025")
JUDGED = Path(__file__).resolve().parent / "data" / "judged_mentions.jsonl"
MAX_USERS = 5
SAMPLE = 100
_YEAR = re.compile(r"(\d{4})$")


def build_list(path: Path) -> tuple[Collection, list[dict]]:
    """Build a JSON Lines list as an input file of abstracts, titles withheld."""
    with path.open(encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    year = _YEAR.search(path.stem)
    header = f"{path.stem.rstrip('0123456789').upper()} {year.group(1) if year else ''} paper list"
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / f"{path.stem}.txt"
        source.write_text(header + "\n\n" + "\n\n".join(
            " ".join(r["abstract"].split()) for r in records) + "\n", encoding="utf-8")
        collection, _ = build_collection(BuildOptions(inputs=(source,), use_cache=False),
                                         Progress(quiet=True))
    return collection, records


def paper_links(collection: Collection) -> list[tuple[Paper, str, Paper]]:
    """Return (mentioning paper, name, mentioned paper) for every link between papers."""
    by_slug = {paper.slug: paper for paper in collection.papers}
    return [(paper, mention.name, by_slug[mention.target])
            for paper in collection.papers for mention in paper.mentions
            if mention.target in by_slug]


def tag_links(collection: Collection) -> list[tuple[Paper, str, str]]:
    """Return (mentioning paper, name, tag page) for every link to a dataset or model page."""
    return [(paper, mention.name, mention.target) for paper in collection.papers
            for mention in paper.mentions if mention.target.startswith("tags/")]


def link_key(list_name: str, source: Paper, name: str) -> str:
    """Identify a link across runs: the list, the mentioning abstract's start, the name."""
    return f"{list_name}|{' '.join(source.abstract.text.split()[:12])}|{name}"


def _sample(rows_by_list: list[list[dict]], seed: int = 0) -> list[dict]:
    """Every link to a paper, then links to tag pages at random, the same number from each
    list where it has them, up to SAMPLE in all."""
    chosen = [row for rows in rows_by_list for row in rows if row["target"] == "paper"]
    pools = [[row for row in rows if row["target"] != "paper"] for rows in rows_by_list]
    rng = random.Random(seed)
    for pool in pools:
        rng.shuffle(pool)
    while len(chosen) < SAMPLE and any(pools):
        for pool in pools:
            if pool and len(chosen) < SAMPLE:
                chosen.append(pool.pop())
    return chosen


def _context(text: str, name: str, width: int = 160) -> str:
    """The text around the name's first whole-word use: the one a page links."""
    found = re.search(r"(?<![\w\-])" + re.escape(name) + r"(?![\w\-]|\.\w)", text)
    at = found.start() if found else text.find(name)
    return text[max(0, at - width):at + len(name) + width]


def main(argv: list[str] | None = None) -> int:
    """Build each list, print its link figures and the judged sample's precision."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mentions",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("lists", nargs="*", type=Path)
    parser.add_argument("--sheet", type=Path, help="write every link, with context, here")
    parser.add_argument("--show", type=int, default=0, help="print the first N links")
    args = parser.parse_args(argv)
    paths = args.lists or [DATA / f"{name}.jsonl" for name in LISTS]
    judged = {}
    if JUDGED.exists():
        judged = {r["key"]: r for r in map(json.loads, JUDGED.read_text("utf-8").splitlines())}
    sheet, scored = [], []
    for path in paths:
        collection, records = build_list(path)
        title_of = {" ".join(r["abstract"].split()): r["title"] for r in records}
        links = paper_links(collection)
        users = {}
        for paper in collection.papers:
            for token in set(re.findall(r"[\w\-.]+", paper.abstract.text)):
                users[token] = users.get(token, 0) + 1
        widespread = sorted({name for _, name, target in links
                             if users.get(name, 0) > MAX_USERS})
        print(f"{path.stem}: {len(links)} links between papers, "
              f"{len({name for _, name, _ in links})} names; "
              f"names in more than {MAX_USERS} abstracts: {len(widespread)} {widespread[:10]}")
        to_tags = tag_links(collection)
        print(f"    {len(to_tags)} links to dataset and model tag pages, "
              f"{len({name for _, name, _ in to_tags})} names")
        for source, name, target in links[:args.show]:
            print(f"    {name}: {source.title!r} -> {target.title!r}")
        rows = [{"key": link_key(path.stem, source, name), "name": name, "target": "paper",
                 "mentioning_context": _context(source.abstract.text, name),
                 "mentioning_real_title": title_of.get(source.abstract.text, ""),
                 "target_real_title": title_of.get(target.abstract.text, ""),
                 "target_context": _context(target.abstract.text, name, 300)}
                for source, name, target in links]
        rows += [{"key": link_key(path.stem, source, name), "name": name, "target": target,
                  "mentioning_context": _context(source.abstract.text, name),
                  "mentioning_real_title": title_of.get(source.abstract.text, "")}
                 for source, name, target in to_tags]
        scored += [judged[row["key"]]["judgement"] == "right" for row in rows
                   if row["key"] in judged]
        sheet.append(rows)
    if judged:
        print(f"judged sample: {len(scored)} of {len(judged)} judged links still made; "
              f"precision {sum(scored) / max(len(scored), 1):.3f}")
    if args.sheet:
        sample = _sample(sheet)
        args.sheet.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in sample),
                              encoding="utf-8")
        print(f"wrote {len(sample)} links to {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
