"""Time papersite's search in headless Chromium at 5,000 and 30,000 papers, hosted and offline.

    python -m benchmarks.search                              # builds 4 sites in /tmp/papersite-search
    python -m benchmarks.search --sizes 5000 --skip-build    # time sites built before
    python -m benchmarks.search --names 0                    # rank every method name

For each size, writes a synthetic collection (benchmarks/corpus.py) and builds it twice with
`papersite build`: hosted (served from 127.0.0.1) and `--offline` (opened from disk). Then, for 20
queries (method names the papers coin, tag names, phrases), each in a new Chromium with an empty
cache: opens the home page, presses "/", enters the query at once (as a paste) and times the
first result on screen, from entering the query and from starting to load the page. Prints:

- index bytes per paper, and the bytes a browser downloads for a first search (everything under
  search/ and the worker);
- how long the page's thread was busy in one stretch at most (Long Tasks API), during page load
  and during the first search: offline the worker runs on that thread;
- the share of method-name queries whose paper ranks first: a sample of 1,000 of the names the
  papers coin (or all), sent to the search worker in Chromium as Material's search box sends
  them; a name counts as found when the first result is a paper that coins it;
- requests that left the site (there must be none).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import median
from urllib.parse import unquote, urlsplit

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .corpus import make_corpus, write_list_parts

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browser import (  # noqa: E402 (tests/ is put on the path just above)
    ENTER_QUERY_JS,
    FIRST_RESULTS_JS,
    SEARCH_RESULT,
    RequestLog,
    open_chromium,
    read_page_table,
    serve_folder,
)

PHRASES = ["diffusion", "contrastive learning", "graph neural network", "reinforcement learning",
           "large language models", "adversarial robustness"]
# The first result on screen. (Not "No matching documents": Material shows that for the empty
# query it sends when the search box gets the focus, if its answer comes after the paste.)
_ANSWERED = f"() => document.querySelector('{SEARCH_RESULT}')"
# Records every stretch the page's thread was busy for over 50 ms, from the start of the load.
_WATCH_LONG_TASKS = """window.__longTasks = [];
new PerformanceObserver(list => { for (const entry of list.getEntries())
  window.__longTasks.push([entry.startTime, entry.duration]); })
  .observe({type: "longtask", buffered: true});"""
def main(argv: list[str] | None = None) -> int:
    """Build the sites (unless told not to) and print the figures for each."""
    args = _parser().parse_args(argv)
    root = Path(args.root)
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    for size in args.sizes:
        corpus = None
        for offline in (False, True):
            site = root / f"{'offline' if offline else 'hosted'}-{size}"
            if not args.skip_build:
                corpus = corpus or _write_corpus(size, root / f"corpus-{size}")
                seconds = build_site(corpus, site, offline)
                print(f"\nbuilt {size} papers ({'offline' if offline else 'hosted'}) "
                      f"into {site} in {seconds:.0f} s")
            for line in measure_site(site, offline, args.names, args.repeat):
                print(line, flush=True)
    return 0


def _write_corpus(size: int, folder: Path) -> Path:
    write_list_parts(make_corpus(size), folder)
    return folder


def build_site(corpus: Path, site: Path, offline: bool) -> float:
    """Build the list files into site with `papersite build`; return the build's seconds."""
    command = [str(ROOT / ".venv" / "bin" / "papersite"), "build", str(corpus),
               "--site-dir", str(site), "--quiet", *(["--offline"] if offline else [])]
    with tempfile.TemporaryDirectory(prefix="papersite-cache-") as cache:
        environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "XDG_CACHE_HOME": cache}
        environment.pop("SITE_URL", None)
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=environment, check=True)
        return time.perf_counter() - started


def measure_site(site: Path, offline: bool, names: int, repeat: int) -> list[str]:
    """Return the report lines of one built site."""
    kind = "offline" if offline else "hosted"
    docs = read_page_table(site)
    papers = [doc for doc in docs if len(doc) > 3]
    index_file = site / "search" / ("search_index.js" if offline else "search_index.json")
    index_bytes = index_file.stat().st_size + sum(
        path.stat().st_size for path in (site / "search" / "papersite").iterdir())
    paper_count = sum(1 for doc in docs if "#" not in doc[0] and doc[0].startswith("papers/"))
    lines = [f"\n== {paper_count} papers, {kind}: {site}",
             (f"index: {index_bytes / 1e6:.1f} MB, {index_bytes / paper_count:.0f} bytes per paper"
              f" (page table {_page_table_bytes(site, offline) / 1e6:.2f} MB)")]
    queries = choose_queries(site, papers)
    with _site_url(site, offline) as home:
        timings = [time_first_search(home, site, query, kind) for query in queries
                   for _ in range(repeat)]
        ranked = rank_method_names(home, papers, names)
    for query, timing in zip([q for q in queries for _ in range(repeat)], timings):
        lines.append(f"  {query[1]:<12} {query[0]!r:<40} {timing['line']}")
    answered = [t["query_ms"] for t in timings if t["query_ms"] is not None]
    lines.append(
        f"first result after entering the query: median {median(answered):.0f} ms, "
        f"max {max(answered):.0f} ms ({len(answered)}/{len(timings)} answered); "
        f"after starting the page load: max {max(t['load_ms'] for t in timings):.0f} ms")
    lines.append(
        f"downloaded for a first search: median {median(t['bytes'] for t in timings) / 1e6:.2f}"
        f" MB, max {max(t['bytes'] for t in timings) / 1e6:.2f} MB")
    lines.append(
        f"longest busy stretch of the page's thread: page load {max(t['load_block'] for t in timings):.0f}"
        f" ms, first search {max(t['search_block'] for t in timings):.0f} ms")
    lines.append(ranked)
    outside = sorted({url for t in timings for url in t["outside"]})
    lines.append(f"requests outside the site: {len(outside)} {outside[:3]}")
    return lines


