"""Tell coined words from ordinary ones, and find what an acronym stands for.

A coined word has inner capitals ("ToMAToMP"), mixes letters with digits ("E3former"), or
contains math; an acronym's expansion is the run of words whose initials spell it, written
"Full Name (ACR)" or "ACR (Full Name)".
"""

from __future__ import annotations

import re
from functools import lru_cache

from .prepare import NAME_MATH_BASE, is_math
from .vocabulary import CLAUSE_WORDS, INTRO_CUE_WORDS, SMALL_WORDS, TRAILING_PUNCT

COMMON_ACRONYMS = frozenset({
    "AI", "ML", "LLM", "LLMs", "NLP", "GNN", "GNNs", "CNN", "CNNs", "RL", "MLP", "MLPs", "GPU",
    "GPUs", "API", "APIs", "SOTA", "OOD", "RNN", "RNNs", "VAE", "VAEs", "GAN", "GANs", "SGD", "DNN",
    "DNNs", "ViT", "ViTs", "CV", "IID", "i.i.d.", "PDE", "PDEs", "ODE", "ODEs", "SDE", "SDEs",
    "KL", "MDP", "MDPs",
    # Names every field uses; an abstract that mentions them did not coin them.
    "LM", "LMs", "PLM", "PLMs", "VLM", "VLMs", "MLLM", "MLLMs", "NeRF", "NeRFs", "DNA", "RNA", "KG",
    "KGs", "NAS", "GPT", "BERT", "CLIP", "MAE", "VQ-VAE", "ImageNet", "CIFAR-10", "CIFAR-100",
    "MNIST", "COCO", "PINN", "PINNs", "PPI", "SNN", "SNNs", "FL", "QA", "VQA", "OCR", "MoE", "LoRA",
    "RLHF", "DPO", "PPO", "GFlowNets", "GFlowNet", "TikZ", "ChatGPT", "GPT-4", "LLaMA"})
# Capitals that spell an acronym out inside a word ("PROtotype", "undERstanding").
_SPELLING_OUT = re.compile(r"[A-Z]{2,}[a-z]{4,}|[a-z]{3,}[A-Z]+[a-z]+")
_PLURAL_ACRONYM = re.compile(r"[A-Z]+s")
_PARENTHESIS_BODY = re.compile(r"\(([^()]{5,120})\)")
# "P3O", "A3C": a capital, a digit from 2 to 5, a capital.
_REPEATED_LETTER = re.compile(r"([A-Z])([2-5])(?=[A-Z])")
# "X (Mitchell et al., 2022)", "X [12]", "X~\\cite{mend}": earlier work, cited.
CITATION = r"\s*(?:\([^()]*(?:et al|\d{4})[^()]*\)|\[\d+(?:[,\u2013-]\s*\d+)*\]|~?\\cite)"
_CITATION = re.compile(CITATION)
_APPOSITIVE_AFTER = re.compile(r"(?:\s*\([^()]*\))?(?:,|:|\s+is|\s+as)\s+((?:a|an|the)\s[^.;:]*)")


@lru_cache(maxsize=16384)
def is_coined(word: str) -> bool:
    """Tell whether a word looks coined: inner capitals, letters mixed with digits or math."""
    word = word.strip(TRAILING_PUNCT + "()")
    if not word or word in COMMON_ACRONYMS or " " in word and not is_coined(word.split()[0]):
        return False
    if " " in word:
        return True
    if "-" in word.strip("-") and not any(is_math(ch) for ch in word):
        parts = word.split("-")
        # "CLIP-guided", "LLM-based": a name used as an adjective is not a new name.
        return not (parts[-1].isalpha() and parts[-1].islower()) and \
            any(is_coined_part(part) for part in parts)
    joined = word.partition("-")[2]
    if joined.isalpha() and joined.islower() and is_math(word[0]):
        return False  # "$k$-means", "$\delta$-approximation": a term with its variable
    return is_coined_part(word)


