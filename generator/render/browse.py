"""The papers page's list of every paper, drawn only where the reader looks.

At 30,000 papers a page holding every entry would weigh megabytes, and one holding some of them
is not "all papers". So the page holds the first screen of entries and a box of the whole list's
height (every row is as tall as the next, so the page's height is right before it scrolls);
`papersite-browse.js` draws the rows in view from data this module writes beside the page:

    papers/browse.js        papersiteBrowse({"kinds": ..., "areas": [...], "topics": [...],
                                             "href": [prefix, suffix], "papers": N, "chunk": C,
                                             "rows": [[area, topic], ...],   # in display order
                                             "input": [...], "distinct": [...]})
    papers/browse-K.js      papersiteBrowseChunk(K, [[slug, title, derived, gist, input], ...])

Rows are in the default order (area, largest first, then topic, largest in the area first,
then list order); `input` and `distinct` are the other two orders, as display positions. A chunk
holds C papers of the default order, loaded when they come into view (the first screen needs the
first chunk only); searching loads them all. Scripts rather than JSON: a page opened from disk
cannot fetch.

Distinctiveness within an area is a paper's distance from its area's centre on the topic map
(the text model's two-dimensional layout): the papers farthest out share least with the rest of
their area. Papers without a place on the map come last, in list order.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from pathlib import Path

from ..enrich.contributions import is_contribution
from ..links import PAPERS_DIR, PAPERS_INDEX, paper_path, relative_url
from ..model import Collection, Paper
from ..text import plain_text
from .common import (
    INDEX_GIST_MAX_CHARS,
    RenderOptions,
    derived_title_marks,
    gist_line,
    papers_by_area,
    titles_are_mixed,
)

BROWSE_PATH = f"{PAPERS_DIR}/browse.js"
CHUNK_SIZE = 250
"""Papers a chunk holds: about 70 KB, a few screens of rows."""
FIRST_ROWS = 30
"""Rows the page itself holds, so that its first screen needs no script."""
NO_TOPIC = "Other topics"
_BROWSE_FILE = re.compile(rf"{PAPERS_DIR}/browse(-[0-9]+)?\.js")


@dataclass(frozen=True)
class BrowseRow:
    """One paper in the default order, with what the other orders need."""

    paper: Paper
    input_position: int
    area: str
    topic: str


def chunk_path(number: int) -> str:
    """Return the docs-relative path of the chunk `number` of the list's text."""
    return f"{PAPERS_DIR}/browse-{number}.js"


def browse_paths(paper_count: int) -> list[str]:
    """Return the paths of every file `render_browse_files` writes for this many papers."""
    return [BROWSE_PATH] + [chunk_path(k) for k in range(math.ceil(paper_count / CHUNK_SIZE))]


def is_browse_path(path: str) -> bool:
    """Tell the docs-relative paths of the list's data files (`papers/browse.js`, its chunks)."""
    return _BROWSE_FILE.fullmatch(path) is not None


def write_browse_files(docs: Path, files: dict[str, str]) -> None:
    """Write the list's data files into the docs folder, and remove chunks of a longer list
    written before (a builder would publish them)."""
    for path, text in files.items():
        target = docs / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    for stale in (docs / PAPERS_DIR).glob("browse-*.js"):
        relative = stale.relative_to(docs).as_posix()
        if is_browse_path(relative) and relative not in files:
            stale.unlink()


def main_topic(paper: Paper) -> str:
    """Return the paper's most central topic (its tags come most central first), or NO_TOPIC."""
    return next((tag.name for tag in paper.tags if tag.kind == "topic" and not is_contribution(tag)),
                NO_TOPIC)


def order_rows(collection: Collection) -> list[BrowseRow]:
    """Return the papers in the default order: by area (largest first), then by topic (the
    area's largest first, NO_TOPIC last), then in list order."""
    position = {id(paper): index for index, paper in enumerate(collection.papers)}
    rows = []
    for area, papers in papers_by_area(collection).items():
        topics = [main_topic(paper) for paper in papers]
        sizes = Counter(topics)
        # A heading over one paper says no more than its entry: such papers go under NO_TOPIC.
        topics = [topic if sizes[topic] > 1 else NO_TOPIC for topic in topics]
        sizes = Counter(topics)
        rank = {topic: (topic == NO_TOPIC, -count, topic.lower()) for topic, count in sizes.items()}
        ordered = sorted(zip(papers, topics), key=lambda pair: (rank[pair[1]], position[id(pair[0])]))
        rows += [BrowseRow(paper, position[id(paper)], area, topic) for paper, topic in ordered]
    return rows


