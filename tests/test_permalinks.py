"""A paper keeps its URL when its abstract is corrected; a removed paper's URL says where it
went (generator/permalinks.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from functools import partial
from pathlib import Path

from conftest import copy_project

from papersite.cli import main
from papersite.permalinks import SAME_PAPER, Permalink, assign, read_permalinks, similarity, sketch

REPO = Path(__file__).resolve().parents[1]
MKDOCS = REPO / ".venv" / "bin" / "mkdocs"
pytest_plugins = ["browser"]  # the fixtures chromium and static_server
ANCHOR_REP = "anchorrep-shared-internal-representation-geometry-d7c6df"

TEXT = ("We introduce ZebraNet, a striped network for counting zebras in aerial images, and "
        "show that it halves the counting error of earlier detectors on three wildlife surveys.")
TYPO_FIXED = TEXT.replace("halves", "more than halves")
OTHER = ("Graph neural networks oversmooth with depth; we bound the rate at which node features "
         "collapse and propose a residual rescaling that keeps deep message passing stable.")


def test_a_corrected_abstract_reads_as_the_same_paper_and_another_does_not():
    assert similarity(sketch(TEXT), sketch(TYPO_FIXED)) >= SAME_PAPER
    assert similarity(sketch(TEXT), sketch(OTHER)) < SAME_PAPER


def test_a_retitled_paper_keeps_its_key_its_slug_follows_the_title_and_the_map_stays():
    first = assign(["a1"], ["ZebraNet: Counting Zebras"], [sketch(TEXT)], {})
    again = assign(["a1"], ["A Better Derived Title"], [sketch(TEXT)], first.permalinks)
    key = first.slugs[0].rsplit("-", 1)[1]
    assert again.slugs == [f"a-better-derived-title-{key}"] and not again.retired
    # The first address sends readers on; the map, which a project commits, does not change.
    assert again.moved == {first.slugs[0]: again.slugs[0]}
    assert again.permalinks == first.permalinks
    back = assign(["a1"], ["ZebraNet: Counting Zebras"], [sketch(TEXT)], again.permalinks)
    assert back.slugs == first.slugs and not back.moved


def test_keys_stay_unique_when_short_hashes_collide():
    from papersite.links import make_slug
    taken: set[str] = set()
    slugs = [make_slug("Same Title", f"id-{number}", taken) for number in range(3000)]
    keys = [slug.rsplit("-", 1)[1] for slug in slugs]
    assert len(set(keys)) == len(keys) and max(map(len, keys)) > 6  # some did collide


def test_two_papers_of_an_old_map_sharing_a_key_keep_distinct_slugs():
    old = {"alpha-abc123": Permalink("a1", "Alpha", sketch(TEXT)),
           "beta-abc123": Permalink("b2", "Beta", sketch(OTHER))}
    both = assign(["a1", "b2"], ["Beta", "Alpha"], [sketch(TEXT), sketch(OTHER)], old)
    assert len(set(both.slugs)) == 2 and not set(both.slugs) - set(old)


def test_an_edited_abstract_keeps_its_slug_and_a_removed_one_is_retired():
    first = assign(["a1", "b2"], ["ZebraNet", "Oversmoothing Bounds"],
                   [sketch(TEXT), sketch(OTHER)], {})
    edited = assign(["a1-edited", "b2"], ["ZebraNet", "Oversmoothing Bounds"],
                    [sketch(TYPO_FIXED), sketch(OTHER)], first.permalinks, today="2026-12-02")
    assert edited.slugs == first.slugs and not edited.retired
    removed = assign(["b2"], ["Oversmoothing Bounds"], [sketch(OTHER)], edited.permalinks,
                     today="2026-12-03")
    assert removed.slugs == [first.slugs[1]]
    assert removed.retired == {first.slugs[0]: Permalink("a1-edited", "ZebraNet",
                                                         sketch(TYPO_FIXED), "2026-12-03")}
    # Retired papers stay retired, and their slugs are never given to another paper.
    later = assign(["b2", "c3"], ["Oversmoothing Bounds", "ZebraNet"],
                   [sketch(OTHER), sketch("Unrelated.")], removed.permalinks)
    assert first.slugs[0] in later.retired and first.slugs[0] not in later.slugs


def test_a_retired_paper_points_to_the_paper_that_came_in_its_place():
    first = assign(["a1"], ["ZebraNet"], [sketch(TEXT)], {})
    # Rewritten rather than corrected: another paper, but the one that came in its place.
    rewritten = ("ZebraNet counts zebras in drone footage with a striped convolutional network; "
                 "we release five annotated wildlife surveys and improve on detectors.")
    second = assign(["a2"], ["ZebraNet v2"], [sketch(rewritten)], first.permalinks)
    assert second.slugs != first.slugs
    assert second.retired[first.slugs[0]].successor == second.slugs[0]


def _build(root: Path) -> None:
    result = subprocess.run([str(MKDOCS), "build"], cwd=root, capture_output=True, text=True,
                            env={**os.environ, "NO_MKDOCS_2_WARNING": "1",
                                 "PAPERSITE_QUIET": "1", "XDG_CACHE_HOME": str(root / "cache")})
    assert result.returncode == 0, result.stderr


def test_urls_survive_a_typo_fix_and_a_removal_leaves_a_page_saying_so(tmp_path):
    root = copy_project(tmp_path)
    _build(root)
    links = read_permalinks(root / "permalinks.json")
    assert ANCHOR_REP in links and (root / "site" / "papers" / ANCHOR_REP / "index.html").is_file()
    part = next(path for path in (root / "abstracts").iterdir()
                if "AnchorRep" in path.read_text(encoding="utf-8"))
    text = part.read_text(encoding="utf-8")
    paragraph = next(p for p in text.split("\n\n") if "AnchorRep" in p)
    # One word of the abstract corrected: a new id, the same URL.
    part.write_text(text.replace(paragraph, paragraph.replace(" the ", " a ", 1)), encoding="utf-8")
    _build(root)
    assert read_permalinks(root / "permalinks.json")[ANCHOR_REP].id != links[ANCHOR_REP].id
    page = (root / "site" / "papers" / ANCHOR_REP / "index.html").read_text(encoding="utf-8")
    assert "no longer in" not in page
    # The abstract removed: its URL says the paper left the list.
    text = part.read_text(encoding="utf-8")
    paragraph = next(p for p in text.split("\n\n") if "AnchorRep" in p)
    part.write_text(text.replace(paragraph + "\n\n", ""), encoding="utf-8")
    _build(root)
    page = (root / "site" / "papers" / ANCHOR_REP / "index.html").read_text(encoding="utf-8")
    assert "This paper is no longer in NeurIPS 2026" in page
    records = json.loads((root / "site" / "papers.json").read_text(encoding="utf-8"))
    assert not any(ANCHOR_REP in record["url"] for record in records)


def _records_file(path: Path, titles: list[str]) -> Path:
    """Write a JSON Lines list of three papers with these given titles."""
    texts = [TEXT, OTHER, "We prove that sparse autoencoders recover monosemantic features "
             "under a superposition model, and give a sample complexity bound for doing so."]
    path.write_text("".join(json.dumps({"id": f"p{n}", "title": title, "abstract": text}) + "\n"
                            for n, (title, text) in enumerate(zip(titles, texts))), encoding="utf-8")
    return path


def test_a_changed_title_gets_an_address_with_its_words_and_every_old_address_leads_to_it(
        tmp_path, monkeypatch, chromium, static_server):
    # A title edited by hand in a structured record (as a title-rule change would re-derive it).
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    site = tmp_path / "site"
    addresses = []
    for title in ("ZebraNet: Counting Zebras", "Striped Networks Count Zebras", "ZebraNet v3"):
        lists = _records_file(tmp_path / "list.jsonl", [title, "Oversmoothing Bounds", "SAE Theory"])
        assert main(["build", str(lists), "--site-dir", str(site), "--quiet"]) == 0
        records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
        addresses.append(next(r["url"] for r in records if r["id"] == "p0"))
    first, second, now = addresses
    assert first.startswith("papers/zebranet-counting-zebras-")
    assert second.startswith("papers/striped-networks-count-zebras-")
    assert now.startswith("papers/zebranet-v3-")
    assert len({address.rsplit("-", 1)[1] for address in addresses}) == 1  # one key throughout
    context, _ = chromium
    base = static_server(site, site / "404.html")
    page = context.new_page()
    # The first address is a page of the site that sends the reader on; the one between, no
    # longer on the site, is answered by the 404 page, which finds the paper by its key.
    for old in (first, second):
        page.goto(base + old)
        page.wait_for_url(base + now)
        assert page.locator("h1").first.inner_text() == "ZebraNet v3"


def test_building_the_bundled_list_in_a_fresh_clone_changes_no_tracked_file(tmp_path, monkeypatch):
    # What `make site` does in a fresh clone: every tracked file as committed (here: as in the
    # working tree), a build, then `git status`.
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                             check=True).stdout.decode().split("\0")
    clone = tmp_path / "clone"
    for name in filter(None, tracked):
        if (REPO / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, clone / name)
    git = partial(subprocess.run, cwd=clone, check=True, capture_output=True, text=True)
    git(["git", "init", "-q"])
    git(["git", "add", "-A"])
    git(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "clone"])
    monkeypatch.chdir(clone)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("SITE_URL", raising=False)
    assert main(["build", "--quiet"]) == 0
    assert (clone / "site" / "index.html").is_file()
    assert git(["git", "status", "--porcelain"]).stdout == ""
