"""How to cite a paper: BibTeX where the list gives its title and authors, else a plain reference
that says the title is papersite's; and Google Scholar's `citation_*` tags where authors are given.

A derived title never goes into BibTeX: a reference manager would file the paper under a title
its authors never wrote.
"""

from __future__ import annotations

import re
import unicodedata
from html import escape

from ..enrich.titles import list_year
from ..model import Paper
from ..text import plain_text

HERE = "\ue000papersite:here\ue000"
"""Stands for the page's own address in a reference: the browser fills it in (the build
does not know where the site is served from without `site_url`)."""

_BIBTEX_SPECIAL = re.compile(r"(?<!\\)([&%#_])")


def is_citable(paper: Paper) -> bool:
    """Tell whether the list gave what a BibTeX entry needs: the title and the authors."""
    return paper.title_source == "given" and bool(paper.abstract.authors)


def bibtex(paper: Paper, venue: str) -> str:
    """Return a BibTeX entry of a paper the list gave a title and authors (`is_citable`)."""
    abstract = paper.abstract
    year = _year(paper, venue)
    fields = [("title", "{" + _bibtex_text(paper.title) + "}"),
              ("author", " and ".join(_bibtex_text(author) for author in abstract.authors)),
              ("booktitle", _bibtex_text(venue))]
    if year:
        fields.append(("year", str(year)))
    fields.append(("url", HERE))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@inproceedings{{{_key(paper, year)},\n{body}\n}}"


def plain_reference(paper: Paper, venue: str) -> str:
    """Return a reference to a paper whose title papersite derived: it says so, and points to
    the page by its permanent address."""
    authors = ", ".join(paper.abstract.authors)
    who = f"{authors}. " if authors else ""
    title = plain_text(paper.title)
    note = ("title derived from the abstract by papersite, not the authors'"
            if paper.title_source == "derived" else "")
    return f"{who}“{title}”{f' ({note})' if note else ''}. {venue}. {HERE}"


def scholar_tags(paper: Paper, venue: str) -> str:
    """Return Google Scholar's `citation_*` meta tags, for a paper with its authors given."""
    if not is_citable(paper):
        return ""
    year = _year(paper, venue)
    tags = [("citation_title", plain_text(paper.title)),
            *(("citation_author", author) for author in paper.abstract.authors),
            ("citation_conference_title", venue)]
    if year:
        tags.append(("citation_publication_date", str(year)))
    return "".join(f'<meta name="{name}" content="{escape(value, quote=True)}">'
                   for name, value in tags)


def _year(paper: Paper, venue: str) -> int | None:
    """The year the venue's name gives, else the paper's list's ("ICLR 2024" → 2024)."""
    return list_year(venue) or list_year(paper.abstract.list_name)


def _bibtex_text(text: str) -> str:
    """Escape the characters BibTeX reads as commands; keep math and braces as written."""
    return _BIBTEX_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _key(paper: Paper, year: int | None) -> str:
    """Return a citation key: the first author's last name, the year, the title's first word."""
    last_name = paper.abstract.authors[0].split()[-1] if paper.abstract.authors else "paper"
    first_word = next((word for word in re.findall(r"[^\W\d_]+", plain_text(paper.title))
                       if len(word) > 3), "")
    ascii_key = unicodedata.normalize("NFKD", f"{last_name}{year or ''}{first_word}")
    return re.sub(r"[^A-Za-z0-9]", "", ascii_key.encode("ascii", "ignore").decode()).lower() \
        or paper.abstract.id
