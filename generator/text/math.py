"""LaTeX formulas to MathML (checked against an allowlist) or, failing that, to a code fallback."""

from __future__ import annotations

import functools
import html
import re
import xml.etree.ElementTree as ET

import latex2mathml.commands
from latex2mathml.converter import convert
from latex2mathml.symbols_parser import SYMBOLS

from .mathtext import element_text

MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML"
MATHML_TAGS = frozenset(
    "math mrow mi mn mo mtext ms mspace msup msub msubsup mfrac msqrt mroot mover munder "
    "munderover mtable mtr mtd mstyle mpadded mphantom menclose none mprescripts mmultiscripts "
    "merror".split()
)
MATHML_ATTRIBUTES = frozenset(
    "xmlns display mathvariant stretchy fence form separator lspace rspace width height depth "
    "voffset linebreak displaystyle scriptlevel columnalign columnspacing rowspacing columnlines "
    "rowlines accent accentunder movablelimits minsize maxsize linethickness notation mathsize "
    "largeop symmetric mathcolor mathbackground".split()
)
# Values latex2mathml writes (sizes, colours, flags, the namespace); anything else is injected.
_ATTRIBUTE_VALUE = re.compile(r"^[\w#.+\-:/ %]*$")
# How many children a script or fraction must have; fewer means the converter lost a piece.
_ARITY = {
    "msup": 2, "msub": 2, "msubsup": 3, "mfrac": 2, "mroot": 2,
    "mover": 2, "munder": 2, "munderover": 3,
}  # fmt: skip


def _collect_commands() -> frozenset[str]:
    """Return every command latex2mathml knows: its command constants and its symbol table."""
    known: set[str] = set(SYMBOLS)
    pending: list[object] = [v for k, v in vars(latex2mathml.commands).items() if k.isupper()]
    while pending:
        value = pending.pop()
        if isinstance(value, str) and value.startswith("\\"):
            known.add(value)
        elif isinstance(value, (tuple, list, set, frozenset)):
            pending.extend(value)
        elif isinstance(value, dict):
            pending.extend(value)
    return frozenset(known)


KNOWN_COMMANDS = _collect_commands()
_FUNCTIONS = frozenset(latex2mathml.commands.FUNCTIONS)
# Text-mode commands authors put in math that latex2mathml lacks, as ones it has.
_MATH_ALIASES = {
    "\\textsc": "\\text", "\\textsl": "\\textit", "\\textup": "\\textrm", "\\textmd": "\\textrm",
    "\\dots": "\\ldots", "\\ensuremath": "", "\\displaystyle": "", "\\textstyle": "",
    "\\nolimits": "", "\\limits": "", "\\mathlarger": "", "\\nonumber": "", "\\notag": "",
    "\\textendash": "\\text{–}", "\\textemdash": "\\text{—}", "\\textdegree": "\\text{°}",
}  # fmt: skip
_SIZE_COMMANDS = re.compile(
    r"\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge)(?![A-Za-z])"
)
_COMMAND = re.compile(r"\\([A-Za-z]+)")
_TEXT_ARGUMENT = re.compile(r"(\\(?:text[a-z]*|mbox|hbox|mathrm|operatorname)\s*)\{")


def to_mathml(latex: str, display: bool) -> str | None:
    """Return the formula as a MathML element, or None when it cannot be converted cleanly."""
    return _convert_cached(latex, display)[0]


def to_readable_text(latex: str) -> str:
    """Return the formula as readable plain text ("O(k log η)", "n²")."""
    root = _convert_cached(latex, False)[1]
    return fallback_text(latex) if root is None else element_text(root)


def fallback_text(latex: str) -> str:
    """Return an unconvertible formula as text: symbols as characters, commands as names."""
    text = re.sub(r"\\\\(?=[A-Za-z{}])", r"\\", latex)
    text = _COMMAND.sub(_command_text, text)
    return re.sub(r"\s+", " ", re.sub(r"[{}\\]", " ", text).replace("&", " ")).strip()


def _command_text(match: re.Match[str]) -> str:
    """Return a command as text: a symbol's character, a function's name, a font's nothing."""
    command = match.group(0)
    if command in SYMBOLS:
        return chr(int(SYMBOLS[command], 16))
    if command in _FUNCTIONS or command not in KNOWN_COMMANDS:
        return f" {match.group(1)} "
    return ""


