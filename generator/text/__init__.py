"""Abstract text (TeX, Markdown, scraper debris) to safe one-line HTML with MathML, or plain text.

    render_abstract_html(text)  ->  "<p>…</p>"          the abstract on its page
    render_inline_html(text)    ->  "…"                 titles: inline only, no <p>
    plain_text(text)            ->  "O(k log η) …"      search index, <title>, gists

No HTML from the input passes through: text is parsed into nodes and every piece is escaped when
written; MathML comes from latex2mathml and is checked against an allowlist.

Results are memoised by text: a title recurs on every tag page and list its paper is on, and the
build preloads results that worker processes or the persistent cache already computed.
"""

from __future__ import annotations

from .html import nodes_to_html
from .parse import parse_text
from .plain import nodes_to_plain

__all__ = ["plain_text", "preload", "render_abstract_html", "render_inline_html", "rendered_forms"]

_MEMO: dict[tuple[str, str], str] = {}
_MEMO_LIMIT = 1 << 18  # far above any collection's texts; a bound, not an eviction policy
# Each form of a text, from its parsed nodes.
_FORMS = {
    "abstract": lambda nodes: f"<p>{nodes_to_html(nodes)}</p>",
    "inline": lambda nodes: nodes_to_html(nodes, allow_display=False),
    "plain": nodes_to_plain,
}


def render_abstract_html(text: str) -> str:
    """Return the abstract as one `<p>` on one line (display math is allowed inside it)."""
    return _render("abstract", text)


def render_inline_html(text: str) -> str:
    """Return text as inline HTML without `<p>`, display math set inline (for titles)."""
    return _render("inline", text)


def plain_text(text: str) -> str:
    """Return text as readable plain text: macros resolved, markup removed, math as characters."""
    return _render("plain", text)


def rendered_forms(abstract: str, title: str) -> dict[tuple[str, str], str]:
    """Return every form the site shows of an abstract and its title, ready for `preload`."""
    # Parsing is most of the work: each text is parsed once for both of its forms.
    abstract_nodes, title_nodes = parse_text(abstract), parse_text(title)
    return {
        ("abstract", abstract): _FORMS["abstract"](abstract_nodes),
        ("plain", abstract): _FORMS["plain"](abstract_nodes),
        ("inline", title): _FORMS["inline"](title_nodes),
        ("plain", title): _FORMS["plain"](title_nodes),
    }


def preload(forms: dict[tuple[str, str], str]) -> None:
    """Remember results computed elsewhere (another process, an earlier run)."""
    _MEMO.update(forms)


def _render(kind: str, text: str) -> str:
    result = _MEMO.get((kind, text))
    if result is None:
        result = _FORMS[kind](parse_text(text))
        if len(_MEMO) < _MEMO_LIMIT:
            _MEMO[(kind, text)] = result
    return result
