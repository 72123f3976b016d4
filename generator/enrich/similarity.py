"""How alike the abstracts are: the text model behind related papers (see `related.py`).

A pure function of the abstracts' texts: no file I/O, no titles or tags needed, so the build runs
it in a worker process beside the per-abstract analyses. The model blends a sublinear TF-IDF of
words and word pairs with a latent-semantic (LSA) projection of it, and works block by block on
candidate lists, so that no n-by-n matrix is ever held in memory: 30,000 abstracts take about 30
processor seconds and under 1 GB.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import numpy as np
from scipy import sparse
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer
from sklearn.preprocessing import normalize

from .reasons import TOKEN
from .related import DEFAULT_SETTINGS, RelatedSettings, TextModel

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
_STOP_WORDS = ENGLISH_STOP_WORDS | _BOILERPLATE_WORDS

_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]{0,300}\$", re.DOTALL)
_URL = re.compile(r"https?://\S+|www\.\S+")
_MACRO = re.compile(r"\\[A-Za-z]+\*?|\\.")
_MARKUP = re.compile(r"[{}\\*_`~^]|&[a-z]+;")


def model_texts(
    texts: Sequence[str], k: int = 5, settings: RelatedSettings = DEFAULT_SETTINGS
) -> TextModel:
    """Return the text model of a collection of at least two texts: steps 1 to 4 of the rule
    in `related.find_related`, without the labels (which `related.rank_related` adds)."""
    count = len(texts)
    cleaned = [_clean_text(text) for text in texts]
    weights, terms, spellings = _weigh_terms(cleaned, settings)
    resolutions = _project(weights, settings)
    size = min(max(settings.candidates, k), count - 1)
    candidates = _find_candidates(resolutions[-1], size, settings.block_cells)
    lsa = _expand(_concatenate(resolutions), candidates, settings)
    return TextModel(
        weights=weights, terms=terms, spellings=spellings, cleaned=cleaned, candidates=candidates,
        scores=_score_candidates(weights, lsa, candidates, settings),
        coherence=measure_coherence(weights, resolutions[-1], settings.reason_min_coherence),
        topics=resolutions[0],
    )


def measure_coherence(
    weights: sparse.csr_matrix, vectors: np.ndarray, minimum: float
) -> np.ndarray:
    """Return each term's mean cosine between two papers using it, 0 when below `minimum`.

    Cosines of LSA vectors centred on the collection's mean, so that generic words ("possible",
    "data") score near 0 and topical ones ("regret bound", "quantization") 0.1 to 0.5.
    """
    vectors = normalize(vectors - vectors.mean(axis=0))
    presence = sparse.csr_matrix(
        (np.ones_like(weights.data), weights.indices, weights.indptr), shape=weights.shape
    )
    counts = np.asarray(presence.sum(axis=0)).ravel()
    sums = np.asarray(presence.T @ vectors)
    pairs = counts * (counts - 1)
    coherence = ((sums**2).sum(axis=1) - counts) / np.maximum(pairs, 1)
    coherence = np.where((pairs > 0) & (coherence >= minimum), coherence, 0.0)
    return np.minimum(coherence, 1.0).astype(np.float32)


def _clean_text(text: str) -> str:
    """Strip TeX math, macros, URLs and markup, keeping the prose."""
    text = text.replace("\\$", " ")
    text = _MATH.sub(" ", text)
    text = _URL.sub(" ", text)
    text = _MACRO.sub(" ", text)
    return _MARKUP.sub(" ", text)


def _weigh_terms(
    cleaned: list[str], settings: RelatedSettings
) -> tuple[sparse.csr_matrix, list[str], dict[str, str]]:
    """Return the L2-normalised TF-IDF matrix, its terms and the words' usual spellings."""
    count = len(cleaned)
    splitter = _TermSplitter()
    vectorizer = TfidfVectorizer(
        analyzer=splitter,
        min_df=min(settings.min_df, count),
        # In a small collection a shared term is rare by nature; never drop it as too common.
        max_df=settings.max_df if count >= 20 else 1.0,
        sublinear_tf=True,
        dtype=np.float32,
    )
    try:
        weights = vectorizer.fit_transform(cleaned)
    except ValueError:  # no term at all: empty or stop-word-only texts
        return sparse.csr_matrix((count, 0), dtype=np.float32), [], {}
    return weights.tocsr(), vectorizer.get_feature_names_out().tolist(), splitter.spellings()


