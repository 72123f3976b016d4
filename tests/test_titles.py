"""Tests of derived titles and coined names (generator/enrich/titles/)."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

import pytest

from papersite.enrich.titles import (
    MAX_WORDS,
    MIN_WORDS,
    derive_title,
    distinct_titles,
    forget_readings,
    gist_of,
    introduced_names,
    list_year,
    prepare_and_name,
    read_abstract,
    scoring,
    title_alternatives,
)
from papersite.enrich.titles.acronyms import spell_out_first
from papersite.enrich.titles.case import capitalise_first, clean_end, title_case
from papersite.enrich.titles.coined import find_expansion, is_coined
from papersite.enrich.titles.contribution import _model as _contribution_model
from papersite.enrich.titles.contribution import rank_sentences, sentence_features, sentence_scores
from papersite.enrich.titles.established import established_names
from papersite.enrich.titles.gist import _said_directly
from papersite.enrich.titles.names import Name
from papersite.enrich.titles.phrases import phrase_words
from papersite.enrich.titles.prepare import split_sentences
from papersite.enrich.titles.ranking import _may_describe, context_of, title_options
from papersite.enrich.titles.restate import describe_name
from papersite.enrich.titles.tokens import read_tokens, spans
from papersite.enrich.titles.word_forms import gerund as _gerund
from papersite.parse import parse_list_text
from papersite.text.words import STOP_WORDS

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


def test_a_name_given_by_we_name_this_is_the_acronym_without_brackets() -> None:
    text = BACKGROUND + ("We name this method Classifier Score Distillation (CSD), which uses an "
                         "implicit classifier for generation. CSD improves text-to-3D results.")
    assert introduced_names(text)[0] == "CSD"
    title = _derived(text)
    assert title.startswith(("CSD:", "Classifier Score Distillation (CSD):")), title


def test_a_name_spelled_out_letter_by_letter_in_bold_is_not_its_first_letter() -> None:
    text = BACKGROUND + ("We propose \\textbf{C}ontrastive Learning with \\textbf{A}ugmented "
                         "\\textbf{M}ILPs for \\textbf{Branch}ing (CAMBranch), a framework that "
                         "generates augmented instances.")
    assert "C" not in introduced_names(text)
    assert not _derived(text).startswith("C:"), _derived(text)


def test_a_spelled_out_name_may_hold_a_function_word() -> None:
    text = BACKGROUND + "We present a new method, Recall to Imagine (R2I), for long memory."
    names = introduced_names(text)
    assert names[0] == "R2I" and "Recall" not in names, names


def test_a_digit_in_an_acronym_may_count_the_letter_before_it() -> None:
    text = BACKGROUND + ("We propose a policy gradient algorithm, Pairwise Proximal Policy "
                         "Optimization (P3O), that learns from comparisons.")
    assert find_expansion(text, "P3O") == "Pairwise Proximal Policy Optimization"
    # Not when the digit stands for a word: "Recall to Imagine (R2I)".
    assert find_expansion("We present Recall to Imagine (R2I).", "R2I") == "Recall to Imagine"


def test_the_mainstream_approach_is_what_others_do() -> None:
    text = ("While backpropagation (BP) is the mainstream approach for gradient computation in "
            "neural network training, its reliance on the chain rule constrains the designing "
            "flexibility of network architecture. We avoid the recursive computation in BP and "
            "develop a unified likelihood ratio (ULR) method for gradient estimation with only "
            "one forward propagation. Experiments demonstrate that ULR enhances the flexibility "
            "of training by permitting localized module training.")
    reading = read_abstract(text, 2024)
    options = title_options(reading, context_of(scoring.word_probabilities(*reading)))
    assert options and not any(option.words[0].lower() == "mainstream" for option in options)


def test_a_name_titled_by_its_expansion_says_what_it_is_for() -> None:
    text = ("Image synthesis has improved quickly. We present Stable Diffusion XL (SDXL), a latent "
            "diffusion model for text-to-image synthesis. SDXL uses a larger UNet backbone and a "
            "second text encoder, and SDXL improves on earlier versions of Stable Diffusion.")
    assert _derived(text) == "SDXL: Stable Diffusion XL for Text-to-Image Synthesis"
    # Not what a clause in the description says it does without.
    text = text.replace("a latent diffusion model for text-to-image synthesis",
                        "a novel model that eliminates the need for human annotations")
    assert "Annotations" not in _derived(text), _derived(text)


def test_a_name_is_what_its_appositive_says_even_in_common_words() -> None:
    # The bundled CLReg abstract: its appositive's words are each common in abstracts, as a
    # field's are, but three of them say what kind of method CLReg is; the side analysis
    # ("a simple entanglement proxy") is not what it is.
    assert _derived(_bundled("We introduce CLReg")) == "CLReg: Contrastive Representation Regularizer"
    # Two common words alone only name a field: "GPQA: Challenging Dataset" says too little.
    text = ("We present GPQA, a challenging dataset of 448 multiple-choice questions written by "
            "domain experts in biology, physics, and chemistry. Experts who have or are pursuing "
            "PhDs in the corresponding domains reach 65% accuracy, while highly skilled "
            "non-expert validators only reach 34% accuracy. The difficulty of GPQA for skilled "
            "non-experts should enable realistic scalable oversight experiments.")
    assert _derived(text) != "GPQA: Challenging Dataset"


def test_a_title_spells_out_an_acronym_a_reader_meets_alone() -> None:
    # The bundled DKT-FDG abstract: "FDG" is "Federated Domain Generalization" in its first
    # sentence, which the reader of a list has not read.
    assert _derived(_bundled("(DKT-FDG)")) == (
        "DKT-FDG: Dynamic Knowledge Tracked Federated Domain Generalization")
    abstract = ("Yet Another ICU Benchmark (YAIB) helps intensive care unit (ICU) research. "
                "Reinforcement learning from human feedback (RLHF) aligns models. "
                "Invariant risk minimization (IRM) and Zero Redundancy Optimizer (ZeRO) too.")
    not_a_name = lambda text, start, end: False  # noqa: E731
    assert spell_out_first("Clustered IRM: Cluster Structure", abstract, not_a_name, 16,
                           lambda words: title_case(words.split())) == (
        "Clustered Invariant Risk Minimization: Cluster Structure")
    # Not where the title already says how the words open ("Reinforcement Learning: Reinforcement
    # Learning from Human Feedback Pipeline").
    assert spell_out_first("Reinforcement Learning: RLHF Pipeline", abstract, not_a_name, 16) == (
        "Reinforcement Learning: RLHF Pipeline")
    # After "a" or "an", only words the article fits: "an LM" is not "an Language Model".
    lm = "A language model (LM) and a graph neural network (GNN) are everywhere."
    assert spell_out_first("Training an LM End-to-End", lm, not_a_name, 16,
                           skip_common=False) == "Training an LM End-to-End"
    # A title writes out even an acronym thousands of papers use; a gist leaves it.
    assert spell_out_first("Training a GNN End-to-End", lm, not_a_name, 16,
                           skip_common=False) == "Training a graph neural network End-to-End"
    assert spell_out_first("Training a GNN End-to-End", lm, not_a_name, 25) == (
        "Training a GNN End-to-End")
    # But not the field's own words, in hundreds of earlier abstracts ("LLMs", "RL").
    llms = "Large language models (LLMs) are everywhere."
    assert spell_out_first("Aligning LLMs", llms, not_a_name, 16, skip_common=False) == (
        "Aligning LLMs")
    # Not past the longest title.
    assert spell_out_first("One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve "
                           "Thirteen Fourteen IRM", abstract, not_a_name, 16).endswith("IRM")


def test_a_noun_phrase_ends_before_able() -> None:
    # "the first topological clustering method able to handle several functions": the method
    # is a topological clustering method; "Handling Several Functions" alone says too little.
    assert _derived(_bundled("we introduce ToMAToMP")) == "ToMAToMP: Topological Clustering Method"


def test_a_noun_phrase_ends_before_a_participle_opening_a_clause() -> None:
    # "a trajectory-level theory characterizing both the strengths …" (the bundled Muon paper):
    # the theory is what the paper brings; the phrase could not end before "characterizing".
    words = "a trajectory-level theory characterizing both the strengths of Muon".split()
    assert ("trajectory-level", "theory") in spans(words, 1)
    # Not before a participle that is part of the noun phrase ("reinforcement learning agents").
    assert ("deep", "reinforcement") not in spans("deep reinforcement learning agents".split(), 0)
    # ICLR 2024's BEND: "BEND, a BENchmark for DNA language models, featuring a collection of …".
    text = ("We introduce BEND, a BENchmark for DNA language models, featuring a collection of "
            "realistic and biologically meaningful downstream tasks defined on the human genome.")
    assert _derived(text) == "BEND: BENchmark for DNA Language Models"


def test_a_long_description_before_called_says_what_the_name_is() -> None:
    # Nine words between "a" and "called": with none found, the AISTATS 2025 PREMIA title
    # fell back to its first sentence's field ("PREMIA: Large Language Models").
    text = ("Our study has two main contributions: we introduce a novel reference-based attack "
            "framework specifically for analyzing preference data called PREMIA (Preference "
            "data MIA).")
    assert describe_name(text, "PREMIA", "") == [
        "a novel reference-based attack framework specifically for analyzing preference data"]


def _bundled(marker: str) -> str:
    """Return the bundled abstract holding `marker`."""
    return next(paragraph for path in sorted((REPO / "abstracts").glob("*.txt"))
                for paragraph in path.read_text(encoding="utf-8").split("\n\n")
                if marker in paragraph)


def test_a_name_with_too_few_words_after_it_takes_what_the_paper_proposes() -> None:
    # The opening sentence's words would make a fragment: "PerCo: Bitrate Image codecs are …".
    text = ("Image codecs are typically optimized to trade-off bitrate vs distortion metrics. "
            "At low bitrates, this leads to artefacts which are easily perceptible. To improve "
            "quality and remove dependency on the bitrate we propose to decode with iterative "
            "diffusion models. We dub our model `PerCo'' for ``perceptual compression''. Despite "
            "this ultra-low bitrate, our approach maintains the ability to reconstruct images.")
    assert _derived(text) == "PerCo: Decoding with Iterative Diffusion Models"


def test_what_the_paper_adapts_is_not_its_name_and_an_expansion_holds_no_verb() -> None:
    # COLM 2024, shortened.
    text = ("Personal devices need small models. The open-source community has contributed many "
            "LoRAs to LLMs, so we propose to adapt these existing LoRAs from the LLMs to their "
            "compressed version and introduce a Compression-Aware LoRA (CA-LoRA) framework. "
            "Experiments show that CA-LoRA outperforms vanilla LoRA methods.")
    names = introduced_names(text)
    assert names[0] == "CA-LoRA" and "LoRAs" not in names, names
    assert find_expansion(text, "CA-LoRA") == "Compression-Aware LoRA"


def test_a_variable_or_an_equation_is_notation_not_a_name() -> None:
    # ICLR 2024, shortened.
    variable = ("Active learning with bandits is costly: its cost grows with the number of "
                "classes, denoted as $K$. We propose two algorithms based on exploitation and "
                "exploration networks for stream-based and pool-based active learning.")
    assert not introduced_names(variable), introduced_names(variable)
    equation = ("An idempotent operator can be applied again without changing the result, "
                "namely $f(f(z))=f(z)$. We propose a generative model that is idempotent. This "
                "is achieved by optimizing the idempotence term, $f(f(z))=f(z)$ which keeps "
                "outputs on the target manifold.")
    assert "$f(f(z))=f(z)$" not in introduced_names(equation), introduced_names(equation)


def test_a_name_the_abstract_attributes_to_others_is_not_the_papers() -> None:
    # AISTATS 2025, shortened.
    text = ("Safe exploration is hard without a simulator. To this end, we employ the LB-SGD "
            "algorithm proposed in (Usmanova et al., 2024), which utilizes an interior-point "
            "approach. We establish the theoretical properties of the LB-SGD algorithm.")
    assert "LB-SGD" not in introduced_names(text), introduced_names(text)


def test_a_variable_joined_to_a_common_word_is_a_term_not_a_name() -> None:
    text = ("Ordering data is hard. We propose an order learning algorithm that runs $k$-means "
            "on orderable data, with an $e$-process for testing, and compare it to $\\pi$-Flow.")
    names = introduced_names(text)
    assert "$k$-means" not in names and "$e$-process" not in names, names
    assert is_coined("\ue000-Flow") and not is_coined("\ue000-means")


def test_things_named_in_an_example_do_not_name_the_paper() -> None:
    # COLM 2024, shortened.
    text = ("Different entities with the same name can be difficult to distinguish. Given the "
            "question \u201cWhere was Michael Jordan educated?\u201d and documents discussing "
            "different people named Michael Jordan, can LMs answer cohesively? To test this "
            "ability, we introduce a new benchmark, AmbigDocs. We establish an ontology "
            "categorizing four types of incomplete answers.")
    assert introduced_names(text)[0] == "AmbigDocs", introduced_names(text)


def test_a_baseline_set_apart_as_state_of_the_art_is_not_the_papers_name() -> None:
    text = BACKGROUND + ("We propose MemNet, a world model with long memory. We show that "
                         "MemNet is faster than the state-of-the-art method, DreamerV3.")
    assert "DreamerV3" not in introduced_names(text)


def test_a_name_earlier_papers_used_is_the_papers_only_when_it_says_it_coins_it() -> None:
    text = ("Private learning adds noise. We study the algorithm, DP-SGD, with correlated noise "
            "and give its asymptotic utility.")
    assert "DP-SGD" not in introduced_names(text, 2024)
    assert "DP-SGD" in introduced_names("We propose DP-SGD, a private optimizer.", 2024)


def test_a_code_folder_named_after_the_venue_is_no_name() -> None:
    text = BACKGROUND + ("We revisit a linear classifier for CLIP features. Our code is at "
                         "https://github.com/someone/ICLR24.")
    assert "ICLR24" not in introduced_names(text)


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
    assert "Optimistic Multiplicative Weights Update" in title, title
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


@pytest.fixture
def pair_gate(tmp_path: Path):
    """Return a function that makes the pair gate as sure as `bias` says of every pair."""
    shipped = scoring.MODEL_PATH

    def set_bias(bias: float) -> None:
        model = json.loads(shipped.read_text(encoding="utf-8"))
        gate = model["pair_gate"]
        gate["weights"], gate["bias"] = [0.0] * len(gate["weights"]), bias
        path = tmp_path / f"gate{bias}.json"
        path.write_text(json.dumps(model), encoding="utf-8")
        scoring.use_model(path)
        forget_readings()

    yield set_bias
    scoring.use_model(shipped)
    forget_readings()


_ARITHMETIC = ("Large language models are widely deployed in question answering. Yet their answers "
               "to arithmetic questions are often wrong. We introduce digit-aligned tokenization "
               "for multi-digit arithmetic.")
_SIMULATORS = ("Reinforcement learning agents are trained in simulators. Simulated physics differs "
               "from real physics. We propose a residual dynamics correction learned from few "
               "real-world rollouts.")


def test_a_synthesized_topic_and_contribution_pair_needs_a_sure_gate(pair_gate) -> None:
    pair_gate(20.0)
    assert _derived(_ARITHMETIC) == \
        "Question Answering: Digit-Aligned Tokenization for Multi-Digit Arithmetic"
    pair_gate(-20.0)  # unsure: the phrase the abstract says whole
    assert _derived(_ARITHMETIC) == "Digit-Aligned Tokenization for Multi-Digit Arithmetic"


@pytest.mark.parametrize("text, field", [(_ARITHMETIC, "Large Language Models"),
                                         (_SIMULATORS, "Reinforcement Learning")])
def test_a_field_name_never_stands_before_a_colon(pair_gate, text: str, field: str) -> None:
    # Were "Large Language Models: Digit-Aligned …" and "Reinforcement Learning Agents: Real
    # Physics": a field is where the paper is, not what it says.
    pair_gate(20.0)
    title = _derived(text)
    assert not title.startswith(field), title
    _assert_well_formed(title)


def test_a_proposal_for_a_field_names_what_it_proposes_not_the_field_alone() -> None:
    # Bundled #4: the ranker scored "Disentangled Representation Learning" (the problem) just
    # above the framework the paper proposes for it.
    text = _bundled_abstracts()[3]
    assert "we propose a flow-matching" in text
    title, _ = derive_title(text, year=2026)
    assert title == "Flow-Matching–based Framework for Disentangled Representation Learning", title


def test_a_phrase_never_ends_where_its_noun_phrase_goes_on() -> None:
    # Were "HoleGest: … for the Automatic Generation" (of co-speech gestures) and "AG-MAE: …,
    # Enhancing" (the learning of 3D keypoint representations).
    words = "for the automatic generation of expressive gestures".split()
    assert read_tokens(words).can_end == [False, False, False, False, False, False, True]
    words = "masked autoencoder, enhancing the learning".split()
    assert not read_tokens(words, loose=True).can_end[2]
    text = ("We introduce HoleGest, a novel neural network framework based on decoupled diffusion "
            "and motion priors for the automatic generation of high-quality, expressive co-speech "
            "gestures. Our system leverages large-scale human motion datasets.")
    title = _derived(text)
    assert not title.endswith("Generation"), title
    _assert_well_formed(title)


def test_a_title_longer_than_the_limit_is_a_shorter_phrase_not_a_cut_one() -> None:
    text = ("This paper introduces AG-MAE, a novel approach that integrates anatomical constraints "
            "to guide the self-supervised training of a spatio-temporal masked autoencoder, "
            "enhancing the learning of 3D keypoint representations. By incorporating anatomical "
            "knowledge, AG-MAE learns robust features.")
    title = _derived(text)
    assert len(title.split()) <= MAX_WORDS and not title.endswith(("Keypoint", "Enhancing")), title
    _assert_well_formed(title)


def test_an_adverb_before_a_modifier_runs_on_in_a_description() -> None:
    # Bundled #13: "NOVA, a structure-first framework for learning biologically aligned
    # representations …" was cut at the adverb, and the title fell back to "NOVA: Cellular
    # Perturbations"; "specifically designed for" still ends a phrase.
    title, _ = derive_title(_bundled_abstracts()[12], year=2026)
    assert title.startswith("NOVA: Structure-First Framework for Learning Biologically Aligned"), title
    assert not read_tokens(["biologically", "aligned", "representations"], loose=True).stops[0]
    assert read_tokens(["specifically", "designed", "for", "code"], loose=True).stops[0]
    assert read_tokens(["biologically", "aligned", "representations"]).stops[0]  # outside one


def test_a_name_written_as_a_styled_word_is_plain_in_the_title_and_gist() -> None:
    # Bundled #5 wrote "$\\textbf{DiffRisk}$": the title showed the name in the math font.
    text = _bundled_abstracts()[4]
    assert "$\\textbf{DiffRisk}$" in text
    assert derive_title(text, year=2026)[0].startswith("DiffRisk: "), derive_title(text)
    assert "(namely DiffRisk)" in gist_of(text, 2026)
    # Emphasized words in lower case take the title's case.
    text = ("We propose $\\textit{iterative hypothesis refinement}$, a method that proposes, "
            "selects and refines hypotheses in the form of textual rules.")
    assert derive_title(text)[0].startswith("Iterative Hypothesis Refinement"), derive_title(text)


def test_a_name_with_no_phrase_long_enough_is_described_not_padded() -> None:
    # COLM 2024: "GPQA: Biology" was padded with the first sentence's words into "GPQA: Biology
    # We present GPQA".
    text = ("We present GPQA, a challenging dataset of 448 multiple-choice questions written by "
            "domain experts in biology, physics, and chemistry. We ensure that the questions are "
            "high-quality and extremely difficult.")
    title = _derived(text)
    assert title.startswith("GPQA: Challenging Dataset of 448 Multiple-Choice Questions"), title
    assert "We" not in title.split(), title
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
    candidates = read_abstract(text).candidates
    assert ("spectrally", "driven", "nullspace", "regulation", "framework") in {
        c.words for c in candidates}


@pytest.mark.parametrize("verb, gerund", [
    ("extends", "extending"), ("resolves", "resolving"), ("unifies", "unifying"),
    ("pushes", "pushing"), ("maps", "mapping"), ("edits", "editing"), ("uses", "using"),
    ("learns", "learning"), ("Models", ""), ("loss", ""), ("does", "")])
def test_verbs_become_gerunds(verb: str, gerund: str) -> None:
    assert _gerund(verb) == gerund


def test_a_topic_is_named_without_the_words_that_judge_or_count_it() -> None:
    text = ("Many real-world domains require agents to act under uncertainty. Traditional "
            "restless multi-arm bandit problems ignore risk. We propose a risk-aware objective "
            "for planning and learning with provable regret.")
    title = _derived(text)
    assert not title.startswith(("Many", "Traditional")), title


def test_what_others_do_does_not_follow_the_name() -> None:
    text = ("Fine-tuned models often fail out of distribution. We propose SpurMix, which mixes "
            "spurious features, and compare it with recent ensemble methods for robust "
            "fine-tuning.")
    title = _derived(text)
    assert title.startswith("SpurMix:") and "Recent" not in title, title


def test_in_a_description_a_plural_before_to_is_a_noun() -> None:
    # "answers to visual questions" in "a dataset of long-form answers to …" is no verb.
    spans_of = [span for span in spans(read_tokens(
        "dataset of long-form answers to visual questions posed by users".split(), loose=True), 0)]
    assert ("dataset", "of", "long-form", "answers") in spans_of, spans_of


def test_a_measured_figure_does_not_follow_the_name() -> None:
    # "CodeChain: 35% on APPS" (ICLR 2024) and "RA-FFN: 63-Point Gap …" (bundled) reported a
    # result; a count of what a data set holds still describes it.
    code_chain, swe_bench = Name("CodeChain", 3.0), Name("SWE-bench", 3.0)
    assert not _may_describe(("35%", "on", "APPS"), code_chain)
    assert not _may_describe(("63-point", "gap"), code_chain)
    assert _may_describe(("2,294", "software", "engineering", "problems"), swe_bench)


def test_the_noun_of_in_terms_of_starts_no_phrase() -> None:
    candidates = read_abstract("We answer range queries privately. Our mechanism is optimal in "
                               "terms of accuracy targets expressed in query margins.").candidates
    assert not any(c.words[0].lower() == "terms" for c in candidates), candidates


def test_with_respect_is_no_place_to_end_a_phrase() -> None:
    assert ("precise", "scaling", "laws", "with", "respect") not in spans(
        "precise scaling laws with respect to model size".split(), 0)


def test_the_gist_passes_over_a_contribution_that_opens_by_pointing_back() -> None:
    text = ("Detecting generated misinformation is hard. Can detectors catch it? We propose to "
            "tackle this question from the perspective of detection difficulty. We introduce a "
            "taxonomy of generated misinformation and three ways to generate it.")
    assert gist_of(text).startswith("We introduce a taxonomy"), gist_of(text)


def test_the_gist_keeps_a_pointing_back_contribution_over_a_report_of_experiments() -> None:
    text = ("Pooling datasets is hard. We show how viewing this problem through category theory "
            "gives a simple solution. We show the effectiveness of this approach via extensive "
            "experiments.")
    assert gist_of(text).startswith("We show how viewing"), gist_of(text)


def test_a_given_title_needs_no_analysis() -> None:
    prepare_and_name.cache_clear()
    derive_title("We propose FooNet, a network for graphs.", "Given Title")
    assert prepare_and_name.cache_info().currsize == 0


def test_introduced_names_reuses_the_analysis_of_derive_title() -> None:
    text = BACKGROUND + "We propose FooNet, a network that fuses views."
    forget_readings()
    derive_title(text)
    introduced_names(text)
    assert prepare_and_name.cache_info().hits == 1 and prepare_and_name.cache_info().misses == 1


def test_fast_word_probabilities_match_the_trained_features() -> None:
    text = (BACKGROUND + "We propose **FooNet**, a contrastive network that fuses views. "
            "FooNet beats strong baselines on Cora and $k$-NN probes.")
    analysis = read_abstract(text)
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


def test_a_title_too_short_gives_way_to_the_opening_phrase_not_glued_to_it() -> None:
    title = _derived("We prove that diffusion of heat on graphs mixes quickly.")
    assert title == "We Prove That Diffusion of Heat on Graphs Mixes Quickly", title


def test_an_abstract_shorter_than_a_title_is_its_own_title_said_once() -> None:
    # Padded to three words it read "Transformers Transformers work".
    assert _derived("Transformers work.") == "Transformers Work"
    assert _derived("Graphs.") == "Graphs"


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


@pytest.mark.parametrize("written", ["`HyperAttention`", "``HyperAttention''", "`HyperAttention''"])
def test_code_spans_and_stray_backticks_are_stripped(written: str) -> None:
    # ICLR 2024 writes "`PerCo''" and "`HyperAttention`": titles began with a backtick.
    text = BACKGROUND + (f"We propose {written}, an approximate attention mechanism for long "
                         "contexts that runs in near-linear time.")
    title = _derived(text)
    assert "`" not in title and "'" not in title, title
    assert title.startswith("HyperAttention"), title


@pytest.mark.parametrize("title, expected", [
    ("Tensor-Type Attention Matrix in $n^{1+o(1)}$ Time.$\\bullet$",
     "Tensor-Type Attention Matrix in $n^{1+o(1)}$ Time"),
    ("Manipulation Concepts -- Discrete Symbols --", "Manipulation Concepts -- Discrete Symbols"),
    ("LLM2Vec: Transformed Models on English Word-", "LLM2Vec: Transformed Models on English Word"),
    ("Bounds in $O(n)$", "Bounds in $O(n)$"),
])
def test_a_title_cut_from_a_sentence_ends_cleanly(title: str, expected: str) -> None:
    # Each was derived from ICLR 2024 or COLM 2024.
    assert clean_end(title) == expected


def test_sentences_run_together_after_an_acronym_are_split() -> None:
    # ICLR 2024: "… Embodied AI.Our approach" gave "… for Embodied AI.Our Approach".
    assert split_sentences("We filter visual stimuli for Embodied AI.Our approach is fast.") == [
        "We filter visual stimuli for Embodied AI.", "Our approach is fast."]
    assert len(split_sentences("Data from the U.S.Army was used.")) == 1


def test_a_phrase_stops_at_an_enumeration() -> None:
    # ICLR 2024: "FlashFFTConv: Sparse Convolution Algorithms 1) Partial Convolutions".
    words = ["sparse", "convolution", "algorithms", "1)", "partial", "convolutions"]
    assert all("1)" not in span for span in spans(read_tokens(words), 0))
    assert not read_tokens(["(ii)", "sparse", "convolutions"]).can_start[0]


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


# Floors just under the figures reached (benchmarks/README.md), so that a change that makes
# titles worse fails. Issue 38 traded some of both for faithful titles: a synthesized "Topic:
# Contribution" pair stands only when the gate is sure of it, and the fields such pairs led
# with are often in the real title (0.415/0.394/0.400/0.412 and 6.8/6.0/6.5/4.2% before).
@pytest.mark.parametrize("name, least_f1, most_unshared", [
    ("iclr2024", 0.39, 0.10), ("colm2024", 0.36, 0.095), ("aistats2025", 0.38, 0.095),
    ("3dv2025", 0.40, 0.065)])
def test_real_lists_keep_their_title_figures(name: str, least_f1: float,
                                             most_unshared: float) -> None:
    path = SHARED_DATA / f"{name}.jsonl"
    if not path.exists():
        pytest.skip(f"{path} is absent: the real lists live outside the repository")
    from benchmarks.titles import evaluate, read_papers, year_of
    figures = evaluate(name, read_papers(path), year_of(path))
    assert figures["f1"] >= least_f1
    assert figures["no_shared_word"] <= most_unshared
    assert figures["duplicates"] == figures["lower_case_starts"] == 0
    assert figures["outside_length"] == figures["long_gists"] == 0
    if name == "iclr2024":
        assert figures["name_recall"] >= 0.90


def test_private_use_characters_do_not_pass_for_hidden_math() -> None:
    # Found by the pipeline fuzz test: U+F1BB in the text was read back as the 444th formula.
    title, source = derive_title("We study a method \uf1bb for $x^2$ estimation of graph flows.", "")
    assert source == "derived" and "\uf1bb" not in title


def test_the_gist_is_the_contribution_sentence_without_its_lead_in() -> None:
    text = ("Large language models are widely deployed. Yet their calibration is poor. "
            "In this paper, we propose FooCal, a post-hoc method that recalibrates logits. "
            "FooCal halves the calibration error.")
    assert gist_of(text) == "We propose FooCal, a post-hoc method that recalibrates logits."
    # After an opening clause too (a bundled abstract; ten of 3,284 on the real lists).
    search = next(text for text in _bundled_abstracts() if "non-prediction based" in text)
    assert gist_of(search, 2026).startswith("We ask whether similar bounds can be achieved")


def test_a_long_gist_drops_its_last_clause_whole_within_25_words() -> None:
    text = ("Graphs are everywhere. We propose FooGraph, a message passing scheme for sparse "
            "graphs that routes information along learned shortcuts, which keeps the number of "
            "layers small while the receptive field grows with every step of training and "
            "inference alike. It works.")
    assert gist_of(text) == ("We propose FooGraph, a message passing scheme for sparse graphs that "
                             "routes information along learned shortcuts, which keeps the number "
                             "of layers small.")


def test_a_long_gist_drops_a_trailing_phrase_when_no_clause_ends_in_time() -> None:
    text = ("We propose a method that learns sparse codes for images with alternations between "
            "dictionary updates and coding steps across many deep layers of the network model "
            "in practice.")
    assert gist_of(text) == ("We propose a method that learns sparse codes for images with "
                             "alternations between dictionary updates and coding steps.")


@pytest.mark.parametrize("text, gist", [
    # AISTATS 2025: a series a comma opens ("convex optimization, minimax … and …") goes whole
    # with the phrase that holds it.
    ("Root finding is central. We develop a new class of self-tuning algorithms to solve a "
     "root-finding problem involving a Lipschitz continuous operator, with applications in convex "
     "optimization, minimax saddle point problems and variational inequalities.",
     "We develop a new class of self-tuning algorithms to solve a root-finding problem involving "
     "a Lipschitz continuous operator."),
    # COLM 2024: a citation goes first, and the sentence then fits.
    ("Questions help. We explore a language model's ability to self-improve (STaR; Zelikman et "
     "al., 2022) by rewarding the model for generating useful questions—a simple method we dub "
     "STaR-GATE.",
     "We explore a language model's ability to self-improve by rewarding the model for generating "
     "useful questions—a simple method we dub STaR-GATE."),
    # ICLR 2024: a list after a colon goes whole, its "(a)" no parenthetical to drop.
    ("Episodic memory is useful. We introduce Efficient episodic Memory Utilization (EMU) for "
     "MARL, with two primary objectives: (a) accelerating reinforcement learning by leveraging "
     "semantically coherent memory from an episodic buffer and (b) selectively promoting "
     "desirable transitions to prevent local convergence.",
     "We introduce Efficient episodic Memory Utilization (EMU) for MARL, with two primary "
     "objectives."),
    # AISTATS 2025: a long lead-in opening with "By" goes, not the main clause after it.
    ("Variable importance is costly. By using the ideas of early stopping of gradient-based "
     "methods in combination with warm-start using the dropout method, we develop a scalable "
     "method to estimate variable importance for any algorithm that can be expressed as an "
     "iterative kernel update equation.",
     "We develop a scalable method to estimate variable importance for any algorithm that can be "
     "expressed as an iterative kernel update equation."),
    # COLM 2024: "developing" is a cue, but the first sentence says what others do.
    ("A significant amount of research is focused on developing and evaluating large language "
     "models for a variety of code synthesis tasks. In contrast, the behavior of instructional "
     "code editing with LLMs is understudied. We introduce a carefully crafted benchmark of code "
     "editing tasks and use it to evaluate several cutting edge LLMs.",
     "We introduce a carefully crafted benchmark of code editing tasks and use it to evaluate "
     "several cutting edge LLMs."),
    # 3DV 2025: not cut after an adjective ("enables realistic") before the noun it qualifies.
    ("Cities are hard to render. We present UrbanIR (Urban Scene Inverse Rendering), a new "
     "inverse graphics model that enables realistic, free-viewpoint renderings of scenes under "
     "various lighting conditions with a single video.",
     "We present UrbanIR (Urban Scene Inverse Rendering), a new inverse graphics model."),
])
def test_a_long_gist_is_said_whole_as_a_sentence(text: str, gist: str) -> None:
    # Issue 42: no gist cut off with "…" where a whole sub-phrase can go instead.
    assert gist_of(text, 2025) == gist


def test_a_gist_pointing_back_gives_way_to_the_next_sentence_of_the_authors() -> None:
    # ICLR 2024: "We find that this problem …" points back to the sentence before; the next
    # sentence the authors say of their work stands alone.
    text = ("It is inherently ambiguous to lift 2D results from pre-trained diffusion models to a "
            "3D world for text-to-3D generation. 2D diffusion models solely learn view-agnostic "
            "priors and thus lack 3D knowledge during the lifting, leading to the multi-view "
            "inconsistency problem. We find that this problem primarily stems from geometric "
            "inconsistency, and avoiding misplaced geometric structures substantially mitigates "
            "the problem in the final outputs. Therefore, we improve the consistency by aligning "
            "the 2D geometric priors in diffusion models with well-defined 3D shapes during the "
            "lifting, addressing the vast majority of the problem.")
    assert gist_of(text, 2024) == ("We improve the consistency by aligning the 2D geometric priors in "
                                   "diffusion models with well-defined 3D shapes during the lifting.")


def test_a_sentence_with_no_phrase_to_drop_is_cut_not_on_a_function_word() -> None:
    # The 24th word is "the", the 23rd "of": the cut ends on "layers".
    text = ("We propose a new method of sparse codes of images and of dictionary updates and of "
            "coding steps and of deep layers of the network model of practice of the art of the "
            "craft.")
    assert gist_of(text) == ("We propose a new method of sparse codes of images and of dictionary "
                             "updates and of coding steps and of deep layers …")


def test_a_gist_is_not_cut_before_that_when_that_does_not_open_a_clause() -> None:
    text = ("We prove that for every actual cause there exists a contingency set such that the "
            "joint intervention set appears as a node of this map, and present an algorithm.")
    gist = gist_of(text)
    assert not gist.endswith("such …"), gist


def test_a_gist_is_not_cut_inside_a_parenthesis() -> None:
    # ICLR 2024: "… a method for aligning language models to follow principles expressed (…"
    text = ("Alignment is costly. We propose Reinforcement Learning from Contrastive Distillation "
            "for aligning language models to follow natural language principles without human "
            "feedback (a setting studied before by several groups with very different methods "
            "and data), which we test on three tasks.")
    gist = gist_of(text)
    assert gist.count("(") == gist.count(")"), gist
    assert gist.startswith("We propose Reinforcement Learning from Contrastive Distillation"), gist


def test_a_gist_is_never_a_sentence_whose_link_was_taken_out() -> None:
    # COLM 2024: "We release our code and data at <URL>." was the gist, ending in "at".
    text = ("Agents fail often. We show that automatic evaluators improve web agents by 29%. "
            "We release our code and data at \n [https://github.com/a/b](https://github.com/a/b)")
    assert gist_of(text).startswith("We show that automatic evaluators"), gist_of(text)


def test_a_gist_is_never_a_sentence_that_only_counts_what_follows() -> None:
    # COLM 2024: "We provide three concrete empirical insights." was the gist.
    text = ("Preference optimization is popular. We provide three concrete empirical insights. "
            "We show that DPO performs credit assignment at the token level.")
    assert gist_of(text).startswith("We show that DPO performs credit assignment"), gist_of(text)


def test_a_gist_drops_a_closing_clause_that_points_back_to_a_sentence_it_leaves_out() -> None:
    # ICLR 2024: "..., termed PINNsFormer, designed to address this limitation."
    text = ("Physics-informed networks ignore time. We introduce a novel Transformer-based "
            "framework, termed PINNsFormer, designed to address this limitation.")
    assert gist_of(text) == "We introduce a novel Transformer-based framework, termed PINNsFormer."
    # A clause naming what it addresses says something: it stays.
    named = ("Minimax problems are hard. We propose a momentum method to solve these stochastic "
             "nonconvex-PL minimax problems.")
    assert gist_of(named).endswith("to solve these stochastic nonconvex-PL minimax problems.")


def test_a_gist_says_what_is_done_not_which_unseen_problem_it_addresses() -> None:
    # ICLR 2024 and AISTATS 2025 abstracts, shortened.
    vocos = ("Vocoders lag behind. This study seeks to close this gap by presenting Vocos, a new "
             "model that directly generates Fourier spectral coefficients.")
    assert gist_of(vocos) == ("This study presents Vocos, a new model that directly generates "
                              "Fourier spectral coefficients.")
    mirage = ("Distillation needs the full data. We circumvent these limitations by designing a "
              "distillation algorithm called MIRAGE for graph classification.")
    assert gist_of(mirage) == "We design a distillation algorithm called MIRAGE for graph classification."
    lycoris = ("Fine-tuning libraries differ. Addressing these issues, this paper introduces "
               "LyCORIS, an open-source library for fine-tuning Stable Diffusion.")
    assert gist_of(lycoris).startswith("This paper introduces LyCORIS"), gist_of(lycoris)
    # A connective to the sentence before goes with it (ICLR 2024, shortened).
    san = ("GANs are unstable. Furthermore, by leveraging these theoretical results, we propose a "
           "novel GAN training scheme called the Slicing Adversarial Network (SAN).")
    assert gist_of(san).startswith("We propose a novel GAN training scheme"), gist_of(san)
    eureka = ("Reward design is hard. We bridge this fundamental gap and present Eureka, a "
              "human-level reward design algorithm powered by LLMs.")
    assert gist_of(eureka).startswith("We present Eureka, a human-level reward design algorithm")
    # A second "-ing" after "and" would be left dangling: the sentence stays as written.
    both = ("Scaling laws are unclear. We address this gap by establishing and validating a "
            "scaling law for data dimension.")
    assert gist_of(both).startswith("We address this gap by establishing and validating")


def test_a_gist_that_only_names_the_method_goes_on_to_what_it_does() -> None:
    # ICLR 2024, shortened.
    pdd = ("Dataset distillation compresses data. We propose Progressive Dataset Distillation "
           "(PDD). PDD synthesizes multiple small sets of synthetic images. Experiments show gains.")
    assert gist_of(pdd) == ("We propose Progressive Dataset Distillation (PDD), which synthesizes "
                            "multiple small sets of synthetic images.")
    # Not when the next sentence does not open by saying what the method does.
    other = pdd.replace("PDD synthesizes", "Our PDD synthesizes")
    assert gist_of(other) == "We propose Progressive Dataset Distillation (PDD)."


def test_a_gist_spells_out_an_acronym_the_abstract_defined_in_a_sentence_it_leaves_out() -> None:
    # The bundled list: "DG" and "VM" were defined in sentences the gist leaves out.
    assert "a novel Domain Generalization framework" in gist_of(_bundled("(CSD)"), 2026)
    # "virtual microphones (VM)", used as "VM signals": singular where it modifies a noun.
    assert "generates virtual microphone signals" in gist_of(_bundled("Virtual-Flow"), 2026)
    # Not an acronym thousands of papers use, one inside a name's own words, or words whose
    # initials are not the acronym's capitals.
    # A capitalised word before it is no name ("a Decoupled MTPP framework" is a "Decoupled
    # Marked Temporal Point Process framework"); what a name stands for is ("Yet Another ICU
    # Benchmark (YAIB)").
    mtpp = ("A Marked Temporal Point Process (MTPP) models events. Intensive care units (ICU) "
            "record them. We propose a Decoupled MTPP framework, and Yet Another ICU Benchmark "
            "(YAIB).")
    assert gist_of(mtpp) == ("We propose a Decoupled Marked Temporal Point Process framework, "
                             "and Yet Another ICU Benchmark (YAIB).")
    text = ("Large Language Models (LLMs) and Common Crawl (CC) are everywhere. We propose "
            "SKVQ (Sliding-window KV cache Quantization) for LLMs, trained on CC.")
    kv = "Key-value (KV) caches grow with the context. " + text
    assert gist_of(text) == ("We propose SKVQ (Sliding-window KV cache Quantization) for LLMs, "
                             "trained on Common Crawl.")
    assert "Sliding-window KV cache" in gist_of(kv)
    cc = text.replace("Common Crawl (CC)", "datasets composed of large amounts of CommonCrawl (CC)")
    assert gist_of(cc).endswith("trained on CC.")


def test_a_gist_spells_out_an_acronym_the_name_holds_whole_when_the_sentence_still_fits() -> None:
    # The bundled DKT-FDG: "FDG" is defined in the first sentence, and the name holds it whole,
    # so its letters stay as they were (unlike the I of ICU in YAIB, above).
    assert gist_of(_bundled("(DKT-FDG)"), 2026).startswith(
        "We propose Dynamic Knowledge Tracked Federated Domain Generalization (DKT-FDG), a "
        "framework that leverages flow matching")
    # Not when the words would push what the sentence goes on to say past the cut (ICLR 2024:
    # "structured Large discrete action spaces (SLDAS)" lost "we propose Dynamic Neighborhood
    # Construction").
    text = ("Large discrete action spaces (LDAS) remain a challenge. We focus on handling "
            "structured LDAS (SLDAS) with sizes that cannot be handled by current benchmarks: we "
            "propose Dynamic Neighborhood Construction (DNC), a novel exploitation paradigm.")
    assert "structured LDAS (SLDAS)" in gist_of(text)


def test_a_gist_drops_a_purpose_that_points_back_inside_the_sentence() -> None:
    # ICLR 2024, shortened: the issues and the gap are in sentences the gist leaves out.
    lmh = ("Spiking neural networks are promising. Their membrane factors are fixed, which "
           "limits them. We propose the Learnable Multi-hierarchical (LM-H) model to address "
           "these issues by dynamically regulating its membrane-related factors.")
    assert gist_of(lmh) == ("We propose the Learnable Multi-hierarchical (LM-H) model, which "
                            "dynamically regulates its membrane-related factors.")
    wave = ("Traveling waves are seen in the brain. No model uses them for memory. We introduce "
            "a model to fill this gap, which we denote the Wave-RNN (wRNN).")
    assert gist_of(wave) == "We introduce a model, which we denote the Wave-RNN (wRNN)."
    # "We propose to tackle these challenges by learning …" left "these challenges" pointing
    # nowhere (issue 38's blind sample: poor); what is proposed is what is done.
    aim = wave.replace("We introduce a model to fill this gap, which we denote the Wave-RNN "
                       "(wRNN).", "We propose to tackle these challenges by learning a new "
                       "shape representation.")
    assert gist_of(aim) == "We learn a new shape representation."


def test_a_gist_says_what_is_done_whatever_the_opening_points_back_to() -> None:
    # ICLR 2024, shortened: "this concept", "this paradigm" are in sentences the gist leaves out.
    latm = ("LLMs can use tools. Recent work lets them make tools too. We advance this concept by "
            "introducing a closed-loop framework, referred to as LLMs As Tool Makers (LATM).")
    assert gist_of(latm) == ("We introduce a closed-loop framework, referred to as LLMs As Tool "
                             "Makers (LATM).")
    # Only for what introducing verbs do: "by clipping" says no contribution of its own.
    assert _said_directly("This paper aims to unleash this pathway by proposing a novel Nature-"
                          "Powered Graph Learning (NP-GL) framework.") == (
        "This paper proposes a novel Nature-Powered Graph Learning (NP-GL) framework.")
    assert _said_directly("We leverage this success and propose a new model-based approach to "
                          "meta-RL.") == "We propose a new model-based approach to meta-RL."
    clipped = "We stabilise this training by clipping the gradients."
    assert _said_directly(clipped) == clipped


def test_a_long_gist_starts_at_the_clause_that_names_the_method() -> None:
    # The bundled TrAC abstract: "We prove that …, and present an algorithm for Tracing Actual
    # Causes (TrAC) …" was cut inside the lemma, before the name.
    assert gist_of(_bundled("Tracing Actual Causes"), 2026) == (
        "We present an algorithm for Tracing Actual Causes (TrAC) that is sound and complete "
        "for enumerating all actual causes of any target event.")
    # A sentence short enough to be the gist whole stays whole.
    short = "We prove a lemma, and present an algorithm for Tracing Actual Causes (TrAC)."
    assert gist_of(short) == short


def test_a_gist_says_what_the_contribution_does_not_what_it_resolves_by_doing_it() -> None:
    # The bundled NeurIPS 2026 list, shortened: "resolves this challenge" points to a sentence
    # the gist leaves out.
    topoprune = ("Pruning methods are fragile. We introduce TopoPrune, a framework which resolves "
                 "this challenge by leveraging topology to capture the structure of data.")
    assert gist_of(topoprune) == ("We introduce TopoPrune, a framework which leverages topology "
                                  "to capture the structure of data.")
    rpkd = ("Distillation assumes aligned features. We propose RPKD, which discards this "
            "assumption by projecting both networks into shared random prototypes.")
    assert gist_of(rpkd) == "We propose RPKD, which projects both networks into shared random prototypes."


def test_without_a_contribution_cue_the_gist_is_the_first_sentence() -> None:
    assert gist_of("Sparse attention is fast. It is also accurate.") == "Sparse attention is fast."


@pytest.mark.parametrize("title, expected", [
    ("historical accuracy: AI Assistants", "Historical accuracy: AI Assistants"),
    ("iPhone Photos at Scale", "iPhone Photos at Scale"),
    ("word2vec Revisited", "word2vec Revisited"),
    ("k-NN Bounds for Deep Networks", "k-NN Bounds for Deep Networks"),
    ("$k$-Means in Hyperbolic Space", "$k$-Means in Hyperbolic Space"),
])
def test_a_title_starts_lower_case_only_with_a_name_spelled_so(title: str, expected: str) -> None:
    assert capitalise_first(title) == expected


def test_an_emphasised_compound_adjective_is_not_a_name() -> None:
    # AISTATS 2025, shortened: titled "Simulator-Free: Theoretical Properties of …".
    text = ("We focus on developing a model-free and $\\textit{simulator-free}$ algorithm that "
            "ensures constraint satisfaction during learning. We establish the theoretical "
            "properties of the log-barrier policy gradient algorithm.")
    assert introduced_names(text) == ()
    assert not _derived(text).startswith("Simulator-Free")


def test_an_emphasized_ordinary_word_is_not_a_coined_name() -> None:
    text = BACKGROUND + "We call such models *safe* and propose **SafeNet**, a verifier."
    names = introduced_names(text)
    assert "safe" not in names and "SafeNet" in names, names


def test_a_capitalised_word_in_parentheses_that_later_sentences_open_with_is_a_name() -> None:
    # COLM 2024, shortened: titled "Transformer Architecture: …" without it.
    text = ("Foundation models are based on the Transformer architecture. We design a "
            "hardware-aware parallel algorithm in recurrent mode. We integrate these selective "
            "SSMs into a simplified end-to-end neural network architecture without attention or "
            "even MLP blocks (Mamba). Mamba enjoys fast inference and linear scaling.")
    assert "Mamba" in introduced_names(text, 2024)  # a 2024 list: no earlier paper used it
    # Not a capitalised word no later sentence opens with ("(Appendix)", "(Figure)").
    assert "Mamba" not in introduced_names(text.replace("Mamba enjoys", "It enjoys"), 2024)


def test_a_name_the_abstract_calls_popular_or_standard_is_not_the_papers() -> None:
    # ICLR 2024, shortened: WiSE-FT is the method studied; the paper's own is BANG.
    text = ("Generalization to out-of-distribution (OOD) data is a critical challenge. In this "
            "study, we closely examine WiSE-FT, a popular weight space ensemble method that "
            "interpolates between a pre-trained and a fine-tuned model. We propose BAlaNced "
            "averaGing (BANG), which mitigates the overconfidence of fine-tuned models.")
    assert "WiSE-FT" not in introduced_names(text)
    assert "BANG" in introduced_names(text)


def test_names_earlier_papers_used_are_not_coined_unless_the_abstract_says_so() -> None:
    assert list_year("NeurIPS 2026 论文列表") == 2026 and list_year("My papers") is None
    established = established_names(2026)
    if not established.names:
        pytest.skip("no table of established names shipped")
    assert {"ReLU", "TinyImageNet"} <= established.names and "ReLU" in established.common
    used = BACKGROUND + "We train on **TinyImageNet** with a new loss, FooLoss, for robustness."
    assert "TinyImageNet" not in introduced_names(used, 2026)
    coined = BACKGROUND + "We propose TinyImageNet, a method that compresses images."
    assert "TinyImageNet" in introduced_names(coined, 2026)


def test_a_repeated_derived_title_gets_the_phrase_that_tells_it_apart() -> None:
    first = BACKGROUND + "We propose FooNet, a graph network for molecules. FooNet is fast."
    second = BACKGROUND + ("We propose FooNet, a graph network for molecules that predicts "
                           "protein binding affinity. FooNet is accurate.")
    given = "We propose FooNet."
    titles = [_derived(first), _derived(first), "Given Title", "given title"]
    texts = (first, second, given, given)
    asked: list[int] = []

    def alternatives(index: int) -> tuple[str, ...]:
        asked.append(index)
        return title_alternatives(texts[index])

    unique = distinct_titles(titles, [True, True, False, False], alternatives)
    assert asked == [1]  # only the paper whose title another already has
    assert unique[0] == titles[0] and unique[1] != titles[0], unique
    assert unique[1].startswith("FooNet: "), unique
    assert unique[2:] == ["Given Title", "given title"]  # given titles stay as given
    assert len({title.casefold() for title in unique[:3]}) == 3


def test_bundled_papers_name_their_own_method() -> None:
    titles = [derive_title(text, year=2026)[0] for text in _bundled_abstracts()]
    defence, reconstruction = titles[14], titles[22]
    assert defence.startswith("AnchorRep") and "Attack" not in defence, defence
    assert "Benign Garble" not in defence, defence
    assert reconstruction.startswith("Route-Aware FFN (RA-FFN)"), reconstruction
    assert "Routing Reconstruction Task" not in reconstruction, reconstruction
    # "... notably better than the simple non-prediction based algorithm": the baseline.
    search = next(title for title, text in zip(titles, _bundled_abstracts())
                  if "non-prediction based algorithm" in text)
    assert "Non-Prediction" not in search, search


JUDGED = REPO / "benchmarks" / "data" / "judged_titles.jsonl"


def test_the_hand_judged_sample_is_complete() -> None:
    # Its shares (benchmarks.titles prints them) are what they are: issue 38's targets (45%
    # good and at most 10% poor headings, at most 10% poor gists) are reported, not asserted
    # (see benchmarks/README.md).
    from benchmarks.titles import JUDGEMENTS, judged_shares
    records = [json.loads(line) for line in JUDGED.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 60 and len({record["id"] for record in records}) == 60
    assert Counter(record["list"] for record in records) == {
        "colm2024": 20, "aistats2025": 20, "3dv2025": 20}
    assert all(record["judgement"] in JUDGEMENTS and record["reason"].strip() and
               record["gist_judgement"] in JUDGEMENTS and record["gist_reason"].strip()
               for record in records)
    shares = judged_shares(JUDGED)
    assert math.isclose(sum(shares[judgement] for judgement in JUDGEMENTS), 1.0)
    assert math.isclose(sum(shares[f"gists {judgement}"] for judgement in JUDGEMENTS), 1.0)


def test_the_hand_judged_sample_is_what_the_code_derives() -> None:
    # The judgements hold for these titles only: a change to them needs a new judging. The
    # gists changed with issue 42 (no "…"); `benchmarks.titles` counts those judged as they were.
    from benchmarks.titles import DATA, derive_all, read_papers, year_of
    records = [json.loads(line) for line in JUDGED.read_text(encoding="utf-8").splitlines()]
    for name in sorted({record["list"] for record in records}):
        path = DATA / f"{name}.jsonl"
        if not path.exists():
            pytest.skip(f"{path} is absent: the real lists live outside the repository")
        papers = read_papers(path)
        derived = dict(zip((paper["id"] for paper in papers),
                           zip(*derive_all(papers, year_of(path))[:2])))
        for record in records:
            if record["list"] == name:
                assert derived[record["id"]][0] == record["derived"], record["real"]


def test_the_judged_bundled_titles_and_gists_are_what_the_code_derives() -> None:
    # As for the sample: a judgement of a title no longer derived says nothing.
    from benchmarks.titles import bundled_judgements
    assert "titles no longer derived" not in bundled_judgements()


def test_a_star_between_characters_is_text_not_markup():
    # "7*7" and "a*b" keep their star; bold inside a word ("und**ER**standing") loses its stars.
    assert gist_of("We introduce GridNet, which counts a 7*7 grid of a*b cells.") == \
        "We introduce GridNet, which counts a 7*7 grid of a*b cells."
    assert "undERstanding" in gist_of("We propose a model of und**ER**standing for robots.")


@pytest.mark.parametrize("text, gist", [
    # The first item of a list, if it fits, not a cut inside the list.
    ("Trajectory inference is hard. We propose a new method that (1) learns the unobserved "
     "trajectories from sample snapshots across multiple time points and (2) requires "
     "specification of neither the dynamics nor the initial distribution of the process.",
     "We propose a new method that learns the unobserved trajectories from sample snapshots "
     "across multiple time points."),
    # Else the clause before the list, not the word that takes it as its object, as a sentence.
    ("Proving theorems is hard. This paper presents a comprehensive survey of deep learning for "
     "theorem proving by offering (i) a thorough review of existing approaches across various "
     "tasks such as autoformalization, premise selection, proofstep generation, and proof "
     "search, and (ii) a curated collection of datasets.",
     "This paper presents a comprehensive survey of deep learning for theorem proving."),
    # A long lead-in that opens with "After" goes whole.
    ("Models trained on their own outputs may collapse. After confirming that replacing the "
     "original real data by each generation's synthetic data does indeed tend towards model "
     "collapse, we demonstrate that accumulating synthetic data with real data avoids model "
     "collapse.",
     "We demonstrate that accumulating synthetic data with real data avoids model collapse."),
    # A closing phrase that points back to a sentence the gist leaves out.
    ("Risk-averse agents optimise a conditional value at risk. We develop nearly matching upper "
     "and lower bounds on the sample complexity for this problem.",
     "We develop nearly matching upper and lower bounds on the sample complexity."),
    ("Global pipelines are brittle. We propose instead to build upon a foundation model for 3D "
     "vision.", "We propose to build upon a foundation model for 3D vision."),
    ("Non-rigid shapes are hard to match. We propose to tackle these challenges by learning a "
     "new shape representation.", "We learn a new shape representation."),
    # Releasing a dataset is no contribution of its own.
    ("Foot reconstruction needs many views. We release our synthetic dataset to the research "
     "community. We introduce FOCUS, a few-view foot reconstruction method.",
     "We introduce FOCUS, a few-view foot reconstruction method."),
    # ICLR 2024, COLM 2024, 3DV 2025: openings that point to a sentence the gist leaves out.
    ("Mixup fails on graphs. To address the issues, this paper proposes a novel Mixup method, "
     "called iGraphMix, tailored to node classification.",
     "This paper proposes a novel Mixup method, called iGraphMix, tailored to node "
     "classification."),
    ("Can attacks be deceptive? We answer this question via a bi-level optimization problem and "
     "propose a meta learning-based framework named FATE.",
     "We propose a meta learning-based framework named FATE."),
    ("No benchmark is multilingual. We address this by introducing PolygloToxicityPrompts (PTP), "
     "a multilingual toxicity benchmark.",
     "We introduce PolygloToxicityPrompts (PTP), a multilingual toxicity benchmark."),
    ("Depth is lost in BEV. With this in mind, to compensate for the missing details, we propose "
     "LSSInst, a two-stage object detector.", "We propose LSSInst, a two-stage object detector."),
    # AISTATS 2025, 3DV 2025: an ending or an aside that points back goes.
    ("Kalman filters scale badly. In this work, we propose a probabilistic numerical method for "
     "inference in Gauss-Markov models which mitigates these scaling issues.",
     "We propose a probabilistic numerical method for inference in Gauss-Markov models."),
    ("No model has all these qualities. In this paper, we propose VividTalk, a two-stage framework "
     "that generates talking head videos with all the above properties.",
     "We propose VividTalk, a two-stage framework that generates talking head videos."),
    ("Symbol estimation is hard. In this paper, we prove that, for a subclass of such problems, a "
     "single-layer transformer computes the optimal solution.",
     "We prove that a single-layer transformer computes the optimal solution."),
    # AISTATS 2025: a lead-in before "our study" goes as one before "we" does.
    ("Representations are opaque. Building on recent progress toward comprehending how networks "
     "execute distinct target functions, our study explores why networks adopt strategies.",
     "Our study explores why networks adopt strategies."),
    # 3DV 2025: a release is the contribution only when nothing else is said.
    ("Foot reconstruction is hard. We seek to extract rich geometry cues from multi-view RGB "
     "images. We release our synthetic dataset to the research community.",
     "We seek to extract rich geometry cues from multi-view RGB images."),
    # COLM 2024: no cut inside a series; the trailing "while …" clause goes whole.
    ("Information markets suffer a paradox. This work proposes an information market design that "
     "leverages language models to mitigate the Buyer's Inspection Paradox by enabling "
     "inspection, comparison, and purchase of information, while algorithmically preventing "
     "expropriation.",
     "This work proposes an information market design that leverages language models to "
     "mitigate the Buyer's Inspection Paradox by enabling inspection, comparison, and "
     "purchase of information."),
])
def test_the_gist_says_the_contribution_whole(text: str, gist: str) -> None:
    # Gists of issue 38's blind sample a reader judged poor: cut inside a list, a lead-in
    # instead of the finding, "this problem" or "these challenges" pointing nowhere, a release.
    assert gist_of(text) == gist


def test_a_parenthetical_inside_a_word_leaves_the_words_apart() -> None:
    # AISTATS 2025: "a comprehensive (non-)asymptotic optimality analysis" was titled
    # "Comprehensiveasymptotic Optimality Analysis …".
    assert phrase_words("a comprehensive (non-)asymptotic analysis (ours), here") == \
        ["a", "comprehensive", "asymptotic", "analysis,", "here"]


def test_the_names_sentence_pointing_back_says_the_for_this() -> None:
    # Bundled NeurIPS 2026: "AnchorRep targets this geometry …" was judged poor for pointing
    # back; passing it over gave "We introduce the Benign Garble Rate to quantify them", a side
    # metric. The paper's own method, said of "the geometry", stands.
    assert gist_of(_bundled("AnchorRep"), 2026) == (
        "AnchorRep targets the geometry directly with a lightweight LoRA adapter.")


def test_the_learned_model_ranks_the_contribution_above_the_background() -> None:
    prepared, names = prepare_and_name(
        "Large language models are widely deployed in practice. Yet their calibration is poor "
        "under distribution shift. We propose FooCal, a post-hoc method that recalibrates the "
        "logits of language models. Experiments on five benchmarks show that FooCal halves the "
        "calibration error.", 2026)
    ranked = rank_sentences(prepared, names[0].name)
    assert ranked[0] == 2, [prepared.sentences[index].text for index in ranked]


def test_a_gist_passes_over_a_sentence_that_points_back() -> None:
    # "such a setting" is said in the sentence before, which the gist leaves out.
    text = ("Agents act in worlds whose rules change over time. We propose FooNet, a planner "
            "that stays robust in such a setting. We also show that FooNet learns the changed "
            "rules of a world from a handful of its transitions.")
    assert gist_of(text).startswith("We show that FooNet learns the changed rules"), gist_of(text)


def test_sentence_scores_are_the_fitted_features_weights() -> None:
    # `sentence_scores` looks weights up by word and token; the fit reads feature names.
    bias, weights = _contribution_model().bias, _contribution_model().weights
    for text in _bundled_abstracts()[:10]:
        prepared, names = prepare_and_name(text, 2026)
        name = names[0].name if names else ""
        expected = [bias + sum(weights.get(feature, 0.0) for feature in features)
                    for features in sentence_features(prepared, name)]
        assert sentence_scores(prepared, name) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("text", ["", "   ", "https://example.org/code"])
def test_an_abstract_without_a_sentence_has_no_gist(text: str) -> None:
    assert gist_of(text) == ""
