"""Strange but valid input just works: long, short, many, odd starts, odd titles, odd ids."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from conftest import REPO, paper_pages

from papersite.build import BuildOptions, build_collection
from papersite.cli import main
from papersite.parse import parse_inputs
from papersite.progress import Progress
from papersite.render import RenderOptions, render_site

BASE = "We study graph neural networks for molecules and report results on QM9 benchmarks."
ODD_STARTS = ["# Not a heading", "--- not a rule", "> not a quote", "| not | a table |",
              "1. not a list", "key: value looks like YAML", "{{ not_jinja }} and {% raw %}",
              "<!-- not a comment --> visible", "[[wiki link]] text", "Single"]


@pytest.fixture
def build(tmp_path, monkeypatch):
    """Build a site from the given inputs; return the site folder."""
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def run(*inputs: Path) -> Path:
        site = tmp_path / "site"
        assert main(["build", *map(str, inputs), "--site-dir", str(site), "--quiet"]) == 0
        return site

    return run


def generated_docs(tmp_path: Path) -> Path:
    return next((tmp_path / "cache" / "papersite").glob("docs-*"))


def front_matter(page: Path) -> dict:
    text = page.read_text(encoding="utf-8")
    assert text.startswith("---\n")
    return yaml.safe_load(text.split("\n---\n", 1)[0][4:])


def test_odd_abstracts_and_a_foreign_header_build(build, tmp_path, write_file):
    long_abstract = " ".join([BASE] * 1200)  # about 100,000 characters
    paragraphs = [long_abstract] + [f"{start} {BASE}" for start in ODD_STARTS[:-1]] + ["Single"]
    source = write_file("liste.txt", "Liste des articles — ICML 2026\n\n" + "\n\n".join(paragraphs))
    site = build(source)
    pages = paper_pages(site)
    assert len(pages) == len(paragraphs)
    for start in ODD_STARTS:
        visible = start.split()[0].strip("<{[|>#-")
        assert any(visible in page.read_text(encoding="utf-8") for page in pages), start
    for page in (generated_docs(tmp_path) / "papers").glob("*.md"):
        if page.name not in ("index.md", "my-list.md"):
            assert front_matter(page)["title"]


def test_odd_titles_and_ids_stay_inside_the_site_and_never_collide(build, tmp_path, write_file):
    titles = ['Quotes "double" and \'single\'', "Colon: subtitle: more", "---", "Line\nbreak",
              "Same title", "Same title"]
    ids = ["../../etc/passwd", "CON", "", "x" * 300, "same-id", "same-id"]
    records = [{"id": i, "title": t, "abstract": f"{BASE} Variant {n}."}
               for n, (i, t) in enumerate(zip(ids, titles))]
    site = build(write_file("odd.jsonl", "\n".join(json.dumps(r) for r in records)))
    pages = paper_pages(site)
    assert len(pages) == 6
    assert all(page.resolve().is_relative_to(site.resolve()) for page in pages)
    data = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    assert len({record["id"] for record in data}) == 6
    assert {record["title"] for record in data} >= {"Colon: subtitle: more", "Same title"}
    for page in (generated_docs(tmp_path) / "papers").glob("*.md"):
        if page.name not in ("index.md", "my-list.md"):
            assert "title" in front_matter(page)
    assert not (tmp_path / "etc").exists()


def test_two_abstracts_with_the_same_derived_title_get_two_pages(build, write_file):
    first = f"{BASE} The first variant uses attention."
    second = f"{BASE} The second variant uses convolutions instead."
    site = build(write_file("same.txt", f"List\n\n{first}\n\n{second}\n"))
    data = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    assert len(data) == 2 and len({record["url"] for record in data}) == 2


def test_ten_thousand_abstracts_in_one_file(write_file):
    topics = ["graphs", "diffusion", "bandits", "transformers", "kernels", "privacy", "robots"]
    paragraphs = [f"We propose Method{n}, a model for {topics[n % 7]} and {topics[n * 3 % 7]} "
                  f"that improves accuracy by {n % 97}% on benchmark {n}." for n in range(10_000)]
    source = write_file("big.txt", "Big list\n\n" + "\n\n".join(paragraphs))
    parsed = parse_inputs([source], "utf-8", False)
    assert len(parsed.abstracts) == 10_000
    assert len({abstract.id for abstract in parsed.abstracts}) == 10_000
    # Enriched and rendered from 3,000 of them, well above the workers' threshold: the whole
    # file took 25 s of the suite.
    part = write_file("part.txt", "Big list\n\n" + "\n\n".join(paragraphs[:3_000]))
    collection, _ = build_collection(BuildOptions(inputs=(part,)), Progress(quiet=True))
    assert len(collection.papers) == 3_000
    assert len({paper.slug for paper in collection.papers}) == 3_000
    pages = render_site(collection, RenderOptions()).pages
    assert sum(path.startswith("papers/") for path in pages) == 3_003  # with the index, my list and search
