"""Shared fixtures: inline inputs written into tmp_path, the repo's paths, the shared data."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from filelock import FileLock

from papersite.cli import main

REPO = Path(__file__).resolve().parents[1]
BUNDLED = REPO / "abstracts"
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    """Keep papersite's cache (results, private docs copies) out of the user's home."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture
def write_file(tmp_path: Path):
    """Write text (or bytes) to a file under tmp_path and return its path."""

    def write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    return write


def shared_data_file(name: str) -> Path:
    """Return a file of ../shared/data, skipping the test when the folder is absent."""
    path = SHARED_DATA / name
    if not path.exists():
        pytest.skip(f"needs {path}: the shared conference data is not on this machine")
    return path


def build_bundled(root: Path, arguments: list[str], site_url: str | None = None) -> None:
    """Build the bundled abstracts in process, with a private cache and no stray SITE_URL."""
    monkey = pytest.MonkeyPatch()
    monkey.setenv("XDG_CACHE_HOME", str(root / "cache"))
    monkey.setenv("PAPERSITE_QUIET", "1")
    if site_url is None:
        monkey.delenv("SITE_URL", raising=False)
    else:
        monkey.setenv("SITE_URL", site_url)
    monkey.chdir(REPO)
    try:
        assert main(["build", *arguments, "--quiet"]) == 0
    finally:
        monkey.undo()


def built_once(tmp_path_factory, name: str, build) -> Path:
    """Return the folder `build(folder)` fills, built once for the whole test run: under
    pytest-xdist (`make test`) the first worker to ask builds it and the others wait for it."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, above each worker's own
    folder = root / name
    with FileLock(str(folder) + ".lock"):
        done = folder / ".built"
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a build that failed half-way
            folder.mkdir()
            build(folder)
            done.touch()
    return folder


@pytest.fixture(scope="session")
def bundled_hosted_site(tmp_path_factory) -> Path:
    """The hosted build of the bundled abstracts, as `make site` makes it (no site_url), built
    once for every test that only reads it."""
    root = built_once(tmp_path_factory, "bundled-hosted",
                      lambda root: build_bundled(root, ["--site-dir", str(root / "site")]))
    return root / "site"


@pytest.fixture(scope="session")
def bundled_offline_site(tmp_path_factory) -> Path:
    """`papersite build --offline` of the bundled abstracts (site-offline/ and its zip), built
    once for every test that only reads it."""
    root = built_once(tmp_path_factory, "bundled-offline", lambda root: build_bundled(
        root, ["--offline", "--site-dir", str(root / "site-offline")]))
    return root / "site-offline"


def copy_project(root: Path) -> Path:
    """Copy what `mkdocs build` and `mkdocs serve` read (config, docs, theme, abstract lists)
    into `root`, as a fresh clone has it: no generated pages, no permalink map."""
    root.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "site_src", "theme_overrides", "abstracts"):
        source = REPO / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, root / name)
    for generated in ("papers", "tags"):
        shutil.rmtree(root / "site_src" / generated, ignore_errors=True)
    return root


def paper_pages(site: Path) -> list[Path]:
    """Return the built paper pages of a hosted site (`papers/<slug>/index.html`), in name
    order: not the reader's list (`papers/my-list/`) nor the search page (`papers/search/`),
    which live beside them."""
    return sorted(path for path in (site / "papers").glob("*/index.html")
                  if path.parent.name not in ("my-list", "search"))


# The longest test files, longest first (as measured on 2026-12-02 afternoon, `--durations=0`
# summed per file). `make test` hands whole files to its workers in collection order: started
# first, they no longer leave one worker running alone at the end while the other has finished.
LONGEST_FIRST = ("test_real_lists.py", "test_reading.py", "test_a11y.py",
                 "test_incremental_random.py", "test_plugins.py", "test_search.py",
                 "test_fastpages.py", "test_ui.py", "test_mentions.py", "test_offline.py",
                 "test_permalinks.py", "test_pipeline_fuzz.py", "test_related.py", "test_map.py",
                 "test_odd_inputs.py", "test_serve.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: order kept within
