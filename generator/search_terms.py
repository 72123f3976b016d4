"""How text becomes search terms: the same steps papersite's search worker applies to a query.

Terms are lower-cased, accents folded, Greek letters spelled out ("β" is "beta"), stop words
dropped, plurals stripped and British -ise spelled -ize; beside each term, each pair of terms
side by side ("diffusion model") is a term too, and so is each hyphenated compound written as
one word ("over-smoothing" is "oversmoothing" too, as a query writes it either way). A paper's terms carry a
weight: the fields they are in (names the paper coins, title, tags, gist) and how often they are
in the text, capped at MAX_TEXT_COUNT. `theme_overrides/assets/javascripts/papersite-search.js`
must read queries the same way (`STOP_WORDS`, `fold`, `stem`, `compounds`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import cache, lru_cache

NAME, TITLE, TAG, GIST = 32, 16, 8, 4  # weight bits; the low two bits count the term in the text
MAX_TEXT_COUNT = 3
# lunr's English stop words, which Material's search drops too.
STOP_WORDS = frozenset("""a able about across after all almost also am among an and any are as at
be because been but by can cannot could dear did do does either else ever every for from get got
had has have he her hers him his how however i if in into is it its just least let like likely may
me might most must my neither no nor not of off often on only or other our own rather said say
says she should since so some than that the their them then there these they this tis to too twas
us wants was we were what when where which while who whom why will with would yet you
your""".split())
WORD = re.compile(r"[^\W_]+")
"""A word, as the index and the worker split text."""
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_HYPHENS = re.compile("[\u2010\u2011]")
# At a word's start only: tried inside every word too, it cost time quadratic in its length.
_COMPOUND = re.compile(r"(?<![^\W_])[^\W_]+(?:-[^\W_]+)+")
# British -ise, -yse and their forms, as American -ize, -yze (both sides of the index do it, so
# a word it changes that has no -ize form, "noise", only ever meets itself).
_BRITISH = re.compile(r"(?<=\w{3})([iy])s(e|ed|es|er|ers|ing|ation|ations)$")
GREEK = dict(zip("αβγδεζηθικλμνξοπρστυφχψωϵϑϕς",
                 "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron "
                 "pi rho sigma tau upsilon phi chi psi omega epsilon theta phi sigma".split()))
"""Greek letters as authors spell them out: "β-VAE" is "beta-VAE"."""


def term_weights(entry: dict) -> dict[str, int]:
    """Return each term of an entry, and each pair of terms side by side in it, with its
    weight: the fields it is in, its count in the text."""
    folded = fold(entry["text"])
    text = _folded_terms(folded)
    counts = Counter(text)
    counts.update(word_pairs(text))
    counts.update(_folded_compounds(folded))
    weights = {term: count if count < MAX_TEXT_COUNT else MAX_TEXT_COUNT
               for term, count in counts.items()}
    # Given authors and keywords weigh as tags do.
    # The gist is the sentence saying what the paper does: a paper about a topic has it there.
    fields = ((NAME, entry["names"]), (TITLE, [entry["title"]]),
              (TAG, [*entry["tags"], *entry.get("given", ())]), (GIST, [entry.get("gist", "")]))
    for bit, values in fields:
        for value in values:
            for term in _field_terms(value, bit == NAME):
                weights[term] = weights.get(term, 0) | bit
    return weights


@lru_cache(maxsize=4096)  # tags and authors recur from paper to paper
def _field_terms(value: str, is_name: bool) -> frozenset[str]:
    """Return the terms and pairs of a field's value. A name is searched for whole: "HIM" or
    "AS" must find the paper that coins it, stop words and all."""
    terms = tokenize(value, keep_stop_words=is_name)
    return frozenset((*terms, *word_pairs([term for term in terms if term not in STOP_WORDS]),
                      *compounds(value)))


def compounds(text: str) -> list[str]:
    """Return the hyphenated compounds of text as one word each: "over-smoothing" gives
    "oversmoothing", as the worker reads a hyphenated query word."""
    return _folded_compounds(fold(text))


def _folded_compounds(folded: str) -> list[str]:
    # Only a piece of text between spaces with a hyphen in it can hold one: matching those
    # alone took a fifth of the time of the whole text at 5,000 abstracts.
    return [stem(match.group().replace("-", ""))
            for piece in _HYPHENS.sub("-", folded).split() if "-" in piece
            for match in _COMPOUND.finditer(piece)]


def word_pairs(terms: list[str]) -> list[str]:
    """Return the pairs of terms side by side, as the index keeps them: "diffusion model"."""
    return [f"{first} {second}" for first, second in zip(terms, terms[1:])]


def tokenize(text: str, keep_stop_words: bool = False) -> list[str]:
    """Return the index terms of text, in order: folded, lower-case, singular, no stop words."""
    return _folded_terms(fold(text), keep_stop_words)


def _folded_terms(folded: str, keep_stop_words: bool = False) -> list[str]:
    terms = [stem(word) for word in WORD.findall(folded)]
    return terms if keep_stop_words else [term for term in terms if term not in STOP_WORDS]


def fold(text: str) -> str:
    """Lower-case text and strip its accents ("Schrödinger" → "schrodinger", "E³" → "e3")."""
    return _NON_ASCII.sub(_fold_run, text.lower())


def _fold_run(match: re.Match[str]) -> str:
    return _fold_characters(match.group())


@cache
def _fold_characters(characters: str) -> str:
    # Decomposing only the non-ASCII runs gives what decomposing the text would: ASCII has no
    # decomposition, and combining marks sit in the run of the marks they are ordered with.
    decomposed = unicodedata.normalize("NFKD", "".join(GREEK.get(char, char) for char in characters))
    return "".join(char for char in decomposed if not unicodedata.category(char).startswith("M"))


@cache
def stem(word: str) -> str:
    """Strip an English plural as Harman's S-stemmer does (-ies → -y, -es → -e, -s → ""), then
    spell British -ise, -yse as -ize, -yze ("optimisation" → "optimization")."""
    return _BRITISH.sub(r"\1z\2", _singular(word))


def _singular(word: str) -> str:
    if len(word) <= 3 or not word.endswith("s"):
        return word
    if word.endswith("ies") and not word.endswith(("eies", "aies")):
        return word[:-3] + "y"
    if word.endswith("es") and not word.endswith(("aes", "ees", "oes")):
        return word[:-1]
    if word.endswith(("us", "ss")):
        return word
    return word[:-1]
