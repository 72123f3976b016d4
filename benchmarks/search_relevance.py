"""Measure how well the site's search finds the papers about a topic, against plain TF-IDF.

    python -m benchmarks.search_relevance                       # ICLR 2024 and COLM 2024
    python -m benchmarks.search_relevance --lists colm2024 --skip-build

For each list of `../shared/data/` with the authors' keywords, the abstracts alone (no titles,
no keywords, no authors) are built into a hosted site with `papersite build`. The queries are
the keywords that at least 5 papers carry and at least 3 abstracts write out as spelled: a
fixed random sample of 30, or all of them if fewer. Each is typed into the site's search box in
headless Chromium, as a reader types it, and the first min(10, carriers) results on screen are
checked: the share of them whose paper carries the keyword is the query's precision. The same
is computed for a TF-IDF ranking of the abstracts (words, pairs and triples; cosine), which
knows nothing the site does not. Prints each query's two figures and the means.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import mean

from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "tests"))
from browser import ENTER_QUERY_JS, open_chromium, serve_folder  # noqa: E402 (tests/ on the path)

MIN_CARRIERS = 5
MIN_WRITTEN = 3
SAMPLE = 30
SHOWN = 10
# The answer to the typed query is on screen: Material's count of results names a number.
_ANSWERED = """() => {
  const meta = document.querySelector(".md-search-result__meta");
  return meta && /\\d/.test(meta.textContent) && document.querySelector(".md-search-result__item");
}"""
_RESULT_LINKS = """() => [...document.querySelectorAll(
  ".md-search-result__list > .md-search-result__item > a.md-search-result__link")]
  .map(link => link.href)"""


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    for name in args.lists:
        path = DATA / f"{name}.jsonl"
        if not path.is_file():
            print(f"== {name}: skipped ({path} is absent)")
            continue
        papers = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
        site = Path(args.root) / name
        if not args.skip_build:
            build_abstracts_only(papers, name, site)
        report(name, papers, site)
    return 0


def build_abstracts_only(papers: list[dict], name: str, site: Path) -> None:
    """Build a hosted site from the papers' abstracts alone, as a plain list file."""
    with tempfile.TemporaryDirectory(prefix="papersite-relevance-") as scratch:
        source = Path(scratch) / f"{name}.txt"
        source.write_text(f"{name} paper list\n\n" + "\n\n".join(
            " ".join(paper["abstract"].split()) for paper in papers) + "\n", encoding="utf-8")
        environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "XDG_CACHE_HOME": scratch}
        environment.pop("SITE_URL", None)
        subprocess.run([str(ROOT / ".venv" / "bin" / "papersite"), "build", str(source),
                        "--site-dir", str(site), "--quiet"], cwd=ROOT, env=environment, check=True)


def keyword_queries(papers: list[dict], seed: int = 0) -> list[tuple[str, set[int]]]:
    """Return the sampled keywords, each with the papers carrying it.

    A keyword is eligible as the authors wrote it, and counts as written in an abstract only as
    spelled there: on COLM 2024 this gives the issue's 16 keywords. A paper carries it whatever
    the case and spacing it gives it ("Large Language Models", "large language models")."""
    exact: dict[str, set[int]] = {}
    folded: dict[str, set[int]] = {}
    for number, paper in enumerate(papers):
        for keyword in paper.get("keywords") or []:
            if keyword.strip():
                exact.setdefault(keyword.strip(), set()).add(number)
                folded.setdefault(_fold(keyword), set()).add(number)
    eligible = [(keyword, folded[_fold(keyword)]) for keyword, holders in sorted(exact.items())
                if len(holders) >= MIN_CARRIERS and
                sum(1 for paper in papers if keyword in paper["abstract"]) >= MIN_WRITTEN]
    if len(eligible) > SAMPLE:
        eligible = random.Random(seed).sample(eligible, SAMPLE)
    return eligible


def _fold(keyword: str) -> str:
    return " ".join(keyword.lower().split())


