"""Where generated pages live and how one page links to another.

Page bodies are HTML (the abstract is typeset at build time), so MkDocs does not rewrite their
links: this module computes the relative URLs MkDocs itself would, for both URL styles
(`papers/x/` with directory URLs, `papers/x.html` without, as the offline build needs).
"""

from __future__ import annotations

import hashlib
import posixpath
from functools import lru_cache

from slugify import slugify

PAPERS_DIR = "papers"
PAPERS_INDEX = f"{PAPERS_DIR}/index.md"
"""The papers page: every paper by area, and the filters."""
TAGS_DIR = "tags"
SLUG_WORDS_MAX_CHARS = 60


def make_slug(title: str, paper_id: str, taken_keys: set[str]) -> str:
    """Return a new paper's slug: the title's words and a key, a hash of the id unique in
    `taken_keys` (which it joins). The key is the paper's identity in its addresses: the
    words may change with the title (`retitle_slug`), the key never does."""
    digest = hashlib.sha256(paper_id.encode("utf-8")).hexdigest()
    length = 6
    while digest[:length] in taken_keys:  # a collision of short hashes: lengthen, never share
        length += 2
    taken_keys.add(digest[:length])
    return f"{slug_words(title)}-{digest[:length]}"


def retitle_slug(slug: str, title: str) -> str:
    """Return the slug a paper first given `slug` has under its current title: the title's
    words, then the same key."""
    return f"{slug_words(title)}-{slug_key(slug)}"


def slug_key(slug: str) -> str:
    """Return the key at the end of a paper's slug (its hash part)."""
    return slug.rsplit("-", 1)[-1]


def slug_words(title: str) -> str:
    """Return a title's words as they appear in a slug."""
    return slugify(title, max_length=SLUG_WORDS_MAX_CHARS, word_boundary=True) or "paper"


def paper_path(slug: str) -> str:
    """Return the docs-relative source path of a paper page."""
    return f"{PAPERS_DIR}/{slug}.md"


def tag_path(tag_slug: str) -> str:
    """Return the docs-relative source path of a tag page."""
    return f"{TAGS_DIR}/{tag_slug}.md"


@lru_cache(maxsize=1 << 16)  # every page links to a few dozen others: 20 calls a page
def page_url(src_path: str, directory_urls: bool) -> str:
    """Return the site-relative URL MkDocs gives the page built from `src_path`."""
    stem = src_path[: -len(".md")]
    if posixpath.basename(stem) == "index":
        directory = posixpath.dirname(stem)
        return f"{directory}/" if directory else ""
    return f"{stem}/" if directory_urls else f"{stem}.html"


def relative_url(from_src: str, to_src: str, directory_urls: bool) -> str:
    """Return the link from the page built from `from_src` to the one built from `to_src`."""
    source = page_url(from_src, directory_urls)
    target = page_url(to_src, directory_urls)
    if not directory_urls and (target == "" or target.endswith("/")):
        target += "index.html"  # from disk, a folder does not open its index page
    source_parts = source.split("/")[:-1]  # the folder the page is served from
    target_parts = target.split("/")
    common = 0
    while (common < len(source_parts) and common < len(target_parts) - 1
           and source_parts[common] == target_parts[common]):
        common += 1
    # Written out rather than posixpath.relpath: this runs for every link of every page.
    relative = "/".join([".."] * (len(source_parts) - common) + target_parts[common:])
    if relative == "" or relative.endswith(".."):
        relative += "/" if relative else "./"
    return relative
