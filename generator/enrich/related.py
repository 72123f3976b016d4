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

Related = tuple[int, float, tuple[str, ...]]
MAX_REASONS = 4
# Shared terms of a pair looked at for its reasons: more only cost time.
_TERMS_EXAMINED = 10

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
# A word of two or more characters, a punctuation mark, or a one-letter word. Hyphenated
# compounds and decimals stay whole ("CIFAR-10", "GPT-3.5", "self-supervised") so that reasons
# read as the abstracts wrote them; a dot between letters ends a word ("LLMs.To" is scraped
# text for "LLMs. To"). Punctuation and one-letter words only separate word pairs.
_TOKEN = re.compile(r"\b(?=\w\w|\w-\w)\w+(?:(?:-|(?<=\d)\.(?=\d))\w+)*\b|[.,;:!?()\[\]]|\w")

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
    """Terms less coherent than this (see `_measure_coherence`) are too generic to be reasons."""
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
    label_sets = [frozenset(_normalise_label(name) for name in names) for names in labels]
    scores = _score_candidates(weights, lsa, candidates, label_sets, settings)
    best = [_rank(candidates[i], scores[i], k) for i in range(count)]
    pairs = [(i, j) for i, row in enumerate(best) for j, _ in row]
    phrases = _Phrases(terms, spellings, cleaned)
    coherence = _measure_coherence(weights, resolutions[-1], settings.reason_min_coherence)
    reasons = iter(_find_reasons(pairs, weights, coherence, phrases, labels))
    return [[(j, score, next(reasons)) for j, score in row] for row in best]


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
        tokens = _TOKEN.findall(text)
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


