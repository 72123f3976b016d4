"""Score tag extraction on a conference's papers: python -m benchmarks.tags PAPERS.jsonl.

Tags each abstract without looking at its keywords, then compares with what the authors and the
conference chose: the authors' keywords (hit rate) and the paper's `primary_area` (coherence of
papers that share a topic tag). Reads the data at run time; nothing is copied into the project.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from papersite.enrich.contributions import is_contribution
from papersite.enrich.recurring import add_recurring_topics, terms_about
from papersite.enrich.tags import Vocabulary, extract_tags
from papersite.enrich.titles import title_likelihood
from papersite.model import Tag
from papersite.vocabulary_files import load_vocabulary

from .titles import year_of

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
LARGEST_SHOWN = 20
JUDGED = Path(__file__).resolve().parent / "data" / "judged_topics.jsonl"
SHEET_LISTS = ("colm2024", "aistats2025", "3dv2025")
EVALUATED_LISTS = ("iclr2024", "colm2024", "3dv2025")
SHEET_PAPERS = 50


@dataclass(frozen=True)
class TagReport:
    """What the evaluation measured."""

    papers: int
    """Number of papers tagged."""
    keyword_hit_rate: float
    """Share of papers with an author keyword equal to one of their topic, dataset or model tags."""
    mean_tags: float
    """Topic, dataset and model tags a paper, on average."""
    max_tags: int
    """Most topic, dataset and model tags on one paper."""
    mean_topics: float
    """Topic tags a paper, on average."""
    max_topics: int
    """Most topic tags on one paper."""
    no_topic_share: float
    """Share of papers without a topic tag."""
    collection_topics: int
    """Distinct topic tags found in the collection rather than taken from the taxonomy."""
    collection_tagged: float
    """Share of papers with such a tag."""
    largest: tuple[tuple[str, str, float], ...]
    """The largest topic, dataset and model tags: (name, kind, share of papers)."""
    largest_areas: tuple[tuple[str, float], ...]
    """Every area with its share of papers, largest first."""
    area_coherence: float
    """Share of the pairs of papers sharing a topic tag that have the same primary area."""
    random_coherence: float
    """Share of all pairs of papers that have the same primary area."""
    seconds: float
    """Time taken to tag every paper (vocabulary loaded and titles derived beforehand)."""
    load_seconds: float
    """Time taken to load the vocabulary."""


def read_papers(path: Path) -> list[dict]:
    """Read one JSON object a line."""
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def evaluate(papers: list[dict], vocabulary: Vocabulary, load_seconds: float = 0.0,
             year: int | None = None) -> TagReport:
    """Tag every paper's abstract and measure the tags against its keywords and primary area."""
    texts = [paper["abstract"] for paper in papers]
    # A build derives each title first and tags with what that left: not part of tagging's time.
    likelihoods = [title_likelihood(text, "", year) for text in texts]
    started = time.perf_counter()
    tags_by_paper = tag_texts(texts, vocabulary, year, likelihoods)
    seconds = time.perf_counter() - started
    counted = [[tag for tag in tags if tag.kind != "area"] for tags in tags_by_paper]
    topics = [[tag for tag in tags if tag.kind == "topic"] for tags in tags_by_paper]
    hits = sum(_has_keyword_hit(paper.get("keywords", []), tags, vocabulary)
               for paper, tags in zip(papers, counted))
    sizes = Counter(tag for tags in counted for tag in set(tags))
    areas = Counter(tag.name for tags in tags_by_paper for tag in tags if tag.kind == "area")
    count = len(papers)
    coherence, random_coherence = _area_coherence(topics, [p.get("primary_area", "") for p in papers])
    return TagReport(
        papers=count,
        keyword_hit_rate=hits / count,
        mean_tags=sum(map(len, counted)) / count,
        max_tags=max(map(len, counted)),
        mean_topics=sum(map(len, topics)) / count,
        max_topics=max(map(len, topics)),
        no_topic_share=sum(not t for t in topics) / count,
        collection_topics=len({t for ts in topics for t in ts if _from_collection(t, vocabulary)}),
        collection_tagged=sum(any(_from_collection(t, vocabulary) for t in ts)
                              for ts in topics) / count,
        largest=tuple((tag.name, tag.kind, n / count) for tag, n in sizes.most_common(LARGEST_SHOWN)),
        largest_areas=tuple((name, n / count) for name, n in areas.most_common()),
        area_coherence=coherence,
        random_coherence=random_coherence,
        seconds=seconds,
        load_seconds=load_seconds,
    )


