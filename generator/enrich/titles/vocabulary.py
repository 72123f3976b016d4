"""The words and cue patterns that the title heuristics read abstracts by.

Cue patterns are expensive to run over every sentence (each starts at a word boundary, so the
regular-expression engine has no literal to skip ahead to); each comes with the set of words a
sentence must contain for it to match, so that most sentences are ruled out by a set lookup.
"""

from __future__ import annotations

import re

MIN_WORDS = 3
MAX_WORDS = 16
TRAILING_PUNCT = ".,;:!?\"'*_”“"

_INTRO_VERBS = ("propose proposes introduce introduces present presents develop develops design "
                "designs build builds construct constructs create creates release releases curate "
                "curates pioneer devise devises establish establishes offer offers contribute "
                "formulate formulates put forward unveil").split()
_INTRO_GERUNDS = "proposing introducing presenting developing designing building creating".split()
_STUDY_VERBS = ("show shows prove proves study studies investigate investigates analyze analyse "
                "analyzes analyses derive derives provide provides explore explores address "
                "addresses demonstrate demonstrates examine examines revisit revisits consider "
                "considers tackle tackles focus focuses identify identifies find characterize "
                "characterise characterizes characterises establish test ask reconcile close "
                "bridge cast model argue uncover aim seek").split()

INTRO_CUE = re.compile(
    r"\b(?:we\s*(?:(?:first|further|then|also|hence|thus|therefore|here|now)\s+)?(?:"
    + "|".join(_INTRO_VERBS).replace("put|forward", "put forward")
    + r")|(?:this|our|the present)\s+(?:paper|work|study|article)\s+(?:"
    + "|".join(_INTRO_VERBS).replace("put|forward", "put forward")
    + r")|(?:by\s+)?(?:" + "|".join(_INTRO_GERUNDS)
    + r")|(?:,|\band)\s+(?:then\s+|further\s+)?(?:introduce|propose|present|develop|design))\s+")
"""An introducing cue, matched in lower-case text (faster than a case-insensitive pattern)."""
# A sentence matches INTRO_CUE only if it has one of these words ("wepropose": scrapers drop
# spaces).
INTRO_CUE_WORDS = frozenset(_INTRO_VERBS + _INTRO_GERUNDS + ["we" + verb for verb in _INTRO_VERBS])

STUDY_CUE = re.compile(
    r"\b(?:we|this\s+(?:paper|work|study))\s+(?:(?:first|further|also|then|here|now)\s+)?(?:"
    + "|".join(_STUDY_VERBS) + r")\s+")
"""A studying cue, matched in lower-case text."""
STUDY_CUE_WORDS = frozenset(_STUDY_VERBS)
STUDY_SUBJECT_WORDS = frozenset(["we", "this"] + ["we" + verb for verb in _STUDY_VERBS])
"""A sentence matches STUDY_CUE only if it has one of these words and one of STUDY_CUE_WORDS."""

NAME_CUE = re.compile(
    r"\b(?:termed|called|named|dubbed|coined|namely|denoted(?: as)?|referred to as"
    r"|abbreviated as|which we call|we call(?: it| this)?|we name(?: it)?|we term"
    r"|(?:we\s+)?refer\s+to\s+(?:it\s+|this\s+)?as|(?:we\s+)?coin(?:\s+it)?\s+as)\s*[,:]?\s+")
NAME_CUE_WORDS = frozenset("termed called named dubbed coined namely denoted referred abbreviated "
                           "call name term refer coin".split())

DETERMINERS = frozenset(
    "a an the this these our its their novel new simple recent existing current prior previous "
    "most many modern first yet effective general generic principled unified straightforward two "
    "three several more highly".split())
SMALL_WORDS = frozenset(
    "a an the and but or nor for of in on at to by via with from as into onto over per vs versus "
    "upon than through under without within across between beyond towards toward against among "
    "using based".split())
