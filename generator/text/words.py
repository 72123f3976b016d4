"""Words as the enrichment stages compare them."""

from __future__ import annotations


def singular(word: str) -> str:
    """Return a lower-case word without its plural "s": "bandits" is "bandit"; "loss", "gas"
    and words of three letters or fewer stay as they are."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
