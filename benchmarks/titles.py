"""Score derived titles and gists against the real titles of conference lists.

    python -m benchmarks.titles [LIST.jsonl ...] [--holdout] [--model PATH] [--show N]

With no list, scores the four of `../shared/data/` (ICLR 2024, the list the models are fitted
on, and COLM 2024, AISTATS 2025 and 3DV 2025, which stand in for a list nobody has seen). For
each, hides the real titles, derives a title and a gist for every abstract as a build does
(the list's year tells which names earlier papers used; repeated titles are told apart across
the list) and prints:
- name recall: of the papers whose real title starts with "NAME:" and whose abstract contains
  NAME, the share whose derived title contains NAME;
- content-word F1 between derived and real titles, and the share of derived titles with no
  content word in common with the real one;
- duplicate titles, lower-case starts (a first word with no capital or digit after its first
  letter: not a name like iPhone or word2vec), lengths in words, gists over 25 words, the
  share of gists cut off with "…";
- CPU time per abstract for the title, the coined names and the gist together;
- what no heading or gist may be (`misreadings`): a field before a colon, a title ending on a
  function word or cut before "of", a gist opening by pointing back or cut inside a list;
- `--show N` random (real, derived, gist) triples.
Then it prints the shares of the blind-judged sample (`benchmarks/data/judged_titles.jsonl`: 20
papers of each newer list, chosen by `--judging-sheet --seed 38`, their heading and gist each
judged good, acceptable or poor with a one-line reason by a strict reader who saw only the
abstract, heading and gist, the real title after), and of the bundled NeurIPS 2026 list's 37
titles and gists (`benchmarks/data/judged_bundled.jsonl`), with how many of either are no
longer derived as judged.
With --holdout, the models are fitted on half of the first list and scored on the other half.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from papersite.enrich import titles
from papersite.enrich.titles import scoring
from papersite.enrich.titles.case import capitalise_first
from papersite.enrich.titles.gist import _ANAPHOR, _OWN_WORK
from papersite.enrich.titles.vocabulary import DANGLING

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
LISTS = ("iclr2024", "colm2024", "aistats2025", "3dv2025")
JUDGED = Path(__file__).resolve().parent / "data" / "judged_titles.jsonl"
# The bundled NeurIPS 2026 list's 37 titles and gists, judged by a reader given each abstract
# (told to take the lower grade when in doubt): no real titles to compare with.
JUDGED_BUNDLED = Path(__file__).resolve().parent / "data" / "judged_bundled.jsonl"
BUNDLED = Path(__file__).resolve().parents[1] / "abstracts"
JUDGEMENTS = ("good", "acceptable", "poor")
_WORD = re.compile(r"[a-z0-9]+")
_NAME_PREFIX = re.compile(r"^([^:]{1,60}):")
_YEAR = re.compile(r"(?:19|20)\d\d")


def read_jsonl(path: Path) -> list[dict]:
    """Read a JSON Lines file's records (blank lines skipped)."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def read_papers(path: Path) -> list[dict]:
    """Read JSON Lines records that have both a title and an abstract."""
    return [r for r in read_jsonl(path) if r.get("title") and r.get("abstract")]


def year_of(path: Path) -> int | None:
    """Return the year a list's file name gives ("colm2024.jsonl" → 2024), if any."""
    match = _YEAR.search(path.stem)
    return int(match.group(0)) if match else None


def split_half(papers: list[dict], seed: int = 0) -> tuple[list[dict], list[dict]]:
    """Split papers into a training half and a held-out half, the same way every time."""
    shuffled = sorted(papers, key=lambda r: r.get("id", r["title"]))
    random.Random(seed).shuffle(shuffled)
    middle = len(shuffled) // 2
    return shuffled[:middle], shuffled[middle:]


def content_words(title: str) -> set[str]:
    """Lower-case words, English stop words dropped, each cut to its first 6 characters."""
    return {w[:6] for w in _WORD.findall(title.lower()) if w not in ENGLISH_STOP_WORDS}


def content_f1(derived: str, real: str) -> float:
    """F1 of the overlap of two titles' content-word sets (0 when either set is empty)."""
    ours, theirs = content_words(derived), content_words(real)
    if not ours or not theirs:
        return 0.0
    overlap = len(ours & theirs)
    return 2 * overlap / (len(ours) + len(theirs))


