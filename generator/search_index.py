"""Search entries for paper pages, made from what the pipeline already holds in memory.

Material's search plugin would parse every finished page's HTML to index it: slow at thousands
of pages, and it would index related-paper lists and boilerplate too. Paper pages are excluded
from it (`search: {exclude: true}` in their front matter) and get one lean entry each instead:
title, abstract as plain text (math as readable characters), tags and the names it coins.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from .links import page_url, paper_path
from .model import Collection
from .text import plain_text


def paper_search_entries(collection: Collection, directory_urls: bool) -> list[dict]:
    """Return one Material search entry per paper."""
    entries = []
    for paper in collection.papers:
        entry = {
            "location": page_url(paper_path(paper.slug), directory_urls),
            # Material shows title and text as HTML: escape them once.
            "title": escape(plain_text(paper.title), quote=False),
            "text": escape(plain_text(paper.abstract.text), quote=False),
            "tags": [tag.name for tag in paper.tags],
        }
        if paper.introduces:
            entry["names"] = " ".join(paper.introduces)
        entries.append(entry)
    return entries


def add_to_search_index(site_dir: Path, entries: list[dict]) -> int:
    """Append entries to the index Material's search plugin wrote; return its size in bytes."""
    path = site_dir / "search" / "search_index.json"
    if not path.exists():  # search is switched off
        return 0
    index = json.loads(path.read_text(encoding="utf-8"))
    index["docs"].extend(entries)
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    path.write_text(data, encoding="utf-8")
    return len(data.encode("utf-8"))
