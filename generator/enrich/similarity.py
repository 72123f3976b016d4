"""How alike the abstracts are: the text model behind related papers (see `related.py`).

A pure function of the abstracts' texts: no file I/O, no titles or tags needed, so the build runs
it in a worker process beside the per-abstract analyses. The model blends a sublinear TF-IDF of
words and word pairs with a latent-semantic (LSA) projection of it, and works block by block on
candidate lists, so that no n-by-n matrix is ever held in memory: 30,000 abstracts take about 30
processor seconds and under 1 GB.

`fit_model` learns a `Basis` from the whole collection (its terms, their IDF and the LSA
projection), then models every text on it, row by row. `folding.fold_in` models a changed
collection on a basis learned earlier with the same row functions, so a row modelled either way
is the same. Only the fit needs scikit-learn, which takes most of a second to import.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from threadpoolctl import threadpool_limits

from ..cache import content_key
from ..text.words import STOP_WORDS
from .reasons import TOKEN
from .text_model import DEFAULT_SETTINGS, RelatedSettings, TextModel

# Words abstracts use to talk about themselves: they link nothing, so they are neither
# features nor reasons.
_BOILERPLATE_WORDS = frozenset(
    """
    paper work propose proposed proposes present presents introduce introduces approach approaches
    method methods novel new existing show shows demonstrate demonstrates result results
    experiment experiments experimental extensive significantly significant outperform outperforms
    state art sota achieve achieves achieving based using use used effective effectiveness
    performance improve improves improved improvement furthermore additionally moreover specifically
    however including various different previous recent recently prior key code available github
    framework study studies task tasks problem problems paradigm well also state-of-the-art
    """.split()
)

_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]{0,300}\$", re.DOTALL)
_URL = re.compile(r"https?://\S+|www\.\S+")
_MACRO = re.compile(r"\\[A-Za-z]+\*?|\\.")
_MARKUP = re.compile(r"[{}\\*_`~^]|&[a-z]+;")


@dataclass(frozen=True)
class Basis:
    """What a fit learns from the whole collection; any text can be modelled on it."""

    stop_words: frozenset[str]
    """Words that are no terms and break word pairs."""
    columns: dict[str, int]
    """Each term's column in the TF-IDF vectors."""
    terms: list[str]
    """The terms by column, in alphabetical order."""
    idf: np.ndarray
    """Each term's inverse document frequency in the fitted collection."""
    spellings: dict[str, str]
    """Each lower-cased word's most frequent spelling in the fitted collection."""
    widespread: np.ndarray
    """The columns the LSA projects: the most widespread terms."""
    components: np.ndarray
    """The LSA projection, one row per dimension over the widespread columns."""
    resolutions: tuple[int, ...]
    """The leading dimensions each LSA cosine is measured over."""


@dataclass(frozen=True)
class FittedModel:
    """A text model with what it takes to fold a changed collection into it (`folding.py`)."""

    model: TextModel
    keys: tuple[str, ...]
    """Each text's key (`text_keys`): which rows a changed collection still has."""
    basis: Basis
    vectors: np.ndarray
    """Each text's LSA projection, all dimensions, not normalised."""
    lsa: np.ndarray
    """Each text's expanded LSA vector, all resolutions joined (what the scores use)."""
    drift: int
    """Texts added or removed since the basis was fitted."""


def model_texts(
    texts: Sequence[str], k: int = 5, settings: RelatedSettings = DEFAULT_SETTINGS
) -> TextModel:
    """Return the text model of a collection of at least two texts: steps 1 to 4 of the rule
    in `related.find_related`, without the labels (which `related.rank_related` adds)."""
    return fit_model(texts, k, settings).model


