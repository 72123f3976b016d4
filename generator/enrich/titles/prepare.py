"""Prepare an abstract for the title heuristics: hide math, strip markup, split sentences.

Every `$…$` span becomes one private-use character, so that no later step can cut, re-case or
re-space a formula; `restore` puts the spans back as written when a title is finished. Each
sentence is read once here (its words, its contribution cues); later steps only look these up.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from itertools import chain
from typing import Iterable, NamedTuple

from .vocabulary import INTRO_CUE, INTRO_CUE_WORDS, STUDY_CUE, STUDY_CUE_WORDS, STUDY_SUBJECT_WORDS

# One private-use character stands for the n-th math span of the abstract being processed.
MATH_BASE = 0xE000
NAME_MATH_BASE = 0xF000
# A lower-case compound: "simulator-free", "plug-and-play".
_EMPHASISED_COMPOUND = re.compile(r"[a-z]+(?:-[a-z]+)+")
_MATH_CHARS = "\ue000-\uf8ff"
PLACEHOLDER = re.compile("[" + _MATH_CHARS + "]")
_STYLED_LETTERS = re.compile(
    r"\$\s*(?:\\(?:textbf|mathbf|texttt|mathtt|textit|mathit|mathrm|textrm|underline|bm"
    r"|boldsymbol|textsc|mathsf|textsf|text|mathcal)\s*\{\s*)+"
    r"([A-Za-z][A-Za-z0-9+ -]*?)\s*\}+\s*\$")
_MATH_SPAN = re.compile(r"\$\$[^$]+?\$\$|\$[^$]+?\$")
_DOLLAR_AMOUNT = re.compile(r"\$(?=\d)")
_URL = re.compile(r"<?(?:https?://|www\.|github\.com/)[^\s)>\]{}]+>?")
_URL_PARTS = re.compile(r"[_#?=.]")
_CODE_SPAN = re.compile(r"`([^`\s']{1,40})`")
_MD_LINK = re.compile(r"\[([^\]]+)\]\((?:https?://|www\.)[^)]*\)")
_HREF = re.compile(r"\\(?:href|hyperlink|hypertarget)\{[^}]*\}\{([^}]*)\}")
_URL_MACRO = re.compile(r"\\url\{[^}]*\}")
_TEXT_MACRO = re.compile(
    r"\\(?:textbf|textit|emph|texttt|textsc|textsf|textrm|text|mathrm|mathbf|underline|bm"
    r"|textcolor\{[^}]*\}|color\{[^}]*\})\s*\{([^{}]*)\}")
_MD_EMPHASIS = re.compile(r"(?<![\w*])(\*\*|\*|__|_)(?=\S)([^*_\n]{1,80}?)(?<=\S)\1(?![\w*])")
_NAMED_MACROS = {r"\textemdash": " — ", r"\textendash": "–", r"\%": "%", r"\&": "&",
                 r"\_": "_", r"\#": "#", "&mdash;": " — ", "&ndash;": "–", "&amp;": "&",
                 "---": " — ", "\\\\": " "}
# Markdown bold inside words ("und**ER**standing") and a stray star before a word; a star after
# a name ("ToolChain*") or between two words' characters ("7*7", "a*b") stays.
_STRAY_STARS = re.compile(r"(?<!\w)\*+(?=\w)|\*{2,}(?=\w)|(?<=\w)\*{2,}")
_OTHER_MACRO = re.compile(r"\\[A-Za-z]+\*?\s*")
# Typographic hyphens and quotes as plain ones (a regex: str.translate is slow on non-ASCII text).
_PLAIN_MARKS = {"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u00ad": "", "\u201c": '"',
                "\u201d": '"', "\u2018": "'", "\u2019": "'"}
_TYPOGRAPHIC_MARK = re.compile("[" + "".join(_PLAIN_MARKS) + "]")
# A sentence ends at . ! or ? before a capital (or digit, quote, bracket, math), or, where a
# scraper ran two sentences together, right before "Xy" after a lower-case letter. The pattern
# starts with the punctuation itself, so the engine skips ahead to it.
_SENTENCE_END = re.compile(
    r"[.!?](?:\s+(?=[A-Z0-9\"'(\[" + _MATH_CHARS + r"])|(?<=[a-z0-9)][.!?])(?=[A-Z][a-z])"
    r"|(?<=[A-Z]{2}[.!?])(?=[A-Z][a-z]))")  # run together after an acronym: "Embodied AI.Our"
_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", "vs.", "cf.", "Fig.", "Eq.", "resp.", "approx.", "Sec.",
                  "etc.")
_ABBREVIATION_END = re.compile(r"\b(?:" + "|".join(re.escape(a) for a in _ABBREVIATIONS) + ")$")
WORD = re.compile(r"[a-z0-9]+")
# Text without any of these has no markup to strip.
_MARKUP_MARKS = ("\\", "*", "_", "&", "---", "{", "}", "`")


class Sentence(NamedTuple):
    """One sentence of a prepared abstract and what the heuristics look up about it.

    A named tuple, not a frozen dataclass: an abstract has a dozen sentences, and a frozen
    dataclass takes several times as long to create.
    """

    text: str
    """The sentence; each math span is one private-use character."""
    lower: str
    """The sentence in lower case, character for character."""
    words: list[str]
    """Its runs of lower-case letters and digits, in order (the words content stems come from)."""
    intro_cues: tuple[tuple[int, int], ...]
    """Where introducing cues start and end: "we propose ", "this paper introduces ", …"""
    study_cues: tuple[tuple[int, int], ...]
    """Where studying cues start and end: "we show ", "this paper studies ", …"""


@dataclass(frozen=True)
class Prepared:
    """An abstract with math hidden, macros stripped and sentences split."""

    sentences: tuple[Sentence, ...]
    """Sentences in reading order."""
    maths: tuple[str, ...]
    """The math spans as written, indexed by their placeholder."""
    emphasized: tuple[str, ...]
    """Phrases the author set in bold, italics or typewriter, longest first."""
    url_names: tuple[str, ...] = ()
    """Words in the paths of the abstract's URLs (project and code pages)."""
    vocabulary: frozenset[str] = frozenset()
    """Every word of the abstract, lower-cased: what the cue patterns are first checked against."""

    @property
    def text(self) -> str:
        """Return the whole prepared abstract, sentences joined by spaces."""
        return " ".join(sentence.text for sentence in self.sentences)


