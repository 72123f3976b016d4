"""Count which multi-word terms papers use in their abstracts but not in their titles.

    python -m benchmarks.generic_phrases [../shared/data/background/papers.jsonl.gz]

A subject a paper is about reaches titles ("Gaussian splatting", "model merging"); a phrase
every paper uses on the way ("loss function", "latent space", "lower bound") seldom does.
`recurring.py` leaves out the second kind. Reads the background corpus at run time and writes
`generator/data/generic_phrases.json`, in two lists: "untitled", every candidate term (see
`recurring.term_key`) that at
least MIN_ABSTRACTS abstracts use and whose share of titles among the papers using it is under
MAX_TITLE_SHARE; "widespread", the others in WIDESPREAD abstracts or more whose title share is
under WIDESPREAD_TITLE_SHARE ("regret bound": a fine reason two papers relate, too wide a
topic). Only these phrases ship, never the text.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import Counter
from pathlib import Path

from papersite.enrich import recurring

from .established_names import background_argument

MIN_ABSTRACTS = 8
MAX_TITLE_SHARE = 0.1
# A term in hundreds of earlier abstracts is the field's vocabulary unless titles carry it often:
# "deep neural network" (2,086 abstracts, 16% of titles) against "domain adaptation" (823, 57%).
WIDESPREAD = 400
WIDESPREAD_TITLE_SHARE = 0.2


def count_terms(path: Path) -> tuple[Counter, Counter]:
    """Return how many abstracts, and how many titles, use each candidate term."""
    in_abstracts: Counter = Counter()
    in_titles: Counter = Counter()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            in_abstracts.update(recurring.candidate_terms(record["abstract"]))
            in_titles.update(recurring.candidate_terms(record["title"]))
    return in_abstracts, in_titles


def main(argv: list[str] | None = None) -> int:
    """Count the background corpus and write the list."""
    path = background_argument(__doc__.splitlines()[0], argv)
    if path is None:
        return 1
    in_abstracts, in_titles = count_terms(path)
    untitled = sorted(term for term, count in in_abstracts.items()
                      if count >= MIN_ABSTRACTS and in_titles[term] < MAX_TITLE_SHARE * count)
    widespread = sorted(term for term, count in in_abstracts.items()
                        if count >= WIDESPREAD and in_titles[term] < WIDESPREAD_TITLE_SHARE * count
                        and in_titles[term] >= MAX_TITLE_SHARE * count)
    generic = {"untitled": untitled, "widespread": widespread}
    text = json.dumps(generic, separators=(",", ":"), ensure_ascii=False)
    recurring.GENERIC_PATH.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {recurring.GENERIC_PATH}: {len(untitled)} + {len(widespread)} phrases "
          f"({len(text) / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
