"""What every page kind shares: options, front matter, titles, gists and paper entries."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from ..enrich.tags import tag_slug
from ..links import PAPERS_INDEX, paper_path, relative_url, tag_path
from ..model import Collection, Paper, Tag
from ..text import plain_text, render_inline_html

TAG_KIND_LABELS = {
    "area": "Areas",
    "topic": "Topics",
    "dataset": "Datasets & benchmarks",
    "model": "Models",
}


TAG_KIND_SINGULAR = {"area": "Area", "topic": "Topic", "dataset": "Dataset", "model": "Model"}


GIST_MAX_CHARS = 220


INDEX_GIST_MAX_CHARS = 150


"""The all-papers page is thousands of entries long: a shorter gist keeps it light."""


NO_AREA = "No area"


_NOT_YAML = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass(frozen=True)
class RenderOptions:
    """How links are written: directory URLs online, `.html` files for the offline build."""

    directory_urls: bool = True
    mark_derived: bool = True
    """Whether lists mark derived titles: only where some titles are given (`titles_are_mixed`);
    where every title is derived, a mark on every entry tells nothing apart."""


# A list's discreet mark on a title papersite derived (the paper page says it in full).
DERIVED_MARK = ('<span class="ps-derived" title="Title derived from the abstract by papersite; '
                'not the authors\' title" aria-label="derived title">≈</span>')


def derived_title_marks(derived: bool, marked: bool) -> tuple[str, str]:
    """Return a list entry's attribute saying its title is derived (always: a paper saved from
    the list cites it so, papersite-list.js) and its visible mark (only where `marked`)."""
    return (" data-ps-derived" if derived else "", DERIVED_MARK if derived and marked else "")


def render_paper_entry(paper: Paper, here: str, options: RenderOptions,
                        gist_chars: int = GIST_MAX_CHARS) -> str:
    """Return a list entry: the paper's title, linked, and its gist."""
    href = relative_url(here, paper_path(paper.slug), options.directory_urls)
    said, mark = derived_title_marks(paper.title_source == "derived", options.mark_derived)
    return (f'<li{said}><a href="{href}">{render_inline_html(paper.title)}</a>{mark}'
            f'<span class="ps-gist">{escape(gist_line(paper, gist_chars))}</span></li>')


def titles_are_mixed(papers: Iterable[Paper]) -> bool:
    """Whether some titles are derived and some given: only then does the mark tell them apart."""
    return len({paper.title_source == "derived" for paper in papers}) == 2


def area_of(paper: Paper) -> str:
    return next((tag.name for tag in paper.tags if tag.kind == "area"), NO_AREA)


def area_anchor(area: str) -> str:
    """The id of an area's section on the all-papers page: the slug of the area's tag page."""
    return tag_slug(Tag(area, "area"))


def area_href(here: str, area: str, options: RenderOptions) -> str:
    if area == NO_AREA:
        return relative_url(here, PAPERS_INDEX, options.directory_urls) + f"#{area_anchor(area)}"
    return relative_url(here, tag_path(tag_slug(Tag(area, "area"))), options.directory_urls)


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"


def gist_line(paper: Paper, max_chars: int = GIST_MAX_CHARS) -> str:
    """Return the paper's gist (what it contributes) as plain text, cut to one line; a paper
    without one shows its abstract's first sentence."""
    text = plain_text(paper.gist) if paper.gist else \
        _SENTENCE_END.split(plain_text(paper.abstract.text), maxsplit=1)[0]
    return shorten(text, max_chars)


def page_title(title: str) -> str:
    """Return the title for MkDocs: plain text, HTML-escaped, as Material prints it unescaped."""
    return escape(plain_text(title))


def read_front_matter(source: str) -> tuple[dict, str]:
    """Split a page this module rendered into its front matter and body, without a YAML parser.

    Every front-matter line is `key: <JSON>` (see `front_matter`), so JSON reads it exactly and
    an order of magnitude faster than YAML, which matters at thousands of pages a build.
    """
    header, _, body = source[len("---\n"):].partition("\n---\n\n")
    meta = {}
    for line in header.split("\n"):
        key, _, value = line.partition(": ")
        meta[key] = json.loads(value)
    return meta, body


def front_matter(meta: dict) -> str:
    # JSON scalars are valid YAML: quotes, colons, `---` and newlines in titles stay safe.
    # Characters YAML forbids are dropped: front matter that fails to parse would be shown as text.
    lines = [f"{key}: {_NOT_YAML.sub('', json.dumps(value, ensure_ascii=False))}"
             for key, value in meta.items()]
    return "---\n" + "\n".join(lines) + "\n---\n\n"


def plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def papers_by_area(collection: Collection) -> dict[str, list[Paper]]:
    """Group papers by their area, largest area first (ties by name), papers in input order:
    the all-papers page's order."""
    groups: dict[str, list[Paper]] = defaultdict(list)
    for paper in collection.papers:
        groups[area_of(paper)].append(paper)
    order = sorted(groups, key=lambda area: (area == NO_AREA, -len(groups[area]), area.lower()))
    return {area: groups[area] for area in order}
