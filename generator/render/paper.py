"""The paper page: title, chips, abstract, code button, related cards, mentions, place in its list."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from html import escape, unescape
from urllib.parse import urlsplit

from ..enrich.lookup import SCHOLAR_SEARCH
from ..enrich.mentions import link_names_in_html
from ..enrich.reasons import distinct_reasons
from ..enrich.tags import tag_slug
from ..links import PAPERS_INDEX, TAGS_DIR, page_url, paper_path, relative_url, tag_path
from ..model import RELATED_PER_PAPER, Collection, MovedPaper, Paper, RetiredPaper, Tag
from ..parse import collection_name
from ..text import plain_text, render_abstract_html, render_inline_html
from .cite import HERE, bibtex, is_citable, plain_reference, scholar_tags
from .common import (
    TAG_KIND_LABELS,
    TAG_KIND_SINGULAR,
    RenderOptions,
    area_href,
    area_of,
    derived_title_marks,
    front_matter,
    page_title,
    papers_by_area,
    plural,
)

# Where code lives: a link to one of these (or a subdomain) gets the page's Code button.
CODE_HOSTS = ("github.com", "gitlab.com", "anonymous.4open.science", "huggingface.co",
              "bitbucket.org", "codeberg.org", "sourceforge.net", "git.io", "gitee.com",
              "colab.research.google.com", "zenodo.org", "osf.io", "codeocean.com")


_HREF = re.compile(r'<a href="([^"]+)"')


@dataclass(frozen=True)
class Place:
    """Where a paper sits: its number in the collection, and its neighbours in its area (the
    order of the all-papers page, where the papers are listed by area)."""

    number: int
    """Its position in the collection, from 1, in the order the lists give."""
    size: int
    """How many papers the collection holds."""
    previous: str | None = None
    """Slug of the paper before it in its area."""
    following: str | None = None
    """Slug of the paper after it in its area."""


@dataclass(frozen=True)
class PaperView:
    """What a paper page is made from, and nothing more.

    `render_paper_page` reads only this: a digest of all its fields is the page's render key
    (`render._view_key`), so a page is rendered again whenever anything it shows changed, and a
    field added here is in the key without anyone listing it.
    """

    paper: Paper
    """The paper, without its place on the topic map (only the map page shows that)."""
    place: Place | None
    """Its number, and its neighbours in its area: the previous and next links."""
    titles: tuple[tuple[str, str], ...]
    """(slug, title) of every paper the page links to: mentions, related, backlinks, pager."""
    gists: tuple[tuple[str, str], ...]
    """(slug, gist) of each related paper, shown on its card."""
    venue: str = ""
    """The collection's name ("NeurIPS 2026"): where the paper appears, for citing it."""
    derived: tuple[str, ...] = ()
    """The slugs of the related papers whose titles papersite derived (their cards say so)."""


def paper_view(paper: Paper, titles_by_slug: dict[str, str], gists_by_slug: dict[str, str],
               place: Place | None = None, venue: str = "",
               derived: frozenset[str] = frozenset()) -> PaperView:
    """Gather what `render_paper_page` shows of a paper and of the papers it links to."""
    linked = {mention.target for mention in paper.mentions} | set(paper.mentioned_by) | {
        link.slug for link in paper.related}
    if place is not None:
        linked |= {slug for slug in (place.previous, place.following) if slug}
    return PaperView(
        paper=replace(paper, map_position=None), place=place,
        titles=tuple(sorted((slug, titles_by_slug[slug]) for slug in linked
                            if slug in titles_by_slug)),
        gists=tuple((link.slug, gists_by_slug[link.slug]) for link in paper.related
                    if link.slug in gists_by_slug),
        venue=venue, derived=tuple(link.slug for link in paper.related if link.slug in derived))


