"""Time the papers page's filters in headless Chromium, hosted and from disk.

    python -m benchmarks.facets                       # 5,000 and 30,000 synthetic papers
    python -m benchmarks.facets --sizes 5000 --skip-build

For each size, builds the synthetic collection (benchmarks/corpus.py) hosted and offline with
`papersite build`, then, in a new Chromium each: opens the papers page, opens the filters (the
data loads then), chooses the topic most papers hold, then the data set most of those hold.
For each click it prints the time until the page has drawn the narrowed list (the next frame
after the click's work), and checks the count shown against the papers' own tags. Prints the
papers page's size (what a first visit loads) and the filters' data size (loaded on opening).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .search import _site_url, build_site
from .search import _write_corpus as write_corpus

# Clicks a button and resolves, once the page has painted what the click drew, with the time
# the click's own work and the drawing took.
_TIMED_CLICK = """selector => new Promise(resolve => {
  const start = performance.now();
  document.querySelector(selector).click();
  requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
})"""


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    root = Path(args.root)
    for size in args.sizes:
        corpus = root / f"corpus-{size}"
        for offline in (False, True):
            site = root / f"site-{size}-{'offline' if offline else 'hosted'}"
            if not args.skip_build:
                if not corpus.exists():
                    write_corpus(size, corpus)
                build_site(corpus, site, offline)
            print(measure(site, offline))
    return 0


def measure(site: Path, offline: bool) -> str:
    """Return the report line of one site."""
    from browser import open_chromium  # tests/ is on the path (benchmarks.search puts it there)

    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    page_bytes = (site / "papers" / "index.html").stat().st_size
    data_bytes = (site / "papers" / "facets.js").stat().st_size
    with _site_url(site, offline) as home, open_chromium() as context:
        page = context.new_page()
        page.goto(home.rsplit("/", 1)[0] + ("/papers/index.html" if offline else "/papers/"))
        page.click(".ps-facet-open")
        page.wait_for_selector(".ps-facet-group")
        topic = page.locator(".ps-facet-group", has_text="Topics").locator(".ps-facet-value").first
        topic_name = topic.get_attribute("data-value").split(":", 1)[1]
        topic.evaluate("button => button.classList.add('ps-timed-topic')")
        topic_ms = page.evaluate(_TIMED_CLICK, ".ps-timed-topic")
        dataset = page.locator(".ps-facet-group", has_text="Datasets").locator(".ps-facet-value").first
        dataset_name = dataset.get_attribute("data-value").split(":", 1)[1]
        dataset.evaluate("button => button.classList.add('ps-timed-dataset')")
        dataset_ms = page.evaluate(_TIMED_CLICK, ".ps-timed-dataset")
        shown = int(page.text_content(".ps-facet-count").split()[0])
    both = sum(1 for record in records if topic_name in record["tags"]["topic"]
               and dataset_name in record["tags"]["dataset"])
    return (f"{len(records):,} papers, {'from disk' if offline else 'hosted'}: papers page "
            f"{page_bytes / 1e6:.2f} MB, filter data {data_bytes / 1e6:.2f} MB; topic "
            f"{topic_name!r} {topic_ms:.0f} ms, then data set {dataset_name!r} {dataset_ms:.0f} ms; "
            f"{shown} shown, {both} hold both{'' if shown == both else ' (MISMATCH)'}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5000, 30000])
    parser.add_argument("--root", default="/tmp/papersite-facets", help="where sites are built")
    parser.add_argument("--skip-build", action="store_true", help="measure sites built before")
    return parser


if __name__ == "__main__":
    sys.exit(main())
