"""Give a derived title its final shape: title case, and a length of MIN_WORDS to MAX_WORDS."""

from __future__ import annotations

import re

from .phrases import fallback_phrase
from .prepare import Prepared, restore
from .vocabulary import DANGLING, MAX_WORDS, MIN_WORDS, SMALL_WORDS, TRAILING_PUNCT


def title_case(words: tuple[str, ...] | list[str]) -> str:
    """Capitalise each word except inner function words; leave acronyms and math as written."""
    cased = []
    for position, word in enumerate(words):
        parts = word.split("-")
        for index, part in enumerate(parts):
            # "In-Context", "Over-Memorization": a hyphenated word's first part is capitalised.
            is_inner_small = part.lower() in SMALL_WORDS and (
                index > 0 or (position > 0 and len(parts) == 1))
            if part.islower() and not is_inner_small:
                parts[index] = part[:1].upper() + part[1:]
            elif is_inner_small and part.istitle() and position > 0:
                parts[index] = part.lower()
        cased.append("-".join(parts))
    return " ".join(cased)


def title_cased_name(styled: str) -> str:
    """Shape a styled word of the abstract for a title: a name as written ("DiffRisk",
    "structLM"), words in lower case as the title's other words ("$\\textit{every}$")."""
    return title_case(styled.split()) if styled.islower() else styled


def clean_end(title: str) -> str:
    """Drop what a title cut from a sentence may end with: a list's bullet ("Time.$\\bullet$"),
    a dash left open ("Discrete Symbols --"), a hyphen whose word was cut ("English Word-")."""
    return _LOOSE_END.sub("", title) or title


_LOOSE_END = re.compile(r"(?:\s*\$\\(?:bullet|cdot|circ|star|diamond)\$|\s*[-\u2013\u2014]+|[\s.,;:]+)+$")


def capitalise_first(title: str) -> str:
    """Capitalise a title's first word unless it is a name spelled in lower case on purpose
    (iPhone, k-NN, word2vec: a capital or a digit after its first letter)."""
    first = title.split(" ", 1)[0]
    if not first[:1].islower() or any(char.isupper() or char.isdigit() for char in first[1:]):
        return title
    return title[:1].upper() + title[1:]


def fit_length(title: str, prepared: Prepared) -> str:
    """Cut a title to at most MAX_WORDS where it can end cleanly, or lengthen a short one."""
    words = title.split()
    # Words as a reader counts them: a formula with spaces in it counts as several.
    while _reader_length(words, prepared) > MAX_WORDS or (
            len(words) > MIN_WORDS and (
            words[-1].strip(TRAILING_PUNCT).lower() in DANGLING or
            " ".join(words).count("(") > " ".join(words).count(")"))):
        words.pop()
    if len(words) < MIN_WORDS:
        # The first sentence's opening phrase takes the place of the short words after a name
        # ("PMI: How Humans and Machines Make Sense …", not "PMI: Perception How humans …"),
        # or of a short title without one: glued to them it reads as a fragment ("Heat We
        # prove that …"). Only a phrase still too short is padded.
        head = words[:1] if words[0].endswith(":") else []
        opening = fallback_phrase(prepared, MAX_WORDS - len(head)).split()
        # An abstract of fewer words than a title has is its own title, said once
        # ("Transformers Work", not "Transformers Transformers work").
        repeats = [word.lower().rstrip(TRAILING_PUNCT) for word in opening[:len(words)]] == \
            [word.lower().rstrip(TRAILING_PUNCT) for word in words]
        words = head + title_case(opening).split() if len(head + opening) >= MIN_WORDS or repeats \
            else words + opening
        words = words[:MAX_WORDS]
    return " ".join(words).rstrip(".,;: ")


def _reader_length(words: list[str], prepared: Prepared) -> int:
    """Count words as a reader does, each formula's words included."""
    if len(words) > MAX_WORDS or not prepared.maths:
        return len(words)
    return len(restore(" ".join(words), prepared).split())
