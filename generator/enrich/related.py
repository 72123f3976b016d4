"""Find each paper's most related papers, and say why they are related.

A pure function of the abstracts' texts (and optional tag names): no file I/O. The model is a
sublinear TF-IDF of unigrams and bigrams blended with a latent-semantic (LSA) projection of it;
scores are computed block by block so that no n-by-n matrix is ever held in memory.
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

Related = tuple[int, float, tuple[str, ...]]

# Words every abstract uses to talk about itself: they link nothing, so they are neither
# features nor reasons.
_BOILERPLATE_WORDS = frozenset(
    """
    paper work propose proposed proposes present presents introduce introduces approach approaches
    method methods novel new existing show shows demonstrate demonstrates result results
    experiment experiments experimental extensive significantly significant outperform outperforms
    state art sota achieve achieves achieving based using use used effective effectiveness
    performance improve improves improved improvement furthermore additionally moreover specifically
    however including various different previous recent recently prior key code available github
    framework study studies task tasks problem problems paradigm approach well also
    """.split()
)
_STOP_WORDS = sorted(ENGLISH_STOP_WORDS | _BOILERPLATE_WORDS)
# Words of at least two characters; a hyphen or a dot may join parts ("CIFAR-10", "k-NN" after
# math is dropped, "GPT-3.5"), so that reasons read as the abstract wrote them.
_TOKEN_PATTERN = r"(?u)\b\w[\w-]*\w\b|\b\w\w\b"
_TOKEN = re.compile(r"\b\w[\w-]*\w\b|\b\w\w\b")

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
    """Ignore terms found in more than this share of abstracts (applied from 20 abstracts on)."""
    ngram_max: int = 2
    """Longest n-gram used as a term."""
    svd_dimensions: int = 150
    """Dimensions of the latent-semantic projection."""
    svd_weight: float = 0.5
    """Weight of the LSA cosine in the blended score (the rest goes to the TF-IDF cosine)."""
    label_weight: float = 0.1
    """Bonus for sharing every label (Jaccard overlap of the two papers' labels times this)."""
    block_rows: int = 1000
    """Rows of the similarity matrix computed at once (bounds memory)."""


def find_related(
    texts: Sequence[str], labels: Sequence[Sequence[str]] = (), k: int = 5
) -> list[list[Related]]:
    """Return, for each text, its k most related other texts as (index, score, reasons)."""
    return find_related_with(texts, labels, k, RelatedSettings())


def find_related_with(
    texts: Sequence[str],
    labels: Sequence[Sequence[str]],
    k: int,
    settings: RelatedSettings,
) -> list[list[Related]]:
    """Return related texts as `find_related` does, with explicit model settings.

    Scoring rule, in order:
    1. TF-IDF cosine of the two cleaned abstracts (math, macros and URLs stripped; sublinear term
       frequency; unigrams and bigrams; boilerplate and stop words dropped);
    2. blended with the cosine of their normalised LSA projections (`svd_weight`);
    3. plus `label_weight` times the Jaccard overlap of their labels, when labels are given;
    4. best first; equal scores in index order; a paper is never its own neighbour, and a paper
       sharing nothing with it (score ≤ 0) is never proposed.
    Reasons: shared labels first, then the shared terms that contribute most to the TF-IDF cosine.
    """
    count = len(texts)
    if labels and len(labels) != count:
        raise ValueError(f"labels has {len(labels)} entries for {count} texts")
    if count == 0 or k <= 0:
        return [[] for _ in range(count)]
    cleaned = [_clean_text(text) for text in texts]
    weights, terms = _weigh_terms(cleaned, settings)
    projection = _project(weights, settings)
    label_sets = [frozenset(_normalise_label(name) for name in names) for names in labels]
    neighbours = _top_neighbours(weights, projection, label_sets, k, settings)
    surfaces = _surface_forms(cleaned)
    display = {label: name for names in labels for name in names for label in [_normalise_label(name)]}
    return [
        [
            (int(j), float(score), _explain(i, int(j), weights, terms, surfaces, label_sets, display))
            for j, score in row
        ]
        for i, row in enumerate(neighbours)
    ]


def _clean_text(text: str) -> str:
    """Strip TeX math, macros, URLs and markup, keeping the prose."""
    text = text.replace("\\$", " ")
    text = _MATH.sub(" ", text)
    text = _URL.sub(" ", text)
    text = _MACRO.sub(" ", text)
    return _MARKUP.sub(" ", text)


def _normalise_label(name: str) -> str:
    return " ".join(name.lower().split())


def _weigh_terms(
    cleaned: list[str], settings: RelatedSettings
) -> tuple[sparse.csr_matrix, np.ndarray]:
    """Return the L2-normalised TF-IDF matrix and its terms (an empty matrix when none)."""
    count = len(cleaned)
    vectorizer = TfidfVectorizer(
        lowercase=True,
        token_pattern=_TOKEN_PATTERN,
        stop_words=_STOP_WORDS,
        ngram_range=(1, settings.ngram_max),
        min_df=min(settings.min_df, count),
        max_df=settings.max_df if count >= 20 else 1.0,
        sublinear_tf=True,
        dtype=np.float32,
    )
    try:
        weights = vectorizer.fit_transform(cleaned)
    except ValueError:  # no term at all: empty or stop-word-only texts
        return sparse.csr_matrix((count, 0), dtype=np.float32), np.array([], dtype=object)
    return weights.tocsr(), vectorizer.get_feature_names_out()


def _project(weights: sparse.csr_matrix, settings: RelatedSettings) -> np.ndarray:
    """Return the row-normalised LSA projection of the TF-IDF matrix (no columns if too small)."""
    dimensions = min(settings.svd_dimensions, weights.shape[0] - 1, weights.shape[1] - 1)
    if dimensions < 2 or settings.svd_weight <= 0:
        return np.zeros((weights.shape[0], 0), dtype=np.float32)
    svd = TruncatedSVD(n_components=dimensions, random_state=0)
    projection = svd.fit_transform(weights)
    return normalize(projection).astype(np.float32)


def _top_neighbours(
    weights: sparse.csr_matrix,
    projection: np.ndarray,
    label_sets: list[frozenset[str]],
    k: int,
    settings: RelatedSettings,
) -> list[list[tuple[int, float]]]:
    """Return each row's k best-scoring other rows, best first, ties in index order."""
    count = weights.shape[0]
    transposed = weights.T.tocsr()
    lsa_weight = settings.svd_weight if projection.shape[1] else 0.0
    neighbours: list[list[tuple[int, float]]] = []
    for start in range(0, count, settings.block_rows):
        stop = min(start + settings.block_rows, count)
        scores = (1.0 - lsa_weight) * (weights[start:stop] @ transposed).toarray()
        if lsa_weight:
            scores += lsa_weight * (projection[start:stop] @ projection.T)
        if label_sets:
            scores += settings.label_weight * _label_overlap(label_sets, start, stop)
        scores[np.arange(stop - start), np.arange(start, stop)] = -np.inf
        neighbours.extend(_best_of_block(scores, k))
    return neighbours


def _label_overlap(label_sets: list[frozenset[str]], start: int, stop: int) -> np.ndarray:
    """Return the Jaccard overlap of rows start..stop's labels with every row's labels."""
    overlap = np.zeros((stop - start, len(label_sets)), dtype=np.float32)
    papers_by_label: dict[str, list[int]] = {}
    for index, names in enumerate(label_sets):
        for name in names:
            papers_by_label.setdefault(name, []).append(index)
    for row, names in enumerate(label_sets[start:stop]):
        for name in names:
            overlap[row, papers_by_label[name]] += 1.0
        if names:
            sizes = np.array([len(other) for other in label_sets], dtype=np.float32)
            overlap[row] /= np.maximum(len(names) + sizes - overlap[row], 1.0)
    return overlap


def _best_of_block(scores: np.ndarray, k: int) -> list[list[tuple[int, float]]]:
    """Return the k best positive columns of each row, best first, ties by column index."""
    take = min(k, scores.shape[1] - 1)
    if take <= 0:
        return [[] for _ in range(scores.shape[0])]
    kth = np.partition(scores, -take, axis=1)[:, -take]
    rows: list[list[tuple[int, float]]] = []
    for row, threshold in zip(scores, kth):
        candidates = np.flatnonzero((row >= threshold) & (row > 0))
        order = np.lexsort((candidates, -row[candidates]))[:take]
        rows.append([(int(candidates[o]), float(row[candidates[o]])) for o in order])
    return rows


def _surface_forms(cleaned: list[str]) -> dict[str, str]:
    """Map each lower-cased word to its most frequent spelling in the corpus."""
    spellings: dict[str, Counter[str]] = {}
    for text in cleaned:
        for word in _TOKEN.findall(text):
            spellings.setdefault(word.lower(), Counter())[word] += 1
    return {word: counts.most_common(1)[0][0] for word, counts in spellings.items()}


def _explain(
    i: int,
    j: int,
    weights: sparse.csr_matrix,
    terms: np.ndarray,
    surfaces: dict[str, str],
    label_sets: list[frozenset[str]],
    display: dict[str, str],
) -> tuple[str, ...]:
    """Return up to 4 reasons: shared labels, then the shared terms that weigh most in both."""
    reasons: list[str] = []
    if label_sets:
        shared = sorted(label_sets[i] & label_sets[j])
        reasons.extend(display[name] for name in shared)
    row_i, row_j = weights[i], weights[j]
    common, at_i, at_j = np.intersect1d(row_i.indices, row_j.indices, return_indices=True)
    contribution = row_i.data[at_i] * row_j.data[at_j]
    chosen_words: set[str] = set()
    for position in np.lexsort((common, -contribution)):
        if len(reasons) >= 4:
            break
        term = str(terms[common[position]])
        words = term.split()
        if all(word.isdigit() for word in words) or term in chosen_words:
            continue
        if len(words) == 1 and any(term in chosen.split() for chosen in chosen_words):
            continue
        chosen_words.add(term)
        reasons.append(" ".join(surfaces.get(word, word) for word in words))
    return tuple(reasons[:4])
