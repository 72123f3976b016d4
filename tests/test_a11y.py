"""Accessibility: axe-core (WCAG 2 A/AA rules) finds no serious or critical violation on any page
type of the site, light and dark, at 1280 and 375 px wide, in headless Chromium.

Material's own parts are checked too: papersite's stylesheet and scripts mend what Material lets
a project override (the search dialog's name, the tabs' and footer's contrast).
"""

from __future__ import annotations

import json
from pathlib import Path

import axe_playwright_python
import pytest

pytest_plugins = ["browser"]  # the fixtures chromium and static_server

AXE = Path(axe_playwright_python.__file__).parent / "axe.min.js"
WIDTHS = ({"width": 1280, "height": 900}, {"width": 375, "height": 812})
SERIOUS = ("serious", "critical")


def _pages(site: Path) -> dict[str, str]:
    """Return a site-relative URL of every page type, by name."""
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    paper = next(r for r in records if "$" in r["abstract"] and r["related"])
    topic = paper["tags"]["topic"][0]
    tag_page = next(path.parent.relative_to(site).as_posix() + "/"
                    for path in (site / "tags").glob("*/index.html")
                    if f"<h1>{topic}</h1>" in path.read_text(encoding="utf-8"))
    return {"home": "", "papers": "papers/", "paper": paper["url"], "tags": "tags/",
            "tag": tag_page, "map": "tags/topic-map/", "my-list": "papers/my-list/",
            "404": "no-such-page/"}


def _violations(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {node['target']} {node.get('failureSummary', '')[:160]}"
            for v in result["violations"] if v["impact"] in SERIOUS for node in v["nodes"][:3]]


def _use_scheme(page, scheme: str) -> None:
    for _ in range(2):
        if page.locator(f"body[data-md-color-scheme='{scheme}']").count():
            break
        page.locator("form[data-md-component='palette'] label:visible").first.click()
    page.wait_for_selector(f"body[data-md-color-scheme='{scheme}']")


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_no_serious_violation_on_any_page_type(bundled_hosted_site, chromium, static_server, scheme):
    site = bundled_hosted_site
    context, _ = chromium
    base = static_server(site, site / "404.html")
    page = context.new_page()
    page.goto(base)
    _use_scheme(page, scheme)  # Material keeps the choice for the following pages
    found = []
    for name, url in _pages(site).items():
        for size in WIDTHS:
            page.set_viewport_size(size)
            page.goto(base + url)
            page.wait_for_selector("article")
            found += [f"{name} {size['width']}: {v}" for v in _violations(page)]
    # Search results, and the keys' help dialog (over a paper page).
    for size in WIDTHS:
        page.set_viewport_size(size)
        page.goto(base)
        page.keyboard.press("/")
        page.keyboard.type("diffusion")
        page.locator(".md-search-result__item").first.wait_for()
        page.wait_for_timeout(500)  # results fade in: judged as a reader sees them
        found += [f"search {size['width']}: {v}" for v in _violations(page)]
        page.goto(base + _pages(site)["paper"])
        page.keyboard.press("?")
        page.locator("dialog.ps-help").wait_for()
        found += [f"help {size['width']}: {v}" for v in _violations(page)]
    assert found == [], "\n".join(found)
