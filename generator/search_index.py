"""A search index built ahead of time, in the form papersite's search worker reads directly.

Material's search sends every page's text to a Web Worker that builds a lunr index in the
browser: seconds at 5,000 papers, never done at 30,000, and offline (where the worker runs on the
page's own thread) a frozen page. So the index is built here, from what the pipeline holds in
memory, and Material's search box talks to papersite's worker
(`theme_overrides/assets/javascripts/papersite-search.js`, named in `theme_overrides/main.html`),
which speaks Material's worker protocol and only looks things up:

    search/search_index.json   Material's file, cut to its config plus a manifest (below); Material
                               fetches it on every page load (offline: search_index.js).
    search/papersite/manifest.*
                               the same manifest alone, for the search page (`papers/search/`),
                               which works under any builder (`papersite generate` writes the
                               index into the docs folder, with no Material search_index.json)
    search/papersite/d<n>.*    the page table, DOCS_PER_PART pages a file: location, title, tag
                               numbers (tag names are in the manifest), names it coins (if any)
    search/papersite/t<n>.*    term shards: the terms that start with one prefix, each with its
                               postings (document number and where the term occurs)
    search/papersite/p<n>.*    pair shards: the same for pairs of words side by side ("diffusion
                               model"), so that a phrase ranks the papers that have it first;
                               papers only, numbered from the first paper (`pairOffset`)
    search/papersite/x<n>.*    the pages' plain text, CHUNK_SIZE pages a file, for snippets
    search/papersite/o<n>.*    the pages a query offers when it names them exactly: each tag's
                               page and each given author's papers (see `search_offers`), split
                               by the first letter of the name: 9,000 authors make 250 kB

Pairs are taken with stop words left out, as queries are: "learning to rank" is the pair
"learning rank"; a field's pairs stay within one tag, name or keyword; a pair only one paper
has is left out (`MIN_PAIR_PAPERS`). The pair shards are made whole by the worker that indexes
the papers while MkDocs builds: they hold no hub page, so need no number MkDocs decides.

The worker fetches a term shard when a query needs it and text only for the results it shows
first. Hosted sites get `.json` files; offline builds `.js` files calling
`papersiteSearchData(name, value)`, because pages opened from disk can load scripts, not fetch.

Terms are made by `search_terms` (lower-cased, accents folded, stop words dropped, plurals
stripped), as the worker makes them of queries. A posting packs the document number's gap from
the previous posting and a weight character into base-64 digits: the weight holds which fields
the term is in (names the paper coins, title, tags, gist) and how often it is in the text,
capped at 3. The worker turns that into a score with field boosts, so ranking can change without
a new index.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .cache import ResultCache, content_key
from .enrich.tags import tag_slug
from .links import PAPERS_INDEX, page_url, paper_path, tag_path
from .model import Collection
from .search_terms import WORD, fold, term_weights
from .text import plain_text

INDEX_DIR = "papersite"
MANIFEST = "manifest"  # the index's config, for the search page (search_index.json holds it too)
CHUNK_SIZE = 16  # pages per text file: results fetch their own chunk only
DOCS_PER_PART = 5_000  # pages per file of the page table: offline, each is one short task
SHARD_LIMIT = 200_000  # bytes; a bigger two-letter shard splits by three letters
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
# A pair of words side by side is kept when papers share it: the phrases a topic is searched by.
# Most pairs are in one paper only (85% of ICLR 2024's), and would double the index.
MIN_PAIR_PAPERS = 2
_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class SearchIndexSize:
    """What the index weighs: pages indexed and bytes written."""

    pages: int
    """Pages in the index: papers and hand-written hub pages (and their sections)."""
    total_bytes: int
    """All files of the index together, the manifest included."""


def paper_search_entries(collection: Collection, directory_urls: bool) -> list[dict]:
    """Return one search entry (plain text) per paper: location, title, gist, text, tags, names,
    and the authors and keywords the list gives."""
    entries = []
    for paper in collection.papers:
        entries.append({
            "location": page_url(paper_path(paper.slug), directory_urls),
            "title": plain_text(paper.title),
            "gist": plain_text(paper.gist),
            "text": plain_text(paper.abstract.text),
            # Once each: search results show the names alone, and twelve areas share their name
            # with a topic ("Generative models" the area and the topic).
            "tags": list(dict.fromkeys(tag.name for tag in paper.tags)),
            "names": [plain_text(name) for name in paper.introduces],
            # Given by the list: a colleague's name or the authors' keywords find the paper.
            "given": [*paper.abstract.authors, *paper.abstract.keywords],
        })
    return entries


Posted = tuple[int, int, str]
"""A term's first paper and its weight, then its other postings encoded."""


