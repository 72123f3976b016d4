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
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

MIN_WORDS = 3
MAX_WORDS = 16
MODEL_PATH = Path(__file__).resolve().parents[1] / "data" / "titles" / "word_model.json"

# One private-use character stands for the n-th math span of the abstract being processed.
_MATH_BASE = 0xE000
_NAME_MATH_BASE = 0xF000
_STYLED_LETTERS = re.compile(
    r"\$\s*(?:\\(?:textbf|mathbf|texttt|mathtt|textit|mathit|mathrm|textrm|underline|bm"
    r"|boldsymbol|textsc|mathsf|textsf|text|mathcal)\s*\{\s*)+([A-Za-z][A-Za-z0-9+ -]*?)\s*\}+\s*\$")
_MATH_CHARS = "\ue000-\uf8ff"
_MATH_SPAN = re.compile(r"\$\$[^$]+?\$\$|\$[^$]+?\$")
_ESCAPED_DOLLAR = re.compile(r"\\\$")
_URL = re.compile(r"<?(?:https?://|www\.|github\.com/)[^\s)>\]{}]+>?")
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
# Markdown bold inside words ("und**ER**standing"); a star after a name ("ToolChain*") stays.
_STRAY_STARS = re.compile(r"\*+(?=\w)|(?<=\w)\*{2,}")
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
                r"|contribute|formulate|formulates|put forward|unveil")
_INTRO_GERUNDS = r"proposing|introducing|presenting|developing|designing|building|creating"
_NAME_CUES = re.compile(
    r"\b(?:termed|called|named|dubbed|coined|namely|denoted(?: as)?|referred to as"
    r"|abbreviated as|which we call|we call(?: it| this)?|we name(?: it)?|we term"
    r"|(?:we\s+)?refer\s+to\s+(?:it\s+|this\s+)?as|(?:we\s+)?coin(?:\s+it)?\s+as)\s*[,:]?\s+")
_INTRO_CUE = re.compile(
    r"\b(?:we\s*(?:(?:first|further|then|also|hence|thus|therefore|here|now)\s+)?(?:"
    + _INTRO_VERBS + r")|(?:this|our|the present)\s+(?:paper|work|study|article)\s+(?:"
    + _INTRO_VERBS + r")|(?:by\s+)?(?:" + _INTRO_GERUNDS + r")|(?:,|\band)\s+(?:then\s+|further\s+)?"
    r"(?:introduce|propose|present|develop|design))\s+", re.IGNORECASE)
_STUDY_CUE = re.compile(
    r"\b(?:we|this\s+(?:paper|work|study))\s+(?:(?:first|further|also|then|here|now)\s+)?"
    r"(?:show|shows|prove|proves|study|studies|investigate|investigates|analy[sz]e|analy[sz]es"
    r"|derive|derives|provide|provides|explore|explores|address|addresses|demonstrate"
    r"|demonstrates|examine|examines|revisit|revisits|consider|considers|tackle|tackles|focus"
    r"|focuses|identify|identifies|find|characteri[sz]e|characteri[sz]es|establish|test|ask"
    r"|reconcile|close|bridge|cast|model|argue|uncover|aim|seek)\s+", re.IGNORECASE)
_DETERMINERS = {"a", "an", "the", "this", "these", "our", "its", "their", "novel", "new", "simple",
                "recent", "existing", "current", "prior", "previous", "most", "many", "modern",
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
                            "very", "also", "only", "so", "if", "more", "most", "less", "able",
                            "capable", "designed", "tailored", "specifically", "aimed", "used",
                            "novel", "new", "first", "two", "three", "several", "various"}
# A description ends before one of these words: what follows is a clause, not the phrase.
_CLAUSE_WORDS = {"that", "which", "who", "whose", "where", "while", "whereas", "to", "by",
                 "so", "thereby", "thus", "hence", "enabling", "allowing", "achieving",
                 "yielding", "leading", "resulting", "making", "and", "is", "are", "was",
                 "were", "can", "could", "will", "would", "may", "might", "should", "has",
                 "have", "had", "does", "do", "if", "when", "because", "since", "as", "we",
                 "our", "it", "they", "i.e.", "e.g.", "without", "outperforming", "showing",
                 "demonstrating", "exhibiting", "requiring", "relying", "often", "still", "always",
                 "never", "rather", "even", "already", "however", "therefore"}
_COMMON_ACRONYMS = {"AI", "ML", "LLM", "LLMs", "NLP", "GNN", "GNNs", "CNN", "CNNs", "RL", "MLP",
                    "MLPs", "GPU", "GPUs", "API", "APIs", "SOTA", "OOD", "RNN", "RNNs", "VAE",
                    "VAEs", "GAN", "GANs", "SGD", "DNN", "DNNs", "ViT", "ViTs", "CV", "IID",
                    "i.i.d.", "PDE", "PDEs", "ODE", "ODEs", "SDE", "SDEs", "KL", "MDP", "MDPs",
                    # Names every field uses; an abstract that mentions them did not coin them.
                    "LM", "LMs", "PLM", "PLMs", "VLM", "VLMs", "MLLM", "MLLMs", "NeRF", "NeRFs",
                    "DNA", "RNA", "KG", "KGs", "NAS", "GPT", "BERT", "CLIP", "MAE", "VQ-VAE",
                    "ImageNet", "CIFAR-10", "CIFAR-100", "MNIST", "COCO", "PINN", "PINNs",
                    "PPI", "SNN", "SNNs", "FL", "QA", "VQA", "OCR", "MoE", "LoRA", "RLHF",
                    "DPO", "PPO", "GFlowNets", "GFlowNet", "TikZ", "ChatGPT", "GPT-4", "LLaMA"}
