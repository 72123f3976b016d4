"""Bounded fuzzing of the whole pipeline: raw list text in, built HTML out, nothing smuggled in."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import REPO
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from papersite.cli import main
from papersite.errors import GeneratorError
from papersite.parse import parse_inputs
from papersite.text.math import MATHML_ATTRIBUTES, MATHML_TAGS

# Payloads carry the marker "zzx" so that anything of theirs surviving into the HTML is found.
INJECTIONS = [
    "<script>zzx()</script>", "<img src=x onerror=zzx()>", "<iframe src=//zzx.example>",
    "[click](javascript:zzx())", "<a href='javascript:zzx()'>a</a>", "<zzx onload=zzx>",
    "\\href{javascript:zzx()}{t}", "<svg onload=zzx()>", "$\\text{<script>zzx</script>}$",
    "<!-- zzx -->", "{{ zzx }}", "{% zzx %}", "]]></zzx>", "&lt;zzx&gt;", "\" onmouseover=\"zzx",
]
FRAGMENTS = [
    "We propose ToolNet, a method for graphs.", "$O(k \\log \\eta)$", "$a_b_c$", "\\left( x",
    "\\textbf{bold}", "\\Ours{}", "**strong**", "_it_", "`code`", "https://example.org/x.",
    "costs $5 and $10", "\\%", "e.g.", "LLMs.To overcome", "---", "# heading", "> quote", "| a |",
    "1. item", "key: value", "\u200b", "\u0002", "α≤β", "论文", "\\begin{equation*}x^2\\end{equation*}",
]
# Elements papersite itself writes inside a paper's <article>, beside MathML.
OWN_ELEMENTS = {"article", "h1", "h2", "p", "nav", "a", "div", "section", "ol", "ul", "li", "span",
                "strong", "em", "code", "u", "br", "dl", "dt", "dd", "small", "sup", "sub",
                "button", "details", "summary", "pre"}  # Save, Copy link, the Cite panel
OWN_ATTRIBUTES = {"class", "href", "rel", "id", "data-search-exclude", "title", "aria-label",
                  "aria-hidden", "type", "hidden", "aria-pressed", "data-ps-save", "data-ps-copy",
                  "data-ps-here", "data-ps-derived"}

abstract_text = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.sampled_from(INJECTIONS),
              st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20)),
    min_size=3, max_size=12,
).map(lambda parts: " ".join(parts))


class _ArticleScanner(HTMLParser):
    """Collect what the paper's <article> contains, and anything carrying the payload marker."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.articles = 0
        self.paper_level = 0  # nesting level of the paper's <article>, 0 outside it
        self.in_math = 0
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        if "zzx" in tag or any("zzx" in (name or "") for name, _ in attrs):
            self.problems.append(f"injected element or attribute: <{tag} {attrs}>")
        for name, value in attrs:
            if name in ("href", "src") and (value or "").strip().lower().startswith(("javascript:", "data:")):
                self.problems.append(f"unsafe URL: <{tag} {name}={value!r}>")
            if name.startswith("on"):
                self.problems.append(f"event handler attribute: <{tag} {name}>")
        if tag == "article":  # Material's own <article> encloses the paper's
            self.articles += 1
            if "ps-paper" in (dict(attrs).get("class") or ""):
                self.paper_level = self.articles
        if self.paper_level:
            self.in_math += tag == "math"
            allowed_tags = MATHML_TAGS if self.in_math else OWN_ELEMENTS
            allowed_attributes = MATHML_ATTRIBUTES if self.in_math else OWN_ATTRIBUTES
            if tag not in allowed_tags:
                self.problems.append(f"unexpected element in the paper: <{tag}>")
            for name, _ in attrs:
                if name not in allowed_attributes:
                    self.problems.append(f"unexpected attribute in the paper: <{tag} {name}>")

    def handle_endtag(self, tag):
        if tag == "article":
            if self.articles == self.paper_level:
                self.paper_level = 0
            self.articles -= 1
        if self.paper_level and tag == "math":
            self.in_math -= 1

    def handle_data(self, data):
        if self.lasttag == "script" and "zzx" in data:
            self.problems.append("payload inside a <script>")


def scan_page(path: Path) -> list[str]:
    scanner = _ArticleScanner()
    scanner.feed(path.read_text(encoding="utf-8"))
    return [f"{path.name}: {problem}" for problem in scanner.problems]


# Each example is a whole MkDocs build: few examples, and no shrinking, which could take minutes.
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck),
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(abstracts=st.lists(abstract_text, min_size=1, max_size=4), header=st.sampled_from(
    ["NeurIPS 2026 论文列表", "Liste des articles", "<b>zzx</b> list", ""]))
# Found by a fresh-clone run: a short first abstract is read as the list's header, which names
# the site, and Material writes the site's name into every page as HTML.
@example(abstracts=['" [click](javascript:zzx()) <zzx onload=zzx>', "We propose ZzxNet."],
         header="")
@example(abstracts=["We propose ZzxNet, a network."], header="<b>zzx</b> list")
def test_any_list_builds_a_site_with_nothing_smuggled_in(abstracts, header, tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz")
    text = (header + "\n\n" if header else "") + "\n\n".join(a.replace("\n", " ") for a in abstracts)
    source = root / "list.txt"
    source.write_text(text, encoding="utf-8")
    monkey = pytest.MonkeyPatch()
    monkey.setenv("XDG_CACHE_HOME", str(root / "cache"))
    monkey.chdir(REPO)
    try:
        code = main(["build", str(source), "--site-dir", str(root / "site"), "--quiet"])
    finally:
        monkey.undo()
    if code != 0:  # only the user-facing input error may stop a run, e.g. an all-blank list
        with pytest.raises(GeneratorError):
            parse_inputs([source])
        assert not (root / "site").exists()
        return
    problems = [p for page in (root / "site").rglob("*.html") for p in scan_page(page)]
    assert problems == []
