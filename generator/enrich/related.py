"""Find each paper's most related papers, and say why they are related.

Two steps, so that the costly one needs no titles or tags and can run beside their analysis:

    similarity.model_texts(texts)          the text model: candidates and their text scores
    rank_related(model, labels)            add shared labels, rank, and give the reasons

`find_related` does both. Both are pure functions: no file I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from .reasons import Phrases, find_reasons, normalise_label

Related = tuple[int, float, tuple[str, ...]]


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
    lsa_power_iterations: int = 3
    """Power iterations of the randomized SVD: on ICLR 2024, 3 score as scikit-learn's default
    of 5 (P@5 0.418 both, shared-keyword@5 0.370 against 0.374) in 0.5 s less at 5,000."""
    lsa_weight: float = 0.5
    """Weight of the LSA cosine in the blended score; the TF-IDF cosine has the rest."""
    expansion_neighbours: int = 10
    """Each paper's LSA vector is pulled towards its this many nearest papers' vectors."""
    expansion_weight: float = 0.5
    """How far: the neighbours' mean vector is added with this weight."""
    candidates: int = 30
    """Only a paper's this many nearest by LSA cosine are scored in full."""
    label_weight: float = 0.2
    """Bonus for sharing all labels: Jaccard overlap of two papers' labels times this. On ICLR
    2024 with the build's tags as labels (areas aside), P@5 same area 0.4165 at 0.1, 0.4183
    at 0.15 and 0.4186 at 0.2; shared-keyword@5 0.380, 0.380, 0.383."""
    reason_min_coherence: float = 0.05
    """Terms less coherent than this (see `similarity.measure_coherence`) are too generic to be reasons."""
    reason_max_label_share: float = 0.2
    """Labels (tags) more papers than this share of the collection hold say too little to be
    reasons ("Large language models" in a language-model conference)."""
    min_score: float = 0.2
    """Papers scoring less are not related enough to show. On ICLR 2024 every fifth-best paper
    scores above 0.3; in the 36-abstract bundled list, a quarter of the fifth-best fall below."""
    block_cells: int = 2**20
    """Similarities (or candidate pairs) computed at once. Blocks of a few megabytes stay in the
    processor's cache and are reused by the allocator: with 2**24 cells (67 MB blocks) the fit
    at 5,000 papers took 1.6-2.2 s, 0.2 s of it faulting fresh memory in; with 2**20, 1.3 s."""


DEFAULT_SETTINGS = RelatedSettings()
RESERVE = 6
"""Candidates ranked per place: the next best stand in for those without a reason."""


@dataclass(frozen=True)
class TextModel:
    """What the texts alone say about a collection (made by `similarity.model_texts`)."""

    weights: sparse.csr_matrix
    """Each text's TF-IDF vector, unit length, over `terms`."""
    terms: list[str]
    """The words and word pairs the vectors are over."""
    spellings: dict[str, str]
    """Each lower-cased word's most frequent spelling."""
    cleaned: list[str]
    """The texts without math, macros, URLs and markup."""
    candidates: np.ndarray
    """Each text's nearest texts by LSA cosine, one row per text."""
    scores: np.ndarray
    """The blended text score of each candidate, same shape."""
    coherence: np.ndarray
    """Each term's coherence: how alike the papers using it are (0 for generic terms)."""
    topics: np.ndarray
    """Each text's coarsest LSA vector (30 dimensions), unit length: what the topic map lays out."""


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
    4. score = 0.5 × TF-IDF cosine + 0.5 × LSA similarity, plus 0.2 × Jaccard overlap of
       labels when labels are given;
    5. best first, equal scores in index order; never the paper itself, never a paper scoring
       below 0.2 (`RelatedSettings.min_score`), and never one without a reason (the next of
       the 2k best stands in): so fewer than k where nothing else is close.
    Reasons, at most 4: shared labels held by at most a fifth of the papers, the rarest first;
    then shared terms by their weight in both TF-IDF vectors times their coherence (how alike
    the papers using the term are), none below 0.05 coherence (generic words such as
    "possible") and no bare numbers; a word pair takes the place of its own words, overlapping
    pairs join when the paper has the joined phrase ("Markov chain Monte Carlo"), and a plural
    adds nothing to its singular.
    """
    if labels and len(labels) != len(texts):
        raise ValueError(f"labels has {len(labels)} entries for {len(texts)} texts")
    if len(texts) < 2 or k <= 0:
        return [[] for _ in texts]
    # Imported here: scikit-learn takes a second to load, which a build pays in a worker only.
    from .similarity import model_texts

    return rank_related(model_texts(texts, k, settings), labels, k, settings=settings)


def rank_related(
    model: TextModel | None,
    labels: Sequence[Sequence[str]],
    k: int = 5,
    rows: Sequence[int] | None = None,
    *,
    settings: RelatedSettings = DEFAULT_SETTINGS,
) -> list[list[Related]]:
    """Return each text's k most related others from its text model: steps 4 and 5 and the
    reasons of `find_related`; only for `rows` if given (rows are independent, so parts of a
    collection can be ranked in parallel). No model (fewer than two texts) relates nothing."""
    rows = rows if rows is not None else range(len(model.cleaned) if model else len(labels))
    if model is None or k <= 0:
        return [[] for _ in rows]
    label_sets = [frozenset(normalise_label(name) for name in names) for names in labels]
    best = []
    for i in rows:
        scores = model.scores[i]
        if label_sets and label_sets[i]:
            overlap = [_jaccard(label_sets[i], label_sets[j]) for j in model.candidates[i]]
            scores = scores + settings.label_weight * np.array(overlap, dtype=np.float32)
        best.append(_rank(model.candidates[i], scores, k * RESERVE, settings.min_score))
    phrases = Phrases(model.terms, model.spellings, model.cleaned)

    def with_reasons(chosen: list[list[tuple[int, float]]]) -> list[list[Related]]:
        pairs = [(int(i), j) for i, row in zip(rows, chosen) for j, _ in row]
        reasons = iter(find_reasons(pairs, model.weights, model.coherence, phrases, labels,
                                    settings.reason_max_label_share))
        return [[(j, score, next(reasons)) for j, score in row] for row in chosen]

    # A paper without a telling reason gives its place to the next one that has one: the
    # reasons of those next ones are found only for the rows that need them.
    related = with_reasons([row[:k] for row in best])
    short = {n for n, row in enumerate(related) if not all(reasons for _, _, reasons in row)}
    stand_ins = with_reasons([best[n][k:] if n in short else [] for n in range(len(best))])
    return [[link for link in (*row, *extra) if link[2]][:k]
            for row, extra in zip(related, stand_ins)]


def _jaccard(first: frozenset[str], second: frozenset[str]) -> float:
    union = len(first | second)
    return len(first & second) / union if union else 0.0


def _rank(candidates: np.ndarray, scores: np.ndarray, k: int,
          floor: float) -> list[tuple[int, float]]:
    """Return the k best candidates scoring at least `floor` (and above 0), best first, ties
    by index."""
    order = np.lexsort((candidates, -scores))[:k]
    return [(int(candidates[o]), float(scores[o])) for o in order
            if scores[o] > 0 and scores[o] >= floor]
