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
from functools import partial
from html import escape, unescape
from urllib.parse import urlsplit

from slugify import slugify

from .charts import (OTHER_CLASS, Bar, Dot, colour_classes, draw_bar_chart, draw_topic_map,
                     place_labels)

from .enrich.mentions import link_names_in_html
from .enrich.tags import tag_slug
from .errors import GeneratorError
from .links import PAPERS_DIR, TAGS_DIR, paper_path, relative_url, tag_path
from .model import Collection, Paper, Tag
from .text import plain_text, render_abstract_html, render_inline_html

TAG_KIND_LABELS = {
    "area": "Areas",
    "topic": "Topics",
    "dataset": "Datasets & benchmarks",
    "model": "Models",
}
TAG_KIND_SINGULAR = {"area": "Area", "topic": "Topic", "dataset": "Dataset", "model": "Model"}
GIST_MAX_CHARS = 220
INDEX_GIST_MAX_CHARS = 150
"""The all-papers page is thousands of entries long: a shorter gist keeps it light."""
MAP_TITLE_MAX_CHARS = 110
MAP_PATH = f"{TAGS_DIR}/topic-map.md"
"""The topic map page: in a generated folder, beside the tags it charts."""
NO_AREA = "No area"
# Where code lives: a link to one of these (or a subdomain) gets the page's Code button.
CODE_HOSTS = ("github.com", "gitlab.com", "anonymous.4open.science", "huggingface.co",
              "bitbucket.org", "codeberg.org", "sourceforge.net", "git.io", "gitee.com",
              "colab.research.google.com", "zenodo.org", "osf.io", "codeocean.com")
_HREF = re.compile(r'<a href="([^"]+)"')
_NOT_YAML = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass(frozen=True)
class RenderOptions:
    """How links are written: directory URLs online, `.html` files for the offline build."""

    directory_urls: bool = True


@dataclass(frozen=True)
class ListPlace:
    """Where a paper sits in its (first) source list, for the page's previous/next links."""

    size: int
    """How many abstracts the list file holds."""
    previous: str | None = None
    """Slug of the paper before it in the list."""
    following: str | None = None
    """Slug of the paper after it in the list."""


def render_site(collection: Collection, options: RenderOptions) -> dict[str, str]:
    """Return every generated page as {docs-relative path: file text}."""
    pages: dict[str, str] = {}
    titles_by_slug = {paper.slug: paper.title for paper in collection.papers}
    places = _list_places(collection)
    for paper in collection.papers:
        pages[paper_path(paper.slug)] = render_paper_page(paper, titles_by_slug, options,
                                                          places[paper.slug])
    pages[f"{PAPERS_DIR}/index.md"] = render_papers_index(collection, options)
    for tag, papers in _papers_by_tag(collection).items():
        pages[tag_path(tag_slug(tag))] = render_tag_page(tag, papers, options)
    pages[f"{TAGS_DIR}/index.md"] = render_tags_index(collection, options)
    if MAP_PATH in pages:
        raise GeneratorError(f"a tag's page would replace the topic map ({MAP_PATH}): "
                             "rename the tag named like it in your vocabulary")
    pages[MAP_PATH] = render_map_page(collection, options)
    return pages


