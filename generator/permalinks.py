"""Permalinks: a paper keeps its URL when its abstract is corrected or its title re-derived.

A page's URL is made once, from the title and the abstract's id (`links.make_slug`), and then
kept in a map in the project (`permalinks.json` beside `mkdocs.yml`, meant to be committed)
that every build updates:
- an abstract whose id the map knows keeps its slug, whatever its derived title is now;
- an edited abstract (a new id) keeps the slug of the paper it was, when one that left the
  list reads nearly the same (`SAME_PAPER` of their word sketches, `sketch`);
- a paper that left the list keeps its slug in the map, marked retired, and its URL becomes a
  page that says so, pointing to the paper that replaced it when one reads alike
  (`SUCCESSOR`).
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from .errors import GeneratorError
from .links import make_slug

SKETCH_SIZE = 16
SAME_PAPER = 0.5
"""Sketch similarity from which an edited abstract is taken for the paper it was."""
SUCCESSOR = 0.25
"""Sketch similarity from which a new paper is named as a retired one's successor."""
_WORD = re.compile(r"[^\W\d_]{3,}")


@dataclass(frozen=True)
class Permalink:
    """A paper's place in the map: its slug (the key), and how to recognise it again."""

    id: str
    title: str
    """The title in plain text, as last shown: a retired page names it."""
    sketch: tuple[int, ...]
    retired: str = ""
    """The date the paper left the list (ISO), if it did."""
    successor: str = ""
    """The slug of the paper that replaced it, if one reads alike."""


@dataclass(frozen=True)
class Assignment:
    """What `assign` decided for one build."""

    slugs: list[str]
    """Each abstract's slug, in order."""
    retired: dict[str, Permalink]
    """Retired papers, by their slug."""
    permalinks: dict[str, Permalink]
    """The map to keep for the next build."""


def sketch(text: str) -> tuple[int, ...]:
    """Return a bottom-k sketch of the text's words: the SKETCH_SIZE smallest word hashes.

    Two texts' sketches estimate the overlap of their word sets (`similarity`); a fixed hash
    (CRC-32) keeps them comparable across runs and machines.
    """
    words = {word.lower() for word in _WORD.findall(text)}
    return tuple(sorted(zlib.crc32(word.encode("utf-8")) for word in words)[:SKETCH_SIZE])


def similarity(one: Sequence[int], other: Sequence[int]) -> float:
    """Estimate the Jaccard similarity of two texts' word sets from their sketches."""
    union = sorted(set(one) | set(other))[:SKETCH_SIZE]
    if not union:
        return 0.0
    both = set(one) & set(other)
    return sum(value in both for value in union) / len(union)


def assign(ids: Sequence[str], titles: Sequence[str], sketches: Sequence[tuple[int, ...]],
           previous: dict[str, Permalink], today: str | None = None) -> Assignment:
    """Give each abstract (its id, title and `sketch`) its slug: the one the map knows for its
    id, else that of the retired or vanished paper it is an edit of, else a new one; retire the
    papers that left."""
    today = today or date.today().isoformat()
    slug_by_id = {link.id: slug for slug, link in previous.items()}
    taken = set(previous)
    slugs: list[str | None] = [slug_by_id.get(paper_id) for paper_id in ids]
    kept = {slug for slug in slugs if slug}
    # Papers of the last build that no abstract now has: edited, or removed.
    gone = {slug: link for slug, link in previous.items() if slug not in kept and not link.retired}
    for index, slug in enumerate(slugs):
        if slug is not None:
            continue
        best = max(gone, key=lambda old: similarity(sketches[index], gone[old].sketch), default=None)
        if best is not None and similarity(sketches[index], gone[best].sketch) >= SAME_PAPER:
            slugs[index] = best
            del gone[best]
        else:
            slugs[index] = make_slug(titles[index], ids[index], taken)
    final = [slug for slug in slugs if slug]
    assert len(final) == len(slugs)
    permalinks = {slug: link for slug, link in previous.items() if link.retired}
    for slug, paper_id, title, paper_sketch in zip(final, ids, titles, sketches):
        permalinks[slug] = Permalink(paper_id, title, paper_sketch)
    for slug, link in gone.items():
        permalinks[slug] = replace(link, retired=today,
                                   successor=_successor(link, final, sketches, set(kept)))
    retired = {slug: link for slug, link in permalinks.items() if link.retired}
    return Assignment(final, retired, permalinks)


def _successor(link: Permalink, slugs: list[str], sketches: Sequence[tuple[int, ...]],
               known: set[str]) -> str:
    """Return the slug of the new paper that reads most like a retired one, if close enough."""
    scored = [(similarity(link.sketch, paper_sketch), slug)
              for slug, paper_sketch in zip(slugs, sketches) if slug not in known]
    score, slug = max(scored, default=(0.0, ""))
    return slug if score >= SUCCESSOR else ""


def read_permalinks(path: Path | None) -> dict[str, Permalink]:
    """Read the map (empty when there is none yet)."""
    if path is None or not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {slug: Permalink(**{**fields, "sketch": _read_sketch(fields["sketch"])})
                for slug, fields in data["papers"].items()}
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise GeneratorError(f"{path}: not a papersite permalink map ({error}); "
                             "move it away to start a new one") from None


def _read_sketch(text: str) -> tuple[int, ...]:
    """Read a sketch written as hexadecimal, eight digits a hash."""
    return tuple(int(text[at:at + 8], 16) for at in range(0, len(text), 8))


def write_permalinks(path: Path | None, permalinks: dict[str, Permalink]) -> None:
    """Write the map, sorted (small diffs), and only if it changed."""
    if path is None:
        return
    papers = {slug: _fields(link) for slug, link in sorted(permalinks.items())}
    text = json.dumps({"version": 1, "papers": papers}, ensure_ascii=False, indent=1) + "\n"
    try:
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            return
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise GeneratorError(f"{path}: cannot write the permalink map ({error.strerror})") from None


def _fields(link: Permalink) -> dict[str, str]:
    """Return a link's entry in the map file: its fields that are set, the sketch in hex."""
    fields = {"id": link.id, "title": link.title,
              "sketch": "".join(f"{value:08x}" for value in link.sketch),
              "retired": link.retired, "successor": link.successor}
    return {key: value for key, value in fields.items() if value or key == "sketch"}
