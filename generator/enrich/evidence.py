"""Where an abstract says what it is about, and where it names things only in passing.

The tagger (`tags`) and the collection's own topics (`recurring`) read an abstract the same
way: as flat text (markup, math and URLs gone: `flatten`), with its contribution sentences and
the spans where a name is negated, compared against, given as an example or said of other work
(`Evidence`). `read_evidence` does both once an abstract for the two of them.
"""

from __future__ import annotations

import bisect
import html
import re
import unicodedata
from functools import lru_cache

__all__ = ["Evidence", "flatten", "read_evidence"]

# Sentences where authors say what they do: the paper is about what they name there.
_CONTRIBUTION = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Tt]his (?:paper|work|article|study)|[Hh]ere)\b")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])")
# "without text-to-image", "not for RL", "no retraining", "rather than distillation": the
# next three words are negated.
_NEGATION = re.compile(r"\b(?:without|not|no|neither|w/o|instead of|rather than|unlike|beyond|except"
                       r"|non)[\s-]+(?:[\w-]+(?:\s+|$)){1,3}", re.IGNORECASE)
# A word of what a comparison names, which ends at a preposition ("... in arithmetic tasks").
_WORD_BEFORE_PREPOSITION = (r"(?:(?!(?:in|on|across|at|for|by|with|while|when|under|over|to)\b)"
                            r"[\w-]+(?:\s+|$))")
# "converges faster than gradient descent": up to three words, to a preposition, are compared
# against ("further than Wandle by pruning heads": pruning is the paper's own); not "more than
# 10 times faster inference", a quantity.
_COMPARED = re.compile(rf"\bthan(?!\s+\d)\s+{_WORD_BEFORE_PREPOSITION}{{1,3}}", re.IGNORECASE)
# "rather than relying only on a fixed learning-rate schedule", "instead of training a reward
# model": what the paper does not do, up to the clause's end (at most seven words).
_NOT_DOING = re.compile(r"\b(?:rather than|instead of)\s+[a-z]+ing(?:\s+[\w-]+){1,6}", re.IGNORECASE)
# "outperforms prompting-based methods", "outperforming reinforcement learning-based approaches":
# up to five words, to a preposition, are what the paper beats. Not "outperforms existing 3D
# reconstruction methods" (the paper is one of them), nor "... in arithmetic reasoning tasks"
# (its own task).
_OUTPERFORMED = re.compile(r"\b(?:outperform|surpass|beat|exceed)(?:s|es|ed|ing)?\s+"
                           r"(?!(?:the\s+|both\s+|most\s+|all\s+)?(?:existing|previous|prior|other|"
                           r"state-of-the-art|sota|current|competing|recent|strong|leading|"
                           r"similar|comparable|standard)\b)"
                           rf"{_WORD_BEFORE_PREPOSITION}{{1,5}}", re.IGNORECASE)
# And so is a list such a clause begins: "does not use any textual corpora, molecular
# fingerprints, protein interaction or any other ...", "without supervision from depth, optical
# flow, or segmentation" (not after "not only", nor the prefix "non-").
_LIST_ITEM = r"(?!(?:but|we|our|it|they|this|that|which|whereas|while|to|and|or)\b)[\w-]+(?:\s+[\w-]+){0,2}"
_NEGATED_LIST = re.compile(r"\b(?:without|not(?!\s+only)|no|neither|instead of|rather than)\s+"
                           r"(?:[\w-]+\s+){0,4}?[\w-]+(?:,\s*" + _LIST_ITEM + r")+"
                           r",?\s*(?:or|nor)\s+[\w-]+(?:\s+[\w-]+){0,2}", re.IGNORECASE)
# "(e.g. weather, genomics)", "such as A, B and C", "including A and B", "for example A".
_EXAMPLES = re.compile(r"\b(?:e\.g\.|for example|for instance|such as|including)[,:]?\s"
                       r"[^.;:()]*?(?=\)|;|\.(?:\s|$)|$)", re.IGNORECASE)
# "In contrast to view synthesis methods, which minimize 2D errors with gradient descent, we
# ...", "inspired by recent work that pre-trains a language model": up to where the authors
# speak again, the clause is about other work.
_CONTRAST = re.compile(r"\b(?:[Ii]n contrast to|[Cc]ontrary to|[Cc]ompared (?:to|with)|[Uu]nlike"
                       r"|[Ii]nspired by|inspiration from|[Aa]s opposed to)\b"
                       r"[^.;]*?(?=\b(?:we|our)\b|[.;]|$)")

# Each case-blind pattern above with the words one of which a lower-cased text must hold for it
# to match: a pattern whose words are absent is not run (each run is about 0.025 ms an
# abstract). None: words too common to tell ("no", "or").
_PASSING_ANY_CASE = (
    (_NEGATION, None),
    (_COMPARED, ("than",)),
    (_NOT_DOING, ("rather than", "instead of")),
    (_OUTPERFORMED, ("outperform", "surpass", "beat", "exceed")),
    (_NEGATED_LIST, None),
    (_EXAMPLES, ("e.g.", "for example", "for instance", "such as", "including")))
