"""The topic map zoomed, moved and searched (papersite-map.js), from disk, at 1280 and 375 px;
and the spacing of its dots (generator/charts.py) that makes every one reachable zoomed in."""

from __future__ import annotations

import random
import re

import pytest
from conftest import REPO
from mapcheck import VIEW_JS, tab_through_dots, zoom_levels

from papersite.charts import AREA_COLOURS, MIN_GAP, Dot, colour_classes, draw_topic_map, spread

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
    const circle = link.lastElementChild, box = circle.getBoundingClientRect();
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    const inView = x > frame.left && x < frame.right && y > frame.top && y < frame.bottom &&
      x > 0 && y > 0 && x < innerWidth && y < innerHeight;
    return {inView, hit: inView && document.elementFromPoint(x, y)?.closest('a') === link,
            radius: circle.getBBox().width / 2};  // in map units
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


def test_every_area_has_a_look_of_its_own_up_to_three_times_the_colours():
    classes = colour_classes([f"area {n}" for n in range(3 * AREA_COLOURS + 2)])
    assert len(set(list(classes.values())[:3 * AREA_COLOURS])) == 3 * AREA_COLOURS
    assert classes["area 0"] == "a0" and classes[f"area {AREA_COLOURS}"] == "a0 q"
    assert classes[f"area {2 * AREA_COLOURS}"] == "a0 o" and classes[f"area {3 * AREA_COLOURS}"] == "ax"
    # The second round of colours is drawn as squares, centred where the circle would be.
    svg = draw_topic_map([Dot(0.5, 0.5, "p/", "T", "a3 q"), Dot(0.2, 0.2, "r/", "U", "a3")], [], "Map")
    assert '<rect class="a3 q" x="491" y="341" width="18" height="18"/>' in svg
    assert '<circle class="a3" cx="208.4" cy="148.4" r="9"/>' in svg


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
    page.keyboard.press("+")
    page.keyboard.press("+")
    assert float(page.evaluate(_VIEW).split()[2]) == pytest.approx(1000 / 1.6 ** 2)
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


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_the_map_names_what_is_in_view_and_never_covers_a_dot_standing_alone(
        bundled_offline_site, chromium, width):
    # At 1×, 2.6× and 6.6× (the + button twice each time): a name inside the view, none over a
    # dot with no other near it (the bundled map's 37 dots all stand alone zoomed out).
    context, requests = chromium
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto((bundled_offline_site / "tags" / "topic-map.html").as_uri())
    page.locator("svg.ps-map").scroll_into_view_if_needed()
    views = zoom_levels(page, 4)[::2]
    assert [view["dots"] for view in views][0] == 37
    for view in views:
        assert view["dots"] and any(label["inView"] for label in view["labels"]), view
        assert all(label["inView"] and not label["covers"] for label in view["labels"]), view
    assert views[0]["lone"] == 37  # so a name at an area's centre would have covered one
    assert requests.failures == []


