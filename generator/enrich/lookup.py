"""Where a reader finds the paper itself: its PDF, its real title, its authors.

An abstract list rarely says where its papers are. Each page gets one link, by this order:
1. the URL the input record gives;
2. else the arXiv id or DOI the abstract names, when it names exactly one (a data set's or a
   software archive's DOI, such as Zenodo's, is no paper's);
3. else a Google Scholar search for the abstract's most distinctive sentence, in quotes: a
   sentence of plain words (no math, markup or address, which a search engine reads otherwise)
   whose words are rarest in the collection, at most `MAX_QUOTED_WORDS` words of it; papers'
   abstracts are indexed, so the quote finds the paper under its real title.
The link is only followed when the reader chooses: nothing is loaded, offline either.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from urllib.parse import quote_plus

from ..model import Abstract

SCHOLAR_SEARCH = "https://scholar.google.com/scholar?q="
MAX_QUOTED_WORDS = 32
"""Google reads at most 32 words of a query."""
MIN_QUOTED_WORDS = 6
"""Fewer words could be any paper's."""

_ARXIV = re.compile(r"(?:arxiv\.org/(?:abs|pdf)/|arXiv:\s?)(\d{4}\.\d{4,5})(?:v\d+)?", re.IGNORECASE)
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>)\]]+)")
# Archives of data and software (Zenodo, figshare, Dryad, OSF): their DOIs are not the paper's.
_NOT_PAPERS = ("10.5281/", "10.6084/", "10.5061/", "10.17605/")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
# A run of words a search engine reads as the abstract wrote them: letters, digits, spaces and
# plain punctuation; math, TeX, Markdown, HTML and addresses end a run.
# (Each kind is taken a stretch at a time, and the run ends where a word character precedes:
# the same runs as a character at a time, in 60% of the time.)
_PLAIN_RUN = re.compile(r"[^\W_](?:[^\W_]+|[^\S\n]+|[,;:'’()\-–/%+]+|\.(?=[^\W_]))*(?<=[^\W_])")
_WORD = re.compile(r"[^\W\d_]{3,}")


def find_paper_urls(abstracts: Sequence[Abstract]) -> list[str]:
    """Return, for each abstract, the link that finds its paper (see the module's order)."""
    word_sets = [set(_WORD.findall(abstract.text.lower())) for abstract in abstracts]
    frequency = Counter(word for words in word_sets for word in words)
    size = len(abstracts)
    rarity = {word: math.log((size + 1) / count) for word, count in frequency.items()}
    return [abstract.url if abstract.url.startswith(("http://", "https://"))
            else _named_paper(abstract.text) or scholar_search(distinctive_quote(abstract.text, rarity))
            for abstract in abstracts]


def scholar_search(quote: str) -> str:
    """Return a Google Scholar search for the quoted words."""
    return SCHOLAR_SEARCH + quote_plus(f'"{quote}"')


def distinctive_quote(text: str, rarity: dict[str, float]) -> str:
    """Return the run of plain words, a sentence at most, whose words are rarest (`rarity`, by
    lower-case word); the first words of the longest run when none has MIN_QUOTED_WORDS."""
    runs = [run.strip(" ,;:-–") for sentence in _SENTENCE_END.split(text)
            for run in _PLAIN_RUN.findall(sentence.rstrip(".!?"))]
    runs = [" ".join(run.split(" ")[:MAX_QUOTED_WORDS]) for run in runs if run]
    usable = [run for run in runs if len(run.split()) >= MIN_QUOTED_WORDS]
    if not usable:
        return max(runs, key=lambda run: len(run.split()), default=text[:80])
    return max(usable, key=lambda run: sum(rarity.get(word, 0.0)
                                           for word in set(_WORD.findall(run.lower()))))


def _named_paper(text: str) -> str:
    """Return the arXiv or DOI address of the one paper the abstract names, if it names one."""
    if "10." not in text and "arxiv" not in text.lower():  # most abstracts name neither
        return ""
    arxiv = set(_ARXIV.findall(text))
    dois = {doi.rstrip(".,;:") for doi in _DOI.findall(text)
            if not doi.startswith(_NOT_PAPERS)}
    if len(arxiv) + len(dois) != 1:
        return ""
    return f"https://arxiv.org/abs/{arxiv.pop()}" if arxiv else f"https://doi.org/{dois.pop()}"
