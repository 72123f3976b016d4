"""The Markdown abstracts use: links, bare URLs, autolinks and emphasis, read by our own rules.

Python-Markdown would also read block syntax ("1." at a line start, "#"), raw HTML and entities,
none of which an abstract means; a few regular expressions over placeholder text do exactly the
inline subset, and every piece of text stays ours to escape.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from .nodes import ATOM_CLASS, Atoms, Element, Node, Text, strip_links

Finish = Callable[[str], tuple[Node, ...]]

_URL = re.compile(r"(?:https?://|mailto:)(?:[^\s<>*\"'{}|\\^`\[\]]|\\[_%#&~])+", re.IGNORECASE)
_TRAILING = ".,;:!?*_'\""
_LINK = re.compile(rf"\[([^\[\]]*)\]\(\s*({ATOM_CLASS})\s*(?:\"[^\"]*\"\s*)?\)")
_AUTOLINK = re.compile(rf"<({ATOM_CLASS})>")
_EMPHASIS = (  # (marker, pattern, tags)
    ("***", re.compile(r"\*\*\*(?=[^\s*])(.+?)(?<=[^\s*])\*\*\*"), ("strong", "em")),
    ("**", re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"), ("strong",)),
    ("__", re.compile(r"(?<![\w_])__(?=\S)(.+?)(?<=\S)__(?![\w_])"), ("strong",)),
    ("*", re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])"), ("em",)),
    ("_", re.compile(r"(?<![\w_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_])"), ("em",)),
)


def protect_urls(text: str, atoms: Atoms) -> str:
    """Replace bare URLs by link placeholders, leaving trailing punctuation and `)` outside."""
    def replace(match: re.Match[str]) -> str:
        url = match.group()
        while url and (
            url[-1] in _TRAILING or (url[-1] == ")" and url.count(")") > url.count("("))
        ):
            url = url[:-1]
        rest = match.group()[len(url) :]
        href = re.sub(r"\\([_%#&~])", r"\1", url)
        if len(href) <= len("mailto:") or href.lower() in ("http://", "https://"):
            return match.group()
        return atoms.add(Element("a", (Text(href),), href=href)) + rest

    if "://" not in text and "mailto:" not in text.lower():
        return text
    return _URL.sub(replace, text)


def apply_markdown(text: str, atoms: Atoms, finish: Finish) -> str:
    """Return text with Markdown links, autolinks and emphasis turned into placeholders."""

    def link(match: re.Match[str]) -> str:
        target = atoms.node(match.group(2))
        if not (isinstance(target, Element) and target.tag == "a"):
            return match.group()
        label = strip_links(finish(match.group(1)))
        return atoms.add(Element("a", label or target.children, href=target.href))

    # Each pattern runs only when its marker is there: most fragments have none (a quarter of
    # the time typesetting an abstract went to scanning for them).
    if "](" in text:
        text = _LINK.sub(link, text)
    if "<" in text:
        text = _AUTOLINK.sub(r"\1", text)
    for marker, pattern, tags in _EMPHASIS:
        if marker in text:
            text = pattern.sub(partial(_emphasis, tags=tags, atoms=atoms, finish=finish), text)
    return text


def _emphasis(match: re.Match[str], tags: tuple[str, ...], atoms: Atoms, finish: Finish) -> str:
    """Return a placeholder for emphasised text, nesting tags outermost first."""
    children = finish(match.group(1))
    for tag in reversed(tags):
        children = (Element(tag, children),)
    return atoms.add(children[0])
