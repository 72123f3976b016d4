"""Read a built site: its pages, their links, and whether every internal link resolves."""

from __future__ import annotations

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
    pages = {path: read_links(path) for path in site.rglob("*.html")}
    broken = []
    for path, links in pages.items():
        for href in links.hrefs + links.sources:
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//") or href.startswith("mailto:"):
                continue
            if not parts.path:
                target = path
            elif parts.path.startswith("/"):  # 404.html links from the site root
                target = (site / unquote(parts.path).lstrip("/")).resolve()
            else:
                target = (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(site)}: {href}")
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.suffix == ".html" and target in pages:
                if fragment not in pages[target].ids and not fragment.startswith(":~:"):
                    broken.append(f"{path.relative_to(site)}: {href} (no such anchor)")
    return broken


def external_resources(site: Path) -> list[str]:
    """Return scripts, styles, images and frames the site loads from outside itself."""
    found = []
    for path in site.rglob("*.html"):
        for src in read_links(path).sources:
            if urlsplit(src).scheme in ("http", "https") or src.startswith("//"):
                found.append(f"{path.relative_to(site)}: {src}")
    return found
