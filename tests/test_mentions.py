"""Mentions: names another page is about link to it, once, never inside math, code or links."""

from __future__ import annotations

import json
import re

import pytest
from conftest import shared_data_file

from papersite.build import BuildOptions, build_collection
from papersite.enrich.mentions import link_names_in_html
from papersite.progress import Progress
from papersite.render import RenderOptions, render_site

INTRODUCER = ("Topological clustering is a classic tool. In this article, we introduce ToMAToMP: "
              "the first topological clustering method able to handle several functions at once, "
              "evaluated on CIFAR-100.")
USER = ("We compare our clustering against ToMAToMP and report gains; ToMAToMP is slower. Our graphs use "
        "$ToMAToMP$ notation and `ToMAToMP` code. Results on CIFAR-100 improve.")
THIRD = "We study CIFAR-100 robustness of convolutional networks under label noise."


def test_a_coined_name_links_to_its_paper_once_with_a_backlink(write_file):
    source = write_file("list.txt", f"List\n\n{INTRODUCER}\n\n{USER}\n\n{THIRD}\n")
    collection, _ = build_collection(BuildOptions(inputs=(source,)), Progress(quiet=True))
    introducer, user, third = collection.papers
    assert "ToMAToMP" in introducer.introduces
    assert ("ToMAToMP", introducer.slug) in {(m.name, m.target) for m in user.mentions}
    assert introducer.mentioned_by == (user.slug,)
    assert not any(m.target == introducer.slug for m in introducer.mentions)  # never itself
    pages = render_site(collection, RenderOptions()).pages
    user_page = pages[f"papers/{user.slug}.md"]
    abstract = re.search(r'<div class="ps-abstract">(.*?)</div>', user_page, re.S).group(1)
    assert abstract.count(f'href="../{introducer.slug}/"') == 1
    assert "Mentioned by" in pages[f"papers/{introducer.slug}.md"]
    assert 'href="../../tags/cifar-100/"' in abstract  # a dataset tagged on other papers too


def test_names_are_linked_outside_math_code_and_links_only():
    html = ('<p><math><mi>X1</mi></math> <code>X1</code> <a href="u">X1</a> see X1 and X1.</p>')
    linked = link_names_in_html(html, {"X1": "../x/"})
    assert linked.count('<a class="ps-mention" href="../x/">X1</a>') == 1
    assert linked.startswith('<p><math><mi>X1</mi></math> <code>X1</code> <a href="u">X1</a> see <a')


def test_a_name_inside_a_longer_word_is_not_a_mention():
    assert link_names_in_html("<p>ToMAToMP-style and XToMAToMP</p>", {"ToMAToMP": "x/"}) == (
        "<p>ToMAToMP-style and XToMAToMP</p>")


# Precision: what must not link -------------------------------------------------------------

PROPOSER = ("Pruning large language models is costly. In this paper, we propose Wandle, a pruning "
            "method for large language models that scores weights by their activations.")


def _links(write_file, *abstracts: str) -> list[set[tuple[str, str]]]:
    source = write_file("list.txt", "NeurIPS 2026 paper list\n\n" + "\n\n".join(abstracts) + "\n")
    collection, _ = build_collection(BuildOptions(inputs=(source,)), Progress(quiet=True))
    by_slug = {paper.slug: index for index, paper in enumerate(collection.papers)}
    return [{(m.name, str(by_slug.get(m.target, m.target))) for m in paper.mentions}
            for paper in collection.papers]


def test_a_name_the_paper_coins_links_from_a_paper_on_the_same_topic(write_file):
    user = "We prune large language models further than Wandle by pruning whole attention heads."
    assert ("Wandle", "0") in _links(write_file, PROPOSER, user)[1]


def test_a_name_cited_as_earlier_work_does_not_link(write_file):
    user = ("We prune large language models further than Wandle (Sun et al., 2023) by pruning "
            "whole attention heads.")
    assert not any(target == "0" for _, target in _links(write_file, PROPOSER, user)[1])


def test_the_same_name_on_another_topic_does_not_link(write_file):
    other = ("Protein structures fold in many ways. We improve Wandle sampling of protein "
             "backbones with a diffusion model over rigid frames.")
    assert not any(target == "0" for _, target in _links(write_file, PROPOSER, other)[1])


def test_a_vocabulary_term_never_links_to_a_paper(write_file):
    coiner = ("Image generation needs control. We propose ControlNet, a network that adds spatial "
              "conditioning to diffusion models for image generation.")
    user = "We add depth conditioning to diffusion models for image generation, as ControlNet does."
    assert not any(target == "0" for _, target in _links(write_file, coiner, user)[1])


def test_a_name_many_abstracts_use_is_the_fields(write_file):
    users = [f"We prune large language models with Wandle and study sparsity pattern {n}."
             for n in range(6)]
    links = _links(write_file, PROPOSER, *users)
    assert not any(target == "0" for link in links[1:] for _, target in link)


# Real lists: the hand-judged sample ---------------------------------------------------------

@pytest.fixture(scope="module")
def real_lists():
    from benchmarks.mentions import LISTS, build_list
    return {name: build_list(shared_data_file(f"{name}.jsonl"))[0] for name in LISTS}


def test_judged_mention_links_are_right_nine_times_in_ten(real_lists):
    from benchmarks.mentions import JUDGED, link_key, paper_links, tag_links
    judged = {r["key"]: r["judgement"] for r in map(json.loads, JUDGED.read_text("utf-8").splitlines())}
    assert len(judged) == 100 and set(judged.values()) <= {"right", "wrong"}
    made = {link_key(name, source, mention)
            for name, collection in real_lists.items()
            for source, mention, _ in (*paper_links(collection), *tag_links(collection))}
    still_made = [judgement for key, judgement in judged.items() if key in made]
    assert len(still_made) >= 90, "the sample no longer describes the links made: judge anew"
    assert still_made.count("right") / len(still_made) >= 0.9


def test_no_link_to_a_paper_by_a_name_many_abstracts_use(real_lists):
    from benchmarks.mentions import MAX_USERS, paper_links
    collection = real_lists["iclr2024"]
    for _, name, target in paper_links(collection):
        users = sum(bool(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", p.abstract.text))
                    for p in collection.papers)
        introducers = sum(name in p.introduces for p in collection.papers)
        assert users <= MAX_USERS or (name in target.own_names and introducers == 1), name