@dataclass(frozen=True)
class PaperIndex:
    """The papers' part of the index: its bulk, which needs nothing from MkDocs."""

    entries: list[dict]
    """One search entry per paper (`paper_search_entries`)."""
    postings: dict[str, Posted]
    """Each term's postings, papers numbered from 0 (`_paper_postings`)."""
    pair_shards: list[tuple[str, str]]
    """The pair shards' keys and JSON texts, papers numbered from 0 (`_pair_shards`)."""
    offers: dict
    """The pages a query naming them is offered (`search_offers`)."""


def index_papers(collection: Collection, directory_urls: bool,
                 cache: ResultCache | None = None,
                 synonyms: Mapping[tuple[str, str], Sequence[str]] | None = None,
                 postings_cache: ResultCache | None = None) -> PaperIndex:
    """Return the papers' search entries and postings, so that a worker can work them out while
    MkDocs builds. Each entry's terms are remembered in `cache`, by the entry's content: after
    an edit, only the edited papers' text is read again. The postings of all the entries are
    remembered in `postings_cache`: a build whose papers did not change (a hand-written page
    edited under `mkdocs serve`) takes them as they are (2 s of a worker's time at 5,000)."""
    entries = paper_search_entries(collection, directory_urls)
    keys = [_entry_key(entry) for entry in entries]
    weights = ([term_weights(entry) for entry in entries] if cache is None
               else _remembered_term_weights(entries, keys, cache))
    key = content_key(*keys)
    inverted = postings_cache.get(key) if postings_cache else None
    if inverted is None:
        words, pairs = _postings_by_term(weights)
        inverted = (_paper_postings(words), _pair_shards(pairs))
        if postings_cache is not None:
            postings_cache.keep_one(key, inverted)
    postings, pair_shards = inverted
    return PaperIndex(entries, postings, pair_shards,
                      search_offers(collection, directory_urls, synonyms))


def search_offers(collection: Collection, directory_urls: bool,
                  synonyms: Mapping[tuple[str, str], Sequence[str]] | None = None) -> dict:
    """Return the pages a query that names them offers above the papers: under "pages",
    [name, kind, papers, location] for each tag's page, [synonym, kind, papers, location, name]
    for each other spelling of it (`synonyms`, by kind and name: "LLMs"), and [name, "author",
    papers] for each author the list gives, whose page is the papers page (under "papers")
    filtered by author.

    "Diffusion models" then leads to its tag page, the papers most about it first, and "Yoshua
    Bengio" to his papers, not only to the papers whose text has the words."""
    tags: Counter = Counter()
    authors: Counter = Counter()
    for paper in collection.papers:
        tags.update({(tag.name, tag.kind, tag_slug(tag)) for tag in paper.tags})
        authors.update(set(paper.abstract.authors))
    pages = []
    for (name, kind, slug), count in sorted(tags.items()):
        location = page_url(tag_path(slug), directory_urls)
        pages.append([name, kind, count, location])
        pages += [[synonym, kind, count, location, name]
                  for synonym in (synonyms or {}).get((kind, name), ()) if _is_acronym(synonym)]
    pages += [[name, "author", count] for name, count in sorted(authors.items())]
    return {"papers": page_url(PAPERS_INDEX, directory_urls), "pages": pages}


