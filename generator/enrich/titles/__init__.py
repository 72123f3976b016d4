"""Derive a title for an abstract that came without one, and the names the abstract coins.

Abstracts arrive as raw text with TeX math, TeX text macros, Markdown emphasis and URLs.
`prepare` hides math and strips markup; `names` finds coined names (leaving out the names
earlier papers used, `established`); `phrases` lists candidate phrases (read word by word in
`tokens`), which `scoring` ranks with a small learned word model, and `ranking` picks the best
whole title; `case` shapes it; `reading` caches what they read from one abstract. `gist` says in
one line what the paper contributes, and `distinct` keeps two papers of a collection from
sharing a derived title.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache, partial

from .acronyms import in_a_name, spell_out_first
from .case import capitalise_first, clean_end, fit_length, title_case, title_cased_name
from .distinct import alternative_titles, distinct_titles, repeated_titles
from .established import established_names, list_year
from .gist import MAX_GIST_WORDS, contribution_sentence, derive_gist
from .phrases import fallback_phrase, phrase_words
from .prepare import restore
from .ranking import best_title
from .reading import Reading, prepare_and_name, read_abstract
from .restate import describe_name, restate
from .scoring import content_stems, word_probabilities
from .vocabulary import MAX_WORDS, MIN_WORDS
from .word_forms import base_gerund

# "We propose to decode with …", "This paper develops light-weight pruning algorithms …".
_PROPOSING = re.compile(r"(?:We|This (?:paper|work))\s+(?:propose|introduce|present|develop|design)s?"
                        r"\s+(to\s+)?(.+)")
# Where the proposal's phrase ends: a clause break or a clause word.
_CLAUSE_END = re.compile(r"[,;:.]|\s(?:that|which|where|whose|to|by|and|called|named|dubbed)\s")

__all__ = ["MAX_GIST_WORDS", "MAX_WORDS", "MIN_WORDS", "derive_title", "distinct_titles", "gist_of",
           "introduced_names", "list_year", "names_to_link", "prepare_and_name", "read_abstract",
           "forget_readings", "repeated_titles", "title_alternatives", "title_likelihood"]


def derive_title(text: str, given: str = "", year: int | None = None) -> tuple[str, str]:
    """Return (title, title_source) for an abstract; title_source is "given" or "derived".

    Order of fallbacks:
    1. a title given by the input wins, as given ("given");
    2. else, when the abstract coins a name ("we propose X", "termed X", "X, a …",
       `\\textbf{X}`, "X (Full Name)") that earlier papers did not use, that name, a colon,
       and the phrase the ranker scores best of those that say what X is or does, or the
       words X stands for and, when the abstract says it right after X, what X is for
       ("derived");
    3. else the best-scoring of the contribution and opening phrases, alone or as "Topic:
       Contribution" (see `ranking`) ("derived");
    4. a title that would still be too short, when the abstract says what its name is ("X, a
       dataset of …"), is the name and that description, cut to length ("derived");
    5. else the first sentence's opening words ("derived"), or a short title padded with them.
    Every derived title has 3 to 16 words, title case, no trailing full stop, no dangling
    function word, no TeX text macros, and its `$…$` math exactly as the abstract wrote it, but
    for a name written as one styled word ("$\\textbf{DiffRisk}$"), which it writes plain.
    """
    if given.strip():
        return " ".join(given.split()), "given"
    return _derive(text, year)[0], "derived"


def title_alternatives(text: str, year: int | None = None) -> tuple[str, ...]:
    """Return the titles the abstract's derived title gives way to when another paper of the
    collection has it, best first (see `distinct_titles`)."""
    return alternative_titles(*_derive(text, year))


def title_likelihood(text: str, given: str = "", year: int | None = None) -> Callable[[str], float]:
    """Return how likely the paper's title uses a phrase's words: for a phrase, the highest
    probability the word model gives one of its content words (see `scoring`), or, when the
    input gives the title, 1 if the title has one of them and 0 if not. What a title says is
    what a paper is about: the tags use this as evidence (`tags.extract_tags`)."""
    if given.strip():
        in_title = set(content_stems(given))
        return lambda phrase: float(any(stem in in_title for stem in content_stems(phrase)))
    probabilities = _derive(text, year)[2]
    return lambda phrase: max((probabilities.get(stem, 0.0) for stem in content_stems(phrase)),
                              default=0.0)


def forget_readings() -> None:
    """Read every abstract afresh from now on: after the word model changed, or to time it."""
    prepare_and_name.cache_clear()
    _derive.cache_clear()


@lru_cache(maxsize=64)
def _derive(text: str, year: int | None) -> tuple[str, Reading, dict[str, float]]:
    """Return the derived title, with the reading and word probabilities it was chosen by."""
    reading = read_abstract(text, year)
    prepared = reading.prepared
    probabilities = word_probabilities(*reading)
    title = best_title(reading, probabilities) or fallback_phrase(prepared, MAX_WORDS)
    if len(title.split()) < MIN_WORDS:
        # Padded with the first sentence's words, it would read as a fragment ("GPQA: Biology
        # We present GPQA").
        title = _name_and_description(reading) or _name_and_proposal(reading, title) or title
    title = spell_out_first(title, prepared.text, partial(_in_title_name, reading), MAX_WORDS,
                            lambda words: title_case(words.split()), skip_common=False)
    title = clean_end(restore(capitalise_first(fit_length(title, prepared)), prepared, title_cased_name))
    return title, reading, probabilities


def _in_title_name(reading: Reading, title: str, start: int, end: int) -> bool:
    """Tell whether the acronym at start:end of a title belongs to a name, and stays as written:
    the name the title starts with ("ZeRO++:", "RSCP+:") or a word of what the paper's name
    stands for ("EAP with Integrated Gradients (EAP-IG)"). Any other acronym, however common
    ("GNNs", "NAS"), says nothing to a reader who has not read the abstract ("Deep Neural
    Networks: LLC")."""
    name = reading.names[0].name if reading.names else ""
    return in_a_name(title, start, end) or start < title.find(f"({name})") or \
        title.startswith("+", end) or start == 0 and (title[start:end] == name or
                                                      title.startswith(":", end))


def _name_and_description(reading: Reading) -> str | None:
    """Return "Name: what the abstract says it is", if it coins a name and says so."""
    if not reading.names:
        return None
    name = reading.names[0]
    for description in describe_name(reading.prepared.text, name.name, name.description):
        words = restate(phrase_words(description))
        if len(words) >= MIN_WORDS - 1:
            return f"{name.name}: {title_case(words)}"
    return None


def _name_and_proposal(reading: Reading, short: str) -> str | None:
    """Return "Name: what the paper proposes" (or that alone, with no name) from the sentence
    the gist is made of, when it says "we propose / develop … X" before any clause break:
    "PerCo: Decoding with Iterative Diffusion Models" rather than "PerCo: Bitrate Image codecs
    are …"."""
    name = reading.names[0].name if reading.names else ""
    match = _PROPOSING.match(contribution_sentence(reading.prepared, name))
    if not match:
        return None
    words = restate(phrase_words(_CLAUSE_END.split(match.group(2), 1)[0]))
    if match.group(1) and words:  # "we propose to decode with …": "Decoding with …"
        words = [base_gerund(words[0]), *words[1:]]
    if not MIN_WORDS - 1 <= len(words) <= MAX_WORDS - 4 or name and name in words:
        return None
    label = short.split(":", 1)[0] if name and ":" in short else name
    return f"{label}: {title_case(words)}" if label else title_case(words)


def introduced_names(text: str, year: int | None = None) -> tuple[str, ...]:
    """Return the names of methods, models or datasets the abstract coins, most prominent first.

    `year` is the list's: names that papers of earlier years used are not this paper's.
    """
    prepared, names = prepare_and_name(text, year)
    return tuple(restore(name.name, prepared) for name in names)


def names_to_link(text: str, year: int | None = None) -> tuple[str, ...]:
    """Return the names other abstracts may link to this one by: those it says it coins
    ("we propose X", "we call it X") that no earlier paper used, even in passing."""
    prepared, names = prepare_and_name(text, year)
    established = established_names(year)
    return tuple(restore(name.name, prepared) for name in names
                 if name.said_coined and name.name.split(" ", 1)[0] not in established.names)


def gist_of(text: str, year: int | None = None) -> str:
    """Return one line (at most MAX_GIST_WORDS words) saying what the paper contributes."""
    prepared, names = prepare_and_name(text, year)
    return derive_gist(prepared, names[0].name if names else "")