_GENERIC_HEADS = {"framework", "method", "approach", "model", "technique", "algorithm",
                  "system", "pipeline", "strategy", "scheme", "paradigm", "architecture",
                  "module", "procedure", "solution", "tool", "methodology", "mechanism"}
# Verbs that end a noun phrase in abstracts ("Transformers achieve …", "X remains …").
_VERBS = set("""achieve achieves show shows demonstrate demonstrates outperform outperforms improve
improves enable enables allow allows provide provides require requires remain remains aim aims
lead leads rely relies suffer suffers has have had been be become becomes seem seems make makes
yield yields reduce reduces increase increases capture captures leverages combine combines
exhibit exhibits offers perform performs operate operates consist consists contain contains
depend depends focus focuses addresses solve solves ensure ensures generates predicts struggle
struggles fail fails tend tends uses learns integrates employs achieves surpasses reveal reveals
suggest suggests indicate indicates introduces proposes presents considers underpins
constitutes represents is are was were can could may might must should will would lies lack lacks
emerge emerges play plays hinge hinges pose poses involve involves face faces gain gains hold
holds receive receives attract attracts arise arises exist exists occur occurs serve serves help
helps appear appears constructs synthesizes encourages induces assumes treats needs became
gained received attracted shown proven proved made has""".split())
# A word ending in "s" before one of these is read as a verb ("X enables the …").
_VERB_OBJECT_STARTS = {"a", "an", "the", "its", "their", "these", "this", "that", "how", "whether",
                       "to", "each", "both", "all", "significant", "strong", "high"}
_WORD = re.compile(r"[a-z0-9]+")
_PLACEHOLDER = re.compile("[" + _MATH_CHARS + "]")


@dataclass(frozen=True)
class _Prepared:
    """An abstract with math hidden, macros stripped and sentences split."""

    sentences: tuple[str, ...]
    """Sentences in reading order; each math span is one private-use character."""
    maths: tuple[str, ...]
    """The math spans as written, indexed by their placeholder."""
    emphasized: frozenset[str]
    """Phrases the author set in bold, italics or typewriter."""
    url_names: tuple[str, ...] = ()
    """Coined words in the paths of the abstract's URLs (project and code pages)."""


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
    candidates = _candidates(prepared)
    probabilities = _word_probabilities(prepared, names, candidates)
    if names:
        title = _title_with_name(names[0], prepared, candidates, probabilities)
    else:
        title = _title_without_name(prepared, candidates, probabilities)
    return _restore(_fit_length(title, prepared), prepared), "derived"


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
        styled = _STYLED_LETTERS.fullmatch(match.group(0))
        before, after = match.string[match.start() - 1:match.start()], match.string[match.end():
                                                                                     match.end() + 1]
        if styled and (before.isalpha() or after.isalpha()):
            # Bold letters inside a word spell an acronym ("$\textbf{Co}$ncomitant"): plain text.
            return styled.group(1)
        maths.append(match.group(0))
        # A styled word on its own ("$\texttt{NAISR}$") is a name; its placeholder says so.
        base = _NAME_MATH_BASE if styled and len(styled.group(1)) > 1 else _MATH_BASE
        return chr(base + len(maths) - 1)

    text = _MATH_SPAN.sub(hide, text).replace("$", "")
    url_names = tuple(segment for url in _URL.findall(text)
                      for segment in re.split(r"[_#?=.]", url.rstrip("/.>").rsplit("/", 1)[-1])
                      if _is_coined_part(segment))
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
    text = _STRAY_STARS.sub("", text)
    text = unicodedata.normalize("NFKC", text).translate(_HYPHENS)
    text = _SPACES.sub(" ", text).strip()
    return _Prepared(tuple(_split_sentences(text)), tuple(maths), frozenset(emphasized), url_names)


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
    return _PLACEHOLDER.sub(lambda m: prepared.maths[(ord(m.group(0)) - _MATH_BASE) % 0x1000],
                            title)


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
            _add_name(found, _name_at(sentence, cue.end(), prepared),
                      _naming_cue_score(sentence[:cue.start()]), sentence)
        for cue in _INTRO_CUE.finditer(sentence):
            start = _skip_determiners(sentence, cue.end())
            name = _name_at(sentence, start, prepared, strict=True)
            if name is None:
                name = _name_in_object(sentence, start)
            _add_name(found, name, 3.0, sentence)
        is_ours = is_contribution or bool(_OURS.search(sentence))
        for apposition in _APPOSITION.finditer(sentence):
            if is_ours:
                _add_name(found, _name_at(sentence, apposition.end(), prepared, strict=True,
                                          apposition=_is_naming_noun(apposition.group(0))),
                          3.0, sentence)
        for call in _CALL_CUE.finditer(sentence):
            words = sentence[call.end():].split()[:5]
            _add_name(found, next((w for w in words if _is_coined(w)), None), 3.2, sentence)
        for ours in _OUR_PAREN.finditer(sentence):
            _add_name(found, ours.group(1) if _is_coined(ours.group(1)) else None, 2.5, sentence)
        for named in _THEN_APPOSITIVE.finditer(sentence):
            word = sentence[:named.start()].rsplit(" ", 1)[-1].lstrip("(")
            if _is_coined(word):
                _add_name(found, word, 2.5, sentence)
        for ours in _OUR_NAME.finditer(sentence):
            if _is_coined(ours.group(1)):
                _add_name(found, ours.group(1), 2.0, sentence)
        for acronym in _PAREN_ACRONYM.finditer(sentence):
            name = acronym.group(1)
            if _is_coined(name) and (ord(name[0]) >= _NAME_MATH_BASE or _expansion(
                    sentence[max(0, acronym.start() - 160):acronym.end()], name)):
                _add_name(found, name, 1.5, sentence)
        opening = _OPENING_NAME.match(sentence)
        if opening and _is_coined(opening.group(1)):
            _add_name(found, opening.group(1), 2.5, sentence)
        defined = _OPENING_ACRONYM.match(sentence)
        if defined and index > 0 and _expansion(sentence, defined.group(1)):
            _add_name(found, defined.group(1), 2.0, sentence)
        first = sentence.split(" ", 1)[0].rstrip(_TRAILING_PUNCT)
        if first in prepared.emphasized and _is_coined(first):
            _add_name(found, first, 2.5, sentence)
        if is_contribution:
            for phrase in prepared.emphasized:
                if len(phrase) > 2 and phrase in sentence and _is_coined(phrase) and \
                        len(phrase.split()) <= 3:
                    _add_name(found, phrase, 2.0, sentence)
        if index == 0 and found and is_contribution:
            # A name coined in the opening sentence is usually the subject of the paper.
            found = {key: _Name(n.name, n.score + 0.5) for key, n in found.items()}
    for url_name in prepared.url_names:
        _add_name(found, url_name, 1.0, "")
    text = " ".join(prepared.sentences)
    background = _background_text(prepared)
    names = [_Name(n.name, n.score + min(_mentions(text, n.name), 5) * 0.15,
                   _expansion(text, n.name), _appositive(text, n.name))
             for n in found.values() if f"({n.name})" not in background]
    return sorted(names, key=lambda n: -n.score)