def _entry_key(entry: dict) -> str:
    return content_key(entry["title"], entry["gist"], entry["text"], *entry["tags"], "",
                       *entry["names"], "", *entry["given"])


def _remembered_term_weights(entries: list[dict], keys: list[str],
                             cache: ResultCache) -> list[dict[str, int]]:
    """Return each entry's `term_weights`, from `cache` where it has them (under its key in
    `keys`); keep only these."""
    weights = []
    for key, entry in zip(keys, entries):
        remembered = cache.get(key)
        if remembered is None:
            remembered = term_weights(entry)
            cache.put(key, remembered)
        weights.append(remembered)
    cache.keep_only(set(keys))
    cache.save()
    return weights


def add_to_search_index(site_dir: Path, papers: PaperIndex, offline: bool) -> SearchIndexSize:
    """Index the papers (see `index_papers`) after the pages Material indexed; point
    search_index.json at the result."""
    path = site_dir / "search" / "search_index.json"
    if not path.exists():  # search is switched off
        return SearchIndexSize(0, 0)
    material = json.loads(path.read_text(encoding="utf-8"))
    manifest, size = write_search_index(path.parent, papers, material.get("docs", []), offline)
    material["config"]["papersite"] = manifest
    material["docs"] = []  # the worker reads the index above; Material only passes config on
    data = json.dumps(material, ensure_ascii=False, separators=(",", ":"))
    path.write_text(data, encoding="utf-8")
    return SearchIndexSize(size.pages, size.total_bytes + len(data.encode("utf-8")))


def write_search_index(search_dir: Path, papers: PaperIndex, hub_docs: list[dict],
                       offline: bool) -> tuple[dict, SearchIndexSize]:
    """Write the index of the papers and of the hub pages (`hub_docs`, entries as Material's
    search_index.json has them) into `search_dir`/papersite, with its manifest as a file of its
    own (`MANIFEST`), which the search page reads under any builder; return the manifest."""
    hubs = _hub_entries(hub_docs)
    # Hub pages are found by their words alone: their pairs are left out.
    hub_words, _ = _postings_by_term([term_weights(entry) for entry in hubs])
    postings = _postings(hub_words, len(hubs), papers.postings)
    entries = [*hubs, *papers.entries]
    files, shards, tags = _build_files(entries, postings)
    files |= {f"p{number}": _Encoded(text) for number, (_, text) in enumerate(papers.pair_shards)}
    offer_keys, offer_files = _offer_files(papers.offers)
    files |= offer_files
    suffix = ".js" if offline else ".json"
    bytes_by_name, version = _write_files(search_dir / INDEX_DIR, files, suffix)
    manifest = {
        "version": version, "suffix": suffix, "digits": DIGITS, "chunk": CHUNK_SIZE,
        "docParts": sum(name.startswith("d") for name in files), "shards": shards, "tags": tags,
        "pairShards": {key: number for number, (key, _) in enumerate(papers.pair_shards)},
        "pairOffset": len(hubs), "offers": offer_keys}
    manifest_bytes = _write_manifest(search_dir / INDEX_DIR, manifest, suffix)
    return manifest, SearchIndexSize(len(entries), sum(bytes_by_name.values()) + manifest_bytes)


def _write_manifest(folder: Path, manifest: dict, suffix: str) -> int:
    """Write the manifest as `MANIFEST` + suffix (a script calling papersiteSearchData offline)."""
    data = json.dumps(manifest, ensure_ascii=False, separators=(",", ":"))
    if suffix == ".js":
        data = f"papersiteSearchData({json.dumps(MANIFEST)},{data})"
    encoded = data.encode("utf-8")
    (folder / f"{MANIFEST}{suffix}").write_bytes(encoded)
    return len(encoded)


