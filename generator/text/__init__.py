"""Abstract text (TeX, Markdown, scraper debris) to safe one-line HTML with MathML, or plain text.

    render_abstract_html(text)  ->  "<p>…</p>"          the abstract on its page
    render_inline_html(text)    ->  "…"                 titles: inline only, no <p>
    plain_text(text)            ->  "O(k log η) …"      search index, <title>, gists

No HTML from the input passes through: text is parsed into nodes and every piece is escaped when
written; MathML comes from latex2mathml and is checked against an allowlist.
"""

from __future__ import annotations

from functools import lru_cache

from generator.text.html import nodes_to_html
from generator.text.parse import parse_text
from generator.text.plain import nodes_to_plain

__all__ = ["plain_text", "render_abstract_html", "render_inline_html"]


def render_abstract_html(text: str) -> str:
    """Return the abstract as one `<p>` on one line (display math is allowed inside it)."""
    return f"<p>{nodes_to_html(parse_text(text))}</p>"


# Titles and gists recur on every tag page and list a paper appears in: render each text once.
_CACHE_SIZE = 1 << 16


@lru_cache(maxsize=_CACHE_SIZE)
def render_inline_html(text: str) -> str:
    """Return text as inline HTML without `<p>`, display math set inline (for titles)."""
    return nodes_to_html(parse_text(text), allow_display=False)


@lru_cache(maxsize=_CACHE_SIZE)
def plain_text(text: str) -> str:
    """Return text as readable plain text: macros resolved, markup removed, math as characters."""
    return nodes_to_plain(parse_text(text))
