"""Citing a paper: BibTeX only from a given title and authors, a plain reference that says a
derived title is papersite's, and Google Scholar's tags on every page that has authors
(generator/render/cite.py)."""

from __future__ import annotations

import json
import re
from html import unescape

from conftest import paper_pages

from papersite.cli import main
from papersite.model import Abstract, Paper, Source
from papersite.render.cite import HERE, bibtex, plain_reference, scholar_tags


def _paper(title: str, source: str, authors: tuple[str, ...] = ()) -> Paper:
    abstract = Abstract(id="abc123", text="We study sampling.", list_name="ICLR 2024 paper list",
                        sources=(Source("list.jsonl", 1, 1),), title=title if source == "given" else "",
                        authors=authors)
    return Paper(abstract=abstract, slug="fast-exact", title=title, title_source=source)


def test_bibtex_escapes_what_bibtex_reads_as_commands_and_keys_by_author_year_and_title():
    entry = bibtex(_paper("Fast & Exact 50% Sampling of $x_1$", "given", ("Ada Lovelace", "Alan Turing")),
                   "ICLR 2024")
    assert entry.startswith("@inproceedings{lovelace2024fast,\n")
    assert "  title = {{Fast \\& Exact 50\\% Sampling of $x\\_1$}}," in entry
    assert "  author = {Ada Lovelace and Alan Turing}," in entry
    assert "  booktitle = {ICLR 2024},\n  year = {2024},\n" in entry and f"url = {{{HERE}}}" in entry


def test_a_derived_title_is_cited_as_papersites_and_gets_no_scholar_tags():
    paper = _paper("Fast Exact Sampling", "derived", ("Ada Lovelace",))
    reference = plain_reference(paper, "ICLR 2024")
    assert reference == (f"Ada Lovelace. “Fast Exact Sampling” (title derived from the abstract "
                         f"by papersite, not the authors'). ICLR 2024. {HERE}")
    assert scholar_tags(paper, "ICLR 2024") == ""


def test_scholar_tags_name_each_author_and_escape_quotes():
    tags = scholar_tags(_paper('The "Best" Sampler', "given", ("Ada Lovelace", "Alan Turing")),
                        "ICLR 2024")
    assert re.findall(r'<meta name="citation_author" content="([^"]+)">', tags) == [
        "Ada Lovelace", "Alan Turing"]
    assert '<meta name="citation_title" content="The &quot;Best&quot; Sampler">' in tags
    assert '<meta name="citation_publication_date" content="2024">' in tags


def test_every_page_of_a_list_with_authors_carries_its_own_scholar_tags(tmp_path, private_cache,
                                                                       monkeypatch):
    # Enough papers for the fast path to pour pages into a shell: each must keep its own tags.
    records = [{"id": f"p{n}", "title": f"Sampler Number {n} for Graphs",
                "authors": [f"Author{n} One", f"Author{n} Two"],
                "abstract": f"We propose Sampler{n}, a method that samples graph number {n} fast. "
                            "It is exact and cheap on molecules."} for n in range(6)]
    (tmp_path / "list.jsonl").write_text("\n".join(json.dumps(r) for r in records), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["build", "list.jsonl", "--quiet"]) == 0
    pages = paper_pages(tmp_path / "site")
    assert len(pages) == len(records)
    for page in pages:
        html = page.read_text(encoding="utf-8")
        title = unescape(re.search(r'<meta name="citation_title" content="([^"]+)">', html).group(1))
        number = title.split()[2]
        authors = re.findall(r'<meta name="citation_author" content="([^"]+)">', html)
        assert authors == [f"Author{number} One", f"Author{number} Two"], page
        cite = re.search(r'<details class="ps-cite".*?</details>', html, re.S).group(0)
        assert f"title = {{{{{title}}}}}" in unescape(cite) and "data-ps-here" in cite
