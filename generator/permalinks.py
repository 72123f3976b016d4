"""Permalinks: every address a paper was published at keeps leading to it.

A paper's slug is its current title's words and a key (`links.make_slug`): "mixed-spiked-
matrix-sensing-6fe98e". The key is made once, when the paper first appears, and kept in a map in
the project (`permalinks.json` beside `mkdocs.yml`, meant to be committed), under the paper's
first slug:
- an abstract whose id the map knows keeps its key, whatever its title is now: its slug follows
  the title (`links.retitle_slug`), and its first address becomes a page that sends the reader
  on (`Assignment.moved`); any other old address ends in the key, which the 404 page looks up;
- an edited abstract (a new id) keeps the key of the paper it was, when one that left the list
  reads nearly the same (`SAME_PAPER` of their word sketches, `sketch`);
- a paper that left the list keeps its entry, marked retired, and its first address becomes a
  page that says so, pointing to the paper that replaced it when one reads alike (`SUCCESSOR`).
The map holds what identifies a paper, never its current title, so a better derived title
changes no file of the project.
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
from .links import make_slug, retitle_slug, slug_key

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
    """The title in plain text when the paper first appeared (its first address's words): a
    retired page names it. Never updated, so that the map changes only with the list."""
    sketch: tuple[int, ...]
    retired: str = ""
    """The date the paper left the list (ISO), if it did."""
    successor: str = ""
    """The slug of the paper that replaced it, if one reads alike."""


@dataclass(frozen=True)
class Assignment:
    """What `assign` decided for one build."""

    slugs: list[str]
    """Each abstract's slug, in order: its current title's words and its key."""
    moved: dict[str, str]
    """The slug now, by the first slug, of each paper whose title changed since it appeared."""
    retired: dict[str, Permalink]
    """Retired papers, by their first slug."""
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
    """Give each abstract (its id, current title and `sketch`) its slug.

    Its entry in the map is the one the map has for its id, else that of the retired or
    vanished paper it is an edit of, else a new one (its first slug made from its title); its
    slug is that entry's key under its current title. Papers that left are retired.
    """
    today = today or date.today().isoformat()
    first_by_id = {link.id: slug for slug, link in previous.items()}
    firsts: list[str | None] = [first_by_id.get(paper_id) for paper_id in ids]
    kept = {slug for slug in firsts if slug}
    # Papers of the last build that no abstract now has: edited, or removed.
    gone = {slug: link for slug, link in previous.items() if slug not in kept and not link.retired}
    taken_keys = {slug_key(slug) for slug in previous}
    for index, first in enumerate(firsts):
        if first is not None:
            continue
        best = max(gone, key=lambda old: similarity(sketches[index], gone[old].sketch), default=None)
        if best is not None and similarity(sketches[index], gone[best].sketch) >= SAME_PAPER:
            firsts[index] = best
            del gone[best]
        else:
            firsts[index] = make_slug(titles[index], ids[index], taken_keys)
    final = [slug for slug in firsts if slug]
    assert len(final) == len(firsts)
    permalinks = {slug: link for slug, link in previous.items() if link.retired}
    for first, paper_id, title, paper_sketch in zip(final, ids, titles, sketches):
        earlier = previous.get(first)
        permalinks[first] = Permalink(paper_id, earlier.title if earlier else title, paper_sketch)
    slugs = _current_slugs(final, titles, set(permalinks))
    for slug, link in gone.items():
        permalinks[slug] = replace(link, retired=today,
                                   successor=_successor(link, final, sketches, set(kept)))
    retired = {slug: link for slug, link in permalinks.items() if link.retired}
    moved = {first: slug for first, slug in zip(final, slugs) if slug != first}
    return Assignment(slugs, moved, retired, permalinks)


def _current_slugs(firsts: list[str], titles: Sequence[str], first_slugs: set[str]) -> list[str]:
    """Return each paper's slug under its current title; its first slug where that would be
    another paper's (two papers of an old map may share a key)."""
    slugs: list[str] = []
    taken = set(first_slugs)
    for first, title in zip(firsts, titles):
        slug = retitle_slug(first, title)
        if slug != first and slug in taken:
            slug = first
        taken.add(slug)
        slugs.append(slug)
    return slugs


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