def test_every_dot_is_reached_and_named_by_keyboard_and_touch(bundled_offline_site, chromium):
    context, requests = chromium
    page = context.new_page()
    page.goto((bundled_offline_site / "tags" / "topic-map.html").as_uri())
    page.locator("svg.ps-map").scroll_into_view_if_needed()
    hrefs = page.eval_on_selector_all("svg.ps-map .d a", "links => links.map(a => a.getAttribute('href'))")
    for _ in range(5):  # zoomed in: a dot out of view is brought into it when it gets the focus
        page.click("[data-zoom=in]")
    steps = tab_through_dots(page, len(hrefs))
    assert [step["href"] for step in steps] == hrefs
    assert all(step["visible"] and step["shown"] == step["title"] for step in steps)
    in_view = """() => { const svg = document.querySelector('svg.ps-map'), frame = svg.getBoundingClientRect();
      const box = document.activeElement.lastElementChild.getBoundingClientRect();
      return box.left >= frame.left && box.right <= frame.right && box.top >= frame.top &&
        box.bottom <= frame.bottom; }"""
    assert page.evaluate(in_view)
    # The dot in focus is drawn larger, in screen pixels at every zoom (not 8 map units: 80 px).
    sizes = """() => [...document.querySelectorAll('svg.ps-map .d a')].map(link =>
      [link === document.activeElement, link.lastElementChild.getBoundingClientRect().width])"""
    focused = [size for is_focused, size in page.evaluate(sizes) if is_focused]
    others = {round(size) for is_focused, size in page.evaluate(sizes) if not is_focused}
    assert len(focused) == 1 and len(others) == 1
    other = others.pop()  # a dot's width; in focus, 2 px more each side, at least 16 px wide
    assert other < focused[0] <= max(16, other + 4) + 1
    # On a dot, the arrow keys go to the nearest dot that way.
    centre = "() => { const b = document.activeElement.lastElementChild.getBoundingClientRect(); return b.x + b.width / 2; }"
    page.click("[data-zoom=reset]")
    page.evaluate(VIEW_JS)
    page.locator("svg.ps-map .d a").first.focus()
    before = page.evaluate(centre)
    page.keyboard.press("ArrowRight")
    page.evaluate(VIEW_JS)
    assert page.evaluate("() => document.activeElement.closest('.d') !== null")
    assert page.evaluate(centre) > before
    # A first tap names a dot and does not open it; a second tap opens it.
    tap = """index => { const link = document.querySelectorAll('svg.ps-map .d a')[index];
      link.dispatchEvent(new PointerEvent('pointerdown', {pointerType: 'touch', bubbles: true}));
      link.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true})); }"""
    url = page.url
    page.evaluate(tap, 3)
    page.evaluate(VIEW_JS)
    assert page.url == url
    assert page.text_content(".ps-map-name") == page.text_content("svg.ps-map .d a:nth-child(4) title")
    page.evaluate(tap, 3)
    page.wait_for_url(lambda address: address != url)
    assert requests.failures == []


def test_lit_up_dots_are_drawn_larger_and_zoom_goes_to_them(bundled_offline_site, chromium):
    context, requests = chromium
    page = context.new_page()
    page.goto((bundled_offline_site / "tags" / "topic-map.html").as_uri())
    page.locator("svg.ps-map").scroll_into_view_if_needed()
    dots = page.evaluate("""() => [...document.querySelectorAll('svg.ps-map .d a')].map(link => {
      const box = link.lastElementChild.getBBox();
      return [link.querySelector('title').textContent, box.x + box.width / 2, box.y + box.height / 2]; })""")
    # A dot far from the middle of the map, by a word no other title has.
    words = [set(re.findall(r"[a-z]{6,}", title.lower())) for title, _, _ in dots]
    word = next(word for title_words, (_, x, y) in zip(words, dots)
                if abs(x - 500) > 200 or abs(y - 350) > 150
                for word in sorted(title_words) if sum(word in other for other in words) == 1)
    page.fill(".ps-map-search", word)
    sizes = page.evaluate("""async () => {
      await new Promise(resolve => requestAnimationFrame(resolve));
      return [...document.querySelectorAll('svg.ps-map .d a')].map(link =>
        [link.classList.contains('ps-hit'), link.lastElementChild.getBoundingClientRect().width]); }""")
    assert sum(hit for hit, _ in sizes) == 1
    assert min(size for hit, size in sizes if hit) >= max(size for hit, size in sizes if not hit)
    for _ in range(6):  # 16.8×: the lit-up dot is in view, near the middle
        page.click("[data-zoom=in]")
    page.evaluate(VIEW_JS)
    place = page.evaluate("""() => { const svg = document.querySelector('svg.ps-map'), frame = svg.getBoundingClientRect();
      const box = svg.querySelector('a.ps-hit').lastElementChild.getBoundingClientRect();
      return [(box.x + box.width / 2 - frame.left) / frame.width, (box.y + box.height / 2 - frame.top) / frame.height]; }""")
    assert 0.1 < place[0] < 0.9 and 0.1 < place[1] < 0.9, place
    assert requests.failures == []
