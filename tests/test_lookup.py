"""The link that finds the paper itself: its URL, the arXiv id or DOI its abstract names, or a
scholarly search for its most distinctive sentence (generator/enrich/lookup.py)."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from conftest import paper_pages

from papersite.enrich.lookup import SCHOLAR_SEARCH, find_paper_urls
from papersite.model import Abstract, Source

PLAIN = ("We introduce ZebraNet, a striped network for counting zebras in aerial images. "
         "Experiments show good results. ")
MATH = "Our bound scales as $O(\\sqrt{n})$ for $n$ samples, improving on \\textbf{earlier} work."


def _abstract(text: str, url: str = "") -> Abstract:
    return Abstract(id=str(hash(text)), text=text, list_name="L", sources=(Source("l.txt", 1, 1),),
                    url=url)


def _quoted(url: str) -> str:
    assert url.startswith(SCHOLAR_SEARCH)
    [query] = parse_qs(urlsplit(url).query)["q"]
    assert query.startswith('"') and query.endswith('"')
    return query[1:-1]


def test_a_given_url_wins_then_one_named_arxiv_id_or_doi():
    texts = [PLAIN + "Code: https://github.com/x/zebranet.",
             PLAIN + "The full version is arXiv:2401.01234v2.",
             PLAIN + "Published as doi:10.1145/3580305.3599256.",
             PLAIN + "Our data set is at https://doi.org/10.5281/zenodo.123456.",
             PLAIN + "We build on arXiv:2401.01234 and arXiv:2302.04321."]
    urls = find_paper_urls([_abstract(texts[0], url="https://openreview.net/forum?id=abc"),
                            *map(_abstract, texts[1:])])
    assert urls[:3] == ["https://openreview.net/forum?id=abc", "https://arxiv.org/abs/2401.01234",
                        "https://doi.org/10.1145/3580305.3599256"]
    # A data archive's DOI, or two papers named: neither is this paper, so search for it.
    assert all(url.startswith(SCHOLAR_SEARCH) for url in urls[3:])


def test_the_search_quotes_the_rarest_plain_sentence_verbatim():
    others = [_abstract("Experiments show good results on images. We count things well.")] * 3
    url = find_paper_urls([_abstract(PLAIN + MATH), *others])[0]
    quote = _quoted(url)
    assert quote == "We introduce ZebraNet, a striped network for counting zebras in aerial images"
    # Math and TeX are never quoted: a search engine reads them otherwise.
    only_math = find_paper_urls([_abstract(MATH + " " + MATH)])[0]
    assert "$" not in _quoted(only_math) and "\\" not in _quoted(only_math)
    assert _quoted(only_math) in MATH


def test_every_bundled_paper_page_finds_its_paper_by_words_of_its_abstract(bundled_hosted_site):
    records = json.loads((bundled_hosted_site / "papers.json").read_text(encoding="utf-8"))
    abstracts = {record["url"]: record["abstract"] for record in records}
    pages = paper_pages(bundled_hosted_site)
    checked = 0
    for page in pages:
        html = page.read_text(encoding="utf-8")
        if "ps-retired" in html:  # a page left at an earlier address, not a paper's
            continue
        address = f"papers/{page.parent.name}/"
        links = [unescape(href) for href in re.findall(r'class="md-button ps-find" href="([^"]+)"', html)]
        assert len(links) == 1, address
        assert re.search(r'class="ps-find" href="[^"]+"', html), "the Cite panel links it too"
        assert _quoted(links[0]) in abstracts[address]
        checked += 1
    assert checked == len(records) == 37
