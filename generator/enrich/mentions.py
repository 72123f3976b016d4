"""Mentions: names in one abstract that another page of the collection is about.

Rule, in order:
1. A name that another paper introduces (`Paper.introduces`, e.g. "ToMAToMP") links to that paper.
2. A dataset or model name that is a tag of this paper and of at least one other paper links to
   the tag page, where those others are listed.
Each name links once per abstract (its first use), never inside math, code or an existing link,
and never to the paper itself. Names are matched as whole tokens, case-sensitively, so "CLIP" is
not found in "clipping".
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import replace
from typing import Sequence

from ..model import Mention, Paper

_TOKEN = re.compile(r"[A-Za-z0-9][\w\-.]*[\w]|[A-Za-z0-9]")
MIN_NAME_CHARS = 3


def find_mentions(papers: Sequence[Paper], tag_slug_of) -> list[Paper]:
    """Return the papers with `mentions` and `mentioned_by` filled in."""
    introducer_by_name = _introducers(papers)
    entity_counts = Counter(t for p in papers for t in p.tags if t.kind in ("dataset", "model"))
    mentions_by_slug: dict[str, list[Mention]] = {}
    mentioned_by: dict[str, list[str]] = defaultdict(list)
    for paper in papers:
        tokens = set(_TOKEN.findall(paper.abstract.text))
        mentions: list[Mention] = []
        for name in sorted(tokens & introducer_by_name.keys()):
            target = introducer_by_name[name]
            if target != paper.slug:
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


def _introducers(papers: Sequence[Paper]) -> dict[str, str]:
    """Map each single-token coined name to the one paper that introduces it."""
    introducers: dict[str, set[str]] = defaultdict(set)
    for paper in papers:
        for name in paper.introduces:
            if len(name) >= MIN_NAME_CHARS and _TOKEN.fullmatch(name) and not name.islower():
                introducers[name].add(paper.slug)
    # A name two papers both claim is ambiguous: link neither.
    return {name: next(iter(slugs)) for name, slugs in introducers.items() if len(slugs) == 1}


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
