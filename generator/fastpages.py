"""Build thousands of generated pages from one page Material rendered in full.

Paper and tag pages that are not in the nav differ, once rendered by Material, only in their
title, description, content and canonical (and edit) URL: the header, nav, search, palette and
footer around them are the same for every page of the same template at the same folder depth.
So the first such page is rendered with placeholders in those places, and its output, split at
the placeholders, becomes the shell the others are filled into. The second page of each kind is
still rendered in full and compared with its filled shell; any difference (a theme feature that
varies per page) switches the shell off for that kind, so the output is always what Material
itself would have written.

Only those two pages of each kind go through MkDocs' page loop, one page at a time. The others
are held back (`hold_back`) and, once the shells are known, poured and written by worker
processes (`pour`), while the build goes on with the search index.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.structure.pages import Page
from mkdocs.utils import write_file

from .site_folder import recycle_page
from .workers import Job, Workers

FAST_TEMPLATE = "papersite-fast.html"
_TITLE = "\ue000papersite:title\ue000"
_CONTENT = "\ue000papersite:content\ue000"
# Material adds an <h1> of the title when the content has none: the placeholder of a page whose
# content has one must have one too (in a comment).
_CONTENT_H1 = "\ue000papersite:content\ue000<!--<h1-->"
_CANONICAL = "\ue000papersite:canonical\ue000"
_EDIT = "\ue000papersite:edit\ue000"
_DESCRIPTION = "\ue000papersite:description\ue000"
_HEAD = "\ue000papersite:head\ue000"
"""A page's own tags in the head (Google Scholar's, see `render.cite`): `papersite_head`."""
_MARKS = re.compile(
    f"({_TITLE}|{re.escape(_CONTENT_H1)}|{_CONTENT}|{_CANONICAL}|{_EDIT}|{_DESCRIPTION}|{_HEAD})")


@dataclass
class ShellCache:
    """Shells by (template, folder depth), and what is known of them so far."""

    shells: dict[tuple[str, int, bool], list[str]] = field(default_factory=dict)
    verified: set[tuple[str, int, bool]] = field(default_factory=set)
    rejected: set[tuple[str, int, bool]] = field(default_factory=set)
    _capturing: dict[str, tuple[str, str, str | None, str | None, str | None, str | None]] = \
        field(default_factory=dict)
    filled: int = 0

    def hold_back(self, pages: Sequence[Page]) -> list[Page]:
        """Return the pages, in build order, that MkDocs need not render: all but the first two
        of each kind, which capture and verify its shell."""
        seen: Counter[tuple[str, int, bool]] = Counter()
        held = []
        for page in pages:
            key = _key(page)
            seen[key] += 1
            if seen[key] > 2:
                held.append(page)
        return held

    def use_fast_template(self, page: Page) -> None:
        """Route a generated page through the fast template, remembering its own template."""
        page.meta["papersite_template"] = page.meta.get("template", "main.html")
        page.meta["template"] = FAST_TEMPLATE

    def prepare(self, page: Page) -> None:
        """Before rendering: the first page of a kind gets placeholders to capture the shell."""
        key = _key(page)
        if key in self.shells or key in self.rejected:
            return
        description = page.meta.get("description")
        self._capturing[page.file.src_uri] = (
            page.meta["title"], page.content or "", page.canonical_url, page.edit_url, description,
            page.meta.get("papersite_head"))
        page.meta["title"] = _TITLE
        if description is not None:
            page.meta["description"] = _DESCRIPTION
        page.meta["papersite_head"] = _HEAD  # every page of a kind may have its own, or none
        page.content = _CONTENT_H1 if _has_h1(page) else _CONTENT
        page.canonical_url = _CANONICAL if page.canonical_url else None
        page.edit_url = _EDIT if page.edit_url else None

    def fill(self, page: Page) -> str | None:
        """Return the page poured into its kind's verified shell, or None to render in full."""
        output = self.poured(page)
        self.filled += output is not None
        return output

    def poured(self, page: Page) -> str | None:
        """Like `fill`, uncounted (a worker's count would be lost)."""
        key = _key(page)
        return _fill(self.shells[key], page) if key in self.verified else None

    def finish(self, output: str, page: Page) -> str:
        """After rendering in full: capture a shell, or check one against Material's output."""
        key = _key(page)
        captured = self._capturing.pop(page.file.src_uri, None)
        if captured is not None:
            title, content, canonical, edit, description, head = captured
            page.meta["title"], page.content = title, content
            if description is not None:
                page.meta["description"] = description
            if head is None:
                del page.meta["papersite_head"]
            else:
                page.meta["papersite_head"] = head
            page.canonical_url, page.edit_url = canonical, edit
            shell = _MARKS.split(output)
            if shell.count(_CONTENT) + shell.count(_CONTENT_H1) != 1:  # content not shown once
                self.rejected.add(key)
                return _fill(shell, page)
            self.shells[key] = shell
            return _fill(shell, page)
        if key in self.shells and key not in self.verified and key not in self.rejected:
            if _fill(self.shells[key], page) == output:
                self.verified.add(key)
            else:
                self.rejected.add(key)
        return output


def _key(page: Page) -> tuple[str, int, bool]:
    return page.meta.get("papersite_template", "main.html"), page.url.count("/"), _has_h1(page)


def _has_h1(page: Page) -> bool:
    return "<h1" in (page.content or "")


def _fill(shell: list[str], page: Page) -> str:
    content = page.content or ""
    values = {_TITLE: page.meta["title"], _CONTENT: content, _CONTENT_H1: content,
              _CANONICAL: page.canonical_url or "", _EDIT: page.edit_url or "",
              _DESCRIPTION: page.meta.get("description", ""),
              _HEAD: page.meta.get("papersite_head", "")}
    return "".join(values.get(piece, piece) for piece in shell)




def pour(shells: ShellCache, pages: Sequence[Page], workers: Workers,
         spare: Path | None = None, finish: Callable[[str, Page], str] | None = None
         ) -> list[Job]:
    """Start writing the pages into their shells; each job's result lists the pages (by index)
    it could not fill, which must be rendered in full. Count them with `finish_pouring`.

    `finish` is given each filled page's HTML and returns it as it is written (the plugins that
    change a page's finished HTML, such as minify). A page whose file in `spare` (the site this
    build replaces) is the same is moved from there instead of written (see `site_folder.py`)."""
    return workers.submit_all([(_pour_part, (shells, pages, rows, spare, finish))
                               for rows in workers.parts(len(pages), per_worker=4)])


def finish_pouring(shells: ShellCache, pages: Sequence[Page], jobs: list[Job]) -> list[Page]:
    """Wait for the pouring jobs; return the pages left to render in full."""
    left = [pages[index] for job in jobs for index in job.result()]
    shells.filled += len(pages) - len(left)
    return left


def _pour_part(shells: ShellCache, pages: Sequence[Page], rows: range, spare: Path | None,
               finish: Callable[[str, Page], str] | None) -> list[int]:
    unfilled = []
    for index in rows:
        output = shells.poured(pages[index])
        if output is None:
            unfilled.append(index)
            continue
        if finish is not None:
            output = finish(output, pages[index])
        file = pages[index].file
        data = output.encode("utf-8", errors="xmlcharrefreplace")  # as MkDocs' _build_page
        if spare is None or not recycle_page(data, file.dest_uri, file.abs_dest_path, spare):
            write_file(data, file.abs_dest_path)
    return unfilled