def prepare_text(text: str) -> Prepared:
    """Hide math, strip macros, Markdown and URLs, and split the text into sentences."""
    if not text.isascii():
        # Private-use characters mean nothing in an abstract, and would pass for placeholders.
        text = PLACEHOLDER.sub(" ", _plain_marks(unicodedata.normalize("NFC", text)))
    maths: list[str] = []
    if "$" in text:
        text = _hide_math(text, maths)
    url_names: tuple[str, ...] = ()
    if "http" in text or "www." in text or "github.com/" in text or "\\href" in text or \
            "\\hyper" in text:
        url_names = tuple(segment for url in _URL.findall(text)
                          for segment in _URL_PARTS.split(url.rstrip("/.>").rsplit("/", 1)[-1]))
        text = _URL.sub("", _MD_LINK.sub(r"\1", _HREF.sub(r"\1", text)))
    emphasized: set[str] = set()
    if any(mark in text for mark in _MARKUP_MARKS):
        text = _strip_markup(text, emphasized)
    if not text.isascii():
        text = _plain_marks(unicodedata.normalize("NFKC", text))
    if "`" in text:
        # TeX's quotation marks: ``unlearn'' is "unlearn"; a lone backtick is a stray quotation
        # mark (`PerCo'').
        text = text.replace("``", '"').replace("''", '"').replace("`", "")
    text = " ".join(text.split())
    sentences, vocabulary = _read_sentences(split_sentences(text))
    return Prepared(sentences, tuple(maths),
                    tuple(sorted(emphasized, key=lambda phrase: (-len(phrase), phrase))), url_names,
                    vocabulary)


def _plain_marks(text: str) -> str:
    """Replace typographic hyphens and quotes by plain ones."""
    return _TYPOGRAPHIC_MARK.sub(lambda mark: _PLAIN_MARKS[mark.group(0)], text)


def _hide_math(text: str, maths: list[str]) -> str:
    """Replace each math span by its placeholder; unwrap bold letters inside a word."""
    text = text.replace("\\$", "USD ")
    if text.count("$") % 2:
        text = _DOLLAR_AMOUNT.sub("USD ", text)

    def hide(match: re.Match[str]) -> str:
        styled = _STYLED_LETTERS.fullmatch(match.group(0))
        before = match.string[match.start() - 1:match.start()]
        after = match.string[match.end():match.end() + 1]
        if styled and (before.isalpha() or after.isalpha() or
                       _EMPHASISED_COMPOUND.fullmatch(styled.group(1))):
            # Bold letters inside a word spell an acronym ("$\textbf{Co}$ncomitant"), and an
            # emphasised compound is an adjective ("$\textit{simulator-free}$"): plain text.
            return styled.group(1)
        maths.append(match.group(0))
        # A styled word on its own ("$\texttt{NAISR}$") is a name; its placeholder says so.
        base = NAME_MATH_BASE if styled and len(styled.group(1)) > 1 else MATH_BASE
        return chr(base + len(maths) - 1)

    return _MATH_SPAN.sub(hide, text).replace("$", "")


