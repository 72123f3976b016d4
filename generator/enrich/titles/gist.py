"""Say in one line what a paper contributes: its contribution sentence, trimmed.

The line under a title in lists, cards and search results. The abstract's first sentence is
usually background ("Large language models have shown …"); the sentence where the authors say
what they do ("we propose …", "we show …") tells a reader whether to open the paper.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import chain

from .acronyms import in_a_name, spell_out_first
from .compress import compress
from .contribution import rank_sentences
from .prepare import Prepared, Sentence, restore
from .word_forms import base_gerund, gerund, third_person

MAX_GIST_WORDS = 25
# Fewer words than this left before a clause pointing back, and the clause stays.
_MIN_KEPT_WORDS = 5
# Words that point back to a sentence before: "this gap", "the aforementioned issues".
_POINTERS = r"(?:this|these|that|those|the\s+above|such|the\s+aforementioned)"
# Openings that only lead into the contribution: "In this paper, we propose …" reads "We propose".
_LEAD_IN = re.compile(
    r"^(?:(?:in|within)\s+this\s+(?:paper|work|study|article|note)|here|to\s+this\s+end|"
    r"(?:to\s+(?:address|tackle|overcome|bridge|fill|solve|close|mitigate|remedy|alleviate|answer)|"
    r"addressing|recogni[sz]ing|in\s+response\s+to|in\s+light\s+of|given|facing)\s+"
    + _POINTERS + r"(?:\s+[\w-]+){0,3}|"
    r"in\s+response|instead|"
    r"therefore|thus|hence|motivated\s+by\s+(?:this|these)(?:\s+[\w-]+){0,2}|accordingly|"
    r"specifically|concretely|in\s+particular|to\s+(?:do\s+so|that\s+end)|"
    # Connectives to the sentence before, which the gist leaves out.
    r"however|furthermore|moreover|additionally|in\s+addition|besides|conversely|further|"
    r"finally|lastly|then|next|overall|notably|importantly|crucially|consequently|"
    r"as\s+a\s+result|with\s+this\s+in\s+mind|(?:first|second|third)(?:ly)?)\s*,\s*",
    re.IGNORECASE)
# Any other opening clause before "we": "However, we show …", "Motivated by X, we propose …",
# "Since an array is just a path graph, in this paper we ask …", "To overcome the issues, this
# paper presents …".
_LEAD_IN_BEFORE_WE = re.compile(
    r"^[^,;:]*?(?:,\s+(?:(?:in|within)\s+this\s+(?:paper|work|study|article|note),?\s+|"
    r"here,?\s+)?|\s+(?=we\s))(?=we\s|(?:this|our)\s+(?:paper|work|study)\s)", re.IGNORECASE)
# A lead-in this opens is one clause, however long: "After confirming that … collapse, we
# demonstrate …", "Building on recent progress toward …, we …".
_SUBORDINATE = re.compile(r"(?:after|before|building|based|motivated|inspired|given|since|while|"
                          r"although|though|unlike|whereas|because|leveraging|drawing|by|to|"
                          r"using|through|when|as|towards?|instead|beyond|relying|compared|"
                          r"in\s+contrast)\s",
                          re.IGNORECASE)
# "We then propose", "We also introduce": the adverb links to sentences the gist leaves out;
# so does "instead" after the verb ("We propose instead to build upon …").
_WE_ADVERB = re.compile(r"^We (?:then|also|further|next|additionally|finally|now|here) ")
_VERB_INSTEAD = re.compile(r"^(We [a-z]+) instead\b")
# A sentence whose link was taken out ends in the word before it: "We release our code at".
_DANGLING_END = re.compile(r"\b(?:at|in|on|from|via|to|of|and|with|by|for|the|a|an)[\s.:]*$",
                           re.IGNORECASE)
# A sentence that only counts what follows says nothing itself: "We make three contributions."
_ONLY_COUNTS = re.compile(r"\b(?:two|three|four|five|several|some|a few|key|main)\s+(?:[\w-]+\s+){0,2}"
                          r"(?:insights|contributions|findings|observations|lessons|takeaways)[\s.:]*$",
                          re.IGNORECASE)
# What "this" and "these" point back to: "this gap", "these limitations".
_PROBLEM_NOUNS = (r"(?:issues?|challenges?|problems?|limitations?|drawbacks?|shortcomings?|gaps?|"
                  r"questions?|difficult(?:y|ies)|concerns?|obstacles?|bottlenecks?|"
                  r"weakness(?:es)?|deficienc(?:y|ies))")
# A closing clause that points back to a sentence the gist leaves out: "…, designed to address
# this limitation", "… to tackle these challenges".
_SOLVING = (r"(?:in order |so as )?to\s+(?:address|tackle|overcome|solve|mitigate|alleviate|"
            r"bridge|fill|remedy|close|resolve|handle|fix)\s+")
_POINTING_BACK = re.compile(r",?\s+(?:(?:which is |that is )?(?:specifically )?(?:designed|aiming|"
                            r"aimed|intended|tailored)\s+)?" + _SOLVING + r"(?:" + _POINTERS + r"|both)"
                            r"(?:\s+(?:[\w-]+\s+)?(?:" + _PROBLEM_NOUNS +
                            r"|role|needs?))?(?=\.?$)", re.IGNORECASE)

# "… bounds on the sample complexity for this problem.", "… which mitigates these scaling
# issues.", "… videos with all the above properties.": what it points to is a sentence before.
_ENDS_POINTING_BACK = re.compile(r",?\s+(?:(?:for|of|in|on|to|with)\s+(?:all\s+)?|"
                                 r"(?:which|that)\s+(?:[a-z]+ly\s+)?[a-z]+s\s+)"
                                 r"(?:" + _POINTERS + r"(?:\s+[\w-]+){0,2}?\s+" + _PROBLEM_NOUNS +
                                 r"|the\s+(?:above|aforementioned)(?:\s+[\w-]+){1,2})(?=\.?$)",
                                 re.IGNORECASE)

# The same purpose inside the sentence: "X to address these issues by dynamically regulating
# Y", "a model to fill this gap, which we denote …", "PE to solve this problem and show …".
_PURPOSE_POINTING_BACK = (r",?\s+(?:(?:specifically\s+)?(?:designed|aiming|aimed|intended|tailored)"
                          r"\s+)?" + _SOLVING + _POINTERS + r"(?:\s+[\w'-]+){1,3}?")
_PURPOSE_BY_DOING = re.compile(_PURPOSE_POINTING_BACK + r"\s+by\s+(?P<adverb>[a-z]+ly\s+)?"
                               r"(?P<doing>[a-z]+ing)\s+")
_PURPOSE_BEFORE = re.compile(_PURPOSE_POINTING_BACK + r"(?=,(?!\s+(?:i\.e|e\.g)\.)|\s+(?:which|with)\s|"
                             r"\s+and\s+(?:show|demonstrate|propose|present|introduce|provide|prove|"
                             r"establish|evaluate|validate)s?\b)")
# A verb whose object is the purpose itself: "We propose to address these issues by …".
_AIMING_VERBS = frozenset("propose proposes aim aims seek seeks attempt attempts try tries strive "
                          "strives we".split())

# A gist sentence this short that names the method says nothing of what it does.
_ONLY_NAMING_WORDS = 12
# Words after the name that say no more of it than its kind: "(RCDRL) method", "(SOFE) framework".
_AFTER_NAME_WORDS = 2
# "RCDRL constructs …": the verb after a name, in the third person.
_NAME_DOES = re.compile(r"\s+([a-z]+s)\b")
# "such coupled dynamics", "this behavior", "these models", "the gap", "the above methods":
# words that point back to what a sentence before said ("this paper", "this work" do not, nor
# "such as", "those of", "the problem of …").
_ANAPHOR = re.compile(r"\b(?:(?:[Tt]his|[Tt]hese)\b(?!\s+(?:paper|work|study|article|note|end|"
                      r"way)\b)|[Tt]hose\b(?!\s+(?:of|that|which|who|with|in|from|for)\b)|"
                      r"[Ss]uch\b(?!\s+(?:as|that)\b)|[Tt]he\s+(?:above|aforementioned)\b|"
                      r"[Tt]he\s+" + _PROBLEM_NOUNS + r"\b(?!\s+(?:of|in|that|where|with|for)\b))")
# "We address this gap by introducing X", "This study seeks to close this gap by presenting X",
# "We bridge this gap and present X": the problem it points to is in a sentence the gist leaves
# out; the gist says "We introduce X".
_BY_DOING = re.compile(
    r"^(?P<subject>We|Our work|This (?:paper|work|study|article|research))\s+(?:(?:attempts?|aims?|seeks?|"
    r"tries|try|strives?|proposes?)\s+(?:to\s+)?|takes? a (?:first )?step towards\s+)?[a-z]+\s+" +
    _POINTERS + r"\s+(?:[\w-]+\s+)?" + _PROBLEM_NOUNS +
    r"(?:\s+in knowledge)?\s+(?:by\s+(?P<doing>[a-z]+ing)|and\s+(?P<done>propose|present|develop|"
    r"introduce|show|design|provide|establish|derive|prove)s?)\s+")
# "We advance this concept by introducing X", "This paper aims to unleash this pathway by
# proposing X", "We leverage this success and propose X": whatever it points back to, the gist
# says "We introduce X" (`_DONE` knows which "-ing" forms).
_ANYTHING_BY_DOING = re.compile(
    r"^(?P<subject>We|Our work|This (?:paper|work|study|article|research))\s+(?:(?:attempts?|aims?|seeks?|"
    r"tries|try|strives?)\s+to\s+)?[a-z]+\s+"
    r"(?:this|these|those|such|the\s+above|the\s+aforementioned)(?:\s+[\w-]+){0,2}?"
    r"\s+(?:by\s+(?P<doing>[a-z]+ing)|and\s+(?P<done>propose|present|develop|introduce|design)s?)"
    r"\s+")
# What is done, by its "-ing" form: "by introducing" -> "introduce".
_DONE = {"introducing": "introduce", "proposing": "propose", "presenting": "present",
         "designing": "design", "developing": "develop", "building": "build",
         "establishing": "establish", "employing": "employ", "using": "use",
         "leveraging": "leverage", "providing": "provide", "proving": "prove",
         "demonstrating": "demonstrate", "deriving": "derive", "constructing": "construct",
         "formulating": "formulate", "creating": "create", "adopting": "adopt",
         "exploiting": "exploit", "incorporating": "incorporate", "combining": "combine",
         "applying": "apply", "identifying": "identify", "showing": "show",
         "analyzing": "analyze", "studying": "study", "learning": "learn", "training": "train"}
# "…, which resolves this challenge by leveraging …", "… that explicitly tracks these dynamics
# by leveraging …": what the thing does, said by pointing back.
_POINTER_BY_DOING = re.compile(
    r"\b(?P<relative>which|that)\s+(?:[a-z]+ly\s+)?[a-z]+s\s+" + _POINTERS +
    r"(?:\s+[\w-]+){1,3}?(?:\s+(?:directly|explicitly|effectively))?\s+by\s+(?:[a-z]+ly\s+)?"
    r"(?P<doing>[a-z]+ing)\s+")
# "We prove that, for a subclass of such problems, a transformer …": an aside that points back
# goes.
_ASIDE = re.compile(r",\s+(?:for|in|on|under|with|at)\s+[^,]{1,60},\s+")
# "... by establishing and validating ...": a second "-ing" the rewrite would leave dangling.
_ANOTHER_DOING = re.compile(r"\band\s+(?:[a-z]+ly\s+)?[a-z]+ing\b")


def derive_gist(prepared: Prepared, name: str = "") -> str:
    """Return the contribution sentence, lead-in dropped, cut to MAX_GIST_WORDS words.

    Which sentence: the best the learned model ranks (`contribution`) of those the authors say
    of their own work and that do not point back (`contribution_sentence`). It is said on its
    own (`_said_alone`: no lead-in, no clause pointing back, "X, which leverages Y" for "X,
    which resolves this challenge by leveraging Y"); the name's sentence, when it only names
    the method, goes on to what the next sentence says it does ("We propose X, which
    constructs …"), and, when too long, starts at the clause that names it ("…, and present X"
    says "We present X"). An acronym the abstract spelled out elsewhere is written in its words
    (`acronyms`). A longer sentence sheds whole sub-phrases until it fits (`compress`): it ends
    in "…" only when none is left to shed.
    """
    text = contribution_sentence(prepared, name)
    if not text:
        return ""
    # Not the paper's own name, nor an acronym a name holds ("Yet Another ICU Benchmark
    # (YAIB)", "SKVQ (Sliding-window KV cache Quantization)"); one the name holds whole
    # ("Dynamic Knowledge Tracked FDG (DKT-FDG)") only if the sentence still fits: words pushed
    # past the cut would cost what the sentence goes on to say.
    spelled = spell_out_first(text, prepared.text, _kept_as_written(name, True), MAX_GIST_WORDS)
    if len(spelled.split()) > MAX_GIST_WORDS:
        spelled = spell_out_first(text, prepared.text, _kept_as_written(name, False),
                                  MAX_GIST_WORDS)
    return restore(_compress(spelled, prepared), prepared, str)


def _kept_as_written(name: str, unless_held_whole: bool) -> Callable[[str, int, int], bool]:
    """Return what tells an acronym at start:end of a gist to stay as written: the paper's own
    name, or a part of a name (`acronyms.in_a_name`)."""
    return lambda text, start, end: text[start:end] == name or in_a_name(
        text, start, end, unless_held_whole=unless_held_whole)


def _said_alone(sentence: Sentence, name: str = "") -> str:
    """Return a sentence as a gist says it: lead-in and purpose pointing back dropped,
    "We address this gap by introducing X" said "We introduce X", "X, which resolves this
    challenge by leveraging Y" said "X, which leverages Y", "AnchorRep targets this geometry"
    said of "the geometry"."""
    text = _LEAD_IN.sub("", sentence.text, count=1)
    lead_in = _LEAD_IN_BEFORE_WE.match(text)
    if lead_in and (len(lead_in.group(0).split()) <= 15 or _SUBORDINATE.match(text)):
        text = text[lead_in.end():]
    elif _SUBORDINATE.match(text) and (subject := re.search(
            rf"(?:,|—|--)\s*(?=(?:we|our|this (?:paper|work|study)|{re.escape(name or 'we')})\s)",
            text)):
        # "Through experiments on A, B, and C, we show …", "By compressing X, as opposed to
        # Y, MIRAGE trains …": however many commas, the opening clause leads to the subject.
        text = text[subject.end():]
    text = _VERB_INSTEAD.sub(r"\1", _WE_ADVERB.sub("We ", text[:1].upper() + text[1:], count=1))
    text = _said_directly(text)
    text = _purpose_said_directly(_by_doing_said_directly(text))
    pointing_back = _POINTING_BACK.search(text) or _ENDS_POINTING_BACK.search(text)
    if pointing_back and len(text[:pointing_back.start()].split()) >= _MIN_KEPT_WORDS:
        text = text[:pointing_back.start()] + "."
    text = _ASIDE.sub(lambda aside: " " if _ANAPHOR.search(aside.group(0)) else aside.group(0),
                      text)
    if _points_back(text):
        text = _past_the_pointer(text)
    if name and name in text and _points_back(text):
        text = _NAMED_POINTER.sub(r"\1the ", text, count=1)
    return text


def _past_the_pointer(text: str) -> str:
    """Return "We propose X" for "We answer this question via Y and propose X": the clause
    that points back answers a sentence the gist leaves out; the one after it stands alone."""
    match = _AND_INTRODUCE.search(text)
    if not text.startswith("We ") or match is None or _points_back(text[match.end():]):
        return text
    return f"We {match.group('verb')} {text[match.end():]}"


def _by_doing_said_directly(text: str) -> str:
    """Return "X, which leverages Y" for "X, which resolves this challenge by leveraging Y":
    the challenge is in a sentence the gist leaves out, what X does is not."""
    match = _POINTER_BY_DOING.search(text)
    return _as_doing(text, match, match.group("relative") + " ") if match else text


def _purpose_said_directly(text: str) -> str:
    """Return "X, which dynamically regulates Y" for "X to address these issues by dynamically
    regulating Y", and "a model, which we denote …" for "a model to fill this gap, which we
    denote …": the issues are in a sentence the gist leaves out."""
    for pattern in (_PURPOSE_BY_DOING, _PURPOSE_BEFORE):
        match = pattern.search(text)
        before = text[:match.start()].split() if match else []
        if match is None or not before or before[-1].lower() in _AIMING_VERBS:
            continue
        if pattern is _PURPOSE_BEFORE:
            return text[:match.start()] + text[match.end():]
        said = _as_doing(text, match, ", which " + (match.group("adverb") or ""))
        if said != text:
            return said
    return text


def _as_doing(text: str, match: re.Match[str], lead: str) -> str:
    """Return the text with `match` (ending "by <doing> ") said as `lead` ("which ") and what
    is done, in the third person ("which leverages …"); as it was when the "-ing" form is no
    verb the table knows, or another follows it ("by establishing and validating …")."""
    does = third_person(match.group("doing"))
    if not does or _ANOTHER_DOING.search(text, match.end()):
        return text
    return f"{text[:match.start()]}{lead}{does} {text[match.end():]}"


def _said_directly(text: str) -> str:
    """Return "We introduce X" for "We address this gap by introducing X" or "We bridge this gap
    and introduce X" (see `_BY_DOING`)."""
    match = _BY_DOING.match(text) or _ANYTHING_BY_DOING.match(text)
    done = (match.group("done") or _DONE.get(match.group("doing"))) if match else None
    if match is None or done is None or _ANOTHER_DOING.search(text, match.end()):
        return text
    if match.group("subject") != "We":  # "This paper introduces X"
        done = third_person(base_gerund(done)) or done + "s"
    return f"{match.group('subject')} {done} {text[match.end():]}"


def contribution_sentence(prepared: Prepared, name: str = "") -> str:
    """Return the contribution sentence as a gist says it, uncut and with its placeholders
    (see `derive_gist`). Sentences are taken in the order the learned model ranks them
    (`contribution.rank_sentences`), the one that introduces the paper's name first, leaving out
    those that only count what follows ("We make three contributions.") or end where a link was
    taken out. The first that the authors say of their own work ("we", "our", "this paper",
    the paper's name) and that, said alone, does not point back to a sentence the gist leaves
    out ("We establish three results for such coupled dynamics") is the one; if every one of
    theirs points back, the first of theirs; if the authors never speak of their work, the best
    ranked. The name's sentence goes on to what the name does when it only names it."""
    sentences = prepared.sentences
    if not sentences:  # nothing but a link or markup
        return ""
    ranked = [sentences[index] for index in rank_sentences(prepared, name)]
    ranked = [sentence for sentence in ranked if not (_DANGLING_END.search(sentence.text) or
                                                      _ONLY_COUNTS.search(sentence.text))] or ranked
    # The sentence that introduces the paper's own name, or opens with it ("AnchorRep targets
    # …"), says what it is, whatever the rank.
    ranked.sort(key=lambda sentence: not name or not (
        sentence.intro_cues and name in sentence.text or sentence.text.startswith(name + " ")))
    theirs = [sentence for sentence in ranked if _by_the_authors(sentence, name)] or ranked[:1]
    said = ((sentence, _said_alone(sentence, name)) for sentence in theirs)  # lazily: it costs
    first = next(said)
    sentence, text = next((pair for pair in chain([first], said) if not _points_back(pair[1])),
                          first)
    if name and name in sentence.text:
        return _with_what_it_does(_naming_clause(text, name), sentence, prepared, name)
    return text


def _by_the_authors(sentence: Sentence, name: str) -> bool:
    """Tell whether the authors say the sentence of their own work, not of the field's."""
    return bool(name and name in sentence.text or _OWN_WORK.search(sentence.text))


# "AnchorRep targets this geometry": the paper's own method, said of "the geometry".
_NAMED_POINTER = re.compile(r"^(\S+(?:\s+\S+){0,3}?\s+)(?:this|these)\s+(?=[\w-]+)")
# Words by which authors speak of their own work ("Our method models …").
_OWN_WORK = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Tt]his (?:paper|work|study|article|research))\b")

