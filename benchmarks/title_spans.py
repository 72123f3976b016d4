"""The span model fitted by `fit_title_spans.py`: which phrase of an abstract a title is.

Every run of words in a sentence that could stand alone as a title is a candidate: it crosses no
clause punctuation, holds no word titles almost never use ("we", "is", "that"), and starts and
ends at a phrase's edge, next to a function word, such a word or a break. A logistic regression
over what surrounds and fills the run scores it: where it sits (after "we propose a", before
"that", right after the coined name and "a"), its sentence (does it introduce something, come
before the first that does), how its words are used in titles rather than abstracts, and how
specific they are (rare in the background corpus, repeated in this abstract), so that the paper's
own problem can win over its field. It was fitted on background abstracts, each run labelled by
whether it holds most of the real title's content words.

Not what `derive_title` uses, so it lives here with its experiments rather than in the package:
read blind, its titles were judged no better than the rules' though they share more words with
the real titles (README.md, "titles judged blind by round"); `span_titles.py` makes titles with
it for the next rounds. Once a version of it reads better, it and its parameters move to
`generator/enrich/titles/` and `generator/data/titles/`.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from papersite.enrich.titles.contribution import sentence_roles, tokenize
from papersite.enrich.titles.prepare import PLACEHOLDER, Prepared
from papersite.text.words import STOP_WORDS

MODEL_PATH = Path(__file__).resolve().parent / "data" / "title_span_model.json"
MAX_SPAN = 14
_ALNUM = re.compile(r"[^\W_]")
_BETWEEN = frozenset((",", ":", "a", "an", "the"))
BREAKS = frozenset(",;:.!?\"“”")


class Model(NamedTuple):
    """What the fitted model ships: feature weights and per-word statistics of the corpus."""

    weights: dict[str, float]
    bias: float
    title_rate: dict[str, float]
    """log(share of title words) - log(share of abstract words), for common words."""
    idf: dict[str, float]
    """log(abstracts / abstracts with the word), for words in at least a few abstracts."""
    max_idf: float
    never_in_titles: frozenset[str]
    """Words a title uses at most a twelfth as often as an abstract ("we", "is", "shows")."""
    never_first: frozenset[str]
    """Words that almost never start a title ("of", "and", "based")."""
    never_last: frozenset[str]
    """Words that almost never end one ("of", "the", "an", "is")."""
    families: dict[str, dict[object, float]] = {}
    """`feature_families(weights)`, for `scored_spans`."""


class Span(NamedTuple):
    """A candidate run of words: its sentence, where it starts and ends, its words as written."""

    sentence: int
    start: int
    end: int
    words: tuple[str, ...]


class Sentence(NamedTuple):
    """A sentence as the model reads it: its tokens, and its own features (where it sits, how it
    opens, whether it introduces something or names the paper's coined name)."""

    tokens: list[str]
    context: list[str]
    name: tuple[str, ...]
    """The coined name's words in lower case, if the abstract coins one."""


def read_sentences(prepared: Prepared, name: str = "") -> list[Sentence]:
    """Tokenize a prepared abstract's sentences and work out each one's own features."""
    name_words = tuple(token.lower() for token in tokenize(name))
    return [Sentence(tokenize(sentence.text), role, name_words)
            for sentence, role in zip(prepared.sentences, sentence_roles(prepared, name))]


def candidate_spans(sentences: list[Sentence], model: Model) -> list[Span]:
    """Return every run of 1 to MAX_SPAN words inside a sentence that crosses no break, holds no
    word titles never use, and neither starts nor ends on a word titles never start or end on."""
    return [Span(index, start, end + 1, tuple(tokens[start:end + 1]))
            for index, (tokens, *_) in enumerate(sentences)
            for start, end, closes in _runs([token.lower() for token in tokens], model) if closes]


def _runs(lower: list[str], model: Model) -> Iterator[tuple[int, int, bool]]:
    """Walk every run a candidate can start, a word at a time, until it crosses a break, a word
    titles never use or a bracket it did not open; yield (start, end word, whether the run so far
    is a candidate). A run starts and ends at a phrase's edge: next to a break, a function word
    or a word titles never use, so that it never cuts a noun phrase ("a 3D Face Morphable |
    Model"); it ends with its brackets closed."""
    never, never_first, never_last = model.never_in_titles, model.never_first, model.never_last
    edge = [True, *(is_edge(word, model) for word in lower), True]
    for start, first in enumerate(lower):
        if first in BREAKS or first in never or first in never_first or first in ")-" \
                or not edge[start]:
            continue
        depth = 0
        for end in range(start, min(start + MAX_SPAN, len(lower))):
            word = lower[end]
            if word in BREAKS or word in never:
                break
            depth += (word == "(") - (word == ")")
            if depth < 0:
                break
            yield start, end, (not depth and word not in "(-" and word not in never_last
                               and edge[end + 2])


def span_features(span: Span, sentences: list[Sentence], model: Model,
                  abstract_counts: Counter[str]) -> list[str]:
    """Return the names of a candidate's features (a name twice counts twice): what the fitting
    sees. `scored_spans` adds up the same weights faster."""
    tokens, context, name = sentences[span.sentence]
    lower = [token.lower() for token in tokens]
    start, end = span.start, span.end
    words = lower[start:end]
    rate = model.title_rate.get
    before = lower[start - 1] if start else "<s>"
    before2 = lower[start - 2] if start > 1 else "<s>"
    after = lower[end] if end < len(lower) else "</s>"
    content = [w for w in words if _is_content(w)]
    idfs = [model.idf.get(w, model.max_idf) for w in content] or [0.0]
    mean_idf = sum(idfs) / len(idfs)
    rates = [rate(w, 0.0) for w in words]
    repeated = sum(abstract_counts[w] > 1 for w in content)
    return [
        *context,
        f"before:{before}", f"before2:{before2} {before}", f"first:{words[0]}",
        f"at_start:{start == 0}", f"first_rate:{_bucket(rate(words[0], 0.0), 1.0)}",
        f"before_rate:{_bucket(rate(before, 0.0), 1.0)}",
        f"after:{after}", f"last:{words[-1]}", f"last_rate:{_bucket(rate(words[-1], 0.0), 1.0)}",
        f"after_rate:{_bucket(rate(after, 0.0), 1.0)}", f"after_content:{_is_content(after)}",
        f"length:{len(words)}",
        f"min_rate:{_bucket(min(rates), 1.0)}", f"mean_rate:{_bucket(sum(rates) / len(rates), 0.5)}",
        f"mean_idf:{_bucket(mean_idf, 1.0)}", f"max_idf:{_bucket(max(idfs), 1.0)}",
        f"repeated:{min(repeated, 4)}",
        f"repeated_share:{_bucket(repeated / max(len(content), 1), 0.25)}",
        f"named:{any(_looks_coined(t) for t in tokens[start:end])}",
        f"after_name:{_name_ends_at(lower, start, name)}",
        f"before_name:{_name_starts_at(lower, end, name)}",
        f"holds_name:{_holds(words, name)}",
        f"math:{any(_is_math(w) for w in words)}",
        f"length_idf:{min(len(words), 10)}:{_bucket(mean_idf, 2.0)}",
        *(f"word:{w}" for w in words),
    ]


def is_edge(word: str, model: Model) -> bool:
    """Tell whether a run of words may start after (end before) a word: a break, a function
    word or a word titles never use."""
    return word in BREAKS or word in model.never_in_titles or word in STOP_WORDS


def score(features: list[str], model: Model) -> float:
    """Return the model's logit for a candidate's features."""
    return model.bias + sum(model.weights.get(feature, 0.0) for feature in features)


def scored_spans(sentences: list[Sentence], model: Model) -> list[tuple[float, Span]]:
    """Return every candidate with its logit: `score(span_features(…))`, worked out from
    per-word lookups and running sums as each run grows by a word, since building every
    candidate's feature names would take longer than all else a title needs."""
    family = model.families
    by_length, min_rate_w, mean_rate_w = family["length"], family["min_rate"], family["mean_rate"]
    mean_idf_w, max_idf_w, length_idf_w = family["mean_idf"], family["max_idf"], family["length_idf"]
    repeated_w, share_w = family["repeated"], family["repeated_share"]
    named_w, math_w, holds_w = family["named"], family["math"], family["holds_name"]
    counts = Counter(token.lower() for tokens, *_ in sentences for token in tokens)
    scored = []
    for index, (tokens, context, name) in enumerate(sentences):
        lower = [token.lower() for token in tokens]
        n = len(lower)
        rate = [model.title_rate.get(word, 0.0) for word in lower]
        rate_bucket = [math.floor(r) for r in rate]  # _bucket(r, 1.0)
        content = [_is_content(word) for word in lower]
        idf = [model.idf.get(word, model.max_idf) for word in lower]
        named = [_looks_coined(token) for token in tokens]
        math_ = [_is_math(word) for word in lower]
        words = [family["word"].get(word, 0.0) for word in lower]
        base = model.bias + sum(model.weights.get(feature, 0.0) for feature in context)
        # What a run starting (ending) at each word adds: the words before (after) it, its
        # first (last) word.
        opening = [base + family["before"].get(lower[i - 1] if i else "<s>", 0.0)
                   + family["before2"].get(f"{lower[i - 2] if i > 1 else '<s>'} "
                                           f"{lower[i - 1] if i else '<s>'}", 0.0)
                   + family["first"].get(lower[i], 0.0) + family["at_start"].get(i == 0, 0.0)
                   + family["first_rate"].get(rate_bucket[i], 0.0)
                   + family["before_rate"].get(rate_bucket[i - 1] if i else 0, 0.0)
                   + family["after_name"].get(_name_ends_at(lower, i, name), 0.0)
                   for i in range(n)]
        closing = [family["after"].get(lower[i + 1] if i + 1 < n else "</s>", 0.0)
                   + family["last"].get(lower[i], 0.0)
                   + family["last_rate"].get(rate_bucket[i], 0.0)
                   + family["after_rate"].get(rate_bucket[i + 1] if i + 1 < n else 0, 0.0)
                   # The end marker "</s>" counts as a content word, as `span_features` reads it.
                   + family["after_content"].get(content[i + 1] if i + 1 < n else True, 0.0)
                   + family["before_name"].get(_name_starts_at(lower, i + 1, name), 0.0)
                   for i in range(n)]
        name_first = [bool(name) and lower[i:i + len(name)] == list(name) for i in range(n)]
        walking_from = -1
        for start, end, closes in _runs(lower, model):
            if start != walking_from:  # a new start: the running sums begin again
                walking_from = start
                word_sum = rate_sum = idf_sum = 0.0
                rate_min, idf_max = math.inf, -math.inf
                n_content = n_repeated = 0
                any_named = any_math = False
                name_from = -1  # where a whole copy of the name inside the run starts
            word_sum += words[end]
            rate_sum += rate[end]
            rate_min = min(rate_min, rate[end])
            if content[end]:
                n_content += 1
                idf_sum += idf[end]
                idf_max = max(idf_max, idf[end])
                n_repeated += counts[lower[end]] > 1
            any_named = any_named or named[end]
            any_math = any_math or math_[end]
            if name and name_from < start <= end - len(name) + 1 and name_first[end - len(name) + 1]:
                name_from = end - len(name) + 1
            if not closes:
                continue
            length = end - start + 1
            mean_idf = idf_sum / n_content if n_content else 0.0
            length_idf = (min(length, 10), _bucket(mean_idf, 2.0))
            logit = (opening[start] + closing[end] + word_sum + by_length.get(length, 0.0)
                     + min_rate_w.get(_bucket(rate_min, 1.0), 0.0)
                     + mean_rate_w.get(_bucket(rate_sum / length, 0.5), 0.0)
                     + mean_idf_w.get(_bucket(mean_idf, 1.0), 0.0)
                     + max_idf_w.get(_bucket(idf_max if n_content else 0.0, 1.0), 0.0)
                     + repeated_w.get(min(n_repeated, 4), 0.0)
                     + share_w.get(_bucket(n_repeated / max(n_content, 1), 0.25), 0.0)
                     + named_w.get(any_named, 0.0) + math_w.get(any_math, 0.0)
                     + holds_w.get(name_from >= start, 0.0)
                     + length_idf_w.get(length_idf, 0.0))
            scored.append((logit, Span(index, start, end + 1, tuple(tokens[start:end + 1]))))
    return scored


def best_span(scored: list[tuple[float, Span]], min_words: int = 1,
              apart_from: Span | None = None) -> tuple[float, Span] | None:
    """Return the best-scoring of the scored candidates of at least `min_words` words that do
    not overlap `apart_from`, with its logit, if any."""
    def apart(span: Span) -> bool:
        return apart_from is None or span.sentence != apart_from.sentence or \
            span.end <= apart_from.start or span.start >= apart_from.end
    fitting = [(logit, span) for logit, span in scored
               if len(span.words) >= min_words and apart(span)]
    return max(fitting, key=lambda pair: pair[0]) if fitting else None


def probability(logit: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, logit))))