def _strip_markup(text: str, emphasized: set[str]) -> str:
    """Unwrap TeX text macros, Markdown emphasis and code spans (noting what they emphasized),
    drop the rest."""
    def unwrap(match: re.Match[str]) -> str:
        inner = match.group(match.lastindex or 1)
        emphasized.add(inner.strip())
        return inner

    text = _URL_MACRO.sub("", text)
    for _ in range(3):
        text = _TEXT_MACRO.sub(unwrap, text)
    if "*" in text or "_" in text:
        text = _MD_EMPHASIS.sub(unwrap, text)
    if "`" in text:  # a Markdown code span names a thing (`HyperAttention`)
        text = _CODE_SPAN.sub(unwrap, text)
    for macro, replacement in _NAMED_MACROS.items():
        text = text.replace(macro, replacement)
    text = _OTHER_MACRO.sub("", text).replace("{", "").replace("}", "")
    return _STRAY_STARS.sub("", text) if "*" in text else text


def split_sentences(text: str) -> list[str]:
    """Split at sentence ends, also where a scraper ran two sentences together."""
    sentences: list[str] = []
    start = 0
    for end in _SENTENCE_END.finditer(text):
        _append_sentence(sentences, text[start:end.start() + 1])
        start = end.end()
    _append_sentence(sentences, text[start:])
    return sentences


def _append_sentence(sentences: list[str], piece: str) -> None:
    """Add a piece as a sentence, or to the previous one when that ends in "e.g." or "et al."."""
    if sentences and sentences[-1].endswith(_ABBREVIATIONS) and \
            _ABBREVIATION_END.search(sentences[-1]):
        sentences[-1] += " " + piece
    elif piece.strip():
        sentences.append(piece.strip())


def _read_sentences(texts: list[str]) -> tuple[tuple[Sentence, ...], frozenset[str]]:
    """Find each sentence's words and contribution cues, and the abstract's vocabulary.

    A cue pattern runs only on the sentences that have one of its words (checked as sets).
    """
    lowers = [_lower(text) for text in texts]
    words = [WORD.findall(lower) for lower in lowers]
    vocabulary = frozenset(chain.from_iterable(words))
    intro_words = vocabulary & INTRO_CUE_WORDS
    study_words = vocabulary & STUDY_CUE_WORDS if vocabulary & STUDY_SUBJECT_WORDS else frozenset()
    sentences = tuple(
        Sentence(text, lower, sentence_words,
                 _cue_spans(INTRO_CUE, lower) if intro_words and not intro_words.isdisjoint(
                     sentence_words) else (),
                 _cue_spans(STUDY_CUE, lower) if study_words and not study_words.isdisjoint(
                     sentence_words) and not STUDY_SUBJECT_WORDS.isdisjoint(sentence_words)
                 else ())
        for text, lower, sentence_words in zip(texts, lowers, words))
    return sentences, vocabulary


def _lower(text: str) -> str:
    """Lower-case a text without changing its length, so offsets stay valid ("İ" is one char)."""
    lower = text.lower()
    return lower if len(lower) == len(text) else "".join(char.lower()[0] for char in text)


def _cue_spans(cue: re.Pattern[str], lower: str) -> tuple[tuple[int, int], ...]:
    """Return where a cue pattern matches a lower-cased sentence."""
    return tuple(match.span() for match in cue.finditer(lower))


def mentions_any(lower: str, words: Iterable[str]) -> bool:
    """Tell whether a lower-cased text contains any of the words, even inside a longer word.

    A cheap necessary condition for a pattern that needs one of the words to match.
    """
    return any(word in lower for word in words)


def restore(title: str, prepared: Prepared,
            plain_names: Callable[[str], str] | None = None) -> str:
    """Put each math span back exactly as the abstract wrote it; with `plain_names`, a name
    written as a styled word ("$\\textbf{DiffRisk}$") as the word alone, shaped by it: in a
    title or a gist it reads as the words around it, not in the math font."""
    if not prepared.maths:
        return title

    def span(match: re.Match[str]) -> str:
        code = ord(match.group(0))
        math = prepared.maths[(code - MATH_BASE) % 0x1000]
        styled = _STYLED_LETTERS.fullmatch(math) if plain_names and code >= NAME_MATH_BASE else None
        return plain_names(styled.group(1)) if plain_names and styled else math

    return PLACEHOLDER.sub(span, title)


def restore_plain(text: str) -> str:
    """Replace math placeholders by spaces, for counting words."""
    return PLACEHOLDER.sub(" ", text)


def is_math(char: str) -> bool:
    """Tell whether a character stands for a hidden math span."""
    return bool(char) and MATH_BASE <= ord(char[0]) <= 0xF8FF
