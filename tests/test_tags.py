"""Tags: vocabulary loading and overrides, tag extraction rules, entity precision, ICLR targets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

from papersite.enrich.tags import (
    MAX_TOPICS,
    MIN_TOPICS,
    extract_tags,
    normalize_name,
    tag_slug,
)
from papersite.errors import GeneratorError
from papersite.model import Tag
from papersite.vocabulary_files import load_vocabulary

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.fixture(scope="module")
def vocabulary():
    return load_vocabulary()


def names(tags: tuple[Tag, ...], kind: str) -> list[str]:
    return [tag.name for tag in tags if tag.kind == kind]


# The shipped vocabulary --------------------------------------------------------------------


def test_shipped_vocabulary_has_the_promised_size(vocabulary):
    kinds = [entity.kind for entity in vocabulary.entities]
    assert 15 <= len(vocabulary.areas) <= 21
    assert len(vocabulary.topics) >= 300
    assert kinds.count("dataset") >= 150
    assert kinds.count("model") >= 100


def test_no_spelling_belongs_to_two_entries(vocabulary):
    owner_by_spelling: dict[str, str] = {}
    clashes = []
    for entry in (*vocabulary.topics, *vocabulary.entities):
        for spelling in {entry.name, *entry.synonyms}:
            key = spelling if any(c.isupper() for c in spelling) and len(spelling) <= 6 \
                else normalize_name(spelling)
            if owner_by_spelling.setdefault(key, entry.name) != entry.name:
                clashes.append((spelling, owner_by_spelling[key], entry.name))
    assert clashes == []


# Extraction rules --------------------------------------------------------------------------


def test_synonyms_fold_into_one_tag(vocabulary):
    for text in ("We study LLMs.", "We study large language models.",
                 "We study a large language model.", "We study a large-language model."):
        tags = extract_tags(text + " LLM LLM LLM", vocabulary)
        assert names(tags, "topic").count("Large language models") == 1
    assert vocabulary.fold("LLMs") == vocabulary.fold("Large Language Models") \
        == vocabulary.fold("large language model") == "large language model"


def test_area_comes_first_then_two_to_six_topics_then_entities(vocabulary):
    text = ("We train a diffusion model with classifier-free guidance on CIFAR-10 and compare "
            "with Stable Diffusion; the diffusion model uses score matching.")
    tags = extract_tags(text, vocabulary)
    kinds = [tag.kind for tag in tags]
    assert kinds[0] == "area" and kinds.count("area") == 1
    assert kinds == sorted(kinds, key=["area", "topic", "dataset", "model"].index)
    assert tags[0].name == "Generative models"
    assert MIN_TOPICS <= kinds.count("topic") <= MAX_TOPICS
    assert names(tags, "dataset") == ["CIFAR-10"]
    assert names(tags, "model") == ["Stable Diffusion"]


def test_most_specific_topic_comes_first(vocabulary):
    text = ("Offline reinforcement learning learns from logged data. Unlike online "
            "reinforcement learning, offline RL cannot explore; reinforcement learning theory "
            "explains why reinforcement learning then overestimates values, as reinforcement "
            "learning from data does.")
    topics = names(extract_tags(text, vocabulary), "topic")
    assert topics.index("Offline reinforcement learning") < topics.index("Reinforcement learning")


def test_no_topic_is_guessed_from_words_but_a_topic_brings_its_parent(vocabulary):
    tags = extract_tags("We count the eggs laid by hens on three farms and fit a line.", vocabulary)
    assert tags[0].kind == "area"
    assert names(tags, "topic") == []
    assert extract_tags("We count the eggs.", vocabulary) == extract_tags("We count the eggs.",
                                                                         vocabulary)
    narrow = "We propose a new offline RL algorithm that learns from logged data."
    assert names(extract_tags(narrow, vocabulary), "topic") == [
        "Offline reinforcement learning", "Reinforcement learning"]


def test_a_clause_about_other_work_is_no_evidence(vocabulary):
    contrast = ("We reconstruct surfaces from LiDAR scans. In contrast to view synthesis methods, "
                "which minimize 2D errors with gradient descent, we minimize a 3D distance.")
    inspired = ("Inspired by recent work that applies gradient descent to view synthesis, we "
                "reconstruct surfaces from LiDAR scans.")
    for text in (contrast, inspired):
        assert "Gradient descent" not in names(extract_tags(text, vocabulary), "topic")
    about = "We reconstruct surfaces from LiDAR scans, and we minimize with gradient descent."
    assert "Gradient descent" in names(extract_tags(about, vocabulary), "topic")


def test_a_topic_needs_the_paper_to_be_about_it(vocabulary):
    passing = ("Pruning removes weights of convolutional networks. We prune filters by their "
               "gradients. The same idea could later serve large language models.")
    about = "We prune large language models by the gradients of their weights."
    opening = "Large language models are large. We prune convolutional filters by their gradients."
    assert "Large language models" not in names(extract_tags(passing, vocabulary), "topic")
    assert "Large language models" in names(extract_tags(about, vocabulary), "topic")
    # The opening sentence names the field, but an umbrella topic there is not enough.
    assert "Large language models" not in names(extract_tags(opening, vocabulary), "topic")


@pytest.mark.parametrize("text, topic", [
    ("We generate images without text-to-image diffusion, from sketches alone. Our sketch "
     "encoder is trained on pairs.", "Text-to-image generation"),
    ("We forecast rare events in many domains (e.g. weather forecasting, genomics) with one "
     "model. Our model is a point process.", "Weather forecasting"),
    ("We forecast rare events in many fields, such as weather forecasting and genomics, with "
     "one point process.", "Weather forecasting"),
    # What a comparison sets the paper against (the bundled Muon paper had both as topics).
    ("We show that Muon converges much more slowly near the optimum than gradient descent. "
     "Our theory explains when.", "Gradient descent"),
    ("These results motivate switching optimizers late in training, rather than relying only "
     "on a fixed learning-rate schedule for Muon.", "Learning rate schedules"),
])
def test_negated_and_example_mentions_make_no_topic(vocabulary, text, topic):
    assert topic not in names(extract_tags(text, vocabulary), "topic")
    assert topic in names(extract_tags(f"We study {topic.lower()}. {text}", vocabulary), "topic")


def test_what_the_paper_outperforms_is_no_topic_unless_it_is_of_its_own_kind(vocabulary):
    beaten = ("Language models can improve their own answers. Results show that our method "
              "significantly outperforms prompting-based methods. Prompting alone plateaus.")
    assert "Prompting" not in names(extract_tags(beaten, vocabulary), "topic")
    # "existing X methods": the paper is an X method too; and the task after "in" is its own.
    own_kind = ("Reflective objects are hard to reconstruct. Our method outperforms existing "
                "neural 3D reconstruction methods. 3D reconstruction of mirrors remains open.")
    assert "3D reconstruction" in names(extract_tags(own_kind, vocabulary), "topic")
    task = ("Language models struggle with symbols. Our compiled modules outperform tool-calling "
            "methods in arithmetic reasoning tasks. Reasoning over symbols remains hard.")
    assert "Reasoning" in names(extract_tags(task, vocabulary), "topic")


def test_a_quantity_compared_leaves_the_topic_named_after_it(vocabulary):
    # Two mentions, one after "more than 10": a quantity, not what the paper sets itself against.
    text = ("Diffusion models sample slowly. The distilled sampler reaches more than 10 times "
            "faster inference on one GPU. Faster inference matters for deployment.")
    assert "Efficient inference" in names(extract_tags(text, vocabulary), "topic")


def test_a_cross_cutting_topic_needs_more_than_one_passing_use(vocabulary):
    once = "We fine-tune a protein language model on binding data and predict affinities."
    often = once + " Fine-tuning all layers beats fine-tuning the head; fine-tuning is cheap."
    assert "Fine-tuning" not in names(extract_tags(once, vocabulary), "topic")
    assert "Fine-tuning" in names(extract_tags(often, vocabulary), "topic")


def test_a_model_is_a_model_tag_not_a_topic_and_sizes_fold_into_the_family(vocabulary):
    tags = extract_tags("We fine-tune Llama-2-7B and Llama 2 13B with LoRA and compare with "
                        "Stable Diffusion and CLIP ViT-L/14.", vocabulary)
    assert names(tags, "model") == ["Llama-2", "Stable Diffusion", "CLIP", "ViT"]
    assert [t.variants for t in tags if t.kind == "model"] == [
        ("Llama-2-7B", "Llama-2-13B"), (), (), ("ViT-L/14",)]
    assert not {"Llama-2-7B", "Stable Diffusion", "CLIP"} & set(names(tags, "topic"))
    assert "Diffusion models" not in names(tags, "topic")


@pytest.mark.parametrize("text", [
    "Gradient clipping and clip-level features stabilise training.",
    "We solve math problems and study math reasoning.",
    "A GPT-style decoder with a llama-like block.",
    "ImageNet-pretrained backbones at ImageNet-scale compute.",
    "AlphaFold-like predicted structures.",
])
def test_ambiguous_words_are_not_entities(vocabulary, text):
    assert [t for t in extract_tags(text, vocabulary) if t.kind in ("dataset", "model")] == []


def test_markup_math_and_urls_do_not_hide_or_invent_tags(vocabulary):
    text = (r"We evaluate \textbf{GSM8K} and **MMLU** with $\mathrm{MATH}$ excluded; code at "
            r"https://github.com/x/CIFAR-10 and [our page](https://example.org/ImageNet).")
    assert names(extract_tags(text, vocabulary), "dataset") == ["GSM8K", "MMLU"]


def test_tag_slugs_are_url_safe_and_areas_do_not_collide_with_topics():
    assert tag_slug(Tag("CIFAR-10", "dataset")) == "cifar-10"
    assert tag_slug(Tag("Llama-2-7B", "model")) == "llama-2-7b"
    assert tag_slug(Tag("ViT-B/16", "model")) == "vit-b-16"
    assert tag_slug(Tag("Reinforcement learning", "topic")) == "reinforcement-learning"
    assert tag_slug(Tag("Reinforcement learning", "area")) == "area-reinforcement-learning"


# User vocabulary files ---------------------------------------------------------------------


def test_user_file_extends_overrides_and_removes(write_file):
    path = write_file("mine.yml", """
