"""Read a built site: its pages, their links, and whether every internal link resolves."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


@dataclass
class PageLinks:
    """The links and ids of one built HTML page."""

    hrefs: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)


class _LinkParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = PageLinks()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.page.ids.add(attributes["id"])
        if tag == "a" and attributes.get("name"):
            self.page.ids.add(attributes["name"])
        if tag == "link" and attributes.get("rel") in ("canonical", "alternate"):
            return  # names the page's own address; browsers do not load it
        if tag in ("a", "link") and attributes.get("href") is not None:
            (self.page.hrefs if tag == "a" else self.page.sources).append(attributes["href"])
        if tag in ("script", "img", "iframe", "source") and attributes.get("src"):
            self.page.sources.append(attributes["src"])


def read_links(path: Path) -> PageLinks:
    """Return the links, resource URLs and element ids of an HTML file."""
    parser = _LinkParser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.page


def broken_links(site: Path) -> list[str]:
    """Return every internal link or anchor of the built site that does not resolve."""
    # Paths are joined and normalised as text and looked up in the site's listing: a site has
    # no symbolic links, and resolving each link on disk made the check twice as slow (4.8 s
    # against 2.5 s on 800 tag pages; 34 s against 18 s on a 5,000-paper site).
    root = os.path.normpath(site)
    files, folders = set(), set()
    for folder, _, names in os.walk(root):
        folders.add(folder)
        files.update(os.path.join(folder, name) for name in names)
    pages = {path: read_links(Path(path)) for path in files if path.endswith(".html")}
    broken = []
    for path, links in pages.items():
        here = os.path.dirname(path)
        for href in links.hrefs + links.sources:
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//") or href.startswith("mailto:"):
                continue
            if not parts.path:
                target = path
            elif parts.path.startswith("/"):  # 404.html links from the site root
                target = os.path.normpath(os.path.join(root, unquote(parts.path).lstrip("/")))
            else:
                target = os.path.normpath(os.path.join(here, unquote(parts.path)))
            if target in folders:
                target = os.path.join(target, "index.html")
            if target not in files:
                broken.append(f"{os.path.relpath(path, site)}: {href}")
                continue
            fragment = unquote(parts.fragment)
            if fragment and target in pages:
                if fragment not in pages[target].ids and not fragment.startswith(":~:"):
                    broken.append(f"{os.path.relpath(path, site)}: {href} (no such anchor)")
    return broken


def external_resources(site: Path) -> list[str]:
    """Return scripts, styles, images and frames the site loads from outside itself."""
    found = []
    for path in site.rglob("*.html"):
        for src in read_links(path).sources:
            if urlsplit(src).scheme in ("http", "https") or src.startswith("//"):
                found.append(f"{path.relative_to(site)}: {src}")
    return found
