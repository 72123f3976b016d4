"""Offline and hosted sites load nothing from the internet; every link resolves; Pages works.

Builds the bundled abstracts three ways (offline, hosted, hosted under a GitHub Pages sub-path),
checks their links and resources statically, then reads them in headless Chromium: from disk
(file:// URLs) and from a server on 127.0.0.1, recording every request the browser makes.
Screenshots go to screenshots/ (git-ignored).
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import yaml
from browsing import search_list
from conftest import REPO, build_bundled
from sitecheck import broken_links, external_resources, read_links

pytest_plugins = ["browser"]  # the fixtures chromium and static_server

SCREENSHOTS = REPO / "screenshots"
PAGES_SITE_URL = "https://example.github.io/papersite/"
# A `url(...)` or `@import` in CSS (or inline styles) that reaches outside the site.
_EXTERNAL_CSS = re.compile(r"""(?:@import\s+(?:url\()?|url\()\s*['"]?\s*(?:https?:)?//""", re.I)


@pytest.fixture
def offline_site(bundled_offline_site) -> Path:
    """`papersite build --offline` of the bundled abstracts: site-offline/ and its zip."""
    return bundled_offline_site


@pytest.fixture
def hosted_site(bundled_hosted_site) -> Path:
    """The hosted build of the bundled abstracts, as `make site` makes it (no site_url)."""
    return bundled_hosted_site


@pytest.fixture(scope="module")
def pages_root(tmp_path_factory) -> Path:
    """A GitHub Pages host: the site, built with SITE_URL, under the sub-path /papersite/."""
    root = tmp_path_factory.mktemp("pages")
    build_bundled(root, ["--site-dir", str(root / "www" / "papersite")], site_url=PAGES_SITE_URL)
    return root / "www"


def _external_css(site: Path) -> list[str]:
    """Return the stylesheets and pages whose CSS imports or points at an outside URL."""
    return [
        f"{path.relative_to(site)}: {match.group(0)}"
        for path in sorted(site.rglob("*"))
        if path.suffix in (".css", ".html")
        for match in _EXTERNAL_CSS.finditer(path.read_text(encoding="utf-8"))
    ]


# --- static checks -------------------------------------------------------------------------------


@pytest.mark.parametrize("build", ["offline_site", "hosted_site"])
def test_every_internal_link_and_anchor_resolves(build, request):
    assert broken_links(request.getfixturevalue(build)) == []


@pytest.mark.parametrize("build", ["offline_site", "hosted_site"])
def test_no_script_style_font_or_image_from_outside(build, request):
    site = request.getfixturevalue(build)
    assert external_resources(site) == []
    assert _external_css(site) == []


def test_offline_zip_holds_the_site(offline_site):
    archive = offline_site.with_name("site-offline.zip")
    with zipfile.ZipFile(archive) as opened:
        names = {name for name in opened.namelist() if not name.endswith("/")}
    assert {"index.html", "search/search_index.js"} <= names
    files = {path.relative_to(offline_site).as_posix() for path in offline_site.rglob("*")
             if path.is_file()}
    assert names == files


def test_offline_links_name_files_not_folders(offline_site):
    # From disk a link to a folder shows a directory listing, not the folder's index.html.
    folder_links = []
    for page in offline_site.rglob("*.html"):
        for href in read_links(page).hrefs:
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//") or not parts.path:
                continue
            if parts.path.endswith("/") or (page.parent / parts.path).is_dir():
                folder_links.append(f"{page.relative_to(offline_site)}: {href}")
    assert folder_links == []


def test_offline_site_loads_the_search_shim_from_itself(offline_site):
    home = read_links(offline_site / "index.html")
    assert "assets/javascripts/iframe-worker-shim.js" in home.sources


def test_404_page_under_a_pages_sub_path_links_its_assets_there(pages_root):
    site = pages_root / "papersite"
    links = read_links(site / "404.html")
    internal = [url for url in links.hrefs + links.sources if not urlsplit(url).scheme]
    assert internal and all(url.startswith("/papersite/") for url in internal), internal
    # Canonical links name the published address; nothing else may point outside the site.
    assert [r for r in external_resources(site) if f": {PAGES_SITE_URL}" not in r] == []


def test_pages_workflow_builds_abstracts_and_deploys_with_githubs_actions():
    workflow = yaml.safe_load((REPO / ".github" / "workflows" / "pages.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert "main" in triggers["push"]["branches"] and "workflow_dispatch" in triggers
    jobs = workflow["jobs"]
    permissions = {**workflow.get("permissions", {}), **jobs["deploy"].get("permissions", {})}
    assert permissions["pages"] == "write" and permissions["id-token"] == "write"
    steps = [step for job in jobs.values() for step in job["steps"]]
    actions = {step["uses"].split("@")[0] for step in steps if "uses" in step}
    assert {
        "actions/checkout", "actions/setup-python", "actions/configure-pages",
        "actions/upload-pages-artifact", "actions/deploy-pages",
    } <= actions
    assert jobs["deploy"]["environment"]["name"] == "github-pages"
    assert jobs["deploy"]["needs"] == "build"
    # Tests run on every pull request, and before the site is built for deploying.
    assert "pull_request" in triggers and jobs["build"]["needs"] == "test"
    assert "pull_request" in jobs["build"]["if"]
    assert any(".ci/run" in step.get("run", "") for step in jobs["test"]["steps"])
    configure = next(s for s in steps if s.get("uses", "").startswith("actions/configure-pages"))
    build = next(s for s in steps if "make site" in s.get("run", "")
                 or "papersite build" in s.get("run", ""))
    site_url = build["env"]["SITE_URL"]
    assert f"steps.{configure['id']}.outputs.base_url" in site_url and site_url.endswith("/")
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "site"


# --- in Chromium ---------------------------------------------------------------------------------


def _paper_url(site: Path, name: str) -> str:
    """Return the site-relative URL of the one paper whose abstract names the method name."""
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    urls = [record["url"] for record in records if name in record["abstract"]]
    assert len(urls) == 1, f"{len(urls)} abstracts name {name}"
    return urls[0]


def _read_the_site(page, home: str, site: Path, shots: str) -> None:
    """Browse like a reader: nav tab, search, a paper with math, a related paper, a tag."""
    paper = _paper_url(site, "DKT-FDG")
    page.goto(home)
    page.screenshot(path=SCREENSHOTS / f"{shots}-home.png")

    # Every hub page of the nav opens (and is covered by the request log).
    tabs = [urljoin(page.url, href) for href in page.eval_on_selector_all(
        ".md-tabs__link", "links => links.map(link => link.getAttribute('href'))")]
    for tab in tabs[1:]:
        page.goto(tab)
        page.wait_for_selector("article h1")
    page.goto(home)
    page.locator(".md-tabs__link", has_text="Papers").click()
    page.wait_for_url(re.compile(r"/papers/(index\.html)?$"))
    # The list draws the rows in view (its data loaded by script, from disk too): search it.
    search_list(page, "DKT-FDG")
    assert page.locator(f"article a[href='{paper.removeprefix('papers/')}']").count() == 1

    page.goto(home)
    page.keyboard.press("/")
    page.keyboard.type("DKT-FDG")
    result = page.locator(f".md-search-result__item a[href*='{paper}']").first
    result.wait_for()
    page.screenshot(path=SCREENSHOTS / f"{shots}-search.png")
    result.click()
    page.wait_for_url(f"**/{paper}*")
    assert "DKT-FDG" in page.locator("article .ps-abstract").inner_text()

    # A paper whose abstract has formulas (DKT-FDG's has none).
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    page.goto(urljoin(home, next(r["url"] for r in records if "$" in r["abstract"])))
    areas = page.eval_on_selector_all(
        "article .ps-abstract math",
        "all => all.map(m => { const box = m.getBoundingClientRect(); "
        "return box.width * box.height; })",
    )
    assert areas and all(area > 0 for area in areas), "formulas do not render"
    page.screenshot(path=SCREENSHOTS / f"{shots}-paper.png")

    related = page.locator(".ps-related a").first
    target = urljoin(page.url, related.get_attribute("href"))
    related.click()
    page.wait_for_url(target)
    page.wait_for_selector(".ps-title")

    tag = page.locator(".ps-tags a").first
    tag_name = tag.inner_text().strip()
    target = urljoin(page.url, tag.get_attribute("href"))
    assert "/tags/" in target
    tag.click()
    page.wait_for_url(target)
    assert tag_name in page.locator("article h1").inner_text()
    assert page.locator("article a[href*='papers/']").count() >= 1
    page.screenshot(path=SCREENSHOTS / f"{shots}-tag.png")


def test_offline_site_works_from_disk_without_network(offline_site, chromium):
    context, requests = chromium
    SCREENSHOTS.mkdir(exist_ok=True)
    page = context.new_page()
    _read_the_site(page, (offline_site / "index.html").as_uri(), offline_site, "offline")
    assert requests.urls, "no request was recorded: the request log is not attached"
    assert requests.leaving(scheme="file") == []
    assert requests.failures == []


def test_hosted_site_loads_everything_from_its_own_server(hosted_site, chromium, static_server):
    context, requests = chromium
    SCREENSHOTS.mkdir(exist_ok=True)
    base = static_server(hosted_site)
    page = context.new_page()
    _read_the_site(page, base, hosted_site, "hosted")
    assert any(url.endswith("search/search_index.json") for url in requests.urls)
    assert requests.leaving(scheme="http", netloc=urlsplit(base).netloc) == []
    assert requests.failures == []


def test_404_page_works_under_a_pages_sub_path(pages_root, chromium, static_server):
    context, requests = chromium
    SCREENSHOTS.mkdir(exist_ok=True)
    base = static_server(pages_root, not_found_page=pages_root / "papersite" / "404.html")
    page = context.new_page()
    missing = f"{base}papersite/papers/no-such-paper/"
    response = page.goto(missing)
    assert response.status == 404
    page.wait_for_selector("h1")
    # Material's stylesheet applied: the header is a fixed bar, not an unstyled block.
    assert page.eval_on_selector("header.md-header", "h => getComputedStyle(h).position") in (
        "sticky", "fixed")
    page.screenshot(path=SCREENSHOTS / "pages-404.png")
    page.locator(".md-tabs__link", has_text="Tags").click()
    page.wait_for_url(f"{base}papersite/tags/")
    assert requests.leaving(scheme="http", netloc=urlsplit(base).netloc) == []
    assert [failure for failure in requests.failures if not failure.startswith(missing)] == []
