"""Pages that list papers: a tag's page, the tag index, all papers, the topic map, the home overview."""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import partial
from html import escape

from ..charts import (
    Bar,
    Dot,
    colour_classes,
    draw_bar_chart,
    draw_topic_map,
    place_labels,
)
from ..enrich.contributions import is_contribution
from ..enrich.tags import tag_slug
from ..links import PAPERS_DIR, PAPERS_INDEX, TAGS_DIR, paper_path, relative_url, tag_path
from ..model import Collection, Paper, Tag
from ..text import plain_text
from .browse import NO_TOPIC, render_browse_list
from .common import (
    TAG_KIND_LABELS,
    RenderOptions,
    area_href,
    area_of,
    front_matter,
    papers_by_area,
    plural,
    render_paper_entry,
    shorten,
)
from .distinctive import background_size, distinctive_topics
from .facets import FACETS_PATH
from .tag_groups import group_papers, is_grouped

MAP_TITLE_MAX_CHARS = 110
MAP_TOPIC_LEAST = 3
"""The fewest papers a topic needs to be named on the zoomed-in map, around its papers."""
# The filters (papersite-facets.js); hidden until the script shows them, as they need it.
FACETS_PANEL = """<div class="ps-facets" data-ps-facets="{script}" hidden>
<button type="button" class="md-button ps-facet-open" aria-expanded="false"
 aria-controls="ps-facet-body">Filter by {kinds}</button>
<div class="ps-facet-body" id="ps-facet-body" hidden>
<p class="ps-facet-bar"><input type="search" class="ps-facet-input" aria-label="Filter by name"
 aria-describedby="ps-facet-suggestions" placeholder="Type a {kinds}, then Enter">
<label>Sort <select class="ps-facet-sort"><option value="list">in list order</option>
<option value="title">by title</option></select></label></p>
<p class="ps-facet-suggestions" id="ps-facet-suggestions" aria-live="polite"></p>
<ul class="ps-facet-chosen" aria-label="Chosen filters"></ul>
<p class="ps-facet-count" aria-live="polite"></p>
<div class="ps-facet-groups"></div>
<ul class="ps-entries ps-facet-results" hidden></ul>
<button type="button" class="md-button ps-facet-more" hidden>Show more</button>
</div>
</div>
"""


MAP_PATH = f"{TAGS_DIR}/topic-map.md"
MY_LIST_PATH = f"{PAPERS_DIR}/my-list.md"
"""The reader's own list of papers, kept in their browser (`papersite-list.js`)."""


"""The topic map page: in a generated folder, beside the tags it charts."""


def render_tag_page(tag: Tag, papers: list[Paper], options: RenderOptions,
                    collection_size: int = 0) -> str:
    """Return the page listing every paper with one tag, with a one-line gist each; a broad
    tag's papers grouped by their other topics (`tag_groups`)."""
    here = tag_path(tag_slug(tag))
    kind = TAG_KIND_LABELS[tag.kind].lower()
    count = plural(len(papers), "paper")
    # Tag pages repeat their papers' titles and gists: the papers' own entries find them.
    meta = {"title": escape(tag.name), "tag_kind": tag.kind, "search": {"exclude": True}}
    index_link = relative_url(here, f"{TAGS_DIR}/index.md", options.directory_urls)
    body = (f'<h1>{escape(tag.name)}</h1>\n'
            f'<p class="ps-tag-summary">{count} · <a href="{index_link}">all {kind}</a></p>\n')
    # The reading script keeps the order of `data-ps-trail` for the previous and next links of
    # the papers opened from here.
    grouped = group_papers(tag, papers) if is_grouped(len(papers), collection_size) else []
    # Papers that share no other topic three times over are one list, not "Other topics" alone.
    if not any(topic for topic, _ in grouped):
        items = "".join(render_paper_entry(paper, here, options) for paper in papers)
        return front_matter(meta) + body + (
            f'<ul class="ps-entries" data-ps-trail="{escape(tag.name)}">{items}</ul>\n')
    groups = [(escape(topic.name if topic else NO_TOPIC), tag_slug(topic) if topic else "other-topics",
               members) for topic, members in grouped]
    chips = " ".join(f'<a class="md-tag" href="#{anchor}">{name} '
                     f'<span class="ps-count">{len(members)}</span></a>'
                     for name, anchor, members in groups)
    sections = "".join(
        f'<h2 id="{anchor}">{name} <span class="ps-count">{len(members)}</span></h2>\n'
        '<ul class="ps-entries">'
        + "".join(render_paper_entry(paper, here, options) for paper in members) + "</ul>\n"
        for name, anchor, members in groups)
    return front_matter(meta) + body + (
        f'<p class="ps-subtopics" data-search-exclude>By the other topics of its papers: {chips}</p>\n'
        f'<div class="ps-grouped" data-ps-trail="{escape(tag.name)}">\n{sections}</div>\n')


