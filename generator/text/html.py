"""Nodes to an HTML fragment on one line; every piece of text is escaped here and only here."""

from __future__ import annotations

import html

from .math import to_mathml
from .nodes import Element, Math, Node, Text

LINK_REL = "nofollow noopener"
FALLBACK_CLASS = "ps-math-fallback"
_ALLOWED_SCHEMES = ("http://", "https://", "mailto:")


def nodes_to_html(nodes: tuple[Node, ...], allow_display: bool = True) -> str:
    """Return nodes as HTML; display math stays inline when allow_display is False."""
    return "".join(_node_html(node, allow_display) for node in nodes)


def _node_html(node: Node, allow_display: bool) -> str:
    """Return one node as HTML."""
    if isinstance(node, Text):
        return html.escape(node.value, quote=False)
    if isinstance(node, Math):
        mathml = to_mathml(node.latex, node.display and allow_display)
        if mathml is None:
            source = html.escape(node.latex, quote=False)
            return f'<code class="{FALLBACK_CLASS}">{source}</code>'
        return mathml
    inner = nodes_to_html(node.children, allow_display)
    return _open_tag(node) + inner + f"</{node.tag}>"


def _open_tag(element: Element) -> str:
    """Return an element's opening tag with the few attributes we set."""
    attributes = ""
    if element.css_class:
        attributes += f' class="{html.escape(element.css_class)}"'
    if element.tag == "a":
        href = element.href if element.href.lower().startswith(_ALLOWED_SCHEMES) else ""
        attributes += f' href="{html.escape(href, quote=True)}" rel="{LINK_REL}"'
    return f"<{element.tag}{attributes}>"
