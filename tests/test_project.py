"""papersite works outside this repository: `papersite new DIR` writes a project that plain
MkDocs builds, and a list builds in a folder that has no project (generator/project.py)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import REPO, paper_pages

from papersite.cli import main
from papersite.project import TEMPLATE

pytest_plugins = ["browser"]  # the fixtures chromium and static_server
MKDOCS = REPO / ".venv" / "bin" / "mkdocs"


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("PAPERSITE_QUIET", "1")


def test_the_template_is_this_repositorys_own_project():
    # What `papersite new` writes is what this repository builds and tests.
    for name in ("mkdocs.yml", "mkdocs-offline.yml", "site_src/index.md"):
        assert (TEMPLATE / name).read_text(encoding="utf-8") == \
            (REPO / name).read_text(encoding="utf-8"), name


def test_new_writes_a_project_mkdocs_builds_strictly(tmp_path, private_cache, chromium,
                                                      static_server, capsys):
    project = tmp_path / "my-conference"
    assert main(["new", str(project)]) == 0
    assert "mkdocs serve" in capsys.readouterr().out
    for name in ("mkdocs.yml", "site_src/index.md", "abstracts/example.txt", "README.md",
                 ".github/workflows/pages.yml", "requirements.txt", "theme_overrides"):
        assert (project / name).exists(), name
    # Material's end-of-life notice, which `mkdocs build` prints, is explained in the project.
    readme = (project / "README.md").read_text(encoding="utf-8")
    assert "end of life" in readme and "NO_MKDOCS_2_WARNING=1" in readme
    # No --site-name: the site is named after the list's header, "Example 2026 paper list".
    assert "site_name: papersite" in (project / "mkdocs.yml").read_text(encoding="utf-8")
    result = subprocess.run([str(MKDOCS), "build", "--strict"], cwd=project, capture_output=True,
                            text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr
    site = project / "site"
    assert len(paper_pages(site)) == 2
    # The example's papers are filed where a researcher would look for them.
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    areas = {record["title"].split(":")[0]: record["tags"]["area"] for record in records}
    assert areas == {"StripeCount": ["Computer vision"], "ResScale": ["Graph learning"]}
    context, requests = chromium
    base = static_server(site)
    page = context.new_page()
    page.goto(base)
    page.wait_for_selector("h1")
    # Styled by Material and papersite's templates from the package, nothing from elsewhere.
    assert page.eval_on_selector("header.md-header", "h => getComputedStyle(h).position") in (
        "sticky", "fixed")
    page.locator(".md-tabs__link", has_text="Papers").click()
    page.locator("a", has_text="StripeCount").first.click()
    page.wait_for_selector("h1")
    assert "StripeCount" in page.inner_text("h1")
    assert page.title().endswith(" - Example 2026")
    assert page.locator(".md-header__topic").first.inner_text().strip() == "Example 2026"
    assert requests.leaving(scheme="http", netloc=urlsplit(base).netloc) == []
    assert requests.failures == []


def test_new_with_a_site_name_keeps_it(tmp_path):
    assert main(["new", str(tmp_path / "site"), "--site-name", "Reading group"]) == 0
    assert "site_name: Reading group" in (tmp_path / "site" / "mkdocs.yml").read_text(encoding="utf-8")


def test_new_refuses_a_folder_that_has_files(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["new", str(tmp_path)]) == 1
    assert "not an empty folder" in capsys.readouterr().err
    assert [path.name for path in tmp_path.iterdir()] == ["notes.txt"]


def test_build_names_the_site_as_told(tmp_path, private_cache, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "colm.jsonl").write_text(json.dumps({"abstract": "We propose FooNet, a network "
                                                     "for foo images, and test it on CIFAR-10."}) + "\n")
    assert main(["build", "colm.jsonl", "--site-name", "COLM <2024>", "--quiet"]) == 0
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "<title>Home - COLM &lt;2024&gt;</title>" in home and "<2024>" not in home


def test_a_list_builds_where_there_is_no_project(tmp_path, private_cache, monkeypatch):
    folder = tmp_path / "empty"
    folder.mkdir()
    part = sorted((REPO / "abstracts").iterdir())[0]
    (folder / "list.txt").write_text(part.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(folder)
    assert main(["build", "list.txt", "--quiet"]) == 0
    assert sorted(path.name for path in folder.iterdir()) == ["list.txt", "site"]
    assert len(paper_pages(folder / "site")) > 10


def test_version_and_module_entry_point():
    result = subprocess.run([str(REPO / ".venv" / "bin" / "python"), "-m", "papersite",
                             "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("papersite ")
    assert Path(REPO / "LICENSE").is_file()
