"""Rendering: paper pages, the papers index, the home overview, the chart and the topic map."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import numpy as np
import yaml

from papersite.charts import Bar, Dot, draw_bar_chart, draw_topic_map, place_labels
from papersite.enrich import topic_map
from papersite.enrich.topic_map import place_papers, place_vectors
from papersite.model import Abstract, Collection, Paper, RelatedLink, Source, Tag
from papersite.render import (
    MAP_PATH,
    RenderOptions,
    code_links,
    paper_view,
    render_overview,
    render_paper_page,
    render_site,
)
from papersite.render.distinctive import distinctive_topics
from papersite.render.lists import render_tag_page
from papersite.render.tag_groups import group_papers, is_grouped

HOSTED, OFFLINE = RenderOptions(directory_urls=True), RenderOptions(directory_urls=False)


def _paper(n: int, text: str, area: str = "Computer vision", file: str = "a.txt") -> Paper:
    abstract = Abstract(id=f"id{n}", text=text, list_name="Test 2026 paper list",
                        sources=(Source(file=file, position=n, line=2 * n + 1),))
    return Paper(abstract=abstract, slug=f"paper-{n}", title=f"Paper {n} on $x^2$", title_source="derived",
                 tags=(Tag(area, "area"), Tag("Segmentation", "topic"), Tag("COCO", "dataset")),
                 map_position=(n / 10, 1 - n / 10))


def _collection() -> Collection:
    papers = [
        _paper(1, "We segment images. Code: https://github.com/someone/seg."),
        _paper(2, "We detect objects in images with transformers."),
        _paper(3, "We learn policies from rewards.", area="Reinforcement learning"),
    ]
    papers[0] = Paper(**{**papers[0].__dict__, "related": (RelatedLink("paper-2", 0.5, ("COCO", "coco")),)})
    return Collection(name="Test 2026", papers=tuple(papers), source_files=("a.txt",))


def _front_matter(page: str) -> dict:
    return yaml.safe_load(page.split("---\n")[1])


def test_paper_page_uses_the_paper_template_and_stays_out_of_search():
    collection = _collection()
    titles = {p.slug: p.title for p in collection.papers}
    page = render_paper_page(paper_view(collection.papers[0], titles, {}), HOSTED)
    meta = _front_matter(page)
    assert meta["template"] == "paper.html"
    assert meta["search"] == {"exclude": True}
    assert '<dt>Area</dt><dd><a class="md-tag ps-tag ps-tag--area" href="../../tags/area-computer-vision/">' in page
    assert 'data-ps-copy="link"' in page  # "Copy link"; a permalink to itself was no use
    # The title is derived: a plain reference that says so, never BibTeX.
    cite = re.search(r'<details class="ps-cite".*?</details>', page).group(0)
    assert "@inproceedings" not in cite and "title derived from the abstract by papersite" in cite
    assert '<span data-ps-here>papers/paper-1/</span>' in cite


def test_paper_page_links_its_neighbours_in_its_area_and_says_its_number():
    pages = render_site(_collection(), HOSTED).pages
    second = pages["papers/paper-2.md"]
    # Papers 1 and 2 are about computer vision, paper 3 about reinforcement learning.
    assert 'rel="prev" href="../paper-1/"' in second and 'rel="next"' not in second
    assert "Previous in Computer vision" in second
    body = second.split("---\n", 2)[2]  # the file name stays in the front matter, off the page
    # The list's name as the site shows it, not its file's header ("Test 2026 paper list").
    assert "From Test 2026: paper 2 of 3." in body and "a.txt" not in body
    first = render_site(_collection(), OFFLINE).pages["papers/paper-1.md"]
    assert 'rel="prev"' not in first and 'rel="next" href="paper-2.html"' in first
    assert 'rel=' not in pages["papers/paper-3.md"].split('class="ps-source"')[1]  # alone in its area


def test_paper_page_breadcrumbs_lead_to_all_papers_and_its_area():
    page = render_site(_collection(), HOSTED).pages["papers/paper-3.md"]
    crumbs = re.search(r'<nav class="ps-breadcrumbs".*?</nav>', page).group(0)
    assert re.findall(r'href="([^"]+)">([^<]+)<', crumbs) == [
        ("../", "Papers"), ("../../tags/area-reinforcement-learning/", "Reinforcement learning")]


def test_related_reasons_said_twice_in_two_cases_are_shown_once():
    page = render_site(_collection(), HOSTED).pages["papers/paper-1.md"]
    related = re.search(r'<section class="ps-related".*?</section>', page).group(0)
    assert related.count("<span>COCO</span>") == 1 and "coco" not in related


def test_code_button_for_code_hosts_only():
    paper = _collection().papers[0]
    html = ('<p><a href="https://github.com/someone/seg">x</a> <a href="https://example.org/x">y</a> '
            '<a href="https://www.anonymous.4open.science/r/A-1">z</a> <a href="../other/">w</a></p>')
    assert code_links(paper, html) == [("https://github.com/someone/seg", "github.com"),
                                       ("https://www.anonymous.4open.science/r/A-1", "anonymous.4open.science")]
    page = render_site(_collection(), HOSTED).pages["papers/paper-1.md"]
    assert 'class="md-button md-button--primary ps-code" href="https://github.com/someone/seg"' in page
    assert "ps-code" not in render_site(_collection(), HOSTED).pages["papers/paper-2.md"]


def test_papers_index_groups_by_area_largest_first():
    index = render_site(_collection(), HOSTED).pages["papers/index.md"]
    # The list's first rows (every row of so short a list): an area's heading, then its papers.
    headings = re.findall(r'ps-browse-area"[^>]*>([^<]+)</div>', index)
    assert headings == ["Computer vision", "Reinforcement learning"]
    assert index.count('role="listitem"') == 3 and index.count('<a href="paper-') == 3
    assert index.index("Reinforcement learning</div>") < index.index('<a href="paper-3/">')


def test_topic_map_page_links_every_dot_in_both_url_styles():
    for options, href in ((HOSTED, "../../papers/paper-1/"), (OFFLINE, "../papers/paper-1.html")):
        page = render_site(_collection(), options).pages[MAP_PATH]
        assert page.count("<circle") == 3
        assert f'<a href="{href}"><title>Paper 1 on x²</title><circle class="a0"' in page
        assert "style=" not in page and "\n\n" not in page.split("---\n", 2)[2].strip()


def test_overview_names_the_collection_and_draws_the_chart():
    overview = render_overview(_collection(), "index.md", HOSTED)
    assert "<h1" in overview and "Test 2026" in overview and "3 papers" in overview
    assert overview.count("<rect") == 2
    assert 'href="tags/topic-map/"' in overview and 'for="__search"' in overview
    assert "up to five related papers" in overview


def test_overview_lists_as_largest_only_topics_of_three_papers_or_more():
    collection = _collection()
    # Three papers on Segmentation: large enough; a topic of one paper is not.
    largest = render_overview(collection, "index.md", HOSTED).split('id="largest-topics"')[1]
    assert 'Segmentation <span class="ps-count">3</span>' in largest
    two = Collection(name="Small", papers=collection.papers[:2], source_files=("a.txt",))
    largest = render_overview(two, "index.md", HOSTED).split('id="largest-topics"')[1]
    assert "md-tag" not in largest and "The list is small: no topic has 3 papers yet." in largest


def test_distinctive_topics_are_those_far_more_common_here_than_elsewhere():
    # Against the shipped table of recent background papers: Grokking is rare elsewhere;
    # Robotics and Large language models are as common elsewhere as here; a topic of two
    # papers is too few to say; a topic the table does not know cannot be compared.
    counts = Counter({Tag("Grokking", "topic"): 4, Tag("Robotics", "topic"): 30,
                      Tag("Large language models", "topic"): 8, Tag("Flow matching", "topic"): 2,
                      Tag("Our own recurring phrase", "topic"): 20})
    assert [tag.name for tag, _, _ in distinctive_topics(counts, 200)] == ["Grokking"]


def test_overview_shows_distinctive_topics_the_largest_do_not_already_show():
    base = _collection().papers[0]
    broad = [f"Topic {n}" for n in range(15)]  # 5 papers each: the largest; unknown to the table
    papers = [replace(base, abstract=replace(base.abstract, id=f"id{n}"), slug=f"p{n}",
                      tags=(Tag("Computer vision", "area"), Tag(broad[n % 15], "topic"),
                            *([Tag("Grokking", "topic")] if n < 4 else [])))
              for n in range(75)]
    overview = render_overview(Collection(name="Test", papers=tuple(papers), source_files=("a.txt",)),
                               "index.md", HOSTED)
    largest, distinctive = overview.split('id="largest-topics"')[1].split('id="distinctive-topics"')
    assert "Grokking" not in largest and 'Grokking <span class="ps-count">4</span>' in distinctive
    assert 'href="tags/grokking/"' in distinctive and "Topic 0" not in distinctive
    assert 'id="distinctive-topics"' not in render_overview(_collection(), "index.md", HOSTED)


def test_a_broad_tags_page_groups_its_papers_by_their_other_topics():
    base = _collection().papers[0]
    broad, parent = Tag("Large language models", "topic"), Tag("Language models", "topic")
    others = ["Reasoning"] * 20 + ["Prompting"] * 12 + ["Code generation"] * 2 + [None] * 6
    papers = [replace(base, abstract=replace(base.abstract, id=f"id{n}"), slug=f"p{n}",
                      tags=(broad, parent, *([Tag(other, "topic")] if other else [])))
              for n, other in enumerate(others)]
    # Language models is on every paper: it divides nothing. Two papers make no group.
    groups = group_papers(broad, papers)
    assert [(topic.name if topic else None, len(members)) for topic, members in groups] == \
        [("Reasoning", 20), ("Prompting", 12), (None, 8)]
    page = render_tag_page(broad, papers, HOSTED, collection_size=200)
    assert 'href="#reasoning"' in page and '<h2 id="reasoning">Reasoning' in page
    assert 'id="other-topics"' in page and page.count("</li>") == 40
    assert 'data-ps-trail="Large language models"' in page
    # A tag of the same papers in a list of 2,000 (2%) reads as one list.
    assert "ps-subtopics" not in render_tag_page(broad, papers, HOSTED, collection_size=2000)
    # In a list of 142, a tag on 22 papers (15%) opens with its sub-topics; 11 read as one list.
    assert is_grouped(22, 142) and not is_grouped(11, 142)
    # Papers sharing no other topic are one list, not a lone "Other topics" group.
    alone = [replace(paper, tags=(broad,)) for paper in papers]
    page = render_tag_page(broad, alone, HOSTED, collection_size=200)
    assert "ps-subtopics" not in page and page.count("</li>") == 40


def test_charts_are_plain_svg_with_classes():
    chart = draw_bar_chart([Bar("A <b>", 3, "a/", "a0"), Bar("B", 0, "b/", "a1")], "Per area")
    assert "A &lt;b&gt;" in chart and 'width="400"' in chart and 'width="2"' in chart
    dots = [Dot(0.0, 1.0, "p/", 'T "q"', "a0")]
    svg = draw_topic_map(dots, [], "Map")
    assert '<circle class="a0" cx="14" cy="686"' in svg and "T &quot;q&quot;" in svg


def test_map_labels_go_where_a_group_is_dense_and_mark_the_crowded():
    dense = [(0.2 + i / 1000, 0.3) for i in range(20)]
    labels = place_labels({"Vision": dense, "Vision too": dense, "Far": [(0.8, 0.8)]})
    assert [(label.text, label.crowded) for label in labels] == [
        ("Vision", False), ("Vision too", True), ("Far", False)]
    assert abs(labels[0].x - 0.21) < 0.02 and abs(labels[0].y - 0.3) < 1e-9
    assert labels[0].count == 20
    # Each island of a group is named at its own centre; a lone paper is no island of two.
    islands = [(0.2, 0.2)] * 6 + [(0.8, 0.8)] * 4 + [(0.5, 0.9)]
    named = place_labels({"Graphs": islands}, least=2)
    assert [(round(label.x, 2), round(label.y, 2), label.count) for label in named] == [
        (0.2, 0.2, 6), (0.8, 0.8, 4)]
    svg = draw_topic_map([], named, "Map")
    assert '<text x="208" y="148" data-n="6">Graphs</text>' in svg


def test_topic_map_layout_is_deterministic_and_in_the_unit_square():
    texts = [f"Graph neural networks for molecules and proteins, variant {i}." for i in range(30)]
    texts += [f"Reinforcement learning agents explore rewards in games, variant {i}." for i in range(30)]
    first = place_papers(texts)
    assert first == place_papers(texts) and len(first) == 60
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in first)
    assert place_papers([]) == [] and place_papers(["one"]) == [(0.5, 0.5)]


def test_a_kept_map_layout_survives_a_few_changed_papers(monkeypatch):
    vectors = _unit_rows(np.random.default_rng(0).standard_normal((1000, 30)))
    layouts: dict = {}
    first = np.array(place_vectors(vectors, layouts))
    laid_out = []
    real_tsne = topic_map._tsne
    monkeypatch.setattr(topic_map, "_tsne", lambda sampled: laid_out.append(len(sampled)) or real_tsne(sampled))
    sample = topic_map._choose_sample(1000)
    few = vectors.copy()
    few[sample[:3]] = _unit_rows(np.random.default_rng(1).standard_normal((3, 30)))
    again = np.array(place_vectors(few, layouts))
    assert laid_out == []  # no t-SNE: the three are placed among the others
    kept = sample[3:]
    assert np.abs(again[kept] - first[kept]).max() < 0.02
    many = vectors.copy()
    many[sample[:70]] = _unit_rows(np.random.default_rng(2).standard_normal((70, 30)))
    place_vectors(many, layouts)
    assert laid_out == [700]  # a tenth of the sample changed: laid out again


def _unit_rows(rows):
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def test_only_pages_whose_inputs_changed_are_rendered_again(monkeypatch):
    import papersite.render as render

    collection = _collection()
    first = render_site(collection, HOSTED)
    assert render_site(collection, HOSTED, previous=first) is first
    papers = list(collection.papers)
    papers[2] = replace(papers[2], abstract=replace(papers[2].abstract, text="We learn policies."))
    changed = replace(collection, papers=tuple(papers))
    rendered = []
    monkeypatch.setattr(render, "render_paper_page",
                        lambda view, *rest: rendered.append(view.paper.slug) or render_paper_page(view, *rest))
    again = render_site(changed, HOSTED, previous=first)
    # Its neighbours show paper 3's title only, which is unchanged.
    assert rendered == ["paper-3"]
    assert again.pages == render_site(changed, HOSTED).pages
    assert render_site(changed, OFFLINE, previous=again).pages == render_site(changed, OFFLINE).pages


def test_a_new_map_layout_renders_the_map_again_and_no_paper_page(monkeypatch):
    import papersite.render as render

    def placed(collection, x):
        return replace(collection, papers=tuple(replace(paper, map_position=(x, 0.5))
                                                for paper in collection.papers))

    first = render_site(placed(_collection(), 0.2), HOSTED)
    moved = placed(_collection(), 0.8)
    rendered = []
    monkeypatch.setattr(render, "render_paper_page",
                        lambda view, *rest: rendered.append(view.paper.slug) or render_paper_page(view, *rest))
    again = render_site(moved, HOSTED, previous=first)
    assert rendered == []  # the paper pages do not show the map
    assert again.pages[MAP_PATH] != first.pages[MAP_PATH]
    assert again.pages == render_site(moved, HOSTED).pages


def test_lists_mark_derived_titles_discreetly():
    collection = _collection()
    derived = replace(collection.papers[0], title_source="derived")
    given = replace(collection.papers[1], title_source="given")
    marked = replace(collection, papers=(derived, given, *collection.papers[2:]))
    pages = render_site(marked, HOSTED).pages
    index = pages["papers/index.md"]
    row = r'<div class="ps-browse-row" role="listitem"[^>]*><a href="[^"]*%s/">.*?</div>'
    entry = re.search(row % derived.slug, index).group(0)
    assert 'class="ps-derived"' in entry and "derived from the abstract" in entry
    entry = re.search(row % given.slug, index).group(0)
    assert "ps-derived" not in entry
    assert "≈ marks a title papersite derived" in index


def test_tag_pages_and_related_cards_mark_derived_titles_only_where_titles_are_mixed():
    all_derived = render_site(_collection(), HOSTED).pages  # every title of _collection is derived
    first, *others = _collection().papers
    mixed = replace(_collection(), papers=(replace(first, title_source="given"), *others))
    mixed_pages = render_site(mixed, HOSTED).pages
    tag_page, paper_page = "tags/segmentation.md", "papers/paper-1.md"  # paper 1's card: paper 2
    for pages, marks in ((all_derived, 0), (mixed_pages, 1)):
        assert pages[paper_page].split("ps-related")[1].count('class="ps-derived"') == marks
        assert pages[tag_page].count('class="ps-derived"') == 2 * marks  # papers 2 and 3
