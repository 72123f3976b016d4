"""Pages filled into a captured shell are byte for byte what Material renders in full."""

from __future__ import annotations

import re

import pytest
from conftest import REPO

from papersite import fastpages, workers
from papersite.cli import main


def build(root, monkeypatch, name: str):
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("XDG_CACHE_HOME", str(root / f"cache-{name}"))
    assert main(["build", "--site-dir", str(root / name), "--quiet"]) == 0
    return root / name


@pytest.mark.parametrize("in_workers", [False, True])
def test_shell_filled_pages_equal_full_renders(tmp_path, monkeypatch, in_workers):
    if in_workers:  # the bundled list is small: make every stage use worker processes anyway
        monkeypatch.setattr(workers, "PARALLEL_MIN", 1)
    caches = remember_shell_caches(monkeypatch)
    fast = build(tmp_path, monkeypatch, "fast")
    assert caches[-1].filled > 100  # the shell really was used for most generated pages
    # Material renders every page in MkDocs' own loop: nothing held back, no shell.
    full = build_without_shells(tmp_path, monkeypatch)
    assert caches[-1].filled == 0
    pages = sorted(p.relative_to(fast) for p in fast.rglob("*.html"))
    assert pages == sorted(p.relative_to(full) for p in full.rglob("*.html"))
    different = [str(p) for p in pages if (fast / p).read_bytes() != (full / p).read_bytes()]
    assert different == []


def test_pages_left_unfilled_are_rendered_by_material(tmp_path, monkeypatch):
    # A kind whose shell did not verify: the held-back pages go through MkDocs' page renderer.
    monkeypatch.setattr(fastpages.ShellCache, "poured", lambda self, page: None)
    site = build(tmp_path, monkeypatch, "unfilled")
    full = build_without_shells(tmp_path, monkeypatch)
    pages = sorted(p.relative_to(full) for p in full.rglob("*.html"))
    assert pages == sorted(p.relative_to(site) for p in site.rglob("*.html"))
    assert [str(p) for p in pages if (site / p).read_bytes() != (full / p).read_bytes()] == []


def test_sitemap_lists_the_pages_written_after_the_build(tmp_path, monkeypatch):
    monkeypatch.setenv("SITE_URL", "https://example.org/papers/")
    site = build(tmp_path, monkeypatch, "mapped")
    listed = set(re.findall(r"<loc>([^<]+)</loc>", (site / "sitemap.xml").read_text(encoding="utf-8")))
    pages = {"https://example.org/papers/" + p.relative_to(site).parent.as_posix() + "/"
             for p in site.rglob("index.html")}
    assert listed == {url.replace("/./", "/") for url in pages}


def remember_shell_caches(monkeypatch) -> list:
    caches = []
    real_init = fastpages.ShellCache.__init__

    def remember(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        caches.append(self)

    monkeypatch.setattr(fastpages.ShellCache, "__init__", remember)
    return caches


def build_without_shells(root, monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(fastpages.ShellCache, "hold_back", lambda self, pages: [])
        patch.setattr(fastpages.ShellCache, "fill", lambda self, page: None)
        return build(root, patch, "full")


@pytest.mark.parametrize("offline", [False, True])
def test_shells_are_verified_for_both_url_styles(tmp_path, monkeypatch, offline):
    caches = remember_shell_caches(monkeypatch)
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    args = ["build", "--site-dir", str(tmp_path / "site"), "--quiet"] + (["--offline"] if offline else [])
    assert main(args) == 0
    shells = caches[-1]
    assert shells.verified and not shells.rejected and shells.filled > 100


def test_spawned_workers_build_the_same_site(tmp_path, monkeypatch):
    # Where fork is missing (Windows) or unsafe (macOS), workers are spawned, and every job's
    # arguments are pickled instead of inherited.
    monkeypatch.setattr(workers, "PARALLEL_MIN", 1)
    forked = build(tmp_path, monkeypatch, "forked")
    monkeypatch.setattr(workers, "start_method", lambda: "spawn")
    spawned = build(tmp_path, monkeypatch, "spawned")
    pages = sorted(p.relative_to(forked) for p in forked.rglob("*.html"))
    assert pages == sorted(p.relative_to(spawned) for p in spawned.rglob("*.html"))
    assert [str(p) for p in pages if (forked / p).read_bytes() != (spawned / p).read_bytes()] == []
