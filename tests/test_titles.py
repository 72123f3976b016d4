"""Tests of derived titles and coined names (generator/enrich/titles.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.enrich.titles import MAX_WORDS, MIN_WORDS, derive_title, introduced_names
from generator.parse import parse_list_text

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

BACKGROUND = ("Graph contrastive learning constructs augmented views to learn invariant "
              "representations. However, existing methods enforce consistency within a single "
              "space. ")


def _derived(text: str) -> str:
    title, source = derive_title(text)
    assert source == "derived"
    return title


def _assert_well_formed(title: str) -> None:
    words = title.split()
    assert MIN_WORDS <= len(words) <= MAX_WORDS, title
    assert not title.endswith("."), title
    assert words[0].lower() not in {"we", "our"}, title
    assert words[-1].lower() not in {"we", "our", "the", "of", "and", "a", "an", "paper"}, title
    assert "this paper" not in title.lower(), title
    assert not re.search(r"\\[A-Za-z]+", re.sub(r"\$[^$]*\$", "", title)), title
    assert title.count("$") % 2 == 0, title
    assert title.count("(") == title.count(")"), title


def test_given_title_wins() -> None:
    assert derive_title("We propose FooNet, a network.", "  A Given  Title ") == (
        "A Given Title", "given")


@pytest.mark.parametrize("sentence, name", [
    ("We propose ToMAToMP, a clustering method able to handle several functions.", "ToMAToMP"),
    ("We introduce CLReg, a contrastive representation regularizer for unlearning.", "CLReg"),
    ("To address this, we propose a novel hybrid framework, termed NovaMix, designed for "
     "efficient protein representation.", "NovaMix"),
    ("We present a diffusion model called SyncDreamer that generates consistent images.",
     "SyncDreamer"),
    ("We propose a framework, namely BroGNet, combining stochastic equations and graphs.",
     "BroGNet"),
    ("We build a solver, dubbed FastSolve, for sparse linear systems.", "FastSolve"),
    ("\\textbf{AnchorRep} targets this geometry directly with a lightweight adapter.",
     "AnchorRep"),
    ("We propose RPKD (Random Prototype Knowledge Distillation), which projects networks into "
     "a shared space.", "RPKD"),
    ("We propose Manifold-Guided Representation Disentanglement (MGRD), a plug-and-play "
     "framework for boosting graph contrastive learning.", "MGRD"),
])
def test_coined_name_leads_the_title(sentence: str, name: str) -> None:
    title = _derived(BACKGROUND + sentence + " Experiments show strong results.")
    assert title.startswith(name) or f"({name})" in title, title
    assert name in introduced_names(BACKGROUND + sentence)
    _assert_well_formed(title)


def test_spelled_out_name_is_kept_with_the_acronym() -> None:
    text = BACKGROUND + ("We propose Dynamic Knowledge Tracked FDG (DKT-FDG), a framework that "
                         "explicitly tracks these dynamics. DKT-FDG improves accuracy.")
    title = _derived(text)
    assert "DKT-FDG" in title and "Dynamic Knowledge Tracked" in title, title


def test_field_acronyms_defined_in_the_background_are_not_introduced() -> None:
    text = ("Domain Generalization (DG) aims to train models that generalize to unseen domains. "
            "We propose ChannelNet, a network that decomposes channels. ChannelNet beats DG "
            "baselines.")
    assert introduced_names(text) == ("ChannelNet",)


def test_without_a_name_the_contribution_sentence_gives_the_title() -> None:
    text = ("We derive a tight generalization bound for deterministic neural networks based on "
            "their last hidden layer representations. The bound is tight on CIFAR-10.")
    title = _derived(text)
    assert title.startswith("Tight Generalization Bound for Deterministic Neural Networks"), title
    _assert_well_formed(title)


def test_this_paper_studies_gives_its_object() -> None:
    text = ("This paper studies the convergence of the Optimistic Multiplicative Weights Update "
            "algorithm in two-player zero-sum games. Prior works found slow instances.")
    title = _derived(text)
    assert title.startswith("Convergence of the Optimistic Multiplicative Weights Update"), title
    _assert_well_formed(title)


def test_long_phrases_are_cut_to_the_word_limit_where_they_can_end() -> None:
    text = ("We propose a method for " + " ".join(f"robust task{i} learning with" for i in range(12))
            + " graphs. It works.")
    title = _derived(text)
    _assert_well_formed(title)


def test_short_abstract_still_gets_three_words() -> None:
    _assert_well_formed(_derived("Transformers work."))


def test_math_span_stays_intact() -> None:
    text = BACKGROUND + ("To address these issues, we propose a novel equivariant framework, "
                         "termed $E^3$former, designed for efficient and robust protein "
                         "representation. Our approach uses energy functions.")
    title = _derived(text)
    assert title.startswith("$E^3$former"), title
    assert "$E^3$former" in introduced_names(text)
    _assert_well_formed(title)


def test_math_with_spaces_is_never_split_and_counts_its_words() -> None:
    text = ("We prove $\\Omega(\\log \\log d)$ lower bounds on the number of batches $K$ required "
            "for sample-efficient algorithms with $n = O(poly(d))$ queries in adaptive settings.")
    title = _derived(text)
    assert title.count("$") % 2 == 0
    for span in re.findall(r"\$[^$]*\$", title):
        assert span in text
    assert len(title.split()) <= MAX_WORDS


def test_tex_and_markdown_markup_is_stripped() -> None:
    text = BACKGROUND + ("We introduce **FedTrans**, a novel \\emph{client-transparent} utility "
                         "estimation method; code at https://github.com/x/FedTrans.")
    title = _derived(text)
    assert "**" not in title and "\\emph" not in title and "http" not in title, title
    assert title.startswith("FedTrans"), title


def _bundled_abstracts() -> list[str]:
    texts = []
    for path in sorted((REPO / "abstracts").glob("*.txt")):
        texts += [a.text for a in parse_list_text(path.read_text(encoding="utf-8"), path.name)[1]]
    return texts


def test_bundled_abstracts_get_well_formed_titles() -> None:
    texts = _bundled_abstracts()
    assert len(texts) == 37
    titles = [_derived(text) for text in texts]
    for title in titles:
        _assert_well_formed(title)
    assert any("ToMAToMP" in title for title in titles)
    assert any("DKT-FDG" in title for title in titles)


def test_iclr_evaluation_meets_the_targets() -> None:
    path = SHARED_DATA / "iclr2024.jsonl"
    if not path.exists():
        pytest.skip(f"{path} is absent: the ICLR 2024 list lives outside the repository")
    from benchmarks.titles import evaluate, read_papers
    figures = evaluate(read_papers(path), show=0)
    assert figures["name_recall"] >= 0.90
    assert figures["f1"] >= 0.36
    assert figures["outside"] == 0
