"""The papers page's filters: their data (generator/render/facets.py) and, in headless Chromium,
hosted and from disk, a reader narrowing the papers (papersite-facets.js)."""

from __future__ import annotations

import json
import re
from urllib.parse import urljoin

import pytest
from conftest import REPO

from papersite.model import Abstract, Collection, Paper, Source, Tag
from papersite.render.facets import render_facets

pytest_plugins = ["browser"]  # the fixtures chromium and static_server

SCREENSHOTS = REPO / "screenshots"


def _paper(slug: str, tags: list[Tag], authors: tuple[str, ...] = ()) -> Paper:
    abstract = Abstract(id=slug, text=f"Abstract of {slug}.", list_name="Test",
                        sources=(Source("list.txt", 1, 1),), authors=authors)
    return Paper(abstract=abstract, slug=slug, title=f"Title of {slug}", title_source="derived",
                 tags=tuple(tags))


def _facets(collection: Collection, directory_urls: bool = True) -> dict:
    script = render_facets(collection, directory_urls)
    return json.loads(re.fullmatch(r"papersiteFacets\((.*)\);\n", script, re.S).group(1))


def test_facet_data_numbers_each_value_once_by_kind_then_by_papers():
    vision, diffusion = Tag("Computer vision", "area"), Tag("Diffusion models", "topic")
    imagenet = Tag("ImageNet", "dataset")
    collection = Collection(name="Test", papers=(
        _paper("a", [vision, diffusion, imagenet], ("Ada Lovelace",)),
        _paper("b", [vision, imagenet]),
        _paper("c", [diffusion, imagenet], ("Ada Lovelace", "Grace Hopper"))))
    data = _facets(collection)
    assert data["values"] == [[0, "Computer vision", 2], [1, "Diffusion models", 2],
                              [2, "ImageNet", 3], [4, "Ada Lovelace", 2], [4, "Grace Hopper", 1]]
    assert data["papers"] == [["a/", "Title of a", 1, [0, 1, 2, 3], [], []],
                              ["b/", "Title of b", 1, [0, 2], [], []],
                              ["c/", "Title of c", 1, [1, 2, 3, 4], [], []]]
    assert [paper[0] for paper in _facets(collection, directory_urls=False)["papers"]] == [
        "a.html", "b.html", "c.html"]


@pytest.fixture(params=["hosted", "offline"])
def papers_page(request, chromium, static_server):
    """Return (page, the papers page's address, the papers' records by address)."""
    context, _ = chromium
    if request.param == "hosted":
        site = request.getfixturevalue("bundled_hosted_site")
        home = static_server(site)
        address = urljoin(home, "papers/")
    else:
        site = request.getfixturevalue("bundled_offline_site")
        home = (site / "index.html").as_uri()
        address = urljoin(home, "papers/index.html")
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    return context.new_page(), address, {urljoin(home, record["url"]): record for record in records}


def _holders(records: dict, kind: str, name: str) -> set[str]:
    return {address for address, record in records.items() if name in record["tags"].get(kind, [])}


def _shown(page) -> set[str]:
    return set(page.eval_on_selector_all(".ps-facet-results > li > a", "links => links.map(a => a.href)"))


def test_choosing_two_values_lists_exactly_the_papers_holding_both(papers_page, request):
    page, address, records = papers_page
    page.goto(address)
    page.click(".ps-facet-open")
    page.wait_for_selector(".ps-facet-group")
    assert page.is_visible(".ps-group")  # nothing chosen yet: the papers by area
    topic = page.locator(".ps-facet-group", has_text="Topics").locator(".ps-facet-value").first
    topic_kind, topic_name = topic.get_attribute("data-value").split(":", 1)
    topic.click()
    with_topic = _holders(records, topic_kind, topic_name)
    assert _shown(page) == with_topic
    assert page.text_content(".ps-facet-count") == (
        f"{len(with_topic)} paper{'s' if len(with_topic) > 1 else ''} with topic {topic_name}")
    assert not page.is_visible(".ps-group")
    # Every button counts the papers of the selection that hold its value.
    for button in page.locator(".ps-facet-value[data-value]").all():
        kind, name = button.get_attribute("data-value").split(":", 1)
        assert int(button.locator(".ps-count").text_content()) == len(
            with_topic & _holders(records, kind, name))
    other = page.locator(".ps-facet-value[data-value]").first
    kind, name = other.get_attribute("data-value").split(":", 1)
    other.click()
    both = with_topic & _holders(records, kind, name)
    assert _shown(page) == both and both
    assert page.locator(".ps-facet-results .ps-save-mini").count() == len(both)  # ☆ on each
    # "Show more" announces the list again: entries marked before keep their one ☆.
    page.eval_on_selector(".ps-facet-results", "list => list.dispatchEvent("
                          "new CustomEvent('papersite:entries', {bubbles: true}))")
    assert page.locator(".ps-facet-results .ps-save-mini").count() == len(both)
    if request.node.callspec.params["papers_page"] == "hosted":
        page.screenshot(path=str(SCREENSHOTS / "facets-two-values.png"))
    # The address keeps the filters: opened again, the page lists the same papers.
    page.goto(page.url)
    page.wait_for_selector(".ps-facet-results > li")
    assert _shown(page) == both
    page.click(".ps-facet-on")  # the topic, chosen first: removed, the other value is left
    assert _shown(page) == _holders(records, kind, name)