def render_paper_page(view: PaperView, options: RenderOptions) -> str:
    """Return the Markdown source of one paper page (laid out by `theme_overrides/paper.html`)."""
    paper, place = view.paper, view.place
    titles_by_slug, gists_by_slug = dict(view.titles), dict(view.gists)
    here = paper_path(paper.slug)
    abstract = paper.abstract
    meta = {
        "title": page_title(paper.title),
        "template": "paper.html",
        "title_source": paper.title_source,
        "id": abstract.id,
        "list": abstract.list_name,
        "sources": [f"{s.file} #{s.position} (line {s.line})" for s in abstract.sources],
        "tags": [tag.name for tag in paper.tags],
        # What a link preview and a search engine show: the gist. Escaped here, as the theme
        # writes it into attributes as it is.
        "description": escape(plain_text(paper.gist) or page_title(paper.title), quote=True),
        "hide": ["toc"],  # no outline; the tag chips are papersite's own, in the content
        "search": {"exclude": True},  # indexed from memory: see search_index.py
    }
    if scholar := scholar_tags(paper, view.venue):
        meta["papersite_head"] = scholar  # Google Scholar's citation_* tags (theme's extrahead)
    abstract_html = _render_abstract(paper, here, options)
    body = ['<article class="ps-paper">', _render_breadcrumbs(paper, here, options),
            f'<h1 class="ps-title">{render_inline_html(paper.title)}</h1>']
    if paper.title_source == "derived":
        body.append('<p class="ps-title-note">Title derived from the abstract by papersite; '
                    "not the authors' title.</p>")
    body.append(_render_chips(paper.tags, here, options))
    body.append(_render_actions(paper, abstract_html))
    body.append(_render_cite(paper, view.venue, here, options))
    body.append(f'<div class="ps-abstract">{abstract_html}</div>')
    body.append(_render_given_fields(paper))
    body.append(_render_mentions(paper, titles_by_slug, here, options))
    body.append(_render_related(paper, titles_by_slug, gists_by_slug, set(view.derived), here,
                                options))
    body.append(_render_backlinks(paper, titles_by_slug, here, options))
    body.append(_render_sources(paper, place))
    body.append(_render_pager(paper, place, titles_by_slug, here, options))
    body.append("</article>")
    return front_matter(meta) + "\n".join(part for part in body if part) + "\n"


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
        of_kind = [tag for tag in tags if tag.kind == kind]
        chips = "".join(
            f'<a class="md-tag ps-tag ps-tag--{tag.kind}" '
            f'href="{relative_url(here, tag_path(tag_slug(tag)), options.directory_urls)}">'
            f"{escape(tag.name)}{_members(tag)}</a>" for tag in of_kind)
        if chips:
            rows.append(f"<dt>{TAG_KIND_SINGULAR[kind] if len(of_kind) == 1 else label}</dt>"
                        f"<dd>{chips}</dd>")
    return f'<dl class="ps-tags">{"".join(rows)}</dl>' if rows else ""


def _members(tag: Tag) -> str:
    """The family members a paper names, shortened by the family's name: " · 7B, 13B"."""
    if not tag.variants:
        return ""
    short = [variant[len(tag.name) + 1:] if variant[:len(tag.name) + 1] in (tag.name + "-", tag.name + " ")
             else variant for variant in tag.variants]
    return f' <span class="ps-tag-members">· {escape(", ".join(short))}</span>'


def _render_actions(paper: Paper, abstract_html: str) -> str:
    """Return the page's buttons: code links found in the abstract, then "Save" and "Copy
    link", which the page's scripts show (papersite-list.js, papersite-reading.js)."""
    buttons = [
        f'<a class="md-button md-button--primary ps-code" href="{escape(url)}" rel="nofollow noopener">'
        f"Code <small>{escape(host)}</small></a>" for url, host in code_links(paper, abstract_html)]
    if paper.find_url:
        buttons.append(_render_find_link(paper.find_url, "md-button ps-find"))
    buttons.append('<button type="button" class="md-button ps-save" data-ps-save hidden '
                   'aria-pressed="false">☆ Save</button>')  # to the reader's list: papersite-list.js
    buttons.append('<button type="button" class="md-button ps-copy" data-ps-copy="link" hidden>'
                   "Copy link</button>")
    return f'<p class="ps-actions">{" ".join(buttons)}</p>'


