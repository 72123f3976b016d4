"""Tag an abstract with its area, topics, datasets and models from the curated vocabulary.

`extract_tags` is a pure function of the text and the loaded vocabulary (see
`generator/vocabulary_files.py` for the data files and how a user extends them); where the
abstract says what it is about, and where it names things only in passing, is `evidence`'s.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache

from slugify import slugify

from ..model import Tag
from .contributions import contribution_tags
from .evidence import read_evidence
from .senses import Senses
from .vocabulary import (
    MatchIndex,
    Topic,
    Vocabulary,
    content_words,
    normalize_name,
    spelling_key,
)

__all__ = ["Vocabulary", "extract_tags", "normalize_name", "tag_slug"]


MIN_TOPICS = 2
MAX_TOPICS = 6
# Topics papers of every area use as tools ("Fine-tuning", "Optimization") are named in passing
# by many papers that are not about them: only a paper that keeps coming back to one, or says
# it works on it, is filed under it.
CROSS_CUTTING_EVIDENCE = 3
# A topic named once in a contribution sentence, or twice elsewhere, whose words the title model
# gives less than this chance of being in the title is named in passing. Judged on 50 papers
# of COLM, AISTATS and 3DV (and checked on 30 other AISTATS tags): precision 0.854 -> 0.890
# (0.862 -> 0.952 on the check), at 0.017 of ICLR's keyword hit rate.
TITLE_EVIDENCE = 0.1
# "ImageNet-pretrained", "GPT-4-level", "AlphaFold-like": the name describes something else.
# A one-word topic naming the data of a step ("calibration data") is used in another sense.
_DATA_AFTER = re.compile(r"[ -](?:data|dataset|datasets|set|sets|sample|samples|split|examples)\b",
                         re.IGNORECASE)
# "calibration-free", "training-free", "retrieval-free": named as what the paper does without.
_FREE_AFTER = re.compile(r"-free\b", re.IGNORECASE)
_MODIFIER_AFTER = re.compile(r"-(?:like|style|scale|level|sized|pretrained|pre-trained)\b", re.I)
# "Muon has gained substantial attention", "pay attention to": idioms, not attention layers.
_IDIOM_BEFORE = {"attention": re.compile(r"\b(?:attract|gain|draw|drew|receiv|pay|paid|garner|deserv"
                                         r"|devot|captur|got|get)\w*\s+(?:[\w-]+\s+){0,3}$", re.I)}


def extract_tags(text: str, vocabulary: Vocabulary,
                 title_likelihood: Callable[[str], float] | None = None) -> tuple[Tag, ...]:
    """Return the area, up to 6 topics (most specific first), datasets and models of an abstract.

    Rule, in order:
    1. Find every spelling in the cleaned text (TeX, Markdown and URLs stripped); where matches
       overlap the longest wins, and a dataset or model wins over a topic of the same length.
       A topic named in passing does not count: after a negation ("without text-to-image",
       "calibration-free") or a comparison ("faster than gradient descent", "outperforms
       prompting-based methods"), or as an example ("(e.g. weather, genomics)", "such as ...");
       nor does a one-word topic naming the data of a step ("calibration data"), nor a topic
       whose field the abstract never names (its vocabulary `context`: "parameter exploration"
       in a paper that mentions no agent, reward or policy is not RL's exploration); nor an
       acronym the abstract spells out otherwise, or that has other common senses and none of
       this one's context, nor a data set or model name written in another case and not used
       as one ("3D shapes" is not 3DShapes): see `senses`.
    2. Topics: the paper must be about it. A topic named in the opening sentence (which names
       the field) or a contribution sentence ("we propose", "this paper", "our") needs one
       mention, one named only elsewhere two; an umbrella topic likewise, but the opening
       sentence does not count ("LLMs have ..." opens papers about narrower things); a
       cross-cutting one ("Fine-tuning") three, or two with one in a contribution sentence.
       A topic with no more than that least evidence must also be likely in the paper's title
       (`title_likelihood` of its name at least TITLE_EVIDENCE, when given): named once where
       the paper says what it does, "... which has implications for efficient training" is a
       side remark. Keep the six most mentioned.
    3. Area: the area whose kept topics have the most mentions;
       ties go to the area mentioned first; with no topic, the area sharing the most words.
    4. Fewer than two topics: add the kept topics' parents. No topic is guessed from the
       words alone: half such guesses were wrong ("Learning theory" on a paper about screening
       rules), and a wrong tag costs more trust than a missing one.
    5. Order topics most specific first: specific before broad, deeper before shallower, more
       mentions first, earlier first.
    6. A paper that says it introduces a benchmark or a data set gets "Benchmarks" or
       "Datasets" after its topics (`contributions`). Datasets and models follow, in order of
       first mention.
    """
    index = vocabulary.index
    flat, evidence = read_evidence(text)
    mentions = _find_mentions(flat, index)
    counts: dict[str, int] = {}
    firsts: dict[str, int] = {}
    central: dict[str, int] = {}
    in_sense = _InSense(flat, index)
    for start, kind, name, _ in mentions:
        if kind == "topic" and not evidence.in_passing(start) and in_sense(name):
            counts[name] = counts.get(name, 0) + 1
            firsts.setdefault(name, start)
            broad = index.topics_by_name[name].is_broad
            # The opening sentence names the paper's field, but an umbrella topic opens many
            # papers that are about something narrower ("LLMs have ...; we study X").
            if evidence.in_contribution(start) or (start < evidence.opening_end and not broad):
                central[name] = central.get(name, 0) + 1
    topics = _select_topics(counts, firsts, central, index.topics_by_name)
    if title_likelihood is not None:
        topics = [name for name in topics if counts[name] + central.get(name, 0) > 2
                  or title_likelihood(name) >= TITLE_EVIDENCE]
    if topics:
        area = _choose_area(topics, counts, firsts, index.topics_by_name)
    else:
        area = _best_by_overlap(content_words(text), index.area_weights.items()) \
            or vocabulary.areas[0].name
    if len(topics) < MIN_TOPICS:
        topics = _add_parents(topics, index)
    topics.sort(key=lambda name: _specificity(index.topics_by_name[name], counts, firsts))
    variants: dict[tuple[str, str], dict[str, None]] = {}
    for kind in ("dataset", "model"):
        for _, found_kind, name, variant in mentions:
            if found_kind == kind:
                members = variants.setdefault((kind, name), {})
                if variant:
                    members[variant] = None
    entity_counts = Counter((kind, name) for _, kind, name, _ in mentions)
    contributed = [tag for tag in contribution_tags(flat, evidence.in_passing)
                   if tag.name not in topics]
    return (Tag(area, "area"),
            *(Tag(name, "topic", weight=counts.get(name, 0) + central.get(name, 0))
              for name in topics),
            *contributed,
            *(Tag(name, kind, tuple(members), entity_counts[kind, name])
              for (kind, name), members in variants.items()))


@lru_cache(maxsize=None)  # a tag is linked from every paper and list that carries it
def tag_slug(tag: Tag) -> str:
    """Return the tag page's URL-safe slug; areas get an "area-" prefix so a topic can share a name."""
    slug = slugify(tag.name) or "tag"
    return f"area-{slug}" if tag.kind == "area" else slug


# Selecting topics -----------------------------------------------------------------------------


def _select_topics(counts: dict[str, int], firsts: dict[str, int], central: dict[str, int],
                   topics_by_name: dict[str, Topic]) -> list[str]:
    eligible = [name for name, count in counts.items()
                if count + (name in central) >= _evidence_needed(topics_by_name[name])]
    eligible.sort(key=lambda name: (-counts[name], topics_by_name[name].is_broad,
                                    -topics_by_name[name].depth, firsts[name]))
    return eligible[:MAX_TOPICS]


def _evidence_needed(topic: Topic) -> int:
    """Mentions needed, a contribution-sentence one counting twice (see `extract_tags`)."""
    return CROSS_CUTTING_EVIDENCE if topic.is_cross_cutting else 2


def _choose_area(topics: list[str], counts: dict[str, int], firsts: dict[str, int],
                 topics_by_name: dict[str, Topic]) -> str:
    scores: dict[str, int] = {}
    first_by_area: dict[str, int] = {}
    for name in topics:
        topic = topics_by_name[name]
        scores[topic.area] = scores.get(topic.area, 0) + counts[name]
        first_by_area[topic.area] = min(first_by_area.get(topic.area, firsts[name]), firsts[name])
    return min(scores, key=lambda area: (-scores[area], first_by_area[area]))


def _add_parents(topics: list[str], index: MatchIndex) -> list[str]:
    completed = list(topics)
    for name in topics:
        parent = index.topics_by_name[name].parent
        if parent and parent not in completed and len(completed) < MIN_TOPICS:
            completed.append(parent)
    return completed


def _specificity(topic: Topic, counts: dict[str, int], firsts: dict[str, int]) -> tuple:
    return (topic.is_broad, -topic.depth, -counts.get(topic.name, 0),
            firsts.get(topic.name, 1 << 30))


def _best_by_overlap(words: frozenset[str],
                     weighted: Iterable[tuple[str, dict[str, float]]]) -> str | None:
    best, best_score = None, 0.0
    for name, weights in weighted:
        # fsum: exact, so the sum does not depend on the set's (per-process) iteration order.
        score = math.fsum(weights[word] for word in words & weights.keys())
        if score > best_score:
            best, best_score = name, score
    return best


# Matching -------------------------------------------------------------------------------------

class _InSense:
    """Tell whether an abstract uses a topic's words in the topic's sense: it uses one of the
    words of the topic's field, when the vocabulary names them (`Topic.context`)."""

    def __init__(self, text: str, index: MatchIndex) -> None:
        self._text, self._contexts = text, index.contexts
        self._known: dict[str, bool] = {}

    def __call__(self, topic: str) -> bool:
        context = self._contexts.get(topic)
        if context is None:
            return True
        if topic not in self._known:
            self._known[topic] = context.search(self._text) is not None
        return self._known[topic]


def _find_mentions(text: str, index: MatchIndex) -> list[tuple[int, str, str, str]]:
    """Return (start, kind, name, variant) of every non-overlapping mention, in text order;
    variant is the family member a pattern matched ("Llama-2-7B" of "Llama-2"), else ""."""
    candidates: list[tuple[int, int, bool, str, str, str]] = []
    lowered = text.lower()
    for regex, any_case in index.spelling_regexes:
        # Matching lower-cased text against lower-case spellings is several times faster than
        # IGNORECASE; the rare text whose length changes when lower-cased uses the flag instead.
        searched = lowered if any_case and len(lowered) == len(text) else text
        if any_case and searched is text:
            regex = re.compile(regex.pattern, re.IGNORECASE)
        for match in regex.finditer(searched):
            # Spaces are collapsed, so a separator is one character: "-" or " ".
            key = match.group().replace("-", " ")
            kind, name = index.label_by_key[(any_case, key.lower() if any_case else key)]
            candidates.append((match.start(), match.start() - match.end(), kind == "topic",
                               kind, name, ""))
    for compiled, pattern in index.compiled_patterns:
        for match in compiled.finditer(text):
            if match.start() == 0 or not text[match.start() - 1].isalnum():
                member = match.expand(pattern.name)
                name = _family_name(match.expand(pattern.family), pattern.kind, index) \
                    if pattern.family else member
                candidates.append((match.start(), match.start() - match.end(), False,
                                   pattern.kind, name, member if pattern.family else ""))
    mentions: list[tuple[int, int, str, str, str]] = []
    covered_until = 0
    for start, negative_length, _, kind, name, variant in sorted(candidates):
        end = start - negative_length
        if start < covered_until:
            continue
        if kind != "topic" and _MODIFIER_AFTER.match(text, end):
            continue
        if kind == "topic" and _FREE_AFTER.match(text, end):
            continue  # "calibration-free": the topic is what the paper does without
        if kind == "topic" and _DATA_AFTER.match(text, end) and " " not in text[start:end]:
            continue  # "calibration data", "pruning set": data for a step, not the topic
        idiom = _IDIOM_BEFORE.get(lowered[start:end])
        if kind == "topic" and idiom and idiom.search(text, max(0, start - 40), start):
            continue
        mentions.append((start, end, kind, name, variant))
        covered_until = end
    senses = Senses(text, [(start, end, kind, name) for start, end, kind, name, _ in mentions],
                    lambda spelled: index.folded_by_key.get(normalize_name(spelled),
                                                            normalize_name(spelled)),
                    index.entity_spellings)
    return [(start, kind, name, variant) for start, end, kind, name, variant in mentions
            if senses.keeps(start, end, kind, name)]


def _family_name(family: str, kind: str, index: MatchIndex) -> str:
    """Return the vocabulary's name for a family ("Llama-3.1" is "Llama-3"), else as given."""
    for any_case in (False, True):
        label = index.label_by_key.get((any_case, spelling_key(family.lower() if any_case
                                                                 else family)))
        if label and label[0] == kind:
            return label[1]
    return family


