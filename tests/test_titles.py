"""Tests of derived titles and coined names (generator/enrich/titles/)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from generator.enrich.titles import (MAX_WORDS, MIN_WORDS, _prepare_and_name, analyse,
                                     derive_title, introduced_names, scoring)
from generator.enrich.titles.phrases import _gerund
from generator.enrich.titles.vocabulary import STOP_WORDS
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


def test_a_studied_acronym_is_not_a_coined_name() -> None:
    text = ("This paper studies the convergence of the Optimistic Multiplicative Weights Update "
            "algorithm (OMWU) in two-player zero-sum games. Recent works found that OMWU can "
            "converge slowly. We prove a sharp rate for OMWU.")
    title = _derived(text)
    assert title.startswith("Convergence of"), title
    assert "OMWU" not in introduced_names(text)
    _assert_well_formed(title)


def test_a_clause_after_a_cue_gives_its_subject() -> None:
    text = ("Large language models trained on text lack perceptual experience. We test the "
            "hypothesis that explicit sensory prompting can surface this latent structure.")
    title = _derived(text)
    assert "Explicit Sensory Prompting" in title, title
    assert "Can" not in title.split(), title
    _assert_well_formed(title)


def test_a_colon_after_the_object_introduces_what_is_studied() -> None:
    text = ("Continual learning aims to acquire tasks in sequence. We study a hybrid perspective: "
            "trust region continual learning that combines generative replay with a Fisher "
            "trust region constraint. It recovers performance faster than replay.")
    title = _derived(text)
    assert "Trust Region Continual Learning" in title, title
    _assert_well_formed(title)


def test_a_topic_phrase_alone_gets_the_contribution_after_it() -> None:
    text = ("Reliable deployment of graph neural networks requires calibration and robustness. "
            "Existing methods use separate models. We model uncertainty-bearing node embeddings "
            "as random graph signals.")
    title = _derived(text)
    assert ": " in title and "Node Embeddings" in title, title
    _assert_well_formed(title)


def test_a_generic_head_is_described_by_what_it_does() -> None:
    text = ("A key strength of diffusion models lies in their flexibility. To address this, we "
            "propose FooGuide, a principled framework that extends diffusion-model control to "
            "new applications. FooGuide reduces FID.")
    title = _derived(text)
    assert title.startswith("FooGuide: Extending Diffusion-Model Control"), title


def test_another_coined_name_does_not_describe_the_first() -> None:
    text = ("Jailbreaks optimized on one model transfer to others. **AnchorRep** pushes "
            "representations of harmful prompts toward a frozen anchor model. AnchorRep cuts "
            "attack success, and AnchorRep keeps benign outputs intact. We introduce the "
            "**Benign Garble Rate** to quantify degenerate outputs.")
    title = _derived(text)
    assert title.startswith("AnchorRep"), title
    assert "Benign Garble Rate" not in title, title


def test_phrases_that_point_back_are_not_titles() -> None:
    text = (BACKGROUND + "We propose RPKD (Random Prototype Knowledge Distillation), which "
            "discards this assumption by projecting both networks into a shared space.")
    title = _derived(text)
    assert "Both" not in title.split() and "This" not in title.split(), title
    _assert_well_formed(title)


def test_a_phrase_may_open_with_an_adverb_and_stops_before_a_bare_verb() -> None:
    text = ("Most active learning methods estimate sample value through empirical criteria. "
            "We propose a spectrally driven nullspace regulation framework that unifies "
            "subspace decomposition and acquisition.")
    title = _derived(text)
    assert "Estimate" not in title.split(), title
    candidates = analyse(text).candidates
    assert ("spectrally", "driven", "nullspace", "regulation", "framework") in {
        c.words for c in candidates}


@pytest.mark.parametrize("verb, gerund", [
    ("extends", "extending"), ("resolves", "resolving"), ("unifies", "unifying"),
    ("pushes", "pushing"), ("maps", "mapping"), ("edits", "editing"), ("uses", "using"),
    ("learns", "learning"), ("Models", ""), ("loss", "")])
def test_verbs_become_gerunds(verb: str, gerund: str) -> None:
    assert _gerund(verb) == gerund


def test_a_given_title_needs_no_analysis() -> None:
    _prepare_and_name.cache_clear()
    derive_title("We propose FooNet, a network for graphs.", "Given Title")
    assert _prepare_and_name.cache_info().currsize == 0


def test_introduced_names_reuses_the_analysis_of_derive_title() -> None:
    text = BACKGROUND + "We propose FooNet, a network that fuses views."
    _prepare_and_name.cache_clear()
    derive_title(text)
    introduced_names(text)
    assert _prepare_and_name.cache_info().hits == 1 and _prepare_and_name.cache_info().misses == 1


def test_fast_word_probabilities_match_the_trained_features() -> None:
    text = (BACKGROUND + "We propose **FooNet**, a contrastive network that fuses views. "
            "FooNet beats strong baselines on Cora and $k$-NN probes.")
    analysis = analyse(text)
    model = scoring.load_model()
    features = scoring.word_features(*analysis, model)
    probabilities = scoring.word_probabilities(*analysis)
    assert features.keys() == probabilities.keys()
    for stem, vector in features.items():
        logit = sum(w * f for w, f in zip(model["weights"], vector)) + model["bias"]
        assert probabilities[stem] == pytest.approx(1 / (1 + math.exp(-logit)), abs=1e-9)


def test_stop_words_are_the_benchmarks() -> None:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
    assert STOP_WORDS == ENGLISH_STOP_WORDS


def test_long_phrases_are_cut_to_the_word_limit_where_they_can_end() -> None:
    text = ("We propose a method for "
            + " ".join(f"robust task{i} learning with" for i in range(12)) + " graphs. It works.")
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


def test_private_use_characters_do_not_pass_for_hidden_math() -> None:
    # Found by the pipeline fuzz test: U+F1BB in the text was read back as the 444th formula.
    title, source = derive_title("We study a method \uf1bb for $x^2$ estimation of graph flows.", "")
    assert source == "derived" and "\uf1bb" not in title
