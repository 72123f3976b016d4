"""Nodes to one line of plain text, for search indexes, `<title>` and gists."""

from __future__ import annotations

from .clean import collapse_white_space
from .math import to_readable_text
from .nodes import Math, Node, Text


def nodes_to_plain(nodes: tuple[Node, ...]) -> str:
    """Return nodes as plain text: no markup, math as readable characters, spaces collapsed."""
    return collapse_white_space("".join(_node_plain(node) for node in nodes))


def _node_plain(node: Node) -> str:
    """Return one node as plain text."""
    if isinstance(node, Text):
        return node.value
    if isinstance(node, Math):
        return to_readable_text(node.latex)
    return "".join(_node_plain(child) for child in node.children)
