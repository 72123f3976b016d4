"""Check the topic map's names and keyboard reach on a built site, in headless Chromium.

    python -m benchmarks.map_labels SITE [--views 40] [--tabs 300] [--shots /work/map-shots]

SITE is a `papersite build` output (hosted or offline), opened from disk at 1280 × 900. Views:
the whole map, then for a fixed random sample of dots the mouse wheel turned over the dot 4 and
8 steps (2.4× and 6×); in each, how many names lie inside the view and how many cover a dot
that stands alone (tests/mapcheck.py says how both are measured). Keyboard: every dot is a
focusable link, and Tab from the map through the first dots shows each one's title on screen.
With --shots, screenshots of the map at 1×, 2.4× and 6× over the "Graph learning" name (or the
largest area's) go to that folder.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browser import open_chromium  # noqa: E402 (tests/ is put on the path just above)
from mapcheck import LABELS_JS, VIEW_JS, tab_through_dots  # noqa: E402

WHEEL_STEPS = (4, 4)  # 1.25 ** 4 ≈ 2.4, twice that ≈ 6
_DOT_CENTRE = """index => {
  const mark = document.querySelectorAll('svg.ps-map .d a > :not(title)')[index];
  mark.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});  // for the wheel
  const box = mark.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""
_NAME_CENTRE = """wanted => {
  const names = [...document.querySelectorAll('svg.ps-map .l:not(.t) text')];
  const name = names.find(text => text.textContent === wanted) || names[0];
  const box = name.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height];
}"""
_FOCUSABLE = "() => [...document.querySelectorAll('svg.ps-map .d a')].filter(a => a.tabIndex >= 0).length"
_SETTLED = "() => new Promise(resolve => setTimeout(resolve, 250))"  # a wheel's dots settle at 150 ms


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    site = Path(args.site)
    page_path = next(path for path in (site / "tags" / "topic-map.html",
                                       site / "tags" / "topic-map" / "index.html") if path.exists())
    with open_chromium() as context:
        page = context.new_page()
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(page_path.as_uri())
        page.locator("svg.ps-map").scroll_into_view_if_needed()
        count = page.locator("svg.ps-map .d a").count()
        views = [("whole map", page.evaluate(LABELS_JS))]
        for index in random.Random(0).sample(range(count), min(args.views, count)):
            page.click("[data-zoom=reset]")
            page.evaluate(VIEW_JS)
            for steps, zoom in zip(WHEEL_STEPS, ("2.4x", "6x")):
                _wheel_at(page, page.evaluate(_DOT_CENTRE, index), steps)
                views.append((zoom, page.evaluate(LABELS_JS)))
        for zoom in ("whole map", "2.4x", "6x"):
            seen = [view for name, view in views if name == zoom]
            named = sum(any(label["inView"] for label in view["labels"]) for view in seen)
            covering = sum(any(label["covers"] for label in view["labels"]) for view in seen)
            shown = sum(len(view["labels"]) for view in seen) / len(seen)
            dots = sum(view["dots"] for view in seen) / len(seen)
            distinct = len({label["text"] for view in seen for label in view["labels"]})
            print(f"{zoom}: {len(seen)} views, {named} with a name inside the view, {covering} with "
                  f"a name over a dot standing alone; {shown:.1f} names and {dots:.0f} dots a view, "
                  f"{distinct} distinct names in all")
        focusable = page.evaluate(_FOCUSABLE)
        page.click("[data-zoom=reset]")
        page.mouse.move(0, 0)  # a hovered dot is named before the one in focus
        steps = tab_through_dots(page, min(args.tabs, count))
        titled = sum(step["visible"] and step["shown"] == step["title"] for step in steps)
        print(f"keyboard: {focusable:,} of {count:,} dots focusable; Tab through the first "
              f"{len(steps)}: {len({step['href'] for step in steps})} distinct dots, {titled} "
              "showing their title on screen")
        if args.shots:
            _shoot(page, Path(args.shots))
    return 0


def _wheel_at(page, point: list[float], steps: int) -> None:
    page.mouse.move(*point)
    for _ in range(steps):
        page.mouse.wheel(0, -100)
    page.evaluate(_SETTLED)
    page.evaluate(VIEW_JS)


def _shoot(page, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    page.click("[data-zoom=reset]")
    page.evaluate("() => document.activeElement.blur()")  # no dot named in the picture
    page.mouse.move(0, 0)
    frame = page.locator(".ps-map-frame")
    frame.scroll_into_view_if_needed()
    page.evaluate(VIEW_JS)
    frame.screenshot(path=str(folder / "map5000-1x.png"))
    point = page.evaluate(_NAME_CENTRE, "Graph learning")
    for steps, zoom in zip(WHEEL_STEPS, ("2.4x", "6x")):
        _wheel_at(page, point, steps)
        page.mouse.move(0, 0)  # no dot hovered in the picture
        page.evaluate(VIEW_JS)
        frame.screenshot(path=str(folder / f"map5000-{zoom}.png"))
    print(f"screenshots in {folder}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", help="a built site's folder")
    parser.add_argument("--views", type=int, default=40, help="dots zoomed in on")
    parser.add_argument("--tabs", type=int, default=300, help="Tab presses through the dots")
    parser.add_argument("--shots", help="folder for screenshots at three zoom levels")
    return parser


if __name__ == "__main__":
    sys.exit(main())
