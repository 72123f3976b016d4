"""Check and time the topic map in headless Chromium, from disk, at 1280 and 375 px.

    python -m benchmarks.map                      # 5,000 synthetic papers
    python -m benchmarks.map --sizes 5000 30000 --dots 300

For each size, builds the synthetic collection (benchmarks/corpus.py) offline with `papersite
build` (or reuses the site), opens the map from disk and, for a fixed random sample of dots:
shows the whole map, points at the dot and turns the mouse wheel until the map is zoomed in as
far as it goes, then checks that a click at the dot's centre reaches that dot. Prints how many
did, and how long a zoom step and a search took (from the input to the next frame).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

from .search import _write_corpus as write_corpus
from .search import build_site

_CENTRE = """async index => {
  // The map draws at the next frame: wait until its view has stopped changing.
  const svg = document.querySelector('svg.ps-map');
  for (let last = null; last !== svg.getAttribute('viewBox');) {
    last = svg.getAttribute('viewBox');
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  const box = document.querySelectorAll('svg.ps-map .d a > :not(title)')[index].getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""
_INTO_VIEW = """index => document.querySelectorAll('svg.ps-map .d a > :not(title)')[index]
  .scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'})"""
# "reached", "covered" (by another dot or a name), or "outside" (the view or the window).
_REACHES = """([index, x, y]) => {
  const frame = document.querySelector('svg.ps-map').getBoundingClientRect();
  if (x < Math.max(frame.left, 0) || x > Math.min(frame.right, innerWidth) ||
      y < Math.max(frame.top, 0) || y > Math.min(frame.bottom, innerHeight)) return 'outside';
  return document.elementFromPoint(x, y)?.closest('a') ===
    document.querySelectorAll('svg.ps-map .d a')[index] ? 'reached' : 'covered';
}"""
# Runs `action` on the page and resolves once the next frame is drawn, with the time taken.
_TIMED = """action => new Promise(resolve => {
  const start = performance.now();  // the map draws at the next frame: waited for below
  if (action === 'zoom') document.querySelector('[data-zoom=in]').click();
  else { const input = document.querySelector('.ps-map-search');
         input.value = action; input.dispatchEvent(new Event('input')); }
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
})"""


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    root = Path(args.root)
    for size in args.sizes:
        site = root / f"site-{size}-offline"
        if not args.skip_build:
            corpus = root / f"corpus-{size}"
            if not corpus.exists():
                write_corpus(size, corpus)
            build_site(corpus, site, offline=True)
        for width in (1280, 375):
            print(measure(site, width, args.dots))
    return 0


def measure(site: Path, width: int, sample: int) -> str:
    """Return the report line of one site at one width."""
    from browser import open_chromium  # tests/ is on the path (benchmarks.search puts it there)

    with open_chromium() as context:
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": 900})
        page.goto((site / "tags" / "topic-map.html").as_uri())
        page.locator("svg.ps-map").scroll_into_view_if_needed()
        count = page.locator("svg.ps-map .d a").count()
        chosen = random.Random(0).sample(range(count), min(sample, count))
        outcomes: Counter[str] = Counter()
        for index in chosen:
            page.click("[data-zoom=reset]")
            page.evaluate(_INTO_VIEW, index)  # a wheel turned off screen zooms nothing
            x, y = page.evaluate(_CENTRE, index)
            page.mouse.move(x, y)
            for _ in range(18):  # 1.25 ** 18 > 48: as far as the map zooms
                page.mouse.wheel(0, -100)
            page.evaluate(_INTO_VIEW, index)  # zoomed at the map's edge, a dot may end off screen
            x, y = page.evaluate(_CENTRE, index)
            outcomes[page.evaluate(_REACHES, [index, x, y])] += 1
        page.click("[data-zoom=reset]")
        zoom_ms = page.evaluate(_TIMED, "zoom")
        search_ms = page.evaluate(_TIMED, "learning")
    return (f"{count:,} papers at {width} px, from disk: zoomed in, of {len(chosen)} sampled dots "
            f"{outcomes['reached']} reached by a click at their centre, {outcomes['covered']} "
            f"covered, {outcomes['outside']} with their centre out of sight; a zoom step "
            f"{zoom_ms:.0f} ms, a search {search_ms:.0f} ms")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5000])
    parser.add_argument("--dots", type=int, default=200, help="dots sampled at each width")
    parser.add_argument("--root", default="/tmp/papersite-facets", help="where sites are built")
    parser.add_argument("--skip-build", action="store_true", help="measure sites built before")
    return parser


if __name__ == "__main__":
    sys.exit(main())