def _render_cite(paper: Paper, venue: str, here: str, options: RenderOptions) -> str:
    """Return the "Cite" panel: BibTeX when the list gave the title and authors, else a plain
    reference that says the title is derived; the page's address is filled in by the browser
    (the site-relative one until then)."""
    citable = is_citable(paper)
    text = bibtex(paper, venue) if citable else plain_reference(paper, venue)
    address = f'<span data-ps-here>{escape(page_url(here, options.directory_urls))}</span>'
    shown = escape(text).replace(HERE, address)
    label = "BibTeX" if citable else "Reference"
    find = (f'<p class="ps-cite-find">{_render_find_link(paper.find_url, "ps-find")}</p>'
            if paper.find_url else "")
    return (f'<details class="ps-cite" data-search-exclude><summary>Cite</summary>'
            f'<p class="ps-cite-kind">{label}</p><pre><code>{shown}</code></pre>'
            '<button type="button" class="md-button ps-copy" data-ps-copy="cite" hidden>Copy</button>'
            f"{find}</details>")


def _render_find_link(url: str, classes: str) -> str:
    """Return the "Find this paper" link, naming where it goes (a search, or the paper's host)."""
    host = (urlsplit(url).hostname or "").removeprefix("www.")
    where = "Google Scholar" if url.startswith(SCHOLAR_SEARCH) else host
    return (f'<a class="{classes}" href="{escape(url)}" rel="nofollow noopener">'
            f"Find this paper <small>{escape(where)}</small></a>")


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


def _render_related(paper: Paper, titles_by_slug: dict[str, str], gists_by_slug: dict[str, str],
                    derived: set[str], here: str, options: RenderOptions) -> str:
    heading = '<section class="ps-related" data-search-exclude><h2 id="related-papers">Related papers</h2>'
    if not paper.related:
        return (f'{heading}<p class="ps-related-note">No other paper of this collection is close '
                f'enough to this one to list.</p></section>')
    items = []
    for link in paper.related:
        href = relative_url(here, paper_path(link.slug), options.directory_urls)
        gist = gists_by_slug.get(link.slug)
        gist = f'<span class="ps-gist">{escape(plain_text(gist))}</span>' if gist else ""
        why = "".join(f"<span>{escape(reason)}</span>" for reason in distinct_reasons(link.reasons))
        why = f'<span class="ps-why">{why}</span>' if why else ""
        said, mark = derived_title_marks(link.slug in derived, options.mark_derived)
        items.append(f'<li{said}><a href="{href}">{render_inline_html(titles_by_slug[link.slug])}</a>'
                     f'{mark}{gist}{why}</li>')
    note = ""
    if len(paper.related) < RELATED_PER_PAPER:
        note = (f'<p class="ps-related-note">Only {plural(len(paper.related), "paper")} of this '
                f'collection {"is" if len(paper.related) == 1 else "are"} close enough to this '
                f'one to list.</p>')
    return f'{heading}<ol class="ps-cards">{"".join(items)}</ol>{note}</section>'


def _render_backlinks(paper: Paper, titles_by_slug: dict[str, str], here: str,
                      options: RenderOptions) -> str:
    if not paper.mentioned_by:
        return ""
    items = "".join(
        f'<li><a href="{relative_url(here, paper_path(slug), options.directory_urls)}">'
        f"{render_inline_html(titles_by_slug[slug])}</a></li>" for slug in paper.mentioned_by)
    return ('<section class="ps-backlinks" data-search-exclude><h2 id="mentioned-by">Mentioned by</h2>'
            f"<ul>{items}</ul></section>")


def _render_breadcrumbs(paper: Paper, here: str, options: RenderOptions) -> str:
    """Return the way back: all papers › the paper's area."""
    papers = relative_url(here, PAPERS_INDEX, options.directory_urls)
    area = area_of(paper)
    return (f'<nav class="ps-breadcrumbs" aria-label="Breadcrumbs" data-search-exclude>'
            f'<a href="{papers}">Papers</a><span aria-hidden="true"> › </span>'
            f'<a href="{area_href(here, area, options)}">{escape(area)}</a></nav>')


