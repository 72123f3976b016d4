"""The papers page's list of every paper: its data (generator/render/browse.py) and, in headless
Chromium on the bundled list, a reader scrolling, sorting and searching it (papersite-browse.js)."""

from __future__ import annotations

import json
import re

from browsing import CONTROLS, SEARCH, STATUS, scroll_to_the_end, search_list

from papersite.model import Abstract, Collection, Paper, Source, Tag
from papersite.render.browse import (
    BROWSE_PATH,
    CHUNK_SIZE,
    browse_paths,
    chunk_path,
    render_browse_files,
)
from papersite.render.common import RenderOptions
from papersite.render.lists import render_papers_index

pytest_plugins = ["browser"]


def _paper(slug: str, tags: list[Tag], place: tuple[float, float] | None = None,
           source: str = "derived") -> Paper:
    abstract = Abstract(id=slug, text=f"Abstract of {slug}.", list_name="Test",
                        sources=(Source("list.txt", 1, 1),))
    return Paper(abstract=abstract, slug=slug, title=f"Title of {slug}", title_source=source,
                 tags=tuple(tags), map_position=place)


def _read(files: dict[str, str], path: str) -> list:
    return json.loads(re.fullmatch(r"papersiteBrowse(?:Chunk)?\((?:\d+,)?(.*)\);\n",
                                   files[path], re.S).group(1))


VISION, THEORY = Tag("Computer vision", "area"), Tag("Learning theory", "area")
DIFFUSION, GAN = Tag("Diffusion models", "topic"), Tag("Generative adversarial networks", "topic")


def _collection(extra: int = 0) -> Collection:
    papers = [_paper("t", [THEORY], (5, 5)),
              _paper("g1", [VISION, GAN], (0, 0)), _paper("d1", [VISION, DIFFUSION], (1, 0)),
              _paper("d2", [VISION, DIFFUSION], (9, 0)), _paper("g2", [VISION, GAN], (0, 1)),
              _paper("g3", [VISION, GAN], None)]
    papers += [_paper(f"x{n}", [VISION], (0, 0)) for n in range(extra)]
    return Collection(name="Test", papers=tuple(papers))


def test_the_default_order_is_by_area_then_topic_largest_first_then_list_order():
    files = render_browse_files(_collection())
    index = _read(files, BROWSE_PATH)
    slugs = [entry[0] for entry in _read(files, chunk_path(0))]
    assert slugs == ["g1", "g2", "g3", "d1", "d2", "t"]
    assert index["areas"] == ["Computer vision", "Learning theory"]
    assert [index["topics"][topic] for _, topic in index["rows"]][:5] == [
        "Generative adversarial networks"] * 3 + ["Diffusion models"] * 2
    # List order and distinctiveness are the same papers, as display positions.
    assert [slugs[position] for position in index["input"]] == ["t", "g1", "d1", "d2", "g2", "g3"]
    # Farthest from the area's centre on the map first; without a place, last.
    assert [slugs[position] for position in index["distinct"]] == ["d2", "g2", "g1", "d1", "g3", "t"]
    assert index["href"] == ["", "/"] and _read(render_browse_files(_collection(), False),
                                                BROWSE_PATH)["href"] == ["", ".html"]


def test_every_paper_is_in_exactly_one_chunk_and_the_paths_are_known_beforehand():
    collection = _collection(extra=2 * CHUNK_SIZE)
    files = render_browse_files(collection)
    assert sorted(files) == sorted(browse_paths(len(collection.papers))) and len(files) == 4
    slugs = [entry[0] for path in browse_paths(len(collection.papers))[1:]
             for entry in _read(files, path)]
    assert sorted(slugs) == sorted(paper.slug for paper in collection.papers)


