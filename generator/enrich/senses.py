"""Tell whether a name in an abstract is used in the vocabulary's sense (issue 43).

Two checks, both on what the abstract itself says:

- An acronym with other common senses (`data/senses.json`, made by `benchmarks/senses.py`
  from the background corpus: "SNN" is also sparse, siamese and simplicial networks) is a
  topic's only if the abstract spells it out as that topic ("spiking neural networks
  (SNNs)"), or, spelling it out nowhere, names the topic in full elsewhere or uses a word of
  that sense's context ("spiking", "neurons"). An abstract that spells it out as something
  else ("sparse neural networks (SNNs)") never gets the tag.
- A data set or model name written as ordinary words, in another case than any of its
  spellings ("3D shapes" for 3DShapes, "meta-dataset", "imagenet"), is the entry's only when the
  abstract uses it as a data set or model: "... dataset", "... benchmark", "... model" right
  after it. Capitalised otherwise than its spellings ("Imagenet", "GPT-3.5-Turbo") it is
  still the name. An acronym the abstract spells out as another entry ("Abstraction and
  Reasoning Corpus (ARC)" is ARC-AGI) is not this one's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cached_property, lru_cache
from pathlib import Path

from .vocabulary import normalize_name

SENSES_FILE = Path(__file__).resolve().parents[1] / "data" / "senses.json"

# An acronym as written: capitals (digits after the first letter), an optional plural "s".
ACRONYM = re.compile(r"^[A-Z][A-Z0-9]{1,5}s?$")
_DEFINED = re.compile(r"((?:[A-Za-z][\w'-]*\s+){1,10})\(\s*([A-Z][A-Za-z0-9]{1,6}?)s?\s*[),;]")
# `_DEFINED` tried at every word of an abstract cost 1 ms of its 6 (issue 45's build time): it is
# tried only before an acronym in parentheses, from far enough back for ten words.
_ACRONYM_IN_PARENS = re.compile(r"\(\s*[A-Z][A-Za-z0-9]{1,6}?s?\s*[),;]")
_TEN_WORDS = 160  # the same definitions as 300 or the whole text on 8,284 abstracts
_USED_AS_DATA = re.compile(r"[\s-]+(?:data\s*sets?|datasets?|benchmarks?|corpus|corpora|suite|"
                           r"test\s+sets?|splits?)\b", re.IGNORECASE)
_FUNCTION_WORDS = frozenset({"a", "an", "and", "the", "of", "for", "in", "on", "to", "with", "via",
                             "by"})
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
_USED_AS_MODEL = re.compile(r"[\s-]+(?:models?|family|checkpoints?|backbones?|weights)\b",
                            re.IGNORECASE)


@lru_cache(maxsize=1)
def ambiguous_acronyms() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Return, by acronym, the expansions of its vocabulary sense and that sense's context
    words, for acronyms that often mean something else."""
    data = json.loads(SENSES_FILE.read_text(encoding="utf-8"))
    return {acronym: (tuple(entry["expansions"]), tuple(entry["context"]))
            for acronym, entry in data["acronyms"].items()}


def expansion(words: str, acronym: str) -> str | None:
    """Return the longest last words of `words` whose initials spell `acronym` ("spiking
    neural networks" for SNN; hyphenated parts count apart: "Retrieval-Augmented Generation";
    function words may count or not: "Abstraction and Reasoning Corpus" for ARC), not opening
    on a function word; else None."""
    letters = acronym.lower()
    tokens = words.split()
    found = None
    for start in range(len(tokens) - 1, -1, -1):
        span = tokens[start:]
        initials = "".join(part[0] for token in span for part in token.split("-") if part).lower()
        loose = "".join(token[0] for token in span).lower()
        content = "".join(token[0] for token in span if token.lower() not in _FUNCTION_WORDS).lower()
        if letters in (initials, loose, content) and span[0].lower() not in _FUNCTION_WORDS:
            found = " ".join(span)
        if len(content) > len(letters):
            break
    return found


def definitions(text: str) -> dict[str, str]:
    """Return each acronym the text spells out, with its expansion, as first defined."""
    found: dict[str, str] = {}
    for match in _definitions(text):
        acronym = match.group(2)
        if acronym not in found:
            spelled = expansion(match.group(1), acronym.rstrip("s") if acronym.isupper() else acronym)
            if spelled:
                found[acronym.upper()] = spelled
    return found


def _definitions(text: str) -> Iterator[re.Match[str]]:
    """`_DEFINED.finditer(text)`, sought only just before each acronym in parentheses."""
    end = 0
    for paren in _ACRONYM_IN_PARENS.finditer(text):
        if paren.start() < end:
            continue
        start = paren.start() - _TEN_WORDS
        start = max(end, text.find(" ", start) + 1 if start > 0 else 0)  # at a word's start
        match = _DEFINED.search(text, start, paren.end())
        if match:
            end = match.end()
            yield match