def render_paper_page(paper: Paper, titles_by_slug: dict[str, str], options: RenderOptions,
                      place: ListPlace | None = None) -> str:
    """Return the Markdown source of one paper page (laid out by `theme_overrides/paper.html`)."""
    here = paper_path(paper.slug)
    abstract = paper.abstract
    meta = {
        "title": _page_title(paper.title),
        "template": "paper.html",
        "title_source": paper.title_source,
        "id": abstract.id,
        "list": abstract.list_name,
        "sources": [f"{s.file} #{s.position} (line {s.line})" for s in abstract.sources],
        "tags": [tag.name for tag in paper.tags],
        "hide": ["tags", "toc"],  # our own chips link to our tag pages; the page has no outline
        "search": {"exclude": True},  # indexed from memory: see search_index.py
    }
    abstract_html = _render_abstract(paper, here, options)
    body = ['<article class="ps-paper">', f'<h1 class="ps-title">{render_inline_html(paper.title)}</h1>']
    if paper.title_source == "derived":
        body.append('<p class="ps-title-note">Title derived from the abstract by papersite; '
                    "not the authors' title.</p>")
    body.append(_render_chips(paper.tags, here, options))
    body.append(_render_actions(paper, abstract_html, here, options))
    body.append(f'<div class="ps-abstract">{abstract_html}</div>')
    body.append(_render_given_fields(paper))
    body.append(_render_mentions(paper, titles_by_slug, here, options))
    body.append(_render_related(paper, titles_by_slug, here, options))
    body.append(_render_backlinks(paper, titles_by_slug, here, options))
    body.append(_render_sources(paper, place))
    body.append(_render_pager(place, titles_by_slug, here, options))
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
    map_link = relative_url(here, MAP_PATH, options.directory_urls)
    body = ("<h1>Tags</h1>\n"
            f'<p class="ps-tag-summary">Areas, topics, datasets and models the abstracts name; '
            f'the <a href="{map_link}">topic map</a> shows how the areas lie.</p>\n'
            + "\n".join(sections) + "\n")
    return _front_matter({"title": "Tags"}) + body


def render_papers_index(collection: Collection, options: RenderOptions) -> str:
    """Return the list of every paper, grouped by area (largest first), one compact entry each."""
    here = f"{PAPERS_DIR}/index.md"
    papers_by_area = _papers_by_area(collection)
    jumps = "".join(
        f'<li><a href="#{_area_anchor(area)}">{escape(area)}</a> <span class="ps-count">{len(papers)}</span></li>'
        for area, papers in papers_by_area.items())
    sections = []
    for area, papers in papers_by_area.items():
        items = "".join(_render_paper_entry(paper, here, options, INDEX_GIST_MAX_CHARS) for paper in papers)
        sections.append(f'<section class="ps-group"><h2 id="{_area_anchor(area)}">{escape(area)} '
                        f'<span class="ps-count">{len(papers)}</span></h2>\n'
                        f'<ul class="ps-entries">{items}</ul></section>')
    map_link = relative_url(here, MAP_PATH, options.directory_urls)
    files = _plural(len(collection.source_files), "list file")
    title = f"All {_plural(len(collection.papers), 'paper')}"
    body = (f"<h1>{escape(title)}</h1>\n"
            f'<p class="ps-tag-summary">{escape(collection.name)}, from {files}, grouped by area, '
            f'each in list order; every page names its list and place. '
            f'See them side by side on the <a href="{map_link}">topic map</a>.</p>\n'
            f'<ul class="ps-tag-index ps-jumps">{jumps}</ul>\n' + "\n".join(sections) + "\n")
    return _front_matter({"title": "Papers", "hide": ["toc"], "search": {"exclude": True}}) + body


