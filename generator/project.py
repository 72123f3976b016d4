"""A papersite project: what `papersite new` writes, and the one a list is built with when the
folder has no `mkdocs.yml`.

A project is the layout this repository has: `mkdocs.yml` (the papersite plugin listed, the
theme's templates found in the package), `mkdocs-offline.yml`, `site_src/` (the hand-written
home page), `theme_overrides/` (empty: your own template overrides), `abstracts/` (a short
example list to replace), the GitHub Pages workflow and `requirements.txt` for it, and a
README saying how to use it (and what Material's end-of-life notice means).
"""

from __future__ import annotations

import hashlib
import shutil
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from .cache import cache_folder
from .errors import GeneratorError

TEMPLATE = Path(__file__).resolve().parent / "data" / "project"
# The template's files, by where a project has them.
_FILES = {
    "README.md": "README.md",
    "mkdocs.yml": "mkdocs.yml",
    "mkdocs-offline.yml": "mkdocs-offline.yml",
    "site_src/index.md": "site_src/index.md",
    "abstracts/example.txt": "abstracts/example.txt",
    ".github/workflows/pages.yml": "github/workflows/pages.yml",
}
_GITIGNORE = """\
# Made by papersite at every build.
/site/
/site-offline/
/site-offline.zip
/site_src/papers/
/site_src/tags/
/site_src/papers.json
/site_src/search/
/site_src/.papers.papersite-*
/site_src/.tags.papersite-*
/.site.papersite-*
/.site-offline.papersite-*
"""


def new_project(folder: Path, site_name: str = "") -> list[str]:
    """Write a project into `folder` (new or empty); return the files written, relative.

    `site_name` is the site's title; without one, the site is named after the abstract
    list's header (see `generate.LIST_NAMED_SITE`).
    """
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise GeneratorError(f"{folder}: exists and is not an empty folder; papersite new "
                             "writes a project only into a new or empty one")
    texts = {target: (TEMPLATE / source).read_text(encoding="utf-8")
             for target, source in _FILES.items()}
    if site_name:
        texts["mkdocs.yml"] = texts["mkdocs.yml"].replace("site_name: papersite",
                                                          f"site_name: {_yaml_string(site_name)}", 1)
    texts["requirements.txt"] = f"papersite=={installed_version()}\n"
    texts["theme_overrides/.gitkeep"] = ""
    texts[".gitignore"] = _GITIGNORE
    for relative, text in texts.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sorted(texts)


def default_config(site_name: str = "papersite") -> Path:
    """Return the `mkdocs.yml` of a project kept in the cache, for building a list in a folder
    that has none; its pages and site go where the command says."""
    key = hashlib.sha256(site_name.encode("utf-8")).hexdigest()[:12]
    folder = cache_folder() / f"project-{installed_version()}-{key}"
    if not (folder / "mkdocs.yml").is_file():
        staging = folder.with_name(folder.name + ".new")
        if staging.exists():
            shutil.rmtree(staging)  # an interrupted run's: ours, by its name
        new_project(staging, site_name)
        staging.rename(folder)
    return folder / "mkdocs.yml"


def installed_version() -> str:
    """Return the installed distribution's version ("0" when run from an uninstalled tree)."""
    try:
        return version("papersite")
    except PackageNotFoundError:
        return "0"


def _yaml_string(text: str) -> str:
    """Quote a site name for YAML when it needs it."""
    if text.replace(" ", "").replace("-", "").replace("_", "").isalnum():
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
