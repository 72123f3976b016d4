"""The parsed form of an abstract's text, and the placeholders that stand for it while parsing.

Parsing replaces each construct it recognises (math, code, links, styled text) by one placeholder
character that stands for a finished node, so later passes see an atom they cannot split or
reinterpret: math is safe from Markdown, a URL from TeX's `~`, code from everything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Supplementary Private Use Area-A: never meaningful in an abstract, so clean-up strips it and
# parsing may use it for placeholders.
ATOM_FIRST = 0xF0000
ATOM_LAST = 0xFFFFD
ATOM_CLASS = f"[{chr(ATOM_FIRST)}-{chr(ATOM_LAST)}]"
_ATOM_SPLIT = re.compile(f"({ATOM_CLASS})")


@dataclass(frozen=True)
class Text:
    """Literal text, shown as it is (escaped in HTML)."""

    value: str
    """The characters, already free of TeX and Markdown markup."""


@dataclass(frozen=True)
class Math:
    """One formula, converted to MathML when rendered."""

    latex: str
    """The formula's source without its delimiters."""
    display: bool
    """True for display math (`$$…$$`, `\\[…\\]`, equation environments)."""


@dataclass(frozen=True)
class Element:
    """Styled text or a link."""

    tag: str
    """One of the tags in ELEMENT_TAGS."""
    children: tuple[Node, ...]
    """What the element contains."""
    href: str = ""
    """The target of an `a` element (http, https or mailto only)."""
    css_class: str = ""
    """A class of ours, e.g. "ps-smallcaps"."""


Node = Text | Math | Element

ELEMENT_TAGS = frozenset({"strong", "em", "u", "code", "span", "a", "sup", "sub"})


class Atoms:
    """The nodes that placeholder characters stand for, while one text is being parsed."""

    def __init__(self) -> None:
        self._nodes: list[Node] = []

    def add(self, node: Node) -> str:
        """Store a node and return the placeholder character that stands for it."""
        code = ATOM_FIRST + len(self._nodes)
        if code > ATOM_LAST:  # cannot happen for real abstracts; keep the text instead
            return node.value if isinstance(node, Text) else ""
        self._nodes.append(node)
        return chr(code)

    def text(self, value: str) -> str:
        """Return a placeholder for literal text that later passes must not touch."""
        return self.add(Text(value)) if value else ""

    def node(self, char: str) -> Node | None:
        """Return the node a character stands for, or None for an ordinary character."""
        index = ord(char) - ATOM_FIRST
        return self._nodes[index] if 0 <= index < len(self._nodes) else None

    def is_prose(self, char: str) -> bool:
        """Tell whether a placeholder stands for math or styled text (not code or a link)."""
        node = self.node(char)
        return isinstance(node, Math) or (
            isinstance(node, Element) and node.tag not in ("a", "code")
        )

    def to_nodes(self, text: str) -> tuple[Node, ...]:
        """Split text with placeholders into nodes."""
        nodes: list[Node] = []
        for index, piece in enumerate(_ATOM_SPLIT.split(text)):
            if index % 2 == 0:
                nodes.append(Text(piece))
                continue
            node = self.node(piece)
            nodes.append(node if node is not None else Text(""))
        return _merge_texts(nodes)


def _merge_texts(nodes: list[Node]) -> tuple[Node, ...]:
    """Join neighbouring Text nodes and drop empty ones."""
    merged: list[Node] = []
    for node in nodes:
        if isinstance(node, Text):
            if not node.value:
                continue
            if merged and isinstance(merged[-1], Text):
                merged[-1] = Text(merged[-1].value + node.value)
                continue
        merged.append(node)
    return tuple(merged)


def strip_links(nodes: tuple[Node, ...]) -> tuple[Node, ...]:
    """Replace links inside nodes by their content (a link may not contain a link)."""
    flat: list[Node] = []
    for node in nodes:
        if isinstance(node, Element) and node.tag == "a":
            flat.extend(strip_links(node.children))
        elif isinstance(node, Element):
            flat.append(Element(node.tag, strip_links(node.children), node.href, node.css_class))
        else:
            flat.append(node)
    return _merge_texts(flat)
