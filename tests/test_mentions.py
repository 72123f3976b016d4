"""Mentions: names another page is about link to it, once, never inside math, code or links."""

from __future__ import annotations

import re

from generator.build import BuildOptions, build_collection
from generator.enrich.mentions import link_names_in_html
from generator.progress import Progress
from generator.render import RenderOptions, render_site

INTRODUCER = ("Topological clustering is a classic tool. In this article, we introduce ToMAToMP: "
              "the first topological clustering method able to handle several functions at once, "
              "evaluated on CIFAR-100.")
USER = ("We compare against ToMAToMP and report gains; ToMAToMP is slower. Our graphs use "
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
