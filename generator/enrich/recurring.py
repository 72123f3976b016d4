"""Topics that follow the list: the collection's own recurring subjects, beside the taxonomy.

A curated taxonomy ages: a 2026 list brings subjects no 2024 list had ("test-time compute",
"process reward models"). This step finds the multi-word terms several abstracts of the
collection are about and makes them topic tags where no curated topic covers them.

Rule, in order:
1. Candidates are runs of two to four words inside a clause, with no stop word, number or
   boilerplate word ("proposed", "results"), not starting with a stock adjective ("novel",
   "large"), with no plural or verb before the last word ("routing sends tokens") and not
   ending in a word that is never a noun ("sparse", "efficiently"). Plural and singular are
   one term.
2. A paper is about a term when it names it in the opening sentence or one saying what the
   paper does ("we propose", "this paper", "our"); never when negated or given as an example
   (`tags.Evidence`).
3. A term becomes a topic when at least MIN_PAPERS papers (more in large lists) and at most
   MAX_SHARE of the collection (twice the least in small lists) are about it, earlier papers
   did not use it as a phrase of the trade (`generic_phrases`: in abstracts, seldom in titles), it is not a
   spelling of a curated topic, dataset or model, and no longer term holding it is about most
   of the same papers ("reward models" gives way to "process reward models" where the two
   mostly coincide).
4. Each paper gets at most MAX_PER_PAPER such topics, the ones it names most centrally first,
   and none whose words a curated topic of the paper already spells. A term named only once
   must also be likely in the paper's title, as a curated topic with the least evidence must
   (`tags.TITLE_EVIDENCE`).
5. The tag is named as authors most often write it, first letter capitalised.
6. A paper left without any topic gets the subject `coverage` finds among its terms.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from ..model import Tag
from ..text.words import STOP_WORDS
from .coverage import covering_terms
from .evidence import flatten, read_evidence
from .tags import TITLE_EVIDENCE, Vocabulary
from .titles.word_forms import is_never_a_noun, is_verb

MIN_PAPERS = 3
PAPERS_PER_MIN = 500
"""From this many papers on, one more paper is needed per this many in the collection."""
MAX_SHARE = 0.05
MAX_PER_PAPER = 2
SUPERSEDE_SHARE = 0.6
MAX_WORDS = 4
GENERIC_PATH = Path(__file__).resolve().parents[1] / "data" / "generic_phrases.json"

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
_BREAK = re.compile(r"[,;:()\[\]\"!?]|\.(?:\s|$)|\s[-\u2013\u2014]\s")
_BOILERPLATE = frozenset("""
    paper work works propose proposed proposes proposing present presents presented introduce
    introduces introduced approach approaches method methods novel new existing show shows shown
    demonstrate demonstrates demonstrated result results experiment experiments experimental
    extensive significantly significant outperform outperforms outperforming state art sota
    achieve achieves achieved achieving based using use uses used effective effectiveness
    performance improve improves improved improvement improvements furthermore additionally
    moreover specifically however including various different previous recent recently prior
    aims aim seeks tends fails needs tries attempts strives
    key code available github framework frameworks study studies task tasks problem problems
    paradigm well also way ways able ability abilities capability capabilities limited lack
    large small high low wide broad strong simple efficient general specific important
    multiple single certain common standard current future potential typical particular
    additional overall original traditional conventional popular powerful promising remarkable
    impressive superior better best good great first second third main major minor recent
    given real crucial critical challenging challenge challenges issue issues setting settings
    terms case cases number set sets type types level levels range manner fashion aspect aspects
    variety wide-range widely effectively efficiently often typically usually generally
    empirical empirically theoretical theoretically comprehensive extensively experiments
    baseline baselines state-of-the-art end end-to-end art unlike via towards toward
    diverse high-quality low-quality external internal ai open partially fully black
    pretrained pre-trained frozen closed-source open-source tighter faster trillion billion
    million thousand hundreds thousands deep long short high-resolution
    """.split())
# Heads that make a term when something precedes them, but not on their own first position.
_HEAD_ONLY = frozenset("""model models data learning network networks benchmark benchmarks
    dataset datasets analysis evaluation""".split())


class TermUse(NamedTuple):
    """How an abstract names a term it is about (rule 2)."""

    spelling: str
    """How the abstract first writes it."""
    uses: int
    """Times named in the opening sentence or a contribution sentence, in passing aside."""
    title_likelihood: float = 1.0
    """How likely the paper's title uses the term's words (`titles.title_likelihood`); 1 when
    not known."""
    whole: bool = True
    """Named at least once as a phrase of its own, not a piece of a longer one."""


def terms_about(text: str, title_likelihood: Callable[[str], float] | None = None
                ) -> tuple[TermUse, ...]:
    """Return the candidate terms an abstract is about (rules 1 and 2), the generic ones
    aside, each with how likely the title is to use it (when `title_likelihood` is given): what
    the collection step needs of each abstract, so that it can be cached."""
    flat, evidence = read_evidence(text)
    generic = generic_phrases()
    counts: dict[str, list] = {}
    for begin, end in evidence.central_spans():
        for start, key, spelling, whole in _windows(flat[begin:end]):
            if key in generic or evidence.in_passing(begin + start):
                continue
            count = counts.get(key)
            if count is None:
                count = counts[key] = [spelling, 0, False]
            count[1] += 1
            count[2] |= whole
    return tuple(TermUse(spelling, uses, title_likelihood(spelling) if title_likelihood else 1.0,
                         whole)
                 for spelling, uses, whole in counts.values())


def add_recurring_topics(terms: Sequence[tuple[TermUse, ...]], tags: Sequence[tuple[Tag, ...]],
                         vocabulary: Vocabulary, cover: bool = True) -> list[tuple[Tag, ...]]:
    """Return each paper's tags with the collection's recurring topics it is about (`terms`,
    from `terms_about`) added after its curated topics (rules 3-5), and, when `cover`, a paper
    left without any topic the subject `coverage` finds for it (rule 6)."""
    about = [{term_key(use.spelling): use for use in paper_terms} for paper_terms in terms]
    papers = Counter(term for paper_about in about for term in paper_about)
    least = max(MIN_PAPERS, math.ceil(len(terms) / PAPERS_PER_MIN))
    most = max(2 * least, MAX_SHARE * len(terms))
    eligible = {term for term, count in papers.items() if least <= count <= most}
    spelling = _spellings(about, eligible)
    eligible = {term for term in eligible if not _holds_known_term(spelling[term], vocabulary)}
    eligible -= _superseded(eligible, papers, least)
    chosen_by_paper = []
    for paper_tags, paper_about in zip(tags, about):
        curated = " ".join(tag.name.lower() for tag in paper_tags)
        chosen = sorted((term for term in eligible.intersection(paper_about)
                         if spelling[term].lower() not in curated and (
                             paper_about[term].uses > 1 or
                             paper_about[term].title_likelihood >= TITLE_EVIDENCE)),
                        key=lambda term: (-paper_about[term].uses, term))[:MAX_PER_PAPER]
        if cover and not chosen and not any(tag.kind == "topic" for tag in paper_tags):
            chosen = covering_terms(paper_about, papers,
                                    lambda phrase: _holds_known_term(phrase, vocabulary))
        chosen_by_paper.append(chosen)
    spelling |= _spellings(about, {term for chosen in chosen_by_paper for term in chosen}
                           - spelling.keys())
    result = []
    for paper_tags, paper_about, chosen in zip(tags, about, chosen_by_paper):
        added = tuple(Tag(_display(spelling[term]), "topic", weight=2 * paper_about[term].uses)
                      for term in chosen)
        topics_end = max((i + 1 for i, tag in enumerate(paper_tags) if tag.kind in ("area", "topic")),
                         default=0)
        result.append(paper_tags[:topics_end] + added + paper_tags[topics_end:])
    return result


@lru_cache(maxsize=1)
def generic_phrases() -> frozenset[str]:
    """The terms earlier papers use in abstracts but seldom in titles ("loss function", "lower
    bound", "value function"), and those thousands of them use ("neural network"): no topics."""
    untitled, widespread = _generic_lists()
    return untitled | widespread


def untitled_phrases() -> frozenset[str]:
    """The terms earlier papers use in abstracts but seldom in titles: not even a reason two
    papers relate ("feature space", "training strategy")."""
    return _generic_lists()[0]


@lru_cache(maxsize=1)
def _generic_lists() -> tuple[frozenset[str], frozenset[str]]:
    """Read the table `benchmarks/generic_phrases.py` counted from the background corpus."""
    if not GENERIC_PATH.exists():
        return frozenset(), frozenset()
    with GENERIC_PATH.open(encoding="utf-8") as handle:
        table = json.load(handle)
    return frozenset(table["untitled"]), frozenset(table["widespread"])


def is_distinctive(phrase: str) -> bool:
    """Tell whether a phrase may say what two papers share: no stop or boilerplate word
    ("consistent improvements", "central challenge") and not a phrase earlier papers use
    without ever titling one after it ("feature space")."""
    return not any(_word_flags(word) & _STOPPED for word in phrase.split()) and \
        term_key(phrase) not in untitled_phrases()


def candidate_terms(text: str) -> set[str]:
    """Return the candidate terms (rule 1) a text names, folded by `term_key`."""
    return {key for _, key, _, _ in _windows(flatten(text))}


def _windows(text: str):
    """Yield (start, key, spelling, whole) of every candidate term: runs of two to MAX_WORDS
    words inside a clause, none a stop word, not starting with a head-only word, ending in a
    noun; `whole` when it is not a piece of a longer phrase (`_run_windows`)."""
    run: list[tuple[int, str, int]] = []
    previous_end, previous, named_before = 0, "", False
    for match in _WORD.finditer(text):
        word, start = match.group(), match.start()
        flags = _word_flags(word)
        gap_is_space = start - previous_end == 1 and text[previous_end] == " "
        if run and (flags & _STOPPED or not gap_is_space and
                    _BREAK.search(text, previous_end, start)):
            yield from _run_windows(run, named_before)
            run = []
        if not flags & _STOPPED:
            if not run:  # "Multiple Instance Learning": a capitalised stock word opens the name
                named_before = gap_is_space and word[0].isupper() and \
                    previous[:1].isupper() and previous.lower() in _BOILERPLATE
            run.append((start, word, flags))
        previous_end, previous = match.end(), word
    yield from _run_windows(run, named_before)


def _run_windows(run: list[tuple[int, str, int]], named_before: bool = False):
    """Yield the terms of a run of words; one is whole when no noun of the run comes after it
    and none before it ("Component Analysis" of "Principal Component Analysis"), save an
    adjective or a verb ("robust permutation tests", "tracking human-object interaction"), and
    no capitalised stock word opens its name."""
    for i, (start, _, flags) in enumerate(run):
        if flags & _NO_START:
            continue
        whole_before = run[i - 1][2] & (_NO_END | _VERB) if i else not named_before
        for last in range(i + 1, min(i + MAX_WORDS, len(run))):
            if run[last - 1][2] & _PLURAL:
                break  # "routing sends tokens": a plural or a verb inside is no term
            if not run[last][2] & _NO_END:
                spelling = " ".join(word for _, word, _ in run[i:last + 1])
                yield start, term_key(spelling), spelling, \
                    bool(whole_before) and last == len(run) - 1


_STOPPED, _NO_START, _NO_END, _PLURAL, _VERB = 1, 2, 4, 8, 16


_STOP_WORDS = STOP_WORDS | _BOILERPLATE


@lru_cache(maxsize=65536)
def _word_flags(word: str) -> int:
    """Read one word: a stop word, one no term starts with, one no term ends with, a plural
    (or a verb in the third person), a verb (`word_forms.is_verb`)."""
    lowered = word.lower()
    if lowered in _STOP_WORDS or len(lowered) < 2:
        return _STOPPED
    never_noun = is_never_a_noun(lowered)
    # "audio-driven", "physics-based": a compound whose last part is never a noun is none.
    compound_adjective = "-" in lowered and is_never_a_noun(lowered.rsplit("-", 1)[1])
    return (_NO_START * (lowered in _HEAD_ONLY or never_noun and lowered.endswith(("ed", "es")))
            | _NO_END * (lowered.endswith("ly") or never_noun or compound_adjective)
            | _PLURAL * (word.islower() and lowered.endswith("s") and
                         not lowered.endswith(("ss", "us", "is", "ics")))
            | _VERB * is_verb(lowered))


def _holds_known_term(spelling: str, vocabulary: Vocabulary) -> bool:
    """Tell whether a term is a curated topic, dataset or model, or one with a word before or
    after it ("pretrained LLMs", "CLIP model", "instruction tuning dataset"): the curated tag
    already says it."""
    words = spelling.split()
    return vocabulary.knows(spelling) or any(
        vocabulary.knows(" ".join(words[:size])) or vocabulary.knows(" ".join(words[-size:]))
        for size in range(1, len(words)))


@lru_cache(maxsize=1 << 18)
def term_key(phrase: str) -> str:
    """Fold a term's spellings: lower case, "-" as a space, a plural last word singular."""
    words = phrase.lower().replace("-", " ").split()
    last = words[-1]
    if last.endswith("ies") and len(last) > 4:
        last = last[:-3] + "y"
    elif last.endswith(("sses", "ses", "xes", "ches", "shes")):
        last = last[:-2]
    elif last.endswith("s") and not last.endswith(("ss", "us", "is", "as")):
        last = last[:-1]
    return " ".join(words[:-1] + [last])


def _spellings(about: Sequence[dict[str, TermUse]], terms: set[str]) -> dict[str, str]:
    """Return each term's most frequent spelling across the abstracts (ties: the first seen)."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for paper_about in about:
        for term in terms.intersection(paper_about):
            counts[term][paper_about[term].spelling] += 1
    return {term: counts[term].most_common(1)[0][0] for term in terms}


def _superseded(terms: set[str], papers: Counter, least: int) -> set[str]:
    """Return the terms that a longer term holding them mostly coincides with: "reward model"
    in "process reward model", or the fragment "ordinary differential" of "ordinary
    differential equation" (which may itself be a curated topic)."""
    superseded = set()
    for longer, count in papers.items():
        if count < SUPERSEDE_SHARE * least or longer.count(" ") < 2:
            continue  # too rare to hold an eligible term for most of its papers, or two words
        words = longer.split()
        for size in range(2, len(words)):
            for i in range(len(words) - size + 1):
                inner = term_key(" ".join(words[i:i + size]))
                if inner in terms and count >= SUPERSEDE_SHARE * papers[inner]:
                    superseded.add(inner)
    return superseded


def _display(spelling: str) -> str:
    """Capitalise the first letter unless the first word is a name ("iPhone", "k-NN")."""
    first = spelling.split(" ", 1)[0]
    if any(char.isupper() for char in first[1:]):
        return spelling
    return spelling[:1].upper() + spelling[1:]
