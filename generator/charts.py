"""Draw the home page's chart and the topic map as SVG at build time: no script in the browser.

Pure functions from values to SVG text. Colours are CSS classes (`a0`…`a10`, `ax` for the rest,
defined in `theme_overrides/assets/stylesheets/papersite.css`) rather than inline styles: shorter, and they
follow the light and dark palettes. Coordinates have one decimal: fine enough that zoomed in,
dots that overlap at first stand apart, and still short at 5,000 dots.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from html import escape

AREA_COLOURS = 11
"""Distinct colours; the next areas get them again as squares (class `q`), then as rings (class
`o`), the rest share `ax`: 33 areas told apart by colour and shape."""
OTHER_CLASS = "ax"
SQUARE, RING = "q", "o"
MARKS = ("", f" {SQUARE}", f" {RING}")
MIN_GAP = 0.5
"""Least distance between two dots' centres, in map units: zoomed in as far as the map goes
(`papersite-map.js`), every dot is then clear of the others at its centre, where a click or tap
lands."""

MAP_WIDTH, MAP_HEIGHT, MAP_MARGIN = 1000, 700, 14

CHART_WIDTH = 480
CHART_ROW = 36
CHART_BAR_MAX = 400


@dataclass(frozen=True)
class Bar:
    """One row of the bar chart."""

    label: str
    """Plain text shown above the bar."""
    count: int
    """The bar's length, and the number shown at its end."""
    href: str
    """Where the row links to."""
    colour: str
    """CSS class of the bar's colour."""


@dataclass(frozen=True)
class Dot:
    """One paper on the topic map."""

    x: float
    """Horizontal position in [0, 1]."""
    y: float
    """Vertical position in [0, 1]."""
    href: str
    """The paper's page."""
    title: str
    """Plain-text title, shown on hover."""
    colour: str
    """CSS class of the dot's colour."""


@dataclass(frozen=True)
class Label:
    """A name written on the map, over the papers it names."""

    x: float
    """Horizontal centre in [0, 1]."""
    y: float
    """Baseline in [0, 1]."""
    text: str
    """The name."""
    count: int = 0
    """How many of the group's papers sit around this place: the script shows larger groups first."""
    crowded: bool = False
    """Runs into a larger name at the whole map's scale: hidden until the script sorts names out."""


def colour_classes(names: Sequence[str]) -> dict[str, str]:
    """Give the first names (the largest areas) a colour class each, the next ones the same
    colours as squares, the ones after as rings, the rest `ax`."""
    return {name: f"a{rank % AREA_COLOURS}{MARKS[rank // AREA_COLOURS]}"
            if rank < len(MARKS) * AREA_COLOURS else OTHER_CLASS
            for rank, name in enumerate(names)}


def draw_bar_chart(bars: Sequence[Bar], caption: str) -> str:
    """Return a horizontal bar chart: a label above each bar, the count at its end."""
    largest = max((bar.count for bar in bars), default=1) or 1
    height = CHART_ROW * len(bars) + 4
    rows = []
    for index, bar in enumerate(bars):
        top = CHART_ROW * index
        length = max(round(CHART_BAR_MAX * bar.count / largest), 2)
        rows.append(
            f'<a href="{escape(bar.href)}"><text x="0" y="{top + 14}">{escape(bar.label)}</text> '
            f'<rect class="{bar.colour}" x="0" y="{top + 19}" width="{length}" height="12" rx="2"/> '
            f'<text class="n" x="{length + 6}" y="{top + 30}">{bar.count:,}</text></a>')
    # The spaces between elements draw nothing in SVG; they keep a page's text (search reads it)
    # from running a count into the next label ("Representation learning7Learning theory").
    # A group, not an image: an image's links would be hidden from assistive technology.
    return (f'<svg class="ps-chart" viewBox="0 0 {CHART_WIDTH} {height}" role="group" '
            f'aria-label="{escape(caption)}"><title>{escape(caption)}</title> {" ".join(rows)}</svg>')


def draw_topic_map(dots: Sequence[Dot], labels: Sequence[Label], caption: str,
                   close_labels: Sequence[Label] = ()) -> str:
    """Return the map: one linked dot per paper with its title on hover, names on top; the
    `close_labels` (finer subjects) show once the reader zooms in (`papersite-map.js` picks the
    names that fit the view)."""
    radius = dot_radius(len(dots))
    centres = spread([(_map_x(dot.x), _map_y(dot.y)) for dot in dots], MIN_GAP)
    parts = [f'<a href="{escape(dot.href)}"><title>{escape(dot.title)}</title>'
             f'{_mark(dot.colour, x, y, radius)}</a>' for dot, (x, y) in zip(dots, centres)]
    # Newlines between dots keep diffs and the Markdown raw-HTML pass readable; no blank lines.
    dots_text = "\n".join(parts)
    return (f'<svg class="ps-map" viewBox="0 0 {MAP_WIDTH} {MAP_HEIGHT}" role="group" '
            f'aria-label="{escape(caption)}" data-r="{radius}">\n<g class="d">\n{dots_text}\n</g>\n'
            f'<g class="l" aria-hidden="true">{_names(labels)}</g>\n'
            f'<g class="l t" aria-hidden="true">{_names(close_labels)}</g>\n</svg>')


def _mark(colour: str, x: float, y: float, radius: int) -> str:
    """A circle, or for the second round of colours a square of the same width."""
    if SQUARE in colour.split():
        return (f'<rect class="{colour}" x="{round(x - radius, 1):g}" y="{round(y - radius, 1):g}" '
                f'width="{2 * radius}" height="{2 * radius}"/>')
    return f'<circle class="{colour}" cx="{x:g}" cy="{y:g}" r="{radius}"/>'