def fit_model(
    texts: Sequence[str], k: int = 5, settings: RelatedSettings = DEFAULT_SETTINGS
) -> FittedModel:
    """Return the text model of a collection of at least two texts, fitted on all of them."""
    # One BLAS thread: a build fits beside the analyses, which keep the other cores busy.
    # scikit-learn is imported first, so that the limit holds the BLAS it loads too.
    import sklearn.decomposition  # noqa: F401
    import sklearn.feature_extraction.text  # noqa: F401

    with threadpool_limits(limits=1):
        return _fit_model(texts, k, settings)


def _fit_model(texts: Sequence[str], k: int, settings: RelatedSettings) -> FittedModel:
    count = len(texts)
    cleaned = [clean_text(text) for text in texts]
    basis, weights = _fit_basis(cleaned, settings)
    vectors = project(weights, basis)
    resolutions = measure_resolutions(vectors, basis)
    size = candidate_count(count, k, settings)
    everything = np.arange(count)
    candidates = find_candidates(resolutions[-1], size, settings.block_cells, everything)
    lsa = expand(join_resolutions(resolutions), candidates, settings, everything)
    scores = score_candidates(weights, lsa, candidates, settings, everything)
    model = TextModel(
        weights=weights, terms=basis.terms, spellings=basis.spellings, cleaned=cleaned,
        candidates=candidates, scores=scores,
        coherence=measure_coherence(weights, resolutions[-1], settings.reason_min_coherence),
        topics=resolutions[0],
    )
    return FittedModel(model=model, keys=text_keys(texts), basis=basis, vectors=vectors, lsa=lsa,
                       drift=0)


def text_keys(texts: Sequence[str]) -> tuple[str, ...]:
    """Return a key per text that tells texts apart across builds."""
    return tuple(content_key(text) for text in texts)


def clean_text(text: str) -> str:
    """Strip TeX math, macros, URLs and markup, keeping the prose."""
    text = text.replace("\\$", " ")
    text = _MATH.sub(" ", text)
    text = _URL.sub(" ", text)
    text = _MACRO.sub(" ", text)
    return _MARKUP.sub(" ", text)


def candidate_count(count: int, k: int, settings: RelatedSettings) -> int:
    """Return how many candidates each of `count` texts has."""
    return min(max(settings.candidates, k), count - 1)


def count_terms(cleaned: Sequence[str], basis: Basis) -> sparse.csr_matrix:
    """Return each cleaned text's count of each of the basis' terms."""
    split = _TermSplitter(basis.stop_words)
    rows: list[Counter[int]] = []
    for text in cleaned:
        found = (basis.columns.get(term) for term in split(text))
        rows.append(Counter(column for column in found if column is not None))
    indptr = np.cumsum([0] + [len(row) for row in rows])
    indices = np.array([column for row in rows for column in sorted(row)], dtype=np.int32)
    data = np.array([row[column] for row in rows for column in sorted(row)], dtype=np.float32)
    return sparse.csr_matrix((data, indices, indptr), shape=(len(rows), len(basis.terms)))


def weigh_terms(counts: sparse.csr_matrix, idf: np.ndarray) -> sparse.csr_matrix:
    """Return the sublinear TF-IDF rows of term counts, each unit length (or zero)."""
    weights = counts.astype(np.float32)
    weights.data = (1 + np.log(weights.data)) * idf[weights.indices]
    lengths = np.sqrt(np.asarray(weights.multiply(weights).sum(axis=1)).ravel())
    return sparse.diags(1 / np.where(lengths > 0, lengths, 1)).astype(np.float32) @ weights


def project(weights: sparse.csr_matrix, basis: Basis) -> np.ndarray:
    """Return the texts' LSA projections (not normalised)."""
    return np.asarray(weights[:, basis.widespread] @ basis.components.T, dtype=np.float32)


def measure_resolutions(vectors: np.ndarray, basis: Basis) -> list[np.ndarray]:
    """Return the LSA vectors at each resolution, each row unit length (or zero)."""
    return [_unit_rows(vectors[:, :size]) for size in basis.resolutions]


