"""Say what a spelled-out name is for, when the abstract says so right after the name."""

from __future__ import annotations

import re

from .case import title_case
from .phrases import JUDGING_WORDS
from .vocabulary import CLAUSE_WORDS, MAX_WORDS, SMALL_WORDS

# "X (ACR), a latent diffusion model for text-to-image synthesis", "…, a novel algorithm
# designed for lifelong RL using …": the words after "for", up to a clause break.
_PURPOSE_AFTER = re.compile(r"\)?(?:\s*\([^()]*\))?,\s+(?:a|an)\s+((?:[\w-]+\s+){0,6}?)"
                            r"(?:designed\s+|tailored\s+)?for\s+([^,.;:()]+)")
_PURPOSE_ENDS = frozenset({"using", "via", "with", "through", "based"})
_NOT_PURPOSE = frozenset("a an the various diverse multiple different any all wide broad range "
                         "many".split())


def with_purpose(title: str, name: str, text: str) -> str:
    """Return a title that spells a name out with the problem the name is for, when the
    abstract says so right after the name: "Stable Diffusion XL (SDXL), a latent diffusion
    model for text-to-image synthesis" is "SDXL: Stable Diffusion XL for Text-to-Image
    Synthesis"; the words a name stands for say what it is, not what it is for."""
    match = next(filter(None, (_PURPOSE_AFTER.match(text, at.end())
                               for at in re.finditer(re.escape(name), text))), None)
    # "a novel approach that eliminates the need for …": the head holds a clause.
    if match is None or any(word.lower() in CLAUSE_WORDS - {"and"}
                            for word in match.group(1).split()):
        return title
    purpose: list[str] = []
    for word in match.group(2).split("\u2014")[0].split():
        # "… trained on 6 …", "… obtained by …": a participle or a number opens a clause.
        if word.lower() in CLAUSE_WORDS | _PURPOSE_ENDS or not word.isalpha() and \
                word.replace("-", "").isalnum() and any(ch.isdigit() for ch in word) or \
                purpose and word.endswith("ed"):
            break
        purpose.append(word)
    while purpose and purpose[-1].lower() in SMALL_WORDS:
        purpose.pop()
    said = {word.lower() for word in title.replace("-", " ").split()}
    if not 2 <= len(purpose) <= 6 or " for " in title or \
            purpose[0].lower() in JUDGING_WORDS | _NOT_PURPOSE or \
            all(word.lower() in said or word.lower() in SMALL_WORDS
                for part in purpose for word in part.split("-")) or \
            len(title.split()) + len(purpose) + 1 > MAX_WORDS - 2:
        return title
    return f"{title} for {title_case(tuple(purpose))}"
