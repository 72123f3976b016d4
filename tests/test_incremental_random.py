"""An incremental build makes the site a fresh build makes: random edits, additions, removals
and reorderings of a list above the worker (400 abstracts) and folding (1,000) thresholds.

Tolerance, folding's (`generator/enrich/folding.py`, README "Related papers after an edit"): an
incremental build folds changed abstracts into the text model fitted earlier, a fresh build
fits it again, so related papers and topic-map positions may differ. Pages are compared with
their related-papers section left out, and without the topic map; every other byte must match.
"""

from __future__ import annotations

import random
import re
import shutil

import pytest
from conftest import SHARED_DATA

from benchmarks.corpus import make_corpus, write_list_parts
from papersite import workers
from papersite.cli import main, private_permalinks_path
from papersite.enrich import folding

ABSTRACTS = 1100
_RELATED = re.compile(r'<section class="ps-related".*?</section>', re.DOTALL)
_MAP = "tags/topic-map/index.html"


def build(lists, site, cache, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    assert main(["build", str(lists), "--site-dir", str(site), "--quiet"]) == 0


def comparable_pages(site) -> dict:
    return {str(path.relative_to(site)): _RELATED.sub("", path.read_text(encoding="utf-8"))
            for path in site.rglob("*.html") if path.relative_to(site).as_posix() != _MAP}


def mutate(abstracts: list[str], rng: random.Random, pool: list[str]) -> list[str]:
    """Edit three abstracts, add two, remove two and swap two, at random places."""
    abstracts = list(abstracts)
    for index in rng.sample(range(len(abstracts)), 3):
        words = abstracts[index].split(" ")
        at = rng.randrange(1, len(words))
        abstracts[index] = " ".join(words[:at] + ["notably"] + words[at:])
    for text in rng.sample(pool, 2):
        abstracts.insert(rng.randrange(len(abstracts) + 1), text)
    for _ in range(2):
        del abstracts[rng.randrange(len(abstracts))]
    one, other = rng.sample(range(len(abstracts)), 2)
    abstracts[one], abstracts[other] = abstracts[other], abstracts[one]
    return abstracts


def test_incremental_builds_equal_fresh_builds(tmp_path, monkeypatch):
    if not SHARED_DATA.is_dir():
        pytest.skip(f"needs {SHARED_DATA} for a realistic list (the corpus is made from it)")
    assert ABSTRACTS > max(folding.FOLD_MIN, workers.PARALLEL_MIN)
    corpus = make_corpus(ABSTRACTS + 20, seed=11)
    abstracts, pool = corpus[:ABSTRACTS], corpus[ABSTRACTS:]
    rng = random.Random(2026)
    lists, site, cache = tmp_path / "lists", tmp_path / "site", tmp_path / "cache"
    write_list_parts(abstracts, lists, name="Random 2026 paper list")
    build(lists, site, cache, monkeypatch)
    for round in range(2):
        abstracts = mutate(abstracts, rng, pool[10 * round:10 * round + 10])
        shutil.rmtree(lists)
        write_list_parts(abstracts, lists, name="Random 2026 paper list")
        build(lists, site, cache, monkeypatch)
        # Fresh: no cache and no earlier site, but the project's URLs (its permalink map).
        monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
        kept = private_permalinks_path(site).read_text(encoding="utf-8")
        fresh, fresh_cache = tmp_path / f"fresh-{round}", tmp_path / f"fresh-cache-{round}"
        monkeypatch.setenv("XDG_CACHE_HOME", str(fresh_cache))
        private_permalinks_path(fresh).parent.mkdir(parents=True, exist_ok=True)
        private_permalinks_path(fresh).write_text(kept, encoding="utf-8")
        build(lists, fresh, fresh_cache, monkeypatch)
        incremental, rebuilt = comparable_pages(site), comparable_pages(fresh)
        assert sorted(incremental) == sorted(rebuilt), f"round {round}: other pages"
        different = [path for path in incremental if incremental[path] != rebuilt[path]]
        assert different == [], f"round {round}: {len(different)} pages differ"
