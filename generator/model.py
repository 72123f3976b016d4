"""Values passed between the pipeline's stages: frozen, typed, cross-referenced by slug."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Source:
    """Where an abstract was found."""

    file: str
    """The input file's name (not its full path, so pages do not leak local folders)."""
    position: int
    """1-based position of the abstract within its file."""
    line: int
    """1-based line on which the abstract starts."""


@dataclass(frozen=True)
class Abstract:
    """What parsing found: one abstract and whatever the input gave with it."""

    id: str
    """Stable id: given by structured input, else a hash of the normalised text."""
    text: str
    """The abstract as written (cleaned of control characters only)."""
    list_name: str
    """The list's name from its header line, e.g. "NeurIPS 2026 论文列表"."""
    sources: tuple[Source, ...]
    """Every place this abstract appears; more than one when duplicates were merged."""
    title: str = ""
    """A title given by the input, or "" when it must be derived."""
    authors: tuple[str, ...] = ()
    """Authors given by the input."""
    keywords: tuple[str, ...] = ()
    """Keywords given by the input (shown as given; never used to derive tags)."""
    url: str = ""
    """A URL given by the input."""


@dataclass(frozen=True)
class Tag:
    """A label that groups papers."""

    name: str
    """Display name, e.g. "Diffusion models" or "CIFAR-10"."""
    kind: str
    """One of "area", "topic", "dataset", "model"."""
    variants: tuple[str, ...] = field(default=(), compare=False)
    """The family members the paper names ("Llama-2-7B", "Llama-2-13B" of "Llama-2"); not
    part of the tag's identity: every paper naming a member is on the family's page."""
    weight: int = field(default=0, compare=False)
    """How central the tag is to the paper: its mentions, those in the opening sentence or a
    sentence saying what the paper does counted twice (0 for a topic only inferred). Tag pages
    list their papers by it."""


RELATED_PER_PAPER = 5
"""A paper page lists at most this many related papers (fewer where nothing else is close)."""


@dataclass(frozen=True)
class RelatedLink:
    """One related paper and why it is related."""

    slug: str
    """The related paper's slug."""
    score: float
    """Similarity, higher is closer."""
    reasons: tuple[str, ...] = ()
    """Shared tags or terms, most telling first."""


@dataclass(frozen=True)
class Paper:
    """What a page shows: an abstract with everything enrichment derived for it."""

    abstract: Abstract
    """The parsed input."""
    slug: str
    """URL-safe, unique name of the page within the collection."""
    title: str
    """The given or derived title (may contain TeX math)."""
    title_source: str
    """ "given" or "derived"."""
    gist: str = ""
    """One line (at most 25 words) saying what the paper contributes; may contain TeX math."""
    tags: tuple[Tag, ...] = ()
    """Area first, then topics most specific first, then datasets and models."""
    related: tuple[RelatedLink, ...] = ()
    """Most related papers, best first."""
    introduces: tuple[str, ...] = ()
    """Names this paper coins ("we propose X"), most prominent first."""
    own_names: tuple[str, ...] = ()
    """Of those, the ones it says it coins and no earlier paper used: mentions may link here."""
    mentions: tuple[Mention, ...] = ()
    """Names in this abstract that point to another page."""
    mentioned_by: tuple[str, ...] = ()
    """Slugs of papers whose abstracts mention this one."""
    map_position: tuple[float, float] | None = None
    """Where the paper sits on the topic map: (x, y), each in [0, 1]; None before layout."""
    find_url: str = ""
    """Where a reader finds the paper itself: its URL, or a scholarly search (`enrich.lookup`)."""


@dataclass(frozen=True)
class Mention:
    """A name in an abstract that links to another page."""

    name: str
    """The name as it appears in the abstract."""
    target: str
    """Slug of the paper, or "tags/<slug>" for a tag page."""


@dataclass(frozen=True)
class RetiredPaper:
    """A paper an earlier build had and this one has not (see `permalinks`)."""

    slug: str
    title: str
    """Its last title, in plain text."""
    since: str
    """The date it left the list (ISO)."""
    successor: str = ""
    """The slug of the paper that replaced it, if one reads alike."""


@dataclass(frozen=True)
class MovedPaper:
    """A paper whose title changed since it first appeared: its first address sends readers on."""

    first_slug: str
    """The slug it was first published under."""
    slug: str
    """Its slug now."""


@dataclass(frozen=True)
class Collection:
    """The whole enriched collection, in input order."""

    name: str
    """The collection's name, from the first list's header."""
    papers: tuple[Paper, ...]
    """Every paper in input order."""
    merged_duplicates: int = 0
    """How many repeated abstracts were folded into an earlier one."""
    source_files: tuple[str, ...] = field(default_factory=tuple)
    """Input file names in reading order."""
    retired: tuple[RetiredPaper, ...] = ()
    """Papers of earlier builds that left the list: their URLs say where they went."""
    moved: tuple[MovedPaper, ...] = ()
    """Papers now at another address than their first: the first one leads to the paper."""
