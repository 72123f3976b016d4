"""Make synthetic abstract lists of any size from real sentences, for benchmarks at scale.

Source sentences come from the ICLR 2024 list when the shared data folder is present (grouped by
the authors' primary area), otherwise from the bundled NeurIPS 2026 abstracts (grouped into a few
TF-IDF clusters). Each synthetic abstract recombines 5–10 sentences of a few source abstracts of
one group, so that it stays on one topic and keeps the sources' `$…$` math and LaTeX macros.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICLR_PATH = ROOT.parent / "shared" / "data" / "iclr2024.jsonl"
BUNDLED_FOLDER = ROOT / "abstracts"
MIN_SENTENCES, MAX_SENTENCES = 5, 10
MIN_SOURCES, MAX_SOURCES = 2, 4

# A sentence ends at ".", "!" or "?" followed by white space and a capital, digit, "$" or "\".
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9$\\])")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def make_corpus(n: int, seed: int = 0) -> list[str]:
    """Return n synthetic abstracts recombined from real ones; the same for the same seed."""
    groups = [
        [sentences for sentences in (split_sentences(text) for text in group) if sentences]
        for group in read_source_groups()
    ]
    groups = [group for group in groups if len(group) >= MIN_SOURCES]
    sizes = [len(group) for group in groups]
    generator = random.Random(seed)
    return [_recombine(generator.choices(groups, weights=sizes)[0], generator) for _ in range(n)]


PART_SIZE = 500


def write_list_parts(
    abstracts: Sequence[str],
    folder: Path,
    per_part: int = PART_SIZE,
    name: str = "Synthetic 2026 paper list",
) -> list[Path]:
    """Write the abstracts as numbered list files 000_part.txt, 001_part.txt, … in folder."""
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for number, start in enumerate(range(0, len(abstracts), per_part)):
        path = folder / f"{number:03d}_part.txt"
        body = "\n\n".join(abstracts[start : start + per_part])
        path.write_text(f"{name}\n\n{body}\n", encoding="utf-8")
        paths.append(path)
    return paths


def read_source_groups() -> list[list[str]]:
    """Return real abstracts grouped by topic: ICLR areas if available, else bundled clusters."""
    if ICLR_PATH.is_file():
        texts_by_area: dict[str, list[str]] = {}
        with ICLR_PATH.open(encoding="utf-8") as lines:
            for line in lines:
                paper = json.loads(line)
                area = str(paper.get("primary_area") or "")
                texts_by_area.setdefault(area, []).append(str(paper["abstract"]))
        return [texts_by_area[area] for area in sorted(texts_by_area)]
    return _cluster(_read_bundled())


def split_sentences(text: str) -> list[str]:
    """Split an abstract into sentences, never inside a `$…$` math span."""
    sentences: list[str] = []
    for piece in _SENTENCE_END.split(" ".join(text.split())):
        if sentences and sentences[-1].count("$") % 2:
            sentences[-1] += " " + piece
        else:
            sentences.append(piece)
    return sentences


def _recombine(sources_pool: list[list[str]], generator: random.Random) -> str:
    """Draw a few abstracts of one group and interleave 5–10 of their sentences in order."""
    count = generator.randint(MIN_SOURCES, min(MAX_SOURCES, len(sources_pool)))
    sources = generator.sample(sources_pool, count)
    wanted = generator.randint(MIN_SENTENCES, MAX_SENTENCES)
    # The opening sentence of the first source, then sentences by relative position in their
    # abstract, so that the text still moves from problem to method to results.
    pool = [
        (position / len(sentences), sentence)
        for source, sentences in enumerate(sources)
        for position, sentence in enumerate(sentences)
        if source or position
    ]
    picks = [(0.0, sources[0][0])] + generator.sample(pool, min(wanted - 1, len(pool)))
    picks.sort(key=lambda pick: pick[0])
    return " ".join(sentence for _, sentence in picks)


def read_list_file(path: Path) -> list[str]:
    """Return the abstracts of a list file: every paragraph after its header line."""
    paragraphs = _BLANK_LINE.split(path.read_text(encoding="utf-8").strip())
    return [paragraph.strip() for paragraph in paragraphs[1:] if paragraph.strip()]


def _read_bundled() -> list[str]:
    """Return the bundled abstracts."""
    return [text for path in sorted(BUNDLED_FOLDER.glob("*.txt")) for text in read_list_file(path)]


def _cluster(texts: list[str], groups: int = 6) -> list[list[str]]:
    """Group texts by topic with k-means on their TF-IDF vectors."""
    from sklearn.cluster import KMeans
    from sklearn.feature_extraction.text import TfidfVectorizer

    count = max(1, min(groups, len(texts) // 4))
    vectors = TfidfVectorizer(stop_words="english", sublinear_tf=True).fit_transform(texts)
    assignments = KMeans(n_clusters=count, n_init=10, random_state=0).fit_predict(vectors)
    clustered: list[list[str]] = [[] for _ in range(count)]
    for text, cluster in zip(texts, assignments):
        clustered[int(cluster)].append(text)
    return clustered
