"""Read a MathML tree back as plain text, for search indexes, page titles and one-line gists.

Walking the converter's tree instead of the LaTeX source reuses its knowledge of every symbol and
of the formula's structure (what a superscript applies to, where a fraction ends).
"""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET

_SUPERSCRIPTS = str.maketrans("0123456789+-−=()niT", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱᵀ")
_SUBSCRIPTS = str.maketrans("0123456789+-−=()", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎")
_SUPERSCRIPT_SOURCE = frozenset("0123456789+-−=()niT")
_SUBSCRIPT_SOURCE = frozenset("0123456789+-−=()")
_PLAIN_MARKS = frozenset({"′", "″", "‴", "*", "∗", "⋆", "†", "‡", "⊤", "′′"})
# A raised circle is a degree sign: "$360^{\circ}$" reads "360°".
_DEGREE = frozenset({"∘", "○", "°"})
# Operators that read better with a space on each side; "," gets one after it.
_SPACED_OPERATORS = frozenset("=<>≤≥≈≠≡∈∉⊂⊆⊃⊇→←↔⇒⇐⇔↦∼≃≅∝≪≫×±∓⊗⊕·∘")
_ACCENTS = {"~": "\u0303", "^": "\u0302", "¯": "\u0304", "‾": "\u0305", "―": "\u0332",
            "˙": "\u0307", "¨": "\u0308", "→": "\u20d7", "ˇ": "\u030c", "˘": "\u0306"}  # fmt: skip


def element_text(root: ET.Element) -> str:
    """Return a MathML element's readable text."""
    text = re.sub(r"\s+", " ", _text(root)).strip()
    text = text.replace("( ", "(").replace(" )", ")")
    return re.sub(r"\b([A-Za-z]{2,}) (?=\()", r"\1", text)  # "rank(V)", not "rank (V)"


def _text(element: ET.Element) -> str:
    """Return the text of one element, dispatching on its tag."""
    tag = element.tag.rsplit("}", 1)[-1]
    children = list(element)
    if tag in ("mi", "mn", "mo", "mtext", "ms"):
        return _token_text(tag, element.text or "")
    if tag == "mspace":
        return " "
    if tag in ("msup", "msub", "msubsup") and len(children) >= 2:
        base = _text(children[0])
        if tag == "msub":
            return base + _script(_text(children[1]), _SUBSCRIPT_SOURCE, _SUBSCRIPTS, "_")
        if tag == "msup":
            return base + _script(_text(children[1]), _SUPERSCRIPT_SOURCE, _SUPERSCRIPTS, "^")
        lower = _script(_text(children[1]), _SUBSCRIPT_SOURCE, _SUBSCRIPTS, "_")
        return base + lower + _script(_text(children[2]), _SUPERSCRIPT_SOURCE, _SUPERSCRIPTS, "^")
    if tag == "mfrac" and len(children) == 2:
        return f"{_grouped(_text(children[0]))}/{_grouped(_text(children[1]))}"
    if tag == "msqrt":
        return "√" + _grouped(_join(children))
    if tag == "mroot" and len(children) == 2:
        return "√" + _grouped(_text(children[0]))
    if tag in ("mover", "munder") and len(children) == 2:
        return _accented(_text(children[0]), _text(children[1]))
    if tag == "munderover" and len(children) == 3:
        lower, upper = _grouped(_text(children[1])), _grouped(_text(children[2]))
        return f"{_text(children[0])}_{lower}^{upper}"
    if tag == "mtr":
        return " ".join(_text(child) for child in children) + "; "
    if tag == "mphantom":
        return ""
    return _join(children)


def _token_text(tag: str, text: str) -> str:
    """Return a token's text: math letters as plain ones, some operators spaced."""
    text = "".join(
        unicodedata.normalize("NFKC", char) if 0x1D400 <= ord(char) <= 0x1D7FF else char
        for char in text.replace("\u00a0", " ")
    )
    if tag == "mo" and text in _SPACED_OPERATORS:
        return f" {text} "
    if tag == "mo" and text == ",":
        return ", "
    if len(text) > 1 and text.isalpha():  # function names such as "log" stand apart as words
        return f" {text} "
    return text


def _join(children: list[ET.Element]) -> str:
    """Concatenate the children's texts."""
    return "".join(_text(child) for child in children)


def _script(text: str, source: frozenset[str], table: dict[int, int], marker: str) -> str:
    """Return a sub- or superscript: as Unicode script characters when all have one."""
    text = text.strip()
    if text in _PLAIN_MARKS and marker == "^":
        return text
    if text in _DEGREE and marker == "^":
        return "°"
    if text and all(char in source for char in text):
        return text.translate(table)
    return marker + _grouped(text)


def _grouped(text: str) -> str:
    """Wrap text in parentheses unless it is a single symbol or already bracketed."""
    text = text.strip()
    if len(text) <= 1 or text.isalnum() or (text[0] + text[-1]) in ("()", "[]", "{}"):
        return text
    return f"({text})"


def _accented(base: str, mark: str) -> str:
    """Put an accent on a one-letter base ("Õ"); otherwise the accent is dropped."""
    base = base.strip()
    combining = _ACCENTS.get(mark.strip())
    if combining and len(base) == 1:
        return unicodedata.normalize("NFC", base + combining)
    return base if combining or not mark.strip() else f"{base} {mark.strip()}"
