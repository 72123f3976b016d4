"""Tests of the related-papers stage (generator/enrich/related.py) and its benchmark."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.corpus import make_corpus, split_sentences, write_list_parts
from benchmarks.related import evaluate, normalise_keyword, read_papers
from papersite.build import BuildOptions, build_collection
from papersite.enrich.reasons import distinct_reasons
from papersite.enrich.related import find_related
from papersite.progress import Progress
from papersite.vocabulary_files import load_vocabulary

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
ICLR = SHARED_DATA / "iclr2024.jsonl"

TOPICS = {
    "flow": "We train flow matching models on CIFAR-10 and ImageNet with optimal transport paths "
    "and report FID. Flow matching with $\\mathcal{L}_{CFM}$ regresses a vector field.",
    "diffusion": "Diffusion models generate CIFAR-10 images; we distil a diffusion model into a "
    "flow matching student that samples in four steps with low FID.",
    "protein": "Protein structure prediction with graph neural networks: an \\textbf{equivariant} "
    "message passing network folds protein sequences and beats AlphaFold on CASP.",
    "molecule": "Graph neural networks for molecule property prediction: equivariant message "
    "passing over 3D conformers, evaluated on QM9 and protein binding.",
    "bandit": "We bound the regret of a multi-armed bandit algorithm with heavy-tailed rewards; "
    "the regret bound is $O(\\sqrt{T})$ and matches the lower bound.",
    "bandit2": "Contextual multi-armed bandit with delayed rewards: a Thompson sampling algorithm "
    "with a regret bound that is optimal up to log factors.",
    "language": "Large language models (LLMs) follow instructions after instruction tuning; we "
    "measure how instruction tuning data shapes the LLMs' answers.",
    "language2": "Instruction tuning of large language models with synthetic data: LLMs that "
    "follow instructions better than GPT-4 on AlpacaEval.",
}
TEXTS = list(TOPICS.values())
NAMES = list(TOPICS)


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+(?:-\w+)*", text.lower()))


def _bundled_abstracts() -> list[str]:
    abstracts: list[str] = []
    for path in sorted((ROOT / "abstracts").glob("*.txt")):
        paragraphs = re.split(r"\n[ \t]*\n", path.read_text(encoding="utf-8").strip())
        abstracts.extend(paragraph for paragraph in paragraphs[1:] if paragraph.strip())
    return abstracts


def test_returns_at_most_k_others_best_first_with_index_tie_break() -> None:
    related = find_related(TEXTS, k=3)
    assert len(related) == len(TEXTS)
    for i, row in enumerate(related):
        assert 1 <= len(row) <= 3
        assert i not in [j for j, _, _ in row]
        keys = [(-score, j) for j, score, _ in row]
        assert keys == sorted(keys)


def test_pairs_papers_on_the_same_topic() -> None:
    related = find_related(TEXTS, k=1)
    best = {NAMES[i]: NAMES[row[0][0]] for i, row in enumerate(related)}
    assert best["flow"] == "diffusion"
    assert best["bandit"] == "bandit2"
    assert best["language"] == "language2"
    assert best["protein"] == "molecule"


def test_is_deterministic_across_processes() -> None:
    # Set and dict order depends on the process's hash seed: two seeds must agree.
    script = ("import json, sys; sys.path.insert(0, 'tests'); from test_related import TEXTS; "
              "from papersite.enrich.related import find_related; "
              "print(json.dumps(find_related(TEXTS)))")
    outputs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              check=True, cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": seed}
                              ).stdout for seed in ("1", "2")}
    assert len(outputs) == 1 and json.loads(outputs.pop()) == json.loads(json.dumps(find_related(TEXTS)))


def test_reasons_are_shared_readable_terms_without_math() -> None:
    for i, row in enumerate(find_related(TEXTS, k=2)):
        for j, _, reasons in row:
            assert len(reasons) <= 4
            for reason in reasons:
                for word in reason.lower().split():
                    assert word in _words(TEXTS[i]) and word in _words(TEXTS[j])
                assert not re.search(r"mathcal|textbf|sqrt|cfm", reason, re.IGNORECASE)
    reasons = dict((NAMES[j], r) for j, _, r in find_related(TEXTS)[NAMES.index("bandit")])
    assert "regret bound" in reasons["bandit2"]
    assert "multi-armed bandit" in reasons["bandit2"]
    assert all(" " in reason or reason != reason.lower()  # phrases and names, not words
               for row in find_related(TEXTS) for _, _, reasons in row for reason in reasons)


def test_keeps_the_spelling_of_the_abstracts() -> None:
    reasons = find_related(TEXTS)[NAMES.index("flow")][0][2]
    assert "CIFAR-10" in reasons


def test_shared_labels_come_first_and_break_ties() -> None:
    # Papers 0-2 share their phrase equally; 1 also shares a label with 0. Other topics beside
    # them let the phrase's coherence be measured: three identical texts leave nothing to measure
    # it on (every centred vector is zero); the old test passed only on rounding noise.
    texts = ["graph neural networks for molecules and protein binding",
             "graph neural networks for molecules and drug design",
             "graph neural networks for molecules and crystal structures",
             "bandit algorithms with regret bounds for online advertising",
             "regret bounds for bandit algorithms in online recommendation",
             "diffusion models for image generation with classifier guidance",
             "image generation with diffusion models and classifier guidance scales"]
    labels = [["Graphs", "Chemistry"], ["chemistry"], [], [], [], [], []]
    related = find_related(texts, labels, k=2)
    assert [j for j, _, _ in related[0]] == [1, 2]
    assert related[0][0][2][0] == "Chemistry"  # shared label first, as paper 0 wrote it
    assert related[0][0][1] > related[0][1][1]
    with pytest.raises(ValueError, match="labels has 1 entries for 7 texts"):
        find_related(texts, [["x"]])


def test_a_reason_is_said_once_whatever_its_spelling() -> None:
    fold = load_vocabulary().fold
    assert distinct_reasons(("Large language models", "instruction tuning", "LLMs", "LLM"),
                            fold) == ("Large language models", "instruction tuning")
    assert distinct_reasons(("Graph neural networks", "GNNs", "message passing"),
                            fold) == ("Graph neural networks", "message passing")
    assert distinct_reasons(("Novel view synthesis", "view synthesis", "NeRF"), fold) == (
        "Novel view synthesis", "NeRF")
    # A phrase of other words the vocabulary counts as a synonym says more: it stays.
    assert distinct_reasons(("Multilingual language models", "low-resource languages"),
                            fold) == ("Multilingual language models", "low-resource languages")
    broader = load_vocabulary().broader
    assert distinct_reasons(("Privacy", "noise calibration", "Differential privacy", "DP-SGD"),
                            fold, broader) == ("noise calibration", "Differential privacy")
    # Without the vocabulary: case, number and hyphens only.
    assert distinct_reasons(("Diffusion models", "diffusion model", "CIFAR-10", "cifar 10", "LLMs")
                            ) == ("Diffusion models", "CIFAR-10", "LLMs")


INSTRUCTIONS = [
    "Large language models (LLMs) struggle to follow long multi-step instructions. We propose "
    "StepWise, a decoding method that lets LLMs check each step against the instruction before "
    "moving on. StepWise improves LLMs on instruction following benchmarks.",
    "We study how large language models (LLMs) follow multi-step instructions in long prompts. We "
    "introduce a benchmark of multi-step instructions and find that LLMs skip steps; a simple step "
    "check fixes most failures of LLMs.",
]


def test_a_card_names_a_shared_tag_once_not_by_its_acronym_nor_the_topic_above(write_file) -> None:
    # Ten papers, two of them on LLMs: "Large language models" is a telling shared tag.
    others = [TOPICS[name] for name in ("flow", "protein", "bandit", "bandit2", "molecule")]
    others += ["Neural radiance fields reconstruct 3D scenes from posed images with hash grids.",
               "We estimate treatment effects from observational data with doubly robust estimators.",
               "Federated learning with differential privacy: clients add noise before averaging."]
    source = write_file("list.txt", "Test 2026\n\n" + "\n\n".join(INSTRUCTIONS + others) + "\n")
    collection, _ = build_collection(BuildOptions(inputs=(source,), use_cache=False),
                                     Progress(quiet=True))
    first, second = collection.papers[:2]
    reasons = next(link.reasons for link in first.related if link.slug == second.slug)
    # Neither "Language models", the topic above it, nor "LLMs", the same tag again.
    assert reasons == ("Large language models", "multi-step instructions")


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_small_collections_return_fewer(count: int) -> None:
    related = find_related(TEXTS[:count], k=5)
    assert len(related) == count
    assert all(len(row) <= count - 1 for row in related)


def test_duplicates_are_each_others_closest_and_never_themselves() -> None:
    texts = [TEXTS[0], TEXTS[4], TEXTS[0], TEXTS[5]]
    related = find_related(texts, k=3)
    assert related[0][0][0] == 2 and related[2][0][0] == 0
    assert related[0][0][1] == pytest.approx(1.0, abs=1e-3)
    assert all(i not in [j for j, _, _ in row] for i, row in enumerate(related))


def test_empty_texts_relate_to_nothing() -> None:
    texts = ["", TEXTS[0], "$x^2$ \\textbf{}", TEXTS[1], "the of and"]
    related = find_related(texts)
    assert related[0] == [] and related[2] == [] and related[4] == []
    assert [j for j, _, _ in related[1]] == [3]
    assert find_related(["", ""]) == [[], []]
    assert find_related(TEXTS, k=0) == [[] for _ in TEXTS]


def test_bundled_abstracts_list_only_close_papers_with_a_reason() -> None:
    from benchmarks.related import build_labels
    abstracts = _bundled_abstracts()
    assert len(abstracts) == 37
    labels = build_labels(abstracts)
    related = find_related(abstracts, labels)
    assert all(len(row) <= 5 for row in related)
    # 37 abstracts from all of machine learning: about half have a close paper or two, not five
    # (19 since a topic named in passing needs title evidence: fewer shared tags as reasons; 17
    # since Calibration needs its field's words: the "calibration rate" of a contrastive excess
    # risk is no model's calibration, and its one card, to a paper calibrating GNNs, went).
    assert sum(bool(row) for row in related) >= 17
    for i, row in enumerate(related):
        for j, score, reasons in row:
            assert score >= 0.2 and reasons
            for reason in reasons:  # a shared tag, or words both abstracts use
                assert reason.lower() in abstracts[i].lower() and \
                    reason.lower() in abstracts[j].lower() or reason in set(labels[i]) & set(labels[j])


def test_a_label_most_papers_hold_is_no_reason() -> None:
    texts = [f"graph neural networks for molecules, study {n}" for n in range(10)]
    labels = [["Graphs", "Chemistry"]] * 2 + [["Graphs"]] * 8
    reasons = find_related(texts, labels, k=1)[0][0][2]
    assert "Chemistry" in reasons and "Graphs" not in reasons


def test_normalise_keyword_folds_case_plurals_acronyms() -> None:
    assert normalise_keyword("Large Language Models (LLMs)") == "large language model"
    assert normalise_keyword("LLMs") == "large language model"
    assert normalise_keyword("GNN") == "graph neural network"
    assert normalise_keyword("Diffusion models") == "diffusion model"


def test_corpus_is_deterministic_topical_and_written_as_lists(tmp_path: Path) -> None:
    corpus = make_corpus(40, seed=3)
    assert corpus == make_corpus(40, seed=3) and corpus != make_corpus(40, seed=4)
    assert all(5 <= len(split_sentences(text)) <= 10 for text in corpus)
    paths = write_list_parts(corpus, tmp_path, per_part=15, name="Test list")
    assert [path.name for path in paths] == ["000_part.txt", "001_part.txt", "002_part.txt"]
    first = paths[0].read_text(encoding="utf-8").split("\n\n")
    assert first[0] == "Test list" and len(first) == 16


@pytest.mark.skipif(not ICLR.is_file(), reason=f"shared data folder absent: no {ICLR}")
def test_iclr_evaluation_meets_targets() -> None:
    papers = read_papers(ICLR)
    result = evaluate(papers)
    assert result.papers == 2260
    # Texts alone: fewer reasons, and hub damping passes over near papers that share only words
    # (0.395 and 0.376 before it).
    assert result.same_area >= 0.375 and result.shared_keyword >= 0.36
    assert result.without_reason == 0
    # As a build ranks, with the papers' tags: what the site shows.
    from benchmarks.related import build_labels
    as_built = evaluate(papers, labels=build_labels([str(p["abstract"]) for p in papers]))
    # 0.411 and 98 since topics are no longer guessed from words nor kept when named in passing
    # (they were labels too).
    # 0.402 and 0.377 with hubs damped (the most lists one paper is in: 30 to 15).
    assert as_built.same_area >= 0.40 and as_built.shared_keyword >= 0.37
    assert as_built.fewer <= 110 and as_built.without_reason == 0
    # Hubs damped (issue 43): 30 and 7.1% before, 15 and 2.6% with it.
    assert as_built.most_lists <= 15 and as_built.in_no_list <= 0.04
    # Processor time, not wall time: other jobs on a shared machine stretch the wall clock.
    assert result.cpu_seconds < 10