def tfidf_ranking(papers: list[dict]):
    """Return a function giving the papers' numbers for a query, best TF-IDF cosine first."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    vectorizer = TfidfVectorizer(ngram_range=(1, 3))
    matrix = vectorizer.fit_transform(paper["abstract"] for paper in papers)

    def rank(query: str, count: int) -> list[int]:
        scores = (matrix @ vectorizer.transform([query]).T).toarray().ravel()
        return [int(n) for n in (-scores).argsort(kind="stable")[:count]]
    return rank


def site_ranking(site: Path, queries: list[str]) -> dict[str, list[int | None]]:
    """Type each query into the site's search box; return the papers among the results shown."""
    by_url = paper_numbers(site)
    shown: dict[str, list[int | None]] = {}
    with serve_folder(site) as home, open_chromium() as context:
        page = context.new_page()
        for query in queries:
            page.goto(home)
            page.keyboard.press("/")
            page.evaluate(ENTER_QUERY_JS, query)
            try:
                page.wait_for_function(_ANSWERED, timeout=15_000)
            except PlaywrightTimeout:
                shown[query] = []
                continue
            shown[query] = _shown_papers(page, home, by_url)
    return shown


def _shown_papers(page, home: str, by_url: dict[str, int]) -> list[int]:
    """Return the papers among the results on screen, scrolling for more until SHOWN are.

    Papers only: a tag's page or an author's papers, offered above them when the query names
    one, and hand-written pages are not ranked papers. Material draws ten results, then more
    as the list is scrolled: an offered page would push the tenth paper out of sight."""
    papers: list[int] = []
    for _ in range(3):
        links = page.evaluate(_RESULT_LINKS)
        numbers = (by_url.get(link[len(home):].split("?")[0].split("#")[0]) for link in links)
        papers = [number for number in numbers if number is not None]
        if len(papers) >= SHOWN or len(links) < SHOWN:
            break
        page.evaluate("() => { const list = document.querySelector('.md-search__scrollwrap');"
                      " list.scrollTop = list.scrollHeight; }")
        page.wait_for_timeout(300)
    return papers


def paper_numbers(site: Path) -> dict[str, int]:
    """Map each paper page of the site to its paper's number in the list it was built from."""
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    # One list file, one abstract a paragraph, in the list's order: positions count from 1.
    return {record["url"]: record["sources"][0]["position"] - 1 for record in records}


def report(name: str, papers: list[dict], site: Path) -> None:
    queries = keyword_queries(papers)
    print(f"\n== {name}: {len(papers)} papers, {len(queries)} keyword queries "
          f"(≥{MIN_CARRIERS} carriers, written in ≥{MIN_WRITTEN} abstracts)")
    if not queries:
        return
    tfidf = tfidf_ranking(papers)
    ours = site_ranking(site, [query for query, _ in queries])
    rows = []
    for query, holders in queries:
        count = min(SHOWN, len(holders))
        site_hits = sum(1 for n in ours[query][:count] if n in holders) / count
        tfidf_hits = sum(1 for n in tfidf(query, count) if n in holders) / count
        rows.append((site_hits, tfidf_hits))
        print(f"  {query[:40]:<40} carriers {len(holders):>3}  site {site_hits:.2f}  "
              f"tf-idf {tfidf_hits:.2f}")
    site_mean, tfidf_mean = mean(r[0] for r in rows), mean(r[1] for r in rows)
    print(f"precision at min(10, carriers): site {site_mean:.3f}, tf-idf {tfidf_mean:.3f}, "
          f"ratio {site_mean / tfidf_mean if tfidf_mean else float('nan'):.2f}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", nargs="+", default=["iclr2024", "colm2024"])
    parser.add_argument("--root", default="/tmp/papersite-relevance", help="where sites are built")
    parser.add_argument("--skip-build", action="store_true", help="measure sites built before")
    return parser


if __name__ == "__main__":
    sys.exit(main())
