"""Read abstract lists from disk: the only stage that reads input.

Two kinds of input:
- the list layout: a header line (the list's name), a blank line, then one abstract per
  paragraph (`.txt`, `.md` or any other extension);
- structured records: JSON Lines (`.jsonl`, `.ndjson`), a JSON array (`.json`) or CSV (`.csv`),
  with the fields `id`, `title`, `abstract`, `authors`, `keywords`, `url`; only `abstract` is
  required.

Every problem in every file is collected, then reported once as a `GeneratorError`.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path

from .errors import GeneratorError
from .model import Abstract, Source

STRUCTURED_SUFFIXES = {".jsonl", ".ndjson", ".json", ".csv"}
LIST_FIELDS = ("authors", "keywords")
# A header is one short line; a first paragraph longer than this is taken as an abstract.
MAX_HEADER_CHARS = 200

# Control characters (C0 but newline and tab, C1) and invisible format characters that scrapers
# leave inside words ("evalua\u0002tion") or at the start of abstracts (zero-width spaces). YAML
# front matter cannot hold control characters: one left in would make the page unparseable.
_INVISIBLE = re.compile(
    "[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff"
    "\ud800-\udfff\ufffe\uffff]")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_BREAKS_AS_SPACES = str.maketrans("\u000b\u000c\u0085", "   ")


@dataclass(frozen=True)
class ParseResult:
    """Abstracts in reading order, duplicates merged."""

    abstracts: tuple[Abstract, ...]
    list_names: tuple[str, ...]
    source_files: tuple[str, ...]
    merged_duplicates: int
    skipped: tuple[str, ...] = ()

    @property
    def collection_name(self) -> str:
        """The collection's name: its first list's header, less "paper list"."""
        return collection_name(self.list_names[0] if self.list_names else
                               self.abstracts[0].list_name)


def collection_name(header: str) -> str:
    """Drop a trailing "paper list" from a header: "NeurIPS 2026 论文列表" names NeurIPS 2026."""
    for suffix in ("论文列表", "paper list", "Paper List", "papers", "Papers"):
        if header.endswith(suffix) and header[: -len(suffix)].strip():
            return header[: -len(suffix)].strip()
    return header


def name_inputs(paths: list[Path], encoding: str = "utf-8") -> str | None:
    """Return the name the collection of these inputs will have (`ParseResult.collection_name`)
    from its first list alone, before the inputs are parsed; None when it cannot be read yet
    (the parse says why)."""
    files = expand_inputs(paths, [])
    try:
        for path in files:
            if path.suffix.lower() not in STRUCTURED_SUFFIXES:
                # The header alone: parsing a list of thousands of abstracts here took 0.3 s.
                text = _normalise_lines(_read_text(path, encoding)).replace("\t", " ")
                start = len(text) - len(text.lstrip())
                blank = _BLANK_LINE.search(text, start)
                first = text[start:blank.start() if blank else len(text)].strip()
                return collection_name(_header(first) or Path(path.name).stem)
        return collection_name(files[0].stem) if files else None
    except GeneratorError:
        return None


def parse_inputs(
    paths: list[Path], encoding: str = "utf-8", keep_going: bool = False
) -> ParseResult:
    """Read every input file (folders in file-name order), merging repeated abstracts."""
    problems: list[str] = []
    files = expand_inputs(paths, problems)
    found: list[Abstract] = []
    list_names: list[str] = []
    skipped: list[str] = []
    for path in files:
        try:
            text = _read_text(path, encoding)
            if path.suffix.lower() in STRUCTURED_SUFFIXES:
                abstracts, record_problems = _parse_records(path, text)
                if keep_going:
                    skipped.extend(record_problems)
                else:
                    problems.extend(record_problems)
            else:
                list_name, abstracts = parse_list_text(text, path.name)
                list_names.append(list_name)
            found.extend(abstracts)
        except GeneratorError as error:
            problems.extend(error.problems)
    if problems:
        raise GeneratorError(problems)
    if not found:
        raise GeneratorError("no abstracts found in " + ", ".join(str(p) for p in paths))
    merged, merged_count = _merge_duplicates(found)
    return ParseResult(
        abstracts=tuple(merged),
        list_names=tuple(list_names),
        source_files=tuple(path.name for path in files),
        merged_duplicates=merged_count,
        skipped=tuple(skipped),
    )


def parse_list_text(text: str, file_name: str) -> tuple[str, list[Abstract]]:
    """Split one list-layout file into its header and abstracts."""
    paragraphs = _split_paragraphs(_normalise_lines(text))
    if not paragraphs:
        raise GeneratorError(f"{file_name}: the file is empty; expected {_LIST_LAYOUT}")
    first_line, first_text = paragraphs[0]
    list_name = Path(file_name).stem
    if header := _header(first_text):
        list_name = header
        paragraphs = paragraphs[1:]
    if not paragraphs:
        raise GeneratorError(f"{file_name}:{first_line}: the file has only a header line "
                             f"({first_text!r}); expected abstracts after a blank line")
    abstracts = []
    for position, (line, paragraph) in enumerate(paragraphs, start=1):
        body = " ".join(part.strip() for part in paragraph.split("\n"))
        abstracts.append(Abstract(
            id=text_id(body), text=body, list_name=list_name,
            sources=(Source(file=file_name, position=position, line=line),),
        ))
    return list_name, abstracts


def _normalise_lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")


def _header(first_paragraph: str) -> str | None:
    """Return a list's header: its first paragraph if that is one short line, not an abstract."""
    is_header = "\n" not in first_paragraph and len(first_paragraph) <= MAX_HEADER_CHARS
    return first_paragraph if is_header else None


