"""TeX text macros outside math: styles, links, escapes, symbols, layout and unknown macros."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from latex2mathml.symbols_parser import SYMBOLS

from .nodes import ATOM_FIRST, Atoms, Element, Node, Text, strip_links

Finish = Callable[[str], tuple[Node, ...]]

_STYLES = {
    "textbf": ("strong", ""), "textit": ("em", ""), "emph": ("em", ""), "textsl": ("em", ""),
    "texttt": ("code", ""), "underline": ("u", ""), "uline": ("u", ""),
    "textsc": ("span", "ps-smallcaps"), "textsuperscript": ("sup", ""),
    "textsubscript": ("sub", ""), "mathbf": ("strong", ""), "mathit": ("em", ""),
}  # fmt: skip
# Old-style switches: `{\em x}`, or `\em x \em` as some abstracts write it.
_SWITCHES = {
    "em": ("em", ""), "it": ("em", ""), "itshape": ("em", ""), "sl": ("em", ""),
    "bf": ("strong", ""), "bfseries": ("strong", ""), "sc": ("span", "ps-smallcaps"),
    "scshape": ("span", "ps-smallcaps"), "tt": ("code", ""), "ttfamily": ("code", ""),
    "rm": ("", ""), "sf": ("", ""), "normalfont": ("", ""), "upshape": ("", ""),
    "sffamily": ("", ""), "rmfamily": ("", ""),
}  # fmt: skip
_KEEP_ARGUMENT = frozenset(
    "text textrm textnormal textsf textup textmd mbox hbox makebox fbox framebox smash mathrm "
    "mathsf mathnormal ensuremath textcolor colorbox highlight hl".split()
)  # for textcolor and colorbox the first argument, the colour, is dropped below
# `\begin{center}` … `\end{center}` around a warning: the environment's name goes, its text stays.
_DROP_WITH_ARGUMENT = frozenset(
    "vspace hspace vskip hskip label color phantom hphantom vphantom includegraphics begin end"
    .split()
)
_CITATIONS = frozenset(
    "cite citep citet citealp citeauthor citeyear ref eqref autoref cref Cref".split()
)
# `\hyperlink{target}{text}`, `\hypertarget{name}{text}`: a PDF's inner links; the text shows.
_INNER_LINKS = frozenset({"hyperlink", "hypertarget"})
_ARGUMENT_COMMANDS = _DROP_WITH_ARGUMENT | _CITATIONS | _INNER_LINKS | {
    "footnote", "url", "href", "unicode"}
_LAYOUT = frozenset(
    "noindent indent smallskip medskip bigskip newline linebreak par newpage clearpage centering "
    "raggedright raggedleft hfill vfill quad qquad tiny scriptsize footnotesize small normalsize "
    "large Large LARGE huge Huge maketitle relax protect xspace displaystyle textstyle nobreak "
    "break allowbreak null item".split()
)
_WORDS = {
    "ldots": "…", "dots": "…", "cdots": "⋯", "textemdash": "—", "textendash": "–",
    "textbullet": "•", "textdegree": "°", "degree": "°", "textasciitilde": "~",
    "textbackslash": "\\", "textbar": "|", "textless": "<", "textgreater": ">",
    "textquotedblleft": "“", "textquotedblright": "”", "textquoteleft": "‘",
    "textquoteright": "’", "copyright": "©", "textregistered": "®", "texttrademark": "™",
    "S": "§", "P": "¶", "dag": "†", "ddag": "‡", "pounds": "£", "euro": "€", "L": "Ł",
    "l": "ł", "o": "ø", "O": "Ø", "ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ",
    "i": "ı", "aa": "å", "AA": "Å", "LaTeX": "LaTeX", "TeX": "TeX", "ie": "i.e.", "eg": "e.g.",
    "etal": "et al.", "wrt": "w.r.t.", "vs": "vs.", "aka": "a.k.a.", "etc": "etc.",
    "faGithub": "GitHub", "faGitlab": "GitLab", "faTwitter": "Twitter", "faYoutube": "YouTube",
}  # fmt: skip
_ACCENTS = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a",
}  # fmt: skip
_LETTERS = frozenset("L l o O ss ae AE oe OE i aa AA".split())
_ESCAPES = frozenset("%&_$#{}")
_LITERALS = "%&_$#{}*`[]()<>-.!+|:;,' \"~^=/@"
_DOMAIN = re.compile(r"^(?:www\.)?[\w-]+(?:\.[\w-]+)+(?:/\S*)?$")
_NAME = re.compile(r"[A-Za-z]+")
_SPECIAL = re.compile(r"[\\{}~-]")


class _Expander:
    """One pass over a group of text, turning macros into placeholders or plain characters."""

    def __init__(self, atoms: Atoms, finish: Finish) -> None:
        self.atoms = atoms
        self.finish = finish

    def expand(self, text: str) -> str:
        """Return text with every macro, group and TeX ligature resolved."""
        out: list[str] = []
        i, n = 0, len(text)
        while i < n:
            special = _SPECIAL.search(text, i)
            if special is None:
                out.append(text[i:])
                break
            out.append(text[i : special.start()])
            i = special.start()
            char = text[i]
            if char == "\\":
                piece, i = self._command(text, i)
                out.append(piece)
            elif char == "{":
                content, i = _group(text, i)
                out.append(self._group_content(content))
            elif char == "}":
                i += 1  # a stray brace from TeX grouping
            elif char == "~":
                # A tie joins a word to what follows ("Table~1", "is~75%"); "(~675" and
                # "14% ~ 43%" mean "about".
                is_tie = 0 < i < n - 1 and (text[i - 1].isalnum() or text[i - 1] in ".,:;)")
                out.append("\u00a0" if is_tie and not text[i + 1].isspace() else "~")
                i += 1
            elif text.startswith("---", i):
                out.append("—")
                i += 3
            elif text.startswith("--", i):
                out.append("–")
                i += 2
            else:  # a lone "-"
                out.append(char)
                i += 1
        return "".join(out)

    def _group_content(self, content: str) -> str:
        """Expand a `{…}` group; a leading switch (`{\\em x}`) styles the whole group."""
        switch = re.match(r"\\([A-Za-z]+)\s*", content)
        if switch and switch.group(1) in _SWITCHES:
            return self._styled(_SWITCHES[switch.group(1)], content[switch.end() :])
        return self.expand(content)

    def _styled(self, style: tuple[str, str], content: str) -> str:
        """Return a placeholder for content in a style; an empty tag keeps the content plain."""
        tag, css_class = style
        inner = self.expand(content)
        if not tag:
            return inner
        return self.atoms.add(Element(tag, self.finish(inner), css_class=css_class))

    def _command(self, text: str, i: int) -> tuple[str, int]:
        """Resolve the command at text[i] ("\\"); return its replacement and where to go on."""
        if text.startswith("\\\\", i):
            following = _NAME.match(text, i + 2)
            if (following and is_known_command(following.group())) or text[i + 2 : i + 3] in _ESCAPES:
                i += 1  # a scraper doubled the backslash of a command or an escape
            else:
                return " ", i + 2  # a TeX line break ("first\\Second" is two words)
        name_match = _NAME.match(text, i + 1)
        if name_match is None:
            return self._symbol_command(text, i)
        name, end = name_match.group(), name_match.end()
        if name in _ACCENTS and len(name) == 1 and text[end : end + 1] == "{":
            return self._accent(text, name, end)
        return self._letter_command(text, name, end)

    def _symbol_command(self, text: str, i: int) -> tuple[str, int]:
        """Resolve a backslash followed by a non-letter: an accent, an escape or a space."""
        char = text[i + 1 : i + 2]
        if char in _ACCENTS and re.match(r"\{?[A-Za-z]", text[i + 2 : i + 4]):
            return self._accent(text, char, i + 2)
        if char in (",", ";", ":"):
            return "\u202f", i + 2  # thin spaces
        if char and char in _LITERALS:
            return self.atoms.text(char), i + 2
        return "", i + 1  # a lone backslash shows nothing

    def _accent(self, text: str, mark: str, i: int) -> tuple[str, int]:
        """Put an accent on the next letter (`\\'e`, `\\'{e}`, `\\c{c}`)."""
        if text[i : i + 1] == "{":
            letter, end = _group(text, i)
        else:
            letter, end = text[i : i + 1], i + 1
        letter = re.sub(r"\\([ij])(?![A-Za-z])", r"\1", letter)  # \'{\i} is an accented i
        if len(letter) != 1 or not letter.isalpha():
            return self.expand(letter), end
        return unicodedata.normalize("NFC", letter + _ACCENTS[mark]), end

    def _letter_command(self, text: str, name: str, end: int) -> tuple[str, int]:
        """Resolve `\\name`, reading its arguments where it has some."""
        if name in _STYLES:
            argument, end = _argument(text, end)
            return self._styled(_STYLES[name], argument), end
        if name in _SWITCHES:
            end = _skip_spaces(text, end)  # TeX ends a control word at the space after it
            stop, resume = _switch_scope(text, name, end)
            return self._styled(_SWITCHES[name], text[end:stop]), resume
        if name in _KEEP_ARGUMENT or name in _ARGUMENT_COMMANDS:
            return self._argument_command(text, name, end)
        if name in _LAYOUT:
            return " ", end  # most end a line or make space; spaces are collapsed later
        if name in _WORDS:
            if name in _LETTERS and text[end : end + 1] == " ":
                end += 1  # "\L ojasiewicz": the space only ends the command
            return self.atoms.text(_WORDS[name]), end
        if name.startswith("fa") and name[2:3].isupper():
            return "", end  # a Font Awesome icon without a fitting word
        if f"\\{name}" in SYMBOLS:
            return chr(int(SYMBOLS[f"\\{name}"], 16)), end
        return name, end  # an author's macro (\Ours, \toolname): its name is the best guess

    def _argument_command(self, text: str, name: str, end: int) -> tuple[str, int]:
        """Resolve a command whose arguments decide what it shows."""
        if name in ("textcolor", "colorbox") or name in _INNER_LINKS:
            _, end = _argument(text, end)  # the colour, or the link's target
        if name == "href":
            target, end = _argument(text, end)
            label, end = _argument(text, end)
            return self._link(target, label), end
        argument, end = _argument(text, _skip_optional(text, end))
        if name in _CITATIONS:
            return self.atoms.text(f"[{argument.strip()}]"), end
        if name in _DROP_WITH_ARGUMENT:
            return "", end
        if name == "footnote":
            return f" ({self.expand(argument)})", end
        if name == "url":
            return self._link(argument, argument), end
        if name == "unicode":
            return _unicode_char(argument), end
        return self.expand(argument), end  # _KEEP_ARGUMENT

    def _link(self, target: str, label: str) -> str:
        """Return a link to target showing label, or just the label when target is not allowed."""
        target = target.strip()
        url = ""
        node = self.atoms.node(target) if len(target) == 1 else None
        if isinstance(node, Element) and node.tag == "a":
            url = node.href
        elif _DOMAIN.match(target):
            url = f"https://{target}"
        label_nodes = strip_links(self.finish(self.expand(label)))
        if url:
            return self.atoms.add(Element("a", label_nodes or (Text(url),), href=url))
        if label == target:  # \url{} of something that is no web address: show it as code
            return self.atoms.add(Element("code", label_nodes)) if label_nodes else ""
        return self.expand(label)


def expand_macros(text: str, atoms: Atoms, finish: Finish) -> str:
    """Return text with TeX text macros resolved into placeholders and plain characters."""
    return _Expander(atoms, finish).expand(text)


def _group(text: str, i: int) -> tuple[str, int]:
    """Return the content of the brace group opening at text[i] and the index after it."""
    depth, j, n = 0, i, len(text)
    while j < n:
        char = text[j]
        if char == "\\":
            j += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1 : j], j + 1
        j += 1
    return text[i + 1 :], n  # an unclosed group runs to the end


def _argument(text: str, i: int) -> tuple[str, int]:
    """Return a command's argument at text[i]: a brace group, else one character."""
    i = _skip_spaces(text, i)
    if i >= len(text):
        return "", i
    if text[i] == "{":
        return _group(text, i)
    return text[i], i + 1


