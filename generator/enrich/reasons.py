"""Say why two related papers are related: shared tags, then their most telling shared terms.

"Telling" is measured on the collection: a term's coherence is how alike the papers using it are,
so generic words ("possible", "data") are never a reason, and a tag most papers hold is none
either. Pairs that share nothing telling get no reason (and are not shown as related).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np
from scipy import sparse

from ..text.words import singular
from .recurring import is_distinctive
from .vocabulary import normalize_name

# A word of two or more characters, a punctuation mark, or a one-letter word. Hyphenated
# compounds and decimals stay whole ("CIFAR-10", "GPT-3.5", "self-supervised") so that reasons
# read as the abstracts wrote them; a dot between letters ends a word ("LLMs.To" is scraped
# text for "LLMs. To"). Punctuation and one-letter words only separate word pairs.
TOKEN = re.compile(r"\b(?=\w\w|\w-\w)\w+(?:(?:-|(?<=\d)\.(?=\d))\w+)*\b|[.,;:!?()\[\]]|\w")
MAX_REASONS = 4
# Shared terms of a pair looked at for its reasons: more only cost time.
_TERMS_EXAMINED = 10


def distinct_reasons(reasons: Sequence[str], fold: Callable[[str], str] = normalize_name,
                     broader: Callable[[str], frozenset[str]] | None = None) -> tuple[str, ...]:
    """Drop each reason that says again what an earlier one said: the same name in another case
    or number ("CIFAR-100" and "cifar-100", "Diffusion models" and "diffusion model"); with the
    vocabulary's `fold` (`Vocabulary.fold`), an acronym or a part of a tag's name that spells
    the tag ("LLMs" beside "Large language models", "view synthesis" beside "Novel view
    synthesis": a quarter of the cards at 5,000 papers said one thing twice), though not a
    phrase of other words the vocabulary counts as its synonym ("low-resource languages" says
    more than "Multilingual language models"); with its `broader`, a topic above another
    reason ("Privacy" beside "Differential privacy": the narrower says why, on 9% of cards)."""
    above = frozenset().union(*map(broader, reasons)) if broader else frozenset()
    said: set[str] = set()
    distinct = []
    for reason in reasons:
        words, folded = normalize_name(reason), fold(reason)
        restates = folded in said and (" " not in reason.strip()  # an acronym, a name
                                       or set(words.split()) <= set(folded.split()))
        if words not in said and not restates and folded not in above:
            said.update((words, folded))
            distinct.append(reason)
    return tuple(distinct)


def normalise_label(name: str) -> str:
    """Compare tag names case- and space-insensitively."""
    return " ".join(name.lower().split())


def find_reasons(
    pairs: list[tuple[int, int]],
    weights: sparse.csr_matrix,
    coherence: np.ndarray,
    phrases: Phrases,
    labels: PaperLabels | None = None,
) -> list[tuple[str, ...]]:
    """Return each pair's reasons: the telling labels it shares (`PaperLabels`), then its
    most telling shared phrases and names; none when the two share nothing telling (rather
    than "applied, function, analysis")."""
    reasons = []
    for (i, j), ranked in zip(pairs, _rank_shared_terms(pairs, weights, coherence)):
        names = labels.telling(i, j)[:MAX_REASONS] if labels else []
        telling = [term for term in ranked if phrases.is_phrase_or_name(term)]
        reasons.append(tuple(names) + phrases.choose(i, telling, MAX_REASONS - len(names)))
    return reasons


class PaperLabels:
    """Each paper's labels (tags), read once for a collection: how much two papers share
    (`overlap`), and which shared ones say why they relate (`telling`): those held by at most
    `max_share` of the papers (two papers sharing a label always tells), the rarest first, as
    first written."""

    def __init__(self, labels: Sequence[Sequence[str]], max_share: float = 1.0) -> None:
        self._names = [{normalise_label(name): name for name in names} for names in labels]
        papers_by_label = Counter(label for names in self._names for label in names)
        most = max(max_share * len(labels), 2)
        self._telling = {label: count for label, count in papers_by_label.items()
                         if count <= most}
        # How specific a label is: 1 for one held by two papers, near 0 for one held by all.
        scale = np.log(max(len(labels), 3))
        self._specific = {label: max(0.0, 1 - float(np.log(max(count, 2) / 2)) / scale)
                          for label, count in papers_by_label.items()}

    def has_any(self, paper: int) -> bool:
        """Tell whether a paper has labels at all."""
        return bool(self._names[paper])

    def overlap(self, first: int, second: int) -> float:
        """Return the Jaccard overlap of two papers' labels (0 when neither has any) times how
        specific the labels they share are, on average: two papers whose one label is the
        conference's broadest share little (a paper with that one label would otherwise be
        near every other)."""
        ours, theirs = self._names[first].keys(), self._names[second].keys()
        common = ours & theirs
        if not common:
            return 0.0
        specific = sum(self._specific[label] for label in common) / len(common)
        return len(common) / len(ours | theirs) * specific

    def telling(self, first: int, second: int) -> list[str]:
        """Return the telling labels two papers share, rarest first."""
        common = [label for label in self._names[first].keys() & self._names[second].keys()
                  if label in self._telling]
        ordered = sorted(common, key=lambda label: (self._telling[label], label))
        return [self._names[first][label] for label in ordered]


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


class Phrases:
    """Turn ranked term indices into readable reasons, remembering each term's reading."""

    def __init__(self, terms: list[str], spellings: dict[str, str], texts: list[str]) -> None:
        self._terms = terms
        self._spellings = spellings
        self._texts = texts
        self._readings: dict[int, tuple[tuple[str, ...], frozenset[str]] | None] = {}
        self._telling: dict[int, bool] = {}
        """`is_phrase_or_name` by term: a term comes up in thousands of pairs."""
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
        """Tell whether a term is a distinctive word pair or a name (capitals or digits as
        usually spelled): a single common word ("issue", "modeling") or a phrase of stock words
        ("consistent improvements", see `recurring.is_distinctive`) says nothing about why two
        papers relate."""
        telling = self._telling.get(index)
        if telling is None:
            telling = self._telling[index] = self._is_phrase_or_name(self._terms[index])
        return telling

    def _is_phrase_or_name(self, term: str) -> bool:
        if " " in term:
            return is_distinctive(term)
        spelled = self._spellings.get(term, term)
        # Two letters name too many things ("VM": a virtual machine, or a virtual microphone).
        return len(spelled) > 2 and any(c.isupper() or c.isdigit() for c in spelled[1:])

    def _read(self, index: int) -> tuple[tuple[str, ...], frozenset[str]] | None:
        """Return a term's words and their stems, or None for a bare number (it says nothing)."""
        if index not in self._readings:
            words = tuple(self._terms[index].split())
            is_number = all(word.replace(".", "").isdigit() for word in words)
            stems = frozenset(singular(word) for word in words)
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
            tokens = TOKEN.findall(self._texts[paper].lower())
            self._spoken = (paper, f" {' '.join(tokens)} ")
        return joined if f" {' '.join(joined)} " in self._spoken[1] else None
