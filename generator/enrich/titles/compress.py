"""Say a long sentence in at most a given number of words by dropping whole sub-phrases.

A sentence cut mid-phrase and ended with "…" reads as a fragment. A long contribution sentence
carries its point in the main clause; what makes it long hangs off it as whole phrases (a
parenthetical, an aside, a trailing clause), and without them the rest still reads whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .vocabulary import DANGLING
from .word_forms import is_never_a_noun

# "(e.g., modularity)", "(accelerated)", "(STaR; Zelikman et al., 2022)": a detail or a citation
# goes first; a name ("(HTRL)", "(fANOVA)"), a list's "(a)", "(semi-)bandit" stay.
_LOWER_PARENTHETICAL = re.compile(r"\s*\((?:(?![ivx]+\))[a-z][a-z-]+|[a-z][^()]*\s[^()]*|"
                                  r"[^()]*(?:et al\.|\b(?:19|20)\d\d\b)[^()]*)\)(?=[\s,.;:]|$)")
_PARENTHETICAL = re.compile(r"\s*\([^()]*\s[^()]*\)(?=[\s,.;:]|$)")
# ", i.e., primal and dual variables," ", e.g., …": an aside up to the next comma.
_ASIDE = re.compile(r",?\s+(?:i\.e\.|e\.g\.|namely|for (?:example|instance)),?\s+[^,;()]*(?=[,;]|$)")
# Where a trailing clause, participial or "by …" phrase, second verb or list of examples can be
# dropped; `_PHRASE_BREAK`: a trailing "to …", "via …", "with …" (when no clause break fits).
_VERBS = (r"(?:show|prove|demonstrate|establish|derive|provide|propose|present|introduce|develop|"
          r"design|achieve|evaluate|validate|apply|use|analy[sz]e|obtain|extend|release|conduct|"
          r"compare|offer|explore|investigate|identify|construct|leverage|learn|enable|outperform|"
          r"improve|yield|reduce|allow|find|characteri[sz]e|test|verify|illustrate|highlight|"
          r"perform|match|exhibit|support|capture|combine|incorporate|utili[sz]e|employ|study|"
          r"studie|applie|verifie|discuss|generali[sz]e|maintain|preserve|require|attain|surpass)"
          r"(?:s|es)?")
_CLAUSE_BREAK = re.compile(
    r"(?:,|;|:|\s—)\s+|\s+(?=(?:which|that|while|whereas|where|whose|thereby|such\s+as|including|"
    r"by\s+[a-z]+ing|using|leveraging|exploiting|enabling|allowing|achieving|yielding|resulting|"
    r"leading|making|outperforming|demonstrating|showing|requiring|while|and\s+(?:we\s+)?"
    r"(?:also\s+|then\s+|further\s+)?" + _VERBS + r")\s)")
_PHRASE_BREAK = re.compile(r"\s+(?=(?:to\s+(?!(?:the|a|an|this|these|its|their|our|be)\s)[a-z]+|"
                           r"via|through|with|for|in|on|across|under|from|within|over|at|as)\s)")
# "We show" or "the insight" before "that …": what "that" opens is the object.
_TAKES_THAT = frozenset(
    "show shows showed shown prove proves proved proven demonstrate demonstrates demonstrated find "
    "finds found argue argues argued observe observes observed reveal reveals revealed establish "
    "establishes established note notes noted suggest suggests conjecture hypothesize verify "
    "verifies confirm confirms claim claims ensure ensures guarantee guarantees assume assumes "
    "indicate indicates imply implies mean means know known realize recognize fact insight idea "
    "observation hypothesis evidence assumption premise finding notion so such given provided now "
    "except discover discovers discovered prove posit posits match matches exceed exceeds than "
    "like unlike".split())
# "first, …; second" ends on what opens the next item.
_ENUMERATORS = frozenset("first second third fourth firstly secondly thirdly finally lastly".split())
# "As a direct result, on input a graph G, we present …": what precedes the main clause.
_MAIN_CLAUSE = re.compile(r"(?:^|,\s)(?:we|our|this\s+(?:paper|work|study))\s", re.IGNORECASE)
# "to" after these is no purpose: "learns how to choose", "is able to".
_TO_BELONGS = frozenset("how able order want wants need needs aim aims seek seeks try tries "
                        "attempt attempts learn learns used due according compared relative lead "
                        "leads tend tends allow allows enable enables help helps fail fails likely "
                        "unable up close equivalent similar".split())
# A participle that "by …" completes: "a benchmark suite created", "a network, built".
_AWAITS_AGENT = re.compile(r"\s(?:[a-z]+ed|built|made|done|driven|given|known|shown)$")
# "inspection, comparison, and purchase", "convex optimization, minimax problems and variational
# inequalities": commas inside a series, where no clause ends.
_IN_A_SERIES = re.compile(r"(?:[\w'-]+(?:\s+[\w'-]+){0,2},\s+)+(?:and|or)\s|(?!(?:which|that|where|"
                          r"while|whereas|we|our|but|thereby|with|by|to|in|for|and|or)\b)"
                          r"[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:and|or)\s[\w'-]+(?:\s+[\w'-]+){0,3}[.;]?$")
_SERIES_ENDS = re.compile(r",\s+(?:[\w'-]+\s+){0,2}[\w'-]+$")
# "(i)", "1)", "ii)": a list, said by its first item.
_LIST_MARKER = re.compile(r"[\s:;,]\(?(?:\d{1,2}|[ivx]{1,4}|[a-h])\)\s")
_LIST_END = re.compile(r"[\s,;:.]*(?:\b(?:and|or))?[\s,;:.]*$")
# "…, where, in addition to X": the clause its word opens is not said yet.
_CLAUSE_UNSAID = re.compile(r"\b(?:where|which|that|while|whereas|when|if|whether|although|though),"
                            r"\s[^,]*$")
# Fewer words than these, and a shortened sentence says too little.
_MIN_CLAUSE_WORDS = 6
_MIN_PHRASE_WORDS = 10


def compress(text: str, limit: int, word_count: Callable[[str], int] = lambda t: len(t.split())
             ) -> str:
    """Return `text` in at most `limit` words (as `word_count` counts them), a sentence ending in
    a full stop. In order: as it is; its list's first item ("a method that (1) learns X and (2)
    …"; after a colon, last); with lower-case parentheticals, then asides, then every
    parenthetical of several words dropped, as it is, else its longest head that fits before a
    trailing clause (`_CLAUSE_BREAK`), else before a trailing phrase (`_PHRASE_BREAK`); else cut
    after limit - 1 words, not on a function word, ending in "…"."""
    if word_count(text) <= limit:
        return text
    shorter = text
    for step, drop in enumerate((None, _LOWER_PARENTHETICAL, _ASIDE, _PARENTHETICAL, None)):
        if drop is None:  # "We show that: (i) …" only when nothing else fits
            first_item = _first_item(text, after_a_colon=step > 0)
            if first_item and word_count(first_item) <= limit:
                return first_item.rstrip(" ,;:.") + "."
            continue
        shorter = drop.sub("", shorter)
        head = shorter if word_count(shorter) <= limit else _head(shorter, limit, word_count)
        if head:
            return head if head is shorter else head.rstrip(" ,;:—(") + "."
    return _cut_off(text, limit, word_count)


def _first_item(text: str, after_a_colon: bool) -> str:
    """Return the sentence up to its list's first item, the list marker dropped, or "" (when
    not `after_a_colon` and a colon opens the list: "… three defenses: (i) RandEC, …" is said
    best by the head before the colon)."""
    markers = list(_LIST_MARKER.finditer(text))
    if not markers or not after_a_colon and text[:markers[0].start() + 1].rstrip().endswith(":"):
        return ""
    end = markers[1].start() if len(markers) > 1 else len(text)
    first = _LIST_END.sub("", text[:markers[0].start() + 1] + text[markers[0].end():end])
    return "" if _ends_dangling(first) else first


def _head(text: str, limit: int, word_count: Callable[[str], int]) -> str:
    """Return the longest head of `text` ending at a clause break, else at a phrase break, that
    fits in `limit` words and reads whole (see `_reads_whole`), or ""."""
    for pattern, least in ((_CLAUSE_BREAK, _MIN_CLAUSE_WORDS), (_PHRASE_BREAK, _MIN_PHRASE_WORDS)):
        fitting = [text[:match.start()] for match in pattern.finditer(text)
                   if least <= word_count(text[:match.start()]) <= limit and
                   _reads_whole(text, match, pattern is _CLAUSE_BREAK)]
        if fitting:
            return max(fitting, key=len)
    return ""


def _reads_whole(text: str, match: re.Match[str], is_clause: bool) -> bool:
    """Tell whether the head of `text` before `match` reads whole: no function word at its end,
    no parenthesis left open, no clause opened and not said ("where, in addition to X"), no
    list begun, no participle awaiting its "by …", no word that is never a noun ("enables
    realistic" before ", relightable scenes"), no "that" or "to" the word before takes ("We
    show that", "how to"), no lead-in before the main clause, no comma inside a series."""
    head = text[:match.start()]
    words = head.split()
    if not words or _ends_dangling(head) or head.count("(") > head.count(")") or \
            _AWAITS_AGENT.search(head) or _CLAUSE_UNSAID.search(head) or _LIST_MARKER.search(head):
        return False
    last = words[-1].lower().rstrip(",;:")
    follows = text[match.end():]
    # "a model that enables realistic" before ", relightable scene editing": no noun yet.
    if last in _ENUMERATORS or is_never_a_noun(last) and not last.endswith(("ly", "enough")) or \
            _MAIN_CLAUSE.search(follows) and not _MAIN_CLAUSE.search(head) or \
            follows.startswith("that ") and last in _TAKES_THAT or \
            follows.startswith("to ") and last in _TO_BELONGS:
        return False
    return not (is_clause and _in_a_series(text, match))


def _in_a_series(text: str, match: re.Match[str]) -> bool:
    """Tell whether a break is a comma inside a series ("… by enabling inspection, comparison,
    and purchase of information")."""
    return bool(match.group(0).startswith(",") and _IN_A_SERIES.match(text, match.end()) or
                _SERIES_ENDS.search(text, 0, match.start()) and
                text.startswith(("and ", "or "), match.end()))


def _ends_dangling(text: str) -> bool:
    """Tell whether text ends on a function word ("the", "of", "such"): a cut there dangles."""
    return text.rsplit(None, 1)[-1].lower().rstrip(",;:") in DANGLING if text.strip() else False


def _cut_off(text: str, limit: int, word_count: Callable[[str], int]) -> str:
    """Return the first limit - 1 words, none a function word at the end, and "…"; a
    parenthesis the cut leaves open goes."""
    words = text.split()
    while words and word_count(" ".join(words)) > limit - 1 or \
            len(words) > _MIN_PHRASE_WORDS and _ends_dangling(" ".join(words)):
        words.pop()
    cut = " ".join(words)
    opened = cut.rfind("(")
    if opened > 0 and cut.count("(") > cut.count(")") and \
            word_count(cut[:opened]) >= _MIN_PHRASE_WORDS:
        cut = cut[:opened]
    return cut.rstrip(" ,;:—(") + " …"