def test_like_this_lists_the_papers_most_related_to_one_first(papers_page):
    page, address, records = papers_page
    page.goto(address)
    page.click(".ps-facet-open")
    page.locator(".ps-facet-group", has_text="Areas").locator(".ps-facet-value").first.click()
    shown = page.eval_on_selector_all(".ps-facet-results > li > a", "links => links.map(a => a.href)")
    address_by_id = {record["id"]: where for where, record in records.items()}
    # A paper with related papers in this selection, listed after another (to be moved up).
    picked = next(where for where in shown[1:]
                  if any(address_by_id[other] in shown for other in records[where]["related"]))
    item = page.locator(".ps-facet-results > li").nth(shown.index(picked))
    item.locator(".ps-facet-like").click()
    related = [address_by_id[other] for other in records[picked]["related"]
               if address_by_id[other] in shown]
    reordered = page.eval_on_selector_all(".ps-facet-results > li > a", "links => links.map(a => a.href)")
    assert reordered[:1 + len(related)] == [picked, *related]
    assert sorted(reordered) == sorted(shown)  # the same papers, in another order
    title = records[picked]["title"]
    assert page.locator(".ps-facet-sort option:checked").inner_text() == f"most related to “{title}”"


def test_a_value_carries_its_other_names():
    diffusion = Tag("Diffusion models", "topic")
    collection = Collection(name="Test", papers=(_paper("a", [diffusion]),))
    script = render_facets(collection, synonyms={("topic", "Diffusion models"): ("DDPM",)})
    data = json.loads(re.fullmatch(r"papersiteFacets\((.*)\);\n", script, re.S).group(1))
    assert data["values"] == [[1, "Diffusion models", 1, ["DDPM"]]]


def _type_filter(page, typed: str) -> None:
    page.fill(".ps-facet-input", typed)
    page.press(".ps-facet-input", "Enter")


def test_the_filter_takes_names_as_people_type_them(papers_page):
    page, address, records = papers_page
    page.goto(address)
    page.click(".ps-facet-open")
    page.wait_for_selector(".ps-facet-group")
    with_diffusion = _holders(records, "topic", "Diffusion models")
    for typed in ("diffusion models", "Diffusion model", "DIFFUSION-MODELS", "ddpm"):
        _type_filter(page, typed)
        assert _shown(page) == with_diffusion, typed
        assert page.text_content(".ps-facet-count").endswith("with topic Diffusion models")
        # Filtered entries keep their gists, as the list shows them.
        page.wait_for_function("() => [...document.querySelectorAll('.ps-facet-results .ps-gist')]"
                               ".every(gist => gist.textContent)")
        page.click(".ps-facet-on")
    # A prefix offers what it may mean, without choosing.
    page.fill(".ps-facet-input", "diffus")
    assert page.locator(".ps-facet-suggestion", has_text="topic Diffusion models").count() == 1
    # A name both an area and a topic: the reader chooses.
    _type_filter(page, "representation learning")
    assert "names an area and a topic: choose one" in page.text_content(".ps-facet-suggestions")
    assert page.locator(".ps-facet-on").count() == 0
    page.click(".ps-facet-suggestion[data-value='topic:Representation learning']")
    assert _shown(page) == _holders(records, "topic", "Representation learning")
    page.click(".ps-facet-on")
    _type_filter(page, "lora")  # no paper of the bundled list is about low-rank adaptation
    assert page.text_content(".ps-facet-suggestions") == (
        "No area, topic, data set or model matches “lora”.")