class _TermSplitter:
    """Split a text into its terms, noting how each word is spelled along the way."""

    def __init__(self) -> None:
        self._spelling_counts: Counter[str] = Counter()

    def __call__(self, text: str) -> list[str]:
        """Return the text's words and adjacent word pairs, lower-cased."""
        tokens = TOKEN.findall(text)
        self._spelling_counts.update(tokens)
        terms: list[str] = []
        previous = ""
        for token in tokens:
            word = token.lower()
            if len(word) < 2 or word in _STOP_WORDS:
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


def _project(weights: sparse.csr_matrix, settings: RelatedSettings) -> list[np.ndarray]:
    """Return the LSA vectors at each resolution, each row unit length (or zero)."""
    count, term_count = weights.shape
    dimensions = min(max(settings.lsa_resolutions), count - 1, term_count - 1)
    if dimensions < 2:
        return [np.zeros((count, 1), dtype=np.float32)]
    document_counts = np.bincount(weights.indices, minlength=term_count)
    widespread = np.sort(np.argsort(-document_counts, kind="stable")[: settings.lsa_max_terms])
    svd = TruncatedSVD(n_components=dimensions, random_state=0)
    with np.errstate(divide="ignore", invalid="ignore"):  # identical texts: no variance at all
        projected = svd.fit_transform(weights[:, widespread])
    kept = sorted({min(size, dimensions) for size in settings.lsa_resolutions})
    return [normalize(projected[:, :size]).astype(np.float32) for size in kept]


def _concatenate(resolutions: list[np.ndarray]) -> np.ndarray:
    """Join the resolutions so that one dot product averages their cosines."""
    return np.hstack(resolutions) / np.float32(np.sqrt(len(resolutions)))


def _find_candidates(vectors: np.ndarray, size: int, block_cells: int) -> np.ndarray:
    """Return each row's `size` nearest other rows by cosine, a block of rows at a time."""
    count = vectors.shape[0]
    block_rows = max(1, block_cells // count)
    candidates = np.empty((count, size), dtype=np.int32)
    for start in range(0, count, block_rows):
        stop = min(start + block_rows, count)
        similarity = vectors[start:stop] @ vectors.T
        similarity[np.arange(stop - start), np.arange(start, stop)] = -np.inf
        nearest = np.argpartition(similarity, count - size, axis=1)[:, count - size :]
        candidates[start:stop] = nearest
    return candidates


def _expand(vectors: np.ndarray, candidates: np.ndarray, settings: RelatedSettings) -> np.ndarray:
    """Pull each vector towards the mean of its nearest candidates that resemble it at all."""
    count, size = candidates.shape
    nearest_count = min(settings.expansion_neighbours, size)
    block_rows = max(1, settings.block_cells // (size * vectors.shape[1]))
    expanded = np.empty_like(vectors)
    for start in range(0, count, block_rows):
        stop = min(start + block_rows, count)
        neighbours = vectors[candidates[start:stop]]
        similarity = np.einsum("id,icd->ic", vectors[start:stop], neighbours)
        nearest = np.argsort(-similarity, axis=1, kind="stable")[:, :nearest_count]
        rows = np.arange(stop - start)[:, None]
        resembling = similarity[rows, nearest] > 0
        pulled = (neighbours[rows, nearest] * resembling[:, :, None]).mean(axis=1)
        expanded[start:stop] = vectors[start:stop] + settings.expansion_weight * pulled
    return normalize(expanded)


def _score_candidates(
    weights: sparse.csr_matrix,
    lsa: np.ndarray,
    candidates: np.ndarray,
    settings: RelatedSettings,
) -> np.ndarray:
    """Return the blended text score of each (row, candidate) pair."""
    count, size = candidates.shape
    # A pair's sparse rows hold a few hundred terms; its LSA rows a few hundred dimensions.
    block_rows = max(1, settings.block_cells // (size * 256))
    scores = np.empty((count, size), dtype=np.float32)
    for start in range(0, count, block_rows):
        stop = min(start + block_rows, count)
        block = candidates[start:stop]
        rows = np.repeat(np.arange(start, stop), size)
        term_cosine = weights[rows].multiply(weights[block.ravel()]).sum(axis=1)
        lsa_cosine = np.einsum("id,icd->ic", lsa[start:stop], lsa[block])
        scores[start:stop] = (1 - settings.lsa_weight) * np.asarray(term_cosine).reshape(
            block.shape
        ) + settings.lsa_weight * lsa_cosine
    return scores
