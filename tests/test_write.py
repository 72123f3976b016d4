"""Safe writes: only papersite's own folders, swapped in whole, unchanged files left alone."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from papersite.errors import GeneratorError
from papersite.write import MARKER, write_pages

PAGES = {"papers/a.md": "A", "papers/b.md": "B", "tags/index.md": "T"}


def test_first_write_creates_marked_folders(tmp_path):
    report = write_pages(PAGES, tmp_path)
    assert (report.written, report.unchanged, report.removed) == (3, 0, 0)
    assert (tmp_path / "papers" / "a.md").read_text() == "A"
    assert (tmp_path / "papers" / MARKER).exists() and (tmp_path / "tags" / MARKER).exists()


def test_unchanged_input_rewrites_nothing(tmp_path):
    write_pages(PAGES, tmp_path)
    old = {p: os.stat(tmp_path / p).st_mtime_ns for p in PAGES}
    old_inode = os.stat(tmp_path / "papers").st_ino
    report = write_pages(PAGES, tmp_path)
    assert (report.written, report.unchanged) == (0, 3)
    assert {p: os.stat(tmp_path / p).st_mtime_ns for p in PAGES} == old
    assert os.stat(tmp_path / "papers").st_ino == old_inode


def test_one_change_rewrites_one_file_and_removes_stale_ones(tmp_path):
    write_pages(PAGES, tmp_path)
    before = os.stat(tmp_path / "papers" / "a.md").st_mtime_ns
    report = write_pages({"papers/a.md": "A", "papers/c.md": "C", "tags/index.md": "T"}, tmp_path)
    assert (report.written, report.unchanged, report.removed) == (1, 2, 1)
    assert os.stat(tmp_path / "papers" / "a.md").st_mtime_ns == before
    assert not (tmp_path / "papers" / "b.md").exists()


def test_a_folder_papersite_did_not_make_is_refused(tmp_path):
    (tmp_path / "papers").mkdir()
    (tmp_path / "papers" / "mine.md").write_text("my notes")
    with pytest.raises(GeneratorError, match="papers: exists but was not made by papersite"):
        write_pages(PAGES, tmp_path)
    assert (tmp_path / "papers" / "mine.md").read_text() == "my notes"
    assert not (tmp_path / "tags").exists()


def test_hand_written_files_beside_generated_folders_are_untouched(tmp_path):
    (tmp_path / "index.md").write_text("hand-written")
    write_pages(PAGES, tmp_path)
    write_pages({"papers/z.md": "Z", "tags/index.md": "T2"}, tmp_path)
    assert (tmp_path / "index.md").read_text() == "hand-written"


def test_interrupted_write_leaves_previous_pages_then_next_run_completes(tmp_path, monkeypatch):
    write_pages(PAGES, tmp_path)
    calls = {"n": 0}
    real_write_text = Path.write_text

    def write_then_interrupt(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real_write_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_then_interrupt)
    new_pages = {"papers/a.md": "A2", "papers/b.md": "B2", "papers/c.md": "C2", "tags/index.md": "T"}
    with pytest.raises(KeyboardInterrupt):
        write_pages(new_pages, tmp_path)
    monkeypatch.undo()
    assert {p.name for p in (tmp_path / "papers").glob("*.md")} == {"a.md", "b.md"}
    assert (tmp_path / "papers" / "a.md").read_text() == "A"
    write_pages(new_pages, tmp_path)
    assert (tmp_path / "papers" / "c.md").read_text() == "C2"
    assert not list(tmp_path.glob(".papers.papersite-*"))


def test_a_swap_stopped_between_its_renames_is_recovered(tmp_path, monkeypatch):
    write_pages(PAGES, tmp_path)
    real_rename = Path.rename

    def rename_once_then_fail(self, target):
        if Path(target).name == "papers":
            raise KeyboardInterrupt
        return real_rename(self, target)

    monkeypatch.setattr(Path, "rename", rename_once_then_fail)
    with pytest.raises(KeyboardInterrupt):
        write_pages({**PAGES, "papers/a.md": "A2"}, tmp_path)
    monkeypatch.undo()
    assert not (tmp_path / "papers").exists()  # the old folder was retired, the new one not in
    write_pages(PAGES, tmp_path)
    assert (tmp_path / "papers" / "a.md").read_text() == "A"
