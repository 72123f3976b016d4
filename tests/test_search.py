"""Search, in headless Chromium, on the bundled site: hosted (127.0.0.1) and from disk (file://).

The index is built ahead of time (generator/search_index.py) and papersite's worker answers
Material's search box from it. Each site is built once; the tests search it as a reader does
(typing into the box) and, for every name a paper coins, as Material's box asks the worker.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser import FIRST_RESULTS_JS, SEARCH_RESULT, read_page_table
from conftest import build_bundled
from playwright.sync_api import expect

from papersite.search_terms import (
    GIST,
    TAG,
    TITLE,
    compounds,
    fold,
    stem,
    term_weights,
    tokenize,
    word_pairs,
)

pytest_plugins = ["browser"]  # the fixtures chromium and static_server

@pytest.fixture
def hosted_site(bundled_hosted_site) -> Path:
    return bundled_hosted_site


@pytest.fixture
def offline_site(bundled_offline_site) -> Path:
    return bundled_offline_site


@pytest.fixture(params=["hosted", "offline"])
def site(request, hosted_site, offline_site, chromium, static_server):
    """(page, home URL, site folder, request log) of one build, hosted or from disk."""
    context, requests = chromium
    if request.param == "hosted":
        home = static_server(hosted_site)
        folder = hosted_site
    else:
        home = (offline_site / "index.html").as_uri()
        folder = offline_site
    return context.new_page(), home, folder, requests


def _search(page, home: str, query: str):
    """Open home, type query into Material's search box; return the first result's element."""
    page.goto(home)
    page.keyboard.press("/")
    page.keyboard.type(query)
    first = page.locator(SEARCH_RESULT).first
    first.wait_for()
    return first


def _outside(requests, home: str) -> list[str]:
    parts = urlsplit(home)
    return requests.leaving(scheme=parts.scheme, netloc=parts.netloc)


# --- the index, in Python ------------------------------------------------------------------------


def test_terms_are_folded_singular_and_free_of_stop_words():
    assert tokenize("The Schrödinger Bridges of E³former") == ["schrodinger", "bridge", "e3former"]
    assert tokenize("AS", keep_stop_words=True) == ["as"]
    assert [stem(word) for word in ("studies", "gaussians", "virus", "class")] == [
        "study", "gaussian", "virus", "class"]
    assert fold("ToMAToMP") == "tomatomp"
    # Spelling variants: Greek letters spelled out, British -ise as -ize, a hyphenated compound
    # also as one word (its parts stay terms of their own).
    assert tokenize("β-VAE optimisation") == ["beta", "vae", "optimization"]
    assert [stem(word) for word in ("analysed", "regularisations", "noise")] == [
        "analyzed", "regularization", "noise"]
    assert compounds("Over-smoothing of GNNs and state‑of‑the‑art β-VAEs") == [
        "oversmoothing", "stateoftheart", "betavae"]
    assert {"oversmoothing", "over", "smoothing"} <= set(term_weights(
        {"names": [], "title": "", "tags": [], "text": "We study over-smoothing."}))


def test_a_term_weighs_by_the_fields_it_is_in_and_its_count_in_the_text():
    entry = {"title": "Traffic Forecasting", "gist": "A graph network for traffic forecasting",
             "text": "Graphs, graphs, graphs and graphs. We forecast traffic with a graph network.",
             "tags": ["Transportation"], "names": [], "given": []}
    weights = term_weights(entry)
    assert weights["graph"] == GIST | 3  # in the gist; four times in the text, counted to 3
    assert weights["traffic"] == TITLE | GIST | 1
    assert weights["forecasting"] == TITLE | GIST  # "forecast" is another word in the text
    assert weights["transportation"] == TAG


def test_words_side_by_side_are_indexed_as_pairs_within_one_field_value():
    entry = {"title": "Learning to Rank", "gist": "", "names": [], "given": [],
             "text": "Diffusion models are slow. We make diffusion models fast; models diffuse.",
             "tags": ["Diffusion models", "Ranking"]}
    weights = term_weights(entry)
    assert weights["diffusion model"] == TAG | 2  # twice in the text
    assert weights["learning rank"] == TITLE  # stop words left out, as the worker's queries
    assert weights["model diffuse"] == 1
    assert "model ranking" not in weights  # two tags are not one phrase
    assert word_pairs(tokenize("in-context learning")) == ["context learning"]


def test_search_index_json_holds_config_and_manifest_only(hosted_site, offline_site):
    hosted = json.loads((hosted_site / "search" / "search_index.json").read_text("utf-8"))
    assert hosted["docs"] == [] and hosted["config"]["papersite"]["suffix"] == ".json"
    offline = (offline_site / "search" / "search_index.js").read_text("utf-8")
    assert offline.startswith("var __index = ") and '"suffix":".js"' in offline
    locations = [doc[0] for doc in read_page_table(hosted_site)]
    assert "" in locations and "tags/" in locations  # hand-written hub pages stay searchable
    assert sum(location.startswith("papers/") for location in locations) == 37


# --- in Chromium ---------------------------------------------------------------------------------


def test_every_method_name_finds_its_paper_first(site):
    page, home, folder, requests = site
    coiners: dict[str, set[str]] = {}
    for doc in read_page_table(folder):
        for name in doc[3] if len(doc) > 3 else []:
            coiners.setdefault(name, set()).add(doc[0])
    assert len(coiners) >= 20
    page.goto(home)
    firsts = page.evaluate(FIRST_RESULTS_JS, {"queries": sorted(coiners), "suggest": True})
    misses = [(name, first) for name, first in zip(sorted(coiners), firsts)
              if first not in coiners[name]]
    assert misses == []
    assert _outside(requests, home) == [] and requests.failures == []


def test_typing_a_method_name_lists_its_paper_first_with_marked_title_and_snippet(site):
    page, home, _, requests = site
    first = _search(page, home, "ToMAToMP")
    # expect() waits out the answers to the shorter prefixes typed on the way.
    expect(first.locator("h1 mark").first).to_have_text("ToMAToMP")
    # Hosted, the count is of pages with every word; from disk the worker cannot tell the page
    # (it runs in the iframe-worker shim) and Material counts what it shows.
    count = r"^1 matching" if home.startswith("file:") else r"^1 page with every word"
    expect(page.locator(".md-search-result__meta")).to_have_text(re.compile(count))
    assert "ToMAToMP" in first.locator("h1").inner_text()
    article = first.locator("article").inner_html()
    assert article.count("<mark>") >= 2  # in the title and in the snippet of the abstract
    assert "tomatomp" in first.locator("a").first.get_attribute("href")
    first.locator("a").first.click()
    page.wait_for_selector(".ps-title")
    assert "ToMAToMP" in page.locator(".ps-title").inner_text()
    page.wait_for_selector("article mark[data-md-highlight]")  # search.highlight still works
    assert _outside(requests, home) == [] and requests.failures == []


def test_a_prefix_finds_the_paper_while_typing(site):
    page, home, _, requests = site
    first = _search(page, home, "ToMAT")
    expect(first.locator("h1")).to_contain_text("ToMAToMP")  # once "T", "To" … are answered
    expect(page.locator(".md-search__suggest")).to_have_text("ToMAToMP")
    assert _outside(requests, home) == [] and requests.failures == []


def test_a_tag_name_offers_its_page_then_finds_its_papers(site):
    page, home, _, requests = site
    first = _search(page, home, "Flow matching")
    expect(first).to_contain_text("Topic: Flow matching")  # the answer to the whole query
    assert first.locator("a").first.get_attribute("href").split("?")[0].endswith(
        "tags/flow-matching.html" if home.startswith("file:") else "tags/flow-matching/")
    assert "Topic: Flow matching" in first.inner_text()
    papers = page.locator(SEARCH_RESULT).nth(1)
    assert "papers/" in papers.locator("a").first.get_attribute("href")
    assert papers.locator(".md-tag", has_text="Flow matching").count() == 1
    # The tag page it offers lists the tag's papers.
    first.locator("a").first.click()
    page.wait_for_selector("article h1")
    assert page.locator("article h1").inner_text() == "Flow matching"
    # A tag's short name offers its page too, and so does a name in the singular.
    expect(_search(page, home, "GNNs")).to_contain_text("Topic: Graph neural networks")
    expect(_search(page, home, "GNN")).to_contain_text("Topic: Graph neural networks")
    expect(_search(page, home, "diffusion model")).to_contain_text("Topic: Diffusion models")
    assert _outside(requests, home) == [] and requests.failures == []


def test_a_topic_query_lists_no_page_for_naming_every_tag(site):
    # The home page and the tag index name every area and topic; as search text they matched
    # every topic query, second and third above the papers about it. A hub page may still be
    # found by its own title ("Models" for "Model compression": the worker matches prefixes).
    page, home, folder, _ = site
    hub_titles = {doc[0]: tokenize(doc[1]) for doc in read_page_table(folder)
                  if not doc[0].startswith("papers/")}
    assert len(hub_titles) >= 4  # the home page, the tag index and their sections
    records = json.loads((folder / "papers.json").read_text("utf-8"))
    topics = sorted({topic for record in records for topic in record["tags"]["topic"]})
    assert len(topics) >= 40
    page.goto(home)
    results = page.evaluate(FIRST_RESULTS_JS, {"queries": topics, "suggest": False, "top": 10})
    unexplained = {}
    for topic, shown in zip(topics, results):
        words = tokenize(topic)
        hubs = [location for location in shown if location in hub_titles and not any(
            title_word.startswith(word) for word in words for title_word in hub_titles[location])]
        if hubs:
            unexplained[topic] = hubs
    assert unexplained == {}


def test_a_result_names_each_tag_once(hosted_site):
    # Twelve areas share their name with a topic: the area "Generative models" and the topic.
    records = json.loads((hosted_site / "papers.json").read_text(encoding="utf-8"))
    assert any(set(r["tags"]["area"]) & set(r["tags"]["topic"]) for r in records)
    assert all(len(set(doc[2])) == len(doc[2]) for doc in read_page_table(hosted_site))


def test_hub_page_text_keeps_words_apart(hosted_site):
    # Material's page text joins adjacent elements as they are: the home page's topic chips once
    # read "Flow matching 3Diffusion models 3Calibration" in search results.
    docs = read_page_table(hosted_site)
    home = [number for number, doc in enumerate(docs) if doc[0] in ("", "#largest-topics")]
    chunks = sorted((hosted_site / "search" / "papersite").glob("x*.json"), key=lambda p: int(p.stem[1:]))
    texts = [text for chunk in chunks for text in json.loads(chunk.read_text(encoding="utf-8"))]
    assert home and all(not re.search(r"\d[A-Z][a-z]", texts[number]) for number in home), \
        [texts[number] for number in home]


def test_an_authors_name_and_a_given_keyword_find_the_paper(tmp_path, chromium, static_server):
    # Lists with authors and keywords (JSON Lines, CSV) make them searchable, weighed as tags.
    records = [
        {"abstract": "We propose StripeCount, a network for counting zebras in aerial images.",
         "authors": ["Ada Lovelace", "Yoshua Bengio"], "keywords": ["wildlife monitoring"]},
        {"abstract": "We study the convergence of gradient descent on wide networks.",
         "authors": ["Grace Hopper"]},
        {"abstract": "Bengio's early work on language models is revisited with modern tools."},
    ]
    lists = tmp_path / "list.jsonl"
    lists.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    site = tmp_path / "site"
    build_bundled(tmp_path, [str(lists), "--site-dir", str(site)])
    context, requests = chromium
    home = static_server(site)
    page = context.new_page()
    page.goto(home)
    tops = page.evaluate(FIRST_RESULTS_JS, {"queries": ["Yoshua Bengio", "Grace Hopper",
                                                        "wildlife monitoring"],
                                            "suggest": False, "top": 3})
    url = {record["abstract"][:12]: record["url"]
           for record in json.loads((site / "papers.json").read_text(encoding="utf-8"))}
    # An author's name offers their papers (the papers page, filtered by author) first; then
    # the author's paper comes before the one whose text names him.
    assert tops == [["papers/#filter=author%3AYoshua%20Bengio", url["We propose S"],
                     url["Bengio's ear"]],
                    ["papers/#filter=author%3AGrace%20Hopper", url["We study the"]],
                    [url["We propose S"]]]
    page.goto(home + tops[0][0])  # the papers page opens with that filter chosen
    count = page.locator(".ps-facet-count")
    count.filter(has_text="Yoshua Bengio").wait_for()
    assert count.inner_text().startswith("1 paper with")
    assert requests.failures == []


def test_words_side_by_side_rank_first_and_quoted_words_must_be_so(tmp_path, chromium, static_server):
    # "in-context learning" once put a paper about PASCAL-Context first: its words were there,
    # apart. Papers with the words side by side come first; in quotes, only such papers. (The
    # index keeps the pairs of words that two papers or more share.)
    records = [
        {"abstract": "We propose ContextLearner, a method for learning context embeddings for "
                     "recommendation: context vectors are learned from user sessions, and learning "
                     "them jointly with the ranker improves it."},
        {"abstract": "We measure how the frequency of terms in pretraining data shapes the accuracy "
                     "of language models on arithmetic, and find that in-context learning of rare "
                     "operations fails."},
        {"abstract": "We give a theory of learning under distribution shift, where the context of "
                     "each example is drawn from a changing environment."},
        {"abstract": "We show that transformers trained on sequences of linear regression tasks "
                     "perform in-context learning by implicit gradient descent."},
    ]
    lists = tmp_path / "list.jsonl"
    lists.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    site = tmp_path / "site"
    build_bundled(tmp_path, [str(lists), "--site-dir", str(site)])
    url = {record["abstract"][:12]: record["url"]
           for record in json.loads((site / "papers.json").read_text(encoding="utf-8"))}
    context, requests = chromium
    home = static_server(site)
    page = context.new_page()
    page.goto(home)
    queries = ["in-context learning", '"in-context learning"', '"context learning" arithmetic',
               '"context learning" recommendation', '"learning context"']
    found = page.evaluate(FIRST_RESULTS_JS, {"queries": queries, "suggest": False, "top": 8})
    # The papers only: "In-context learning" is a topic too, its page offered first, and the
    # home page's list of topics has the phrase.
    tops = [[location for location in locations if location.startswith("papers/")]
            for locations in found]
    assert found[0][0] == "tags/in-context-learning/"
    side_by_side = {url["We measure h"], url["We show that"]}
    apart, other = url["We propose C"], url["We give a th"]
    # "in-context" is one word, as the two papers write it: the others have only some words.
    answer = _answers(page, ["in-context learning"])["in-context learning"]
    assert _papers(answer) == side_by_side and _papers(answer, "partial") == {apart, other}
    assert set(tops[1]) == side_by_side
    assert tops[2][0] == url["We measure h"] and set(tops[2]) == side_by_side
    # Words outside quotes are not required: pages without them are the group with only some
    # words; the recommender paper has both quoted words, but not side by side: not at all.
    answer = _answers(page, ['"context learning" recommendation'])['"context learning" recommendation']
    assert answer["counts"]["complete"] == 0 and _papers(answer, "partial") == side_by_side
    # A pair of words one paper alone has is not kept: in quotes, its words are required.
    assert tops[4][0] == apart and set(tops[4]) == {apart, other, *side_by_side}
    assert requests.failures == []


# Every answer of the worker for each query: its counts and its groups' locations, the label of
# a group (Material shows a group as one page and its sections). Argument: {queries}.
ANSWERS_JS = FIRST_RESULTS_JS.replace(
    "const locations = data.items.map(group => group[0].location);\n"
    "    firsts.push(top ? locations.slice(0, top) : locations.length ? locations[0] : null);",
    "firsts.push({counts: data.counts, groups: data.items.map(group => ({"
    "group: group[0].group || null, locations: group.map(item => item.location)}))});")


def _answers(page, queries: list[str]) -> dict[str, dict]:
    assert ANSWERS_JS != FIRST_RESULTS_JS
    found = page.evaluate(ANSWERS_JS, {"queries": queries, "suggest": False, "top": 0})
    return dict(zip(queries, found))


def _papers(answer: dict, group: str | None = None) -> set[str]:
    return {location for each in answer["groups"] if each["group"] == group
            for location in each["locations"] if location.startswith("papers/")}


def test_only_pages_with_every_word_count_and_the_others_are_a_labelled_group(
        tmp_path, chromium, static_server):
    # "diffusion model watermark" once counted 3.5k papers: every paper about models. Here
    # "diffusion sampler": twelve papers have both words, two only one.
    fields = ["protein design", "image editing", "audio synthesis", "video prediction",
              "weather forecasting", "molecule generation", "robot planning", "text layout",
              "medical imaging", "anomaly detection", "3D shapes", "time series"]
    both = [f"We study diffusion models for {field}, and our sampler makes them faster."
            for field in fields]
    some = ["We analyse a Gibbs sampler for Ising spin systems.",
            "We prove that diffusion of heat on graphs mixes quickly."]
    lists = tmp_path / "list.jsonl"
    lists.write_text("".join(json.dumps({"abstract": text}) + "\n" for text in both + some),
                     encoding="utf-8")
    site = tmp_path / "site"
    build_bundled(tmp_path, [str(lists), "--site-dir", str(site)])
    url = {record["abstract"]: record["url"]
           for record in json.loads((site / "papers.json").read_text(encoding="utf-8"))}
    context, requests = chromium
    page = context.new_page()
    page.goto(static_server(site))
    answers = _answers(page, ["diffusion sampler", "diffusion graphs"])
    answer = answers["diffusion sampler"]
    assert answer["counts"] == {"complete": len(both), "partial": 2}
    assert _papers(answer) == {url[text] for text in both}
    assert _papers(answer, "partial") == {url[text] for text in some}
    assert answer["groups"][-1]["group"] == "partial"  # last, one group
    answer = answers["diffusion graphs"]
    assert answer["counts"] == {"complete": 1, "partial": len(both)}
    assert _papers(answer) == {url[some[1]]}
    # Material's box says so, hosted (from disk the worker cannot tell the page).
    page.keyboard.press("/")
    page.keyboard.type("diffusion graphs")
    expect(page.locator(".md-search-result__meta")).to_have_text(
        "1 page with every word; 12 more with only some, at the end")
    expect(page.locator(".md-search-result__item", has_text="Some of the words")).to_have_count(1)
    assert requests.failures == []


def test_spelling_variants_are_one_word(tmp_path, chromium, static_server):
    # "oversmoothing" once found 5 papers and "over-smoothing" 28.
    abstracts = {
        "hyphen": "We study over-smoothing in deep graph neural networks and propose a fix.",
        "solid": "Oversmoothing limits deep graph neural networks; we analyse its cause.",
        "apart": "Graph neural networks for molecules, with message passing over bonds.",
        "greek": "We propose a regularisation of the β-VAE objective that disentangles factors.",
        "latin": "A beta-VAE with normalizing flows and a new regularization of the prior.",
        "moe": "We train a sparse mixture of experts (MoE) language model; MoE routing balances "
               "the experts.",
        "moe2": "Mixture-of-experts (MoE) layers scale transformers; our MoE router is cheaper.",
    }
    lists = tmp_path / "list.jsonl"
    lists.write_text("".join(json.dumps({"abstract": text}) + "\n" for text in abstracts.values()),
                     encoding="utf-8")
    site = tmp_path / "site"
    build_bundled(tmp_path, [str(lists), "--site-dir", str(site)])
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    url = {key: next(record["url"] for record in records if record["abstract"] == text)
           for key, text in abstracts.items()}
    context, requests = chromium
    page = context.new_page()
    page.goto(static_server(site))
    queries = ["oversmoothing", "over-smoothing", "over smoothing", "Over‑smoothing",
               "regularisation", "regularization", "β-VAE", "beta-VAE", "beta VAE",
               "graph neural network oversmoothing", "MoE", "MoEs"]
    answers = _answers(page, queries)
    smoothing = {url["hyphen"], url["solid"]}
    for query in ("oversmoothing", "over-smoothing", "over smoothing", "Over‑smoothing"):
        assert _papers(answers[query]) == smoothing, query
        assert answers[query]["counts"]["complete"] == 2, query
    for query in ("regularisation", "regularization"):
        assert _papers(answers[query]) == {url["greek"], url["latin"]}, query
    for query in ("β-VAE", "beta-VAE", "beta VAE"):
        assert _papers(answers[query]) == {url["greek"], url["latin"]}, query
    combined = answers["graph neural network oversmoothing"]
    assert _papers(combined) == smoothing and url["apart"] in _papers(combined, "partial")
    assert combined["counts"]["complete"] == 2
    # The topic is offered once, whichever of its names the query is.
    for query in ("MoE", "MoEs"):
        offers = [each["locations"][0] for each in answers[query]["groups"]
                  if each["locations"][0].startswith("tags/")]
        assert offers == ["tags/mixture-of-experts/"], query
    assert requests.failures == []
