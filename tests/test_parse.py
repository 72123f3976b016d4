"""Parsing: the list layout's tolerances, stable ids, merging, structured formats, errors."""

from __future__ import annotations

import json

import pytest
from conftest import BUNDLED, shared_data_file

from papersite.errors import GeneratorError
from papersite.parse import name_inputs, parse_inputs, parse_list_text, text_id

A1 = "We propose FooNet, a network for foo. It works well on CIFAR-10."
A2 = "Graph neural networks are studied here. We show a bound on their depth."
A3 = "Diffusion models generate images. We introduce BarDiff, which is fast."


def test_bundled_lists_give_37_abstracts_with_the_header_as_name():
    result = parse_inputs([BUNDLED])
    assert len(result.abstracts) == 37
    assert set(result.list_names) == {"NeurIPS 2026 论文列表"}
    assert result.source_files == ("000_b52696d845ebb262.txt", "003_6646eeeeece3beeb.txt")
    first = result.abstracts[0]
    assert first.text.startswith("We derive a tight generalization bound")
    assert (first.sources[0].file, first.sources[0].position, first.sources[0].line) == (
        "000_b52696d845ebb262.txt", 1, 3)


@pytest.mark.parametrize("layout", [
    pytest.param("Header\n\n{a1}\n\n{a2}\n", id="plain"),
    pytest.param("Header\r\n\r\n{a1}\r\n\r\n{a2}\r\n", id="crlf"),
    pytest.param("\ufeffHeader\n\n{a1}\n\n{a2}", id="bom"),
    pytest.param("Header   \n\n{a1}   \n\n\n\n\n{a2}\t\n\n", id="trailing-spaces-and-blank-runs"),
    pytest.param("Header\n \t \n{a1}\n\t\n{a2}\n", id="blank-lines-with-whitespace"),
    pytest.param("Header\n\n\t{a1}\n\n{a2}\n", id="tab-indented"),
])
def test_list_layout_tolerances(layout):
    name, abstracts = parse_list_text(layout.format(a1=A1, a2=A2), "x.txt")
    assert name == "Header"
    assert [a.text for a in abstracts] == [A1, A2]


def test_line_numbers_count_blank_runs():
    _, abstracts = parse_list_text(f"H\n\n{A1}\n\n\n\n{A2}\n", "x.txt")
    assert [a.sources[0].line for a in abstracts] == [3, 7]


def test_wrapped_paragraph_is_one_abstract():
    _, abstracts = parse_list_text("H\n\nfirst line\nsecond line\n\nnext", "x.txt")
    assert [a.text for a in abstracts] == ["first line second line", "next"]


def test_ids_are_stable_under_reordering_and_other_additions(write_file):
    one = parse_inputs([write_file("a.txt", f"H\n\n{A1}\n\n{A2}\n")])
    two = parse_inputs([write_file("b.txt", f"H\n\n{A3}\n\n{A2}\n\n{A1}\n")])
    ids_one = {a.text: a.id for a in one.abstracts}
    ids_two = {a.text: a.id for a in two.abstracts}
    assert ids_one[A1] == ids_two[A1] and ids_one[A2] == ids_two[A2]
    assert text_id(A1) == text_id("  " + A1.replace(" ", "  ") + "\n")


def test_folder_files_are_read_in_name_order(tmp_path, write_file):
    write_file("lists/010.txt", f"H\n\n{A2}\n")
    write_file("lists/002.txt", f"H\n\n{A1}\n")
    result = parse_inputs([tmp_path / "lists"])
    assert [a.text for a in result.abstracts] == [A1, A2]


def test_duplicates_within_and_across_files_merge_into_one_naming_both_places(write_file):
    first = write_file("001.txt", f"H\n\n{A1}\n\n{A2}\n\n{A1}\n")
    second = write_file("002.txt", f"H\n\n{A1}\n")
    result = parse_inputs([first, second])
    assert result.merged_duplicates == 2
    assert [a.text for a in result.abstracts] == [A1, A2]
    places = [(s.file, s.position) for s in result.abstracts[0].sources]
    assert places == [("001.txt", 1), ("001.txt", 3), ("002.txt", 1)]


def test_json_lines_array_and_csv_give_the_same_fields(write_file):
    record = {"id": "p1", "title": "Foo: A Title", "abstract": A1, "authors": ["Ada", "Bob"],
              "keywords": ["foo", "bar"], "url": "https://example.org/p1"}
    jsonl = write_file("a.jsonl", json.dumps(record) + "\n" + json.dumps({"abstract": A2}) + "\n")
    array = write_file("b.json", json.dumps([record, {"abstract": A2}]))
    csv_file = write_file("c.csv", "id,title,abstract,authors,keywords,url\n"
                          f'p1,"Foo: A Title","{A1}",Ada|Bob,foo;bar,https://example.org/p1\n'
                          f',,"{A2}",,,\n')
    for path in (jsonl, array, csv_file):
        abstracts = parse_inputs([path]).abstracts
        first = abstracts[0]
        assert (first.id, first.title, first.text, first.url) == (
            "p1", "Foo: A Title", A1, "https://example.org/p1"), path.name
        assert first.authors == ("Ada", "Bob")
        assert first.keywords == ("foo", "bar")
        assert abstracts[1].title == "" and abstracts[1].id == text_id(A2)


def test_csv_list_fields_split_on_pipe_or_semicolon(write_file):
    path = write_file("c.csv", f'abstract,authors,keywords\n"{A1}",Ada|Bob,foo; bar\n')
    abstract = parse_inputs([path]).abstracts[0]
    assert abstract.authors == ("Ada", "Bob")
    assert abstract.keywords == ("foo", "bar")


def test_iclr_jsonl_loads_as_it_is():
    result = parse_inputs([shared_data_file("iclr2024.jsonl")])
    assert len(result.abstracts) == 2260
    assert all(a.title for a in result.abstracts)


def test_problems_in_several_files_are_all_reported(tmp_path, write_file):
    empty = write_file("empty.txt", "")
    header_only = write_file("header.txt", "NeurIPS 2026 paper list\n\n")
    with pytest.raises(GeneratorError) as caught:
        parse_inputs([empty, header_only, tmp_path / "missing.txt"])
    message = str(caught.value)
    assert "empty.txt: the file is empty" in message
    assert "header.txt:1: the file has only a header line" in message
    assert "missing.txt: no such file or folder" in message


@pytest.mark.parametrize("text", [
    "\n\n  Header X paper list \n\nAbstract one is here.\n\nAbstract two.",
    "Long first paragraph, line one\nline two\n\nSecond abstract.",
    "\ufeffH\tT 论文列表\r\n\r\nAn abstract.",
])
def test_the_site_is_named_from_the_header_alone_as_the_parse_names_the_collection(tmp_path, text):
    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    assert name_inputs([path]) == parse_inputs([path]).collection_name