def _render_sources(paper: Paper, place: Place | None) -> str:
    """Say where the paper comes from as a reader knows it: the list's name and the paper's
    number in the collection (file names and lines stay in the page's metadata)."""
    number = f": paper {place.number:,} of {place.size:,}" if place else ""
    name = collection_name(paper.abstract.list_name)  # "NeurIPS 2026", not its file's header
    return f'<p class="ps-source" data-search-exclude>From {escape(name)}{number}.</p>'



def _render_pager(paper: Paper, place: Place | None, titles_by_slug: dict[str, str], here: str,
                  options: RenderOptions) -> str:
    """Return links to the previous and next paper of the same area; a reader who came from a
    tag's page gets that tag's neighbours instead (`papersite-reading.js`)."""
    if place is None or not (place.previous or place.following):
        return ""
    area = escape(area_of(paper))
    links = []
    for slug, rel, label in ((place.previous, "prev", "Previous"), (place.following, "next", "Next")):
        if slug:
            href = relative_url(here, paper_path(slug), options.directory_urls)
            links.append(f'<a class="ps-{rel}" rel="{rel}" href="{href}"><small>{label} in '
                         f"{area}</small><span>{render_inline_html(titles_by_slug[slug])}</span></a>")
    return ('<nav class="ps-pager" aria-label="Previous and next paper" data-search-exclude>'
            f'{"".join(links)}</nav>')


def paper_places(collection: Collection) -> dict[str, Place]:
    """Return each paper's place: its number in the collection, its neighbours in its area."""
    neighbours: dict[str, tuple[str | None, str | None]] = {}
    for papers in papers_by_area(collection).values():
        slugs = [paper.slug for paper in papers]
        for index, slug in enumerate(slugs):
            neighbours[slug] = (slugs[index - 1] if index else None,
                                slugs[index + 1] if index + 1 < len(slugs) else None)
    size = len(collection.papers)
    return {paper.slug: Place(number, size, *neighbours[paper.slug])
            for number, paper in enumerate(collection.papers, start=1)}


def render_retired_page(retired: RetiredPaper, collection: Collection, options: RenderOptions,
                        titles_by_slug: dict[str, str]) -> str:
    """Return the page left at a retired paper's URL: what it was, since when it is gone, and
    the paper that replaced it, if one reads alike (see `permalinks`)."""
    here = paper_path(retired.slug)
    papers = relative_url(here, PAPERS_INDEX, options.directory_urls)
    body = (f"<h1>{escape(retired.title)}</h1>\n"
            f'<p class="ps-retired">This paper is no longer in {escape(collection.name)}: '
            f"its abstract left the list on {escape(retired.since)}.</p>\n")
    if retired.successor in titles_by_slug:
        successor = relative_url(here, paper_path(retired.successor), options.directory_urls)
        body += (f'<p class="ps-retired">It reads most like <a href="{successor}">'
                 f"{render_inline_html(titles_by_slug[retired.successor])}</a>, which came in "
                 "its place.</p>\n")
    body += f'<p><a href="{papers}">All papers</a></p>\n'
    return front_matter({"title": f"Removed: {retired.title}", "template": "paper.html",
                         "hide": ["toc"], "search": {"exclude": True}}) + body


def render_moved_page(moved: MovedPaper, titles_by_slug: dict[str, str],
                      options: RenderOptions) -> str:
    """Return the page left at a paper's first address once its title changed: it sends the
    reader to the paper at once, and says where it went for a browser that does not."""
    here = paper_path(moved.first_slug)
    target = relative_url(here, paper_path(moved.slug), options.directory_urls)
    title = titles_by_slug[moved.slug]
    body = (f'<p class="ps-retired">This paper is now at <a href="{escape(target)}">'
            f"{render_inline_html(title)}</a>.</p>\n")
    head = (f'<meta http-equiv="refresh" content="0; url={escape(target)}">'
            f'<link rel="canonical" href="{escape(target)}"><meta name="robots" content="noindex">')
    return front_matter({"title": plain_text(title), "template": "paper.html", "hide": ["toc"],
                         "search": {"exclude": True}, "papersite_head": head}) + body