def _mentions(text: str, name: str) -> int:
    """Count mentions of a name not followed by more of a word ("TD-MPC" in "TD-MPC2")."""
    count, at = 0, text.find(name)
    while at >= 0:
        end = at + len(name)
        count += end == len(text) or not (text[end].isalnum() or text[end] == "-")
        at = text.find(name, end)
    return count


def _naming_cue_score(before: str) -> float:
    """Score "called X" by whose X it is: ours ("we propose … called X") or someone else's."""
    if _INTRO_CUE.search(before):
        return 3.2
    if _PRIOR_WORK.search(before):
        return 1.0
    if _OURS.search(before):
        return 3.2
    return 2.0


def _background_text(prepared: _Prepared) -> str:
    """Return the sentences before the first contribution sentence: what others did."""
    for index, sentence in enumerate(prepared.sentences):
        if _INTRO_CUE.search(sentence) or _STUDY_CUE.search(sentence):
            return " ".join(prepared.sentences[:index])
    return ""


_DATASET_WORDS = re.compile(r"\b(?:dataset|benchmark|corpus|suite)s?\b", re.IGNORECASE)
_PRIOR_WORK = re.compile(r"\b(?:recent|existing|popular|prior|previous|well-known|so-called"
                         r"|standard|classical|known|widely)\b", re.IGNORECASE)
_APPOSITION = re.compile(r"\b(?:[Oo]ur|a|an|the)\s+(?:[^\s,;:]+\s+){0,8}?[\w-]+[,:]\s+")
_CALL_CUE = re.compile(r"\b[Ww]e\s+(?:call|name|dub|term)\s+(?:the|our|this|these|it|them)\b")
_OUR_PAREN = re.compile(r"\b(?:[Oo]ur|the proposed)\s+(?:[\w-]+\s+){0,3}?\(([^()\s]{2,24})\)")
_NAMING_NOUNS = _GENERIC_HEADS | {
    "model", "dataset", "benchmark", "defense", "attack", "metric", "layer", "agent", "sampler",
    "network", "optimizer", "library", "toolkit", "suite", "environment", "platform", "protocol",
    "loss", "objective", "regularizer", "estimator", "variant", "instantiation", "recipe",
    "family", "name", "policy", "planner", "simulator", "transformer", "detector", "encoder"}
_THEN_APPOSITIVE = re.compile(r",\s+an?\s")
_OUR_NAME = re.compile(r"\b(?:[Oo]ur|the proposed|[Tt]he resulting)\s+(?:proposed\s+)?(?:(?:framework"
                       r"|method|model|approach|system|algorithm)\s+)?([^\s,.;:]+)")