def render_tags_index(collection: Collection, options: RenderOptions) -> str:
    """Return the tag index, grouped by kind, with the number of papers per tag."""
    here = f"{TAGS_DIR}/index.md"
    counts = Counter(tag for paper in collection.papers for tag in paper.tags)
    sections = []
    for kind, label in TAG_KIND_LABELS.items():
        tags = sorted((t for t in counts if t.kind == kind), key=lambda t: (-counts[t], t.name.lower()))
        if not tags:
            continue
        href = {t: relative_url(here, tag_path(tag_slug(t)), options.directory_urls) for t in tags}
        chips = "".join(
            f'<li><a class="md-tag" href="{href[t]}">'
            f'{escape(t.name)}</a> <span class="ps-count">{counts[t]}</span></li>' for t in tags)
        anchor = kind
        # Not search text (Material's search skips the list): a page listing every tag's name
        # would match every topic a reader searches for, above the papers about it.
        sections.append(f'<h2 id="{anchor}">{escape(label)}</h2>\n'
                        f'<ul class="ps-tag-index" data-search-exclude>{chips}</ul>')
    map_link = relative_url(here, MAP_PATH, options.directory_urls)
    body = ("<h1>Tags</h1>\n"
            f'<p class="ps-tag-summary">Areas, topics, datasets and models the abstracts name; '
            f'the <a href="{map_link}">topic map</a> shows how the areas lie.</p>\n'
            + "\n".join(sections) + "\n")
    return front_matter({"title": "Tags"}) + body


def render_papers_index(collection: Collection, options: RenderOptions) -> str:
    """Return the papers page: filters over every paper (`facets`), then every paper, by area
    and topic, in list order or most distinctive first, drawn where the reader looks
    (`browse`); the page holds the first screen of them."""
    here = PAPERS_INDEX
    by_area = papers_by_area(collection)
    # Without the script, an area's link opens its page; with it, the list scrolls to the area.
    jumps = "".join(
        f'<li><a href="{area_href(here, area, options)}" data-ps-area="{escape(area)}">'
        f'{escape(area)}</a> <span class="ps-count">{len(papers)}</span></li>'
        for area, papers in by_area.items())
    map_link = relative_url(here, MAP_PATH, options.directory_urls)
    files = plural(len(collection.source_files), "list file")
    title = f"All {plural(len(collection.papers), 'paper')}"
    sources = {paper.title_source == "derived" for paper in collection.papers}
    derived = " ≈ marks a title papersite derived from the abstract." if len(sources) == 2 else (
        " Every title was derived from its abstract by papersite." if sources == {True} else "")
    # No author filter where no authors were given.
    kinds = ("topic, data set, model, area or author"
             if any(paper.abstract.authors for paper in collection.papers) else
             "topic, data set, model or area")
    filters = FACETS_PANEL.format(script=FACETS_PATH.rsplit("/", 1)[1], kinds=kinds)
    browse = ('<section class="ps-group ps-browse" aria-label="Every paper">'
              '<div class="ps-browse-probe" aria-hidden="true"></div>'
              '<p class="ps-browse-controls" hidden><input type="search" class="ps-browse-search" '
              'aria-label="Search the list" placeholder="Search titles and gists">'
              '<label>Order <select class="ps-browse-sort">'
              '<option value="area">by area and topic</option>'
              '<option value="input">in list order</option>'
              '<option value="distinct">most distinctive in each area first</option></select></label>'
              '<span class="ps-browse-status ps-count" aria-live="polite"></span></p>\n'
              f'<ul class="ps-tag-index ps-jumps">{jumps}</ul>\n'
              + render_browse_list(collection, options) + "</section>\n")
    body = (f"<h1>{escape(title)}</h1>\n"
            f'<p class="ps-tag-summary">{escape(collection.name)}, from {files}, by area and topic; '
            "“most distinctive” puts first the papers farthest from their area's centre on the "
            f'<a href="{map_link}">topic map</a>. Every page names its list and place.{derived}</p>\n'
            + filters + browse)
    return front_matter({"title": "Papers", "hide": ["toc"], "search": {"exclude": True}}) + body


