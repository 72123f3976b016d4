"""A project from `papersite new`, generated with `papersite generate`, built by each builder.

MkDocs 1.6 and ProperDocs (with Material, the papersite plugin listed) and Zensical (which runs
no plugin of papersite's: only the generated files) each build the bundled list, hosted and for
reading from disk; headless Chromium then reads a paper page, a tag page, the home page, the
search page and the offline folder. One build of each kind per builder, shared by the tests.
Screenshots of the same paper page and home page go to screenshots/builders/ (git-ignored).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browsing import CONTROLS, scroll_to_the_end
from conftest import BUNDLED, REPO
from sitecheck import broken_links, external_resources

from papersite.cli import main

pytest_plugins = ["browser"]  # the fixtures chromium and static_server

BUILDERS = {"mkdocs": "mkdocs", "properdocs": "properdocs", "zensical": "zensical"}
"""Each builder's module, run as `python -m <module> build -f <config>`."""
SCREENSHOTS = REPO / "screenshots" / "builders"
COINED = "RPKD"  # a name the bundled list's knowledge-distillation paper coins
PHRASE = "frozen prototype vectors"  # words of that paper's abstract, side by side


def _build(root: Path, builder: str, config: str) -> None:
    """Generate the files for `config` in process, then build with the builder's own command."""
    monkey = pytest.MonkeyPatch()
    monkey.setenv("XDG_CACHE_HOME", str(root.parent / "cache"))
    monkey.setenv("PAPERSITE_QUIET", "1")
    monkey.delenv("SITE_URL", raising=False)
    monkey.chdir(root)
    try:
        assert main(["generate", "--config", config, "--quiet"]) == 0
        command = [sys.executable, "-m", BUILDERS[builder], "build", "-f", config]
        done = subprocess.run(command, cwd=root, env=dict(os.environ), capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
    finally:
        monkey.undo()


@pytest.fixture(scope="module", params=list(BUILDERS))
def project(request, tmp_path_factory) -> Path:
    """A new project holding the bundled list, built hosted (site/) and offline (site-offline/)
    by one builder, after `papersite generate` for each."""
    builder = request.param
    if importlib.util.find_spec(BUILDERS[builder]) is None:
        pytest.skip(f"{builder} is not installed (pip install -e '.[test]')")
    root = tmp_path_factory.mktemp("builders") / builder
    assert main(["new", str(root)]) == 0
    for example in (root / "abstracts").iterdir():
        example.unlink()
    for part in BUNDLED.iterdir():
        shutil.copy(part, root / "abstracts" / part.name)
    _build(root, builder, "mkdocs.yml")
    _build(root, builder, "mkdocs-offline.yml")
    return root


def _paper(root: Path, title_start: str) -> dict:
    """Return a paper's record from the generated papers.json (the offline build's, last)."""
    papers = json.loads((root / "site_src" / "papers.json").read_text(encoding="utf-8"))
    return next(paper for paper in papers if paper["title"].startswith(title_start))


def _shot(page, builder: str, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{builder}-{name}.png"), full_page=True)


def test_sites_are_whole_and_load_nothing_from_outside(project):
    for site in (project / "site", project / "site-offline"):
        assert (site / "papers.json").is_file() and (site / "papers" / "facets.js").is_file()
        assert (site / "papers" / "browse.js").is_file() and (site / "papers" / "browse-0.js").is_file()
        assert (site / "search" / "papersite" / "manifest.json").is_file() or \
            (site / "search" / "papersite" / "manifest.js").is_file()
        assert external_resources(site) == []
    assert broken_links(project / "site-offline") == []


def test_paper_page(project, chromium, static_server):
    context, requests = chromium
    page = context.new_page()
    base = static_server(project / "site")
    paper = _paper(project, f"{COINED}:")
    page.goto(base + paper["url"].replace(".html", "/"))
    assert page.locator("h1").first.inner_text().startswith("RPKD: Random Prototype")
    # The gist: the page's description (and og:description), as a shared link previews it.
    gist = page.locator('meta[name="description"]').get_attribute("content")
    assert gist.startswith("We propose RPKD") and gist == paper["gist"]
    assert page.locator(".ps-tags a", has_text="Knowledge distillation").count() == 1
    assert page.locator("math").first.bounding_box()["height"] > 5  # typeset, shown
    assert page.locator(".ps-related a").count() >= 1
    assert page.locator(".ps-mention").count() >= 1
    _shot(page, project.name, "paper")
    assert requests.failures == []


def test_tag_page(project, chromium, static_server):
    context, _ = chromium
    page = context.new_page()
    base = static_server(project / "site")
    page.goto(base + "tags/knowledge-distillation/")
    assert page.locator("h1").first.inner_text() == "Knowledge distillation"
    assert page.locator("a", has_text="RPKD: Random Prototype").count() >= 1


def test_home_page_is_named_after_the_list(project, chromium, static_server):
    context, _ = chromium
    page = context.new_page()
    page.goto(static_server(project / "site"))
    assert "NeurIPS 2026" in page.title()
    assert "NeurIPS 2026" in page.locator(".md-header").inner_text()
    assert page.locator(".ps-chart").is_visible()
    assert page.locator(".ps-home-topics a").count() >= 1
    _shot(page, project.name, "home")


def test_papers_page_lists_every_paper(project, chromium, static_server):
    """The list's data comes out of `papersite generate` too: every builder shows every paper."""
    context, requests = chromium
    page = context.new_page()
    page.goto(static_server(project / "site") + "papers/")
    page.wait_for_selector(CONTROLS)
    seen, _ = scroll_to_the_end(page)
    papers = json.loads((project / "site" / "papers.json").read_text(encoding="utf-8"))
    assert len(seen) == len(papers) > 30
    assert requests.failures == []


def _first_results(page, query: str) -> list[str]:
    """Type a query into the search page; return the result links' addresses."""
    page.fill(".ps-search-input", query)
    page.wait_for_function("query => document.querySelector('.ps-search-count').textContent "
                           "&& new URL(location.href).searchParams.get('q') === query", arg=query)
    page.wait_for_selector(".ps-search-results a")
    return page.eval_on_selector_all(".ps-search-results li > a", "links => links.map(a => a.href)")


def test_search_finds_a_paper_by_its_name_and_by_a_phrase(project, chromium, static_server):
    context, requests = chromium
    page = context.new_page()
    base = static_server(project / "site")
    page.goto(base + "papers/search/")
    url = _paper(project, f"{COINED}:")["url"].replace(".html", "/")
    assert _first_results(page, COINED)[0] == base + url
    assert _first_results(page, f'"{PHRASE}"')[0] == base + url
    assert requests.failures == []


def test_offline_site_opened_from_disk(project, chromium):
    context, requests = chromium
    page = context.new_page()
    site = project / "site-offline"
    page.goto((site / "index.html").as_uri())
    assert page.locator(".ps-chart").is_visible()
    paper = _paper(project, f"{COINED}:")
    page.goto((site / paper["url"]).as_uri())
    assert page.locator("math").first.bounding_box()["height"] > 5
    page.goto((site / "papers" / "search.html").as_uri())
    results = _first_results(page, COINED)
    assert urlsplit(results[0]).path.endswith(paper["url"])
    assert requests.leaving(scheme="file") == []
    assert requests.failures == []
