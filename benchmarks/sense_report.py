"""The tags the sense checks (`papersite.enrich.senses`) removed and kept, to count and read.

    python -m benchmarks.senses --report .judging/senses_sample.md [--sample 40]

Tags every abstract of the shared lists and of the 5,000 real abstracts (`real_corpus`) twice,
with the checks and with every mention kept, and prints by list: the acronym and data-set or
model tags the checks removed (given without them, not with them) and those they kept (given,
with a mention the checks had a say on: an ambiguous acronym, or a name written in another case
than its spellings). Writes a reading sample: `--sample` removed and as many kept tags drawn at
random, shuffled, each with the sentence that triggered it and the abstract, which the sheet
does not say; the key (sheet line, paper, removed or kept, why) goes to
`benchmarks/data/senses_sample_key.jsonl`.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import papersite.enrich.tags as tagging
from papersite.enrich.senses import Senses
from papersite.enrich.titles import title_likelihood
from papersite.vocabulary_files import load_vocabulary

from .real_corpus import read_real_papers
from .tags import paper_key, read_papers
from .titles import year_of

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
LISTS = ("iclr2024", "colm2024", "aistats2025", "3dv2025")
KEY = Path(__file__).resolve().parent / "data" / "senses_sample_key.jsonl"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")


@dataclass(frozen=True)
class Decision:
    """One tag the sense checks had a say on."""

    list_name: str
    """The list the paper is in."""
    abstract: str
    """The paper's abstract."""
    tag: str
    """The tag's name."""
    kind: str
    """topic, dataset or model."""
    removed: bool
    """True if the checks took the tag away, False if they kept it."""
    written: str
    """The mention as written ("SNNs", "3D shapes")."""
    sentence: str
    """The sentence holding the mention."""
    check: str
    """Which check decided: "acronym" or "case"."""


class _Recorder(Senses):
    """The sense checks, noting each mention they had a say on: (text as matched, start, end,
    kind, name, kept)."""

    seen: list[tuple[str, int, int, str, str, bool]] = []

    def keeps(self, start: int, end: int, kind: str, name: str) -> bool:
        kept = super().keeps(start, end, kind, name)
        if self.checks(start, end, kind, name):
            _Recorder.seen.append((self._text, start, end, kind, name, kept))
        return kept


class _KeepAll(Senses):
    def keeps(self, start: int, end: int, kind: str, name: str) -> bool:
        return True


def decide(list_name: str, texts: list[str], year: int | None) -> list[Decision]:
    """Return the tags of `texts` the sense checks removed or kept (see the module)."""
    vocabulary = load_vocabulary()
    decisions = []
    for text in texts:
        likely = title_likelihood(text, "", year)
        tagging.Senses = _KeepAll  # type: ignore[misc]
        without = {(t.name, t.kind) for t in tagging.extract_tags(text, vocabulary, likely)}
        _Recorder.seen = []
        tagging.Senses = _Recorder  # type: ignore[misc]
        given = {(t.name, t.kind) for t in tagging.extract_tags(text, vocabulary, likely)}
        tagging.Senses = Senses  # type: ignore[misc]
        for name, kind in sorted(without | given):
            mentions = [m for m in _Recorder.seen if m[4] == name]
            removed = (name, kind) in without - given
            # Removed: a mention the checks refused; kept: one they let through.
            if not any(m[5] != removed for m in mentions) \
                    or not (removed or (name, kind) in given):
                continue
            # The mention that decided: a removed one if the tag went, else a kept one.
            seen, start, end, _, _, _ = next(m for m in mentions if m[5] != removed)
            decisions.append(Decision(list_name, text, name, kind, removed, seen[start:end],
                                      _sentence(seen, start),
                                      "acronym" if kind == "topic" else "case"))
    return decisions


def _sentence(text: str, at: int) -> str:
    starts = [0] + [m.end() for m in _SENTENCE_END.finditer(text) if m.end() <= at]
    end = _SENTENCE_END.search(text, at)
    return " ".join(text[starts[-1]:end.start() if end else len(text)].split())


def write_report(sheet: Path, sample: int = 40, seed: int = 43) -> None:
    """Print the counts by list and write the reading sample and its key."""
    everything: list[Decision] = []
    for name in LISTS:
        path = DATA / f"{name}.jsonl"
        decisions = decide(name, [p["abstract"] for p in read_papers(path)], year_of(path))
        _print_counts(name, decisions)
        everything += decisions
    # The 5,000 real abstracts: the shared lists' (decided above) and the background's.
    background = [p["abstract"] for p in read_real_papers(5000) if p["venue"] not in LISTS]
    everything += decide("real5000", background, 2025)
    _print_counts("real5000", everything)
    print("by tag (removed / kept):")
    by_tag = Counter((d.tag, d.removed) for d in everything)
    for tag in sorted({d.tag for d in everything}, key=lambda t: -by_tag[t, True] - by_tag[t, False]):
        print(f"  {tag:40s} {by_tag[tag, True]:4d} / {by_tag[tag, False]:4d}")
    rng = random.Random(seed)
    removed = [d for d in everything if d.removed]
    kept = [d for d in everything if not d.removed]
    drawn = rng.sample(removed, min(sample, len(removed))) + rng.sample(kept, min(sample, len(kept)))
    rng.shuffle(drawn)
    sheet.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# Senses: is the tag right for the paper?", "",
             "For each line: is the paper about the tag, in the tag's sense (an acronym), or does "
             "it use the data set or model so named? Answer right or wrong.", ""]
    key = []
    for number, decision in enumerate(drawn, 1):
        lines += [f"## {number}. {decision.tag} ({decision.kind}), written \"{decision.written}\"",
                  "", f"> {decision.sentence}", "", decision.abstract, ""]
        key.append({"line": number, "key": paper_key(decision.list_name, decision.abstract),
                    "tag": decision.tag, "kind": decision.kind, "written": decision.written,
                    "removed": decision.removed, "check": decision.check})
    sheet.write_text("\n".join(lines), encoding="utf-8")
    KEY.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in key),
                   encoding="utf-8")
    print(f"wrote {len(drawn)} tags to {sheet}, key to {KEY}")


def _print_counts(name: str, decisions: list[Decision]) -> None:
    counts = Counter((d.check, d.removed) for d in decisions)
    papers = len({d.abstract for d in decisions})
    print(f"{name:12s} acronym tags removed {counts['acronym', True]:3d} kept "
          f"{counts['acronym', False]:3d}; data-set/model tags removed {counts['case', True]:3d} "
          f"kept {counts['case', False]:3d} (on {papers} papers)")