def tag_list(papers: list[dict], vocabulary: Vocabulary, year: int | None = None) -> list[tuple]:
    """Tag every paper of a list as a build does (the collection's own topics included), its
    titles withheld; `year` is the list's (`year_of`)."""
    return tag_texts([paper["abstract"] for paper in papers], vocabulary, year)


def tag_texts(texts: list[str], vocabulary: Vocabulary, year: int | None = None,
              likelihoods: list | None = None, cover: bool = True) -> list[tuple]:
    """Tag abstracts as a build does: each on its own, with the title model's evidence
    (`likelihoods`, one `titles.title_likelihood` a text, made here if not given), then the
    collection's own topics (and, unless `cover` is false, a subject for a paper without any:
    `coverage`)."""
    if likelihoods is None:
        likelihoods = [title_likelihood(text, "", year) for text in texts]
    return add_recurring_topics(
        [terms_about(text, likely) for text, likely in zip(texts, likelihoods)],
        [extract_tags(text, vocabulary, likely) for text, likely in zip(texts, likelihoods)],
        vocabulary, cover)


def paper_key(list_name: str, abstract: str) -> str:
    """Identify a paper across runs: its list and the first 12 words of its abstract."""
    return f"{list_name}|{' '.join(abstract.split()[:12])}"


def judged_precision(topics_by_key: dict[str, set[str]]) -> tuple[int, int, int]:
    """Score the hand-judged topic tags (`JUDGED`) the tagger still gives: (right, judged and
    still given, judged in all)."""
    rows = [json.loads(line) for line in JUDGED.read_text("utf-8").splitlines()]
    given = [row for row in rows if row["tag"] in topics_by_key.get(row["key"], set())]
    return sum(row["judgement"] == "right" for row in given), len(given), len(rows)


def judging_sheet(vocabulary: Vocabulary, seed: int = 0) -> list[dict]:
    """Return SHEET_PAPERS papers of the newer lists (as even a share of each as can be), each
    with its title, abstract and topic tags, for a judge to mark each tag right or wrong."""
    import random

    rng = random.Random(seed)
    sheet = []
    for number, name in enumerate(SHEET_LISTS):
        path = DATA / f"{name}.jsonl"
        papers = read_papers(path)
        tags = tag_list(papers, vocabulary, year_of(path))
        count = SHEET_PAPERS // len(SHEET_LISTS) + (number < SHEET_PAPERS % len(SHEET_LISTS))
        for index in sorted(rng.sample(range(len(papers)), count)):
            sheet.append({"key": paper_key(name, papers[index]["abstract"]),
                          "title": papers[index]["title"], "abstract": papers[index]["abstract"],
                          "topics": [t.name for t in tags[index] if t.kind == "topic"],
                          "from_collection": [t.name for t in tags[index] if t.kind == "topic"
                                              and _from_collection(t, vocabulary)]})
    return sheet


def _from_collection(tag: Tag, vocabulary: Vocabulary) -> bool:
    """Tell a topic found in the collection from a curated one or a kind of contribution."""
    return not vocabulary.knows(tag.name) and not is_contribution(tag)


def _has_keyword_hit(keywords: list[str], tags: list[Tag], vocabulary: Vocabulary) -> bool:
    """The issue's rule: a tag's displayed name equals an author keyword, both `keyword_key`ed.
    (`vocabulary` is unused: synonyms do not count, only the name a reader sees.)"""
    tag_keys = {keyword_key(tag.name) for tag in tags}
    return any(keyword_key(keyword) in tag_keys for keyword in keywords)


# Acronyms written out before comparing, as whole words, singular or plural.
_WRITTEN_OUT = {"llm": "large language model", "lm": "language model",
                "gnn": "graph neural network", "rl": "reinforcement learning",
                "vlm": "vision-language model", "nlp": "natural language processing",
                "vit": "vision transformer"}
_ACRONYM = re.compile(r"\b(" + "|".join(_WRITTEN_OUT) + r")(s?)\b")
_TRAILING_ACRONYM = re.compile(r"\s*\([^()]*\)$")