def test_the_derived_title_mark_shows_only_where_titles_are_mixed():
    derived_only = _collection()
    assert _read(render_browse_files(derived_only), BROWSE_PATH)["mixed"] is False
    assert "≈" not in render_papers_index(derived_only, RenderOptions()).split("ps-browse-list")[1]
    mixed = Collection(name="Test", papers=(*derived_only.papers, _paper("given", [THEORY],
                                                                         source="given")))
    assert _read(render_browse_files(mixed), BROWSE_PATH)["mixed"] is True
    assert "≈" in render_papers_index(mixed, RenderOptions()).split("ps-browse-list")[1]


def test_the_page_reserves_every_row_and_holds_the_first_ones():
    page = render_papers_index(_collection(), RenderOptions())
    # Two areas, two topic headings, six papers; one topic paper is under no heading of its own.
    assert 'style="--ps-rows: 10"' in page
    assert page.count('role="listitem"') == 6
    assert "Filter by topic, data set, model or area</button>" in page  # no authors: no author filter


def test_every_paper_is_listed_and_the_page_keeps_its_height(chromium, static_server,
                                                              bundled_hosted_site):
    context, _ = chromium
    records = json.loads((bundled_hosted_site / "papers.json").read_text(encoding="utf-8"))
    base = static_server(bundled_hosted_site)
    page = context.new_page()
    page.goto(f"{base}/papers/")
    page.wait_for_selector(CONTROLS)
    seen, heights = scroll_to_the_end(page)
    assert {address.removeprefix(base) for address in seen} == {
        f"/{record['url']}" for record in records}
    assert max(heights) - min(heights) < 0.05 * min(heights)
    assert page.text_content(STATUS) == f"{len(records)} papers"
    # Every title of the bundled list is derived: no mark.
    assert page.locator(".ps-browse-list .ps-derived").count() == 0
    # List order: the papers as papers.json lists them (its order is the list's).
    page.select_option(".ps-browse-sort", "input")
    shown = page.eval_on_selector_all(".ps-browse-list a", "links => links.map(a => a.href)")
    assert [address.removeprefix(base) for address in shown] == [
        f"/{record['url']}" for record in records][:len(shown)]


def test_the_search_box_finds_every_word_in_any_spelling(chromium, static_server,
                                                         bundled_hosted_site):
    context, _ = chromium
    records = json.loads((bundled_hosted_site / "papers.json").read_text(encoding="utf-8"))
    page = context.new_page()
    page.goto(f"{static_server(bundled_hosted_site)}/papers/")
    page.wait_for_selector(CONTROLS)
    word = "diffusion"
    found = search_list(page, word)
    expected = [record for record in records
                if re.search(rf"\b{word}", (record["title"] + " " + record["gist"]).lower())]
    assert len(found) >= len(expected) > 0
    assert page.text_content(STATUS).startswith(f"{len(found)} paper")
    assert search_list(page, "Self supervised") == search_list(page, "self-supervised")
    page.fill(SEARCH, "zzzunheardof")
    page.wait_for_function("document.querySelector('.ps-browse-status').textContent.startsWith('No')")


def test_a_paper_page_loads_no_script_of_the_papers_page_the_map_or_the_search_page(
        chromium, static_server, bundled_hosted_site):
    context, _ = chromium
    base = static_server(bundled_hosted_site)
    paper = json.loads((bundled_hosted_site / "papers.json").read_text(encoding="utf-8"))[0]
    page_scripts = re.compile(r"papersite-(browse|facets|map|search-page)\.js$")
    loaded: dict[str, list[str]] = {}
    for address in (paper["url"], "papers/"):
        page = context.new_page()
        scripts: list[str] = []
        page.on("requestfinished", lambda request, scripts=scripts: scripts.append(request.url))
        page.goto(f"{base}/{address}", wait_until="networkidle")
        loaded[address] = sorted(m.group(1) for url in scripts if (m := page_scripts.search(url)))
        page.close()
    assert loaded[paper["url"]] == []
    assert loaded["papers/"] == ["browse", "facets"]