def _measure_coherence(
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


def _find_reasons(
    pairs: list[tuple[int, int]],
    weights: sparse.csr_matrix,
    coherence: np.ndarray,
    phrases: _Phrases,
    labels: Sequence[Sequence[str]],
) -> list[tuple[str, ...]]:
    """Return each pair's reasons: shared labels, rarest first, then its most telling terms.

    A pair that shares no label and no coherent term (common in small or very diverse lists)
    shows its most weighted shared phrases and names instead ("forward pass", "LLM"), else its
    most weighted shared words: the reader is told what little the two share, never nothing.
    """
    shared_labels = _share_labels(pairs, labels) if labels else [[] for _ in pairs]
    reasons = [
        tuple(names[:MAX_REASONS]) + phrases.choose(i, ranked, MAX_REASONS - len(names))
        for (i, _), names, ranked in zip(
            pairs, shared_labels, _rank_shared_terms(pairs, weights, coherence)
        )
    ]
    bare = [n for n, found in enumerate(reasons) if not found]
    if bare:
        anything = np.ones(weights.shape[1], dtype=np.float32)
        ranked_all = _rank_shared_terms([pairs[n] for n in bare], weights, anything)
        for n, ranked in zip(bare, ranked_all):
            telling = [index for index in ranked if phrases.is_phrase_or_name(index)]
            reasons[n] = phrases.choose(pairs[n][0], telling or ranked, MAX_REASONS)
    return reasons


def _share_labels(
    pairs: list[tuple[int, int]], labels: Sequence[Sequence[str]]
) -> list[list[str]]:
    """Return the labels each pair shares, the rarest (most telling) first, as first written."""
    label_sets = [{_normalise_label(name): name for name in names} for names in labels]
    papers_by_label = Counter(label for names in label_sets for label in names)
    shared: list[list[str]] = []
    for i, j in pairs:
        common = label_sets[i].keys() & label_sets[j].keys()
        ordered = sorted(common, key=lambda label: (papers_by_label[label], label))
        shared.append([label_sets[i][label] for label in ordered])
    return shared


def _rank_shared_terms(
    pairs: list[tuple[int, int]],
    weights: sparse.csr_matrix,
    coherence: np.ndarray,
    chunk: int = 20000,
) -> list[list[int]]:
    """Return, per pair, its first few shared terms by weight in both papers times coherence."""
    ranked: list[list[int]] = []
    for start in range(0, len(pairs), chunk):
        firsts, seconds = zip(*pairs[start : start + chunk])
        shared = weights[list(firsts)].multiply(weights[list(seconds)]).tocsr()
        shared.sort_indices()
        shared.data *= coherence[shared.indices]
        shared.eliminate_zeros()  # generic terms are no reason
        rows = np.repeat(np.arange(shared.shape[0]), np.diff(shared.indptr))
        # Both factors are at most 1, so 2·row − telling sorts by row, then most telling; the
        # stable sort leaves equal values in term order, so reasons are deterministic.
        order = np.argsort(2.0 * rows - shared.data, kind="stable")
        indices = shared.indices[order].tolist()
        bounds = shared.indptr.tolist()
        ranked.extend(
            indices[begin : min(end, begin + _TERMS_EXAMINED)]
            for begin, end in zip(bounds, bounds[1:])
        )
    return ranked


class _Phrases:
    """Turn ranked term indices into readable reasons, remembering each term's reading."""

    def __init__(self, terms: list[str], spellings: dict[str, str], texts: list[str]) -> None:
        self._terms = terms
        self._spellings = spellings
        self._texts = texts
        self._readings: dict[int, tuple[tuple[str, ...], frozenset[str]] | None] = {}
        self._spoken: tuple[int, str] = (-1, "")

    def choose(self, paper: int, ranked: list[int], room: int) -> tuple[str, ...]:
        """Return up to `room` phrases for these ranked terms of a paper, as the rule says."""
        chosen: list[tuple[tuple[str, ...], frozenset[str]]] = []
        for index in ranked:
            reading = self._read(index)
            if reading is None:
                continue
            words, stems = reading
            overlapping = [entry for entry in chosen if stems & entry[1]]
            if len(words) == 1:
                if not overlapping and len(chosen) < room:
                    chosen.append(reading)
                continue
            pairs = [entry for entry in overlapping if len(entry[0]) > 1]
            if pairs:  # join "Markov chain" and "chain Monte", or say nothing new
                joined = self._join(paper, pairs[0][0], words)
                if joined:
                    chosen[chosen.index(pairs[0])] = (joined, pairs[0][1] | stems)
                continue
            if overlapping:  # the pair takes the place of its own words
                chosen[chosen.index(overlapping[0])] = reading
                chosen = [entry for entry in chosen if entry not in overlapping[1:]]
            elif len(chosen) < room:
                chosen.append(reading)
        return tuple(
            " ".join(self._spellings.get(word, word) for word in words) for words, _ in chosen
        )

    def is_phrase_or_name(self, index: int) -> bool:
        """Tell whether a term is a word pair or a name (capitals or digits as usually spelled)."""
        term = self._terms[index]
        spelled = self._spellings.get(term, term)
        return " " in term or any(c.isupper() or c.isdigit() for c in spelled[1:])

    def _read(self, index: int) -> tuple[tuple[str, ...], frozenset[str]] | None:
        """Return a term's words and their stems, or None for a bare number (it says nothing)."""
        if index not in self._readings:
            words = tuple(self._terms[index].split())
            is_number = all(word.replace(".", "").isdigit() for word in words)
            stems = frozenset(_stem(word) for word in words)
            self._readings[index] = None if is_number else (words, stems)
        return self._readings[index]

    def _join(
        self, paper: int, phrase: tuple[str, ...], pair: tuple[str, ...]
    ) -> tuple[str, ...] | None:
        """Return phrase and pair joined where they overlap, if the paper says it so."""
        if phrase[-1] == pair[0]:
            joined = phrase + pair[1:]
        elif pair[-1] == phrase[0]:
            joined = pair[:1] + phrase
        else:
            return None
        if self._spoken[0] != paper:  # reasons are asked for paper by paper: keep the last one
            tokens = _TOKEN.findall(self._texts[paper].lower())
            self._spoken = (paper, f" {' '.join(tokens)} ")
        return joined if f" {' '.join(joined)} " in self._spoken[1] else None


def _stem(word: str) -> str:
    """Return a word without its plural "s", so that "bandits" adds nothing to "bandit"."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
