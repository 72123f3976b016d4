"""A rebuild recycles the unchanged pages of the site it replaces, and leaves no stale page."""

from __future__ import annotations

import shutil

from conftest import BUNDLED, REPO

from papersite.cli import main, private_permalinks_path
from papersite.site_folder import spare_for


def build(inputs, site) -> None:
    assert main(["build", str(inputs), "--site-dir", str(site), "--quiet"]) == 0


def pages(site) -> dict:
    return {p.relative_to(site): p.read_bytes() for p in site.rglob("*.html")}


def inodes(folder) -> set[int]:
    return {p.stat().st_ino for p in folder.rglob("*.html")}


def test_a_rebuild_moves_unchanged_pages_from_the_spare_and_drops_removed_ones(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    inputs = tmp_path / "lists"
    shutil.copytree(BUNDLED, inputs)
    site = tmp_path / "site"
    build(inputs, site)
    build(inputs, site)  # the first site is now the spare
    spare_pages = inodes(spare_for(site))
    # One abstract gone, another edited: their pages and the lists showing them change.
    part = sorted(inputs.iterdir())[0]
    header, _, body = part.read_text(encoding="utf-8").partition("\n\n")
    first, _, rest = body.partition("\n\n")
    second, _, rest = rest.partition("\n\n")
    part.write_text(f"{header}\n\n{second.replace('.', '. We also edited it.', 1)}\n\n{rest}",
                    encoding="utf-8")
    build(inputs, site)
    moved = inodes(site) & spare_pages
    assert len(moved) > len(spare_pages) / 2  # most pages were moved, not written again
    fresh = tmp_path / "fresh"
    kept = private_permalinks_path(site).read_text(encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "fresh-cache"))
    # Fresh: no cache, no earlier site; the URLs the project keeps are the project's, as its
    # lists are (the removed abstract's URL says it left).
    private_permalinks_path(fresh).parent.mkdir(parents=True, exist_ok=True)
    private_permalinks_path(fresh).write_text(kept, encoding="utf-8")
    build(inputs, fresh)
    assert pages(site) == pages(fresh)  # nothing stale, nothing missing, every byte the same