def derive_all(papers: list[dict], year: int | None
               ) -> tuple[list[str], list[str], list[tuple[str, ...]], float]:
    """Return every paper's derived title, gist and coined names, as a build makes them, and
    the CPU seconds they took (other processes on a loaded machine not counted)."""
    titles.forget_readings()  # time every text from scratch
    start = time.process_time()
    derived, gists, names = [], [], []
    for paper in papers:
        derived.append(titles.derive_title(paper["abstract"], year=year)[0])
        names.append(titles.introduced_names(paper["abstract"], year))
        gists.append(titles.gist_of(paper["abstract"], year))
    derived = titles.distinct_titles(
        derived, [True] * len(derived),
        lambda index: titles.title_alternatives(papers[index]["abstract"], year))
    seconds = time.process_time() - start  # the repeated titles' alternatives counted too
    return derived, gists, names, seconds


def evaluate(name: str, papers: list[dict], year: int | None, show: int = 0,
             seed: int = 0, titles_by_id: dict | None = None,
             gists_by_id: dict | None = None) -> dict[str, float]:
    """Derive titles and gists for a list, print its report line and return its figures;
    put each derived title into `titles_by_id` and gist into `gists_by_id` under (list name,
    paper id)."""
    derived, gists, names, seconds = derive_all(papers, year)
    if titles_by_id is not None:
        titles_by_id.update(((name, paper.get("id", "")), title)
                            for paper, title in zip(papers, derived))
    if gists_by_id is not None:
        gists_by_id.update(((name, paper.get("id", "")), gist) for paper, gist in zip(papers, gists))
    named = [(paper, title) for paper, title in zip(papers, derived)
             if (m := _NAME_PREFIX.match(paper["title"])) and m.group(1) in paper["abstract"]]
    hits = sum(_NAME_PREFIX.match(p["title"]).group(1) in title for p, title in named)
    lengths = sorted(len(title.split()) for title in derived)
    figures = {
        "papers": len(papers),
        "name_recall": hits / len(named) if named else float("nan"),
        "f1": statistics.fmean(content_f1(t, p["title"]) for p, t in zip(papers, derived)),
        "no_shared_word": statistics.fmean(
            not content_words(t) & content_words(p["title"]) for p, t in zip(papers, derived)),
        "duplicates": sum(count - 1 for count in Counter(t.casefold() for t in derived).values()),
        "lower_case_starts": sum(capitalise_first(t) != t for t in derived),
        "outside_length": sum(not titles.MIN_WORDS <= n <= titles.MAX_WORDS for n in lengths),
        "long_gists": sum(len(g.replace(" …", "").split()) > titles.MAX_GIST_WORDS
                          for g in gists),
        "cut_gists": statistics.fmean(g.endswith("…") for g in gists),
        # Neither "we", "our", "this paper" nor a name the paper coins: likely the field's.
        "gists_not_by_the_authors": sum(not (_OWN_WORK.search(g) or any(n in g for n in coined))
                                        for g, coined in zip(gists, names)),
        "gist_title_share": statistics.fmean(
            len(content_words(g) & title) / max(1, len(title))
            for p, g in zip(papers, gists) for title in [content_words(p["title"])]),
        "ms_per_abstract": 1000 * seconds / len(papers),
    }
    figures |= misreadings(papers, derived, gists)
    quartiles = statistics.quantiles(lengths, n=4)
    print(f"{name:<12} {len(papers):>5} papers  name recall {figures['name_recall']:.3f} "
          f"({hits}/{len(named)})  F1 {figures['f1']:.3f}  no shared word "
          f"{figures['no_shared_word']:.1%}  duplicates {figures['duplicates']}  lower-case "
          f"{figures['lower_case_starts']}  words {lengths[0]}/{quartiles[0]:g}/{quartiles[1]:g}/"
          f"{quartiles[2]:g}/{lengths[-1]} (outside {titles.MIN_WORDS}-{titles.MAX_WORDS}: "
          f"{figures['outside_length']})  gists over {titles.MAX_GIST_WORDS} words "
          f"{figures['long_gists']}  gists cut off with \"…\" {figures['cut_gists']:.1%}  "
          f"{figures['ms_per_abstract']:.2f} ms an abstract")
    print(f"{'':<18} field before a colon {figures['field_before_colon']}  ending on a function "
          f"word {figures['function_word_ends']}  cut before \"of\" {figures['cut_before_of']}  "
          f"gists pointing back {figures['gists_pointing_back']}  gists cut in a list "
          f"{figures['gists_cut_in_a_list']}  gists not by the authors "
          f"{figures['gists_not_by_the_authors']}  share of the title's words in the gist "
          f"{figures['gist_title_share']:.3f}")
    for index in random.Random(seed).sample(range(len(papers)), min(show, len(papers))):
        print(f"    real:    {papers[index]['title']}\n    derived: {derived[index]}\n"
              f"    gist:    {gists[index]}")
    return figures


