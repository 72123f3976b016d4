"""Count which multi-word terms papers use in their abstracts but not in their titles.

    python -m benchmarks.generic_phrases [../shared/data/background/papers.jsonl.gz]

A subject a paper is about reaches titles ("Gaussian splatting", "model merging"); a phrase
every paper uses on the way ("loss function", "latent space", "lower bound") seldom does.
`recurring.py` leaves out the second kind. Reads the background corpus at run time and writes
`generator/data/generic_phrases.json`, in two lists: "untitled", every candidate term (see
`recurring.term_key`) that at least MIN_ABSTRACTS abstracts use and whose share of titles among
the papers using it is under MAX_TITLE_SHARE (not even a reason two papers relate); "widespread",
the others that are no subject of a topic tag: under SUBJECT_TITLE_SHARE ("value function",
"inductive biases", "observational data"), or in WIDESPREAD abstracts or more and under
WIDESPREAD_TITLE_SHARE ("neural network"). A term no earlier paper used passes: new subjects
("process reward models") are what the collection step is for.
Only these phrases ship, never the text.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import Counter
from pathlib import Path

from papersite.enrich import recurring

from .established_names import background_argument

MIN_ABSTRACTS = 7
MAX_TITLE_SHARE = 0.1
# A subject reaches the titles of at least one in five papers using it: "sparse rewards"
# (10%) and "inductive biases" (13%) are said on the way, "scene reconstruction" (37%) and
# "human motion" (36%) are what papers are about. Judged on the topic sample, the terms
# between 10% and 20% were wrong topics as often as right ones.
SUBJECT_TITLE_SHARE = 0.2
# A term in thousands of earlier abstracts is the field's vocabulary unless titles carry it
# often: "neural network" (9,120 abstracts, 25% of titles).
WIDESPREAD = 2000
WIDESPREAD_TITLE_SHARE = 0.4


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
                        if count >= MIN_ABSTRACTS and in_titles[term] >= MAX_TITLE_SHARE * count
                        and (in_titles[term] < SUBJECT_TITLE_SHARE * count or
                             count >= WIDESPREAD and in_titles[term] < WIDESPREAD_TITLE_SHARE * count))
    generic = {"untitled": untitled, "widespread": widespread}
    text = json.dumps(generic, separators=(",", ":"), ensure_ascii=False)
    recurring.GENERIC_PATH.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {recurring.GENERIC_PATH}: {len(untitled)} + {len(widespread)} phrases "
          f"({len(text) / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
