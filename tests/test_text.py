"""Tests of the text renderer: every construct in a table, bundled abstracts, random mixtures."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from conftest import BUNDLED
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.check_text import check_texts, read_texts
from papersite.text import plain_text, render_abstract_html, render_inline_html
from papersite.text.math import MATHML_ATTRIBUTES, MATHML_NAMESPACE, MATHML_TAGS

MATH = '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">'
BLOCK = '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">'
FALLBACK = '<code class="ps-math-fallback">'
LINK = 'rel="nofollow noopener"'

# (id, input, substrings the HTML must contain, substrings it must not, expected plain text)
CASES = [
    # Math delimiters and what is not math.
    ("inline", r"cost $O(k \log \eta)$ here", [MATH, "<mi>η</mi>"], ["$"], "cost O(k log η) here"),
    ("mathcal", r"$\mathcal{O}(n^2)$", [MATH, "<msup>"], [], "O(n²)"),
    ("display dollars", r"see $$\sum_i x_i$$ now", [BLOCK], ["$"], "see ∑_ix_i now"),
    ("paren", r"a \(x^2\) b", [MATH], ["\\("], "a x² b"),
    ("bracket", r"a \[ \frac{a}{b} \] b", [BLOCK, "<mfrac>"], ["\\["], "a a/b b"),
    ("equation*", r"\begin{equation*} E = mc^2 \end{equation*}", [BLOCK], ["begin"], "E = mc²"),
    ("align*", r"\begin{align*} a &= b \\ c &= d \end{align*}", [BLOCK, "<mtable"], [], None),
    ("back to back", r"$\sim$$30\%$ more", [MATH + "<mrow><mi>~</mi>", "<mn>30</mn>"],
     [BLOCK], "~30% more"),
    ("emphasis-safe", r"$a^*$ or $b^*$", [MATH], ["<em>"], "a* or b*"),
    ("currency", "less than $0.20 per query", ["$0.20"], [MATH], "less than $0.20 per query"),
    ("escaped dollar", r"saving \$15K a year", ["$15K"], [MATH, "\\"], "saving $15K a year"),
    ("doubled escape", r"nearly \\$300,000 (\\$26,000)", ["$300,000 ($26,000)"], [MATH], None),
    ("under", "under $50 in total", ["under $50"], [MATH], "under $50 in total"),
    ("two prices", "costs $5 and $10 each", ["$5 and $10"], [MATH], "costs $5 and $10 each"),
    ("price then math", "costs $5 and $x^2$ is", ["$5 and", MATH], [], "costs $5 and x² is"),
    ("range", "from $5-$10", ["$5-$10"], [MATH], None),
    ("times", r"ImageNet 256$\times$256", [MATH, "×"], ["$"], "ImageNet 256×256"),
    ("spaced", r"is $ \log p $ here", [MATH], ["$"], "is log p here"),
    ("double subscript", r"bad $a_b_c$ then $x$", [FALLBACK + "a_b_c</code>", MATH], [], None),
    ("unmatched left", r"$\left( x$ ok", [FALLBACK], [], None),
    ("doubled braces", r"$\min \\{ A, B \\}$", [MATH, "<mo>min</mo>"], ["\\"], "min {A, B}"),
    ("doubled command", r"$\\tilde{\\mathcal{O}}(1)$", [MATH], [FALLBACK], "Õ(1)"),
    ("unknown in math", r"$\Ours + 1$", [MATH], [FALLBACK, "\\"], "Ours+1"),
    ("text in math", r"$\tau_\textrm{\small{net}}$", [MATH, "<mtext>net</mtext>"], [], "τ_net"),
    ("lt in math", r"$a < b$ and $c>d$", [MATH, "<mo>&lt;</mo>"], [], "a < b and c > d"),
    ("href in math", r"$\href{javascript:x}{y}$", [FALLBACK], ["href="], None),
    ("percent", r"$\mathbf{+8.26\%}$", [MATH, "8.26"], [], "+8.26%"),
    ("degrees", r"layout-guided $360^{\circ}$ splatting", [MATH], [], "layout-guided 360° splatting"),
    # Bundled abstracts' formulas.
    ("omwu rate", r"$\widetilde O(T^{-1/2})$", [MATH, "<mover>"], [], "Õ(T^(−1/2))"),
    ("omwu 2x2", r"$2\times 2$ games", [MATH], [], "2 × 2 games"),
    ("omwu log", r"$O(\log n)$ and $O(\log \eta)$", [MATH], [], "O(log n) and O(log η)"),
    ("alpha", r"$\boldsymbol{\alpha} \neq \boldsymbol{\alpha}'$", [MATH, "≠"], [], "α ≠ α′"),
    ("rank", r"$\operatorname{rank}(\mathbf{V}) \leq n-2$", [MATH], [], "rank(V) ≤ n−2"),
    ("set", r"$\{\alpha_{ij}\}$", [MATH], [], "{α_ij}"),
    ("geq", r"$k \geq 107$", [MATH], [], "k ≥ 107"),
    ("textit in math", r"$\textit{de novo}$ design", [MATH, 'mathvariant="italic"'], [],
     "de novo design"),
    ("E3", r"$E^3$former", [MATH], [], "E³former"),
    ("frac", r"$ \log\frac{p(\mathbf{x})}{q(\mathbf{x})} $", [MATH, "<mfrac>"], [], None),
    # Text macros.
    ("textbf", r"\textbf{bold} \textit{it} \emph{em}", ["<strong>bold</strong>",
     "<em>it</em>", "<em>em</em>"], [], "bold it em"),
    ("texttt", r"\texttt{code_x} \underline{u} \textsc{Sc}", ["<code>code_x</code>", "<u>u</u>",
     '<span class="ps-smallcaps">Sc</span>'], [], "code_x u Sc"),
    ("url", r"see \url{https://a.org/x_y}.", ['<a href="https://a.org/x_y" ' + LINK], [],
     "see https://a.org/x_y."),
    ("href", r"\href{https://github.com/A4Bio/P}{GitHub}", ['href="https://github.com/A4Bio/P"',
     ">GitHub</a>"], [], "GitHub"),
    ("textcolor", r"\textcolor{red}{kept}", ["kept"], ["red"], "kept"),
    ("escapes", r"10\% \& \_ \$ \# a~b", ["10% &amp; _ $ # a\u00a0b"], ["\\"], "10% & _ $ # a b"),
    ("dashes", "a--b a---b {,} x\\ldots \\textemdash \\textendash", ["a–b a—b , x… — –"], [],
     "a–b a—b , x… — –"),
    ("layout", r"\noindent A\smallskip\medskip\bigskip B\newline C\\ D\par \vspace{2mm}E",
     ["A B C D E"], ["2mm", "\\"], "A B C D E"),
    ("doubled backslash", r"first\\Second \\textbf{b} 5\\%", ["first Second <strong>b</strong> 5%"],
     ["\\"], "first Second b 5%"),
    ("fontawesome", r"Code \faGithub: \faBook here", ["Code GitHub: here"], ["fa"], None),
    ("unknown macro", r"We propose \Ours and \toolname{} today", ["We propose Ours and toolname"],
     ["\\"], "We propose Ours and toolname today"),
    ("switches", r"{\em distinguish} and \em signal \em phase {\bf B}", ["<em>distinguish</em>",
     "<em>signal </em> phase", "<strong>B</strong>"], [], "distinguish and signal phase B"),
    ("accents", r"Poincar\'e and \L ojasiewicz and G\"{o}del", ["Poincaré", "Łojasiewicz",
     "Gödel"], [], None),
    ("doubled accent", r"Fran\\c{c}ais and Erd\\H{o}s", ["Français and Erdős"], ["\\"],
     "Français and Erdős"),
    ("citation", r"work \citep{liu2022} shows", ["[liu2022]"], ["cite"], None),
    ("footnote", r"text\footnote{a note}.", ["text (a note)."], ["footnote"], None),
    ("tex quotes", "``jailbreak'' and `sufficient' x", ["“jailbreak” and ‘sufficient’"], [], None),
    ("tilde about", "in ~1.3 s, (~675) and 14% ~ 43%", ["~1.3", "(~675)", "14% ~ 43%"], [], None),
    ("unicode", r"context$\unicode{x2013}$unlabeled", [MATH, "–"], [], "context–unlabeled"),
    ("stray braces", "a {b} c} {d", ["a b c d"], ["{", "}"], "a b c d"),
    # Markdown.
    ("md bold", "**Off-Policy** and *it* and _it2_", ["<strong>Off-Policy</strong>",
     "<em>it</em>", "<em>it2</em>"], ["*", "_"], "Off-Policy and it and it2"),
    ("md intraword", "**M**ixture **o**f", ["<strong>M</strong>ixture"], ["*"], "Mixture of"),
    ("snake_case", "use snake_case_name and __init__ files", ["snake_case_name"], ["<em>"], None),
    ("md link", "[text](https://a.b/c_d) and <https://x.org/3D-DST/>",
     ['<a href="https://a.b/c_d" ' + LINK + ">text</a>", ">https://x.org/3D-DST/</a>"],
     ["&lt;"], "text and https://x.org/3D-DST/"),
    ("md code", "run `a_b *c* $x$` now", ["<code>a_b *c* $x$</code>"], [MATH],
     "run a_b *c* $x$ now"),
    ("bare url", "see https://github.com/x/y. Also (https://a.org/b_(c)) and https://c.io/d,",
     ['href="https://github.com/x/y"', 'href="https://a.org/b_(c)"', 'href="https://c.io/d"',
      "</a>. Also", "</a>) and", "</a>,"], [], None),
    ("entities", "a &mdash; b &amp; c &lt;d&gt;", ["a — b &amp; c &lt;d&gt;"], ["&amp;amp;",
     "&amp;mdash;"], "a — b & c <d>"),
    ("bare specials", "x < 2% & y > 3", ["x &lt; 2% &amp; y &gt; 3"], [], "x < 2% & y > 3"),
    ("inner pdf links", r"the \hyperlink{PSIPS}{PSIPS} algorithm \hypertarget{a}{here}",
     ["the PSIPS algorithm here"], ["hyperlink", "PSIPSPSIPS"], "the PSIPS algorithm here"),
    ("environments", r"\begin{center}\textcolor{red}{Warning.}\end{center} Text \begin{itemize}"
     r" \item one \item two\end{itemize}", ["Warning. Text one two"], ["begin", "center", "item"],
     "Warning. Text one two"),
    # Clean-up.
    ("control chars", "evalua\u0002tion\u0008 a\r\nb \u200b\u200bc", ["evaluation a b c"], [],
     "evaluation a b c"),
    ("sentence space", "LLMs.To overcome (OPE).We", ["LLMs. To overcome (OPE). We"], [], None),
    ("no sentence space", "e.g.The i.e.The 3.5 model.Py github.Io https://a.b/C.Html x.Ab",
     ["e.g.The i.e.The 3.5 model.Py github.Io", 'href="https://a.b/C.Html"'], [], None),
    # Safety.
    ("script", "<script>alert(1)</script>", ["&lt;script&gt;"], ["<script"], None),
    ("img", '<img src=x onerror="alert(1)">', ["&lt;img"], ["<img"], None),
    ("iframe entity", "&lt;iframe src=x&gt;", ["&lt;iframe"], ["<iframe"], None),
    ("js link", "[click](javascript:alert(1)) \\href{javascript:x}{bad}", ["[click]"],
     ["href=", "<a"], None),
    ("data url", r"\url{data:text/html,x}", ["<code>"], ["href"], None),
    ("mathml text", r"$\text{<script>}$", [], ["<script"], None),
    ("attribute injection", r'$\color{red" onclick="x}{y}$', [FALLBACK], [], None),
]


@pytest.mark.parametrize(
    ("text", "html_has", "html_lacks", "plain"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_construct(text: str, html_has: list[str], html_lacks: list[str], plain: str | None):
    html = render_abstract_html(text)
    for expected in html_has:
        assert expected in html
    for unwanted in html_lacks:
        assert unwanted not in html[3:-4]
    assert_safe_html(html)
    if plain is not None:
        assert plain_text(text) == plain


def test_abstract_is_one_paragraph_on_one_line():
    html = render_abstract_html("A $x$ and $$y$$ and\n\nmore.")
    assert html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1
    assert "\n" not in html


def test_inline_has_no_paragraph_and_no_display_math():
    html = render_inline_html(r"Title with $$\sum_i x_i$$ and \textbf{bold}")
    assert "<p>" not in html and 'display="block"' not in html
    assert 'display="inline"' in html and "<strong>bold</strong>" in html


@pytest.mark.parametrize("opener", ["{", "\\textbf{", "**", "*a ", "\\emph{\\em "])
def test_deep_nesting_does_not_crash(opener: str):
    text = opener * 3000 + "x" + "}" * 3000
    assert_safe_html(render_abstract_html(text))
    assert "x" in plain_text(text)


def test_plain_text_has_no_markup():
    text = r"**We** get $\mathcal{O}(n^2)$ via \textbf{x} <b>&amp;</b> \Ours $\alpha$"
    plain = plain_text(text)
    assert plain == "We get O(n²) via x <b>&</b> Ours α"


def test_bundled_omwu_abstract_renders_all_math():
    omwu = next(text for text in read_texts(BUNDLED) if "(OMWU)" in text)
    html = render_abstract_html(omwu)
    assert html.count("<math ") == omwu.count("$") // 2
    assert "<em>optimistic skew-gradient descent</em>" in html
    assert "the 2 × 2 setting a new Õ(T^(−1/2)) best-iterate rate" in plain_text(omwu)


def test_bundled_abstracts_leak_nothing():
    report = check_texts(read_texts(BUNDLED))
    assert report.leaks == {} and report.fallbacks == []
    assert report.formulas > 50


# Property-based: random mixtures of the constructs above and arbitrary Unicode.
FRAGMENTS = [case[1] for case in CASES] + [
    "$", "$$", "\\", "{", "}", "`", "*", "**", "_", "__", "[", "](", ")", "<", ">", "&", "~",
    "\\(", "\\)", "\\[", "\\]", "\\begin{equation}", "\\end{equation}", "\\textbf{", "\\href{",
    "https://", "mailto:", "&#2;", "&amp;", "\\unicode{", "x2013}", "\\em", "'", '"', " ",
]
OUR_TAGS = {"div", "p", "strong", "em", "u", "code", "span", "a", "sup", "sub"}
OUR_CLASSES = {"ps-smallcaps", "ps-math-fallback"}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=14))
def test_random_mixtures_render_safe_well_formed_html(pieces: list[str]):
    text = "".join(pieces)
    for html in (render_abstract_html(text), render_inline_html(text)):
        assert "\n" not in html
        assert_safe_html(html)
    assert "\n" not in plain_text(text)


def assert_safe_html(html: str) -> None:
    """Check well-formedness and that every element and attribute is one the renderer makes."""
    assert not re.search(r"&(?!amp;|lt;|gt;|quot;|#x?[0-9a-fA-F]+;)", html), "HTML-only entity"
    root = ET.fromstring(f"<div>{html}</div>")
    for element in root.iter():
        namespace, _, tag = element.tag.rpartition("}")
        if namespace:
            assert namespace == "{" + MATHML_NAMESPACE and tag in MATHML_TAGS, tag
            assert set(element.attrib) <= MATHML_ATTRIBUTES, element.attrib
            continue
        assert tag in OUR_TAGS, tag
        _assert_our_attributes(tag, element.attrib)
    collector = _StartTags()
    collector.feed(html)  # what a browser's HTML parser sees must be the same elements
    assert collector.tags == [_local(element.tag) for element in root.iter()][1:]


def _assert_our_attributes(tag: str, attributes: dict[str, str]) -> None:
    """Check the attributes of one of our (non-MathML) elements."""
    allowed = {"class"} | ({"href", "rel"} if tag == "a" else set())
    assert set(attributes) <= allowed, attributes
    assert attributes.get("class", "ps-smallcaps") in OUR_CLASSES
    if tag == "a":
        assert re.match(r"(https?://|mailto:)", attributes["href"], re.IGNORECASE)
        assert attributes["rel"] == "nofollow noopener"


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


class _StartTags(HTMLParser):
    """Record the start tags an HTML parser finds."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