_PASSING_LOWER = tuple((re.compile(regex.pattern, regex.flags & ~re.IGNORECASE), words)
                       for regex, words in _PASSING_ANY_CASE)
_CONTRAST_WORDS = ("contrast to", "contrary to", "compared to", "compared with", "unlike",
                   "inspired by", "inspiration from", "as opposed to")


@lru_cache(maxsize=8)  # the analysis reads one abstract's tags, then its terms (`recurring`)
def read_evidence(text: str) -> tuple[str, Evidence]:
    """Return an abstract's text cleaned for matching and where it says what it is about."""
    flat = flatten(text)
    return flat, Evidence(flat)


def _may_hold(lowered: str, words: tuple[str, ...] | None) -> bool:
    return words is None or any(word in lowered for word in words)


class Evidence:
    """Where an abstract says what it is about, and where it names things only in passing."""

    def __init__(self, text: str) -> None:
        ends = [m.start() for m in _SENTENCE_END.finditer(text)] + [len(text)]
        self.opening_end = ends[0]
        """The opening sentence names the paper's field."""
        # One pass over the text, not one a sentence: no cue spans a sentence's end.
        cued = {bisect.bisect_right(ends, m.start()) for m in _CONTRIBUTION.finditer(text)}
        self.contributions = [(start, end) for number, (start, end)
                              in enumerate(zip([0, *ends], ends)) if number in cued]
        """Sentences saying what the paper does ("we propose", "this paper", "our")."""
        # As in `_find_mentions`: the case-blind patterns run twice as fast on lower-cased text.
        lowered = text.lower()
        searched, case_blind = ((lowered, _PASSING_LOWER) if len(lowered) == len(text)
                                else (text, _PASSING_ANY_CASE))
        passing = sorted([(m.start(), m.end()) for regex, words in case_blind
                          if _may_hold(lowered, words) for m in regex.finditer(searched)] +
                         [(m.start(), m.end()) for m in (
                             _CONTRAST.finditer(text) if _may_hold(lowered, _CONTRAST_WORDS)
                             else ())])
        self._passing_starts = [start for start, _ in passing]
        self._passing = passing

    def central_spans(self) -> list[tuple[int, int]]:
        """Return the opening sentence and the contribution sentences, in order, merged."""
        spans: list[tuple[int, int]] = []
        for start, end in sorted([(0, self.opening_end), *self.contributions]):
            if spans and start <= spans[-1][1]:
                spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
            else:
                spans.append((start, end))
        return spans

    def in_contribution(self, at: int) -> bool:
        """Tell whether the text at `at` is in a contribution sentence."""
        return any(start <= at < end for start, end in self.contributions)

    def in_passing(self, at: int) -> bool:
        """Tell whether a mention at `at` is negated, one of a list of examples, or in a
        clause about other work."""
        index = bisect.bisect_right(self._passing_starts, at)
        return any(start < at < end for start, end in self._passing[max(0, index - 3):index])


_URL = re.compile(r"\\(?:url|href|hyperlink|hypertarget)\{[^}]*\}|https?://\S+|www\.\S+")
_MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_TEX_STYLED = re.compile(r"\\(?:text\w*|emph|mathrm|mathbf|underline|url)\{([^{}]*)\}")
_MATH = re.compile(r"\$[^$]{0,300}\$")
_TEX_ESCAPE = re.compile(r"\\([%&_#$])")
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_MARKUP = re.compile(r"[*`{}~\\]|(?<!\w)_|_(?!\w)")
_SPACES = re.compile(r"\s+")


def flatten(text: str) -> str:
    """Return an abstract as plain words to match names in: no TeX, Markdown, math or URLs,
    dashes as hyphens, spaces collapsed."""
    # Each step runs only when its marker is present: most abstracts are plain ASCII prose.
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text).replace("\u2014", " ").translate(_DASHES)
    if "&" in text:
        text = html.unescape(text)
    if "://" in text or "www." in text or "\\" in text:
        text = _URL.sub(" ", text)
    if "](" in text:
        text = _MARKDOWN_LINK.sub(r"\1", text)
    if "$" in text:
        text = _MATH.sub(" ", text)
    if "\\" in text:
        text = _TEX_STYLED.sub(r"\1", _TEX_STYLED.sub(r"\1", text))
        text = _TEX_COMMAND.sub(" ", _TEX_ESCAPE.sub(r"\1", text))
    if any(marker in text for marker in "*`{}~\\_"):
        text = _MARKUP.sub(" ", text)
    return _SPACES.sub(" ", text) if "  " in text or "\n" in text or "\t" in text else text


_DASHES = str.maketrans({dash: "-" for dash in "\u2010\u2011\u2012\u2013\u2015\u2212"})
