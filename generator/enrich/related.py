"""Find each paper's most related papers, and say why they are related.

A pure function of the abstracts' texts (and optional tag names): no file I/O. The model blends
a sublinear TF-IDF of words and word pairs with a latent-semantic (LSA) projection of it, and
works block by block on candidate lists, so that no n-by-n matrix is ever held in memory:
30,000 abstracts take about 30 processor seconds and under 1 GB.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer
from sklearn.preprocessing import normalize

from .reasons import TOKEN, Phrases, find_reasons, measure_coherence, normalise_label

Related = tuple[int, float, tuple[str, ...]]

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


@dataclass(frozen=True)
class RelatedSettings:
    """Knobs of the related-paper model; the defaults were tuned on ICLR 2024 (see benchmarks)."""

    min_df: int = 2
    """Ignore terms found in fewer abstracts than this (they cannot link two papers)."""
    max_df: float = 0.5
    """Ignore terms found in more than this share of abstracts (from 20 abstracts on)."""
    lsa_resolutions: tuple[int, ...] = (30, 60, 120)
    """LSA cosines averaged over these leading dimensions: coarse topics and fine ones."""
    lsa_max_terms: int = 32768
    """The LSA is fitted on this many most widespread terms (rarer ones barely move it)."""
    lsa_weight: float = 0.5
    """Weight of the LSA cosine in the blended score; the TF-IDF cosine has the rest."""
    expansion_neighbours: int = 10
    """Each paper's LSA vector is pulled towards its this many nearest papers' vectors."""
    expansion_weight: float = 0.5
    """How far: the neighbours' mean vector is added with this weight."""
    candidates: int = 30
    """Only a paper's this many nearest by LSA cosine are scored in full."""
    label_weight: float = 0.1
    """Bonus for sharing all labels: Jaccard overlap of two papers' labels times this."""
    reason_min_coherence: float = 0.05
    """Terms less coherent than this (see `reasons.measure_coherence`) are too generic to be reasons."""
    block_cells: int = 2**24
    """Similarities (or candidate pairs) computed at once: bounds memory to a few hundred MB."""


DEFAULT_SETTINGS = RelatedSettings()


def find_related(
    texts: Sequence[str],
    labels: Sequence[Sequence[str]] = (),
    k: int = 5,
    *,
    settings: RelatedSettings = DEFAULT_SETTINGS,
) -> list[list[Related]]:
    """Return, for each text, its k most related other texts as (index, score, reasons).

    Scoring rule, in order:
    1. clean each abstract (TeX math, macros, URLs and markup dropped) and weigh its words and
       adjacent word pairs by sublinear TF-IDF; stop words and boilerplate ("we propose") are
       not terms, and no pair spans one or a punctuation mark;
    2. project the TF-IDF vectors with LSA; a paper's LSA similarity to another is its cosine
       averaged over the first 30, 60 and 120 dimensions, after half the mean vector of its 10
       nearest papers has been added to each paper's vector (query expansion);
    3. candidates: the 30 papers nearest by LSA cosine (all papers in a small collection);
    4. score = 0.5 × TF-IDF cosine + 0.5 × LSA similarity, plus 0.1 × Jaccard overlap of
       labels when labels are given;
    5. best first, equal scores in index order; never the paper itself, and never a paper
       sharing nothing with it (score ≤ 0), so fewer than k when the collection is small.
    Reasons, at most 4: shared labels, the rarest first; then shared terms by their weight in
    both TF-IDF vectors times their coherence (how alike the papers using the term are), none
    below 0.05 coherence (generic words such as "possible") and no bare numbers; a word pair
    takes the place of its own words, overlapping pairs join when the paper has the joined
    phrase ("Markov chain Monte Carlo"), and a plural adds nothing to its singular.
    """
    count = len(texts)
    if labels and len(labels) != count:
        raise ValueError(f"labels has {len(labels)} entries for {count} texts")
    if count < 2 or k <= 0:
        return [[] for _ in range(count)]
    cleaned = [_clean_text(text) for text in texts]
    weights, terms, spellings = _weigh_terms(cleaned, settings)
    resolutions = _project(weights, settings)
    size = min(max(settings.candidates, k), count - 1)
    candidates = _find_candidates(resolutions[-1], size, settings.block_cells)
    lsa = _expand(_concatenate(resolutions), candidates, settings)
    label_sets = [frozenset(normalise_label(name) for name in names) for names in labels]
    scores = _score_candidates(weights, lsa, candidates, label_sets, settings)
    best = [_rank(candidates[i], scores[i], k) for i in range(count)]
    pairs = [(i, j) for i, row in enumerate(best) for j, _ in row]
    phrases = Phrases(terms, spellings, cleaned)
    coherence = measure_coherence(weights, resolutions[-1], settings.reason_min_coherence)
    reasons = iter(find_reasons(pairs, weights, coherence, phrases, labels))
    return [[(j, score, next(reasons)) for j, score in row] for row in best]


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
    label_sets: list[frozenset[str]],
    settings: RelatedSettings,
) -> np.ndarray:
    """Return the blended score of each (row, candidate) pair."""
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
    for i, own in enumerate(label_sets):
        if own:
            overlap = [_jaccard(own, label_sets[j]) for j in candidates[i]]
            scores[i] += settings.label_weight * np.array(overlap, dtype=np.float32)
    return scores


def _jaccard(first: frozenset[str], second: frozenset[str]) -> float:
    union = len(first | second)
    return len(first & second) / union if union else 0.0


def _rank(candidates: np.ndarray, scores: np.ndarray, k: int) -> list[tuple[int, float]]:
    """Return the k best candidates with a positive score, best first, ties by index."""
    order = np.lexsort((candidates, -scores))[:k]
    return [(int(candidates[o]), float(scores[o])) for o in order if scores[o] > 0]
