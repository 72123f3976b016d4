"""Find each paper's most related papers, and say why they are related.

A pure function of the abstracts' texts (and optional tag names): no file I/O. The model blends
a sublinear TF-IDF of words and word pairs with a latent-semantic (LSA) projection of it, and
works block by block on candidate lists, so that no n-by-n matrix is ever held in memory:
30,000 abstracts take well under a minute and a few hundred MB.
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
MAX_REASONS = 4

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
_STOP_WORDS = sorted(ENGLISH_STOP_WORDS | _BOILERPLATE_WORDS)
# Words of two or more characters; hyphenated compounds and decimals are kept whole
# ("CIFAR-10", "GPT-3.5", "self-supervised") so that reasons read as the abstracts wrote them,
# while a dot between letters ends a word ("LLMs.To" in scraped text is two words).
_WORD_PATTERN = r"\b(?:\w+(?:-\w+|(?<=\d)\.\d+)+|\w\w+)\b"
_WORD = re.compile(_WORD_PATTERN)

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
    ngram_max: int = 2
    """Longest word sequence used as a term."""
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
    candidates: int = 50
    """Only a paper's this many nearest by LSA cosine are scored in full."""
    label_weight: float = 0.1
    """Bonus for sharing all labels: Jaccard overlap of two papers' labels times this."""
    block_rows: int = 2000
    """Papers whose candidates are searched at once (bounds memory)."""


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
       word pairs by sublinear TF-IDF, without stop words and boilerplate ("we propose");
    2. project the TF-IDF vectors with LSA; a paper's LSA similarity to another is its cosine
       averaged over the first 30, 60 and 120 dimensions, after each paper's vector has been
       pulled halfway towards the mean of its 10 nearest papers' vectors (query expansion);
    3. candidates: the 50 papers nearest by LSA cosine (all papers in a small collection);
    4. score = 0.5 × TF-IDF cosine + 0.5 × LSA similarity, plus 0.1 × Jaccard overlap of
       labels when labels are given;
    5. best first, equal scores in index order; never the paper itself, and never a paper
       sharing nothing with it (score ≤ 0), so fewer than k when the collection is small.
    Reasons: shared labels first, then the shared terms that weigh most in both TF-IDF vectors
    (a word pair replaces its own words), at most 4.
    """
    count = len(texts)
    if labels and len(labels) != count:
        raise ValueError(f"labels has {len(labels)} entries for {count} texts")
    if count < 2 or k <= 0:
        return [[] for _ in range(count)]
    cleaned = [_clean_text(text) for text in texts]
    weights, terms = _weigh_terms(cleaned, settings)
    resolutions = _project(weights, settings)
    candidates = _find_candidates(resolutions[-1], min(max(settings.candidates, k), count - 1), settings)
    lsa = _expand(_concatenate(resolutions), candidates, settings)
    label_sets = [frozenset(_normalise_label(name) for name in names) for names in labels]
    scores = _score_candidates(weights, lsa, candidates, label_sets, settings)
    spellings = _spellings(cleaned)
    names_by_label = {_normalise_label(name): name for names in labels for name in names}
    related: list[list[Related]] = []
    for i in range(count):
        best = _rank(candidates[i], scores[i], k)
        related.append(
            [
                (j, score, _explain(i, j, weights, terms, spellings, label_sets, names_by_label))
                for j, score in best
            ]
        )
    return related


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
    """Return the L2-normalised TF-IDF matrix and its terms (no columns when there are none)."""
    count = len(cleaned)
    vectorizer = TfidfVectorizer(
        token_pattern=_WORD_PATTERN,
        stop_words=_STOP_WORDS,
        ngram_range=(1, settings.ngram_max),
        min_df=min(settings.min_df, count),
        # In a small collection a shared term is rare by nature; never drop it as too common.
        max_df=settings.max_df if count >= 20 else 1.0,
        sublinear_tf=True,
        dtype=np.float32,
    )
    try:
        weights = vectorizer.fit_transform(cleaned)
    except ValueError:  # no term at all: empty or stop-word-only texts
        return sparse.csr_matrix((count, 0), dtype=np.float32), np.array([], dtype=object)
    return weights.tocsr(), vectorizer.get_feature_names_out()


def _project(weights: sparse.csr_matrix, settings: RelatedSettings) -> list[np.ndarray]:
    """Return the LSA vectors at each resolution, each row unit length (or zero)."""
    count, term_count = weights.shape
    dimensions = min(max(settings.lsa_resolutions), count - 1, term_count - 1)
    if dimensions < 2:
        return [np.zeros((count, 1), dtype=np.float32)]
    document_counts = np.bincount(weights.indices, minlength=term_count)
    widespread = np.sort(np.argsort(-document_counts, kind="stable")[: settings.lsa_max_terms])
    projected = TruncatedSVD(n_components=dimensions, random_state=0).fit_transform(
        weights[:, widespread]
    )
    kept = sorted({min(size, dimensions) for size in settings.lsa_resolutions})
    return [normalize(projected[:, :size]).astype(np.float32) for size in kept]


def _concatenate(resolutions: list[np.ndarray]) -> np.ndarray:
    """Join the resolutions so that one dot product averages their cosines."""
    return np.hstack(resolutions) / np.float32(np.sqrt(len(resolutions)))


def _find_candidates(vectors: np.ndarray, size: int, settings: RelatedSettings) -> np.ndarray:
    """Return each row's `size` nearest other rows by cosine, block by block."""
    count = vectors.shape[0]
    candidates = np.empty((count, size), dtype=np.int64)
    for start in range(0, count, settings.block_rows):
        stop = min(start + settings.block_rows, count)
        similarity = vectors[start:stop] @ vectors.T
        similarity[np.arange(stop - start), np.arange(start, stop)] = -np.inf
        candidates[start:stop] = np.argpartition(-similarity, size - 1, axis=1)[:, :size]
    return candidates


