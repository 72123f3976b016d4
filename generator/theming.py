"""Where papersite's templates come from, and a 404 page styled at any address."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig


def add_theme_folder(config: MkDocsConfig) -> None:
    """Put the package's templates and assets (`papersite.theme`) among the theme's folders,
    right after the project's `custom_dir`, unless they are that folder (this repository)."""
    theme = importlib.import_module("papersite.theme")
    folder = str(Path(theme.__file__ or "").resolve().parent)
    dirs = config.theme.dirs
    if any(Path(path).resolve() == Path(folder) for path in dirs):
        return
    dirs.insert(1 if config.theme.custom_dir else 0, folder)


_STYLESHEET = re.compile(r'<link rel="stylesheet" href="/([^"]+\.css)"\s*/?>')


def inline_styles(page: Path) -> None:
    """Put a page's style sheets into it.

    Without `site_url`, MkDocs links the 404 page's assets from the host's root ("/assets/…"),
    which is not the site's root on a project's GitHub Pages ("/<repository>/"): the page a
    reader meets at any missing address would be unstyled. Inlined, its styles load anywhere.
    """
    if not page.is_file():
        return
    site = page.parent
    html = page.read_text(encoding="utf-8")

    def inline(match: re.Match) -> str:
        sheet = site / match.group(1)
        if not sheet.is_file():
            return match.group(0)
        # Only "</style" could end the element early.
        css = re.sub("</(style)", r"<\\/\1", sheet.read_text(encoding="utf-8"), flags=re.I)
        return f"<style>{css}</style>"

    page.write_text(_STYLESHEET.sub(inline, html), encoding="utf-8")