def _is_acronym(spelling: str) -> bool:
    """Tell whether a tag's other spelling is its short name ("LLMs", "3DGS", "ViT"): the one
    kind a query may be sent to the tag's page by. Its other spellings are often narrower
    ("spectral clustering" of Clustering) and find their papers themselves."""
    return bool(_ACRONYM.fullmatch(spelling)) and sum(char.isupper() for char in spelling) >= 2


_ACRONYM = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)?")


def _offer_files(offers: dict) -> tuple[list[str], dict[str, object]]:
    """Split the offers by the first letter of their names' words, as the worker reads a query
    (folded, words joined by spaces); return the letters and the files, `o<n>` the n-th."""
    by_letter: dict[str, list] = defaultdict(list)
    for page in offers["pages"]:
        words = WORD.findall(fold(page[0]))
        if words:
            by_letter[words[0][0]].append(page)
    letters = sorted(by_letter)
    return letters, {f"o{number}": {"papers": offers["papers"], "pages": by_letter[letter]}
                     for number, letter in enumerate(letters)}


def _hub_entries(docs: list[dict]) -> list[dict]:
    """Return Material's entries (hand-written pages and their sections) as plain text."""
    return [{
        "location": doc["location"],
        "title": _html_to_text(doc.get("title", "")),
        "text": _html_to_text(doc.get("text", "")),
        "tags": list(doc.get("tags") or []),
        "names": [],
    } for doc in docs]


