"""Parse an abstract's text into nodes: clean, protect math and code, links, macros, Markdown."""

from __future__ import annotations

import functools
import re

from .clean import clean_text, restore_sentence_spaces
from .macros import expand_macros
from .markdown import apply_markdown, protect_urls
from .nodes import Atoms, Node, Text
from .spans import protect_code_and_math

_SPACES = re.compile(r"[ \t]{2,}")  # left where macros were dropped


@functools.lru_cache(maxsize=8192)
def parse_text(text: str) -> tuple[Node, ...]:
    """Return the nodes of one abstract or title.

    The order matters: math and code first (nothing may touch them), then URLs (TeX's `~` and
    Markdown's `_` must not split them), then TeX macros, then Markdown emphasis, which may span
    the placeholders the earlier passes left.
    """
    atoms = Atoms()

    def finish(fragment: str) -> tuple[Node, ...]:
        fragment = apply_markdown(fragment, atoms, finish)
        if "  " in fragment or "\t" in fragment:
            fragment = _SPACES.sub(" ", fragment)
        return atoms.to_nodes(restore_sentence_spaces(fragment, atoms.is_prose))

    cleaned = clean_text(text)
    try:
        text = protect_urls(protect_code_and_math(cleaned, atoms), atoms)
        return _strip_ends(finish(expand_macros(text, atoms, finish)))
    except RecursionError:  # hundreds of nested groups or emphases: show the text as it is
        return (Text(cleaned),)


def _strip_ends(nodes: tuple[Node, ...]) -> tuple[Node, ...]:
    """Drop white space at the very start and end (left by a leading `\\noindent`, say)."""
    if nodes and isinstance(nodes[0], Text):
        nodes = (Text(nodes[0].value.lstrip()),) + nodes[1:]
    if nodes and isinstance(nodes[-1], Text):
        nodes = nodes[:-1] + (Text(nodes[-1].value.rstrip()),)
    return tuple(node for node in nodes if not (isinstance(node, Text) and not node.value))
