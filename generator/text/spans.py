"""Find math and code spans first, so that no later pass can reinterpret their content."""

from __future__ import annotations

import re

from .nodes import Atoms, Element, Math, Text

# Display environments whose wrapper latex2mathml does not need; other environments are kept.
_UNWRAPPED_ENVIRONMENTS = ("equation", "equation*", "displaymath", "math")
_ENVIRONMENTS = _UNWRAPPED_ENVIRONMENTS + (
    "align", "align*", "gather", "gather*", "multline", "multline*", "eqnarray", "eqnarray*",
)  # fmt: skip
_BEGIN = re.compile(r"\\begin\{([a-z]+\*?)\}")
# Content that can only be math: a command, a script or a group.
_SPECIAL = re.compile(r"[\\`$]")
_MATHY = re.compile(r"\\[A-Za-z]|[\^_{}]")


def protect_code_and_math(text: str, atoms: Atoms) -> str:
    """Replace code spans and math spans by placeholders; leave everything else as it is.

    One pass from left to right, so the first construct to open wins: a `$` inside code is code,
    a backtick inside math is math. A backslash and the character after it are copied together,
    so `\\$` is never a delimiter.
    """
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
        found: tuple[str, int] | None = None
        if char == "\\":
            found = _find_backslash_math(text, i, atoms)
            if found is None:
                step = 3 if text.startswith("\\\\", i) and not text[i + 2 : i + 3].isalpha() else 2
                out.append(text[i : i + step])
                i += step
                continue
        elif char == "`":
            found = _find_code(text, i, atoms)
        elif char == "$":
            found = _find_dollar_math(text, i, atoms)
        if found is None:
            out.append(char)
            i += 1
        else:
            out.append(found[0])
            i = found[1]
    return "".join(out)


def _find_backslash_math(text: str, i: int, atoms: Atoms) -> tuple[str, int] | None:
    """Match `\\(…\\)`, `\\[…\\]` or a display environment starting at i."""
    pair = text[i : i + 2]
    if pair in ("\\(", "\\["):
        closer = "\\)" if pair == "\\(" else "\\]"
        end = _find_unescaped(text, closer, i + 2)
        if end < 0 or not text[i + 2 : end].strip():
            return None
        return atoms.add(Math(text[i + 2 : end].strip(), pair == "\\[")), end + 2
    begin = _BEGIN.match(text, i)
    if begin is None or begin.group(1) not in _ENVIRONMENTS:
        return None
    name = begin.group(1)
    end_tag = f"\\end{{{name}}}"
    end = text.find(end_tag, begin.end())
    if end < 0:
        return None
    if name in _UNWRAPPED_ENVIRONMENTS:
        latex = text[begin.end() : end]
    else:
        latex = text[i : end + len(end_tag)]
    return atoms.add(Math(latex.strip(), True)), end + len(end_tag)


def _find_code(text: str, i: int, atoms: Atoms) -> tuple[str, int] | None:
    """Match a Markdown code span: a run of backticks, content, the same run again."""
    run = len(text) - i - len(text[i:].lstrip("`"))
    fence = "`" * run
    end = text.find(fence, i + run)
    while end >= 0 and text.startswith("`", end + run):  # a longer run does not close
        end = text.find(fence, end + run + 1)
    if end < 0 or not text[i + run : end].strip():
        return None
    content = text[i + run : end].strip()
    return atoms.add(Element("code", (Text(content),))), end + run


def _find_dollar_math(text: str, i: int, atoms: Atoms) -> tuple[str, int] | None:
    """Match `$$…$$` or `$…$` at i, telling math from money.

    Rule for `$…$`: the closer is the next unescaped `$`. The content "looks like math" when it
    has a command, `^`, `_` or a brace, or is one symbol (`$>$`). It is money, not math, when the
    closer is followed by a digit and the content does not look like math ("$5-$10"), or the
    content starts with a digit and ends with a space ("$5 and $x$"). Otherwise the span is math
    when its content is not blank and looks like math or is tight (no space just inside a `$`).
    So "$0.20", "\\$15K", "under $50" and "costs $5 and $10" stay text, while "$k$",
    "$1$-Lipschitz" and "$ \\log p $" are math. Back-to-back spans ("$\\sim$$30\\%$") are two
    inline formulas because the first closer is found before any `$$` is considered.
    """
    if text.startswith("$$", i):
        end = _find_unescaped(text, "$$", i + 2)
        if end > i + 2 and text[i + 2 : end].strip():
            return atoms.add(Math(text[i + 2 : end].strip(), True)), end + 2
        return None
    end = _find_unescaped(text, "$", i + 1)
    if end < 0:
        return None
    content = text[i + 1 : end]
    if not content.strip():
        return None
    is_symbol = len(content) == 1 and not content.isalnum()  # "256$\times$256", "$>$100K"
    is_mathy = is_symbol or _MATHY.search(content) is not None
    is_tight = not content[0].isspace() and not content[-1].isspace()
    is_money = (text[end + 1 : end + 2].isdigit() and not is_mathy) or (
        content[0].isdigit() and content[-1].isspace()
    )
    if is_money or (not is_mathy and not is_tight):
        return None
    return atoms.add(Math(content.strip(), False)), end + 1


def _find_unescaped(text: str, closer: str, start: int) -> int:
    """Return the index of the next closer at or after start that no backslash escapes, or -1."""
    i = start
    while True:
        i = text.find(closer, i)
        if i < 0:
            return -1
        before = i
        while before > start and text[before - 1] == "\\":
            before -= 1
        if (i - before) % 2 == 0:
            return i
        i += 1
