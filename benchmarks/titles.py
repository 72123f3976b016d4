"""Score derived titles against the real titles of a conference list.

    python -m benchmarks.titles ../shared/data/iclr2024.jsonl [--holdout] [--model PATH]

Hides the real titles, derives titles from the abstracts and prints: name recall (papers whose
real title starts with "NAME:" and whose abstract contains NAME: the share whose derived title
contains NAME), the content-word F1 between derived and real titles, the distribution of title
lengths in words, 20 random (real, derived) pairs and the CPU time taken. With --holdout, the word
model is trained on half of the papers and scored on the other half only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from generator.enrich import titles
from generator.enrich.titles import scoring

_WORD = re.compile(r"[a-z0-9]+")
_NAME_PREFIX = re.compile(r"^([^:]{1,60}):")


def read_papers(path: Path) -> list[dict]:
    """Read JSON Lines records that have both a title and an abstract."""
    with path.open(encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    return [r for r in records if r.get("title") and r.get("abstract")]


def split_half(papers: list[dict], seed: int = 0) -> tuple[list[dict], list[dict]]:
    """Split papers into a training half and a held-out half, the same way every time."""
    shuffled = sorted(papers, key=lambda r: r.get("id", r["title"]))
    random.Random(seed).shuffle(shuffled)
    middle = len(shuffled) // 2
    return shuffled[:middle], shuffled[middle:]


def content_words(title: str) -> set[str]:
    """Lower-case words, English stop words dropped, each cut to its first 6 characters."""
    return {w[:6] for w in _WORD.findall(title.lower()) if w not in ENGLISH_STOP_WORDS}


def content_f1(derived: str, real: str) -> float:
    """F1 of the overlap of two titles' content-word sets (0 when either set is empty)."""
    ours, theirs = content_words(derived), content_words(real)
    if not ours or not theirs:
        return 0.0
    overlap = len(ours & theirs)
    return 2 * overlap / (len(ours) + len(theirs))


def evaluate(papers: list[dict], seed: int = 0, show: int = 20) -> dict[str, float]:
    """Derive a title for every paper, print the report and return the headline figures.

    The time is CPU time for `derive_title` and `introduced_names` together, as the build calls
    them, so that other processes on a loaded machine do not count.
    """
    titles._prepare_and_name.cache_clear()  # time every text from scratch
    start = time.process_time()
    derived = []
    for paper in papers:
        derived.append(titles.derive_title(paper["abstract"])[0])
        titles.introduced_names(paper["abstract"])
    elapsed = time.process_time() - start
    named = [(paper, title) for paper, title in zip(papers, derived)
             if (m := _NAME_PREFIX.match(paper["title"])) and m.group(1) in paper["abstract"]]
    hits = sum(_NAME_PREFIX.match(p["title"]).group(1) in title for p, title in named)
    recall = hits / len(named) if named else float("nan")
    f1 = statistics.fmean(content_f1(t, p["title"]) for p, t in zip(papers, derived))
    lengths = sorted(len(title.split()) for title in derived)
    outside = sum(not titles.MIN_WORDS <= n <= titles.MAX_WORDS for n in lengths)
    quartiles = statistics.quantiles(lengths, n=4)
    print(f"papers: {len(papers)}")
    print(f"(a) name recall: {recall:.3f} ({hits}/{len(named)})")
    print(f"(b) content-word F1: {f1:.3f}")
    print(f"(c) length in words: min {lengths[0]}, quartiles {quartiles[0]:g} / {quartiles[1]:g}"
          f" / {quartiles[2]:g}, max {lengths[-1]}; outside {titles.MIN_WORDS}-"
          f"{titles.MAX_WORDS}: {outside}")
    print(f"(d) {show} random pairs (seed {seed}):")
    for index in random.Random(seed).sample(range(len(papers)), min(show, len(papers))):
        print(f"    real:    {papers[index]['title']}")
        print(f"    derived: {derived[index]}")
    print(f"time: {elapsed:.2f} s CPU ({1000 * elapsed / len(papers):.3f} ms a paper; load average"
          f" {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs)")
    return {"name_recall": recall, "f1": f1, "outside": outside, "seconds": elapsed}


def use_model(path: Path) -> None:
    """Make `derive_title` read the word model at `path`."""
    scoring.use_model(path)


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, help="JSON Lines with title and abstract fields")
    parser.add_argument("--holdout", action="store_true",
                        help="train the word model on half the papers, score the other half")
    parser.add_argument("--model", type=Path, help="word model to use instead of the bundled one")
    args = parser.parse_args(argv)
    papers = read_papers(args.path)
    if args.model:
        use_model(args.model)
    if args.holdout:
        from benchmarks.train_titles import train
        training, held_out = split_half(papers)
        with tempfile.TemporaryDirectory() as folder:
            model_path = Path(folder) / "word_model.json"
            model_path.write_text(json.dumps(train(training)), encoding="utf-8")
            use_model(model_path)
            print(f"held-out half: trained on {len(training)} papers")
            evaluate(held_out)
        return 0
    evaluate(papers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