_PAREN_ACRONYM = re.compile(r"\(\s*([^()\s]{1,24})\s*\)")
_OURS = re.compile(r"\b(?:our|we|this paper|this work)\b", re.IGNORECASE)
_VERSION = re.compile(r" (\d+(?:\.\d+)?|v\d+)(?=[\s,.;:)]|$)")
_GENERIC_HEAD_NEXT = re.compile(r"\s+(?:" + "|".join(sorted(_GENERIC_HEADS)) + r")\b")
_SPELLED_OUT_NEXT = re.compile(r"\s*\((\w)[\w-]*\s+[^()]+\)")
_ACRONYM_NEXT = re.compile(r"\s*\(([^()\s]{2,20})\)")
_APPOSITIVE_NEXT = re.compile(r",\s+(?:a|an|the|which)\s")
_PHRASE_END_NEXT = re.compile(r"[\s,.;]|$")
_NAME_END_NEXT = re.compile(r",\s|\.(?:\s|$)|$|\s+(?:to|that|which)\s")
_QUOTED = re.compile(r"\"([^\"]{2,60}?)[,.]?\"")
_OPENING_ACRONYM = re.compile(r"^(?:The|Our|A|An)?\s*(?:[A-Z][\w-]*\s+){1,8}\(([^()\s]{2,20})\)")
_OPENING_NAME = re.compile(
    r"^(?:(?:Our|The|This)\s+(?:proposed\s+)?(?:model|method|framework|approach|system|tool"
    r"|benchmark|dataset|algorithm),\s+)?([^\s,]+)(?:,\s+(?:a|an|the|our|which)\s|\s+is\s+(?:a|an)\s)")
_TRAILING_PUNCT = ".,;:!?\"'*_”“"


def _add_name(found: dict[str, _Name], name: str | None, score: float, sentence: str) -> None:
    """Record a name, keeping its strongest cue."""
    if not name:
        return
    name = name.strip(_TRAILING_PUNCT + " ")
    if name.count("(") != name.count(")"):
        name = name.strip("()")
    if not name or name in _COMMON_ACRONYMS or len(name.split()) > 6:
        return
    if score <= 2.0 and re.fullmatch(r"[A-Z]{1,3}s?", name):
        # A short acronym seen only in passing is usually the field's ("RNA", "KG", "NER").
        return
    at = sentence.find(name)
    version = _VERSION.match(sentence, at + len(name)) if at >= 0 else None
    if version:
        name = f"{name} {version.group(1)}"
    if at >= 0 and _DATASET_WORDS.search(sentence[max(0, at - 60):at + len(name) + 60]):
        # Papers that build a dataset for their method are titled after the method.
        score -= 0.6
    if not found:
        score += 0.3
    if name not in found or found[name].score < score:
        found[name] = _Name(name, score)


def _is_naming_noun(phrase: str) -> bool:
    """Tell whether a phrase ends in a noun that a name may follow ("our model, Coeditor")."""
    last = phrase.rstrip(",: ").rsplit(" ", 1)[-1].lower()
    return last in _NAMING_NOUNS or last.rstrip("s") in _NAMING_NOUNS


def _name_at(sentence: str, start: int, prepared: _Prepared, strict: bool = False,
             apposition: bool = False) -> str | None:
    """Return the name that starts at `start`: coined word, emphasized phrase or Capitalised words.

    With `strict`, Capitalised words count only when they end in an acronym in parentheses or
    before ", a …", as in "we present Neural Spectral Methods, a technique …".
    """
    rest = sentence[start:]
    ahead = _PAREN_ACRONYM.search(rest, 0, 160)
    if ahead and _is_coined(ahead.group(1)):
        words = rest[:ahead.start()].split()
        if len(words) <= 12 and not any(w.lower() in _CLAUSE_WORDS - {"and"} or "," in w
                                        for w in words) and \
                _expansion(rest[:ahead.end()], ahead.group(1)):
            return ahead.group(1)
    for phrase in sorted(prepared.emphasized, key=len, reverse=True):
        if rest.startswith(phrase) and 0 < len(phrase.split()) <= 5 and phrase[:1].isalnum() | \
                _is_math(phrase[:1]):
            if not strict or _is_coined(phrase) or phrase[:1].isupper():
                return phrase
    quoted = _QUOTED.match(rest)
    if quoted and len(quoted.group(1).split()) <= 5:
        return quoted.group(1)
    rest = rest.lstrip("\"'*_")
    run = _CAPITALISED_RUN.match(rest)
    if run and len(run.group(0).split()) <= 4 and _NAME_END_NEXT.match(rest, run.end()) and \
            run.group(0).split()[0].lower() not in _DETERMINERS and (
                len(run.group(0).split()) > 1 or _is_coined(run.group(0)) or apposition) and \
            all(w[:1].isupper() or _is_math(w[:1]) or w in _SMALL_WORDS
                for w in run.group(0).split()):
        # "a lightweight framework, Prompt Risk Control, for …", "GeneOH Diffusion, incorporating".
        return run.group(0)
    first, _, after_first = rest.partition(" ")
    following = after_first.split(" ", 1)[0]
    is_modifier = strict and not first.endswith((",", ":", ";", ".")) and following.islower() \
        and following not in _CLAUSE_WORDS | _SMALL_WORDS | _GENERIC_HEADS
    if _is_coined(first.rstrip(_TRAILING_PUNCT)) and not is_modifier:
        # "our NeRF compression framework": a coined word that modifies a noun is not the name.
        return first.rstrip(_TRAILING_PUNCT)
    words = _CAPITALISED_RUN.match(rest)
    if words:
        acronym = _ACRONYM_NEXT.match(rest, words.end())
        if acronym and _is_coined(acronym.group(1)):
            return acronym.group(1)
        after = rest[words.end():]
        run = words.group(0).split()
        if _GENERIC_HEAD_NEXT.match(after) and all(
                w[:1].isupper() or w in _SMALL_WORDS for w in run) and (len(run) > 1 or "-" in run[0]):
            return words.group(0)
        spelled = _SPELLED_OUT_NEXT.match(after)
        if len(run) == 1 and spelled and spelled.group(1).lower() == run[0][0].lower():
            return run[0]
        if _APPOSITIVE_NEXT.match(after) or (not strict and _PHRASE_END_NEXT.match(after)):
            if words.group(0).split()[0].lower() not in _DETERMINERS:
                return words.group(0)
    if not strict and ahead and _is_coined(ahead.group(1)) and \
            len(rest[:ahead.start()].split()) <= 6:
        return ahead.group(1)
    return None