def normalize_latex(latex: str) -> str:
    """Repair what scrapers and authors do to formulas before conversion.

    Doubled backslashes (`\\\\min \\\\{`) are halved unless an environment needs `\\\\` as a row
    break; `\\_` is a scraper's escaped subscript; `<`, `>` and a lone `&` become commands so the
    output stays well-formed; size switches are dropped; text arguments lose inner braces and
    commands; unknown commands (`\\Ours`) become upright names.
    """
    has_environment = "\\begin{" in latex
    if not has_environment:
        latex = re.sub(r"\\\\(?=[A-Za-z{}|%_$#&,;!])", r"\\", latex)
        latex = re.sub(r"\\\\", " ", latex)
        latex = re.sub(r"(?<!\\)&", r"\\&", latex)
    latex = latex.replace("\\_", "_").replace("<", "\\lt ").replace(">", "\\gt ")
    latex = _SIZE_COMMANDS.sub("", latex)
    latex = _simplify_text_arguments(latex)
    return _COMMAND.sub(_replace_command, latex)


def _replace_command(match: re.Match[str]) -> str:
    """Map one command to one latex2mathml knows, or to its name set upright."""
    command = match.group(0)
    if command in _MATH_ALIASES:
        return _MATH_ALIASES[command]
    if command in KNOWN_COMMANDS:
        return command
    return f"\\mathrm{{{match.group(1)}}}"


def _simplify_text_arguments(latex: str) -> str:
    """Strip commands and braces nested in text arguments, which latex2mathml cannot parse."""
    parts: list[str] = []
    position = 0
    for match in _TEXT_ARGUMENT.finditer(latex):
        if match.start() < position:
            continue
        depth, end = 1, match.end()
        while end < len(latex) and depth:
            depth += {"{": 1, "}": -1}.get(latex[end], 0)
            end += 1
        inner = latex[match.end() : end - 1] if depth == 0 else latex[match.end() :]
        if "{" in inner or "\\" in inner:
            inner = re.sub(r"\\([%$#&_{}])", r"\1", inner)
            inner = re.sub(r"\\[A-Za-z]+\s*|[{}\\]", "", inner)
        parts.append(latex[position : match.end()] + inner + "}")
        position = end
    parts.append(latex[position:])
    return "".join(parts)


@functools.lru_cache(maxsize=65536)
def _convert_cached(latex: str, display: bool) -> tuple[str | None, ET.Element | None]:
    """Convert, parse and check one formula; return its MathML string and tree, or Nones."""
    try:
        mathml = convert(normalize_latex(latex), display="block" if display else "inline")
        root = ET.fromstring(mathml)
    except Exception:  # latex2mathml raises many types (and RecursionError); any means fallback
        return None, None
    if not _is_clean(root):
        return None, None
    return _serialize(root), root


def _is_clean(root: ET.Element) -> bool:
    """Check that a tree holds only allowed MathML, complete scripts and no leftover TeX."""
    for element in root.iter():
        tag = _local_name(element.tag)
        if tag not in MATHML_TAGS:
            return False
        for name, value in element.attrib.items():
            if _local_name(name) not in MATHML_ATTRIBUTES or not _ATTRIBUTE_VALUE.match(value):
                return False
        if tag in _ARITY and len(element) != _ARITY[tag]:
            return False
        text = element.text or ""
        if "\\" in text or (tag != "mo" and ("{" in text or "}" in text)):
            return False
    return True


def _serialize(element: ET.Element) -> str:
    """Write a checked tree as HTML, escaping every text and attribute value ourselves."""
    tag = _local_name(element.tag)
    attributes = "".join(
        f' {_local_name(name)}="{html.escape(value, quote=True)}"'
        for name, value in element.attrib.items()
    )
    if tag == "math":
        attributes = f' xmlns="{MATHML_NAMESPACE}"' + attributes
    inner = html.escape(element.text or "", quote=False)
    inner += "".join(_serialize(child) for child in element)
    tail = html.escape(element.tail or "", quote=False)
    return f"<{tag}{attributes}>{inner}</{tag}>{tail}"


def _local_name(name: str) -> str:
    """Return an XML name without its {namespace} prefix."""
    return name.rsplit("}", 1)[-1]
