"""Mentions: names in one abstract that another page of the collection is about.

Precision first: a wrong link costs the reader's trust in all of them, so when in doubt, none.
A name links to a paper only when
1. that paper says it coins the name ("we propose X", "we call it X") and no earlier paper used
   it (`Paper.own_names`; the shipped table of established names, `titles/established.py`);
2. no other paper of the collection coins or introduces the same name;
3. the name is not an established term: not a topic, dataset or model of the vocabulary (those
   link to their tag page instead), and not the collection's common currency (at most
   MAX_OTHER_USERS other abstracts use it);
4. the mentioning abstract uses it as that name: the two papers share a topic tag other than an
   umbrella one (a "MONet" in an object-centric video paper is not the multilinear network of
   the same name); the mentioning abstract does not cite it as earlier work ("MEND (Mitchell
   et al., 2022)") or spell it out as something else ("Feature Importance Disparity (FID)"
   against the paper's "FID").
A dataset or model name that is a tag of this paper and of at least one other paper links to
the tag page, where those others are listed.
Each name links once per abstract (its first use), never inside math, code or an existing link,
and never to the paper itself. Names are matched as whole tokens, case-sensitively, so "CLIP" is
not found in "clipping".
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import replace
from typing import Callable, Sequence

from ..model import Mention, Paper
from .contributions import is_contribution
from .tags import Vocabulary
from .titles.coined import find_expansion, is_cited

_TOKEN = re.compile(r"[A-Za-z0-9][\w\-.]*[\w]|[A-Za-z0-9]")
MIN_NAME_CHARS = 3
# A name one paper of a conference coins is seldom in more than a handful of the others; one
# that is (a model family, a benchmark everyone reports on) is the field's by now.
MAX_OTHER_USERS = 5


def find_mentions(papers: Sequence[Paper], tag_slug_of,
                  vocabulary: Vocabulary | None = None) -> list[Paper]:
    """Return the papers with `mentions` and `mentioned_by` filled in; the vocabulary's topics,
    datasets and models are established terms, and its umbrella topics tell papers apart."""
    tokens_by_paper = [set(_TOKEN.findall(paper.abstract.text)) for paper in papers]
    introducer_by_name = _introducers(papers, tokens_by_paper,
                                      vocabulary.knows if vocabulary else lambda name: False)
    umbrella = {t.name for t in vocabulary.topics if t.is_broad} if vocabulary else set()
    by_slug = {paper.slug: paper for paper in papers}
    entity_counts = Counter(t for p in papers for t in p.tags if t.kind in ("dataset", "model"))
    mentions_by_slug: dict[str, list[Mention]] = {}
    mentioned_by: dict[str, list[str]] = defaultdict(list)
    for paper, tokens in zip(papers, tokens_by_paper):
        mentions: list[Mention] = []
        for name in sorted(tokens & introducer_by_name.keys()):
            target = introducer_by_name[name]
            if target != paper.slug and _means_the_same(paper, by_slug[target], name, umbrella):
                mentions.append(Mention(name=name, target=target))
                if paper.slug not in mentioned_by[target]:
                    mentioned_by[target].append(paper.slug)
        for tag in paper.tags:
            if tag.kind in ("dataset", "model") and entity_counts[tag] > 1 and tag.name in tokens:
                mentions.append(Mention(name=tag.name, target=f"tags/{tag_slug_of(tag)}"))
        mentions_by_slug[paper.slug] = mentions
    return [
        replace(paper, mentions=tuple(mentions_by_slug[paper.slug]),
                mentioned_by=tuple(mentioned_by.get(paper.slug, ())))
        for paper in papers
    ]


def _introducers(papers: Sequence[Paper], tokens_by_paper: Sequence[set[str]],
                 is_term: Callable[[str], bool]) -> dict[str, str]:
    """Map each single-token name one paper coins (rules 1-3) to that paper's slug."""
    claimants: dict[str, set[str]] = defaultdict(set)
    for paper in papers:
        for name in paper.introduces:  # `own_names` are among them
            claimants[name].add(paper.slug)
    users = Counter(token for tokens in tokens_by_paper for token in tokens
                    if token in claimants)
    introducers: dict[str, str] = {}
    for paper in papers:
        for name in paper.own_names:
            if len(name) >= MIN_NAME_CHARS and _TOKEN.fullmatch(name) and not name.islower() \
                    and len(claimants[name]) == 1 and users[name] - 1 <= MAX_OTHER_USERS \
                    and not is_term(name):
                introducers[name] = paper.slug
    return introducers


def _means_the_same(paper: Paper, introducer: Paper, name: str, umbrella: set[str]) -> bool:
    """Tell whether an abstract uses a name as the introducing paper does (rule 4)."""
    topics = {tag for tag in paper.tags
              if tag.kind == "topic" and tag.name not in umbrella and not is_contribution(tag)}
    if not topics.intersection(introducer.tags):
        return False
    if is_cited(paper.abstract.text, name):
        return False
    spelled = find_expansion(paper.abstract.text, name, loose=False)
    return not spelled or spelled.lower() == find_expansion(introducer.abstract.text, name).lower()


_TAG_OR_TEXT = re.compile(r"(<[^>]+>)")
_SKIP_ELEMENTS = ("math", "code", "a")


def link_names_in_html(html: str, hrefs_by_name: dict[str, str]) -> str:
    """Link the first use of each name in text outside <math>, <code> and <a> elements."""
    if not hrefs_by_name:
        return html
    pattern = re.compile(r"(?<![\w\-])(" + "|".join(
        re.escape(name) for name in sorted(hrefs_by_name, key=len, reverse=True)) + r")(?![\w\-]|\.\w)")
    pending = dict(hrefs_by_name)
    depth = 0
    parts = _TAG_OR_TEXT.split(html)
    for index, part in enumerate(parts):
        if part.startswith("<"):
            name = re.match(r"</?([a-zA-Z0-9]+)", part)
            if name and name.group(1).lower() in _SKIP_ELEMENTS and not part.endswith("/>"):
                depth += -1 if part.startswith("</") else 1
            continue
        if depth or not part or not pending:
            continue
        parts[index] = pattern.sub(lambda m: _link_once(m, pending), part)
    return "".join(parts)


def _link_once(match: re.Match, pending: dict[str, str]) -> str:
    name = match.group(1)
    href = pending.pop(name, None)
    if href is None:
        return name
    return f'<a class="ps-mention" href="{href}">{name}</a>'
