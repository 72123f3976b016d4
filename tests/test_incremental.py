"""Tests of what a build keeps for the next one: the folded text model, the ranking and the
papers' search terms (generator/enrich/folding.py, generator/incremental.py, search_index.py)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from conftest import BUNDLED

from benchmarks.corpus import make_corpus
from papersite import search_index
from papersite.build import BuildOptions, build_collection
from papersite.cache import ResultCache
from papersite.enrich.folding import FOLD_MIN, REFIT_SHARE, fold_in, is_foldable
from papersite.enrich.related import rank_related
from papersite.enrich.similarity import fit_model, text_keys
from papersite.incremental import rank_changed, update_text_model
from papersite.progress import Progress
from papersite.workers import Workers

COUNT = FOLD_MIN + 100


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return make_corpus(COUNT)


@pytest.fixture(scope="module")
def fitted(texts):
    return fit_model(texts)


def edit(texts: list[str], row: int) -> list[str]:
    edited = list(texts)
    edited[row] = edited[row].replace(".", ". Indeed, this changed.", 1)
    return edited


def top(model, row: int, k: int = 5) -> list[int]:
    order = np.lexsort((model.candidates[row], -model.scores[row]))[:k]
    return model.candidates[row][order].tolist()


def test_a_text_folded_out_and_back_in_gets_exactly_its_fitted_row(texts, fitted):
    without, _ = fold_in(fitted, texts[:-1], text_keys(texts[:-1]))
    again, redone = fold_in(without, texts, text_keys(texts))
    assert COUNT - 1 in redone and len(redone) < COUNT // 2
    assert (again.model.weights != fitted.model.weights).nnz == 0
    assert np.array_equal(again.vectors, fitted.vectors)
    assert np.array_equal(again.lsa, fitted.lsa)
    assert np.array_equal(np.sort(again.model.candidates), np.sort(fitted.model.candidates))
    order_again = np.argsort(again.model.candidates, axis=1)
    order_fitted = np.argsort(fitted.model.candidates, axis=1)
    assert np.array_equal(np.take_along_axis(again.model.scores, order_again, axis=1),
                          np.take_along_axis(fitted.model.scores, order_fitted, axis=1))


def test_an_edit_folded_in_redoes_few_rows_and_ranks_almost_as_a_fit_would(texts, fitted):
    edited = edit(texts, 0)
    folded, redone = fold_in(fitted, edited, text_keys(edited))
    # An edit reaches the rows that had the text among their 30 candidates, and the rows
    # scored against those: a few hundred here, about 300 of 5,000 in the benchmark.
    assert 0 in redone and len(redone) < COUNT // 2
    assert folded.drift == 2  # one text added, one removed
    refitted = fit_model(edited).model
    folding_error = sum(top(folded.model, row) != top(refitted, row) for row in range(COUNT))
    fitting_again = sum(top(fitted.model, row) != top(refitted, row) for row in range(COUNT))
    # Folding departs from a fit no more than a fit departs from the previous one.
    assert folding_error <= max(fitting_again, COUNT // 100), (folding_error, fitting_again)
    assert len(set(top(folded.model, 0)) & set(top(refitted, 0))) >= 4


def test_a_small_or_much_changed_collection_is_fitted_again(texts, fitted):
    assert is_foldable(fitted, text_keys(edit(texts, 0)))
    assert not is_foldable(fitted, text_keys(texts[: FOLD_MIN - 1]))
    changed = int(REFIT_SHARE * COUNT / 2) + 1  # each edit adds one text and removes one
    much_edited = texts
    for row in range(changed):
        much_edited = edit(much_edited, row)
    assert not is_foldable(fitted, text_keys(much_edited))


def test_ranking_only_the_changed_rows_gives_the_full_ranking(texts, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    labels = [[f"area {row % 7}", f"topic {row % 13}"] for row in range(COUNT)]
    workers = Workers(parallel=False)
    first = update_text_model(texts, 5, False, True)
    assert first.changed is None  # nothing kept yet: fitted
    ranking = rank_changed(first, labels, None, workers, 5)()

    edited = edit(texts, 3)
    labels = [list(names) for names in labels]
    labels[40] = ["area 1", "a new tag"]  # a paper's tags changed too
    second = update_text_model(edited, 5, False, True)
    assert second.since == first.version and second.changed is not None
    assert 3 in second.changed and len(second.changed) < COUNT // 2
    incremental = rank_changed(second, labels, ranking, workers, 5)()
    assert incremental.related == rank_related(second.model, labels, 5)


def test_search_terms_are_remembered_by_paper_content(tmp_path, monkeypatch):
    collection, _ = build_collection(BuildOptions(inputs=(BUNDLED,), use_cache=False), Progress(quiet=True))
    fresh = search_index.index_papers(collection, True)
    assert search_index.index_papers(collection, True, ResultCache("terms", tmp_path)) == fresh
    papers = list(collection.papers)
    papers[3] = replace(papers[3], abstract=replace(papers[3].abstract, text="We edit one abstract."))
    edited = replace(collection, papers=tuple(papers))
    read = []
    real_term_weights = search_index.term_weights
    monkeypatch.setattr(search_index, "term_weights",
                        lambda entry: read.append(entry["text"]) or real_term_weights(entry))
    again = search_index.index_papers(edited, True, ResultCache("terms", tmp_path))
    assert read == ["We edit one abstract."]
    assert again == search_index.index_papers(edited, True)


def test_the_postings_of_unchanged_papers_are_remembered_whole(tmp_path, monkeypatch):
    collection, _ = build_collection(BuildOptions(inputs=(BUNDLED,), use_cache=False), Progress(quiet=True))
    fresh = search_index.index_papers(collection, True)
    inverted = []
    real_invert = search_index._postings_by_term
    monkeypatch.setattr(search_index, "_postings_by_term",
                        lambda weights: inverted.append(len(weights)) or real_invert(weights))
    for _ in range(2):
        assert search_index.index_papers(collection, True, None, None,
                                         ResultCache("postings", tmp_path)) == fresh
    assert inverted == [37]  # the second run took the first one's postings
    papers = list(collection.papers)
    papers[3] = replace(papers[3], abstract=replace(papers[3].abstract, text="We edit one abstract."))
    edited = replace(collection, papers=tuple(papers))
    assert search_index.index_papers(edited, True, None, None, ResultCache("postings", tmp_path)) \
        == search_index.index_papers(edited, True)
    assert inverted == [37, 37, 37]  # an edit inverts them again