def span_text(span: Span) -> str:
    """A candidate's words as written, brackets closed up."""
    return " ".join(span.words).replace("( ", "(").replace(" )", ")")


# Features whose values are whole numbers ("min_rate:-3"), truth values ("named:True"), or a pair
# of numbers ("length_idf:5:2"); any other feature's value is a word or two ("before:propose").
_NUMBERS = frozenset(("length", "min_rate", "mean_rate", "mean_idf", "max_idf", "repeated",
                      "repeated_share", "first_rate", "before_rate", "last_rate", "after_rate"))
_TRUTHS = frozenset(("named", "math", "at_start", "after_content", "after_name", "before_name",
                     "holds_name"))
_FAMILIES = (*_NUMBERS, *_TRUTHS, "length_idf", "word", "before", "before2", "first", "after",
             "last")


def feature_families(weights: dict[str, float]) -> dict[str, dict[object, float]]:
    """The weights of the features `scored_spans` works out per word and per run, keyed by their
    values rather than their names ("min_rate:-3" as families["min_rate"][-3])."""
    families: dict[str, dict[object, float]] = {name: {} for name in _FAMILIES}
    for feature, weight in weights.items():
        name, _, value = feature.partition(":")
        if name in _NUMBERS:
            families[name][int(value)] = weight
        elif name in _TRUTHS:
            families[name][value == "True"] = weight
        elif name == "length_idf":
            length, bucket = value.split(":")
            families[name][(int(length), int(bucket))] = weight
        elif name in families:
            families[name][value] = weight
    return families


