"""Time the offline site's search, opened from disk in headless Chromium, at scale.

    python -m benchmarks.offline_search                    # 5,000 synthetic abstracts
    python -m benchmarks.offline_search --size 2000 --query diffusion --query "graph neural"
    python -m benchmarks.offline_search --site-dir /tmp/off5000 --skip-build

Makes a synthetic collection (benchmarks/corpus.py), builds it with `papersite build --offline`,
opens index.html from disk and times, for each query, from the first keystroke to the first
search result on screen: once on a freshly loaded page (the search index is loaded and built in
the browser first: what a reader waits for), then again on that page (index ready). Prints the
build time and the sizes of the search index and of the site.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .corpus import make_corpus, write_list_parts

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_QUERIES = ["diffusion", "contrastive learning", "graph neural network", "reinforcement",
                   "transformer"]
RESULT = ".md-search-result__item"
# Stamps the first keystroke in the search box and the first result on screen, in page time.
_STOPWATCH = """() => {
  window.__typed = null; window.__shown = null;
  const input = document.querySelector("input.md-search__input");
  input.addEventListener("keydown", () => { window.__typed ??= performance.now(); },
                         {capture: true, once: true});
  new MutationObserver((_, observer) => {
    if (document.querySelector("%s")) { window.__shown = performance.now(); observer.disconnect(); }
  }).observe(document.body, {childList: true, subtree: true});
}""" % RESULT


def main(argv: list[str] | None = None) -> int:
    """Build the collection's offline site (unless told not to) and time its search."""
    args = _parser().parse_args(argv)
    site = Path(args.site_dir)
    if not args.skip_build:
        seconds = build_offline_site(args.size, site)
        print(f"built {args.size} abstracts into {site} in {seconds:.1f} s")
    print_sizes(site)
    for line in time_queries(site, args.query or DEFAULT_QUERIES, args.timeout):
        print(line)
    return 0


def build_offline_site(size: int, site: Path) -> float:
    """Write a synthetic collection and build its offline site; return the build's seconds."""
    with tempfile.TemporaryDirectory(prefix="papersite-corpus-") as folder:
        write_list_parts(make_corpus(size), Path(folder))
        command = [str(ROOT / ".venv" / "bin" / "papersite"), "build", folder, "--offline",
                   "--site-dir", str(site), "--quiet"]
        environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=environment, check=True)
        return time.perf_counter() - started


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
    """Return one line per query: keystroke to first result, on a fresh page and then warm."""
    sys.path.insert(0, str(ROOT / "tests"))
    from browser import RequestLog, open_chromium

    lines = []
    requests = RequestLog()
    with open_chromium() as context:
        requests.attach(context)
        context.set_default_timeout(timeout_s * 1000)
        page = context.new_page()
        for query in queries:
            started = time.perf_counter()
            page.goto((site / "index.html").as_uri())
            loaded = time.perf_counter() - started
            fresh = _time_one_query(page, query)
            _clear_search(page)
            warm = _time_one_query(page, query)
            _clear_search(page)
            lines.append(f"{query!r}: page load {loaded * 1000:.0f} ms; first result "
                         f"{_format(fresh)} on a fresh page, {_format(warm)} with the index ready")
    outside = requests.leaving(scheme="file")
    lines.append(f"requests outside file://: {len(outside)} {outside[:3]}")
    return lines


def _time_one_query(page, query: str) -> float | None:
    """Type query into the search box; return milliseconds to the first result, None if none."""
    page.evaluate(_STOPWATCH)
    page.keyboard.press("/")
    page.keyboard.type(query)
    try:
        page.wait_for_selector(RESULT)
    except Exception:  # Playwright's TimeoutError: no result within the timeout
        return None
    return page.evaluate("() => window.__shown - window.__typed")


def _clear_search(page) -> None:
    """Empty the search box and close the search, leaving the index loaded."""
    page.fill("input.md-search__input", "")
    page.keyboard.press("Escape")
    page.wait_for_selector(RESULT, state="detached")


def _format(milliseconds: float | None) -> str:
    return "none (timed out)" if milliseconds is None else f"{milliseconds:.0f} ms"


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
