"""Clean-up before parsing (invisible characters, entities) and after it (run-on sentences)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from .nodes import ATOM_CLASS, ATOM_FIRST

# C0/C1 controls (scrapers leave U+0002 inside words), zero-width characters, the byte-order mark,
# noncharacters and the private-use planes our placeholders live in.
_INVISIBLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200d\u2060\ufeff\ufdd0-\ufdef\ufffe\uffff"
    f"{chr(ATOM_FIRST)}-\U0010ffff\ud800-\udfff]"
)
_WHITESPACE = re.compile(r"\s+")
# TeX quotes: ``…'' (or ``…" as some authors close them) and `…' around a short phrase.
_TEX_DOUBLE_QUOTE = re.compile(r"``([^`\n]*?)(?:''|\"|’’|”)")
_TEX_SINGLE_QUOTE = re.compile(r"(?<![`\w])`([^`'\n]{1,80})'(?!\w)")

# "LLMs.To overcome": a letter (not a lone initial as in "e.g.") or ")" before the dot, a capital
# then lower case after it.
_RUN_TOGETHER = re.compile(rf"(?<=[A-Za-z){ATOM_CLASS[1:-1]}])\.(?=[A-Z][a-z])")
_WORD_BEFORE = re.compile(r"[\w.\-/~:@]*$")
_WORD_AFTER = re.compile(r"[A-Za-z]+")
# Words after a dot that are file extensions or domains ("model.Py", "github.Io"), not sentences.
# Common English words that are also extensions ("In", "It", "Is", "At") are left out on purpose.
_EXTENSIONS = frozenset(
    "py pyc ipynb js ts jsx tsx json jsonl yaml yml toml csv tsv txt md rst tex bib pdf png jpg "
    "jpeg gif svg html htm xml cpp cc hpp java rs go rb sh zip tar gz bz xz pt pth ckpt npy npz "
    "pkl h5 hdf onnx bin safetensors com org net edu gov io ai co uk de fr cn jp ca au ch nl "
    "ru github".split()
)


def clean_text(text: str) -> str:
    """Return text without invisible characters, with entities decoded once and spaces collapsed."""
    text = _INVISIBLE.sub("", text.replace("\r", " "))
    # Decode after stripping so that "&#2;" cannot bring a control character back.
    text = _INVISIBLE.sub("", html.unescape(text))
    if "`" in text:
        text = _TEX_DOUBLE_QUOTE.sub("\u201c\\1\u201d", text)
        text = _TEX_SINGLE_QUOTE.sub("\u2018\\1\u2019", text)
    return collapse_white_space(text)


def collapse_white_space(text: str) -> str:
    """Return text stripped, each run of white space (no-break spaces included) one space."""
    if text.isascii() and text.isprintable() and "  " not in text:
        return text.strip()  # single spaces only, nothing to collapse: most abstracts
    return _WHITESPACE.sub(" ", text).strip()


def restore_sentence_spaces(text: str, ends_sentence: Callable[[str], bool]) -> str:
    """Add the space missing after a sentence's full stop ("LLMs.To" -> "LLMs. To").

    Rule, in order: the dot precedes a capital then a lower-case letter; it follows ")", or a
    placeholder for which ends_sentence is true (math, emphasis: "$x$.We"), or a word at least
    two characters long holding no dot, slash or other URL/path character (so "e.g.", "i.e.",
    "a.b.Cd" and paths stay); the word after the dot is not a file extension or domain
    ("model.Py", "github.Io").
    """
    if "." not in text:
        return text
    parts: list[str] = []
    start = 0
    for match in _RUN_TOGETHER.finditer(text):
        previous = text[match.start() - 1]
        if ord(previous) >= ATOM_FIRST:
            if not ends_sentence(previous):
                continue
        elif previous != ")":
            before = _WORD_BEFORE.search(text, 0, match.start()).group()  # type: ignore[union-attr]
            if len(before) < 2 or re.search(r"[./~:@]", before):
                continue
        after = _WORD_AFTER.match(text, match.end())
        if after and after.group().lower() in _EXTENSIONS:
            continue
        parts.append(text[start : match.end()])
        parts.append(" ")
        start = match.end()
    parts.append(text[start:])
    return "".join(parts)
