"""Whole-pipeline runs on a real conference list (ICLR 2024), when ../shared/data is present."""

from __future__ import annotations

import json

import pytest
from conftest import REPO, paper_pages, shared_data_file
from sitecheck import broken_links

from papersite.cli import main
from papersite.parse import parse_inputs
from papersite.text import plain_text


@pytest.fixture
def build(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def run(source) -> tuple[int, object]:
        site = tmp_path / "site"
        return main(["build", str(source), "--site-dir", str(site), "--quiet"]), site

    return run


def test_iclr_list_layout_builds_2260_pages_with_no_broken_link(build):
    code, site = build(shared_data_file("iclr2024.txt"))
    assert code == 0
    assert len(paper_pages(site)) == 2260
    assert broken_links(site) == []


def test_iclr_records_keep_their_given_titles_and_list_related_ids(build):
    source = shared_data_file("iclr2024.jsonl")
    code, site = build(source)
    assert code == 0
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    given = {a.id: a.title for a in parse_inputs([source]).abstracts}
    assert len(records) == 2260 == len(paper_pages(site))
    assert all(r["title_source"] == "given" for r in records)
    # The given title, with math and TeX as readable text and runs of spaces collapsed.
    assert all(r["title"] == plain_text(given[r["id"]]) for r in records)
    assert all(len(r["related"]) <= 5 and r["id"] not in r["related"] for r in records)
    assert sum(len(r["related"]) == 5 for r in records) >= 2100  # fewer only where none is close (2148)
