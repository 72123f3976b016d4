"""Nodes to one line of plain text, for search indexes, `<title>` and gists."""

from __future__ import annotations

import re

from generator.text.math import to_readable_text
from generator.text.nodes import Math, Node, Text

_WHITE_SPACE = re.compile(r"\s+")


def nodes_to_plain(nodes: tuple[Node, ...]) -> str:
    """Return nodes as plain text: no markup, math as readable characters, spaces collapsed."""
    text = "".join(_node_plain(node) for node in nodes)
    if text.isascii() and text.isprintable() and "  " not in text:
        return text.strip()  # single spaces only, nothing to collapse: most abstracts
    return _WHITE_SPACE.sub(" ", text.replace("\u00a0", " ").replace("\u202f", " ")).strip()


def _node_plain(node: Node) -> str:
    """Return one node as plain text."""
    if isinstance(node, Text):
        return node.value
    if isinstance(node, Math):
        return to_readable_text(node.latex)
    return "".join(_node_plain(child) for child in node.children)