def same_sense(spelled: str, topic: str) -> bool:
    """Tell whether a spelled-out acronym names the topic (both folded names): the same words
    but for hyphens, plurals and -ing forms, or one inside the other ("out-of-distribution
    (OOD) detection"; "mixed integer linear programs (MILPs)")."""
    ours, theirs = _squeeze(spelled), _squeeze(topic)
    return ours in theirs or theirs in ours


def _squeeze(name: str) -> str:
    return "".join(_stem(word) for word in re.split(r"[\s-]+", name))


def _stem(word: str) -> str:
    """Fold a plural and an -ing form ("programs", "programming": "program"; "modelling")."""
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
        return word[:-1] if len(word) > 2 and word[-1] == word[-2] else word
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


class Senses:
    """The sense checks for one abstract: `keeps(start, end, kind, name)` for each mention."""

    def __init__(self, text: str, mentions: list[tuple[int, int, str, str]],
                 fold, entity_spellings: dict[str, frozenset[str]]) -> None:
        self._text, self._fold, self._spellings = text, fold, entity_spellings
        # Topics the abstract names other than by an acronym: their acronyms are in sense.
        self._in_full = {name for start, end, kind, name in mentions
                         if kind == "topic" and not ACRONYM.match(text[start:end])}

    @cached_property
    def _defined(self) -> dict[str, str]:
        """The acronyms the abstract spells out: read only when a mention needs them."""
        return definitions(self._text) if "(" in self._text else {}

    def keeps(self, start: int, end: int, kind: str, name: str) -> bool:
        """Tell whether the mention text[start:end] of `name` (a topic, data set or model) is
        in the vocabulary's sense: a mention `checks` has no say on always is."""
        if not self.checks(start, end, kind, name):
            return True
        if kind == "topic":
            return self._acronym_in_sense(self._text[start:end], name)
        if self._spelled_as_another(self._text[start:end], name):
            return False
        cue = _USED_AS_MODEL if kind == "model" else _USED_AS_DATA
        return cue.match(self._text, end) is not None

    def checks(self, start: int, end: int, kind: str, name: str) -> bool:
        """Tell whether a check decides this mention: an ambiguous acronym of a topic, a data
        set or model acronym the abstract spells out as another entry, or a data set or model
        name written as ordinary words."""
        written = self._text[start:end]
        if kind == "topic":
            return ACRONYM.match(written) is not None and _singular(written) in ambiguous_acronyms()
        if self._spelled_as_another(written, name):
            return True
        spellings = self._spellings.get(name, frozenset())
        lowered = {spelling.lower().replace("-", " ") for spelling in spellings}
        # As written, a family member a pattern found ("Llama-2-7B"), or capitalised as a name
        # ("Imagenet", "GPT-3.5-Turbo", "Big-Bench"): the name. Only ordinary words ("3D
        # shapes", "meta-dataset") may be a phrase that contains it.
        return written not in spellings and written.lower().replace("-", " ") in lowered \
            and self._as_ordinary_words(start, end)

    def _spelled_as_another(self, written: str, name: str) -> bool:
        """Tell whether the abstract spells the acronym `written` out as another entry of the
        vocabulary ("Abstraction and Reasoning Corpus (ARC)": ARC-AGI, not AI2's ARC)."""
        spelled = self._defined.get(_singular(written).upper()) if ACRONYM.match(written) else None
        if spelled is None:
            return False
        entry = self._fold(spelled)
        # Another data set or model: a topic ("graph convolutional networks (GCNs)") is the
        # same thing in general, not another name.
        return entry != self._fold(name) and any(entry == normalize_name(other)
                                                 for other in self._spellings)

    def _as_ordinary_words(self, start: int, end: int) -> bool:
        """Tell whether text[start:end] is written as running text is: no capital letter but
        the first of a sentence, words with a digit ("3D") aside."""
        words = [word for word in re.split(r"[\s-]+", self._text[start:end])
                 if not any(c.isdigit() for c in word)]
        if _SENTENCE_START.search(self._text, 0, start) and words \
                and words[0] == self._text[start:start + len(words[0])]:
            words[0] = words[0][:1].lower() + words[0][1:]
        # Nothing but words with digits ("Wikitext2", "EquiFormerV2"): a name.
        return bool(words) and all(word == word.lower() for word in words)

    def _acronym_in_sense(self, written: str, topic: str) -> bool:
        acronym = _singular(written)
        expansions, context = ambiguous_acronyms()[acronym]
        spelled = self._defined.get(acronym)
        if spelled is not None:
            return any(same_sense(self._fold(spelled), name)
                       for name in (self._fold(topic), *expansions))
        if topic in self._in_full:
            return True
        lowered = self._text.lower()
        return any(re.search(rf"\b{re.escape(word)}", lowered) for word in context)


def _singular(acronym: str) -> str:
    return acronym[:-1] if acronym.endswith("s") and acronym[:-1].isupper() else acronym