def text_id(text: str) -> str:
    """Return a stable id for an abstract: a hash of its normalised text."""
    normalised = " ".join(unicodedata.normalize("NFKC", text).split())
    return hashlib.sha256(normalised.encode("utf-8")).hexdigest()[:12]


def clean_text(text: str) -> str:
    """Drop control and zero-width characters; keep newlines and tabs, and read the other
    breaks (form feed, vertical tab, U+0085) as spaces: they part words."""
    return _INVISIBLE.sub("", text.translate(_BREAKS_AS_SPACES))


def expand_inputs(paths: list[Path], problems: list[str]) -> list[Path]:
    """Return the input files, folders listed in file-name order; add what is wrong to
    `problems`."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            children = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
            if not children:
                problems.append(f"{path}: the folder holds no input files")
            files.extend(children)
        elif path.is_file():
            files.append(path)
        elif path.exists():
            problems.append(f"{path}: not a regular file or folder")
        else:
            problems.append(f"{path}: no such file or folder")
    return files


# What each kind of input file should hold, as messages about it say.
_LAYOUTS = {
    ".jsonl": "JSON Lines: one JSON object a line, each with an 'abstract' field",
    ".ndjson": "JSON Lines: one JSON object a line, each with an 'abstract' field",
    ".json": "a JSON array of objects, each with an 'abstract' field",
    ".csv": "CSV: a header row with an 'abstract' column, then one paper a row",
}
_LIST_LAYOUT = "a header line, a blank line, then one abstract per paragraph"


def expected_layout(path: Path) -> str:
    """Return what a file of this kind should hold, for messages about it."""
    return _LAYOUTS.get(path.suffix.lower(), _LIST_LAYOUT)


def _read_text(path: Path, encoding: str) -> str:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise GeneratorError(f"{path}: cannot be read ({error.strerror})") from None
    if not data.strip():
        raise GeneratorError(f"{path}: the file is empty; expected {expected_layout(path)}")
    nul = data.find(b"\x00")
    if nul >= 0 and encoding.lower().replace("-", "") == "utf8":
        raise GeneratorError(f"{path}: looks like a binary file (a NUL byte at offset {nul}); "
                             "expected UTF-8 text")
    try:
        text = data.decode("utf-8-sig" if encoding.lower() in ("utf-8", "utf8") else encoding)
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise GeneratorError(
            f"{path}:{line}: not valid {encoding} (byte 0x{data[error.start]:02x} at offset "
            f"{error.start}); pass --encoding to read it with another encoding") from None
    except LookupError:
        raise GeneratorError(f"unknown encoding {encoding!r}") from None
    return clean_text(text)


def _split_paragraphs(text: str) -> list[tuple[int, str]]:
    """Return (first line number, text) for each blank-line separated paragraph."""
    paragraphs = []
    line = 1
    for chunk in _BLANK_LINE.split(text.replace("\t", " ")):
        # Re-split: runs of blank lines leave empty chunks that still count lines.
        stripped = chunk.strip()
        if stripped:
            leading = chunk[: len(chunk) - len(chunk.lstrip())].count("\n")
            paragraphs.append((line + leading, stripped))
        line += chunk.count("\n") + 2
    return paragraphs


def _parse_records(path: Path, text: str) -> tuple[list[Abstract], list[str]]:
    """Read structured records; each is (where, line, position, fields)."""
    suffix = path.suffix.lower()
    problems: list[str] = []
    if suffix == ".csv":
        records = _read_csv(path, text, problems)
    elif suffix == ".json":
        records = _read_json_array(path, text)
    else:
        records = _read_json_lines(path, text, problems)
    abstracts: list[Abstract] = []
    for where, line, position, record in records:
        abstract_text = record.get("abstract")
        if not isinstance(abstract_text, str) or not abstract_text.strip():
            found = "no 'abstract' field" if abstract_text is None else "an empty 'abstract'"
            problems.append(f"{where}: record has {found}; every record needs an abstract")
            continue
        body = " ".join(abstract_text.split())
        given_id = record.get("id")
        abstracts.append(Abstract(
            id=str(given_id) if given_id not in (None, "") else text_id(body),
            text=body,
            list_name=path.stem,
            sources=(Source(file=path.name, position=position, line=line),),
            title=" ".join(str(record.get("title") or "").split()),
            authors=_as_list(record.get("authors")),
            keywords=_as_list(record.get("keywords")),
            url=str(record.get("url") or "").strip(),
        ))
    return abstracts, problems


def _read_json_lines(path: Path, text: str, problems: list[str]) -> list[tuple[str, int, int, dict]]:
    """Read one JSON object a line; add each line that is not one to `problems`.

    Lines end at newlines only: JSON strings may hold U+2028, U+2029, U+0085 or a form feed
    raw, which `str.splitlines` would take for line ends.
    """
    records: list[tuple[str, int, int, dict]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{path}:{number}: malformed JSON ({_json_problem(error)}); expected "
                            "one JSON object per line")
            continue
        if not isinstance(record, dict):
            problems.append(f"{path}:{number}: expected a JSON object, found {type(record).__name__}")
            continue
        records.append((f"{path}:{number}", number, len(records) + 1, record))
    return records


def _json_problem(error: json.JSONDecodeError) -> str:
    """Say what the JSON decoder found wrong, and where ("Unterminated string starting at
    column 139", "Expecting ',' delimiter at column 12")."""
    where = "column" if error.msg.endswith(" at") else "at column"
    return f"{error.msg} {where} {error.colno}"


def _read_json_array(path: Path, text: str) -> list[tuple[str, int, int, dict]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise GeneratorError(f"{path}:{error.lineno}: malformed JSON ({_json_problem(error)}); "
                             f"expected {expected_layout(path)}") from None
    if isinstance(data, dict) and isinstance(data.get("papers"), list):
        data = data["papers"]
    if not isinstance(data, list):
        raise GeneratorError(f"{path}: expected a JSON array of paper objects, "
                             f"found {type(data).__name__}")
    records = []
    for index, record in enumerate(data, start=1):
        if not isinstance(record, dict):
            raise GeneratorError(f"{path}: record {index}: expected a JSON object, "
                                 f"found {type(record).__name__}")
        # A parsed JSON array keeps no line numbers; the record number names the place.
        records.append((f"{path}: record {index}", 0, index, record))
    return records


def _read_csv(path: Path, text: str, problems: list[str]) -> list[tuple[str, int, int, dict]]:
    """Read a header row and one paper a row; add each row with surplus fields to `problems`."""
    reader = csv.DictReader(io.StringIO(text, newline=""), strict=True)
    if not reader.fieldnames or "abstract" not in [f.strip().lower() for f in reader.fieldnames]:
        raise GeneratorError(f"{path}:1: expected a CSV header row with an 'abstract' column, "
                             f"found {reader.fieldnames or 'no header'}")
    records: list[tuple[str, int, int, dict]] = []
    try:
        for row in reader:
            if None in row:  # DictReader files surplus cells under None
                problems.append(
                    f"{path}:{reader.line_num}: malformed CSV (expected {len(reader.fieldnames)} "
                    f"fields as in the header, found {len(reader.fieldnames) + len(row[None])}); "
                    "quote fields that contain commas")
                continue
            record = {(key or "").strip().lower(): value for key, value in row.items()}
            records.append((f"{path}:{reader.line_num}", reader.line_num, len(records) + 1, record))
    except csv.Error as error:
        # A quote left open swallows the rest of the file: nothing after it can be read.
        problems.append(f"{path}:{reader.line_num}: malformed CSV ({error}); the rows from here "
                        "on cannot be read")
    return records


def _as_list(value: object) -> tuple[str, ...]:
    """Accept a list, or a string separated by '|' (Mini-Conf) or ';'."""
    if value is None:
        return ()
    if isinstance(value, list):
        items = [str(item) for item in value]
    else:
        text = str(value)
        separator = "|" if "|" in text else ";"
        items = text.split(separator)
    return tuple(item.strip() for item in items if item.strip())


def _merge_duplicates(abstracts: list[Abstract]) -> tuple[list[Abstract], int]:
    """Fold repeated abstracts into their first occurrence, which then names every place."""
    first_by_text: dict[str, int] = {}
    merged: list[Abstract] = []
    used_ids: set[str] = set()
    for abstract in abstracts:
        key = text_id(abstract.text)
        if key in first_by_text:
            index = first_by_text[key]
            earlier = merged[index]
            merged[index] = replace(earlier, sources=earlier.sources + abstract.sources)
            continue
        if abstract.id in used_ids:  # two different abstracts given one id: keep both
            abstract = replace(abstract, id=f"{abstract.id}-{key[:6]}")
        used_ids.add(abstract.id)
        first_by_text[key] = len(merged)
        merged.append(abstract)
    return merged, len(abstracts) - len(merged)