areas:
  - name: Computer vision
    topics:
      - {name: Sign language recognition, synonyms: [sign language]}
      - {name: Diffusion models, synonyms: [denoisers]}
datasets:
  - {name: HenCount-3, synonyms: [HenCount]}
models:
  - EggNet
remove: [Reinforcement learning from human feedback, MNIST, LLM]
""")
    vocabulary = load_vocabulary(path)
    tags = extract_tags("Sign language recognition with denoisers on HenCount using EggNet, "
                        "tested on MNIST, with RLHF, and an LLM.", vocabulary)
    assert {"Sign language recognition", "Diffusion models"} <= set(names(tags, "topic"))
    assert names(tags, "dataset") == ["HenCount-3"]
    assert names(tags, "model") == ["EggNet"]
    assert "Reinforcement learning from human feedback" not in names(tags, "topic")
    topics_by_name = {topic.name: topic for topic in vocabulary.topics}
    assert topics_by_name["Diffusion models"].area == "Computer vision"
    assert "denoising diffusion" in topics_by_name["Diffusion models"].synonyms
    assert "LLM" not in topics_by_name["Large language models"].synonyms


def test_user_synonym_moves_from_its_old_entry(write_file):
    path = write_file("mine.yml", "areas:\n  - name: Natural language processing\n"
                                  "    topics:\n      - {name: Language models, synonyms: [LLM]}\n")
    vocabulary = load_vocabulary(path)
    assert vocabulary.fold("LLM") == "language model"


@pytest.mark.parametrize("content, message", [
    ("areas: [\n", "not valid YAML"),
    ("- just a list\n", "expected a mapping"),
    ("topics: []\n", "unknown section"),
    ("areas:\n  - name: Vision\n    topics:\n      - {name: X, synonym: [y]}\n", "unknown field 'synonym'"),
    ("datasets:\n  - {synonyms: [a]}\n", "'name' is missing"),
    ("models:\n  - {name: M, synonyms: M2}\n", "'synonyms' must be a list"),
    ("areas:\n  - name: Vision\n    topics:\n      - {name: X, context: agent}\n",
     "'context' must be a list"),
    ("patterns:\n  - {kind: model, pattern: 'Foo(', name: 'Foo'}\n", "not a valid regular expression"),
    ("patterns:\n  - {kind: model, pattern: 'Foo', name: 'Foo-\\1'}\n", "refers to a group"),
    ("remove: [No such thing]\n", "nothing named 'No such thing'"),
    ("areas:\n  - name: Vision\n    topics:\n      - {name: X, parent: Nowhere}\n", "not a topic"),
])
def test_bad_user_file_names_the_file_and_the_problem(write_file, content, message):
    path = write_file("my-vocabulary.yml", content)
    with pytest.raises(GeneratorError) as raised:
        load_vocabulary(path)
    assert "my-vocabulary.yml" in str(raised.value)
    assert message in str(raised.value)


def test_missing_user_file_is_reported(tmp_path):
    with pytest.raises(GeneratorError, match="absent.yml.*cannot be read"):
        load_vocabulary(tmp_path / "absent.yml")


# Scores --------------------------------------------------------------------------------------


def _family(name: str, vocabulary) -> str:
    """The sample names members ("Llama-2-7B"); tags name their family ("Llama-2")."""
    entities = [t for t in extract_tags(name, vocabulary) if t.kind in ("dataset", "model")]
    return vocabulary.fold(entities[0].name if len(entities) == 1 and name in entities[0].variants
                           else name)


def test_entity_tags_match_the_hand_checked_sample(vocabulary):
    true_positives = false_positives = false_negatives = 0
    records = [json.loads(line) for line in (FIXTURES / "entities_sample.jsonl").open()]
    assert len(records) == 50
    for record in records:
        tags = extract_tags(record["text"], vocabulary)
        found = {(t.kind, vocabulary.fold(t.name)) for t in tags if t.kind in ("dataset", "model")}
        expected = {("dataset", _family(n, vocabulary)) for n in record["datasets"]} | \
                   {("model", _family(n, vocabulary)) for n in record["models"]}
        true_positives += len(found & expected)
        false_positives += len(found - expected)
        false_negatives += len(expected - found)
    assert true_positives / (true_positives + false_positives) >= 0.95
    assert true_positives / (true_positives + false_negatives) >= 0.85


@pytest.mark.parametrize("name, least_hit_rate", [
    # Issue 43: not below what they were before its sense checks, 0.652, 0.569 and 0.451 as
    # printed (issue 18's targets are 0.72, 0.65 and 0.50).
    ("iclr2024", 1474 / 2260), ("colm2024", 170 / 299), ("3dv2025", 64 / 142)])
def test_real_lists_keep_their_tag_figures(vocabulary, name, least_hit_rate):
    path = SHARED_DATA / f"{name}.jsonl"
    if not path.exists():
        pytest.skip(f"needs {path}: the shared conference data is not on this machine")
    from benchmarks.tags import evaluate, read_papers

    report = evaluate(read_papers(path), vocabulary)
    assert report.keyword_hit_rate >= least_hit_rate
    assert report.mean_topics <= 6
    # A paper naming none of the taxonomy's topics and no subject of the collection's gets the
    # subject it is about that earlier titles carry or the list shares (`coverage`): ICLR 3.0%,
    # COLM 1.7%, 3DV 4.2% without a topic (4.1%, 2.3%, 11.3% before).
    assert report.no_topic_share <= 0.045
    if name == "iclr2024":
        assert max(share for _, _, share in report.largest) <= 0.15
        assert report.area_coherence >= 0.21


def test_keyword_hits_follow_the_issues_rule():
    from benchmarks.tags import keyword_key
    assert keyword_key("Large Language Models (LLMs)") == keyword_key("LLM") == \
        "large language model"
    assert keyword_key("GNNs") == keyword_key("graph neural networks")
    assert keyword_key("Diffusion models") == keyword_key("diffusion model")
    assert keyword_key("Vision transformers") != keyword_key("ViT-B/16")


def test_the_ceiling_finds_a_keyword_only_as_whole_words_singular_or_plural():
    from benchmarks.ceilings import mentions
    assert mentions("neural radiance field", "We fit Neural Radiance Fields to video.")
    assert mentions("3d reconstruction", "a model for 3D reconstruction.")
    assert not mentions("nerf", "built on nerfstudio")
    assert not mentions("rl", "RL agents")  # two letters name too much to count


def test_overlap_scores_do_not_depend_on_the_processes_hash_seed():
    # Found at 30,000 abstracts: a float sum over a set's (hash-seeded) order decided a near tie,
    # so two runs gave three papers different tags. Run the tie in processes of several seeds.
    script = ("from papersite.enrich.tags import _best_by_overlap as best; print(best("
              "frozenset('abcd'), [('Y', {'d': 0.6}), ('X', {'a': 0.1, 'b': 0.2, 'c': 0.3})]))")
    winners = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                              cwd=REPO, env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout.strip()
               for seed in range(8)}
    assert winners == {"Y"}


# Topics that follow the collection ------------------------------------------------------------

def test_a_collection_names_its_own_recurring_subjects(vocabulary):
    from papersite.enrich.recurring import add_recurring_topics, terms_about
    about = [f"We propose spectral token routing for {field}. Our spectral token routing "
             f"sends tokens by their frequencies." for field in ("vision", "speech", "text", "graphs")]
    passing = ["We study sparse attention. Unlike spectral token routing, our method is fixed.",
               "We minimise a loss function with a new optimizer. Our loss function is convex."] * 3
    texts = about + passing
    tags = add_recurring_topics([terms_about(t) for t in texts],
                                [extract_tags(t, vocabulary) for t in texts], vocabulary)
    topics = [names(paper_tags, "topic") for paper_tags in tags]
    assert all("Spectral token routing" in paper_topics for paper_topics in topics[:4])
    assert not any("Spectral token routing" in paper_topics for paper_topics in topics[4:])
    assert not any("Loss function" in paper_topics for paper_topics in topics)


def test_a_phrase_earlier_titles_seldom_carry_is_no_collection_topic(vocabulary):
    from papersite.enrich.recurring import add_recurring_topics, terms_about
    # Earlier papers named "inductive biases" (13% of titles) and "value function" (15%) on the
    # way to their subject, and "neural network" everywhere; "knowledge distillation aims" is
    # a verb phrase.
    texts = [f"We study inductive biases of {field}. Our value function of a neural network "
             f"is trained, as knowledge distillation aims to show." for field in ("vision", "speech",
                                                                          "text", "graphs")]
    tags = add_recurring_topics([terms_about(t) for t in texts],
                                [extract_tags(t, vocabulary) for t in texts], vocabulary)
    found = {name for paper_tags in tags for name in names(paper_tags, "topic")}
    assert not found & {"Inductive biases", "Value function", "Neural network", "Distillation aims"}


def test_a_subject_only_two_papers_share_is_not_a_topic(vocabulary):
    from papersite.enrich.recurring import add_recurring_topics, terms_about
    # (Papers with a topic of the taxonomy: one left without any gets its own subject, see
    # `coverage`.)
    texts = ["We propose spectral token routing for diffusion models. Our diffusion models "
             "generate images."] * 2 + ["We count eggs."] * 4
    tags = add_recurring_topics([terms_about(t) for t in texts],
                                [extract_tags(t, vocabulary) for t in texts], vocabulary)
    assert not any("Spectral token routing" in names(t, "topic") for t in tags)


# A topic for every paper (issue 43, deliverable 4) ------------------------------------------

def test_a_paper_without_a_topic_gets_the_subject_earlier_titles_carry(vocabulary):
    from papersite.enrich.recurring import add_recurring_topics, terms_about
    # No taxonomy topic names survival analysis, and no other paper of this list is about it,
    # but earlier papers' titles carry it (`generator/data/titled_phrases.json`).
    texts = ["In this paper, we introduce a survival analysis method for patients with competing "
             "risks. Our survival analysis method learns copula structures.",
             "We propose a diffusion model for survival analysis. Our diffusion models generate "
             "images."]
    tags = add_recurring_topics([terms_about(t) for t in texts],
                                [extract_tags(t, vocabulary) for t in texts], vocabulary)
    assert names(tags[0], "topic") == ["Survival analysis"]
    # A paper with a topic of its own gets none this way.
    assert names(tags[1], "topic") == ["Diffusion models", "Generative models"]
    uncovered = add_recurring_topics([terms_about(t) for t in texts],
                                     [extract_tags(t, vocabulary) for t in texts], vocabulary,
                                     cover=False)
    assert names(uncovered[0], "topic") == []


def test_a_phrase_only_this_paper_names_is_no_topic(vocabulary):
    from papersite.enrich.recurring import add_recurring_topics, terms_about
    # Neither earlier titles nor other papers carry it: judged blind, such phrases were right
    # 9 times of 24 ("Binary tender"), so even one the title would likely say is left out.
    text = ("We propose spectral token routing for images. Spectral routing sends each token to "
            "an expert.")
    tags = add_recurring_topics([terms_about(text, lambda phrase: 0.9)],
                                [extract_tags(text, vocabulary)], vocabulary)
    assert names(tags[0], "topic") == []


def test_a_term_knows_whether_it_is_a_piece_of_a_longer_name():
    from papersite.enrich.recurring import terms_about

    def whole(text):
        return {use.spelling: use.whole for use in terms_about(text)}
    # A noun or a capitalised stock word before it: a piece of a name, never a paper's subject.
    assert whole("We present Multiple Instance Learning for whole slide images.")[
        "Instance Learning"] is False
    assert whole("We revisit Principal Component Analysis under heavy-tailed noise.")[
        "Component Analysis"] is False
    # An adjective or a verb before it, and no noun after it: a phrase of its own.
    permutation = whole("We construct robust permutation tests under data corruption.")
    assert permutation["permutation tests"] and not permutation["robust permutation"]
    assert whole("We propose InterTrack, tracking human object interaction without templates.")[
        "human object interaction"]
    # A compound adjective ("audio-driven") is no noun either.
    talking = whole("We study audio-driven talking head generation from speech.")
    assert talking["talking head generation"] and not talking["audio-driven talking head"]


def test_a_real_list_leaves_few_papers_without_a_topic(vocabulary):
    path = SHARED_DATA / "aistats2025.jsonl"
    if not path.exists():
        pytest.skip(f"needs {path}: the shared conference data is not on this machine")
    from benchmarks.tags import read_papers, tag_list
    papers = read_papers(path)
    topics = [names(tags, "topic") for tags in tag_list(papers, vocabulary, 2025)]
    # 11.3% without a topic before coverage, 7.2% with it.
    assert sum(not paper_topics for paper_topics in topics) / len(papers) <= 0.075
    by_title = {paper["title"].split(":")[0]: paper_topics
                for paper, paper_topics in zip(papers, topics)}
    assert by_title["HACSurv"] == ["Survival analysis"]
    assert by_title["Strong Screening Rules for Group-based SLOPE Models"] == ["Screening rules"]


def test_judged_topic_tags_keep_their_precision(vocabulary):
    if not SHARED_DATA.exists():
        pytest.skip(f"needs {SHARED_DATA}: the shared conference data is not on this machine")
    from benchmarks.tags import (
        DATA,
        SHEET_LISTS,
        judged_precision,
        paper_key,
        read_papers,
        tag_list,
    )
    from benchmarks.titles import year_of
    topics_by_key = {}
    for name in SHEET_LISTS:
        path = DATA / f"{name}.jsonl"
        papers = read_papers(path)
        for paper, tags in zip(papers, tag_list(papers, vocabulary, year_of(path))):
            topics_by_key[paper_key(name, paper["abstract"])] = set(names(tags, "topic"))
    right, given, judged = judged_precision(topics_by_key)
    assert judged == 191
    assert given >= 120, "the sample no longer describes the tags given: judge anew"
    # A floor under today's 0.895 (the issue's target is 0.9).
    assert right / given >= 0.885


def test_a_topic_word_naming_a_steps_data_is_no_topic(vocabulary):
    pruning = ("We prune large language models in one shot. Our method needs 128 calibration "
               "samples and a small calibration set, and prunes attention heads.")
    assert "Calibration" not in names(extract_tags(pruning, vocabulary), "topic")
    assert "Calibration" in names(extract_tags(
        "We study the calibration of classifiers. Our calibration method is post hoc.",
        vocabulary), "topic")


def test_a_topic_whose_field_the_abstract_never_names_is_used_in_another_sense(vocabulary):
    # From AttEXplore (ICLR 2024): exploring model parameters, not an agent exploring.
    attribution = ("We introduce a novel attribution method via model parameter exploration. "
                   "Our parameter exploration also finds the decision boundaries of models.")
    assert "Exploration" not in names(extract_tags(attribution, vocabulary), "topic")
    agent = ("We propose an exploration strategy for reinforcement learning agents. Our "
             "exploration bonus is computed from the policy's visitation counts.")
    assert "Exploration" in names(extract_tags(agent, vocabulary), "topic")
    # From UC-NeRF (ICLR 2024): cameras calibrated, not a model's confidence.
    cameras = ("We address the under-calibration of multi-camera setups. Our pose calibration "
               "of the cameras improves novel view synthesis.")
    assert "Calibration" not in names(extract_tags(cameras, vocabulary), "topic")
    # From "Learning to Forget" (AISTATS 2025): a forecaster forgets old data by design.
    forecaster = ("We introduce a novel forgetting mechanism for signature kernels. Our "
                  "forgetting lets the Gaussian process forecast non-stationary time series.")
    assert "Catastrophic forgetting" not in names(extract_tags(forecaster, vocabulary), "topic")
    # From XLD (3DV 2025): the safety of autonomous driving motivates a view-synthesis data set.
    driving = ("Ensuring the safety of autonomous driving needs simulation. We present a data set "
               "for the safety-critical testing of driving view synthesis.")
    assert "AI safety" not in names(extract_tags(driving, vocabulary), "topic")
    # From ICLR 2024: a distribution with several modes, not several modalities.
    sampler = ("Langevin dynamics struggles with multimodal distributions. We show how to sample "
               "multimodal distributions from data-based initialization, and that multimodal "
               "targets mix fast.")
    assert "Multimodal learning" not in names(extract_tags(sampler, vocabulary), "topic")
    # From AISTATS 2025: steering agents under model uncertainty is not quantifying it.
    steering = ("We steer no-regret agents in mean-field games under model uncertainty. Our "
                "incentives work despite the uncertainty of the dynamics.")
    assert "Uncertainty quantification" not in names(extract_tags(steering, vocabulary), "topic")
    # From ICLR 2024 and COLM 2024: causal tracing inside a network is no causal inference.
    tracing = ("We apply causal tracing to Mamba. Our patching finds strong causal effects at "
               "the middle layers, whose causal effect we then edit.")
    assert "Causal inference" not in names(extract_tags(tracing, vocabulary), "topic")
    trial = tracing + " The treatment effect of an edit is estimated from observational data."
    assert "Causal inference" in names(extract_tags(trial, vocabulary), "topic")


def test_an_ambiguous_acronym_is_a_topic_only_in_its_sense(vocabulary):
    # Issue 43: "SNN" is also simplicial, sparse and siamese networks.
    simplicial = ("Simplicial neural networks (SNNs) are deep models for higher-order graph "
                  "representation learning. We show that SNNs are as expressive as message passing.")
    assert "Spiking neural networks" not in names(extract_tags(simplicial, vocabulary), "topic")
    spiking = ("Spiking neural networks (SNNs) are energy-efficient. We train SNNs with a "
               "surrogate gradient of the spike function.")
    assert "Spiking neural networks" in names(extract_tags(spiking, vocabulary), "topic")
    # Never spelled out: the sense's own context words decide ("spike", "neurons").
    bare = ("We train SNNs whose neurons fire sparse spike trains. Our SNNs reach the accuracy of "
            "their analog counterparts.")
    assert "Spiking neural networks" in names(extract_tags(bare, vocabulary), "topic")
    semi = ("Semi-supervised learning (SSL) uses unlabeled data. We propose an SSL method with "
            "pseudo-labels that beats SSL baselines.")
    assert "Self-supervised learning" not in names(extract_tags(semi, vocabulary), "topic")
    # Spelled out as the topic in another form: "programs" for "programming".
    milp = ("Mixed Integer Linear Programs (MILPs) model many industrial problems. We learn to "
            "branch in MILPs with a graph neural network.")
    assert "Mixed-integer programming" in names(extract_tags(milp, vocabulary), "topic")


def test_a_data_set_name_in_ordinary_words_needs_to_be_used_as_one(vocabulary):
    # Issue 43: papers about 3D shapes got the 3DShapes data set.
    shapes = ("We generate 3D shapes from text. Our 3D shapes are watertight meshes.")
    assert "3DShapes" not in names(extract_tags(shapes, vocabulary), "dataset")
    used = "We disentangle the factors of the 3D shapes dataset and of dSprites."
    assert "3DShapes" in names(extract_tags(used, vocabulary), "dataset")
    # Capitalised otherwise than the list spells it, a name is still the name.
    assert "GPT-3.5" in names(extract_tags(
        "We evaluate Llama-2 and GPT-3.5-Turbo on our benchmark of math problems.",
        vocabulary), "model")
    assert "ImageNet" in names(extract_tags(
        "We train vision transformers on Imagenet and CIFAR-10 with our new optimizer.",
        vocabulary), "dataset")


def test_an_acronym_spelled_out_as_another_entry_is_that_entry(vocabulary):
    arc_agi = ("We study the Abstraction and Reasoning Corpus (ARC). Our program search solves ARC "
               "tasks that language models fail on.")
    datasets = names(extract_tags(arc_agi, vocabulary), "dataset")
    assert "ARC-AGI" in datasets and "ARC (AI2 Reasoning Challenge)" not in datasets
    ai2 = "We fine-tune Llama-2-7B and report accuracy on ARC, MMLU and HellaSwag."
    assert "ARC (AI2 Reasoning Challenge)" in names(extract_tags(ai2, vocabulary), "dataset")


def test_one_concept_has_one_tag_and_a_narrower_one_is_its_child(vocabulary):
    # Issue 43: these pairs were two tags each.
    assert vocabulary.fold("Explainable AI") == vocabulary.fold("Interpretability")
    assert vocabulary.fold("Causality") == vocabulary.fold("Causal inference")
    parents = {topic.name: topic.parent for topic in vocabulary.topics}
    assert parents["Large language models"] == "Language models"
    assert parents["Stochastic gradient descent"] == "Gradient descent"
    assert parents["Vision transformers"] == "Transformers"


def test_a_user_file_can_give_a_topic_its_field(write_file):
    path = write_file("mine.yml", "areas:\n  - name: Computer vision\n    topics:\n"
                                  "      - {name: Tracking, context: [video, camera]}\n")
    vocabulary = load_vocabulary(path)
    budget = "We study tracking of spending. Our tracking method flags fraud."
    assert "Tracking" not in names(extract_tags(budget, vocabulary), "topic")
    assert "Tracking" in names(extract_tags(budget + " It runs on video.", vocabulary), "topic")


def test_a_topic_the_method_does_without_is_no_topic(vocabulary):
    # Both from real abstracts (COLM 2024, AISTATS 2025), tagged Calibration before.
    griffin = ("We introduce GRIFFIN, a novel training-free and calibration-free method that "
               "selects unique FF experts at the sequence level. Our calibration-free pruning "
               "keeps the quality of the original model.")
    assert "Calibration" not in names(extract_tags(griffin, vocabulary), "topic")
    conformal = ("In a split conformal framework, a calibration sample of n labeled examples is "
                 "observed. We show the calibration sample and the new batch may differ.")
    assert "Calibration" not in names(extract_tags(conformal, vocabulary), "topic")


def test_a_paper_introducing_a_benchmark_or_data_set_is_filed_so(vocabulary):
    def contributed(text):
        return {name for name in names(extract_tags(text, vocabulary), "topic")
                if name in ("Benchmarks", "Datasets")}
    assert contributed("We introduce WorkBench: a benchmark dataset for evaluating agents.") == \
        {"Benchmarks", "Datasets"}
    assert contributed("This study builds a large Japanese web corpus for LLMs.") == {"Datasets"}
    assert contributed("To evaluate it, we curate a benchmark of synthetic targets.") == \
        {"Benchmarks"}
    # Using, training on or beating others' benchmarks is no contribution of one.
    for text in ("We propose a method evaluated on three benchmarks and two datasets.",
                 "We pre-train on a large-scale video dataset and set a new state-of-the-art on "
                 "chat benchmarks.",
                 "We propose two ideas. The first marks a dataset as seen.",
                 "We release our code and datasets.",
                 "Unlike methods that introduce a new benchmark, we study old ones."):
        assert contributed(text) == set(), text


def test_idioms_and_bare_adjectives_are_no_topics(vocabulary):
    idiom = ("Muon has gained substantial attention as an alternative to Adam. We study its "
             "attention to the spectrum, paying close attention to the layers.")
    assert "Attention mechanisms" not in names(extract_tags(idiom, vocabulary), "topic")
    layers = ("We prune attention heads. Our attention layers keep the attention mechanism "
              "accurate.")
    assert "Attention mechanisms" in names(extract_tags(layers, vocabulary), "topic")
    grounding = ("We map instructions into a shared spatiotemporal representation. Our "
                 "spatio-temporal features ground affordances in video.")
    assert "Spatio-temporal forecasting" not in names(extract_tags(grounding, vocabulary), "topic")


def test_a_topic_named_once_in_passing_needs_the_title_to_be_likely_about_it(vocabulary):
    text = ("We study single-index models learned by SGD from anisotropic data. We show that SGD "
            "adapts to the covariance, which has implications for efficient training of networks.")
    assert "Efficient training" in names(extract_tags(text, vocabulary), "topic")
    unlikely = names(extract_tags(text, vocabulary, lambda phrase: 0.0), "topic")
    assert "Efficient training" not in unlikely
    # Named more often, a topic needs no title evidence.
    assert "Stochastic gradient descent" in unlikely
    likely = names(extract_tags(text, vocabulary, lambda phrase: 0.5), "topic")
    assert "Efficient training" in likely


def test_a_given_title_is_the_title_evidence():
    from papersite.enrich.titles import title_likelihood
    likelihood = title_likelihood("We train networks efficiently.", "Efficient Training of Networks")
    assert likelihood("Efficient training") == 1.0 and likelihood("Diffusion models") == 0.0


def test_a_collection_topic_named_once_needs_the_title_to_be_likely_about_it(vocabulary):
    from papersite.enrich.recurring import add_recurring_topics, terms_about
    texts = [f"We propose spectral token routing for {field}." for field in
             ("vision", "speech", "text", "graphs")]

    def topics(likelihood):
        tags = add_recurring_topics([terms_about(t, likelihood) for t in texts],
                                    [extract_tags(t, vocabulary) for t in texts], vocabulary)
        return {name for paper_tags in tags for name in names(paper_tags, "topic")}
    assert "Spectral token routing" in topics(lambda phrase: 0.5)
    assert "Spectral token routing" not in topics(lambda phrase: 0.0)


def test_a_negated_list_negates_each_of_its_items(vocabulary):
    negated = ("We predict drug synergy with a GPT model that does not use any textual corpora, "
               "molecular fingerprints, protein interaction or any other domain knowledge.")
    assert "Proteins" not in names(extract_tags(negated, vocabulary), "topic")
    # A clause after a comma is no item of the list, and "not only" negates nothing.
    kept = ("The objective is not smooth, our protein models predict protein interaction, or "
            "protein folding. We not only rank proteins, but also design them.")
    assert "Proteins" in names(extract_tags(kept, vocabulary), "topic")


def test_tags_at_scale_finds_names_of_one_meaning():
    from benchmarks.tags_at_scale import _holds
    assert _holds("Stochastic gradient descent", "Gradient descent")
    assert _holds("Causal inference", "Causality") and _holds("ARC-AGI", "ARC")
    assert _holds("Large language models", "Language model")
    assert not _holds("Transformers", "Transfer learning") and not _holds("Planning", "Planning")
    assert not _holds("Reasoning", "Mathematical reasoning")


def test_tags_at_scale_measures_a_real_list():
    path = SHARED_DATA / "colm2024.jsonl"
    if not path.exists():
        pytest.skip(f"needs {path}: the shared conference data is not on this machine")
    from benchmarks.tags import read_papers
    from benchmarks.tags_at_scale import measure
    report = measure([paper["abstract"] for paper in read_papers(path)], 2024)
    assert report.papers == 299 and report.largest[0] == "Large language models"
    # 0.3% without a topic (2.3% before `coverage`), 11 lists at most (15 before hubs were
    # damped), 8.7% in none.
    assert report.without_topic <= 0.03 and report.most_lists <= 15 and report.in_no_list <= 0.09
    # One name in the other, and filed so: the narrower is the broader's child.
    assert ("Large language models", "Language models", True) in report.same_name