def distinct_order(rows: list[BrowseRow]) -> list[int]:
    """Return the display positions by area (as `rows`), each area's papers farthest from its
    centre on the topic map first."""
    places: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for row in rows:
        if row.paper.map_position is not None:
            places[row.area].append(row.paper.map_position)
    centres = {area: (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
               for area, points in places.items()}
    area_rank = {area: index for index, area in enumerate(dict.fromkeys(row.area for row in rows))}

    def key(position: int) -> tuple[int, float, int]:
        row = rows[position]
        place = row.paper.map_position
        if place is None:
            return area_rank[row.area], math.inf, row.input_position
        centre = centres[row.area]
        return area_rank[row.area], -math.hypot(place[0] - centre[0], place[1] - centre[1]), \
            row.input_position

    return sorted(range(len(rows)), key=key)


def render_browse_files(collection: Collection, directory_urls: bool = True) -> dict[str, str]:
    """Return the list's data files (`BROWSE_PATH` and its chunks), by docs-relative path."""
    rows = order_rows(collection)
    areas = list(dict.fromkeys(row.area for row in rows))
    topics = list(dict.fromkeys(row.topic for row in rows))
    area_number = {area: index for index, area in enumerate(areas)}
    topic_number = {topic: index for index, topic in enumerate(topics)}
    input_order = sorted(range(len(rows)), key=lambda position: rows[position].input_position)
    prefix, suffix = _href_parts(directory_urls)
    index = {
        "areas": areas, "topics": topics, "href": [prefix, suffix], "papers": len(rows),
        "chunk": CHUNK_SIZE, "noTopic": topic_number.get(NO_TOPIC, -1),
        "mixed": titles_are_mixed(collection.papers),
        "rows": [[area_number[row.area], topic_number[row.topic]] for row in rows],
        "input": input_order, "distinct": distinct_order(rows),
    }
    files = {BROWSE_PATH: f"papersiteBrowse({_json(index)});\n"}
    for number, start in enumerate(range(0, len(rows), CHUNK_SIZE)):
        entries = [[row.paper.slug, plain_text(row.paper.title), int(row.paper.title_source == "derived"),
                    gist_line(row.paper, INDEX_GIST_MAX_CHARS), row.input_position]
                   for row in rows[start:start + CHUNK_SIZE]]
        files[chunk_path(number)] = f"papersiteBrowseChunk({number},{_json(entries)});\n"
    return files


def render_browse_list(collection: Collection, options: RenderOptions) -> str:
    """Return the list's place on the papers page: a box as tall as every row, holding the first
    rows of the default order (area and topic headings are rows too, as the script draws them)."""
    rows = order_rows(collection)
    mixed = titles_are_mixed(collection.papers)
    first: list[str] = []
    count = 0
    for kind, text, row in _display_rows(rows):
        if count == FIRST_ROWS:
            break
        first.append(_render_row(kind, text, row, count, mixed, options))
        count += 1
    total = sum(1 for _ in _display_rows(rows))
    return (f'<div class="ps-browse-list" role="list" aria-label="Papers" '
            f'data-ps-browse="{BROWSE_PATH.rsplit("/", 1)[1]}" style="--ps-rows: {total}">'
            + "".join(first) + "</div>\n")


def _display_rows(rows: list[BrowseRow]) -> Iterable[tuple[str, str, BrowseRow | None]]:
    """Yield the default order's rows as the script draws them: an area's heading, a topic's
    heading (NO_TOPIC's only after another topic of the area), then its papers."""
    area = topic = None
    for row in rows:
        if row.area != area:
            area, topic = row.area, None
            yield "area", row.area, None
        if row.topic != topic:
            if row.topic != NO_TOPIC or topic is not None:
                yield "topic", row.topic, None
            topic = row.topic
        yield "paper", "", row


def _render_row(kind: str, text: str, row: BrowseRow | None, index: int, mixed: bool,
                options: RenderOptions) -> str:
    top = f'style="top: calc({index} * var(--ps-row))"'
    if row is None:
        return f'<div class="ps-browse-row ps-browse-{kind}" role="presentation" {top}>{escape(text)}</div>'
    paper = row.paper
    href = relative_url(PAPERS_INDEX, paper_path(paper.slug), options.directory_urls)
    said, mark = derived_title_marks(paper.title_source == "derived", mixed)
    return (f'<div class="ps-browse-row" role="listitem" {top}{said}><a href="{href}">'
            f'{escape(plain_text(paper.title))}</a>{mark}'
            f'<span class="ps-gist">{escape(gist_line(paper, INDEX_GIST_MAX_CHARS))}</span></div>')


def _href_parts(directory_urls: bool) -> tuple[str, str]:
    """Return what a paper's link from the papers page holds before and after its slug."""
    href = relative_url(PAPERS_INDEX, paper_path("SLUG"), directory_urls)
    prefix, _, suffix = href.partition("SLUG")
    return prefix, suffix


def _json(value: object) -> str:
    # `</` cannot end the script a page loads it as (it is a file of its own), but a title may
    # hold any text: JSON escapes what JavaScript needs.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
