"""What a build keeps of the last one, so that an edit redoes only what it reaches.

Per-abstract results (titles, tags) are kept by `enrich.analyse`. The whole-collection results
are kept here, each in its own cache file:

- "model": the related-papers text model. A changed collection is folded into it
  (`enrich.folding`) when few abstracts changed since it was fitted, else it is fitted again;
- "ranking": each paper's related papers, ranked again only for the papers whose candidates,
  scores or candidates' labels changed;
- the topic map's t-SNE layout is kept with the model, and redone once 5% of its sample changed
  (`enrich.topic_map.place_vectors`).
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import numpy as np

from .cache import ResultCache
from .enrich.folding import fold_in, is_foldable, match_rows, renumbering
from .enrich.reasons import normalise_label
from .enrich.related import Related, TextModel, rank_related
from .enrich.similarity import FittedModel, fit_model, text_keys
from .enrich.topic_map import place_vectors
from .workers import Workers, worth_parallel


@dataclass(frozen=True)
class ModelUpdate:
    """The text model of this build's collection, and how it differs from the kept one."""

    model: TextModel | None
    """None for fewer than two texts."""
    keys: tuple[str, ...]
    """Each text's key (`similarity.text_keys`)."""
    changed: np.ndarray | None
    """The rows whose candidates or scores may differ from the kept model's; None for all."""
    since: str
    """The version of the kept model `changed` is measured against."""
    version: str
    """This model's version."""
    positions: list[tuple[float, float]] | None
    """Every paper's place on the topic map, if asked for."""


@dataclass(frozen=True)
class Ranking:
    """Related papers as ranked by the last build, with what they were ranked from."""

    version: str
    """The version of the text model they were ranked with."""
    keys: tuple[str, ...]
    labels: list[list[str]]
    related: list[list[Related]]


@dataclass(frozen=True)
class _KeptModel:
    """The text model as the cache keeps it, with its version and the topic map's layout."""

    fitted: FittedModel
    version: str
    layouts: dict


def update_text_model(texts: list[str], k: int, with_map: bool, use_cache: bool) -> ModelUpdate:
    """Worker job: fit the text model, fold the collection into the kept one, or take the kept
    one as it is; and lay out the topic map, if asked."""
    keys = text_keys(texts)
    if len(texts) < 2:
        positions = [(0.5, 0.5)] * len(texts) if with_map else None
        return ModelUpdate(None, keys, None, "", "", positions)
    cache = ResultCache("model") if use_cache else None
    kept = cache.get("kept") if cache else None
    if kept is not None and kept.fitted.keys == keys:
        fitted, changed = kept.fitted, np.array([], dtype=np.int64)
    elif kept is not None and is_foldable(kept.fitted, keys):
        fitted, changed = fold_in(kept.fitted, texts, keys, k)
    else:
        fitted, changed = fit_model(texts, k), None
    layouts = kept.layouts if kept is not None else {}
    positions = place_vectors(fitted.model.topics, layouts) if with_map else None
    since = kept.version if kept is not None else ""
    version = since if kept is not None and fitted is kept.fitted else secrets.token_hex(8)
    if cache is not None and version != since:
        cache.keep_one("kept", _KeptModel(fitted, version, layouts))
    return ModelUpdate(fitted.model, keys, changed, since, version, positions)


def rank_changed(update: ModelUpdate, labels: list[list[str]], previous: Ranking | None,
                 workers: Workers, k: int) -> Callable[[], Ranking]:
    """Start ranking every paper's related papers, taking the previous ranking's rows where
    nothing they depend on changed: the paper's candidates and scores, and its and its
    candidates' labels. Return a function that waits for the ranking and returns it, so that
    the caller can work meanwhile."""
    keys = update.keys
    if update.model is None:
        return lambda: Ranking(update.version, keys, labels, [[] for _ in keys])
    related: list[list[Related] | None] = [None] * len(keys)
    if previous is not None and update.changed is not None and previous.version == update.since:
        _take_unchanged(related, update, labels, previous)
    redo = [row for row, found in enumerate(related) if found is None]
    if worth_parallel(len(redo)):
        jobs = [workers.submit(rank_related, update.model, labels, k, redo[part.start:part.stop])
                for part in workers.parts(len(redo))]
    else:  # a few papers: ranked here, without sending the model to a worker
        jobs = [Workers(parallel=False).submit(rank_related, update.model, labels, k, redo)]

    def finish() -> Ranking:
        for row, links in zip(redo, (row for job in jobs for row in job.result())):
            related[row] = links
        return Ranking(update.version, keys, labels, cast(list[list[Related]], related))

    return finish


def _take_unchanged(related: list, update: ModelUpdate, labels: list[list[str]],
                    previous: Ranking) -> None:
    """Fill in the rows of `related` that the previous ranking still gives, renumbered."""
    assert update.model is not None, "no text model: nothing is ranked"
    source = match_rows(previous.keys, update.keys)
    new_row = renumbering(source, len(previous.keys))
    relabelled = np.array([old < 0 or previous.labels[old] != names
                           for old, names in zip(source, labels)])
    redo = relabelled | relabelled[update.model.candidates].any(axis=1)
    redo[update.changed] = True
    # A candidate whose own scores changed has a new hubness, which reorders the rows it is in.
    changed = update.changed if update.changed is not None else np.array([], dtype=np.int64)
    redo |= np.isin(update.model.candidates, changed).any(axis=1)
    # Shared labels are listed rarest first: a label whose count changed can reorder them.
    now, before = _label_counts(labels), _label_counts(previous.labels)
    recounted = {label for label in now.keys() | before.keys() if now[label] != before[label]}
    for row, names in enumerate(labels):
        if redo[row] or any(normalise_label(name) in recounted for name in names):
            continue
        links = [(int(new_row[j]), score, reasons)
                 for j, score, reasons in previous.related[source[row]]]
        if all(j >= 0 for j, _, _ in links):
            related[row] = links


def _label_counts(labels: list[list[str]]) -> Counter[str]:
    return Counter(label for names in labels for label in {normalise_label(name) for name in names})
