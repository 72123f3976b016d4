"""Count which coined-looking names earlier papers already used, for `find_names` to skip.

    python -m benchmarks.established_names [../shared/data/background/papers.jsonl.gz]

A name that abstracts of earlier years use (ReLU, FID, MCMC, TinyImageNet, BF16) is
established: a paper that mentions it did not coin it. Reads the background corpus at run time
and writes `generator/data/titles/established_names.json`: for every name-like word used by at
least `MIN_ABSTRACTS` abstracts, the year in which its uses reached `MIN_ABSTRACTS` abstracts (so
that a list of a given year counts only what came before it) and how many abstracts use it.
Only these counts ship, never the text.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

from papersite.enrich.titles import established
from papersite.enrich.titles.coined import is_coined

BACKGROUND = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "background" / \
    "papers.jsonl.gz"
MIN_ABSTRACTS = 3
# Words that may be names: inner capitals or digits ("ReLU", "BF16"), or a Capitalised word
# inside a sentence ("Mamba"), hyphenated parts included.
_NAME_LIKE = re.compile(r"(?<![\w-])[A-Za-z][\w-]*[A-Z0-9][\w-]*|(?<=[a-z,] )[A-Z][a-z]{2,}\b")


def count_first_years(path: Path) -> dict[str, list[int]]:
    """Return, for each name-like word, the sorted years of the abstracts that use it."""
    years_by_name: dict[str, list[int]] = defaultdict(list)
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            year = int(record["year"])
            words = {word.strip("-") for word in _NAME_LIKE.findall(record["abstract"])}
            for word in words:
                if len(word) >= 2 and (is_coined(word) or word[:1].isupper()):
                    years_by_name[word].append(year)
    return {name: sorted(years) for name, years in years_by_name.items()
            if len(years) >= MIN_ABSTRACTS}


def background_argument(description: str, argv: list[str] | None) -> Path | None:
    """Read the command line of a script that reads the background corpus: its path, or None
    (said on stderr) when it is absent."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("path", type=Path, nargs="?", default=BACKGROUND)
    path = parser.parse_args(argv).path
    if not path.exists():
        print(f"{path}: no background corpus here", file=sys.stderr)
        return None
    return path


def main(argv: list[str] | None = None) -> int:
    """Count the background corpus and write the table."""
    path = background_argument(__doc__.splitlines()[0], argv)
    if path is None:
        return 1
    table = {name: [years[MIN_ABSTRACTS - 1], len(years)] for name, years in
             sorted(count_first_years(path).items())}
    text = json.dumps(table, separators=(",", ":"), ensure_ascii=False)
    established.TABLE_PATH.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {established.TABLE_PATH}: {len(table)} names ({len(text) / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