_LIST_MARKER = re.compile(r"(?:^|\s)\(?(?:\d{1,2}|[ivx]{1,4}|[a-h])\)\s")


def misreadings(papers: list[dict], derived: list[str], gists: list[str]) -> dict[str, int]:
    """Count what issue 38 says no heading or gist may be: a field's name before a title's
    colon ("Machine Learning: …"), a title ending on a function word, a title cut where the
    abstract's noun phrase goes on ("… the Automatic Generation" before "of gestures"), a gist
    that points back ("We prove that, for such problems, …"), a gist cut inside a
    list ("(i) …, (ii) …")."""
    def cut_before_of(title: str, abstract: str) -> bool:
        ending = " ".join(title.split()[-2:]).lower()
        return len(title.split()) > 2 and f"{ending} of " in " ".join(abstract.lower().split())

    def field_before_colon(title: str) -> bool:
        head = title.split(":", 1)[0].split() if ":" in title else []
        # A name ("RoBoT", "Diffusion Bridge Network (DBN)") is no field, however common its words.
        return len(head) > 1 and not head[-1].endswith(")") and not any(
            any(ch.isupper() for ch in word[1:]) for word in head) and \
            scoring.is_field_phrase(tuple(head))

    return {
        "field_before_colon": sum(map(field_before_colon, derived)),
        "function_word_ends": sum(t.split()[-1].lower() in DANGLING for t in derived),
        "cut_before_of": sum(cut_before_of(t, p["abstract"]) for p, t in zip(papers, derived)),
        "gists_pointing_back": sum(bool(_ANAPHOR.search(g)) for g in gists),
        "gists_cut_in_a_list": sum(bool(_LIST_MARKER.search(g)) and g.endswith("…")
                                   for g in gists),
    }


def judged_shares(path: Path = JUDGED, titles_by_id: dict | None = None,
                  gists_by_id: dict | None = None) -> dict[str, float]:
    """Return the share of each judgement in the hand-judged sample, how many it holds, and
    how many of its titles and gists differ from those derived now (`titles_by_id`,
    `gists_by_id`: a judgement of a title no longer derived says nothing of the code; judge
    the sample again)."""
    with path.open(encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    shares = _shares(records, "judgement") | _shares(records, "gist_judgement", "gists ")
    changed = sum(titles_by_id.get((record["list"], record["id"]), record["derived"]) !=
                  record["derived"] for record in records) if titles_by_id else 0
    changed_gists = sum(gists_by_id.get((record["list"], record["id"]), record["gist"]) !=
                        record["gist"] for record in records) if gists_by_id else 0
    return shares | {"papers": len(records), "changed": changed, "changed_gists": changed_gists}


def bundled_judgements(path: Path = JUDGED_BUNDLED) -> str:
    """Return the judged shares of the bundled list's titles and gists, and how many of them
    are no longer derived as judged."""
    from papersite.parse import parse_inputs

    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    parsed = parse_inputs([BUNDLED], "utf-8", False).abstracts
    derived = {(source.file, source.position):
               (titles.derive_title(abstract.text, "", 2026)[0], titles.gist_of(abstract.text, 2026))
               for abstract in parsed for source in abstract.sources}
    now = [derived.get((record["file"], record["position"]), ("", "")) for record in records]
    changed = sum(title != record["derived"] for (title, _), record in zip(now, records))
    changed_gists = sum(gist != record["gist"] for (_, gist), record in zip(now, records))
    return (f"bundled NeurIPS 2026 ({len(records)} judged blind by a reader): titles "
            f"{_said(_shares(records, 'title_judgement'))}; gists "
            f"{_said(_shares(records, 'gist_judgement'))}"
            + (f"; {changed} titles no longer derived as judged" if changed else "")
            + (f"; {changed_gists} gists no longer derived as judged" if changed_gists else ""))


def _shares(records: list[dict], key: str, prefix: str = "") -> dict[str, float]:
    """Return the share of each grade (good, acceptable, poor) under `key`, as `prefix` + grade."""
    counts = Counter(record[key] for record in records)
    return {prefix + grade: counts[grade] / len(records) for grade in JUDGEMENTS}


def _said(shares: dict[str, float], prefix: str = "") -> str:
    """Return "good 25%, acceptable 42%, poor 33%" for the shares under `prefix` + grade."""
    return ", ".join(f"{grade} {shares[prefix + grade]:.0%}" for grade in JUDGEMENTS)


def write_judging_sheet(path: Path, per_list: int = 20, seed: int = 2026) -> None:
    """Write, for hand-judging, a fixed random sample of each newer list: its real title, the
    derived title and gist (derived across the whole list, as a build does) and the abstract.
    The sheet holds abstracts: keep it outside the repository; the judged fixture keeps titles,
    judgements and reasons only."""
    rows = []
    for name in LISTS[1:]:
        list_path = DATA / f"{name}.jsonl"
        papers = read_papers(list_path)
        derived, gists, *_ = derive_all(papers, year_of(list_path))
        for index in sorted(random.Random(seed).sample(range(len(papers)), per_list)):
            rows.append({"list": name, "id": papers[index].get("id", ""),
                         "real": papers[index]["title"], "derived": derived[index],
                         "gist": gists[index], "abstract": papers[index]["abstract"]})
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows),
                    encoding="utf-8")
    print(f"wrote {len(rows)} titles to judge into {path}")


