"""The site as a researcher uses it, in headless Chromium: home chart, search, tags, topic map.

Builds the bundled abstracts once (hosted layout), serves the site on 127.0.0.1 and reads it like
a reader would. Screenshots at 1280 and 375 px wide go to screenshots/ (git-ignored) for people
to look at: home, paper page (light and dark), tag page, topic map, search results.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from conftest import REPO
from playwright.sync_api import expect

pytest_plugins = ["browser"]  # the fixtures chromium and static_server

SCREENSHOTS = REPO / "screenshots"
WIDE, NARROW = {"width": 1280, "height": 900}, {"width": 375, "height": 812}
METHOD_NAME = "ToMAToMP"


@pytest.fixture
def site(bundled_hosted_site) -> Path:
    """The hosted build of the bundled abstracts, as `make site` makes it."""
    SCREENSHOTS.mkdir(exist_ok=True)
    return bundled_hosted_site


@pytest.fixture
def browse(site, chromium, static_server):
    """Return (page, base URL) of the served site in a fresh Chromium page."""
    context, _ = chromium
    base = static_server(site, site / "404.html")
    return context.new_page(), base


def _records(site: Path) -> list[dict]:
    return json.loads((site / "papers.json").read_text(encoding="utf-8"))


def _shoot(page, name: str, full_page: bool = False) -> None:
    """Save the page at both widths: `name-1280.png` and `name-375.png`."""
    for size in (WIDE, NARROW):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)  # let Material re-lay out the header and drawer
        page.screenshot(path=SCREENSHOTS / f"ui-{name}-{size['width']}.png", full_page=full_page)
    page.set_viewport_size(WIDE)


def _switch_palette(page, scheme: str) -> None:
    """Click Material's light/dark toggle until the page shows `scheme`."""
    for _ in range(2):
        if page.locator(f"body[data-md-color-scheme='{scheme}']").count():
            return
        page.locator("form[data-md-component='palette'] label:visible").first.click()
    page.wait_for_selector(f"body[data-md-color-scheme='{scheme}']")


def test_home_page_shows_the_collection_and_its_chart(site, browse):
    page, base = browse
    page.goto(base)
    assert "NeurIPS 2026" in page.locator("article h1").first.inner_text()
    assert "37 papers" in page.locator(".ps-lead").inner_text()
    chart = page.locator("svg.ps-chart")
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box["width"] > 250 and box["height"] > 30
    bars = page.locator("svg.ps-chart rect")
    assert bars.count() >= 2
    assert all(bars.nth(i).bounding_box()["width"] > 0 for i in range(bars.count()))
    for label in ("All papers", "Topic map", "Tags", "Search"):
        assert page.locator(".ps-ways", has_text=label).count() == 1
    _shoot(page, "home", full_page=True)


def test_search_lists_the_paper_naming_the_method_first_and_opens_it(site, browse):
    page, base = browse
    record = next(r for r in _records(site) if METHOD_NAME in r["title"])
    page.goto(base)
    page.keyboard.press("/")
    page.keyboard.type(METHOD_NAME)
    first = page.locator(".md-search-result__item").first
    # Waits for the answer to the whole name: results of the first letters show meanwhile.
    expect(first).to_contain_text(METHOD_NAME)
    _shoot(page, "search")
    first.locator("a").first.click()
    page.wait_for_url(f"**/{record['url']}*")  # search.highlight adds ?h=…
    assert METHOD_NAME in page.locator(".ps-title").inner_text()


def test_a_tag_chip_opens_its_tag_page(site, browse):
    page, base = browse
    record = next(r for r in _records(site) if METHOD_NAME in r["title"])
    page.goto(base + record["url"])
    chip = page.locator(".ps-tags a").first
    name = chip.inner_text().strip()
    target = urljoin(page.url, chip.get_attribute("href"))
    chip.click()
    page.wait_for_url(target)
    assert page.locator("article h1").inner_text().strip() == name
    assert page.locator(f"article a[href='../../{record['url']}']").count() == 1
    _shoot(page, "tag", full_page=True)


def test_a_dot_on_the_topic_map_opens_its_paper(site, browse):
    page, base = browse
    page.goto(base + "tags/topic-map/")
    dots = page.locator("svg.ps-map a")
    assert dots.count() == len(_records(site))
    assert page.locator("svg.ps-map a title").count() == dots.count()
    assert page.locator(".ps-legend a").count() >= 2
    _shoot(page, "map")
    # A dot another dot does not cover: the one the reader's click really reaches.
    point = page.evaluate("""() => {
        for (const link of document.querySelectorAll('svg.ps-map a')) {
            const box = link.querySelector('circle').getBoundingClientRect();
            const x = box.x + box.width / 2, y = box.y + box.height / 2;
            if (document.elementFromPoint(x, y)?.closest('a') === link)
                return {x, y, href: link.getAttribute('href'), title: link.querySelector('title').textContent};
        }
    }""")
    assert point, "every dot is covered by another"
    page.mouse.click(point["x"], point["y"])
    page.wait_for_url(urljoin(base + "tags/topic-map/", point["href"]))
    title = page.locator(".ps-title").inner_text()
    assert title.split()[0] in point["title"]


def test_paper_pages_fit_a_phone_screen(site, browse):
    page, base = browse
    page.set_viewport_size(NARROW)
    wide = []
    for record in _records(site):
        page.goto(base + record["url"])
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            wide.append(f"{record['url']}: {overflow} px too wide")
    assert not wide, "\n".join(wide)


def test_paper_page_reads_well_in_light_and_dark(site, browse):
    page, base = browse
    record = next(r for r in _records(site) if re.search(r"\$", r["abstract"]) and r["related"])
    page.goto(base + record["url"])
    assert page.locator(".ps-related li").count() == len(record["related"])
    assert page.locator(".ps-pager a").count() >= 1
    _switch_palette(page, "default")
    _shoot(page, "paper-light", full_page=True)
    _switch_palette(page, "slate")
    _shoot(page, "paper-dark", full_page=True)
    code = next(r for r in _records(site) if "anonymous.4open.science" in r["abstract"])
    page.goto(base + code["url"])
    assert page.locator(".ps-code").first.get_attribute("href").startswith("https://anonymous.4open.science/")


def test_404_page_is_styled_and_finds_a_paper_by_its_id_without_a_site_url(site, chromium,
                                                                          static_server):
    # Published under a sub-path (a project's GitHub Pages) with no site_url set: the 404 page
    # still has its styles, and an address whose words changed sends the reader to its paper.
    context, _ = chromium
    base = static_server(site.parent, not_found_page=site / "404.html")
    page = context.new_page()
    response = page.goto(f"{base}{site.name}/papers/no-such-paper-ffffff/")
    assert response.status == 404
    assert page.eval_on_selector("header.md-header", "h => getComputedStyle(h).position") in (
        "sticky", "fixed")
    page.goto(f"{base}{site.name}/papers/old-title-words-d7c6df/#abstract")
    page.wait_for_url(f"{base}{site.name}/papers/anchorrep-shared-internal-representation-"
                      "geometry-d7c6df/#abstract")
    _shoot(page, "404-moved")