def join_resolutions(resolutions: list[np.ndarray]) -> np.ndarray:
    """Join the resolutions so that one dot product averages their cosines."""
    return np.hstack(resolutions) / np.float32(np.sqrt(len(resolutions)))


def measure_coherence(
    weights: sparse.csr_matrix, vectors: np.ndarray, minimum: float
) -> np.ndarray:
    """Return each term's mean cosine between two papers using it, 0 when below `minimum`.

    Cosines of LSA vectors centred on the collection's mean, so that generic words ("possible",
    "data") score near 0 and topical ones ("regret bound", "quantization") 0.1 to 0.5.
    """
    vectors = _unit_rows(vectors - vectors.mean(axis=0))
    presence = sparse.csr_matrix(
        (np.ones_like(weights.data), weights.indices, weights.indptr), shape=weights.shape
    )
    counts = np.asarray(presence.sum(axis=0)).ravel()
    sums = np.asarray(presence.T @ vectors)
    pairs = counts * (counts - 1)
    coherence = ((sums**2).sum(axis=1) - counts) / np.maximum(pairs, 1)
    coherence = np.where((pairs > 0) & (coherence >= minimum), coherence, 0.0)
    return np.minimum(coherence, 1.0).astype(np.float32)


def find_candidates(vectors: np.ndarray, size: int, block_cells: int,
                    rows: np.ndarray) -> np.ndarray:
    """Return each of `rows`' `size` nearest other rows by cosine, a block of rows at a time."""
    count = vectors.shape[0]
    block_rows = max(1, block_cells // count)
    candidates = np.empty((len(rows), size), dtype=np.int32)
    for start in range(0, len(rows), block_rows):
        block = rows[start : start + block_rows]
        similarity = vectors[block] @ vectors.T
        similarity[np.arange(len(block)), block] = -np.inf
        candidates[start : start + len(block)] = np.argpartition(
            similarity, count - size, axis=1)[:, count - size :]
    return candidates


def expand(vectors: np.ndarray, candidates: np.ndarray, settings: RelatedSettings,
           rows: np.ndarray) -> np.ndarray:
    """Return `rows`' vectors pulled towards the mean of their nearest candidates that resemble
    them at all (`candidates` has one row per vector)."""
    size = candidates.shape[1]
    nearest_count = min(settings.expansion_neighbours, size)
    block_rows = max(1, settings.block_cells // (size * vectors.shape[1]))
    expanded = np.empty((len(rows), vectors.shape[1]), dtype=vectors.dtype)
    for start in range(0, len(rows), block_rows):
        block = rows[start : start + block_rows]
        neighbours = vectors[candidates[block]]
        similarity = np.einsum("id,icd->ic", vectors[block], neighbours)
        nearest = np.argsort(-similarity, axis=1, kind="stable")[:, :nearest_count]
        within = np.arange(len(block))[:, None]
        resembling = similarity[within, nearest] > 0
        pulled = (neighbours[within, nearest] * resembling[:, :, None]).mean(axis=1)
        expanded[start : start + len(block)] = vectors[block] + settings.expansion_weight * pulled
    return _unit_rows(expanded)


def score_candidates(
    weights: sparse.csr_matrix,
    lsa: np.ndarray,
    candidates: np.ndarray,
    settings: RelatedSettings,
    rows: np.ndarray,
) -> np.ndarray:
    """Return the blended text score of each of `rows`' (row, candidate) pairs."""
    size = candidates.shape[1]
    # A pair's sparse rows hold a few hundred terms; its LSA rows a few hundred dimensions.
    block_rows = max(1, settings.block_cells // (size * 256))
    scores = np.empty((len(rows), size), dtype=np.float32)
    for start in range(0, len(rows), block_rows):
        block = rows[start : start + block_rows]
        chosen = candidates[block]
        term_cosine = weights[np.repeat(block, size)].multiply(weights[chosen.ravel()]).sum(axis=1)
        lsa_cosine = np.einsum("id,icd->ic", lsa[block], lsa[chosen])
        scores[start : start + len(block)] = (1 - settings.lsa_weight) * np.asarray(
            term_cosine).reshape(chosen.shape) + settings.lsa_weight * lsa_cosine
    return scores


def _fit_basis(cleaned: list[str], settings: RelatedSettings) -> tuple[Basis, sparse.csr_matrix]:
    """Learn the basis from every text; return it and the texts' TF-IDF rows."""
    from sklearn.decomposition import TruncatedSVD
    from sklearn.feature_extraction.text import CountVectorizer

    count = len(cleaned)
    split = _TermSplitter(STOP_WORDS | _BOILERPLATE_WORDS)
    vectorizer = CountVectorizer(
        analyzer=split,
        min_df=min(settings.min_df, count),
        # In a small collection a shared term is rare by nature; never drop it as too common.
        max_df=settings.max_df if count >= 20 else 1.0,
        dtype=np.float32,
    )
    try:
        counts = vectorizer.fit_transform(cleaned).tocsr()
        terms = vectorizer.get_feature_names_out().tolist()
    except ValueError:  # no term at all: empty or stop-word-only texts
        counts, terms = sparse.csr_matrix((count, 0), dtype=np.float32), []
    counts.sort_indices()  # as `count_terms` makes them, so both weigh alike
    document_counts = np.bincount(counts.indices, minlength=len(terms))
    idf = (np.log((1 + count) / (1 + document_counts)) + 1).astype(np.float32)
    weights = weigh_terms(counts, idf)
    dimensions = min(max(settings.lsa_resolutions), count - 1, len(terms) - 1)
    widespread = np.sort(np.argsort(-document_counts, kind="stable")[: settings.lsa_max_terms])
    if dimensions < 2:  # nothing to project: every LSA vector is zero
        components = np.zeros((1, len(widespread)), dtype=np.float32)
    else:
        svd = TruncatedSVD(n_components=dimensions, n_iter=settings.lsa_power_iterations,
                           random_state=0)
        with np.errstate(divide="ignore", invalid="ignore"):  # identical texts: no variance at all
            svd.fit(weights[:, widespread])
        components = np.nan_to_num(svd.components_).astype(np.float32)
    resolutions = sorted({min(size, len(components)) for size in settings.lsa_resolutions})
    basis = Basis(
        stop_words=split.stop_words, columns={term: n for n, term in enumerate(terms)},
        terms=terms, idf=idf, spellings=split.spellings(), widespread=widespread,
        components=components, resolutions=tuple(resolutions),
    )
    return basis, weights


class _TermSplitter:
    """Split a text into its terms, noting how each word is spelled along the way."""

    def __init__(self, stop_words: frozenset[str]) -> None:
        self.stop_words = stop_words
        self._spelling_counts: Counter[str] = Counter()

    def __call__(self, text: str) -> list[str]:
        """Return the text's words and adjacent word pairs, lower-cased."""
        tokens = TOKEN.findall(text)
        self._spelling_counts.update(tokens)
        terms: list[str] = []
        previous = ""
        for token in tokens:
            word = token.lower()
            if len(word) < 2 or word in self.stop_words:
                previous = ""
                continue
            terms.append(word)
            if previous:
                terms.append(f"{previous} {word}")
            previous = word
        return terms

    def spellings(self) -> dict[str, str]:
        """Map each lower-cased word to its most frequent spelling."""
        best: dict[str, tuple[int, str]] = {}
        for word, seen in self._spelling_counts.items():
            key = word.lower()
            if key not in best or (seen, word) > best[key]:
                best[key] = (seen, word)
        return {key: word for key, (_, word) in best.items()}


def _unit_rows(vectors: np.ndarray) -> np.ndarray:
    """Return the rows scaled to unit length (zero rows stay zero)."""
    lengths = np.linalg.norm(vectors, axis=1, keepdims=True)
    return (vectors / np.where(lengths > 0, lengths, 1)).astype(np.float32)
