"""Time the offline site's search, opened from disk in headless Chromium, at scale.

    python -m benchmarks.offline_search                    # 5,000 synthetic abstracts
    python -m benchmarks.offline_search --size 2000 --query diffusion --query "graph neural"
    python -m benchmarks.offline_search --site-dir /tmp/off5000 --skip-build

Makes a synthetic collection (benchmarks/corpus.py), builds it with `papersite build --offline`,
opens index.html from disk and times (wall clock, as a reader waits) for each query, from
pressing "/" and entering the whole query (as if pasted) to the first search result on screen:
once right after the page loads (the first focus of the search box loads and indexes
search_index.js; every page load indexes anew), then again on that page with the index ready.
Also prints the build time,
the sizes of the search index and of the site, and how long the page stops responding while
the index is built (offline, Material's search runs in an iframe on the page's own thread
through the iframe-worker shim, not in a Web Worker).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from .corpus import make_corpus, write_list_parts
from .search import build_site

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browser import ENTER_QUERY_JS, SEARCH_RESULT, RequestLog, open_chromium  # noqa: E402

DEFAULT_QUERIES = ["diffusion", "contrastive learning", "graph neural network", "reinforcement",
                   "transformer"]
_META = "document.querySelector('.md-search-result__meta').textContent.trim()"
_ANSWERED = f"() => document.querySelector('{SEARCH_RESULT}') || /^No matching/.test({_META})"


def main(argv: list[str] | None = None) -> int:
    """Build the collection's offline site (unless told not to) and time its search."""
    args = _parser().parse_args(argv)
    site = Path(args.site_dir)
    if not args.skip_build:
        seconds = build_offline_site(args.size, site)
        print(f"built {args.size} abstracts into {site} in {seconds:.1f} s")
    print_sizes(site)
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} "
          "(other work on the machine slows the figures below)")
    for line in time_queries(site, args.query or DEFAULT_QUERIES, args.timeout):
        print(line)
    return 0


def build_offline_site(size: int, site: Path) -> float:
    """Write a synthetic collection and build its offline site; return the build's seconds."""
    with tempfile.TemporaryDirectory(prefix="papersite-corpus-") as folder:
        write_list_parts(make_corpus(size), Path(folder))
        return build_site(Path(folder), site, offline=True)  # with a cache of its own


def print_sizes(site: Path) -> None:
    """Print the search index's size, the site's and the zip's, and the page count."""
    index = site / "search" / "search_index.js"
    pages = sum(1 for _ in site.rglob("*.html"))
    total = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
    archive = site.with_name(site.name + ".zip")
    print(f"search index: {index.stat().st_size / 1e6:.1f} MB ({index.name}); "
          f"site: {pages} pages, {total / 1e6:.0f} MB"
          + (f"; zip {archive.stat().st_size / 1e6:.0f} MB" if archive.is_file() else ""))


def time_queries(site: Path, queries: list[str], timeout_s: float) -> list[str]:
    """Return a line on the page's readiness, then one per query: time to the first result."""
    home = (site / "index.html").as_uri()
    requests = RequestLog()
    with open_chromium() as context:
        requests.attach(context)
        context.set_default_timeout(timeout_s * 1000)
        page = context.new_page()
        lines = [_time_readiness(page, home)]
        for query in queries:
            started = time.perf_counter()
            page.goto(home)
            loaded = time.perf_counter() - started
            fresh = _time_one_query(page, query)
            _clear_search(page)
            warm = _time_one_query(page, query)
            _clear_search(page)
            lines.append(f"{query!r}: page load {loaded * 1000:.0f} ms, then first result "
                         f"{fresh} on the fresh page, {warm} once the index is ready")
    outside = requests.leaving(scheme="file")
    lines.append(f"requests outside file://: {len(outside)} {outside[:3]}")
    return lines


def _time_readiness(page, url: str) -> str:
    """Load url, open the search; describe when the index is ready and how long the page froze."""
    started = time.perf_counter()
    page.goto(url)
    loaded = time.perf_counter()
    page.keyboard.press("/")  # Material loads and indexes search_index.js on the first focus
    longest_answer = time.perf_counter() - loaded  # the key press waits for the page as well
    while True:  # a script's round trip shows how long the page's thread stays busy
        asked = time.perf_counter()
        meta = page.evaluate(f"() => {_META}")
        longest_answer = max(longest_answer, time.perf_counter() - asked)
        if not meta.startswith("Initializing"):
            break
        time.sleep(0.05)
    ready = time.perf_counter()
    _clear_search(page)
    return (f"page load {(loaded - started) * 1000:.0f} ms; search index ready "
            f"{(ready - loaded) * 1000:.0f} ms after opening the search; the page did not "
            f"respond for up to {longest_answer * 1000:.0f} ms meanwhile")


def _time_one_query(page, query: str) -> str:
    """Search for query; describe the wall-clock time to the first result (or to "no match")."""
    started = time.perf_counter()
    page.keyboard.press("/")  # opens the search, as a reader would
    page.evaluate(ENTER_QUERY_JS, query)
    page.wait_for_function(_ANSWERED)
    elapsed = time.perf_counter() - started
    found = page.query_selector(SEARCH_RESULT) is not None
    return f"{elapsed * 1000:.0f} ms" + ("" if found else " (no match)")


def _clear_search(page) -> None:
    """Empty the search box and close the search, leaving the index loaded."""
    page.evaluate("""() => {
      const input = document.querySelector("input.md-search__input");
      input.value = "";
      input.dispatchEvent(new KeyboardEvent("keyup", {key: "Backspace"}));
    }""")
    page.keyboard.press("Escape")
    page.wait_for_selector(SEARCH_RESULT, state="detached")
    page.wait_for_function(f"() => !/^No matching/.test({_META})")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5000, help="number of synthetic abstracts")
    parser.add_argument("--site-dir", default="/tmp/off5000", help="where to build the site")
    parser.add_argument("--skip-build", action="store_true", help="time an existing build")
    parser.add_argument("--query", action="append", help="a query to time (repeatable)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds to wait per query")
    return parser


if __name__ == "__main__":
    sys.exit(main())
