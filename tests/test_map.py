"""The topic map zoomed, moved and searched (papersite-map.js), from disk, at 1280 and 375 px;
and the spacing of its dots (generator/charts.py) that makes every one reachable zoomed in."""

from __future__ import annotations

import random
import re

import pytest
from conftest import REPO

from papersite.charts import AREA_COLOURS, MIN_GAP, colour_classes, spread

pytest_plugins = ["browser"]  # the fixture chromium

SCREENSHOTS = REPO / "screenshots"
WIDTHS = {"wide": 1280, "phone": 375}
# The map's view once drawn: the map draws at the next frame.
_VIEW = """() => new Promise(resolve => requestAnimationFrame(
  () => resolve(document.querySelector('svg.ps-map').getAttribute('viewBox'))))"""
# Each dot in view, and whether a click at its centre reaches it; each dot's radius in map units.
_DOTS = """async () => {
  await new Promise(resolve => requestAnimationFrame(resolve));
  const svg = document.querySelector('svg.ps-map'), frame = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('.d a')].map(link => {
    const circle = link.querySelector('circle'), box = circle.getBoundingClientRect();
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    const inView = x > frame.left && x < frame.right && y > frame.top && y < frame.bottom &&
      x > 0 && y > 0 && x < innerWidth && y < innerHeight;
    return {inView, hit: inView && document.elementFromPoint(x, y)?.closest('a') === link,
            radius: parseFloat(getComputedStyle(circle).r)};
  });
}"""


def test_spread_dots_stand_a_gap_apart_as_written():
    generator = random.Random(7)
    # 800 dots a few pixels apart: the last ones walk about 18 rings out (9 px) to find room.
    clustered = [(500 + generator.gauss(0, 3), 350 + generator.gauss(0, 3)) for _ in range(800)]
    centres = spread(clustered + [(0.0, 0.0)] * 50 + [(1000.0, 700.0)] * 50, MIN_GAP)
    assert len(centres) == 900
    assert all(0 <= x <= 1000 and 0 <= y <= 700 and x == round(x, 1) for x, y in centres)
    cells: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for x, y in centres:
        cells.setdefault((int(x), int(y)), []).append((x, y))
    closest = min((ax - bx) ** 2 + (ay - by) ** 2
                  for (column, row), points in cells.items() for ax, ay in points
                  for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                  for bx, by in cells.get((column + dc, row + dr), ()) if (ax, ay) != (bx, by))
    assert closest ** 0.5 >= MIN_GAP
    assert len(set(centres)) == len(centres)
    # A dot with room stays where it belongs.
    assert spread([(10.0, 10.0), (20.0, 20.0)], MIN_GAP) == [(10.0, 10.0), (20.0, 20.0)]


