"""Tags and related papers at conference size (issue 43): what a reader of the site would meet.

    python -m benchmarks.tags_at_scale [--lists iclr2024 ...] [--no-real]

On each shared list and on the 5,000 real abstracts (`real_corpus`), tagged and related as a
build does (titles withheld), prints:
- the share of papers without a topic tag;
- the largest tag other than an area, with its share of papers;
- pairs among the 100 largest tags other than areas that likely mean one thing, or one a
  narrower kind of the other not filed under it: one name inside the other, words compared
  without plural and -ity ("Gradient descent" in "Stochastic gradient descent", "Causal
  inference" and "Causality"), or two topics that are on mostly the same papers (Jaccard at
  least SAME_PAPERS, MIN_SHARED papers). A pair the taxonomy files as parent and child is
  said so and not counted;
- the related papers' in-degree: the most lists one paper is in, and the share in none;
- the share of cards whose reasons say a tag twice or beside a topic above it, which the build
  drops (`reasons.distinct_reasons`).
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from papersite.enrich.reasons import distinct_reasons
from papersite.enrich.related import find_related, relating_labels
from papersite.vocabulary_files import load_vocabulary

from .real_corpus import read_real_papers
from .tags import read_papers, tag_texts
from .titles import year_of

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
LISTS = ("iclr2024", "colm2024", "aistats2025", "3dv2025")
LARGEST = 100
SAME_PAPERS = 0.4
MIN_SHARED = 3
_SUFFIXES = ("ity", "ities", "al", "ally", "ic", "es", "s")
K = 5


@dataclass(frozen=True)
class ScaleReport:
    """What one list's tags and related papers look like."""

    papers: int
    """Papers in the list."""
    without_topic: float
    """Share of papers without a topic tag."""
    largest: tuple[str, float]
    """The largest tag other than an area, and its share of papers."""
    same_name: tuple[tuple[str, str, bool], ...]
    """Pairs among the largest tags where one name holds the other: (a, b, filed as parent
    and child)."""
    same_papers: tuple[tuple[str, str, float, bool], ...]
    """Pairs of topics on mostly the same papers: (a, b, Jaccard, parent and child)."""
    most_lists: int
    """The most related-paper lists one paper is in."""
    in_no_list: float
    """Share of papers in no paper's related list."""
    restated: float
    """Share of related cards whose reasons `distinct_reasons` shortens."""
    seconds: float
    """Time to tag and relate."""


def list_texts(lists: tuple[str, ...] = LISTS, real: bool = True):
    """Yield (name, abstracts, year) of the shared lists and of the 5,000 real abstracts."""
    for name in lists:
        path = DATA / f"{name}.jsonl"
        yield name, [paper["abstract"] for paper in read_papers(path)], year_of(path)
    if real:
        yield "real5000", [paper["abstract"] for paper in read_real_papers(5000)], None


def tagged_lists(lists: tuple[str, ...] = LISTS, real: bool = True):
    """Yield (name, each paper's tags) of those lists, tagged as a build does."""
    vocabulary = load_vocabulary()
    for name, texts, year in list_texts(lists, real):
        yield name, tag_texts(texts, vocabulary, year)


def measure(texts: list[str], year: int | None = None) -> ScaleReport:
    """Tag and relate `texts` as a build does, and measure the outcome."""
    vocabulary = load_vocabulary()
    started = time.perf_counter()
    tags = tag_texts(texts, vocabulary, year)
    related = find_related(texts, [relating_labels(paper) for paper in tags], k=K)
    seconds = time.perf_counter() - started
    count = len(texts)
    papers_by_tag: dict[tuple[str, str], set[int]] = {}
    for number, paper in enumerate(tags):
        for tag in paper:
            if tag.kind != "area":
                papers_by_tag.setdefault((tag.name, tag.kind), set()).add(number)
    largest = sorted(papers_by_tag, key=lambda t: (-len(papers_by_tag[t]), t))[:LARGEST]
    same_name, same_papers = [], []
    for first, second in combinations(largest, 2):
        related_in_taxonomy = vocabulary.fold(first[0]) in vocabulary.broader(second[0]) \
            or vocabulary.fold(second[0]) in vocabulary.broader(first[0])
        if _holds(first[0], second[0]) or _holds(second[0], first[0]):
            same_name.append((first[0], second[0], related_in_taxonomy))
        if first[1] == second[1] == "topic":
            a, b = papers_by_tag[first], papers_by_tag[second]
            shared = len(a & b)
            if shared >= MIN_SHARED and shared / len(a | b) >= SAME_PAPERS:
                same_papers.append((first[0], second[0], shared / len(a | b),
                                    related_in_taxonomy))
    in_lists = Counter(j for row in related for j, _, _ in row)
    cards = [reasons for row in related for _, _, reasons in row]
    restated = sum(distinct_reasons(reasons, vocabulary.fold, vocabulary.broader) != reasons
                   for reasons in cards) / max(len(cards), 1)
    top = largest[0] if largest else ("", "")
    return ScaleReport(count, sum(not any(t.kind == "topic" for t in paper) for paper in tags) / count,
                       (top[0], len(papers_by_tag.get(top, ())) / count), tuple(same_name),
                       tuple(same_papers), max(in_lists.values(), default=0),
                       1 - len(in_lists) / count, restated, seconds)


def _words(name: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", name.lower())


def _same_word(first: str, second: str) -> bool:
    """Tell whether two words differ by an ending only ("model", "models"; "causal",
    "causality")."""
    short, long = sorted((first, second), key=len)
    return short == long or len(short) >= 4 and long.startswith(short) \
        and long[len(short):] in _SUFFIXES


def _holds(outer: str, inner: str) -> bool:
    """Tell whether the name `outer` holds `inner`'s words in a row (or the same words)."""
    big, small = _words(outer), _words(inner)
    if not small or len(small) > len(big) or outer == inner:
        return False
    return any(all(_same_word(x, y) for x, y in zip(big[i:i + len(small)], small))
               for i in range(len(big) - len(small) + 1))


def format_report(name: str, report: ScaleReport) -> str:
    """Return the lines the command prints for one list."""
    unresolved_names = [pair for pair in report.same_name if not pair[2]]
    unresolved_papers = [pair for pair in report.same_papers if not pair[3]]
    lines = [f"== {name}: {report.papers} papers ({report.seconds:.0f} s)",
             f"  without a topic:         {report.without_topic:.1%}",
             f"  largest tag (not area):  {report.largest[0]} {report.largest[1]:.1%}",
             f"  likely one meaning among the {LARGEST} largest: {len(unresolved_names)} by name, "
             f"{len(unresolved_papers)} by shared papers (parent and child aside: "
             f"{len(report.same_name) - len(unresolved_names)}, "
             f"{len(report.same_papers) - len(unresolved_papers)})"]
    lines += [f"    name:   {a} / {b}" for a, b, _ in unresolved_names]
    lines += [f"    papers: {a} / {b} ({overlap:.2f})" for a, b, overlap, _ in unresolved_papers]
    lines += [f"  related: most lists one paper is in {report.most_lists}; "
              f"in no list {report.in_no_list:.1%}; reasons restating a tag {report.restated:.1%} "
              "of cards (dropped by the build)"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tags_at_scale",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--lists", nargs="*", default=list(LISTS), help="shared lists to measure")
    parser.add_argument("--no-real", action="store_true", help="leave out the 5,000 real abstracts")
    arguments = parser.parse_args(argv)
    for name, texts, year in list_texts(tuple(arguments.lists), not arguments.no_real):
        print(format_report(name, measure(texts, year)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
