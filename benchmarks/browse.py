"""Measure the papers page of a built site in headless Chromium, hosted, as a reader uses it.

    python -m benchmarks.browse SITE [SITE ...]     # folders `papersite build` made

For each site: the time from opening papers/ until its first screen is usable (the list's
controls shown and its rows in view drawn with titles), the entries seen while scrolling to the
end by the wheel against the papers in papers.json, the page's height before and while
scrolling (its largest change, as a share), and the weight of the page itself (its HTML) and
of the list's data (papers/browse*.js, loaded as rows come into view). Then the first-visit
weight of the papers page and of one paper page: every byte a fresh browser fetches to show the
page and settle (HTML, styles, scripts, data), with nothing cached.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from browser import open_chromium, serve_folder  # noqa: E402 (tests/ is on the path just above)
from browsing import CONTROLS, LIST, scroll_to_the_end  # noqa: E402

# The first screen is usable: the controls are shown and the rows in view have their titles.
_FIRST_SCREEN = f"""() => document.querySelector({json.dumps(CONTROLS)}) &&
  document.querySelectorAll({json.dumps(LIST + " a")}).length > 0 &&
  !document.querySelector('.ps-browse-loading')"""


def measure(site: Path) -> str:
    """Return the report line of one site."""
    papers = len(json.loads((site / "papers.json").read_text(encoding="utf-8")))
    page_bytes = (site / "papers" / "index.html").stat().st_size
    data_bytes = sum(path.stat().st_size for path in (site / "papers").glob("browse*.js"))
    with serve_folder(site) as base, open_chromium() as context:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(base + "papers/", wait_until="commit")
        page.wait_for_function(_FIRST_SCREEN, polling="raf", timeout=30_000)
        first_screen = time.perf_counter() - start
        seen, heights = scroll_to_the_end(page)
    with serve_folder(site) as base:
        papers_visit = first_visit_bytes(base + "papers/")
        paper_visit = first_visit_bytes(base + _first_paper_address(site))
    change = (max(heights) - min(heights)) / min(heights)
    return (f"{site}: {len(seen):,} of {papers:,} papers seen scrolling to the end; first screen "
            f"usable {first_screen:.2f} s; height {heights[0]:,} px, largest change while "
            f"scrolling {change:.1%} over {len(heights)} steps; page {page_bytes / 1e3:.0f} KB, "
            f"list data {data_bytes / 1e3:.0f} KB; first visit: papers page {papers_visit / 1e3:.0f} KB, "
            f"a paper page {paper_visit / 1e3:.0f} KB")


def first_visit_bytes(url: str) -> int:
    """Bytes a new browser (an empty cache) fetches for a page until its network is idle."""
    sizes: list[int] = []
    with open_chromium() as context:
        page = context.new_page()
        page.on("requestfinished", lambda request: sizes.append(request.sizes()["responseBodySize"]))
        page.goto(url, wait_until="networkidle")
    return sum(sizes)


def _first_paper_address(site: Path) -> str:
    """The address of the list's first paper, relative to the site."""
    first = json.loads((site / "papers.json").read_text(encoding="utf-8"))[0]
    return str(first["url"]).lstrip("/")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sites", nargs="+", type=Path, help="built site folders")
    for site in parser.parse_args(argv).sites:
        print(measure(site), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
