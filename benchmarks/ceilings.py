"""How far issue 18's tag and related-paper targets are from what the abstracts allow.

    python -m benchmarks.ceilings

Tags, on ICLR 2024, COLM 2024 and 3DV 2025 (keywords withheld, `benchmarks.tags`' hit rule,
areas aside):
- the hit rate as built;
- the share of papers with an author keyword written in the abstract itself (an upper bound
  for any tagger that names what the abstract says);
- of the papers without a hit, how many carry the topic of one of their keywords under the
  taxonomy's name rather than the author's spelling ("Neural radiance fields" for "NeRF",
  "Meta-learning" for "meta learning"): one name a tag cannot match every spelling;
- and how many have a keyword in their derived title, and how many of those have only keywords
  no other paper of the list has: a hit there needs a tag made for one paper, which no
  recurring-topic rule gives.

Related papers, on ICLR 2024 (`benchmarks.related`' P@5, an empty place a miss): as built, where
a card needs a telling reason (a shared tag, a distinctive phrase or a name), and when any shared
term would do ("algorithm", "main"): what the informative-reason rule costs the figure.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from papersite.enrich import reasons, titles
from papersite.vocabulary_files import load_vocabulary

from . import related
from .tags import DATA, EVALUATED_LISTS, keyword_key, read_papers, tag_list
from .titles import year_of


def mentions(key: str, text: str) -> bool:
    """Tell whether a normalised keyword is written in a text, singular or plural."""
    flat = " " + re.sub(r"[^a-z0-9\-]+", " ", text.lower()) + " "
    return len(key) > 2 and re.search(
        r"(?<![a-z0-9])" + re.escape(key) + r"s?(?![a-z0-9])", flat) is not None


def tag_ceilings(path: Path) -> str:
    """Return one list's tag figures as a line."""
    papers = read_papers(path)
    year = year_of(path)
    keys = [{keyword_key(k) for k in paper.get("keywords") or ()} for paper in papers]
    carriers = Counter(key for paper_keys in keys for key in paper_keys)
    vocabulary = load_vocabulary()
    tags = tag_list(papers, vocabulary, year)
    hits = in_abstract = missed_in_title = other_name = 0
    title_keys_alone = 0
    for paper, paper_tags, paper_keys in zip(papers, tags, keys):
        in_abstract += any(mentions(key, paper["abstract"]) for key in paper_keys)
        if paper_keys & {keyword_key(tag.name) for tag in paper_tags if tag.kind != "area"}:
            hits += 1
            continue
        folded = {vocabulary.fold(tag.name) for tag in paper_tags if tag.kind != "area"}
        other_name += any(vocabulary.knows(keyword) and vocabulary.fold(keyword) in folded
                          for keyword in paper.get("keywords") or ())
        title = titles.derive_title(paper["abstract"], year=year)[0]
        in_title = [key for key in paper_keys if mentions(key, title)]
        missed_in_title += bool(in_title)
        title_keys_alone += bool(in_title) and all(carriers[key] == 1 for key in in_title)
    count = len(papers)
    return (f"{path.stem:12} hit rate {hits / count:.3f}; a keyword in the abstract "
            f"{in_abstract / count:.3f}; no hit but a keyword's topic under another name "
            f"{other_name} papers (+{other_name / count:.3f}), a keyword in the derived title "
            f"{missed_in_title} papers (+{missed_in_title / count:.3f}), "
            f"{title_keys_alone} of them with keywords no other paper of the list has")


def related_ceiling() -> str:
    """Return P@5 on ICLR 2024 as built and with any shared term as a reason."""
    papers = related.read_papers(DATA / "iclr2024.jsonl")
    labels = related.build_labels([str(paper["abstract"]) for paper in papers])
    built = related.evaluate(papers, labels=labels)
    telling = reasons.Phrases._is_phrase_or_name
    reasons.Phrases._is_phrase_or_name = lambda self, term: True  # any shared term will do
    try:
        loose = related.evaluate(papers, labels=labels)
    finally:
        reasons.Phrases._is_phrase_or_name = telling
    return (f"related, ICLR 2024: P@5 {built.same_area:.4f} with telling reasons "
            f"({built.fewer} papers under 5), {loose.same_area:.4f} with any shared term "
            f"({loose.fewer} under 5)")


def main() -> int:
    if not DATA.exists():
        print(f"no {DATA}: the real lists are needed")
        return 1
    for name in EVALUATED_LISTS:
        print(tag_ceilings(DATA / f"{name}.jsonl"))
    print(related_ceiling())
    return 0


if __name__ == "__main__":
    sys.exit(main())