def _name_ends_at(lower: list[str], start: int, name: tuple[str, ...]) -> bool:
    """Tell whether the coined name comes right before `start`, but for a comma or an article
    ("RetroDiff, a | diffusion-based …"): what follows is what the abstract says it is."""
    if not name:
        return False
    end = start
    while end > 0 and lower[end - 1] in _BETWEEN:
        end -= 1
    return end >= len(name) and tuple(lower[end - len(name):end]) == name


def _name_starts_at(lower: list[str], end: int, name: tuple[str, ...]) -> bool:
    """Tell whether the coined name follows `end` in brackets ("Stable Diffusion XL | (SDXL)")
    or after "called" or "named": what comes before is what the name stands for."""
    if not name or end >= len(lower) or lower[end] not in ("(", "called", "named", "dubbed"):
        return False
    return tuple(lower[end + 1:end + 1 + len(name)]) == name


def _holds(words: list[str], name: tuple[str, ...]) -> bool:
    return bool(name) and any(tuple(words[i:i + len(name)]) == name
                              for i in range(len(words) - len(name) + 1))


def _is_content(word: str) -> bool:
    return _ALNUM.search(word) is not None


def _bucket(value: float, width: float) -> int:
    return math.floor(value / width)


def _looks_coined(token: str) -> bool:
    """A word written with capitals inside or mixed with digits: "RetroDiff", "GPT-4", "LLaMA"."""
    if token[1:] == token[1:].lower():  # most words: at most one capital, the first letter
        return False
    return sum(c.isupper() for c in token[1:]) >= 1 and any(c.islower() for c in token) \
        or sum(c.isupper() for c in token) >= 2 and len(token) >= 3


def _is_math(token: str) -> bool:
    return PLACEHOLDER.search(token) is not None


@lru_cache(maxsize=1)
def load_model(path: Path = MODEL_PATH) -> Model:
    """Read the shipped model."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return Model(data["weights"], data["bias"], data["title_rate"], data["idf"], data["max_idf"],
                 frozenset(data["never_in_titles"]), frozenset(data["never_first"]),
                 frozenset(data["never_last"]), feature_families(data["weights"]))
