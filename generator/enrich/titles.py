"""Derive a title for an abstract that came without one, and the names the abstract coins.

Abstracts arrive as raw text with TeX math, TeX text macros, Markdown emphasis and URLs. The text
is first prepared: every `$…$` span becomes one private-use character, so that no later step can
cut, re-case or re-space a formula, and is restored as written when a title is finished.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

MIN_WORDS = 3
MAX_WORDS = 16
MODEL_PATH = Path(__file__).resolve().parents[1] / "data" / "titles" / "word_model.json"

# One private-use character stands for the n-th math span of the abstract being processed.
_MATH_BASE = 0xE000
_MATH_CHARS = "\ue000-\uf8ff"
_MATH_SPAN = re.compile(r"\$\$[^$]+?\$\$|\$[^$]+?\$")
_ESCAPED_DOLLAR = re.compile(r"\\\$")
_URL = re.compile(r"<?(?:https?://|www\.)[^\s)>\]]+>?")
_MD_LINK = re.compile(r"\[([^\]]+)\]\((?:https?://|www\.)[^)]*\)")
_HREF = re.compile(r"\\href\{[^}]*\}\{([^}]*)\}")
_URL_MACRO = re.compile(r"\\url\{[^}]*\}")
_TEXT_MACRO = re.compile(
    r"\\(?:textbf|textit|emph|texttt|textsc|textsf|textrm|text|mathrm|mathbf|underline|bm"
    r"|textcolor\{[^}]*\}|color\{[^}]*\})\s*\{([^{}]*)\}")
_MD_EMPHASIS = re.compile(r"(?<![\w*])(\*\*|\*|__|_)(?=\S)([^*_\n]{1,80}?)(?<=\S)\1(?![\w*])")
_NAMED_MACROS = {r"\textemdash": " — ", r"\textendash": "–", r"\%": "%", r"\&": "&",
                 r"\_": "_", r"\#": "#", "&mdash;": " — ", "&ndash;": "–", "&amp;": "&",
                 "---": " — ", "\\\\": " "}
_OTHER_MACRO = re.compile(r"\\[A-Za-z]+\*?\s*")
_SPACES = re.compile(r"\s+")
_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u00ad": "",
                          "\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})
_SENTENCE_BREAK = re.compile(
    r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[" + _MATH_CHARS + r"])|(?<=[a-z0-9)][.!?])(?=[A-Z][a-z])")
_ABBREVIATION_END = re.compile(r"(?:\b(?:e\.g|i\.e|et al|vs|cf|Fig|Eq|resp|approx|Sec|etc)\.)$")

_INTRO_VERBS = (r"propose|proposes|introduce|introduces|present|presents|develop|develops|design"
                r"|designs|build|builds|construct|constructs|create|creates|release|releases"
                r"|curate|curates|pioneer|devise|devises|establish|establishes|offer|offers"
                r"|contribute|formulate|formulates|put forward|unveil|collect|leverage")
_INTRO_GERUNDS = r"proposing|introducing|presenting|developing|designing|building|creating"
_NAME_CUES = re.compile(
    r"\b(?:termed|called|named|dubbed|coined|namely|denoted(?: as)?|referred to as"
    r"|abbreviated as|which we call|we call(?: it| this)?|we name(?: it)?|we term)\s*[,:]?\s+")
_INTRO_CUE = re.compile(
    r"\b(?:we\s+(?:(?:first|further|then|also|hence|thus|therefore|here|now)\s+)?(?:"
    + _INTRO_VERBS + r")|(?:this|our|the present)\s+(?:paper|work|study|article)\s+(?:"
    + _INTRO_VERBS + r")|(?:by\s+)?(?:" + _INTRO_GERUNDS + r"))\s+", re.IGNORECASE)
_STUDY_CUE = re.compile(
    r"\b(?:we|this\s+(?:paper|work|study))\s+(?:(?:first|further|also|then|here|now)\s+)?"
    r"(?:show|shows|prove|proves|study|studies|investigate|investigates|analy[sz]e|analy[sz]es"
    r"|derive|derives|provide|provides|explore|explores|address|addresses|demonstrate"
    r"|demonstrates|examine|examines|revisit|revisits|consider|considers|tackle|tackles|focus"
    r"|focuses|identify|identifies|find|characteri[sz]e|characteri[sz]es|establish|test|ask"
    r"|reconcile|close|bridge|cast|model|argue|uncover|aim|seek)\s+", re.IGNORECASE)
_DETERMINERS = {"a", "an", "the", "this", "these", "our", "its", "their", "novel", "new", "simple",
                "first", "yet", "effective", "general", "generic", "principled", "unified",
                "straightforward", "two", "three", "several", "more", "highly"}
_SMALL_WORDS = {"a", "an", "the", "and", "but", "or", "nor", "for", "of", "in", "on", "at", "to",
                "by", "via", "with", "from", "as", "into", "onto", "over", "per", "vs", "versus",
                "upon", "than", "through", "under", "without", "within", "across", "between",
                "beyond", "towards", "toward", "against", "among", "using", "based"}
# Words after which a phrase cannot end; cutting there would leave it dangling.
_DANGLING = _SMALL_WORDS | {"we", "our", "this", "that", "which", "these", "its", "their", "is",
                            "are", "be", "can", "not", "it", "both", "each", "such", "how",
                            "when", "where", "whether", "while", "paper", "no", "any", "all",
                            "very", "also", "only", "so", "if", "more", "most", "less"}
# A description ends before one of these words: what follows is a clause, not the phrase.
_CLAUSE_WORDS = {"that", "which", "who", "whose", "where", "while", "whereas", "to", "by",
                 "so", "thereby", "thus", "hence", "enabling", "allowing", "achieving",
                 "yielding", "leading", "resulting", "making", "and", "is", "are", "was",
                 "were", "can", "could", "will", "would", "may", "might", "should", "has",
                 "have", "had", "does", "do", "if", "when", "because", "since", "as", "we",
                 "our", "it", "they", "i.e.", "e.g.", "without", "outperforming", "showing",
                 "demonstrating", "exhibiting", "requiring", "relying"}
_COMMON_ACRONYMS = {"AI", "ML", "LLM", "LLMs", "NLP", "GNN", "GNNs", "CNN", "CNNs", "RL", "MLP",
                    "MLPs", "GPU", "GPUs", "API", "APIs", "SOTA", "OOD", "RNN", "RNNs", "VAE",
                    "VAEs", "GAN", "GANs", "SGD", "DNN", "DNNs", "ViT", "ViTs", "CV", "IID",
                    "i.i.d.", "PDE", "PDEs", "ODE", "ODEs", "SDE", "SDEs", "KL", "MDP", "MDPs"}
_GENERIC_HEADS = {"framework", "method", "approach", "model", "technique", "algorithm",
                  "system", "pipeline", "strategy", "scheme", "paradigm", "architecture",
                  "module", "procedure", "solution", "tool", "methodology", "mechanism"}
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class _Prepared:
    """An abstract with math hidden, macros stripped and sentences split."""

    sentences: tuple[str, ...]
    """Sentences in reading order; each math span is one private-use character."""
    maths: tuple[str, ...]
    """The math spans as written, indexed by their placeholder."""
    emphasized: frozenset[str]
    """Phrases the author set in bold, italics or typewriter."""


@dataclass(frozen=True)
class _Name:
    """A name the abstract coins, with what the abstract says it is."""

    name: str
    """The name as written (placeholders for math)."""
    score: float
    """How surely and prominently the abstract introduces it."""
    expansion: str = ""
    """The words an acronym stands for, when the abstract spells them out."""
    description: str = ""
    """The phrase that says what it is ("a framework for …"), when one follows."""


def derive_title(text: str, given: str = "") -> tuple[str, str]:
    """Return (title, title_source) for an abstract; title_source is "given" or "derived".

    Order of fallbacks:
    1. a title given by the input wins, as given ("given");
    2. else the most prominent name the abstract coins ("we propose X", "termed X", "X, a …",
       `\\textbf{X}`, "X (Full Name)"), a colon, and what X is: its spelled-out name, else the
       phrase that describes it, else the contribution sentence's object ("derived");
    3. else the object of the contribution sentence ("we propose …", "this paper studies …"),
       else the best-scoring phrase of the first sentences ("derived").
    Every derived title has 3 to 16 words, title case, no trailing full stop, no dangling
    function word, no TeX text macros, and its `$…$` math exactly as the abstract wrote it.
    """
    if given.strip():
        return " ".join(given.split()), "given"
    prepared = _prepare(text)
    names = _find_names(prepared)
    if names:
        title = _title_with_name(names[0], prepared)
    else:
        title = _title_without_name(prepared)
    return _restore(title, prepared), "derived"


def introduced_names(text: str) -> tuple[str, ...]:
    """Return the names of methods, models or datasets the abstract coins, most prominent first."""
    prepared = _prepare(text)
    return tuple(_restore(name.name, prepared) for name in _find_names(prepared))


# --- preparing the text -----------------------------------------------------------------------

def _prepare(text: str) -> _Prepared:
    """Hide math, strip macros, Markdown and URLs, and split the text into sentences."""
    text = unicodedata.normalize("NFC", text).translate(_HYPHENS)
    text = _ESCAPED_DOLLAR.sub("USD ", text)
    if text.count("$") % 2:
        text = re.sub(r"\$(?=\d)", "USD ", text)
    maths: list[str] = []

    def hide(match: re.Match[str]) -> str:
        maths.append(match.group(0))
        return chr(_MATH_BASE + len(maths) - 1)

    text = _MATH_SPAN.sub(hide, text).replace("$", "")
    text = _MD_LINK.sub(r"\1", _HREF.sub(r"\1", text))
    text = _URL.sub("", _URL_MACRO.sub("", text))
    emphasized: set[str] = set()

    def unwrap(match: re.Match[str]) -> str:
        inner = match.group(match.lastindex or 1)
        emphasized.add(inner.strip())
        return inner

    for _ in range(3):
        text = _TEXT_MACRO.sub(unwrap, text)
    text = _MD_EMPHASIS.sub(unwrap, text)
    for macro, replacement in _NAMED_MACROS.items():
        text = text.replace(macro, replacement)
    text = _OTHER_MACRO.sub("", text).replace("{", "").replace("}", "")
    text = unicodedata.normalize("NFKC", text).translate(_HYPHENS)
    text = _SPACES.sub(" ", text).strip()
    return _Prepared(tuple(_split_sentences(text)), tuple(maths), frozenset(emphasized))


def _split_sentences(text: str) -> list[str]:
    """Split at sentence ends, also where a scraper ran two sentences together."""
    sentences: list[str] = []
    for piece in _SENTENCE_BREAK.split(text):
        if sentences and _ABBREVIATION_END.search(sentences[-1]):
            sentences[-1] += " " + piece
        elif piece.strip():
            sentences.append(piece.strip())
    return sentences


def _restore(title: str, prepared: _Prepared) -> str:
    """Put each math span back exactly as the abstract wrote it."""
    return re.sub("[" + _MATH_CHARS + "]",
                  lambda m: prepared.maths[ord(m.group(0)) - _MATH_BASE], title)


# --- coined names -----------------------------------------------------------------------------

def _find_names(prepared: _Prepared) -> list[_Name]:
    """Collect coined names, strongest cue and most mentions first.

    Cues, strongest first: a naming word ("termed X", "called X", "namely X", "dubbed X"); the
    object of an introducing verb ("we propose X", "this paper introduces X"), also as
    "Full Name (X)" or "X (Full Name)"; a sentence that opens with "X, a …" or "X is a …"; a
    name set in bold, italics or typewriter inside a contribution sentence.
    """
    found: dict[str, _Name] = {}
    for index, sentence in enumerate(prepared.sentences):
        is_contribution = bool(_INTRO_CUE.search(sentence))
        for cue in _NAME_CUES.finditer(sentence):
            _add_name(found, _name_at(sentence, cue.end(), prepared), 4.0, sentence)
        for cue in _INTRO_CUE.finditer(sentence):
            start = _skip_determiners(sentence, cue.end())
            name = _name_at(sentence, start, prepared, strict=True)
            if name is None:
                name = _name_in_object(sentence, start)
            _add_name(found, name, 3.0, sentence)
        opening = _OPENING_NAME.match(sentence)
        if opening and _is_coined(opening.group(1)):
            _add_name(found, opening.group(1), 2.5, sentence)
        if is_contribution:
            for phrase in prepared.emphasized:
                if phrase in sentence and _is_coined(phrase) and len(phrase.split()) <= 3:
                    _add_name(found, phrase, 2.0, sentence)
        if index == 0 and found:
            # A name coined in the opening sentence is usually the subject of the paper.
            found = {key: _Name(n.name, n.score + 0.5) for key, n in found.items()}
    text = " ".join(prepared.sentences)
    names = [_Name(n.name, n.score + min(_count(text, n.name), 6) * 0.3, _expansion(text, n.name),
                   _appositive(text, n.name))
             for n in found.values()]
    return sorted(names, key=lambda n: -n.score)


_OPENING_NAME = re.compile(
    r"^(?:(?:Our|The|This)\s+(?:proposed\s+)?(?:model|method|framework|approach|system|tool"
    r"|benchmark|dataset|algorithm),\s+)?([^\s,]+)(?:,\s+(?:a|an|the|our|which)\s|\s+is\s+(?:a|an)\s)")
_TRAILING_PUNCT = ".,;:!?\"'*_”“"


def _add_name(found: dict[str, _Name], name: str | None, score: float, sentence: str) -> None:
    """Record a name, keeping its strongest cue."""
    if not name:
        return
    name = name.strip(_TRAILING_PUNCT + " ")
    if not name or name in _COMMON_ACRONYMS or len(name.split()) > 6:
        return
    if name not in found or found[name].score < score:
        found[name] = _Name(name, score)


def _name_at(sentence: str, start: int, prepared: _Prepared, strict: bool = False) -> str | None:
    """Return the name that starts at `start`: coined word, emphasized phrase or Capitalised words.

    With `strict`, Capitalised words count only when they end in an acronym in parentheses or
    before ", a …", as in "we present Neural Spectral Methods, a technique …".
    """
    rest = sentence[start:]
    for phrase in sorted(prepared.emphasized, key=len, reverse=True):
        if rest.startswith(phrase) and 0 < len(phrase.split()) <= 5 and phrase[:1].isalnum() | \
                _is_math(phrase[:1]):
            if not strict or _is_coined(phrase) or phrase[:1].isupper():
                return phrase
    rest = rest.lstrip("\"'*_")
    first = rest.split(" ", 1)[0]
    if _is_coined(first.rstrip(_TRAILING_PUNCT)):
        return first.rstrip(_TRAILING_PUNCT)
    words = _CAPITALISED_RUN.match(rest)
    if words:
        acronym = re.match(r"\s*\(([^()\s]{2,20})\)", rest[words.end():])
        if acronym and _is_coined(acronym.group(1)):
            return acronym.group(1)
        after = rest[words.end():]
        if re.match(r",\s+(?:a|an|the|which)\s", after) or (not strict and re.match(r"[\s,.;]|$", after)):
            if words.group(0).split()[0].lower() not in _DETERMINERS:
                return words.group(0)
    if not strict:
        acronym = re.match(r"(?:[\w-]+\s+){1,6}?\(([^()\s]{2,20})\)", rest)
        if acronym and _is_coined(acronym.group(1)):
            return acronym.group(1)
    return None


_CAPITALISED_RUN = re.compile(
    r"[A-Z][\w'-]*(?:\s+(?:of|for|and|in|on|with|the|to|via|&)?\s*[A-Z\w][\w'-]*){0,5}?"
    r"(?=\s*\(|,\s|\s+(?:is|are|which|that|to|for)\s|[.;]|$)")


def _name_in_object(sentence: str, start: int) -> str | None:
    """Return a coined word or a defined acronym inside the object of an introducing verb."""
    words = sentence[start:].split()
    for position, word in enumerate(words[:14]):
        core = word.strip("()" + _TRAILING_PUNCT)
        if core.lower() in _CLAUSE_WORDS and position > 0:
            return None
        if _is_coined(core):
            return core
        if word.endswith((",", ";", ":")) and position > 0:
            return None
    return None


def _skip_determiners(sentence: str, start: int) -> int:
    """Move past articles and stock adjectives ("a novel", "a simple yet effective")."""
    while True:
        match = re.match(r"([\w-]+),?\s+", sentence[start:])
        if not match or match.group(1).lower() not in _DETERMINERS:
            return start
        start += match.end()


def _is_coined(word: str) -> bool:
    """Tell whether a word looks coined: inner capitals, letters mixed with digits or math."""
    word = word.strip(_TRAILING_PUNCT + "()")
    if not word or word in _COMMON_ACRONYMS or " " in word and not _is_coined(word.split()[0]):
        return False
    if " " in word:
        return True
    letters = sum(ch.isalpha() for ch in word)
    if any(_is_math(ch) for ch in word):
        return letters > 0 or len(word) > 1
    if letters < 2:
        return False
    if any(ch.isupper() for ch in word[1:]):
        return not re.fullmatch(r"[A-Z]+s", word) or len(word) > 4
    return any(ch.isdigit() for ch in word) and word[0].isupper()


def _is_math(char: str) -> bool:
    """Tell whether a character stands for a hidden math span."""
    return bool(char) and _MATH_BASE <= ord(char[0]) <= 0xF8FF


def _count(text: str, name: str) -> int:
    """Count mentions of a name as a whole word."""
    return len(re.findall(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text))


def _expansion(text: str, name: str) -> str:
    """Return what an acronym stands for: "Full Name (X)" or "X (Full Name)" in the text."""
    letters = [ch.lower() for ch in name if ch.isupper()]
    if len(letters) < 2:
        return ""
    after = re.search(re.escape(name) + r"\s*\(([^()]{5,120})\)", text)
    if after and _matches_initials(after.group(1).split(), letters):
        return after.group(1)
    before = re.search(r"((?:\S+\s+){1,12}?)\(\s*" + re.escape(name) + r"\s*\)", text)
    if before:
        words = before.group(1).split()
        for size in range(min(len(words), 12), 1, -1):
            if _matches_initials(words[-size:], letters):
                return " ".join(words[-size:])
    return ""


def _matches_initials(words: list[str], letters: list[str]) -> bool:
    """Tell whether words spell the acronym's capitals, first word on its first letter."""
    if not words or not words[0][:1].lower() == letters[0] or words[0].lower() in _SMALL_WORDS:
        return False
    initials = "".join(part[:1].lower() for word in words
                       for part in re.split(r"[-/]", word) if part)
    position = 0
    for letter in letters:
        position = initials.find(letter, position)
        if position < 0:
            return False
        position += 1
    return len(words) <= len(letters) + 4


def _appositive(text: str, name: str) -> str:
    """Return the phrase after "X, a …" or "X is a …", up to its end."""
    match = re.search(r"(?<![\w-])" + re.escape(name) +
                      r"(?:\s*\([^()]*\))?(?:,|\s+is|\s+as)\s+((?:a|an)\s[^.;:]*)", text)
    return match.group(1) if match else ""
