"""Fold a changed collection into a text model fitted earlier, redoing only what a change reaches.

Fitting the model (`similarity.fit_model`) learns its basis from every abstract: a second or more
of work that one edited abstract barely changes. Folding in is the usual way to keep an LSA model
up to date between fits: a new or edited text is weighed with the basis' IDF and projected on its
LSA dimensions, and only the rows a change reaches are redone:

1. rows of texts seen before keep their vectors; new texts are weighed and projected;
2. a row finds its candidates again if it is new, lost one (a text removed or edited) or has a new
   text nearer than its farthest candidate; the others keep theirs;
3. those rows are expanded again, and scored again with every row that has one of them as a
   candidate;
4. term coherence (which reasons use) stays as the fit measured it.

A row redone by folding is the same as it would be in a fit on the same basis, but the basis is
the old one: texts folded in add no terms, and the IDF is the fitted collection's. So the build
fits again once the texts added or removed since the fit exceed `REFIT_SHARE` of the collection,
and always for a collection under `FOLD_MIN` texts, which fits in a moment anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
from scipy import sparse

from .related import DEFAULT_SETTINGS, RelatedSettings
from .similarity import (
    FittedModel,
    candidate_count,
    clean_text,
    count_terms,
    expand,
    find_candidates,
    join_resolutions,
    measure_resolutions,
    project,
    score_candidates,
    weigh_terms,
)

FOLD_MIN = 1000
"""Smaller collections are fitted every time."""
REFIT_SHARE = 0.05
"""Fit again once this share of the collection was added or removed since the fit."""


def is_foldable(fitted: FittedModel, keys: Sequence[str]) -> bool:
    """Tell whether a collection with these text keys may be folded into the fitted model."""
    seen = set(fitted.keys)
    added = sum(key not in seen for key in keys)
    removed = len(seen - set(keys))
    return (len(keys) >= FOLD_MIN and len(fitted.keys) >= FOLD_MIN
            and fitted.drift + added + removed <= REFIT_SHARE * len(keys))


def fold_in(fitted: FittedModel, texts: Sequence[str], keys: Sequence[str], k: int = 5,
            settings: RelatedSettings = DEFAULT_SETTINGS) -> tuple[FittedModel, np.ndarray]:
    """Return the model of `texts` folded into `fitted`, and the rows whose candidates or scores
    differ from the rows of the same texts in `fitted`, new rows included."""
    old = fitted.model
    source = match_rows(fitted.keys, keys)
    added = np.flatnonzero(source < 0)
    # Each row's place in the old rows followed by the new ones.
    take = source.copy()
    take[added] = len(fitted.keys) + np.arange(len(added))
    cleaned = [old.cleaned[row] if row >= 0 else clean_text(texts[n])
               for n, row in enumerate(source)]
    new_counts = count_terms([cleaned[n] for n in added], fitted.basis)
    new_weights = weigh_terms(new_counts, fitted.basis.idf)
    weights = sparse.vstack([old.weights, new_weights], format="csr")[take]
    vectors = np.vstack([fitted.vectors, project(new_weights, fitted.basis)])[take]
    resolutions = measure_resolutions(vectors, fitted.basis)

    # Each row's candidates as the fit left them (rows of new texts: a stand-in, redone below).
    new_row = renumbering(source, len(fitted.keys)).astype(np.int32)
    previous_candidates = new_row[old.candidates][np.maximum(source, 0)]
    redo = _rows_to_search(previous_candidates, added, resolutions[-1])
    candidates = previous_candidates.copy()
    candidates[redo] = find_candidates(resolutions[-1], candidate_count(len(keys), k, settings),
                                       settings.block_cells, redo)
    lsa = np.vstack([fitted.lsa, np.zeros((len(added), fitted.lsa.shape[1]), np.float32)])[take]
    lsa[redo] = expand(join_resolutions(resolutions), candidates, settings, redo)
    touched = np.zeros(len(keys), dtype=bool)
    touched[redo] = True
    rescore = np.flatnonzero(touched | touched[candidates].any(axis=1))
    previous_scores = old.scores[np.maximum(source, 0)]
    scores = previous_scores.copy()
    scores[rescore] = score_candidates(weights, lsa, candidates, settings, rescore)
    changed = _differing_rows(previous_candidates, previous_scores, candidates, scores, rescore)
    changed = np.union1d(changed, added)

    model = replace(old, weights=weights, cleaned=cleaned, candidates=candidates, scores=scores,
                    topics=resolutions[0])
    removed = len(fitted.keys) - (len(source) - len(added))
    folded = FittedModel(model=model, basis=fitted.basis, keys=tuple(keys), vectors=vectors,
                         lsa=lsa, drift=fitted.drift + len(added) + removed)
    return folded, changed


def match_rows(old_keys: Sequence[str], keys: Sequence[str]) -> np.ndarray:
    """Return each key's row among `old_keys`, -1 for a key not among them."""
    row_by_key = {key: row for row, key in enumerate(old_keys)}
    return np.array([row_by_key.get(key, -1) for key in keys], dtype=np.int64)


def renumbering(source: np.ndarray, old_count: int) -> np.ndarray:
    """Return each old row's new row (the inverse of `match_rows`), -1 for rows gone."""
    new_row = np.full(old_count, -1, dtype=np.int64)
    kept = np.flatnonzero(source >= 0)
    new_row[source[kept]] = kept
    return new_row


def _rows_to_search(previous_candidates: np.ndarray, added: np.ndarray,
                    nearest: np.ndarray) -> np.ndarray:
    """Return the rows whose candidates must be found again: new rows, rows that lost a
    candidate, and rows with a new text nearer than their farthest candidate."""
    stale = np.asarray((previous_candidates < 0).any(axis=1))
    stale[added] = True
    if len(added):
        rows = np.flatnonzero(~stale)
        chosen = previous_candidates[rows]
        farthest = np.einsum("id,icd->ic", nearest[rows], nearest[chosen]).min(axis=1)
        stale[rows] = (nearest[rows] @ nearest[added].T > farthest[:, None]).any(axis=1)
    return np.flatnonzero(stale)


def _differing_rows(first_candidates: np.ndarray, first_scores: np.ndarray,
                    candidates: np.ndarray, scores: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Return those of `rows` whose candidates or their scores differ, in whatever order."""
    first_order = np.argsort(first_candidates[rows], axis=1)
    order = np.argsort(candidates[rows], axis=1)
    differ = (
        (np.take_along_axis(first_candidates[rows], first_order, axis=1)
         != np.take_along_axis(candidates[rows], order, axis=1)).any(axis=1)
        | (np.take_along_axis(first_scores[rows], first_order, axis=1)
           != np.take_along_axis(scores[rows], order, axis=1)).any(axis=1))
    return rows[differ]
