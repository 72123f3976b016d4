"""The papers page's filters: every paper's tags (and given authors) in one compact script.

The papers page narrows the whole collection by area, topic, data set, model and author,
combined with AND (`theme_overrides/assets/javascripts/papersite-facets.js`). It loads this file
only when the reader first opens the filters, as a script, so that it works hosted and opened
from disk alike (a page opened from disk cannot fetch). Values are numbered once; a paper is its
link, title, whether the title is derived, its values' numbers, the numbers of its related papers
(best first) and its place on the topic map, by which the list sorts by how related each paper is
to one the reader picks:

    papersiteFacets({"kinds": [...], "values": [[kind, name, papers, [synonym, ...]?], ...],
                     "papers": [[href, title, derived, [value, ...], [related, ...], [x, y]], ...]})

Papers are in list order, values by kind, then by how many papers hold them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping

from ..links import PAPERS_DIR, PAPERS_INDEX, paper_path, relative_url
from ..model import Collection
from ..text import plain_text

FACETS_PATH = f"{PAPERS_DIR}/facets.js"
"""Beside the papers page (`links.PAPERS_INDEX`), which names it and whose links it holds."""
FACET_KINDS = ("area", "topic", "dataset", "model", "author")


def render_facets(collection: Collection, directory_urls: bool = True,
                  synonyms: Mapping[tuple[str, str], tuple[str, ...]] | None = None) -> str:
    """Return the script that hands the papers page its filters' data; a value's other names
    (`synonyms`, by kind and name: "LoRA" for Low-rank adaptation) let the reader type them."""
    synonyms = synonyms or {}
    held = [[(tag.kind, tag.name) for tag in paper.tags if tag.kind in FACET_KINDS] +
            [("author", author) for author in paper.abstract.authors]
            for paper in collection.papers]
    counts = Counter(value for values in held for value in dict.fromkeys(values))
    order = sorted(counts, key=lambda value: (FACET_KINDS.index(value[0]), -counts[value], value[1]))
    number = {value: index for index, value in enumerate(order)}
    position = {paper.slug: index for index, paper in enumerate(collection.papers)}
    data = {
        "kinds": FACET_KINDS,
        "values": [[FACET_KINDS.index(kind), name, counts[kind, name],
                    *([list(synonyms[kind, name])] if synonyms.get((kind, name)) else [])]
                   for kind, name in order],
        "papers": [[relative_url(PAPERS_INDEX, paper_path(paper.slug), directory_urls),
                    plain_text(paper.title), int(paper.title_source == "derived"),
                    sorted({number[value] for value in values}),
                    [position[link.slug] for link in paper.related if link.slug in position],
                    [round(coordinate, 3) for coordinate in paper.map_position or ()]]
                   for paper, values in zip(collection.papers, held)],
    }
    return f"papersiteFacets({json.dumps(data, ensure_ascii=False, separators=(',', ':'))});\n"
