"""Time the offline site's search, opened from disk in headless Chromium, at scale.

    python -m benchmarks.offline_search                    # 5,000 synthetic abstracts
    python -m benchmarks.offline_search --size 2000 --query diffusion --query "graph neural"
    python -m benchmarks.offline_search --site-dir /tmp/off5000 --skip-build

Makes a synthetic collection (benchmarks/corpus.py), builds it with `papersite build --offline`,
opens index.html from disk and times, for each query, from the moment the whole query is in the
search box (as if pasted) to the first search result on screen: once right after the page loads
(the browser first loads and indexes search_index.js: what a reader arriving on a page waits
for), then again on that page with the index ready. Every page load indexes anew. Prints the
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
# Puts the whole query in the search box at once (as a paste would) and resolves with the
# milliseconds until the first result, or Material's "No matching documents", is on screen.
_TIME_QUERY = """([query, timeout]) => new Promise(resolve => {
  const input = document.querySelector("input.md-search__input");
  const meta = document.querySelector(".md-search-result__meta");
  const started = performance.now();
  const finish = (found) => {
    observer.disconnect();
    resolve({milliseconds: performance.now() - started, found});
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector("%s")) finish(true);
    else if (/^No matching/.test(meta.textContent.trim())) finish(false);
  });
  observer.observe(document.body, {childList: true, subtree: true, characterData: true});
  setTimeout(() => { observer.disconnect(); resolve(null); }, timeout);
  input.value = query;
  input.dispatchEvent(new KeyboardEvent("keyup", {key: query.slice(-1)}));  // Material listens
})""" % RESULT


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
            fresh = _time_one_query(page, query, timeout_s)
            _clear_search(page)
            warm = _time_one_query(page, query, timeout_s)
            _clear_search(page)
            lines.append(f"{query!r}: page load {loaded * 1000:.0f} ms; first result "
                         f"{fresh} on a fresh page, {warm} with the index ready")
    outside = requests.leaving(scheme="file")
    lines.append(f"requests outside file://: {len(outside)} {outside[:3]}")
    return lines


def _time_one_query(page, query: str, timeout_s: float) -> str:
    """Search for query; describe the time to the first result (or to "no match")."""
    page.keyboard.press("/")  # opens the search, as a reader would
    outcome = page.evaluate(_TIME_QUERY, [query, timeout_s * 1000])
    if outcome is None:
        return f"nothing within {timeout_s:.0f} s"
    found = "" if outcome["found"] else " (no match)"
    return f"{outcome['milliseconds']:.0f} ms{found}"


def _clear_search(page) -> None:
    """Empty the search box and close the search, leaving the index loaded."""
    page.evaluate("""() => {
      const input = document.querySelector("input.md-search__input");
      input.value = "";
      input.dispatchEvent(new KeyboardEvent("keyup", {key: "Backspace"}));
    }""")
    page.keyboard.press("Escape")
    page.wait_for_selector(RESULT, state="detached")
    page.wait_for_function("() => !/^No matching/.test("
                           "document.querySelector('.md-search-result__meta').textContent.trim())")


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
