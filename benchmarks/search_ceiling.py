"""How far ranking by the abstracts' own words can go on issue 19's relevance measure.

    python -m benchmarks.search_ceiling              # ICLR 2024 and COLM 2024

`benchmarks.search_relevance` measures the site's search in Chromium. This asks a different
question, in Python and with no site: of rankings that read only what a build has (the
abstract, and the title and gist derived from it), which comes closest to the authors'
keywords? Same queries, same count (the share of the first min(10, carriers) papers that carry
the keyword). Each variant is printed beside the TF-IDF baseline of `search_relevance`:

- bm25: BM25 (k1 1.2, b 0.75) over the abstract's words;
- + phrase: and up to three points for the query's words side by side in the abstract;
- + title, + gist: and points for the phrase in the derived title (4) and gist (2);
- phrases first: the phrase in title, gist and abstract first, BM25 breaking ties;
- LSA: TF-IDF (words and pairs) of title, gist and abstract, blended with its 100- or
  200-dimension SVD projection (weights 0.5, 1, 2), so that a query finds papers whose words
  are related to it though not the same;
- and, for scale only, the best lexical variant with the real titles in place of the derived.
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from statistics import mean

from benchmarks.search_relevance import SHOWN, keyword_queries, tfidf_ranking
from benchmarks.titles import derive_all, year_of

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
_WORD = re.compile(r"[a-z0-9]+")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--lists", nargs="+", default=["iclr2024", "colm2024"])
    for name in parser.parse_args().lists:
        path = DATA / f"{name}.jsonl"
        if not path.is_file():
            print(f"== {name}: skipped ({path} is absent)")
            continue
        papers = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
        titles, gists, *_ = derive_all(papers, year_of(path))
        queries = keyword_queries(papers)
        print(f"== {name}: {len(queries)} keywords")
        baseline = tfidf_ranking(papers)
        _report("TF-IDF (search_relevance's baseline)", queries, baseline)
        for label, rank in _lexical_rankings(papers, titles, gists).items():
            _report(label, queries, rank)
        for label, rank in _lsa_rankings(papers, titles, gists).items():
            _report(label, queries, rank)
        # For scale, not for the site (it has no titles): the real titles in place of derived.
        real = _lexical_rankings(papers, [paper["title"] for paper in papers], gists)
        _report("bm25 + phrase + REAL title + gist", queries, real["bm25 + phrase + title + gist"])


Ranking = Callable[[str, int], list[int]]


def _report(label: str, queries: list[tuple[str, set[int]]], rank: Ranking) -> None:
    shares = []
    for keyword, carriers in queries:
        shown = min(SHOWN, len(carriers))
        shares.append(sum(index in carriers for index in rank(keyword, shown)) / shown)
    print(f"   {label:40s} {mean(shares):.3f}")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _lexical_rankings(papers: list[dict], titles: list[str], gists: list[str]
                      ) -> dict[str, Ranking]:
    abstracts = [_words(paper["abstract"]) for paper in papers]
    title_words, gist_words = [_words(t) for t in titles], [_words(g) for g in gists]
    count = len(abstracts)
    frequency = Counter(word for words in abstracts for word in set(words))
    average = sum(map(len, abstracts)) / count

    def bm25(query: list[str], words: list[str]) -> float:
        counts, length = Counter(words), len(words)
        return sum(math.log(1 + (count - frequency[w] + 0.5) / (frequency[w] + 0.5)) *
                   counts[w] * 2.2 / (counts[w] + 1.2 * (0.25 + 0.75 * length / average))
                   for w in query if counts[w])

    def side_by_side(query: list[str], words: list[str]) -> int:
        size = len(query)
        return sum(words[i:i + size] == query for i in range(len(words) - size + 1))

    def scored(score: Callable[[list[str], int], float]) -> Ranking:
        def rank(keyword: str, shown: int) -> list[int]:
            query = _words(keyword)
            return sorted(range(count), key=lambda i: -score(query, i))[:shown]
        return rank

    def in_title(q: list[str], i: int) -> float:
        return 4.0 * (side_by_side(q, title_words[i]) > 0)

    def in_gist(q: list[str], i: int) -> float:
        return 2.0 * (side_by_side(q, gist_words[i]) > 0)

    def phrase(q: list[str], i: int) -> float:
        return 2.0 * min(side_by_side(q, abstracts[i]), 3)

    return {
        "bm25": scored(lambda q, i: bm25(q, abstracts[i])),
        "bm25 + phrase": scored(lambda q, i: bm25(q, abstracts[i]) + phrase(q, i)),
        "bm25 + title": scored(lambda q, i: bm25(q, abstracts[i]) + in_title(q, i)),
        "bm25 + title + gist": scored(lambda q, i: bm25(q, abstracts[i]) + in_title(q, i) +
                                      in_gist(q, i)),
        "bm25 + phrase + title + gist": scored(lambda q, i: bm25(q, abstracts[i]) + phrase(q, i) +
                                               in_title(q, i) + in_gist(q, i)),
        "phrases first": scored(lambda q, i: 0.75 * in_title(q, i) + in_gist(q, i) +
                                min(side_by_side(q, abstracts[i]), 4) +
                                0.01 * bm25(q, abstracts[i])),
    }


def _lsa_rankings(papers: list[dict], titles: list[str], gists: list[str]) -> dict[str, Ranking]:
    import numpy as np  # the related papers' text model's libraries: heavy, imported here
    from sklearn.decomposition import TruncatedSVD
    from sklearn.feature_extraction.text import TfidfVectorizer

    texts = [f"{title}. {gist}. {paper['abstract']}"
             for title, gist, paper in zip(titles, gists, papers)]
    vectorizer = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True,
                                 stop_words="english")
    matrix = vectorizer.fit_transform(texts)
    rankings: dict[str, Ranking] = {}
    for dimensions in (100, 200):
        svd = TruncatedSVD(dimensions, random_state=0)
        topics = svd.fit_transform(matrix)
        topics /= np.linalg.norm(topics, axis=1, keepdims=True) + 1e-9
        for weight in (0.5, 1.0, 2.0):
            def rank(keyword: str, shown: int, svd=svd, topics=topics, weight=weight) -> list[int]:
                query = vectorizer.transform([keyword])
                lexical = (matrix @ query.T).toarray().ravel()
                projected = svd.transform(query).ravel()
                related = topics @ (projected / (np.linalg.norm(projected) + 1e-9))
                score = lexical / (lexical.max() + 1e-9) + weight * related
                return [int(i) for i in np.argsort(-score, kind="stable")[:shown]]
            rankings[f"TF-IDF + LSA {dimensions}, weight {weight:g}"] = rank
    return rankings


if __name__ == "__main__":
    main()
