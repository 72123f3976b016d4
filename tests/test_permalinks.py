"""A paper keeps its URL when its abstract is corrected; a removed paper's URL says where it
went (generator/permalinks.py)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from conftest import copy_project

from papersite.permalinks import SAME_PAPER, Permalink, assign, read_permalinks, similarity, sketch

REPO = Path(__file__).resolve().parents[1]
MKDOCS = REPO / ".venv" / "bin" / "mkdocs"
ANCHOR_REP = "anchorrep-shared-internal-representation-geometry-d7c6df"

TEXT = ("We introduce ZebraNet, a striped network for counting zebras in aerial images, and "
        "show that it halves the counting error of earlier detectors on three wildlife surveys.")
TYPO_FIXED = TEXT.replace("halves", "more than halves")
OTHER = ("Graph neural networks oversmooth with depth; we bound the rate at which node features "
         "collapse and propose a residual rescaling that keeps deep message passing stable.")


def test_a_corrected_abstract_reads_as_the_same_paper_and_another_does_not():
    assert similarity(sketch(TEXT), sketch(TYPO_FIXED)) >= SAME_PAPER
    assert similarity(sketch(TEXT), sketch(OTHER)) < SAME_PAPER


def test_a_paper_keeps_its_slug_by_id_whatever_its_title_is_now():
    first = assign(["a1"], ["ZebraNet: Counting Zebras"], [sketch(TEXT)], {})
    again = assign(["a1"], ["A Better Derived Title"], [sketch(TEXT)], first.permalinks)
    assert again.slugs == first.slugs and not again.retired


def test_an_edited_abstract_keeps_its_slug_and_a_removed_one_is_retired():
    first = assign(["a1", "b2"], ["ZebraNet", "Oversmoothing Bounds"],
                   [sketch(TEXT), sketch(OTHER)], {})
    edited = assign(["a1-edited", "b2"], ["ZebraNet Again", "Oversmoothing Bounds"],
                    [sketch(TYPO_FIXED), sketch(OTHER)], first.permalinks, today="2026-12-02")
    assert edited.slugs == first.slugs and not edited.retired
    removed = assign(["b2"], ["Oversmoothing Bounds"], [sketch(OTHER)], edited.permalinks,
                     today="2026-12-03")
    assert removed.slugs == [first.slugs[1]]
    assert removed.retired == {first.slugs[0]: Permalink("a1-edited", "ZebraNet Again",
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