# Words after which a phrase cannot end; cutting there would leave it dangling.
DANGLING = SMALL_WORDS | frozenset(
    "we our this that which these its their is are be can not it both each such how when where "
    "whether while paper no any all very also only so if more most less able capable designed "
    "tailored specifically aimed used novel new first two three several various despite although "
    "though unlike during after before until "
    # "with respect" needs its "to X".
    "respect regard".split())
# A description ends before one of these words: what follows is a clause, not the phrase.
CLAUSE_WORDS = frozenset(
    "that which who whose where while whereas to by so thereby thus hence enabling allowing "
    "achieving yielding leading resulting making and is are was were can could will would may "
    "might should has have had does do if when because since as we our it they i.e. e.g. without "
    "outperforming showing demonstrating exhibiting requiring relying often still always never "
    "rather even already however therefore".split())
GENERIC_HEADS = frozenset(
    "framework method approach model technique algorithm system pipeline strategy scheme paradigm "
    "architecture module procedure solution tool methodology mechanism".split())
# The verbs most often written "to <verb>" in abstracts: a phrase after "to" that starts with
# one becomes a gerund phrase ("to detect jailbreak prompts": "Detecting Jailbreak Prompts");
# after "to", other words may be nouns ("applied to images") or verbs: the phrase is dropped.
TO_VERBS = frozenset("""learn generate improve achieve perform obtain solve estimate provide
predict use train find model reduce capture address make detect identify compute evaluate
produce control enhance determine extract enable handle demonstrate develop avoid build
represent ensure create show construct design optimize guide minimize adapt understand implement
maximize deal infer measure explore increase exploit facilitate overcome recover tackle validate
recognize maintain allow leverage verify incorporate track reach realize apply support generalize
take analyze approximate derive combine study reconstruct assess integrate mitigate describe
navigate encode transfer guarantee plan compare investigate alleviate distinguish consider assist
characterize collect acquire match discover synthesize prevent compensate classify localize
utilize align follow establish extend test update manipulate scale map accomplish quantify
reason interact refine execute calculate search boost preserve simulate remove accelerate adjust
fuse choose interpret explain answer correct augment bridge segment retrieve eliminate balance
enforce stabilize prove formulate transform resolve automate accommodate modify promote separate
perceive replace assign tune mimic aggregate deploy examine reproduce simplify discriminate
coordinate convert embed constrain monitor decompose teach regularize rank calibrate imitate
filter traverse restore translate compress expand suppress disentangle unlearn forecast introduce""".split())
# Verbs that end a noun phrase in abstracts ("Transformers achieve …", "X remains …").
VERBS = frozenset("""achieve achieves show shows demonstrate demonstrates outperform outperforms
improve improves enable enables allow allows provide provides require requires remain remains aim
aims lead leads rely relies suffer suffers has have had been be become becomes seem seems make
makes yield yields reduce reduces increase increases capture captures leverages combine combines
exhibit exhibits offers perform performs operate operates consist consists contain contains depend
depends focus focuses addresses solve solves ensure ensures generates predicts struggle struggles
fail fails tend tends uses learns integrates employs achieves surpasses reveal reveals suggest
suggests indicate indicates introduces proposes presents considers underpins constitutes
represents is are was were can could may might must should will would lies lack lacks emerge
emerges play plays hinge hinges poses involve involves face faces gain gains hold holds
receive receives attract attracts arise arises exist exists occur occurs serve serves help helps
appear appears constructs synthesizes encourages induces assumes treats needs became gained
received attracted shown proven proved made has""".split())
# A word ending in "s" before one of these is read as a verb ("X enables the …").
VERB_OBJECT_STARTS = frozenset("a an the its their these this that how whether to each both all "
                               "significant strong high".split())
NOT_ADVERBS = frozenset("family anomaly assembly supply monopoly italy reply apply rely poly only "
                        "early multiply comply butterfly firefly".split())


def is_adverb(word: str) -> bool:
    """Tell whether a word is an adverb in "-ly", which sits next to a verb, not in a title."""
    return word.endswith("ly") and len(word) > 4 and word not in NOT_ADVERBS
