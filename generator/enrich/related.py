"""Find each paper's most related papers, and say why they are related.

Two steps, so that the costly one needs no titles or tags and can run beside their analysis:

    similarity.model_texts(texts)          the text model: candidates and their text scores
    rank_related(model, labels)            add shared labels, rank, and give the reasons

`find_related` does both. Both are pure functions: no file I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..model import Tag
from .contributions import is_contribution
from .reasons import PaperLabels, Phrases, find_reasons
from .text_model import DEFAULT_SETTINGS, Related, RelatedSettings, TextModel

__all__ = ["DEFAULT_SETTINGS", "Related", "RelatedSettings", "TextModel", "find_related",
           "rank_related", "relating_labels"]

def relating_labels(tags: Sequence[Tag]) -> list[str]:
    """Return the names of the tags that can tell why two papers relate: not the area (too
    wide) nor a kind of contribution (two papers that each bring a data set may share no
    subject)."""
    return [tag.name for tag in tags if tag.kind != "area" and not is_contribution(tag)]


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
       labels times how specific the shared labels are, when labels are given: a small bonus,
       so that no single tag decides a list;
    5. best first by the score less 0.75 × the candidate's hubness (its mean score to its 10
       nearest: CSLS, so that a paper near everything does not fill every list), equal ones in
       index order; never the paper itself, never a paper scoring below 0.2
       (`RelatedSettings.min_score`), and never one without a reason (the next candidate that
       has one stands in): so fewer than k where nothing else is close.
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
    shared = PaperLabels(labels, settings.reason_max_label_share) if labels else None
    hubness = settings.hub_damping * _hubness(model.scores, settings.hub_neighbours)
    best = []
    for i in rows:
        scores = model.scores[i]
        if shared and shared.has_any(i):
            overlap = [shared.overlap(i, j) for j in model.candidates[i]]
            scores = scores + settings.label_weight * np.array(overlap, dtype=np.float32)
        ranking = scores - hubness[model.candidates[i]]
        best.append(_rank(model.candidates[i], scores, ranking, settings.min_score))
    phrases = Phrases(model.terms, model.spellings, model.cleaned)

    def with_reasons(positions: Sequence[int], chosen: list[list[tuple[int, float]]]
                     ) -> list[list[Related]]:
        """Return the links of the rows at `positions`, each with its reasons."""
        pairs = [(int(rows[n]), j) for n, row in zip(positions, chosen) for j, _ in row]
        reasons = iter(find_reasons(pairs, model.weights, model.coherence, phrases, shared))
        return [[(j, score, next(reasons)) for j, score in row] for row in chosen]

    # A paper without a telling reason gives its place to the next one that has one: the
    # reasons of those next ones are found only for the rows that need them.
    everywhere = range(len(best))
    related = with_reasons(everywhere, [row[:k] for row in best])
    short = [n for n in everywhere if not all(link[2] for link in related[n])]
    shown = [[link for link in row if link[2]] for row in related]
    for n, links in zip(short, with_reasons(short, [best[n][k:] for n in short])):
        shown[n].extend(link for link in links if link[2])
    return [row[:k] for row in shown]


def _hubness(scores: np.ndarray, neighbours: int) -> np.ndarray:
    """Return each paper's mean text score to its `neighbours` closest candidates: how near
    everything is to it. A paper near everything (a broad survey, a generic abstract) would
    otherwise sit in dozens of lists; CSLS (Conneau et al., 2018) ranks a candidate by its score
    less this mean, so that a paper's own neighbourhood counts, not the crowd's."""
    if not len(scores):
        return np.zeros(0, dtype=np.float32)
    top = -np.sort(-scores, axis=1)[:, :neighbours]
    return top.mean(axis=1).astype(np.float32)


def _rank(candidates: np.ndarray, scores: np.ndarray, ranking: np.ndarray, floor: float
          ) -> list[tuple[int, float]]:
    """Return the candidates scoring at least `floor` (and above 0), best `ranking` (the
    score, hubs damped) first, ties by index."""
    order = np.lexsort((candidates, -ranking))
    order = order[(scores[order] > 0) & (scores[order] >= floor)]
    return list(zip(candidates[order].tolist(), scores[order].tolist()))
