"""Compose a title from a coined name and the abstract's candidate phrases."""

from __future__ import annotations

from .case import title_case
from .names import Name
from .phrases import (Candidate, describing_candidates, fallback_phrase, has_content,
                      phrase_words)
from .prepare import Prepared
from .scoring import best_candidate
from .vocabulary import MAX_WORDS, MIN_WORDS, SMALL_WORDS


def title_with_name(name: Name, others: tuple[Name, ...], prepared: Prepared,
                    candidates: tuple[Candidate, ...], probabilities: dict[str, float]) -> str:
    """Compose "Name: what it is".

    What it is, in order of fallbacks: the words a long acronym stands for ("ACR: Words It
    Stands For"); else, with short spelled-out names written "Full Name (ACR)", the phrase the
    abstract uses to say what the name is or does ("X, a contrastive regularizer that …", "a
    framework that extends …"); else the best-scoring phrase as in `title_without_name`; else
    the spelled-out name alone. A phrase with another coined name in it ("we also introduce
    the Benign Garble Rate") describes that name, not this one.
    """
    label = name.name
    expansion = tuple(phrase_words(name.expansion))
    if len(expansion) > 4 and len(expansion) + len(label.split()) <= MAX_WORDS:
        return f"{label}: {title_case(expansion)}"
    if expansion:
        label = f"{title_case(expansion)} ({name.name})"
    budget = MAX_WORDS - len(label.split())
    expansion_words = {word.lower() for word in expansion}
    other_names = {other.name for other in others}

    def fits(candidate: Candidate) -> bool:
        text = " ".join(candidate.words)
        return 2 <= len(candidate.words) <= budget and name.name not in text and \
            expansion_words.isdisjoint(word.lower() for word in candidate.words) and \
            text not in other_names

    best = best_candidate([c for c in describing_candidates(name.description) if fits(c)],
                          label, probabilities) \
        or best_candidate([c for c in candidates if fits(c)], label, probabilities)
    if best is None and expansion and len(expansion) + len(name.name.split()) >= MIN_WORDS:
        return f"{name.name}: {title_case(expansion)}"
    if best is None:
        return label if len(label.split()) >= MIN_WORDS else \
            f"{label}: {fallback_phrase(prepared, budget)}"
    return f"{label}: {title_case(best.words)}"


def title_without_name(prepared: Prepared, candidates: tuple[Candidate, ...],
                       probabilities: dict[str, float]) -> str:
    """Choose the phrases most likely to share words with the real title.

    Candidates are the noun phrases after an introducing or studying verb, "by …ing" phrases
    and the opening noun phrases of the first sentences; each is scored by the expected overlap
    of its words with a title (see `best_candidate`). Order of fallbacks: the best phrase of at
    least MIN_WORDS words, when it comes from a contribution sentence; else "Topic: Contribution",
    an opening phrase (which names the field) and the best phrase of the contribution
    sentences that adds to it; else the opening phrase alone; else the first sentence's
    opening words.
    """
    best = best_candidate([c for c in candidates if len(c.words) >= MIN_WORDS], "",
                          probabilities)
    if best is not None and best.kind != "subject":
        return title_case(best.words)
    topic = best or best_candidate([c for c in candidates if c.kind == "subject" and
                                    len(c.words) == 2], "", probabilities)
    if topic is not None:
        topic_text = title_case(topic.words)
        # A contribution adds words to the topic's and does not repeat the topic by its
        # acronym ("AL" for "active learning methods").
        topic_words = {word.lower() for word in topic.words}
        acronyms = _initialisms(topic.words)
        contribution = best_candidate(
            [c for c in candidates if c.kind != "subject" and
             2 <= len(c.words) <= MAX_WORDS - len(topic.words) and
             has_content(tuple(w for w in c.words if w.lower() not in topic_words)) and
             acronyms.isdisjoint(w.lower() for w in c.words)],
            topic_text, probabilities)
        if contribution is not None:
            return f"{topic_text}: {title_case(contribution.words)}"
        if best is not None:
            return topic_text
    return title_case(tuple(fallback_phrase(prepared, MAX_WORDS).split()))


def _initialisms(words: tuple[str, ...]) -> set[str]:
    """Return the acronyms a phrase's opening words make, lower-cased ("al" and "alm" for
    "active learning methods")."""
    initials = "".join(word[0].lower() for word in words if word.lower() not in SMALL_WORDS)
    return {initials[:size] for size in range(2, len(initials) + 1)}
