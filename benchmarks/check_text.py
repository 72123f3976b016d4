"""Check the text renderer on real abstracts: what TeX or Markdown leaks into the visible text.

    python -m benchmarks.check_text [FILES...]

Default inputs: the bundled `abstracts/` folder and the four lists of `../shared/data/` present.
For each input it renders every abstract and title and counts, over the visible text (the HTML
without tags, leaving out MathML and the code of formulas that fell back to source): backslash
commands, `$` delimiters, `**`/`__` markers, double-escaped entities in the HTML, and fallbacks.
Goal: all zero, fallbacks under 1% of formulas. It also lists the commands outside math the
renderer does not know, which show as their names (an author's `\\method`): a new TeX command
that should show otherwise turns up there.
"""

from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from papersite.text import render_abstract_html, render_inline_html
from papersite.text.macros import is_known_command

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_INPUTS = (ROOT / "abstracts", *(ROOT.parent / "shared" / "data" / f"{name}.jsonl" for name
                                         in ("iclr2024", "colm2024", "aistats2025", "3dv2025")))
FALLBACK_TARGET = 0.01

_BACKSLASH_COMMAND = re.compile(r"\\[A-Za-z]+")
# A `$` next to something only math has: a command, a script, a brace, or around one letter.
_MATH_DOLLAR = re.compile(r"\$\\[A-Za-z]|\$\{|[\^_}]\$|\$[A-Za-z]\$|\$[A-Za-z][_^]")
_EMPHASIS_MARKER = re.compile(r"\*\*|__")
_DOUBLE_ESCAPE = re.compile(r"&amp;(?:[A-Za-z]+|#[0-9]+|#x[0-9A-Fa-f]+);")
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$", re.DOTALL)
_FALLBACK = re.compile(r'<code class="ps-math-fallback">(.*?)</code>')


class _VisibleText(HTMLParser):
    """Collect the text a reader sees, leaving out MathML and fallback code."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._hidden or tag == "math" or ("class", "ps-math-fallback") in attrs:
            self._hidden.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._hidden and self._hidden[-1] == tag:
            self._hidden.pop()

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


@dataclass
class _Report:
    """What one input's texts leaked."""

    texts: int = 0
    formulas: int = 0
    leaks: dict[str, list[str]] = field(default_factory=dict)
    fallbacks: list[str] = field(default_factory=list)
    unknown_commands: dict[str, int] = field(default_factory=dict)

    def add(self, name: str, snippet: str) -> None:
        self.leaks.setdefault(name, []).append(snippet)


def read_texts(path: Path) -> list[str]:
    """Return the abstracts and titles of a .txt list, a .jsonl file or a folder of lists."""
    if path.is_dir():
        return [text for child in sorted(path.glob("*.txt")) for text in read_texts(child)]
    content = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        records = [json.loads(line) for line in content.splitlines() if line.strip()]
        return [r[key] for r in records for key in ("abstract", "title") if r.get(key)]
    paragraphs = re.split(r"\n[ \t]*\n", content.strip())
    return [paragraph.strip() for paragraph in paragraphs[1:] if paragraph.strip()]


def check_texts(texts: list[str]) -> _Report:
    """Render every text as an abstract and as a title and collect what leaked."""
    report = _Report(texts=len(texts))
    for text in texts:
        for html in (render_abstract_html(text), render_inline_html(text)):
            _check_html(html, report)
        for command in _BACKSLASH_COMMAND.findall(_MATH.sub(" ", text)):
            if not is_known_command(command[1:]):
                report.unknown_commands[command] = report.unknown_commands.get(command, 0) + 1
    return report


def _check_html(html: str, report: _Report) -> None:
    """Add one rendering's leaks to the report."""
    parser = _VisibleText()
    parser.feed(html)
    visible = "".join(parser.parts)
    for name, pattern in (
        ("backslash commands", _BACKSLASH_COMMAND),
        ("$ math delimiters", _MATH_DOLLAR),
        ("**/__ markers", _EMPHASIS_MARKER),
    ):
        for match in pattern.finditer(visible):
            report.add(name, visible[max(0, match.start() - 40) : match.end() + 40])
    for match in _DOUBLE_ESCAPE.finditer(html):
        report.add("double-escaped entities", html[max(0, match.start() - 40) : match.end() + 40])
    report.formulas += html.count("<math ") + html.count('class="ps-math-fallback"')
    report.fallbacks.extend(match.group(1) for match in _FALLBACK.finditer(html))


def print_report(label: str, report: _Report, seconds: float) -> bool:
    """Print one input's report; return True when it meets the goal."""
    print(f"== {label}: {report.texts} texts (abstracts and titles), each rendered both ways")
    print(f"   formulas (over both renderings): {report.formulas}")
    ok = True
    for name in ("backslash commands", "$ math delimiters", "**/__ markers",
                 "double-escaped entities"):  # fmt: skip
        found = report.leaks.get(name, [])
        ok = ok and not found
        print(f"   {name} left: {len(found)}")
        for snippet in found[:10]:
            print(f"      …{snippet}…")
    share = len(report.fallbacks) / report.formulas if report.formulas else 0.0
    ok = ok and share < FALLBACK_TARGET
    print(f"   formulas that fell back to source: {len(report.fallbacks)} ({share:.2%})")
    for source in sorted(set(report.fallbacks)):
        print(f"      {source}")
    unknown = sorted(report.unknown_commands.items(), key=lambda item: (-item[1], item[0]))
    print(f"   commands outside math shown as their names: {sum(report.unknown_commands.values())}"
          f" ({', '.join(f'{name} {count}' for name, count in unknown[:12]) or 'none'})")
    print(f"   time: {seconds:.2f} s")
    return ok


def main(argv: list[str] | None = None) -> int:
    """Check the given inputs (or the defaults); exit 1 when any misses the goal."""
    arguments = sys.argv[1:] if argv is None else argv
    paths = [Path(argument) for argument in arguments] or list(DEFAULT_INPUTS)
    ok = True
    for path in paths:
        if not path.exists():
            print(f"== {path}: not found, skipped")
            continue
        start = time.perf_counter()
        report = check_texts(read_texts(path))
        ok = print_report(str(path), report, time.perf_counter() - start) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