_CAPITALISED_RUN = re.compile(
    r"[A-Z\ue000-\uf8ff][\w'-]*(?:\s+(?:of|for|and|in|on|with|the|to|via|&)?\s*[A-Z\w][\w'-]*){0,9}?"
    r"(?=\s*\(|,\s|\s+(?:is|are|which|that|to|for)\s|[.;]|$)")


def _name_in_object(sentence: str, start: int) -> str | None:
    """Return a coined word or a defined acronym inside the object of an introducing verb."""
    words = sentence[start:].split()
    for position, word in enumerate(words[:16]):
        core = word.strip("()" + _TRAILING_PUNCT)
        next_word = words[position + 1] if position + 1 < len(words) else ""
        if _is_coined(core):
            closes_phrase = not next_word or word.endswith((",", ";", ":")) or \
                next_word.strip(_TRAILING_PUNCT).lower() in _CLAUSE_WORDS | _SMALL_WORDS | \
                _GENERIC_HEADS
            return core if not word.startswith("(") or closes_phrase else None
        # The object's own noun phrase ends at a clause, a participle or a preposition, except
        # inside a Capitalised name ("Graph Refinement for Incomplete Hashing (GRIH)").
        lowered = core.lower()
        if position > 0 and (lowered in _CLAUSE_WORDS - {"and"} or (
                lowered in _SMALL_WORDS - {"and", "of"} or lowered.endswith("ing") and
                core.islower()) and not next_word[:1].isupper() and not next_word.startswith("(")):
            return None
        if word.endswith((",", ";", ":")) and position > 0:
            return None
    return None


_LEADING_WORD = re.compile(r"([\w-]+),?\s+")


def _skip_determiners(sentence: str, start: int) -> int:
    """Move past articles and stock adjectives ("a novel", "a simple yet effective")."""
    while True:
        match = _LEADING_WORD.match(sentence, start)
        if not match or match.group(1).lower() not in _DETERMINERS:
            return start
        start = match.end()


def _is_coined(word: str) -> bool:
    """Tell whether a word looks coined: inner capitals, letters mixed with digits or math."""
    word = word.strip(_TRAILING_PUNCT + "()")
    if not word or word in _COMMON_ACRONYMS or " " in word and not _is_coined(word.split()[0]):
        return False
    if " " in word:
        return True
    if "-" in word.strip("-") and not any(_is_math(ch) for ch in word):
        parts = word.split("-")
        # "CLIP-guided", "LLM-based": a name used as an adjective is not a new name.
        return not (parts[-1].isalpha() and parts[-1].islower()) and \
            any(_is_coined_part(part) for part in parts)
    return _is_coined_part(word)


_SPELLING_OUT = re.compile(r"[A-Z]{2,}[a-z]{4,}|[a-z]{3,}[A-Z]+[a-z]+")


def _is_coined_part(word: str) -> bool:
    """Apply the coined-word test to one part of a hyphenated word."""
    letters = sum(ch.isalpha() for ch in word)
    if any(_is_math(ch) for ch in word):
        return letters > 0 or len(word) > 1 or ord(word[0]) >= _NAME_MATH_BASE
    if letters < 2:
        return False
    if any(ch.isupper() for ch in word[1:]):
        # "PROtotype", "undERstanding": capitals that spell an acronym out, not a name.
        return (not re.fullmatch(r"[A-Z]+s", word) or len(word) > 4) and \
            not _SPELLING_OUT.fullmatch(word)
    return any(ch.isdigit() for ch in word) and word[0].isupper()


def _is_math(char: str) -> bool:
    """Tell whether a character stands for a hidden math span."""
    return bool(char) and _MATH_BASE <= ord(char[0]) <= 0xF8FF


def _expansion(text: str, name: str, loose: bool = True) -> str:
    """Return what an acronym stands for: "Full Name (X)" or "X (Full Name)" in the text."""
    letters = [ch.lower() for ch in name if ch.isupper()]
    if len(letters) < 2:
        return ""
    at = text.find(name + " (")
    if at >= 0:
        after = _PARENTHESIS_BODY.match(text, at + len(name) + 1)
        if after and _matches_initials(after.group(1).split(), letters):
            return after.group(1)
    at = text.find("(" + name + ")")
    if at >= 0:
        words = text[max(0, at - 200):at].split()[-12:]
        for size in range(1, min(len(words), 12) + 1):
            if (size > 1 or "-" in words[-1]) and _matches_initials(words[-size:], letters):
                return " ".join(words[-size:])
        for size in range(min(len(words), 12) if loose else 0, 1, -1):
            window = words[-size:]
            if window[0][:1].lower() == letters[0] and window[0].lower() not in _SMALL_WORDS and \
                    _is_subsequence(letters, " ".join(window).lower()) and \
                    not any(w.lower() in _CLAUSE_WORDS - {"and"} for w in window):
                return " ".join(window)
    return ""


