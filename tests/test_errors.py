"""Bad input: a clear message naming the file and line, exit code 1, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, paper_pages

from papersite.cli import main

GOOD = "We propose FooNet, a network for foo images. It works well on CIFAR-10 and ImageNet."


@pytest.fixture
def run(tmp_path, monkeypatch, capsys):
    """Run `papersite build` on inputs into tmp_path; return (exit code, stderr)."""
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def run_build(*args: str) -> tuple[int, str]:
        code = main(["build", *args, "--site-dir", str(tmp_path / "site"), "--quiet"])
        return code, capsys.readouterr().err

    return run_build


CASES = {
    "missing.txt": (None, "missing.txt: no such file or folder"),
    "empty.txt": ("", "empty.txt: the file is empty; expected a header line, a blank line"),
    "empty.jsonl": ("\n", "empty.jsonl: the file is empty; expected JSON Lines: one JSON object a line"),
    "empty.csv": ("", "empty.csv: the file is empty; expected CSV: a header row"),
    "unterminated.jsonl": ('{"abstract": "x\n', "unterminated.jsonl:1: malformed JSON (Unterminated "
                           "string starting at column 14)"),
    "header.txt": ("NeurIPS 2026 paper list\n\n\n", "header.txt:1: the file has only a header line"),
    "binary.txt": (b"NeurIPS\n\n\x00\x01\x02 data", "binary.txt: looks like a binary file (a NUL byte at offset 9)"),
    "latin1.txt": ("Header\n\nCaf\u00e9 abstract text.\n".encode("latin-1"),
                   "latin1.txt:3: not valid utf-8 (byte 0xe9 at offset 11)"),
    "noabstract.jsonl": (json.dumps({"abstract": GOOD}) + "\n" + json.dumps({"title": "T"}) + "\n",
                         "noabstract.jsonl:2: record has no 'abstract' field"),
    "broken.jsonl": ('{"abstract": "x"\n', "broken.jsonl:1: malformed JSON (Expecting ',' delimiter"),
    "broken.json": ('[{"abstract": "x"},', "broken.json:1: malformed JSON"),
    "notarray.json": ('"just a string"', "notarray.json: expected a JSON array of paper objects, found str"),
    "noheader.csv": ("title,text\nA,B\n", "noheader.csv:1: expected a CSV header row with an 'abstract' column"),
    "ragged.csv": (f'abstract,title\n"{GOOD}",T,extra\n', "ragged.csv:2: malformed CSV (expected 2 fields"),
    "emptyabstract.csv": ('abstract,title\n"",T\n', "emptyabstract.csv:2: record has an empty 'abstract'"),
}


@pytest.mark.parametrize("name", CASES)
def test_bad_input_is_named_with_its_line_and_exit_code_1(name, run, write_file, tmp_path):
    content, expected = CASES[name]
    path = tmp_path / name if content is None else write_file(name, content)
    code, err = run(str(path))
    assert code == 1
    assert expected in err
    assert "Traceback" not in err
    assert not (tmp_path / "site").exists()


def test_problems_in_several_files_are_reported_together(run, write_file):
    code, err = run(str(write_file("a.txt", "")), str(write_file("b.jsonl", "{oops\n")))
    assert code == 1
    assert "2 problems" in err and "a.txt: the file is empty" in err and "b.jsonl:1:" in err


def test_encoding_option_reads_other_encodings(run, write_file):
    path = write_file("latin1.txt", f"Header\n\nCaf\u00e9 {GOOD}\n".encode("latin-1"))
    code, err = run(str(path), "--encoding", "latin-1")
    assert code == 0, err


def test_keep_going_skips_bad_records_and_reports_them(run, write_file, tmp_path):
    lines = [json.dumps({"abstract": GOOD}), json.dumps({"title": "no abstract"}),
             json.dumps({"abstract": GOOD.replace("FooNet", "BarNet")})]
    path = write_file("records.jsonl", "\n".join(lines) + "\n")
    code, err = run(str(path), "--keep-going")
    assert code == 0, err
    assert "records.jsonl:2: record has no 'abstract' field" in err
    assert len(paper_pages(tmp_path / "site")) == 2


def test_keep_going_skips_malformed_lines_and_reads_line_separators_inside_records_as_text(
        run, write_file, tmp_path):
    # U+2028 inside a JSON string is valid JSON, and json.dumps(..., ensure_ascii=False) writes
    # it raw: the record stays one line. A form feed (escaped, as JSON needs) too.
    separated = GOOD.replace("network for", "network\u2028for").replace("works", "works\f")
    lines = [json.dumps({"abstract": separated}, ensure_ascii=False),
             '{"abstract": "BazNet is cut off',
             json.dumps({"abstract": GOOD.replace("FooNet", "BarNet")}, ensure_ascii=False)]
    path = write_file("records.jsonl", "\n".join(lines) + "\n")
    assert "\u2028" in path.read_text(encoding="utf-8")
    code, err = run(str(path), "--keep-going")
    assert code == 0, err
    assert "records.jsonl:2: malformed JSON (Unterminated string starting at column 14)" in err
    assert len(paper_pages(tmp_path / "site")) == 2
    records = json.loads((tmp_path / "site" / "papers.json").read_text(encoding="utf-8"))
    assert any("network for foo images" in record["abstract"] for record in records)
    # Without --keep-going the bad line stops the build, named the same way.
    code, err = run(str(path))
    assert code == 1 and "records.jsonl:2: malformed JSON" in err


def test_keep_going_skips_a_ragged_csv_row(run, write_file, tmp_path):
    path = write_file("list.csv", f'abstract,title\n"{GOOD}",T,extra\n"{GOOD.replace("FooNet", "BarNet")}",U\n')
    code, err = run(str(path), "--keep-going")
    assert code == 0, err
    assert "list.csv:2: malformed CSV (expected 2 fields" in err
    assert len(paper_pages(tmp_path / "site")) == 1


def test_progress_counts_read_as_english(tmp_path, monkeypatch, capsys, write_file):
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PAPERSITE_QUIET", raising=False)
    path = write_file("one.txt", f"Header\n\n{GOOD}\n")
    assert main(["build", str(path), "--site-dir", str(tmp_path / "site")]) == 0
    assert "1 abstract from 1 file " in capsys.readouterr().err


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["build", "--no-such-option"])
    assert caught.value.code == 2


def test_verbose_shows_the_traceback(run, tmp_path):
    # --verbose lets the error propagate (MkDocs wraps it in its Abort) instead of printing one line.
    with pytest.raises(Exception) as raised:
        main(["build", str(tmp_path / "missing.txt"), "--site-dir", str(tmp_path / "s"), "--verbose"])
    chain, error = [], raised.value
    while error is not None:
        chain.append(str(error))
        error = error.__cause__ or error.__context__
    assert any("missing.txt: no such file or folder" in message for message in chain), chain


def test_the_papersite_command_reports_and_exits_like_main(tmp_path):
    # `papersite` leaves through os._exit once the build is done: its messages must still come out.
    command = [str(Path(sys.executable).parent / "papersite"), "build", str(tmp_path / "missing.txt"),
               "--site-dir", str(tmp_path / "site")]
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    result = subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=env)
    assert result.returncode == 1
    assert result.stderr.strip() == f"papersite: {tmp_path / 'missing.txt'}: no such file or folder"
    inputs = tmp_path / "list.txt"
    inputs.write_text(f"Test list\n\n{GOOD}\n", encoding="utf-8")
    command[2] = str(inputs)
    result = subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stderr.rstrip().endswith(f"papersite: site built in {tmp_path / 'site'}")
    assert (tmp_path / "site" / "index.html").is_file()
