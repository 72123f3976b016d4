"""Lay the collection out on a plane: papers on similar subjects land near each other.

A pure function of the abstracts' texts: no file I/O, and the same texts give the same map
(a build that keeps the last layout places a few edited papers among the others instead).
It lays out the vectors the related-papers model measures topics with (`similarity.py`), so the
build computes them once. t-SNE shows topics as islands, but costs quadratic time, so it runs on
a fixed-size sample only; every other paper is placed among the sampled papers it most
resembles: under a second for 5,000 abstracts once their vectors are known.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from threadpoolctl import threadpool_limits

SAMPLE_SIZE = 700
"""Papers laid out by t-SNE itself; the rest are placed among them."""
NEIGHBOURS = 5
"""Sampled papers an unsampled paper is placed among."""
ITERATIONS = 250
EXAGGERATED_ITERATIONS = 100
PERPLEXITY = 30.0
RELAYOUT_SHARE = 0.05
"""t-SNE runs again once this share of its sample changed since the kept layout."""


def place_papers(texts: Sequence[str]) -> list[tuple[float, float]]:
    """Return one (x, y) per text, each coordinate in [0, 1], similar texts close together.

    Layout, in order:
    1. each abstract's coarsest LSA vector in the related-papers model (30 dimensions of
       `similarity.model_texts`, rows unit length): on ICLR 2024, 30 % of a paper's 10 nearest
       on the map share its area (with a words-only LSA of its own, as before: 29 %; random: 8 %);
    2. t-SNE of an evenly spread sample of at most 700 papers (fixed seed, PCA start);
    3. every other paper goes to the similarity-weighted mean of its 5 most similar sampled
       papers, nudged by a small fixed-seed offset so that neighbours do not hide each other;
    4. both axes are scaled to [0, 1], the extreme 0.5 % at each end clamped to the edge.
    """
    count = len(texts)
    if count == 0:
        return []
    if count < 3:
        return [(0.5, 0.5) if count == 1 else (float(i), 0.5) for i in range(count)]
    from .similarity import model_texts  # scikit-learn: see related.find_related

    with threadpool_limits(limits=1):
        return place_vectors(model_texts(texts).topics)


def place_vectors(vectors: np.ndarray, layouts: dict | None = None) -> list[tuple[float, float]]:
    """`place_papers` from step 2 on: lay out unit-length vectors, one per paper.

    `layouts` keeps the last t-SNE layout with the sample's vectors it was made from. It is
    kept while at most `RELAYOUT_SHARE` of the sampled papers changed since (they are placed
    among the others like unsampled papers), else replaced: an edit need not wait for t-SNE."""
    count = len(vectors)
    if count < 3:
        return [(0.5, 0.5) if count == 1 else (float(i), 0.5) for i in range(count)]
    layouts = {} if layouts is None else layouts
    # One BLAS thread: on a busy two-core machine, threads fighting each other are slower.
    with threadpool_limits(limits=1):
        sample = _choose_sample(count)
        changed = _changed_since_layout(vectors[sample], layouts)
        if changed is None:
            layouts.clear()
            layouts.update(vectors=vectors[sample], layout=_tsne(vectors[sample]))
            changed = np.zeros(len(sample), dtype=bool)
        positions = _place_rest(vectors, sample[~changed], layouts["layout"][~changed])
    return _scale(positions)


def _changed_since_layout(sampled: np.ndarray, layouts: dict) -> np.ndarray | None:
    """Return which sampled papers changed since the kept layout; None if it is not kept."""
    before = layouts.get("vectors")
    if before is None or before.shape != sampled.shape:
        return None
    changed = (before != sampled).any(axis=1)
    return changed if changed.sum() <= RELAYOUT_SHARE * len(sampled) else None


def _choose_sample(count: int) -> np.ndarray:
    """Return sorted indices of an evenly spread, fixed sample (all papers when few)."""
    if count <= SAMPLE_SIZE:
        return np.arange(count)
    return np.sort(np.random.RandomState(0).choice(count, SAMPLE_SIZE, replace=False))


def _tsne(vectors: np.ndarray) -> np.ndarray:
    """Return exact t-SNE coordinates of a few hundred vectors (van der Maaten's recipe)."""
    count = len(vectors)
    affinities = _affinities(vectors, min(PERPLEXITY, (count - 1) / 3))
    centred = vectors - vectors.mean(axis=0)
    left, singular, _ = np.linalg.svd(centred.astype(np.float64), full_matrices=False)
    layout = left[:, :2] * singular[:2]
    layout = (layout / (layout[:, 0].std() or 1.0) * 1e-4).astype(np.float32)
    velocity = np.zeros_like(layout)
    gains = np.ones_like(layout)
    rate = max(count / 48, 50.0)
    exaggerated = 12.0 * affinities
    # The count × count arrays of each iteration are computed in place, into these two.
    kernel = np.empty((count, count), dtype=np.float32)
    forces = np.empty_like(kernel)
    for iteration in range(ITERATIONS):
        early = iteration < EXAGGERATED_ITERATIONS
        squared = (layout * layout).sum(axis=1)
        # Rounding can make a squared distance of nearly equal points negative: never below 0.
        np.add(squared[:, None], squared[None, :], out=kernel)
        np.subtract(kernel, np.matmul(2 * layout, layout.T, out=forces), out=kernel)
        np.maximum(kernel, 0.0, out=kernel)
        np.add(kernel, 1.0, out=kernel)
        np.divide(1.0, kernel, out=kernel)  # 1 / (1 + squared distance)
        np.fill_diagonal(kernel, 0.0)
        np.divide(kernel, kernel.sum(), out=forces)
        np.subtract(exaggerated if early else affinities, forces, out=forces)
        np.multiply(forces, kernel, out=forces)
        gradient = 4 * (forces.sum(axis=1)[:, None] * layout - forces @ layout)
        same_direction = np.sign(gradient) == np.sign(velocity)
        gains = np.where(same_direction, gains * 0.8, gains + 0.2).clip(0.01)
        velocity = (0.5 if early else 0.8) * velocity - rate * gains * gradient
        layout = layout + velocity
    return layout


def _affinities(vectors: np.ndarray, perplexity: float) -> np.ndarray:
    """Return t-SNE's symmetric input affinities over each point's 3 × perplexity nearest."""
    count = len(vectors)
    distances = np.maximum(2.0 - 2.0 * (vectors @ vectors.T), 0.0)
    np.fill_diagonal(distances, np.inf)
    k = min(int(3 * perplexity), count - 1)
    nearest = np.argpartition(distances, k - 1, axis=1)[:, :k]
    near = np.take_along_axis(distances, nearest, axis=1).astype(np.float64)
    near -= near.min(axis=1, keepdims=True)
    target = np.log(perplexity)
    beta, low, high = np.ones(count), np.zeros(count), np.full(count, np.inf)
    for _ in range(50):  # bisection on each row's precision
        rows = np.exp(-near * beta[:, None])
        rows /= rows.sum(axis=1, keepdims=True)
        entropy = -(rows * np.log(np.maximum(rows, 1e-12))).sum(axis=1)
        too_flat = entropy > target
        low = np.where(too_flat, beta, low)
        high = np.where(too_flat, high, beta)
        beta = np.where(np.isinf(high), beta * 2, (low + high) / 2)
    conditional = np.zeros((count, count), dtype=np.float32)
    np.put_along_axis(conditional, nearest, rows.astype(np.float32), axis=1)
    joint = (conditional + conditional.T) / (2 * count)
    return np.maximum(joint, np.float32(1e-12))


def _place_rest(vectors: np.ndarray, sample: np.ndarray, sampled: np.ndarray) -> np.ndarray:
    """Return positions for all papers: sampled ones as laid out, the rest among them."""
    count = len(vectors)
    positions = np.empty((count, 2), dtype=np.float32)
    positions[sample] = sampled
    rest = np.setdiff1d(np.arange(count), sample)
    if not len(rest):
        return positions
    nearest_gap = _typical_gap(sampled)
    # Each paper's own offset, whichever papers are sampled.
    jitter = np.random.RandomState(1).normal(scale=0.35 * nearest_gap, size=(count, 2))[rest]
    k = min(NEIGHBOURS, len(sample))
    for start in range(0, len(rest), 4000):
        block = rest[start : start + 4000]
        similarity = vectors[block] @ vectors[sample].T
        nearest = np.argpartition(-similarity, k - 1, axis=1)[:, :k]
        closeness = np.take_along_axis(similarity, nearest, axis=1)
        weights = np.exp((closeness - closeness.max(axis=1, keepdims=True)) / 0.05)
        weights /= weights.sum(axis=1, keepdims=True)
        positions[block] = np.einsum("ik,ikd->id", weights, sampled[nearest])
    positions[rest] += jitter.astype(np.float32)
    return positions


def _typical_gap(layout: np.ndarray) -> float:
    """Return the median distance from a laid-out point to its nearest neighbour."""
    squared = (layout * layout).sum(axis=1)
    distances = squared[:, None] + squared[None, :] - 2 * layout @ layout.T
    np.fill_diagonal(distances, np.inf)
    return float(np.sqrt(np.maximum(np.median(distances.min(axis=1)), 0.0)))


def _scale(positions: np.ndarray) -> list[tuple[float, float]]:
    """Scale each axis to [0, 1], clamping the extreme half per cent at either end."""
    positions = np.nan_to_num(positions)
    low = np.percentile(positions, 0.5, axis=0)
    high = np.percentile(positions, 99.5, axis=0)
    span = np.where(high - low > 0, high - low, 1.0)
    scaled = ((positions - low) / span).clip(0.0, 1.0)
    return [(round(float(x), 4), round(float(y), 4)) for x, y in scaled]
