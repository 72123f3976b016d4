"""The built site's folder: built beside the site, swapped in, the replaced one recycled.

`papersite build` writes the site into a fresh folder next to it and swaps it in only when the
build succeeded, so an interrupted or failed build leaves the previous site as it was. The
replaced site is kept beside as a spare: the next build moves each page that comes out byte for
byte the same from the spare instead of writing it again. On this project's machine making 5,000
page folders and writing their files took 0.2 to 1.9 s of kernel time (the most right after
many files were deleted: see benchmarks/README.md), and moving the unchanged folders 0.05 s.
Whatever the spare still holds after a build is deleted by a detached process.

    site/                          the site being served
    .site.papersite-new/           the build in progress (`staging_for`)
    .site.papersite-spare/         the site before the last build (`spare_for`)
    .site.papersite-old-<pid>-<ns>/  spares already harvested, being deleted
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import GeneratorError
from .swap import swap_in

_STAGING = ".papersite-new"
_SPARE = ".papersite-spare"
_RETIRED = ".papersite-old-"
_PAGE_FILE = "index.html"
_DELETE_FOLDERS = "import shutil, sys\nfor f in sys.argv[1:]: shutil.rmtree(f, ignore_errors=True)"


def staging_for(site: Path) -> Path:
    """Return the folder a build of `site` is written into."""
    return site.with_name(f".{site.name}{_STAGING}")


def spare_for(site: Path) -> Path:
    """Return the folder that keeps the site a build replaced."""
    return site.with_name(f".{site.name}{_SPARE}")


def spare_of_staging(folder: Path) -> Path | None:
    """Return the spare a build into `folder` may recycle pages from: only when `folder` is a
    staging folder of `build_beside` and the spare exists."""
    name = folder.name
    if not (name.startswith(".") and name.endswith(_STAGING)):
        return None
    spare = spare_for(folder.with_name(name[1 : -len(_STAGING)]))
    return spare if spare.is_dir() else None


@contextmanager
def build_beside(site: Path) -> Iterator[Path]:
    """Give the folder to build `site` into, and swap it in once the block has succeeded.

    A folder named `site` that papersite did not build (no MkDocs 404 page) is refused."""
    if site.exists() and any(site.iterdir()) and not (site / "404.html").exists():
        raise GeneratorError(f"{site}: exists and does not look like a built site; "
                             "papersite will not replace it (choose another --site-dir)")
    staging = staging_for(site)
    shutil.rmtree(staging, ignore_errors=True)  # from an interrupted run: ours, by its name
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    spare = spare_for(site)
    if spare.exists():  # harvested by this build: what is left of it goes
        spare.rename(site.with_name(f".{site.name}{_RETIRED}{os.getpid()}-{time.time_ns()}"))
    swap_in(staging, site, spare)
    _delete_in_background(sorted(site.parent.glob(f".{site.name}{_RETIRED}*")))


def recycle_page(data: bytes, relative: str, destination: str, spare: Path) -> bool:
    """Move the spare's file at `relative` to `destination` if it holds exactly `data`; tell
    whether it did (if not, the caller writes the file)."""
    old = os.path.join(spare, relative)
    try:
        if os.path.getsize(old) != len(data):
            return False
        with open(old, "rb") as file:
            if file.read() != data:
                return False
        folder = os.path.dirname(old)
        if relative.endswith(f"/{_PAGE_FILE}") and os.listdir(folder) == [_PAGE_FILE]:
            # A page's own folder: moving it whole spares making a folder, the costly part.
            os.makedirs(os.path.dirname(os.path.dirname(destination)), exist_ok=True)
            os.rename(folder, os.path.dirname(destination))
        else:
            os.makedirs(os.path.dirname(destination), exist_ok=True)
            os.rename(old, destination)
    except OSError:  # gone, or the destination is taken: written instead
        return False
    return True


def _delete_in_background(folders: list[Path]) -> None:
    """Remove harvested spares in a detached process that outlives this command: unlinking
    thousands of files can take longer than a build, and nobody needs to wait for it."""
    if folders:
        subprocess.Popen(
            [sys.executable, "-c", _DELETE_FOLDERS, *map(str, folders)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
