"""Count which multi-word terms earlier papers put in their titles: subjects a paper can be about.

    python -m benchmarks.titled_phrases [../shared/data/background/papers.jsonl.gz]

A paper whose abstract neither the taxonomy nor the collection's recurring phrases give a topic
may still be about a subject other papers are titled after ("survival analysis", "tensor
completion", "mechanism design"). `coverage.py` gives such a paper that subject. Reads the
background corpus at run time and writes `generator/data/titled_phrases.json`: every candidate
term (see `recurring.term_key`) in at least MIN_TITLES titles and in titles for at least
SUBJECT_TITLE_SHARE of the abstracts using it (the share `generic_phrases` takes for a subject).
Only these phrases ship, never the text.
"""

from __future__ import annotations

import json
import sys

from papersite.enrich import coverage

from .established_names import background_argument
from .generic_phrases import SUBJECT_TITLE_SHARE, count_terms

MIN_TITLES = 3


def main(argv: list[str] | None = None) -> int:
    """Count the background corpus and write the list."""
    path = background_argument(__doc__.splitlines()[0], argv)
    if path is None:
        return 1
    in_abstracts, in_titles = count_terms(path)
    titled = sorted(term for term, count in in_titles.items()
                    if count >= MIN_TITLES and count >= SUBJECT_TITLE_SHARE * in_abstracts[term])
    text = json.dumps({"titled": titled}, separators=(",", ":"), ensure_ascii=False)
    coverage.TITLED_PATH.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {coverage.TITLED_PATH}: {len(titled)} phrases ({len(text) / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