# "We prove that … , and present an algorithm for Tracing Actual Causes (TrAC) …": the clause
# that names the paper's method, after another that the gist would be cut in.
_AND_INTRODUCE = re.compile(r",?\s+and\s+(?:we\s+)?(?P<verb>present|propose|introduce|develop|"
                            r"design|derive|provide)\s+")


def _naming_clause(text: str, name: str) -> str:
    """Return "We present an algorithm for … (TrAC) …" for "We prove that …, and present an
    algorithm for … (TrAC) …" when the sentence is too long for a gist and the name is only in
    its second clause: the cut would keep the first and lose the name."""
    if not text.startswith("We ") or len(text.split()) <= MAX_GIST_WORDS:
        return text
    match = _AND_INTRODUCE.search(text)
    if match is None or name in text[:match.start()] or name not in text[match.end():]:
        return text
    return f"We {match.group('verb')} {text[match.end():]}"


def _with_what_it_does(text: str, sentence: Sentence, prepared: Prepared, name: str) -> str:
    """Return "We propose X, which constructs …" for "We propose X." (or "… X method.") when the
    next sentence opens by saying what X does ("X constructs …"): a gist that only names the
    method tells the reader nothing of it."""
    sentences = prepared.sentences
    at = next((index for index, other in enumerate(sentences) if other is sentence), -1)
    if name not in text or len(text.split()) > _ONLY_NAMING_WORDS or \
            not 0 <= at < len(sentences) - 1:
        return text
    # "We propose FooCal, a post-hoc method that recalibrates logits" says what it does.
    if len(text[text.rfind(name) + len(name):].split()) > _AFTER_NAME_WORDS:
        return text
    following = sentences[at + 1].text
    does = _NAME_DOES.match(following[len(name):]) if following.startswith(name) else None
    if does is None or not gerund(does.group(1)):
        return text
    joined = _compress(f"{text.rstrip('. ')}, which {following[len(name):].lstrip()}", prepared)
    # Cut back to the naming sentence, the join would only add "…".
    return joined if len(joined.split()) > len(text.split()) + 2 else text


def _points_back(text: str) -> bool:
    """Tell whether a sentence points back ("We answer this question via …", "We study a
    variation of this random feature map"): what it is about is said in a sentence before."""
    return _ANAPHOR.search(text) is not None


def _compress(text: str, prepared: Prepared) -> str:
    """Say a sentence in MAX_GIST_WORDS words (a formula counted by its words): `compress`."""
    return compress(text, MAX_GIST_WORDS, lambda part: len(restore(part, prepared).split()))
