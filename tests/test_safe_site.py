"""An interrupted or failed build leaves the previous site and pages as they were."""

from __future__ import annotations

import pytest
from conftest import REPO
from mkdocs.commands import build as mkdocs_build

from papersite.cli import main


@pytest.fixture
def site(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    path = tmp_path / "site"
    assert main(["build", "--site-dir", str(path), "--quiet"]) == 0
    return path


def snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_build_interrupted_while_writing_pages_keeps_the_previous_site(site, monkeypatch):
    before = snapshot(site)
    real_build_page = mkdocs_build._build_page
    calls = {"n": 0}

    def build_then_interrupt(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:  # MkDocs renders only a few pages itself (see fastpages.py)
            raise KeyboardInterrupt
        return real_build_page(*args, **kwargs)

    monkeypatch.setattr(mkdocs_build, "_build_page", build_then_interrupt)
    assert main(["build", "--site-dir", str(site), "--quiet"]) == 130
    assert snapshot(site) == before
    assert not list(site.parent.glob(".site.papersite-*"))
    monkeypatch.undo()
    monkeypatch.chdir(REPO)
    assert main(["build", "--site-dir", str(site), "--quiet"]) == 0


def test_a_folder_that_is_not_a_built_site_is_never_replaced(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(REPO)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    assert main(["build", "--site-dir", str(mine), "--quiet"]) == 1
    assert "does not look like a built site" in capsys.readouterr().err
    assert (mine / "notes.txt").read_text() == "keep me"


def test_hand_written_pages_survive_generation_into_the_docs_folder(tmp_path, monkeypatch):
    docs = tmp_path / "docs"
    for name in ("index.md", "notes.md"):
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(f"# {name}\n\n<!-- papersite:overview -->\n")
    config = tmp_path / "mkdocs.yml"
    config.write_text((REPO / "mkdocs.yml").read_text().replace("docs_dir: site_src", f"docs_dir: {docs}")
                      .replace("custom_dir: theme_overrides", f"custom_dir: {REPO / 'theme_overrides'}")
                      .replace("inputs: [abstracts]", f"inputs: [{REPO / 'abstracts'}]"))
    monkeypatch.chdir(tmp_path)
    assert main(["build", "--config", str(config), "--quiet"]) == 0
    assert (docs / "notes.md").read_text().startswith("# notes.md")
    assert len(list((docs / "papers").glob("*.md"))) > 37