def test_every_area_has_a_look_of_its_own_up_to_twice_the_colours():
    classes = colour_classes([f"area {n}" for n in range(2 * AREA_COLOURS + 2)])
    assert len(set(list(classes.values())[:2 * AREA_COLOURS])) == 2 * AREA_COLOURS
    assert classes["area 0"] == "a0" and classes[f"area {AREA_COLOURS}"] == "a0 o"


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_the_map_zooms_moves_and_lights_up_papers_from_disk(bundled_offline_site, chromium, width):
    context, requests = chromium
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto((bundled_offline_site / "tags" / "topic-map.html").as_uri())
    svg = page.locator("svg.ps-map")
    svg.scroll_into_view_if_needed()
    whole = page.evaluate(_DOTS)
    assert len(whole) == 37 and all(dot["inView"] for dot in whole)
    assert page.evaluate(_VIEW) == "0 0 1000 700"
    # Zoomed in as far as the map goes, with the buttons: every dot is smaller than the gap
    # between any two centres (test above), so a click at its centre reaches it.
    for _ in range(9):
        page.click("[data-zoom=in]")
    width_shown = float(page.evaluate(_VIEW).split()[2])
    assert width_shown == pytest.approx(1000 / 48)
    zoomed = page.evaluate(_DOTS)
    assert max(dot["radius"] for dot in zoomed) < MIN_GAP
    assert all(dot["hit"] for dot in zoomed if dot["inView"])
    # The keys move the view and zoom; 0 shows the whole map again.
    svg.focus()
    before = page.evaluate(_VIEW)
    page.keyboard.press("ArrowRight")
    assert page.evaluate(_VIEW) != before
    page.keyboard.press("0")
    assert page.evaluate(_VIEW) == "0 0 1000 700"
    topics = page.locator("svg.ps-map .l.t")
    assert topics.evaluate("g => getComputedStyle(g).display") == "none"  # shown zoomed in
    page.keyboard.press("+")
    page.keyboard.press("+")
    assert float(page.evaluate(_VIEW).split()[2]) == pytest.approx(1000 / 1.6 ** 2)
    assert topics.evaluate("g => getComputedStyle(g).display") != "none"
    # Words typed above the map light up the papers whose titles have them.
    titles = page.eval_on_selector_all("svg.ps-map .d a title", "ts => ts.map(t => t.textContent)")
    word = re.findall(r"[A-Za-z]{5,}", titles[0])[0].lower()
    page.fill(".ps-map-search", word)
    expected = sum(word in title.lower() for title in titles)
    assert page.locator("svg.ps-map a.ps-hit").count() == expected >= 1
    assert page.text_content(".ps-map-found").startswith(f"{expected} paper")
    page.click("[data-zoom=reset]")
    page.screenshot(path=str(SCREENSHOTS / f"map-search-{width}.png"))
    assert requests.failures == []


def test_with_thousands_of_dots_a_turning_wheel_sizes_them_once_it_stops(
        bundled_offline_site, chromium, tmp_path):
    # Sizing every dot restyles each one (0.7 s at 30,000): the wheel zooms the map alone, and
    # the dots take their size once it stops; the buttons size them at once.
    import shutil
    site = tmp_path / "site"
    shutil.copytree(bundled_offline_site, site)
    page_path = site / "tags" / "topic-map.html"
    html = page_path.read_text(encoding="utf-8")
    dots = re.search(r'(<g class="d">)(.*?)(</g>)', html, re.S)
    assert dots, "the map's dots are in one group"
    page_path.write_text(html[:dots.start(2)] + dots.group(2) * 55 + html[dots.end(2):],
                         encoding="utf-8")
    context, requests = chromium
    page = context.new_page()
    page.goto(page_path.as_uri())
    svg = page.locator("svg.ps-map")
    svg.scroll_into_view_if_needed()
    assert page.locator("svg.ps-map .d a").count() == 37 * 55
    scale = "() => document.querySelector('svg.ps-map').style.getPropertyValue('--ps-k')"
    page.wait_for_function(f"() => ({scale})() !== ''")
    before, view = page.evaluate(scale), page.evaluate(_VIEW)
    # One wheel step and the next frame in one script, so that a loaded machine cannot let the
    # dots' settle time pass between the two (as separate calls it did).
    after_wheel = page.evaluate(f"""async () => {{
      const svg = document.querySelector('svg.ps-map'), box = svg.getBoundingClientRect();
      svg.dispatchEvent(new WheelEvent('wheel', {{deltaY: -100, bubbles: true, cancelable: true,
        clientX: box.left + box.width / 2, clientY: box.top + box.height / 2}}));
      const viewBox = await ({_VIEW})();
      return [viewBox, ({scale})()];
    }}""")
    assert after_wheel[0] != view and after_wheel[1] == before  # the map zoomed; the dots wait
    page.wait_for_function(f"before => ({scale})() !== before", arg=before)
    zoomed = page.evaluate(scale)
    page.click("[data-zoom=in]")
    page.evaluate(_VIEW)
    assert page.evaluate(scale) != zoomed  # a button sizes them in the same frame
    assert requests.failures == []