def render_map_page(collection: Collection, options: RenderOptions) -> str:
    """Return the topic map page: every paper a linked dot, coloured by area, with a legend."""
    here = MAP_PATH
    by_area = papers_by_area(collection)
    classes = colour_classes(list(by_area))
    dots = [Dot(x=paper.map_position[0], y=paper.map_position[1],
                href=relative_url(here, paper_path(paper.slug), options.directory_urls),
                title=shorten(plain_text(paper.title), MAP_TITLE_MAX_CHARS),
                colour=classes[area_of(paper)])
            for paper in collection.papers if paper.map_position is not None]
    # Every area is named where its papers are; the script hides the names that do not fit.
    labels = place_labels({
        area: [paper.map_position for paper in papers if paper.map_position is not None]
        for area, papers in by_area.items()}, least=2)
    legend = "".join(
        f'<li><a href="{area_href(here, area, options)}"><span class="ps-swatch {classes[area]}"></span>'
        f'{escape(area)}</a> <span class="ps-count">{len(papers)}</span></li>'
        for area, papers in by_area.items())
    # Zoomed in, the topics name the islands within an area.
    points_by_topic: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for paper in collection.papers:
        if paper.map_position is not None:
            for tag in paper.tags:
                if tag.kind == "topic" and not is_contribution(tag):
                    points_by_topic[tag.name].append(paper.map_position)
    close_labels = place_labels({topic: points for topic, points in points_by_topic.items()
                                 if len(points) >= MAP_TOPIC_LEAST}, least=MAP_TOPIC_LEAST,
                                avoid=labels)
    caption = f"Topic map of {plural(len(dots), 'paper')}"
    svg = draw_topic_map(dots, labels, caption, close_labels)
    body = ("<h1>Topic map</h1>\n"
            f'<p class="ps-tag-summary">Each dot is one of the {plural(len(dots), "paper")} of '
            f"{escape(collection.name)}: papers whose abstracts share vocabulary sit close together. "
            "Colour and shape show the area (squares, then rings, the smaller areas); point at a "
            "dot, tab to it or tap it for its title, click it to open the paper. Zoom in to see "
            "the topics.</p>\n"
            f'<ul class="ps-legend">{legend}</ul>\n'
            f'<div class="ps-map-frame">\n{svg}\n</div>\n')
    meta = {"title": "Topic map", "hide": ["navigation", "toc"], "search": {"exclude": True}}
    return front_matter(meta) + body


MIN_LARGE_TOPIC = 3
"""The fewest papers a topic needs to be listed among the largest on the home page."""