_CROWDED = ' class="x"'


def _names(labels: Sequence[Label]) -> str:
    return "".join(f'<text{_CROWDED if label.crowded else ""} x="{round(_map_x(label.x))}" '
                   f'y="{round(_map_y(label.y))}" data-n="{label.count}">{escape(label.text)}</text>'
                   for label in labels)


def spread(centres: Sequence[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    """Return the centres, each moved the least it must be to lie at least `gap` from every
    centre before it, once rounded to a tenth (what the map writes): tried where it belongs,
    then on rings around it half a gap wider each time."""
    cells: dict[tuple[int, int], list[tuple[float, float]]] = {}
    placed = []
    for x, y in centres:
        for dx, dy in _nudges():
            spot = (round(min(max(x + dx * gap, 0), MAP_WIDTH), 1),
                    round(min(max(y + dy * gap, 0), MAP_HEIGHT), 1))
            if not _crowded(spot, cells, gap):
                break
        cells.setdefault((int(spot[0] // gap), int(spot[1] // gap)), []).append(spot)
        placed.append(spot)
    return placed


def _crowded(spot: tuple[float, float], cells: dict, gap: float) -> bool:
    column, row = int(spot[0] // gap), int(spot[1] // gap)
    limit = gap ** 2
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            for x, y in cells.get((column + dc, row + dr), ()):
                if (spot[0] - x) ** 2 + (spot[1] - y) ** 2 < limit:
                    return True
    return False


def _nudges() -> Iterator[tuple[float, float]]:
    """Yield offsets, in gaps: none, then rings of growing radius with more points on each."""
    yield 0.0, 0.0
    ring = 1
    while True:
        yield from _ring(ring)
        ring += 1


@lru_cache(maxsize=None)
def _ring(ring: int) -> tuple[tuple[float, float], ...]:
    """The offsets of one ring: worked out once, as a dense cluster walks the same rings for
    every dot (2,000 dots a pixel or two apart took 24 s when each walk computed them)."""
    points = 8 * ring
    return tuple((ring / 2 * math.cos(2 * math.pi * step / points),
                  ring / 2 * math.sin(2 * math.pi * step / points)) for step in range(points))


def place_labels(points_by_name: dict[str, list[tuple[float, float]]], least: int = 1,
                 avoid: Sequence[Label] = ()) -> list[Label]:
    """Name each group at the centre of each of its islands, largest island first; mark the
    names that run into a larger one `crowded` (the script decides which of those fit a view).

    Rule, in order: an island is the group's points in the densest cell of a 10 × 10 grid and the
    cells around it, named at their mean; the next island is found the same way among the points
    left; a group gets at most `MAX_ISLANDS` names, each for at least `least` papers and, after
    the first, for at least an eighth of the group (a scattered group has no second centre); a
    group of 10 or more papers with fewer than a fifth of them in its largest island has no core
    and gets no name.
    """
    found = [label for name, points in points_by_name.items()
             for label in _islands(name, points, least)]
    found.sort(key=lambda label: -label.count)
    placed: list[Label] = list(avoid)  # names already on the map: kept clear of
    named = []
    for label in found:
        crowded = any(_overlap(label, other) for other in placed)
        if not crowded:
            placed.append(label)
        named.append(replace(label, crowded=crowded))
    return named


MAX_ISLANDS = 3


def _islands(name: str, points: Sequence[tuple[float, float]], least: int) -> Iterator[Label]:
    left = list(points)
    for island in range(MAX_ISLANDS):
        if not left:
            return
        cells: dict[tuple[int, int], int] = {}
        for x, y in left:
            cell = (min(int(x * 10), 9), min(int(y * 10), 9))
            cells[cell] = cells.get(cell, 0) + 1
        best = max(cells, key=lambda c: (cells[c], -c[1], -c[0]))
        core = [(x, y) for x, y in left
                if abs(min(int(x * 10), 9) - best[0]) <= 1 and abs(min(int(y * 10), 9) - best[1]) <= 1]
        if len(core) < least or (island and len(core) < len(points) / 8):
            return
        if not island and len(points) >= 10 and len(core) < len(points) / 5:
            return
        x = sum(x for x, _ in core) / len(core)
        y = sum(y for _, y in core) / len(core)
        half_width = _LABEL_CHAR_WIDTH * len(name) / 2
        yield Label(x=min(max(x, half_width), 1 - half_width), y=min(max(y, 0.04), 0.97),
                    text=name, count=len(core))
        kept = set(core)
        left = [point for point in left if point not in kept]


_LABEL_CHAR_WIDTH = 8.5 / (MAP_WIDTH - 2 * MAP_MARGIN)  # 15 px bold type, as a share of the width
_LABEL_HEIGHT = 22 / (MAP_HEIGHT - 2 * MAP_MARGIN)


def _overlap(first: Label, second: Label) -> bool:
    reach = _LABEL_CHAR_WIDTH * (len(first.text) + len(second.text)) / 2
    return abs(first.x - second.x) < reach and abs(first.y - second.y) < _LABEL_HEIGHT


def dot_radius(count: int) -> int:
    """Return the dots' radius: large for a few dozen papers, 3 from about 400 on."""
    return max(3, min(9, round(60 / max(count, 1) ** 0.5)))


def _map_x(x: float) -> float:
    return round(MAP_MARGIN + x * (MAP_WIDTH - 2 * MAP_MARGIN), 1)


def _map_y(y: float) -> float:
    return round(MAP_MARGIN + y * (MAP_HEIGHT - 2 * MAP_MARGIN), 1)