def use_model(path: Path) -> None:
    """Make `derive_title` read the word model at `path`."""
    scoring.use_model(path)
    titles.forget_readings()


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", type=Path, nargs="*", help="JSON Lines with title and abstract")
    parser.add_argument("--holdout", action="store_true",
                        help="fit the models on half of the first list, score the other half")
    parser.add_argument("--model", type=Path, help="word model to use instead of the bundled one")
    parser.add_argument("--show", type=int, default=0, help="print N random pairs per list")
    parser.add_argument("--judging-sheet", type=Path, metavar="PATH",
                        help="write 20 titles of each newer list, with abstracts, to judge by hand")
    parser.add_argument("--seed", type=int, default=2026,
                        help="which papers the judging sheet samples (a fresh seed, a fresh sample)")
    args = parser.parse_args(argv)
    if args.judging_sheet:
        write_judging_sheet(args.judging_sheet, seed=args.seed)
        return 0
    paths = args.paths or [DATA / f"{name}.jsonl" for name in LISTS]
    if missing := [path for path in paths if not path.exists()]:
        print(f"{missing[0]}: no such list (the lists are in ../shared/data/)", file=sys.stderr)
        return 1
    if args.model:
        use_model(args.model)
    if args.holdout:
        from benchmarks.train_titles import other_background, read_background, train_all
        training, held_out = split_half(read_papers(paths[0]))
        background = read_background(12000)
        with tempfile.TemporaryDirectory() as folder:
            model_path = Path(folder) / "word_model.json"
            model = train_all(training + background[:6000], background[6000:],
                              other_background(background, 8000))
            model_path.write_text(json.dumps(model), encoding="utf-8")
            use_model(model_path)
            evaluate(f"{paths[0].stem} (held-out half)", held_out, year_of(paths[0]), args.show)
        return 0
    titles_by_id: dict = {}
    gists_by_id: dict = {}
    for path in paths:
        evaluate(path.stem, read_papers(path), year_of(path), args.show, titles_by_id=titles_by_id,
                 gists_by_id=gists_by_id)
    if JUDGED.exists():
        shares = judged_shares(titles_by_id=titles_by_id, gists_by_id=gists_by_id)
        print(f"blind-judged sample ({shares['papers']} papers of COLM 2024, AISTATS 2025 and "
              f"3DV 2025): headings {_said(shares)}; gists {_said(shares, 'gists ')}")
        for what in ("titles", "gists"):
            if changed := shares["changed" if what == "titles" else "changed_gists"]:
                print(f"  {changed} of these {what} are no longer derived as judged: "
                      "judge the sample again (--judging-sheet)")
    if JUDGED_BUNDLED.exists():
        print(bundled_judgements())
    return 0


if __name__ == "__main__":
    sys.exit(main())
