"""Make a conference-sized list of real abstracts, for reading the site and measuring it at scale.

The four shared lists (ICLR 2024, COLM 2024, AISTATS 2025, 3DV 2025: 3,284 abstracts) and, to
reach the size asked, abstracts of the background corpus's newest years (2023 on), drawn at
random with a fixed seed: real text, several fields, no titles. Unlike `corpus.py`'s recombined
sentences, every abstract is a real paper's, so tags, titles and related papers can be read.

    python -m benchmarks.real_corpus /tmp/real5000 --size 5000

writes numbered list parts of 500 abstracts (the NeurIPS layout: a header line, a blank line,
one abstract a paragraph) and, beside the folder, `real5000.truth.jsonl` (title, venue, keywords
of each abstract, in list order) for evaluations; the folder itself is the input to build. The
data stays outside the repository, read at run time: never commit what this writes, nor publish
a site built from it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from pathlib import Path

from benchmarks.corpus import write_list_parts

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
LISTS = ("iclr2024.jsonl", "colm2024.jsonl", "aistats2025.jsonl", "3dv2025.jsonl")
BACKGROUND = SHARED / "background" / "papers.jsonl.gz"
NEWEST_YEARS = 2023
HEADER = "Real 5000 paper list"


def read_real_papers(size: int, seed: int = 0) -> list[dict]:
    """Return `size` real papers (abstract, title, venue, keywords): the shared lists first,
    then background papers of the newest years drawn at random."""
    papers: list[dict] = []
    for name in LISTS:
        with (SHARED / name).open(encoding="utf-8") as lines:
            papers += [{**json.loads(line), "venue": name.removesuffix(".jsonl")} for line in lines]
    if len(papers) < size:
        with gzip.open(BACKGROUND, "rt", encoding="utf-8") as lines:
            recent = [paper for paper in map(json.loads, lines) if paper.get("year", 0) >= NEWEST_YEARS]
        papers += random.Random(seed).sample(recent, size - len(papers))
    return [{"abstract": " ".join(paper["abstract"].split()), "title": paper["title"],
             "venue": paper["venue"], "keywords": paper.get("keywords", [])}
            for paper in papers[:size]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("folder", type=Path, help="where to write the list parts (outside the repository)")
    parser.add_argument("--size", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    papers = read_real_papers(args.size, args.seed)
    parts = write_list_parts([paper["abstract"] for paper in papers], args.folder, name=HEADER)
    truth_path = args.folder.with_name(f"{args.folder.name}.truth.jsonl")
    with truth_path.open("w", encoding="utf-8") as truth:
        truth.writelines(json.dumps(paper, ensure_ascii=False) + "\n" for paper in papers)
    print(f"{len(papers):,} abstracts in {len(parts)} parts in {args.folder}; truth in {truth_path}")


if __name__ == "__main__":
    main()