def _html_to_text(value: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", value)).split())


def _build_files(entries: list[dict], postings: dict[str, str]
                 ) -> tuple[dict[str, object], dict[str, int], list[str]]:
    """Return the index's files by name (page table, term shards, text chunks), shard keys, tags."""
    tag_names = sorted({tag for entry in entries for tag in entry["tags"]})
    tag_numbers = {tag: number for number, tag in enumerate(tag_names)}
    docs = [[entry["location"], entry["title"], [tag_numbers[tag] for tag in entry["tags"]],
             *([entry["names"]] if entry["names"] else [])]
            for entry in entries]
    files: dict[str, object] = {
        f"d{number}": docs[start:start + DOCS_PER_PART]
        for number, start in enumerate(range(0, len(docs), DOCS_PER_PART))}
    shard_numbers = {}
    for number, (key, shard) in enumerate(_shards(postings)):
        files[f"t{number}"] = shard
        shard_numbers[key] = number
    for number, start in enumerate(range(0, len(entries), CHUNK_SIZE)):
        # A paper's result shows its gist above the snippet of its abstract.
        files[f"x{number}"] = [[entry["gist"], entry["text"]] if entry.get("gist") else entry["text"]
                               for entry in entries[start:start + CHUNK_SIZE]]
    return files, shard_numbers, tag_names


def _paper_postings(postings_by_term: dict[str, list[tuple[int, int]]]) -> dict[str, Posted]:
    """Return each term's postings among the papers, the first one apart: the hub pages come
    first in the index, and their number is known only once MkDocs has built them."""
    return {term: (*pairs[0], _encode(pairs[1:], pairs[0][0]))
            for term, pairs in postings_by_term.items()}


def _pair_shards(postings_by_pair: dict[str, list[tuple[int, int]]]) -> list[tuple[str, str]]:
    """Return the pair shards, keys and JSON texts: the pairs of words side by side that two
    papers or more share, each with its postings, papers numbered from 0."""
    postings = {pair: _encode(pairs, 0) for pair, pairs in postings_by_pair.items()
                if len(pairs) >= MIN_PAIR_PAPERS}
    return [(key, json.dumps(shard, ensure_ascii=False, separators=(",", ":")))
            for key, shard in _shards(postings)]


def _postings_by_term(weights: list[dict[str, int]]) -> tuple[dict[str, list[tuple[int, int]]],
                                                                dict[str, list[tuple[int, int]]]]:
    """Return the (paper number, weight) postings of each word, and of each pair of words."""
    words: dict[str, list[tuple[int, int]]] = defaultdict(list)
    pairs: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for number, terms in enumerate(weights):
        for term, weight in terms.items():
            (pairs if " " in term else words)[term].append((number, weight))
    return words, pairs


def _postings(hubs: dict[str, list[tuple[int, int]]], hub_count: int,
              papers: dict[str, Posted]) -> dict[str, str]:
    """Return each term's postings, encoded: (gap to the previous document, weight) pairs; the
    papers are numbered after the `hub_count` hub pages, whose postings are `hubs`."""
    # Most terms are in no hub page: their first posting's gap is its number after the hubs.
    encoded = {term: _encode([(hub_count + first, weight)], 0) + rest
               for term, (first, weight, rest) in papers.items() if term not in hubs}
    for term, pairs in hubs.items():
        text = _encode(pairs, 0)
        if term in papers:
            first, weight, rest = papers[term]
            text += _encode([(hub_count + first, weight)], pairs[-1][0]) + rest
        encoded[term] = text
    return encoded


def _encode(pairs: list[tuple[int, int]], previous: int) -> str:
    """Encode (document number, weight) pairs as gaps from `previous` on, and weights."""
    digits = []
    for number, weight in pairs:
        gap = number - previous
        digits.append(_SHORT_PAIRS[gap][weight] if gap < 32 else _varint(gap) + DIGITS[weight])
        previous = number
    return "".join(digits)


# A gap under 32 and a weight, encoded: most postings are one of these 2,048 pairs.
_SHORT_PAIRS = [[gap_digit + weight_digit for weight_digit in DIGITS] for gap_digit in DIGITS[:32]]


@cache
def _varint(value: int) -> str:
    """Write a number in base-32 digits, most significant first; all but the last carry 32."""
    groups = [value & 31]
    value >>= 5
    while value:
        groups.append(value & 31)
        value >>= 5
    return "".join(DIGITS[group | 32] for group in reversed(groups[1:])) + DIGITS[groups[0]]


def _shards(postings: dict[str, str]) -> list[tuple[str, dict]]:
    """Group terms by their first two letters, or by more where fewer make a shard too big."""
    groups: dict[str, list[str]] = {}
    sizes = {term: len(term) + len(value) + 6 for term, value in postings.items()}
    _split(list(postings), 2, sizes, groups)
    shards = []
    for prefix, terms in sorted(groups.items()):
        terms.sort()
        shards.append((prefix, {"terms": terms, "postings": [postings[term] for term in terms]}))
    return shards


def _split(terms: list[str], length: int, sizes: dict[str, int],
           groups: dict[str, list[str]]) -> None:
    by_prefix: dict[str, list[str]] = defaultdict(list)
    for term in terms:  # a term as short as the prefix stays under its own key
        by_prefix[term[:length]].append(term)
    for prefix, group in by_prefix.items():
        if sum(map(sizes.__getitem__, group)) <= SHARD_LIMIT or all(len(t) <= length for t in group):
            groups[prefix] = group
        else:
            _split(group, length + 1, sizes, groups)


class _Encoded(str):
    """A file's value already written as JSON."""


def _write_files(folder: Path, files: dict[str, object], suffix: str) -> tuple[dict[str, int], str]:
    """Replace the folder's files with these; return their sizes by name and a version hash."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.iterdir():
        stale.unlink()
    digest = hashlib.sha256()
    bytes_by_name = {}
    for name, value in files.items():
        data = value if isinstance(value, _Encoded) else \
            json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        if suffix == ".js":
            data = f"papersiteSearchData({json.dumps(name)},{data})"
        encoded = data.encode("utf-8")
        (folder / f"{name}{suffix}").write_bytes(encoded)
        digest.update(encoded)
        bytes_by_name[name] = len(encoded)
    # Browsers may keep an index file of an earlier build: the worker asks for `?v=<version>`.
    return bytes_by_name, digest.hexdigest()[:12]
