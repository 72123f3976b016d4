"""What ranking related papers starts from: its settings and the model of the texts.

Shared by `similarity` (which fits the model) and `related` (which ranks with it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse

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
    """Only a paper's this many nearest by LSA cosine are scored in full; those further down
    stand in for a nearer one without a telling reason. With 60, ICLR 2024's P@5 rose from
    0.411 to 0.414 (101 papers under five related to 57), but on COLM 2024 the cards the
    further candidates added were worth a click for about 7 of 20 read (against 13 of 20 of
    the others): weak shared tags such as "Language models" or "Fine-tuning"."""
    label_weight: float = 0.1
    """Bonus for sharing all labels: Jaccard overlap of two papers' labels times this. Small,
    so that one wrong tag cannot decide a list: a shared tag is shown as a reason, and only
    breaks near ties. On ICLR 2024 with the build's tags as labels (areas aside), before hub
    damping, P@5 same area 0.4165 at 0.1, 0.4186 at 0.2; with it, 0.3996 at 0.05, 0.4024 at
    0.1."""
    hub_damping: float = 0.75
    """Candidates are ranked by text score less this times their hubness (`related._hubness`).
    CSLS takes 0.5 of the candidate's and 0.5 of the paper's own (the same for all its
    candidates); more damps harder. At 0.75 with label_weight 0.1, the most lists a paper is in
    fell from 30 to 15 on ICLR 2024 and from 36 to 19 on the 5,000 real abstracts, papers in
    no list from 7.1% to 2.9% and 10.3% to 5.2%; P@5 same area 0.411 to 0.402."""
    hub_neighbours: int = 10
    """A paper's hubness is its mean text score to this many of its closest candidates."""
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