_PARENTHESIS_BODY = re.compile(r"\(([^()]{5,120})\)")


def _is_subsequence(letters: list[str], text: str) -> bool:
    """Tell whether the letters occur in the text in order."""
    position = 0
    for letter in letters:
        position = text.find(letter, position) + 1
        if not position:
            return False
    return True


def _matches_initials(words: list[str], letters: list[str]) -> bool:
    """Tell whether words spell the acronym's capitals, first word on its first letter."""
    if not words or not words[0][:1].lower() == letters[0] or words[0].lower() in _SMALL_WORDS:
        return False
    initials = "".join(part[:1].lower() for word in words
                       for part in word.replace("/", "-").split("-") if part)
    position = 0
    for letter in letters:
        position = initials.find(letter, position)
        if position < 0:
            return False
        position += 1
    return len(words) <= len(letters) + 4


def _appositive(text: str, name: str) -> str:
    """Return the phrase after "X, a …", "X: the …" or "X is a …", up to its end."""
    at = text.find(name)
    while at >= 0:
        match = _APPOSITIVE_AFTER.match(text, at + len(name))
        if match and not (at and (text[at - 1].isalnum() or text[at - 1] == "-")):
            return match.group(1)
        at = text.find(name, at + 1)
    return ""


_APPOSITIVE_AFTER = re.compile(r"(?:\s*\([^()]*\))?(?:,|:|\s+is|\s+as)\s+((?:a|an|the)\s[^.;:]*)")


# --- composing a title ------------------------------------------------------------------------

@dataclass(frozen=True)
class _Candidate:
    """A phrase of the abstract that could serve as a title or as the part after a colon."""

    words: tuple[str, ...]
    """The phrase's words, parentheticals dropped, punctuation at its end removed."""
    kind: str
    """Where it was found: "expansion", "appositive", "object", "gerund", "subject"."""


def _title_with_name(name: _Name, prepared: _Prepared, candidates: list[_Candidate],
                     probabilities: dict[str, float]) -> str:
    """Compose "Name: what it is".

    What it is, in order of fallbacks: the words a long acronym stands for ("ACR: Words It
    Stands For"); else, with short spelled-out names written "Full Name (ACR)", the phrase the
    abstract uses to say what the name is ("X, a contrastive regularizer that …"); else the
    best-scoring phrase as in `_title_without_name`; else the spelled-out name alone.
    """
    label = name.name
    expansion = tuple(_phrase_words(name.expansion))
    if len(expansion) > 4 and len(expansion) + len(label.split()) <= MAX_WORDS:
        return f"{label}: {_title_case(expansion)}"
    if expansion:
        label = f"{_title_case(expansion)} ({name.name})"
    budget = MAX_WORDS - len(label.split())
    def fits(candidate: _Candidate) -> bool:
        return 2 <= len(candidate.words) <= budget and name.name not in " ".join(
            candidate.words) and not set(candidate.words) & set(expansion)

    # What the abstract says the name is comes first; other phrases only when it says nothing.
    best = _best_candidate([c for c in _name_candidates(name) if fits(c)], label, probabilities) \
        or _best_candidate([c for c in candidates if fits(c)], label, probabilities)
    if best is None and expansion and len(expansion) + len(name.name.split()) >= MIN_WORDS:
        return f"{name.name}: {_title_case(expansion)}"
    if best is None:
        return label if len(label.split()) >= MIN_WORDS else \
            f"{label}: {_fallback_phrase(prepared, budget)}"
    return f"{label}: {_title_case(best.words)}"


def _title_without_name(prepared: _Prepared, candidates: list[_Candidate],
                        probabilities: dict[str, float]) -> str:
    """Choose the phrase most likely to share words with the real title.

    Candidates are the noun phrases after an introducing or studying verb, "by …ing" phrases
    and the opening noun phrases of the first sentences; each is scored by the expected overlap
    of its words with a title (see `_best_candidate`). Order of fallbacks: the best phrase of
    at least MIN_WORDS words; else "Topic: Contribution", the first sentence's opening phrase
    and the best two-word phrase; else the first sentence's opening words.
    """
    best = _best_candidate([c for c in candidates if len(c.words) >= MIN_WORDS], "",
                           probabilities)
    if best is not None:
        return _title_case(best.words)
    topics = [c for c in candidates if c.kind == "subject" and len(c.words) == 2]
    short = _best_candidate([c for c in candidates if len(c.words) == 2 and c not in topics[:1]],
                            "", probabilities)
    if topics and short is not None:
        return f"{_title_case(topics[0].words)}: {_title_case(short.words)}"
    return _title_case(tuple(_fallback_phrase(prepared, MAX_WORDS).split()))


def _name_candidates(name: _Name) -> list[_Candidate]:
    """List the phrases that say what a name is: "X, a framework for …" at each length."""
    words = _phrase_words(name.description)
    return [_Candidate(span, "appositive") for span in _spans(words, _skip(words, 0))
            if _has_content(span)]


def _candidates(prepared: _Prepared) -> list[_Candidate]:
    """List the phrases a title could be made of, each at every length it can end at."""
    found: list[_Candidate] = []
    for index, sentence in enumerate(prepared.sentences):
        for cue in list(_INTRO_CUE.finditer(sentence)) + list(_STUDY_CUE.finditer(sentence)):
            words = _phrase_words(sentence[cue.end():])
            found += [_Candidate(span, "object") for span in _spans(words, _skip(words, 0))]
        words = _phrase_words(sentence)
        for position, word in enumerate(words[:-1]):
            if word.lower() == "by" and words[position + 1].lower().endswith("ing"):
                found += [_Candidate(span, "gerund") for span in _spans(words, position + 1)]
        if index < 2:
            found += [_Candidate(span, "subject") for span in _spans(words, _skip(words, 0))]
    return [c for c in found if _has_content(c.words)]