def is_known_command(name: str) -> bool:
    """Tell whether a command name is one this module resolves by name."""
    tables = (_STYLES, _SWITCHES, _KEEP_ARGUMENT, _ARGUMENT_COMMANDS, _LAYOUT, _WORDS, _ACCENTS)
    return any(name in table for table in tables) or f"\\{name}" in SYMBOLS


def _skip_spaces(text: str, i: int) -> int:
    """Return the index of the first non-space character at or after i."""
    while i < len(text) and text[i] == " ":
        i += 1
    return i


def _skip_optional(text: str, i: int) -> int:
    """Skip an optional `[…]` argument."""
    match = re.match(r"\s*\[[^\]]*\]", text[i:])
    return i + match.end() if match else i


def _switch_scope(text: str, name: str, end: int) -> tuple[int, int]:
    """Find where a bare switch ends: at the same switch again (`\\em a \\em b`) or group end."""
    depth, j, n = 0, end, len(text)
    pattern = re.compile(rf"\\{name}(?![A-Za-z])")
    while j < n:
        char = text[j]
        if char == "\\":
            match = pattern.match(text, j)
            if match and depth == 0:
                return j, match.end()
            j += 2
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return j, j
        j += 1
    return n, n


def _unicode_char(argument: str) -> str:
    """Return the character `\\unicode{x2013}` names, or nothing when it is not printable."""
    match = re.fullmatch(r"\s*(?:x|0x|U\+)?([0-9A-Fa-f]{1,6})\s*", argument)
    code = int(match.group(1), 16) if match else -1
    if not 0x20 <= code < ATOM_FIRST or unicodedata.category(chr(code)) in ("Cc", "Cs", "Cn"):
        return ""
    return chr(code)