def is_coined_part(word: str) -> bool:
    """Apply the coined-word test to one part of a hyphenated word."""
    letters = sum(ch.isalpha() for ch in word)
    if any(is_math(ch) for ch in word):
        return letters > 0 or len(word) > 1 or ord(word[0]) >= NAME_MATH_BASE
    if letters < 2:
        return False
    if any(ch.isupper() for ch in word[1:]):
        return (not _PLURAL_ACRONYM.fullmatch(word) or len(word) > 4) and \
            not _SPELLING_OUT.fullmatch(word)
    return any(ch.isdigit() for ch in word) and word[0].isupper()


def find_expansion(text: str, name: str, loose: bool = True) -> str:
    """Return what an acronym stands for: "Full Name (X)" or "X (Full Name)" in the text.

    A digit between capitals may count the letter before it: "P3O" is "Pairwise Proximal
    Policy Optimization", not "Policy Optimization". Read that way first, then without it
    ("R2I", "Recall to Imagine").
    """
    repeated = _REPEATED_LETTER.sub(lambda m: m.group(1) * int(m.group(2)), name)
    for spelling in dict.fromkeys((repeated, name)):
        expansion = _expansion(text, name, [ch.lower() for ch in spelling if ch.isupper()], loose)
        if expansion:
            return expansion
    return ""


def _expansion(text: str, name: str, letters: list[str], loose: bool) -> str:
    if len(letters) < 2:
        return ""
    at = text.find(name + " (")
    if at >= 0:
        after = _PARENTHESIS_BODY.match(text, at + len(name) + 1)
        if after and _matches_initials(after.group(1).split(), letters):
            return after.group(1)
    at = text.find("(" + name + ")")
    if at < 0:
        return ""
    words = text[max(0, at - 200):at].split()[-12:]
    for size in range(1, min(len(words), 12) + 1):
        if (size > 1 or "-" in words[-1]) and _matches_initials(words[-size:], letters):
            return " ".join(words[-size:])
    for size in range(min(len(words), 12) if loose else 0, 1, -1):
        window = words[-size:]
        # "we propose differentially Private Stochastic … (PriSMA)": not from the verb on.
        if window[0][:1].lower() == letters[0] and window[0].lower() not in SMALL_WORDS and \
                window[0].lower() not in INTRO_CUE_WORDS and \
                _is_subsequence(letters, " ".join(window).lower()) and \
                not any(w.lower() in CLAUSE_WORDS - {"and"} or w.lower() in INTRO_CUE_WORDS
                        for w in window):
            return " ".join(window)
    return ""


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
    if not words or not words[0][:1].lower() == letters[0] or words[0].lower() in SMALL_WORDS:
        return False
    initials = "".join(part[:1].lower() for word in words
                       for part in word.replace("/", "-").split("-") if part)
    return _is_subsequence(letters, initials) and len(words) <= len(letters) + 4


def is_cited(text: str, name: str) -> bool:
    """Tell whether the text cites a name as earlier work ("the P2L algorithm (Paccagnan et
    al., 2023)", "GCG~\\citep{…}")."""
    # Each name's own pattern would be compiled once per abstract: 5% of a title's time.
    return _followed_by(text, name, _CITATION)


def is_attributed(text: str, name: str) -> bool:
    """Tell whether the text says whose a name is: "the LB-SGD algorithm proposed in
    (Usmanova et al., 2024)", "X, introduced by Smith et al."."""
    return _followed_by(text, name, _ATTRIBUTED)


def _followed_by(text: str, name: str, pattern: re.Pattern[str]) -> bool:
    """Tell whether some occurrence of `name` in the text is followed by `pattern`."""
    at = text.find(name)
    while at >= 0:
        if pattern.match(text, at + len(name)):
            return True
        at = text.find(name, at + 1)
    return False


_ATTRIBUTED = re.compile(r"\)?(?:\s+[\w-]+){0,2},?\s+(?:originally\s+)?(?:proposed|introduced|developed|"
                         r"presented|described)\s+(?:in|by)\s+[^.;]{0,40}?(?:et al|\d{4}|\\cite)")


def find_appositive(text: str, name: str) -> str:
    """Return the phrase after "X, a …", "X: the …" or "X is a …", up to its end."""
    at = text.find(name)
    while at >= 0:
        match = _APPOSITIVE_AFTER.match(text, at + len(name))
        if match and not (at and (text[at - 1].isalnum() or text[at - 1] == "-")):
            return match.group(1)
        at = text.find(name, at + 1)
    return ""
