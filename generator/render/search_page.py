"""The search page (`papers/search/`): papersite's search with its own box and result list.

Material's search box is answered by papersite's worker only under MkDocs and ProperDocs, where
the plugin runs; Zensical's box talks to its own worker. This page asks papersite's worker
(`papersite-search.js`) itself, through `papersite-search-page.js`, so the same search works
under every builder, hosted and opened from disk.
"""

from __future__ import annotations

from ..links import PAPERS_DIR
from .common import front_matter

SEARCH_PATH = f"{PAPERS_DIR}/search.md"


def render_search_page() -> str:
    """Return the search page: a box and a list the page's script fills."""
    body = ("<h1>Search the papers</h1>\n"
            '<form class="ps-search-page" role="search" hidden>\n'
            '<p><input type="search" class="ps-search-input" aria-label="Search the papers" '
            'placeholder="A method\'s name, a phrase, a tag or an author" autocomplete="off"></p>\n'
            '<p class="ps-search-count" aria-live="polite"></p>\n'
            '<ol class="ps-search-results"></ol>\n'
            '<div class="ps-search-partial-group" hidden></div>\n'
            "</form>\n"
            "<noscript><p>Search needs JavaScript, which is off in this browser.</p></noscript>\n")
    return front_matter({"title": "Search", "search": {"exclude": True}, "hide": ["toc"]}) + body