def render_map_page(collection: Collection, options: RenderOptions) -> str:
    """Return the topic map page: every paper a linked dot, coloured by area, with a legend."""
    here = MAP_PATH
    papers_by_area = _papers_by_area(collection)
    classes = colour_classes(list(papers_by_area))
    dots = [Dot(x=paper.map_position[0], y=paper.map_position[1],
                href=relative_url(here, paper_path(paper.slug), options.directory_urls),
                title=_short(plain_text(paper.title), MAP_TITLE_MAX_CHARS),
                colour=classes[_area_of(paper)])
            for paper in collection.papers if paper.map_position is not None]
    labels = place_labels({
        area: [paper.map_position for paper in papers if paper.map_position is not None]
        for area, papers in papers_by_area.items()
        if classes[area] != OTHER_CLASS and len(papers) >= max(2, len(collection.papers) // 50)})
    legend = "".join(
        f'<li><a href="{_area_href(here, area, options)}"><span class="ps-swatch {classes[area]}"></span>'
        f'{escape(area)}</a> <span class="ps-count">{len(papers)}</span></li>'
        for area, papers in papers_by_area.items())
    caption = f"Topic map of {_plural(len(dots), 'paper')}"
    svg = draw_topic_map(dots, labels, caption)
    body = ("<h1>Topic map</h1>\n"
            f'<p class="ps-tag-summary">Each dot is one of the {_plural(len(dots), "paper")} of '
            f"{escape(collection.name)}: papers whose abstracts share vocabulary sit close together. "
            "Colour shows the area; point at a dot for its title, click it to open the paper.</p>\n"
            f'<ul class="ps-legend">{legend}</ul>\n'
            f'<div class="ps-map-frame">\n{svg}\n</div>\n')
    meta = {"title": "Topic map", "hide": ["navigation", "toc"], "search": {"exclude": True}}
    return _front_matter(meta) + body


def render_overview(collection: Collection, here: str, options: RenderOptions) -> str:
    """Return the HTML block the home page shows: what the collection is and where to start."""
    papers = collection.papers
    counts = Counter(tag for paper in papers for tag in paper.tags if tag.kind == "topic")
    top = "".join(
        f'<a class="md-tag" href="{relative_url(here, tag_path(tag_slug(t)), options.directory_urls)}">'
        f"{escape(t.name)} <span class=\"ps-count\">{n}</span></a>" for t, n in counts.most_common(15))
    papers_by_area = _papers_by_area(collection)
    classes = colour_classes(list(papers_by_area))
    bars = [Bar(label=area, count=len(area_papers), href=_area_href(here, area, options),
                colour=classes[area]) for area, area_papers in papers_by_area.items()]
    chart = draw_bar_chart(bars, "Papers per area")
    files = _plural(len(collection.source_files), "list file")
    areas = _plural(len(papers_by_area), "area")
    link = partial(relative_url, here, directory_urls=options.directory_urls)
    return (f'<div class="ps-overview">\n'
            f'<h1 class="ps-home-title">{escape(collection.name)}</h1>\n'
            f'<p class="ps-lead">{_plural(len(papers), "paper")} from {files}, in {areas}: '
            "each with its abstract, typeset math, tags and the papers most related to it.</p>\n"
            f'<p class="ps-ways"><a class="md-button md-button--primary" href="{link(f"{PAPERS_DIR}/index.md")}">'
            f'All papers</a> <a class="md-button" href="{link(MAP_PATH)}">Topic map</a> '
            f'<a class="md-button" href="{link(f"{TAGS_DIR}/index.md")}">Tags</a> '
            '<label class="md-button" for="__search">Search</label></p>\n'
            '<div class="ps-home-grid">\n'
            f'<figure class="ps-figure">{chart}<figcaption>Papers per area</figcaption></figure>\n'
            f'<section class="ps-home-topics"><h2 id="largest-topics">Largest topics</h2>'
            f'<p class="ps-top-topics">{top}</p></section>\n</div>\n</div>')


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
    rows = []
    for kind, label in TAG_KIND_LABELS.items():
        chips = "".join(
            f'<a class="md-tag ps-tag ps-tag--{tag.kind}" '
            f'href="{relative_url(here, tag_path(tag_slug(tag)), options.directory_urls)}">'
            f"{escape(tag.name)}</a>" for tag in tags if tag.kind == kind)
        if chips:
            rows.append(f"<dt>{TAG_KIND_SINGULAR[kind] if _count_kind(tags, kind) == 1 else label}</dt>"
                        f"<dd>{chips}</dd>")
    return f'<dl class="ps-tags">{"".join(rows)}</dl>' if rows else ""


def _count_kind(tags: tuple[Tag, ...], kind: str) -> int:
    return sum(tag.kind == kind for tag in tags)


def _render_actions(paper: Paper, abstract_html: str, here: str, options: RenderOptions) -> str:
    """Return the page's buttons: code links found in the abstract, then the permalink."""
    buttons = [
        f'<a class="md-button md-button--primary ps-code" href="{escape(url)}" rel="nofollow noopener">'
        f"Code <small>{escape(host)}</small></a>" for url, host in code_links(paper, abstract_html)]
    own = relative_url(here, here, options.directory_urls)
    buttons.append(f'<a class="md-button ps-permalink" href="{own}" title="Link to this page">Permalink</a>')
    return f'<p class="ps-actions">{" ".join(buttons)}</p>'


def code_links(paper: Paper, abstract_html: str) -> list[tuple[str, str]]:
    """Return (URL, host) of each code repository the abstract or the input's URL points to.

    Hosts: the code hosts in CODE_HOSTS and their subdomains; first mention first; at most 3.
    """
    candidates = [unescape(href) for href in _HREF.findall(abstract_html)]
    candidates.append(paper.abstract.url)
    links: list[tuple[str, str]] = []
    for url in candidates:
        host = (urlsplit(url).hostname or "") if url.startswith(("http://", "https://")) else ""
        host = host.removeprefix("www.")
        if any(host == h or host.endswith("." + h) for h in CODE_HOSTS) and url not in dict(links):
            links.append((url, host))
    return links[:3]


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


def _render_mentions(paper: Paper, titles_by_slug: dict[str, str], here: str,
                     options: RenderOptions) -> str:
    """List the other papers this abstract names (tags it names are chips already)."""
    items = [
        f'<li><a href="{relative_url(here, paper_path(m.target), options.directory_urls)}">'
        f"{escape(m.name)}</a>: {render_inline_html(titles_by_slug[m.target])}</li>"
        for m in paper.mentions if m.target in titles_by_slug]
    if not items:
        return ""
    return ('<section class="ps-mentions" data-search-exclude><h2 id="mentions">Mentions</h2>'
            f'<ul>{"".join(items)}</ul></section>')


def _render_related(paper: Paper, titles_by_slug: dict[str, str], here: str,
                    options: RenderOptions) -> str:
    if not paper.related:
        return ""
    items = []
    for link in paper.related:
        href = relative_url(here, paper_path(link.slug), options.directory_urls)
        why = "".join(f"<span>{escape(reason)}</span>" for reason in _unique(link.reasons))
        why = f'<span class="ps-why">{why}</span>' if why else ""
        items.append(f'<li><a href="{href}">{render_inline_html(titles_by_slug[link.slug])}</a>{why}</li>')
    return ('<section class="ps-related" data-search-exclude><h2 id="related-papers">Related papers</h2>'
            f'<ol class="ps-cards">{"".join(items)}</ol></section>')


def _unique(reasons: tuple[str, ...]) -> list[str]:
    """Drop a reason said before in another case: a shared tag "CIFAR-100" and the term "cifar-100"."""
    seen: set[str] = set()
    unique = []
    for reason in reasons:
        if reason.casefold() not in seen:
            seen.add(reason.casefold())
            unique.append(reason)
    return unique


def _render_backlinks(paper: Paper, titles_by_slug: dict[str, str], here: str,
                      options: RenderOptions) -> str:
    if not paper.mentioned_by:
        return ""
    items = "".join(
        f'<li><a href="{relative_url(here, paper_path(slug), options.directory_urls)}">'
        f"{render_inline_html(titles_by_slug[slug])}</a></li>" for slug in paper.mentioned_by)
    return ('<section class="ps-backlinks" data-search-exclude><h2 id="mentioned-by">Mentioned by</h2>'
            f"<ul>{items}</ul></section>")


def _render_sources(paper: Paper, place: ListPlace | None) -> str:
    sources = paper.abstract.sources
    of = f" of {place.size:,}" if place else ""
    places = "; ".join(
        f"{escape(s.file)}, abstract {s.position:,}{of if i == 0 else ''} (line {s.line:,})"
        for i, s in enumerate(sources))
    label = "Sources" if len(sources) > 1 else "Source"
    return (f'<p class="ps-source" data-search-exclude>{label}: {escape(paper.abstract.list_name)} — '
            f"{places}</p>")


def _render_pager(place: ListPlace | None, titles_by_slug: dict[str, str], here: str,
                  options: RenderOptions) -> str:
    """Return links to the previous and next abstract of the same list."""
    if place is None or not (place.previous or place.following):
        return ""
    links = []
    for slug, rel, label in ((place.previous, "prev", "Previous"), (place.following, "next", "Next")):
        if slug:
            href = relative_url(here, paper_path(slug), options.directory_urls)
            links.append(f'<a class="ps-{rel}" rel="{rel}" href="{href}"><small>{label} in the list</small>'
                         f"<span>{render_inline_html(titles_by_slug[slug])}</span></a>")
    return f'<nav class="ps-pager" data-search-exclude>{"".join(links)}</nav>'


def _render_paper_entry(paper: Paper, here: str, options: RenderOptions,
                        gist_chars: int = GIST_MAX_CHARS) -> str:
    href = relative_url(here, paper_path(paper.slug), options.directory_urls)
    return (f'<li><a href="{href}">{render_inline_html(paper.title)}</a>'
            f'<span class="ps-gist">{escape(gist(paper.abstract.text, gist_chars))}</span></li>')


def _list_places(collection: Collection) -> dict[str, ListPlace]:
    """Return each paper's place in its first source list: the list's size, its neighbours."""
    size_by_file: dict[str, int] = defaultdict(int)
    for paper in collection.papers:
        for source in paper.abstract.sources:
            size_by_file[source.file] = max(size_by_file[source.file], source.position)
    slugs_by_file: dict[str, list[str]] = defaultdict(list)
    for paper in collection.papers:
        slugs_by_file[paper.abstract.sources[0].file].append(paper.slug)
    places = {}
    for file, slugs in slugs_by_file.items():
        for index, slug in enumerate(slugs):
            places[slug] = ListPlace(size=size_by_file[file],
                                     previous=slugs[index - 1] if index else None,
                                     following=slugs[index + 1] if index + 1 < len(slugs) else None)
    return places


def _area_of(paper: Paper) -> str:
    return next((tag.name for tag in paper.tags if tag.kind == "area"), NO_AREA)


def _papers_by_area(collection: Collection) -> dict[str, list[Paper]]:
    """Group papers by their area, largest area first (ties by name), papers in input order."""
    groups: dict[str, list[Paper]] = defaultdict(list)
    for paper in collection.papers:
        groups[_area_of(paper)].append(paper)
    order = sorted(groups, key=lambda area: (area == NO_AREA, -len(groups[area]), area.lower()))
    return {area: groups[area] for area in order}


def _area_anchor(area: str) -> str:
    return "area-" + (slugify(area) or "none")


def _area_href(here: str, area: str, options: RenderOptions) -> str:
    if area == NO_AREA:
        return relative_url(here, f"{PAPERS_DIR}/index.md", options.directory_urls) + f"#{_area_anchor(area)}"
    return relative_url(here, tag_path(tag_slug(Tag(area, "area"))), options.directory_urls)


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"


def gist(text: str, max_chars: int = GIST_MAX_CHARS) -> str:
    """Return the abstract's first sentence as plain text, cut to one line."""
    first = _SENTENCE_END.split(plain_text(text), maxsplit=1)[0]
    if len(first) > max_chars:
        first = first[:max_chars].rsplit(" ", 1)[0] + "…"
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


def read_front_matter(source: str) -> tuple[dict, str]:
    """Split a page this module rendered into its front matter and body, without a YAML parser.

    Every front-matter line is `key: <JSON>` (see `_front_matter`), so JSON reads it exactly and
    an order of magnitude faster than YAML, which matters at thousands of pages a build.
    """
    header, _, body = source[len("---\n"):].partition("\n---\n\n")
    meta = {}
    for line in header.split("\n"):
        key, _, value = line.partition(": ")
        meta[key] = json.loads(value)
    return meta, body


def _front_matter(meta: dict) -> str:
    # JSON scalars are valid YAML: quotes, colons, `---` and newlines in titles stay safe.
    # Characters YAML forbids are dropped: front matter that fails to parse would be shown as text.
    lines = [f"{key}: {_NOT_YAML.sub('', json.dumps(value, ensure_ascii=False))}"
             for key, value in meta.items()]
    return "---\n" + "\n".join(lines) + "\n---\n\n"


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"
