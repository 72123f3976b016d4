"""Measure related-paper quality on a labelled paper list, or speed and memory at scale.

    python -m benchmarks.related ../shared/data/iclr2024.jsonl [more lists...]
    python -m benchmarks.related --scale 30000

Quality: for each paper, the share of its 5 related papers that have its `primary_area`
(P@5 same area) and the share that have at least one author keyword in common with it
(shared-keyword@5); a place left empty (nothing close enough, or no telling reason) counts as a
miss. The model sees only the abstracts: areas and keywords are the answer key. Measured twice:
on the texts alone, and as a build ranks, with each paper's tags (the areas aside) as labels.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from papersite.enrich.related import DEFAULT_SETTINGS, RelatedSettings, find_related

from .corpus import make_corpus

K = 5
# Acronyms authors use as keywords in place of the long form.
_KEYWORD_ACRONYMS = {
    "llm": "large language model",
    "lm": "language model",
    "gnn": "graph neural network",
    "rl": "reinforcement learning",
    "vlm": "vision language model",
    "nlp": "natural language processing",
    "vit": "vision transformer",
}
_TRAILING_ACRONYM = re.compile(r"\s*\([^()]*\)\s*$")


@dataclass(frozen=True)
class Evaluation:
    """Quality and cost of one find_related run on a labelled list."""

    papers: int
    """Papers in the list."""
    same_area: float
    """Mean share of a paper's related papers that have its primary area."""
    shared_keyword: float
    """Mean share of a paper's related papers sharing at least one normalised keyword."""
    seconds: float
    """Wall time of find_related."""
    cpu_seconds: float
    """Processor time of find_related, all threads (what it costs on a machine of its own)."""
    fewer: int
    """Papers listing fewer than K related papers."""
    without_reason: int
    """Related papers listed without a reason (there should be none)."""
    most_lists: int = 0
    """The most lists one paper is in (its in-degree): a hub shows up everywhere."""
    in_no_list: float = 0.0
    """Share of the papers that are in no paper's list: no page leads to them."""


def normalise_keyword(keyword: str) -> str:
    """Lower-case a keyword, drop a trailing "(ACRONYM)" and plural "s", fold common acronyms."""
    text = " ".join(_TRAILING_ACRONYM.sub("", keyword.lower()).split())
    if text.endswith("s"):
        text = text[:-1]
    return _KEYWORD_ACRONYMS.get(text, text)


def read_papers(path: Path) -> list[dict[str, object]]:
    """Read a JSON Lines paper list."""
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def build_labels(texts: Sequence[str]) -> list[list[str]]:
    """Return each text's tags as a build gives them, as labels (`relating_labels`)."""
    from papersite.enrich.related import relating_labels
    from papersite.vocabulary_files import load_vocabulary

    from .tags import tag_texts

    return [relating_labels(paper_tags) for paper_tags in tag_texts(list(texts), load_vocabulary())]


def evaluate(
    papers: Sequence[dict[str, object]], settings: RelatedSettings = DEFAULT_SETTINGS,
    labels: Sequence[Sequence[str]] = (),
) -> Evaluation:
    """Run find_related on the papers' abstracts and score it against areas and keywords."""
    texts = [str(paper["abstract"]) for paper in papers]
    areas = [paper.get("primary_area") for paper in papers]
    keywords = [
        {normalise_keyword(str(word)) for word in paper.get("keywords") or ()} for paper in papers
    ]
    started, cpu_started = time.perf_counter(), time.process_time()
    related = find_related(texts, labels, k=K, settings=settings)
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu_started
    same_area = shared_keyword = 0.0
    for i, row in enumerate(related):
        same_area += sum(areas[i] is not None and areas[j] == areas[i] for j, _, _ in row) / K
        shared_keyword += sum(bool(keywords[i] & keywords[j]) for j, _, _ in row) / K
    count = len(papers)
    in_lists = Counter(j for row in related for j, _, _ in row)
    return Evaluation(count, same_area / count, shared_keyword / count, seconds, cpu_seconds,
                      sum(len(row) < K for row in related),
                      sum(not reasons for row in related for _, _, reasons in row),
                      max(in_lists.values(), default=0), 1 - len(in_lists) / count)


def peak_memory_mb() -> float:
    """Return the peak resident memory of this process so far, in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def measure_scale(size: int, seed: int = 0) -> tuple[float, float, float]:
    """Run find_related on `size` synthetic abstracts; return wall s, processor s, peak MB."""
    texts = make_corpus(size, seed=seed)
    started, cpu_started = time.perf_counter(), time.process_time()
    find_related(texts, k=K)
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu_started
    return seconds, cpu_seconds, peak_memory_mb()


def main(argv: Sequence[str] | None = None) -> int:
    """Print the quality figures for a paper list, or the cost figures at a synthetic scale."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.related", description=__doc__)
    parser.add_argument("papers", nargs="*", type=Path,
                        help="JSON Lines lists with areas (a real_corpus truth file has none)")
    parser.add_argument("--scale", type=int, help="abstracts in a synthetic corpus instead")
    arguments = parser.parse_args(argv)
    if arguments.scale:
        seconds, cpu_seconds, peak = measure_scale(arguments.scale)
        print(f"synthetic abstracts:  {arguments.scale}")
        _print_cost(seconds, cpu_seconds, peak)
        return 0
    if not arguments.papers:
        parser.error("give JSON Lines paper lists or --scale N")
    for path in arguments.papers:
        print(f"== {path.name}")
        _print_quality(read_papers(path))
    return 0


def _print_quality(papers: list[dict[str, object]]) -> None:
    result = evaluate(papers)
    print(f"papers:               {result.papers}")
    as_built = evaluate(papers, labels=build_labels([str(p["abstract"]) for p in papers]))
    for name, figures in (("texts alone", result), ("with the tags, as built", as_built)):
        print(f"{name}:")
        print(f"  P@{K} same area:        {figures.same_area:.3f}")
        print(f"  shared-keyword@{K}:     {figures.shared_keyword:.3f}")
        print(f"  fewer than {K} related:  {figures.fewer} papers; "
              f"listed without a reason: {figures.without_reason}")
        print(f"  most lists one is in:  {figures.most_lists}; "
              f"in no list: {figures.in_no_list:.1%}")
    _print_cost(result.seconds, result.cpu_seconds, peak_memory_mb())


def _print_cost(seconds: float, cpu_seconds: float, peak: float) -> None:
    # Other work on the machine stretches wall time; the load average says how much there was.
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"time:                 {seconds:.1f} s wall, {cpu_seconds:.1f} s processor")
    print(f"peak memory (RSS):    {peak:.0f} MB")
    print(f"machine load (1 min): {load:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    raise SystemExit(main())
