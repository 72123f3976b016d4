"""Pages filled into a captured shell are byte for byte what Material renders in full."""

from __future__ import annotations

import pytest

from generator import fastpages
from generator.cli import main

from conftest import REPO


def build(root, monkeypatch, name: str):
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("XDG_CACHE_HOME", str(root / f"cache-{name}"))
    assert main(["build", "--site-dir", str(root / name), "--quiet"]) == 0
    return root / name


def test_shell_filled_pages_equal_full_renders(tmp_path, monkeypatch):
    fast = build(tmp_path, monkeypatch, "fast")
    filled = []
    real_fill = fastpages.ShellCache.fill

    def count_fill(self, page):
        result = real_fill(self, page)
        filled.append(result is not None)
        return result

    monkeypatch.setattr(fastpages.ShellCache, "fill", count_fill)
    build(tmp_path, monkeypatch, "check")
    assert sum(filled) > 100  # the shell really was used for most generated pages
    monkeypatch.setattr(fastpages.ShellCache, "fill", lambda self, page: None)
    full = build(tmp_path, monkeypatch, "full")
    pages = sorted(p.relative_to(fast) for p in fast.rglob("*.html"))
    assert pages == sorted(p.relative_to(full) for p in full.rglob("*.html"))
    different = [str(p) for p in pages if (fast / p).read_bytes() != (full / p).read_bytes()]
    assert different == []


@pytest.mark.parametrize("offline", [False, True])
def test_shells_are_verified_for_both_url_styles(tmp_path, monkeypatch, offline):
    caches = []
    real_init = fastpages.ShellCache.__init__

    def remember(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        caches.append(self)

    monkeypatch.setattr(fastpages.ShellCache, "__init__", remember)
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    args = ["build", "--site-dir", str(tmp_path / "site"), "--quiet"] + (["--offline"] if offline else [])
    assert main(args) == 0
    shells = caches[-1]
    assert shells.verified and not shells.rejected and shells.filled > 100