def render_overview(collection: Collection, here: str, options: RenderOptions) -> str:
    """Return the HTML block the home page shows: what the collection is and where to start."""
    papers = collection.papers
    counts = Counter(tag for paper in papers for tag in paper.tags if tag.kind == "topic")
    # A topic of one or two papers is not large, whatever the list's size.
    largest = [(tag, count) for tag, count in counts.most_common(15) if count >= MIN_LARGE_TOPIC]
    # The chart and the chips are not search text (`data-search-exclude`, as the tag index):
    # the home page would otherwise match every topic a reader searches for.
    top = " ".join(
        f'<a class="md-tag" href="{relative_url(here, tag_path(tag_slug(t)), options.directory_urls)}">'
        f"{escape(t.name)} <span class=\"ps-count\">{n}</span></a>" for t, n in largest) or (
        f"The list is small: no topic has {MIN_LARGE_TOPIC} papers yet. "
        f'<a href="{relative_url(here, f"{TAGS_DIR}/index.md", options.directory_urls)}">'
        "Every tag</a> is on the tags page.")
    by_area = papers_by_area(collection)
    classes = colour_classes(list(by_area))
    bars = [Bar(label=area, count=len(area_papers), href=area_href(here, area, options),
                colour=classes[area]) for area, area_papers in by_area.items()]
    chart = draw_bar_chart(bars, "Papers per area")
    files = plural(len(collection.source_files), "list file")
    areas = plural(len(by_area), "area")
    link = partial(relative_url, here, directory_urls=options.directory_urls)
    return (f'<div class="ps-overview">\n'
            f'<h1 class="ps-home-title">{escape(collection.name)}</h1>\n'
            f'<p class="ps-lead">{plural(len(papers), "paper")} from {files}, in {areas}: '
            "each with its abstract, typeset math, tags and, when any are close enough, up to "
            "five related papers.</p>\n"
            f'<p class="ps-ways"><a class="md-button md-button--primary" '
            f'href="{link(PAPERS_INDEX)}">All papers</a> '
            f'<a class="md-button" href="{link(MAP_PATH)}">Topic map</a> '
            f'<a class="md-button" href="{link(f"{TAGS_DIR}/index.md")}">Tags</a> '
            '<label class="md-button" for="__search">Search</label></p>\n'
            '<div class="ps-home-grid">\n'
            f'<figure class="ps-figure" data-search-exclude>{chart} '
            '<figcaption>Papers per area</figcaption></figure>\n'
            f'<section class="ps-home-topics"><h2 id="largest-topics">Largest topics</h2>'
            f'<p class="ps-top-topics" data-search-exclude>{top}</p>'
            f'{_distinctive_section(counts, largest, len(papers), here, options)}</section>\n'
            '</div>\n</div>')


def _distinctive_section(counts: Counter, largest: list, papers: int, here: str,
                         options: RenderOptions) -> str:
    """The topics this list has far more of than recent papers elsewhere, and not already
    among the largest, or nothing."""
    shown = {tag for tag, _ in largest}
    distinctive = [entry for entry in distinctive_topics(counts, papers) if entry[0] not in shown]
    if not distinctive:
        return ""
    elsewhere, venues, since = background_size()
    chips = " ".join(
        f'<a class="md-tag" href="{relative_url(here, tag_path(tag_slug(tag)), options.directory_urls)}" '
        f'title="{count / papers:.1%} of these papers, {elsewhere_share:.2%} of those elsewhere">'
        f'{escape(tag.name)} <span class="ps-count">{count}</span></a>'
        for tag, count, elsewhere_share in distinctive)
    return ('<h2 id="distinctive-topics">Distinctive here</h2>'
            f'<p class="ps-home-note">Topics at least twice as common here as in {elsewhere:,} papers '
            f'of {venues} conferences since {since}.</p>'
            f'<p class="ps-top-topics" data-search-exclude>{chips}</p>')


def papers_by_tag(collection: Collection) -> dict[Tag, list[Paper]]:
    """Return each tag's papers, those it is most central to first (then in input order)."""
    weighted: dict[Tag, list[tuple[int, int, Paper]]] = defaultdict(list)
    for position, paper in enumerate(collection.papers):
        for tag in paper.tags:
            weighted[tag].append((-tag.weight, position, paper))
    return {tag: [paper for *_, paper in sorted(entries, key=lambda e: e[:2])]
            for tag, entries in weighted.items()}


def render_my_list_page(collection: Collection) -> str:
    """Return the page of the reader's list: its papers are kept in their browser and shown,
    exported and imported by `papersite-list.js`; the build only lays the page out."""
    body = ("<h1>My list</h1>\n"
            '<p class="ps-tag-summary">Papers you saved with ☆, kept in this browser only: '
            f"nothing is sent anywhere. Export them to keep them elsewhere.</p>\n"
            f'<div class="ps-my-list" data-ps-my-list="{escape(collection.name, quote=True)}">'
            '<noscript><p>Your list needs JavaScript, which is off in this browser.</p></noscript>'
            "</div>\n")
    return front_matter({"title": "My list", "search": {"exclude": True}, "hide": ["toc"]}) + body