def keyword_key(name: str) -> str:
    """Normalise a tag name or keyword: lower-case, a trailing "(ACRONYM)" dropped, the common
    acronyms written out, a trailing plural "s" dropped."""
    key = _TRAILING_ACRONYM.sub("", name.strip().lower())
    key = _ACRONYM.sub(lambda m: _WRITTEN_OUT[m.group(1)] + m.group(2), key)
    return key[:-1] if key.endswith("s") else key


def _area_coherence(topics: list[list[Tag]], areas: list[str]) -> tuple[float, float]:
    """Return the same-area share among pairs sharing a topic tag, and among all pairs."""
    names = sorted({tag.name for tags in topics for tag in tags})
    column = {name: i for i, name in enumerate(names)}
    membership = np.zeros((len(topics), len(names)), dtype=np.float32)
    for row, tags in enumerate(topics):
        for tag in tags:
            membership[row, column[tag.name]] = 1.0
    shares_topic = np.triu((membership @ membership.T) > 0, k=1)
    codes = np.unique(np.array(areas), return_inverse=True)[1]
    same_area = codes[:, None] == codes[None, :]
    sharing_pairs = shares_topic.sum()
    coherence = float((shares_topic & same_area).sum() / sharing_pairs) if sharing_pairs else 0.0
    all_pairs = len(areas) * (len(areas) - 1) / 2
    random_pairs = (np.triu(same_area, k=1).sum()) / all_pairs if all_pairs else 0.0
    return coherence, float(random_pairs)


def format_report(report: TagReport) -> str:
    """Return the report as the lines the command prints."""
    lines = [
        f"papers: {report.papers}",
        f"(a) keyword hit rate: {report.keyword_hit_rate:.3f}",
        f"(b) topic+dataset+model tags per paper: mean {report.mean_tags:.2f}, max {report.max_tags}",
        f"    topic tags per paper: mean {report.mean_topics:.2f}, max {report.max_topics}",
        f"    papers with no topic tag: {report.no_topic_share:.1%}",
        f"    topics from the collection, not the taxonomy: {report.collection_topics}, "
        f"on {report.collection_tagged:.1%} of papers",
        f"(c) {len(report.largest)} largest tags (share of papers):",
        *(f"    {share:6.1%}  {name} ({kind})" for name, kind, share in report.largest),
        "    areas (share of papers):",
        *(f"    {share:6.1%}  {name}" for name, share in report.largest_areas),
        f"(d) area coherence: {report.area_coherence:.3f} (random pairs: {report.random_coherence:.3f})",
        f"time: {report.seconds:.2f} s to tag {report.papers} papers "
        f"({report.seconds / report.papers * 1000:.2f} ms each), "
        f"{report.load_seconds:.2f} s to load the vocabulary",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation on a JSON Lines file and print the report."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tags", description=__doc__.splitlines()[0])
    parser.add_argument("papers", type=Path, nargs="*",
                        help="JSON Lines with abstract, keywords, primary_area (default: ICLR "
                             "2024, COLM 2024 and 3DV 2025 of ../shared/data)")
    parser.add_argument("--vocabulary", type=Path, help="a user vocabulary file to apply")
    parser.add_argument("--judging-sheet", type=Path,
                        help="write the topic tags of 50 papers of the newer lists, to judge")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    vocabulary = load_vocabulary(args.vocabulary)
    load_seconds = time.perf_counter() - started
    if args.judging_sheet:
        sheet = judging_sheet(vocabulary)
        args.judging_sheet.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n"
                                              for row in sheet), encoding="utf-8")
        print(f"wrote {len(sheet)} papers to {args.judging_sheet}")
        return 0
    for path in args.papers or [DATA / f"{name}.jsonl" for name in EVALUATED_LISTS]:
        print(f"== {path.stem}")
        print(format_report(evaluate(read_papers(path), vocabulary, load_seconds, year_of(path))))
    if JUDGED.exists():
        topics_by_key = {}
        for name in SHEET_LISTS:
            path = DATA / f"{name}.jsonl"
            papers = read_papers(path)
            for paper, tags in zip(papers, tag_list(papers, vocabulary, year_of(path))):
                topics_by_key[paper_key(name, paper["abstract"])] = {
                    tag.name for tag in tags if tag.kind == "topic"}
        right, given, judged = judged_precision(topics_by_key)
        print(f"hand-judged topic tags ({JUDGED.name}): {given} of {judged} still given, "
              f"precision {right / max(given, 1):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
