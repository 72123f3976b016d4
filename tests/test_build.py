"""End to end: the bundled abstracts become a strict MkDocs Material site in tmp_path."""

from __future__ import annotations

import gc
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import REPO, paper_pages
from sitecheck import broken_links, read_links

from papersite.cli import main
from papersite.enrich.reasons import distinct_reasons
from papersite.vocabulary_files import load_vocabulary


@pytest.fixture
def bundled_site(bundled_hosted_site) -> Path:
    """The bundled abstracts, built once in process for the whole run (`conftest.py`)."""
    return bundled_hosted_site


def test_one_page_per_abstract(bundled_site):
    assert len(paper_pages(bundled_site)) == 37


def test_every_paper_page_has_a_title_a_tag_and_up_to_five_related_papers(bundled_site):
    papers = {p.parent.name for p in paper_pages(bundled_site)}
    fold = load_vocabulary().fold
    counts = []
    for page in paper_pages(bundled_site):
        html = page.read_text(encoding="utf-8")
        assert re.search(r'<h1 class="ps-title">.+?</h1>', html), page
        assert 'class="md-tag ps-tag' in html, page
        related = re.search(r'<section class="ps-related".*?</section>', html, re.S).group(0)
        targets = re.findall(r'href="\.\./([^/"]+)/"', related)
        counts.append(len(targets))
        assert len(targets) <= 5, page
        # Fewer than five: the page says so.
        assert len(targets) == 5 or 'class="ps-related-note"' in related, page
        cards = re.findall(r"<li.*?</li>", related, re.S)
        assert all('class="ps-why"' in card for card in cards), page  # each says why
        for card in cards:  # and says each thing once ("Large language models", not also "LLMs")
            reasons = tuple(re.findall(r"<span>(.*?)</span>", card.split('class="ps-why"', 1)[1]))
            assert reasons == distinct_reasons(reasons, fold), (page, reasons)
        assert page.parent.name not in targets
        assert set(targets) <= papers
    assert sum(counts) >= 25  # 37 abstracts from all of machine learning: few are close


def test_tag_index_lists_every_tag_used(bundled_site):
    index_links = set(read_links(bundled_site / "tags" / "index.html").hrefs)
    for page in paper_pages(bundled_site):
        html = page.read_text(encoding="utf-8")
        for slug in re.findall(r'class="md-tag ps-tag[^"]*" href="\.\./\.\./tags/([^/"]+)/"', html):
            assert f"{slug}/" in index_links, slug


def test_papers_json_lists_every_paper_with_related_ids(bundled_site):
    records = json.loads((bundled_site / "papers.json").read_text(encoding="utf-8"))
    assert len(records) == 37
    ids = {record["id"] for record in records}
    for record in records:
        assert record["title_source"] == "derived"
        assert len(record["related"]) <= 5 and set(record["related"]) <= ids - {record["id"]}
        assert (bundled_site / record["url"] / "index.html").exists()
        assert record["sources"][0]["file"].endswith(".txt")


def test_hub_pages_and_no_broken_internal_links(bundled_site):
    home = (bundled_site / "index.html").read_text(encoding="utf-8")
    assert "NeurIPS 2026" in home and "37 papers" in home
    assert (bundled_site / "papers" / "index.html").exists()
    assert broken_links(bundled_site) == []


def test_nav_stays_small(bundled_site):
    # Paper pages are kept out of the nav: each page links only the three hub pages.
    page = paper_pages(bundled_site)[0].read_text(encoding="utf-8")
    assert page.count('class="md-nav__link') < 12


class _VisibleText(HTMLParser):
    """Collect the text a reader sees in a page's article, outside math and code."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skip = 0
        self.inside = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.inside += tag == "article"
        self.skip += tag in ("math", "code", "script", "style")

    def handle_endtag(self, tag):
        self.inside -= tag == "article"
        self.skip -= tag in ("math", "code", "script", "style")

    def handle_data(self, data):
        if self.inside and not self.skip:
            self.parts.append(data)


def test_built_pages_show_no_raw_tex_dollars_or_markdown(bundled_site):
    leftovers = []
    for page in paper_pages(bundled_site):
        raw = page.read_text(encoding="utf-8")
        parser = _VisibleText()
        parser.feed(raw)
        text = " ".join(parser.parts)
        for pattern in (r"\\[A-Za-z]+", r"\$", r"\*\*|__", r"&\w+;"):
            leftovers += [f"{page.parent.name}: {m}" for m in re.findall(pattern, text)]
        leftovers += [f"{page.parent.name}: {m}" for m in re.findall(r"&amp;\w+;", raw)]
    assert leftovers == []


def test_materials_tags_plugin_sees_every_paper(bundled_site):
    mappings = json.loads((bundled_site / "tags.json").read_text(encoding="utf-8"))["mappings"]
    papers = [m for m in mappings if m["item"]["url"].startswith("papers/") and m["tags"]]
    assert len(papers) == 37


def test_a_build_leaves_the_garbage_collector_as_it_found_it(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    before = gc.get_threshold()
    assert main(["build", "--site-dir", str(tmp_path / "site"), "--quiet"]) == 0
    assert gc.get_threshold() == before


def test_paper_pages_preview_their_title_and_gist_when_shared(bundled_site):
    # A link in a chat or a post previews the paper: Open Graph and description tags.
    records = {record["url"]: record
               for record in json.loads((bundled_site / "papers.json").read_text(encoding="utf-8"))}
    for url, record in records.items():
        page = (bundled_site / url / "index.html").read_text(encoding="utf-8")
        gist = html.escape(record["gist"], quote=True)
        assert f'<meta name="description" content="{gist}">' in page, url
        assert f'<meta property="og:description" content="{gist}">' in page, url
        assert f'<meta property="og:title" content="{html.escape(record["title"])}">' in page, url
        assert '<meta property="og:type" content="article">' in page, url
