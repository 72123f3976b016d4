"""Turn the enriched collection into page sources: a pure function of its arguments.

Each page is YAML front matter (which MkDocs and Material read: title, tags) followed by one raw
HTML block. The body is HTML rather than Markdown because the abstract is already typeset
(MathML, links) and safe; handing Markdown only the front matter keeps MkDocs' per-page work
small and keeps abstract text away from Markdown's raw-HTML pass-through.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from html import escape

from .enrich.mentions import link_names_in_html
from .enrich.tags import tag_slug
from .links import PAPERS_DIR, TAGS_DIR, paper_path, relative_url, tag_path
from .model import Collection, Paper, Tag
from .text import plain_text, render_abstract_html, render_inline_html

TAG_KIND_LABELS = {
    "area": "Areas",
    "topic": "Topics",
    "dataset": "Datasets & benchmarks",
    "model": "Models",
}
GIST_MAX_CHARS = 220
_NOT_YAML = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass(frozen=True)
class RenderOptions:
    """How links are written: directory URLs online, `.html` files for the offline build."""

    directory_urls: bool = True


def render_site(collection: Collection, options: RenderOptions) -> dict[str, str]:
    """Return every generated page as {docs-relative path: file text}."""
    pages: dict[str, str] = {}
    titles_by_slug = {paper.slug: paper.title for paper in collection.papers}
    for paper in collection.papers:
        pages[paper_path(paper.slug)] = render_paper_page(paper, titles_by_slug, options)
    pages[f"{PAPERS_DIR}/index.md"] = render_papers_index(collection, options)
    for tag, papers in _papers_by_tag(collection).items():
        pages[tag_path(tag_slug(tag))] = render_tag_page(tag, papers, options)
    pages[f"{TAGS_DIR}/index.md"] = render_tags_index(collection, options)
    return pages


def render_paper_page(paper: Paper, titles_by_slug: dict[str, str], options: RenderOptions) -> str:
    """Return the Markdown source of one paper page."""
    here = paper_path(paper.slug)
    abstract = paper.abstract
    meta = {
        "title": _page_title(paper.title),
        "title_source": paper.title_source,
        "id": abstract.id,
        "list": abstract.list_name,
        "sources": [f"{s.file} #{s.position} (line {s.line})" for s in abstract.sources],
        "tags": [tag.name for tag in paper.tags],
        "hide": ["tags"],  # our own chips link to our tag pages
        "search": {"exclude": True},  # indexed from memory: see search_index.py
    }
    body = [f'<article class="ps-paper">', f'<h1 class="ps-title">{render_inline_html(paper.title)}</h1>']
    if paper.title_source == "derived":
        body.append('<p class="ps-title-note">Title derived from the abstract by papersite; '
                    "not the authors' title.</p>")
    body.append(_render_chips(paper.tags, here, options))
    body.append(f'<div class="ps-abstract">{_render_abstract(paper, here, options)}</div>')
    body.append(_render_given_fields(paper))
    body.append(_render_related(paper, titles_by_slug, here, options))
    body.append(_render_backlinks(paper, titles_by_slug, here, options))
    body.append(_render_sources(paper))
    body.append("</article>")
    return _front_matter(meta) + "\n".join(part for part in body if part) + "\n"


def render_tag_page(tag: Tag, papers: list[Paper], options: RenderOptions) -> str:
    """Return the page listing every paper with one tag, with a one-line gist each."""
    here = tag_path(tag_slug(tag))
    kind = TAG_KIND_LABELS[tag.kind].lower()
    count = _plural(len(papers), "paper")
    # Tag pages repeat their papers' titles and gists: the papers' own entries find them.
    meta = {"title": escape(tag.name), "tag_kind": tag.kind, "search": {"exclude": True}}
    items = "".join(_render_paper_entry(paper, here, options) for paper in papers)
    index_link = relative_url(here, f"{TAGS_DIR}/index.md", options.directory_urls)
    body = (f'<h1>{escape(tag.name)}</h1>\n'
            f'<p class="ps-tag-summary">{count} · <a href="{index_link}">all {kind}</a></p>\n'
            f'<ul class="ps-entries">{items}</ul>\n')
    return _front_matter(meta) + body


def render_tags_index(collection: Collection, options: RenderOptions) -> str:
    """Return the tag index, grouped by kind, with the number of papers per tag."""
    here = f"{TAGS_DIR}/index.md"
    counts = Counter(tag for paper in collection.papers for tag in paper.tags)
    sections = []
    for kind, label in TAG_KIND_LABELS.items():
        tags = sorted((t for t in counts if t.kind == kind), key=lambda t: (-counts[t], t.name.lower()))
        if not tags:
            continue
        chips = "".join(
            f'<li><a class="md-tag" href="{relative_url(here, tag_path(tag_slug(t)), options.directory_urls)}">'
            f'{escape(t.name)}</a> <span class="ps-count">{counts[t]}</span></li>' for t in tags)
        anchor = kind
        sections.append(f'<h2 id="{anchor}">{escape(label)}</h2>\n<ul class="ps-tag-index">{chips}</ul>')
    body = "<h1>Tags</h1>\n" + "\n".join(sections) + "\n"
    return _front_matter({"title": "Tags"}) + body


def render_papers_index(collection: Collection, options: RenderOptions) -> str:
    """Return the list of every paper, grouped by source list."""
    here = f"{PAPERS_DIR}/index.md"
    by_file: dict[str, list[Paper]] = defaultdict(list)
    for paper in collection.papers:
        by_file[paper.abstract.sources[0].file].append(paper)
    sections = []
    for number, (file_name, papers) in enumerate(by_file.items(), start=1):
        items = "".join(_render_paper_entry(paper, here, options) for paper in papers)
        sections.append(f'<h2 id="list-{number}">{escape(file_name)} '
                        f'<span class="ps-count">{len(papers)}</span></h2>\n'
                        f'<ul class="ps-entries">{items}</ul>')
    title = f"All {_plural(len(collection.papers), 'paper')}"
    body = f"<h1>{escape(title)}</h1>\n" + "\n".join(sections) + "\n"
    return _front_matter({"title": "Papers", "search": {"exclude": True}}) + body


def render_overview(collection: Collection, here: str, options: RenderOptions) -> str:
    """Return the HTML block the home page shows: what the collection is and where to start."""
    papers = collection.papers
    counts = Counter(tag for paper in papers for tag in paper.tags if tag.kind == "topic")
    top = "".join(
        f'<a class="md-tag" href="{relative_url(here, tag_path(tag_slug(t)), options.directory_urls)}">'
        f"{escape(t.name)} <span class=\"ps-count\">{n}</span></a>" for t, n in counts.most_common(12))
    files = _plural(len(collection.source_files), "list file")
    papers_link = relative_url(here, f"{PAPERS_DIR}/index.md", options.directory_urls)
    tags_link = relative_url(here, f"{TAGS_DIR}/index.md", options.directory_urls)
    return (f'<div class="ps-overview">\n'
            f'<p class="ps-lead"><strong>{escape(collection.name)}</strong>: '
            f'{_plural(len(papers), "paper")} from {files}.</p>\n'
            f'<p><a class="md-button md-button--primary" href="{papers_link}">All papers</a> '
            f'<a class="md-button" href="{tags_link}">Browse by tag</a></p>\n'
            f'<p class="ps-top-topics">{top}</p>\n</div>')


def paper_records(collection: Collection, directory_urls: bool = True) -> list[dict]:
    """Return the collection as data, one record per paper, for `papers.json`."""
    id_by_slug = {paper.slug: paper.abstract.id for paper in collection.papers}
    records = []
    for paper in collection.papers:
        abstract = paper.abstract
        record = {
            "id": abstract.id,
            "title": plain_text(paper.title),
            "title_source": paper.title_source,
            "url": relative_url("index.md", paper_path(paper.slug), directory_urls),
            "tags": {kind: [t.name for t in paper.tags if t.kind == kind] for kind in TAG_KIND_LABELS},
            "related": [id_by_slug[link.slug] for link in paper.related],
            "sources": [{"file": s.file, "position": s.position, "line": s.line}
                        for s in abstract.sources],
            "abstract": abstract.text,
        }
        if abstract.authors:
            record["authors"] = list(abstract.authors)
        if abstract.keywords:
            record["keywords"] = list(abstract.keywords)
        if abstract.url:
            record["paper_url"] = abstract.url  # `url` is the page's own address
        records.append(record)
    return records


def _render_abstract(paper: Paper, here: str, options: RenderOptions) -> str:
    hrefs_by_name = {}
    for mention in paper.mentions:
        kind, _, tag = mention.target.partition("/")
        target = tag_path(tag) if kind == TAGS_DIR and tag else paper_path(mention.target)
        hrefs_by_name[mention.name] = relative_url(here, target, options.directory_urls)
    return link_names_in_html(render_abstract_html(paper.abstract.text), hrefs_by_name)


def _render_chips(tags: tuple[Tag, ...], here: str, options: RenderOptions) -> str:
    chips = "".join(
        f'<a class="md-tag ps-tag ps-tag--{tag.kind}" '
        f'href="{relative_url(here, tag_path(tag_slug(tag)), options.directory_urls)}">'
        f"{escape(tag.name)}</a>" for tag in tags)
    return f'<nav class="md-tags ps-tags">{chips}</nav>' if chips else ""


def _render_given_fields(paper: Paper) -> str:
    abstract = paper.abstract
    rows = []
    if abstract.authors:
        rows.append(f"<dt>Authors</dt><dd>{escape(', '.join(abstract.authors))}</dd>")
    if abstract.keywords:
        rows.append(f"<dt>Keywords</dt><dd>{escape(', '.join(abstract.keywords))}</dd>")
    if abstract.url.startswith(("http://", "https://")):
        url = escape(abstract.url)
        rows.append(f'<dt>Link</dt><dd><a href="{url}" rel="nofollow noopener">{url}</a></dd>')
    return f'<dl class="ps-given">{"".join(rows)}</dl>' if rows else ""


def _render_related(paper: Paper, titles_by_slug: dict[str, str], here: str,
                    options: RenderOptions) -> str:
    if not paper.related:
        return ""
    items = []
    for link in paper.related:
        href = relative_url(here, paper_path(link.slug), options.directory_urls)
        why = (f' <span class="ps-why">shared: {escape(", ".join(link.reasons))}</span>'
               if link.reasons else "")
        items.append(f'<li><a href="{href}">{render_inline_html(titles_by_slug[link.slug])}</a>{why}</li>')
    return ('<section class="ps-related" data-search-exclude><h2 id="related-papers">Related papers</h2>'
            f'<ol>{"".join(items)}</ol></section>')


def _render_backlinks(paper: Paper, titles_by_slug: dict[str, str], here: str,
                      options: RenderOptions) -> str:
    if not paper.mentioned_by:
        return ""
    items = "".join(
        f'<li><a href="{relative_url(here, paper_path(slug), options.directory_urls)}">'
        f"{render_inline_html(titles_by_slug[slug])}</a></li>" for slug in paper.mentioned_by)
    return ('<section class="ps-backlinks" data-search-exclude><h2 id="mentioned-by">Mentioned by</h2>'
            f"<ul>{items}</ul></section>")


def _render_sources(paper: Paper) -> str:
    places = "; ".join(f"{escape(s.file)}, abstract {s.position} (line {s.line})"
                       for s in paper.abstract.sources)
    label = "Sources" if len(paper.abstract.sources) > 1 else "Source"
    return (f'<p class="ps-source" data-search-exclude>{label}: {escape(paper.abstract.list_name)} — '
            f"{places}</p>")


def _render_paper_entry(paper: Paper, here: str, options: RenderOptions) -> str:
    href = relative_url(here, paper_path(paper.slug), options.directory_urls)
    return (f'<li><a href="{href}">{render_inline_html(paper.title)}</a>'
            f'<br><span class="ps-gist">{escape(gist(paper.abstract.text))}</span></li>')


def gist(text: str) -> str:
    """Return the abstract's first sentence as plain text, cut to one line."""
    first = _SENTENCE_END.split(plain_text(text), maxsplit=1)[0]
    if len(first) > GIST_MAX_CHARS:
        first = first[:GIST_MAX_CHARS].rsplit(" ", 1)[0] + "…"
    return first


def _papers_by_tag(collection: Collection) -> dict[Tag, list[Paper]]:
    papers_by_tag: dict[Tag, list[Paper]] = defaultdict(list)
    for paper in collection.papers:
        for tag in paper.tags:
            papers_by_tag[tag].append(paper)
    return papers_by_tag


def _page_title(title: str) -> str:
    """Return the title for MkDocs: plain text, HTML-escaped, as Material prints it unescaped."""
    return escape(plain_text(title))


def _front_matter(meta: dict) -> str:
    # JSON scalars are valid YAML: quotes, colons, `---` and newlines in titles stay safe.
    # Characters YAML forbids are dropped: front matter that fails to parse would be shown as text.
    lines = [f"{key}: {_NOT_YAML.sub('', json.dumps(value, ensure_ascii=False))}"
             for key, value in meta.items()]
    return "---\n" + "\n".join(lines) + "\n---\n\n"


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"