def _expand(vectors: np.ndarray, candidates: np.ndarray, settings: RelatedSettings) -> np.ndarray:
    """Pull each vector towards the mean of its nearest candidates that resemble it at all."""
    similarity = np.einsum("id,icd->ic", vectors, vectors[candidates])
    nearest_count = min(settings.expansion_neighbours, candidates.shape[1])
    nearest = np.argsort(-similarity, axis=1, kind="stable")[:, :nearest_count]
    rows = np.arange(len(vectors))[:, None]
    resembling = (similarity[rows, nearest] > 0)[:, :, None]
    pulled = (vectors[candidates[rows, nearest]] * resembling).mean(axis=1)
    return normalize(vectors + settings.expansion_weight * pulled).astype(np.float32)


def _score_candidates(
    weights: sparse.csr_matrix,
    lsa: np.ndarray,
    candidates: np.ndarray,
    label_sets: list[frozenset[str]],
    settings: RelatedSettings,
) -> np.ndarray:
    """Return the blended score of each (row, candidate) pair."""
    count, size = candidates.shape
    scores = np.empty((count, size), dtype=np.float32)
    for start in range(0, count, settings.block_rows):
        stop = min(start + settings.block_rows, count)
        block = candidates[start:stop]
        rows = np.repeat(np.arange(start, stop), size)
        term_cosine = weights[rows].multiply(weights[block.ravel()]).sum(axis=1)
        lsa_cosine = np.einsum("id,icd->ic", lsa[start:stop], lsa[block])
        scores[start:stop] = (1 - settings.lsa_weight) * np.asarray(term_cosine).reshape(
            block.shape
        ) + settings.lsa_weight * lsa_cosine
    if label_sets:
        for i in range(count):
            scores[i] += settings.label_weight * np.array(
                [_jaccard(label_sets[i], label_sets[j]) for j in candidates[i]], dtype=np.float32
            )
    return scores


def _jaccard(first: frozenset[str], second: frozenset[str]) -> float:
    union = len(first | second)
    return len(first & second) / union if union else 0.0


def _rank(candidates: np.ndarray, scores: np.ndarray, k: int) -> list[tuple[int, float]]:
    """Return the k best candidates with a positive score, best first, ties by index."""
    order = np.lexsort((candidates, -scores))
    return [(int(candidates[o]), float(scores[o])) for o in order[:k] if scores[o] > 0]


def _spellings(cleaned: list[str]) -> dict[str, str]:
    """Map each lower-cased word to its most frequent spelling in the collection."""
    counts = Counter(_WORD.findall("\n".join(cleaned)))
    best: dict[str, tuple[int, str]] = {}
    for word, seen in counts.items():
        key = word.lower()
        if key not in best or (seen, word) > best[key]:
            best[key] = (seen, word)
    return {key: word for key, (_, word) in best.items()}


def _explain(
    i: int,
    j: int,
    weights: sparse.csr_matrix,
    terms: np.ndarray,
    spellings: dict[str, str],
    label_sets: list[frozenset[str]],
    names_by_label: dict[str, str],
) -> tuple[str, ...]:
    """Return up to 4 reasons: shared labels, then the shared terms weighing most in both."""
    reasons = [names_by_label[label] for label in sorted(label_sets[i] & label_sets[j])] if label_sets else []
    start_i, stop_i = weights.indptr[i], weights.indptr[i + 1]
    start_j, stop_j = weights.indptr[j], weights.indptr[j + 1]
    common, at_i, at_j = np.intersect1d(
        weights.indices[start_i:stop_i], weights.indices[start_j:stop_j], return_indices=True
    )
    contribution = weights.data[start_i:stop_i][at_i] * weights.data[start_j:stop_j][at_j]
    chosen: list[list[str]] = []
    for position in np.lexsort((common, -contribution)):
        if len(reasons) + len(chosen) >= MAX_REASONS:
            break
        words = str(terms[common[position]]).split()
        if all(word.replace(".", "").isdigit() for word in words):
            continue  # a bare number says nothing about the topic
        if any(set(words) <= set(other) for other in chosen):
            continue  # already said, inside a word pair
        # A word pair replaces a single word already chosen from it.
        chosen = [other for other in chosen if not (len(other) == 1 and other[0] in words)]
        chosen.append(words)
    reasons.extend(" ".join(spellings.get(word, word) for word in words) for words in chosen)
    return tuple(reasons[:MAX_REASONS])