def _phrase_words(text: str) -> list[str]:
    """Split text into words, dropping parentheticals, brackets and quotation marks."""
    previous = None
    while previous != text and ("(" in text or "[" in text):
        previous, text = text, _PARENTHETICAL.sub("", text)
    return [word for word in text.replace('"', "").split() if word not in {"-", "—", "–"}]


_PARENTHETICAL = re.compile(r"\s*\([^()]*\)|\s*\[[^\[\]]*\]")


def _skip(words: list[str], start: int) -> int:
    """Skip articles and stock adjectives at the start of a phrase."""
    while start < len(words) and words[start].rstrip(",").lower() in _DETERMINERS:
        start += 1
    return start


def _spans(words: list[str], start: int) -> list[tuple[str, ...]]:
    """Return the phrase starting at `start` cut at each point where it can end cleanly.

    A phrase stops before a clause word or a common verb and at punctuation; it may end only
    where the next word is a function word or punctuation, and never on a dangling word.
    """
    spans: list[tuple[str, ...]] = []
    taken: list[str] = []
    for position in range(start, min(len(words), start + MAX_WORDS)):
        word = words[position]
        core = word.strip(_TRAILING_PUNCT).lower()
        following = words[position + 1].strip(_TRAILING_PUNCT).lower() \
            if position + 1 < len(words) else ""
        if position > start and (core in _CLAUSE_WORDS or core in _VERBS or _is_adverb(core) or (
                core.endswith("s") and not core.endswith(("ss", "us", "is", "ics")) and
                following in _VERB_OBJECT_STARTS and word.islower())):
            break
        if position == start and (core in _CLAUSE_WORDS | _VERBS | _DANGLING or
                                  _is_adverb(core) or not core.strip("-")):
            break
        taken.append(word.rstrip(_TRAILING_PUNCT + "—–") or word)
        is_last = position + 1 == len(words) or word[-1:] in ",;:.!?"
        following = "" if is_last else words[position + 1].strip(_TRAILING_PUNCT).lower()
        can_end = core not in _DANGLING and not (core.endswith("ed") and word.islower())
        if can_end and (is_last or following in _SMALL_WORDS | _CLAUSE_WORDS | _VERBS):
            spans.append(tuple(taken))
        if is_last:
            break
    return spans


def _is_adverb(word: str) -> bool:
    """Tell whether a word is an adverb in "-ly", which sits next to a verb, not in a title."""
    return word.endswith("ly") and len(word) > 4 and word not in _NOT_ADVERBS


_NOT_ADVERBS = {"family", "anomaly", "assembly", "supply", "monopoly", "italy", "reply", "apply",
                "rely", "poly", "only", "early", "multiply", "comply", "butterfly", "firefly"}


def _has_content(words: tuple[str, ...]) -> bool:
    """Tell whether a phrase says more than "a framework" or "a method"."""
    return any(word.lower() not in _GENERIC_HEADS | _DANGLING for word in words)


def _run_until_break(words: list[str]) -> list[str]:
    """Return the opening words up to the first clause word, verb or adverb."""
    run: list[str] = []
    for word in words:
        core = word.strip(_TRAILING_PUNCT).lower()
        if run and (core in _CLAUSE_WORDS or core in _VERBS or _is_adverb(core)):
            break
        run.append(word.strip(_TRAILING_PUNCT))
        if word[-1:] in ",;:.!?":
            break
    return run


def _fit_length(title: str, prepared: _Prepared) -> str:
    """Cut a title to at most MAX_WORDS where it can end cleanly, or lengthen a short one."""
    words = title.split()
    # Words as a reader counts them: a formula with spaces in it counts as several.
    while len(_restore(" ".join(words), prepared).split()) > MAX_WORDS or (
            len(words) > MIN_WORDS and (
            words[-1].strip(_TRAILING_PUNCT).lower() in _DANGLING or
            " ".join(words).count("(") > " ".join(words).count(")"))):
        words.pop()
    if len(words) < MIN_WORDS:
        words += _fallback_phrase(prepared, MAX_WORDS - len(words)).split()
        words = words[:MAX_WORDS]
    return " ".join(words).rstrip(".,;: ")


def _fallback_phrase(prepared: _Prepared, budget: int) -> str:
    """Return the opening words of the first sentence, cut where a phrase can end."""
    words = _phrase_words(prepared.sentences[0] if prepared.sentences else "Untitled abstract")
    words = words[_skip(words, 0):]
    spans = [span for span in _spans(words, 0) if MIN_WORDS <= len(span) <= budget]
    if spans:
        return " ".join(spans[-1])
    run = _run_until_break(words)[:budget]
    while run and (run[-1].lower() in _DANGLING or run[-1].lower().endswith("ed")):
        run.pop()
    if len(run) >= MIN_WORDS:
        return " ".join(run)
    for size in range(min(budget, len(words), 12), MIN_WORDS - 1, -1):
        if words[size - 1].strip(_TRAILING_PUNCT).lower() not in _DANGLING:
            return " ".join(word.strip(_TRAILING_PUNCT) for word in words[:size])
    return " ".join(words[:max(MIN_WORDS, 1)]) or "Untitled abstract"