def choose_queries(site: Path, papers: list[list]) -> list[tuple[str, str]]:
    """Return 20 (query, kind) pairs: 8 method names, 6 tag names (topic, dataset, model), 6 phrases."""
    generator = random.Random(0)
    named = [name for doc in papers for name in doc[3] if len(name) >= 3]
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    tags = []
    for kind in ("topic", "dataset", "model"):  # two of each kind of tag
        names = sorted({tag for record in records for tag in record["tags"].get(kind, [])})
        tags += [(tag, kind) for tag in generator.sample(names, min(2, len(names)))]
    return ([(name, "method name") for name in generator.sample(named, 8)] + tags
            + [(phrase, "phrase") for phrase in PHRASES])


def time_first_search(home: str, site: Path, query: tuple[str, str], kind: str) -> dict:
    """Open home in a new Chromium (empty cache), search once; return the timings."""
    requests = RequestLog()
    with open_chromium() as context:
        requests.attach(context)
        context.add_init_script(_WATCH_LONG_TASKS)
        page = context.new_page()
        started = time.perf_counter()
        page.goto(home)
        page.wait_for_load_state("load")
        loaded_ms = page.evaluate("() => performance.now()")
        entered = time.perf_counter()
        page.keyboard.press("/")
        page.evaluate(ENTER_QUERY_JS, query[0])
        query_ms = load_ms = None
        try:
            page.wait_for_function(_ANSWERED, timeout=15_000)
            finished = time.perf_counter()
            query_ms, load_ms = (finished - entered) * 1000, (finished - started) * 1000
        except PlaywrightTimeout:  # reported as "no answer in 15 s"
            pass
        tasks = page.evaluate("() => window.__longTasks")
    scheme = urlsplit(home).scheme
    netloc = urlsplit(home).netloc if scheme == "http" else ""
    load_block = max([d for s, d in tasks if s < loaded_ms] or [0])
    search_block = max([d for s, d in tasks if s >= loaded_ms] or [0])
    line = ("no answer in 15 s" if query_ms is None else
            f"{query_ms:5.0f} ms ({load_ms:5.0f} ms from page load)")
    return {"query_ms": query_ms, "load_ms": load_ms or 15_000, "line": line,
            "bytes": _search_bytes(site, home, requests.urls), "load_block": load_block,
            "search_block": search_block,
            "outside": requests.leaving(scheme=scheme, netloc=netloc)}


def rank_method_names(home: str, papers: list[list], limit: int) -> str:
    """Search every coined name (or a sample) and count how often a paper coining it is first."""
    coiners: dict[str, set[str]] = {}
    for doc in papers:
        for name in doc[3]:
            coiners.setdefault(name, set()).add(doc[0])
    names = sorted(coiners)
    if limit and len(names) > limit:
        names = random.Random(1).sample(names, limit)
    with open_chromium() as context:
        page = context.new_page()
        page.goto(home)
        context.set_default_timeout(600_000)
        firsts = page.evaluate(FIRST_RESULTS_JS, {"queries": names, "suggest": False})
    first = sum(1 for name, location in zip(names, firsts) if location in coiners[name])
    misses = [name for name, location in zip(names, firsts) if location not in coiners[name]]
    return (f"method-name queries whose paper ranks first: {first}/{len(names)} "
            f"({100 * first / len(names):.1f}%); misses: {misses[:8]}")


def _page_table_bytes(site: Path, offline: bool) -> int:
    folder = site / "search" / "papersite"
    return sum(path.stat().st_size for path in folder.glob(f"d*{'.js' if offline else '.json'}"))


def _search_bytes(site: Path, home: str, urls: list[str]) -> int:
    """Sum the sizes of the search files and worker the browser asked for."""
    root = unquote(urlsplit(home).path).rsplit("/", 1)[0] if home.startswith("file:") else ""
    total, seen = 0, set()
    for url in urls:
        path = unquote(urlsplit(url).path)
        relative = path[len(root):].lstrip("/") if root else path.lstrip("/")
        if relative in seen or not ("search/" in relative or "papersite-search" in relative):
            continue
        seen.add(relative)
        file = site / relative
        if file.is_file():
            total += file.stat().st_size
    return total


@contextmanager
def _site_url(site: Path, offline: bool) -> Iterator[str]:
    """Yield the site's home URL: a file:// URL offline, else a server on 127.0.0.1."""
    if offline:
        yield (site / "index.html").as_uri()
        return
    with serve_folder(site) as base:
        yield base


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5000, 30000])
    parser.add_argument("--root", default="/tmp/papersite-search", help="where sites are built")
    parser.add_argument("--skip-build", action="store_true", help="measure sites built before")
    parser.add_argument("--names", type=int, default=1000,
                        help="rank a sample of this many method names (0: all of them)")
    parser.add_argument("--repeat", type=int, default=1, help="time each query this many times")
    return parser


if __name__ == "__main__":
    sys.exit(main())
