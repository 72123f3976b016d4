"""Names earlier papers already used: a paper that mentions one did not coin it.

`established_names.json` maps each name-like word that at least three abstracts of the
background corpus use (see `benchmarks/established_names.py`) to the year in which the third
of them appeared and how many use it. A list of year Y counts a name as established when that
year is before Y; a list of unknown year counts every name in the table. A name in more than
COMMON_ABSTRACTS abstracts (ReLU, POMDP, ImageNet) is common: no paper coins it, whatever it
says.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

COMMON_ABSTRACTS = 60
# Names in more than this many earlier abstracts (LLMs, RL) are the field's own words: even a
# title may write them so.
EVERYWHERE_ABSTRACTS = 300
TABLE_PATH = Path(__file__).resolve().parents[2] / "data" / "titles" / "established_names.json"
_YEAR = re.compile(r"\b(19[89]\d|20\d\d)\b")


def list_year(list_name: str) -> int | None:
    """Return the year a list's name gives ("NeurIPS 2026 paper list" → 2026), if any."""
    match = _YEAR.search(list_name)
    return int(match.group(1)) if match else None


class Established(NamedTuple):
    """The names earlier papers used, as `find_names` reads them."""

    names: frozenset[str]
    """Established before the list's year: not coined unless the abstract says so."""
    common: frozenset[str]
    """Used by more than COMMON_ABSTRACTS earlier abstracts: never coined."""
    everywhere: frozenset[str]
    """Used by more than EVERYWHERE_ABSTRACTS earlier abstracts."""


@lru_cache(maxsize=8)
def established_names(year: int | None) -> Established:
    """Return the names established before `year` (every name in the table when None)."""
    if not TABLE_PATH.exists():
        return NONE_ESTABLISHED
    with TABLE_PATH.open(encoding="utf-8") as handle:
        table: dict[str, list[int]] = json.load(handle)
    earlier = {name: count for name, (since, count) in table.items()
               if year is None or since < year}
    return Established(frozenset(earlier),
                       frozenset(name for name, count in earlier.items()
                                 if count > COMMON_ABSTRACTS),
                       frozenset(name for name, count in earlier.items()
                                 if count > EVERYWHERE_ABSTRACTS))


NONE_ESTABLISHED = Established(frozenset(), frozenset(), frozenset())