def _title_case(words: tuple[str, ...]) -> str:
    """Capitalise each word except inner function words; leave acronyms and math as written."""
    cased = []
    for position, word in enumerate(words):
        parts = word.split("-")
        for index, part in enumerate(parts):
            # "In-Context", "Over-Memorization": a hyphenated word's first part is capitalised.
            is_inner_small = part.lower() in _SMALL_WORDS and (
                index > 0 or (position > 0 and len(parts) == 1))
            if part.islower() and not is_inner_small:
                parts[index] = part[:1].upper() + part[1:]
            elif is_inner_small and part.istitle() and position > 0:
                parts[index] = part.lower()
        cased.append("-".join(parts))
    return " ".join(cased)


# --- scoring phrases --------------------------------------------------------------------------

FEATURE_NAMES = ("first_position", "log_count", "in_first_sentence", "in_contribution",
                 "in_object", "in_name", "capitalised", "in_last_sentences", "title_rate",
                 "log_document_frequency", "in_subject")


@lru_cache(maxsize=1)
def _model() -> dict:
    """Load the word model trained by `benchmarks/train_titles.py` (weights and word rates)."""
    with MODEL_PATH.open(encoding="utf-8") as handle:
        return json.load(handle)


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
    return frozenset(ENGLISH_STOP_WORDS)


def content_stems(text: str) -> list[str]:
    """Return the content words of a text, lower-cased, stop words dropped, cut to 6 letters."""
    stop_words = _stop_words()
    return [word[:6] for word in _WORD.findall(text.lower()) if word not in stop_words]


def word_features(prepared: _Prepared, names: list[_Name], candidates: list[_Candidate],
                  model: dict) -> dict[str, list[float]]:
    """Describe each content word of an abstract by where and how it appears."""
    rates, documents = model["title_rate"], model["documents"]
    prior_in, prior_seen = model["rate_prior"]
    sentences = [_restore_plain(sentence) for sentence in prepared.sentences]
    first_contribution = next((s for s in sentences if _INTRO_CUE.search(s)), "")
    objects = " ".join(" ".join(c.words) for c in candidates if c.kind == "object")
    subject = " ".join(" ".join(c.words) for c in candidates if c.kind == "subject")
    name_text = " ".join(f"{n.name} {n.expansion}" for n in names[:1])
    sets = {key: set(content_stems(value)) for key, value in (
        ("first", sentences[0] if sentences else ""), ("contribution", first_contribution),
        ("object", objects), ("name", name_text), ("last", " ".join(sentences[-2:])),
        ("subject", subject))}
    capitalised = {stem[:6].lower() for sentence in sentences
                   for stem in re.findall(r"(?<=\s)[A-Z][a-z0-9]+", sentence)}
    stems = content_stems(" ".join(sentences))
    counts = Counter(stems)
    features: dict[str, list[float]] = {}
    for position, stem in enumerate(stems):
        if stem in features:
            continue
        seen_in_title, seen = rates.get(stem, (0, 0))
        features[stem] = [
            position / max(len(stems), 1), math.log1p(counts[stem]),
            float(stem in sets["first"]), float(stem in sets["contribution"]),
            float(stem in sets["object"]), float(stem in sets["name"]), float(stem in capitalised),
            float(stem in sets["last"]), (seen_in_title + prior_in) / (seen + prior_seen),
            math.log1p(seen) / math.log1p(documents), float(stem in sets["subject"])]
    return features


def _word_probabilities(prepared: _Prepared, names: list[_Name],
                        candidates: list[_Candidate]) -> dict[str, float]:
    """Return, for each content word, the probability that the paper's title uses it."""
    model = _model()
    features = word_features(prepared, names, candidates, model)
    if not features:
        return {}
    logits = np.array(list(features.values())) @ np.array(model["weights"]) + model["bias"]
    return dict(zip(features, (1 / (1 + np.exp(-logits))).tolist()))


def _best_candidate(candidates: list[_Candidate], prefix: str,
                    probabilities: dict[str, float]) -> _Candidate | None:
    """Pick the phrase with the highest expected content-word F1 against the real title.

    With word probabilities p, a phrase's expected F1 is about 2·Σp / (|phrase| + |title|),
    |title| being the expected number of title words; a small bonus per kind of phrase
    favours the phrases that read best.
    """
    if not candidates:
        return None
    model = _model()
    expected_title = sum(probabilities.values()) + model["novel_words"]
    prefix_stems = set(content_stems(_restore_plain(prefix)))

    def score(candidate: _Candidate) -> float:
        stems = prefix_stems.union(*(_word_stems(word) for word in candidate.words))
        gain = sum(probabilities.get(stem, model["unseen_probability"]) for stem in stems)
        return 2 * gain / (len(stems) + expected_title) + model["kind_bonus"][candidate.kind]

    return max(candidates, key=score)


@lru_cache(maxsize=65536)
def _word_stems(word: str) -> frozenset[str]:
    """Return the content stems of one word of a phrase (cached: phrases share their words)."""
    return frozenset(content_stems(_restore_plain(word)))


def _restore_plain(text: str) -> str:
    """Drop math placeholders, for counting words."""
    return _PLACEHOLDER.sub(" ", text)
