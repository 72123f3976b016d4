"""Titles made by the span models alone, for judging against today's (issue 42's experiments).

    python -m benchmarks.span_titles --variant best|longest|compose [--lists L ...]
                                     [--method PATH --problem PATH] [--dump NAME.json] [--show 5]

Prints each list's content-word F1 against the real titles and the mean length, and with `--dump`
writes the titles keyed "list/id" for `benchmarks.titles_sheet`. Variants:
- `best`: "Name: " and the best-scoring span (`spans.best_span`);
- `longest`: the longest span within LONGER logits of the best (readers found the best one vague);
- `compose`: "Name: Method for Problem", the best span of a model fitted on the part of "X for Y"
  titles before " for " and, apart from it, of one fitted on the part after
  (`fit_title_spans --part method|problem`); where the product of their probabilities is below
  `--confident`, the `longest` variant, or with `--only-confident` nothing (the dump leaves the
  paper out, for another version's title to take its place).
What readers made of them is in benchmarks/README.md ("titles judged blind by round").
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from benchmarks import title_spans as spans
from benchmarks.titles import DATA, LISTS, content_f1, read_papers, year_of
from papersite.enrich.titles.case import title_case, title_cased_name
from papersite.enrich.titles.prepare import restore
from papersite.enrich.titles.reading import prepare_and_name

LONGER = 1.0
MIN_WORDS = 4


def longest_near_best(scored: list[tuple[float, spans.Span]], min_words: int
                      ) -> tuple[float, spans.Span] | None:
    best = spans.best_span(scored, min_words)
    if best is None:
        return None
    near = [(logit, span) for logit, span in scored
            if logit >= best[0] - LONGER and len(span.words) >= min_words]
    return max(near, key=lambda pair: (len(pair[1].words), pair[0]))


def derive(abstract: str, year: int | None, variant: str, models: dict[str, spans.Model],
           confident: float, only_confident: bool = False) -> str:
    prepared, names = prepare_and_name(abstract, year)
    name = names[0].name if names else ""
    sentences = spans.read_sentences(prepared, name)
    title_spans = spans.scored_spans(sentences, models["title"])
    min_words = MIN_WORDS - 1 if name else MIN_WORDS
    chosen = spans.best_span(title_spans, min_words) if variant == "best" else \
        longest_near_best(title_spans, min_words)
    words = title_case(spans.span_text(chosen[1]).split()) if chosen else ""
    if variant == "compose":
        method = spans.best_span(spans.scored_spans(sentences, models["method"]))
        problem = method and spans.best_span(spans.scored_spans(sentences, models["problem"]), 2,
                                             apart_from=method[1])
        if method and problem and \
                spans.probability(method[0]) * spans.probability(problem[0]) >= confident:
            words = (f"{title_case(spans.span_text(method[1]).split())} for "
                     f"{title_case(spans.span_text(problem[1]).split())}")
        elif only_confident:
            return ""
    title = f"{name}: {words}" if name and name not in words else words or name
    return restore(title, prepared, title_cased_name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=("best", "longest", "compose"), default="longest")
    parser.add_argument("--lists", nargs="+", default=LISTS)
    parser.add_argument("--method", type=Path, help="a model of --part method")
    parser.add_argument("--problem", type=Path, help="a model of --part problem")
    parser.add_argument("--confident", type=float, default=0.0)
    parser.add_argument("--only-confident", action="store_true")
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--show", type=int, default=0)
    args = parser.parse_args(argv)
    models = {"title": spans.load_model()}
    if args.variant == "compose":
        if not (args.method and args.problem):
            parser.error("compose needs --method and --problem models")
        models |= {"method": spans.load_model(args.method),
                   "problem": spans.load_model(args.problem)}
    derived: dict[str, str] = {}
    for name in args.lists:
        path = DATA / f"{name}.jsonl"
        papers = read_papers(path)
        titles = [derive(paper["abstract"], year_of(path), args.variant, models, args.confident,
                         args.only_confident) for paper in papers]
        if args.only_confident:
            print(f"{name:12} confident of {sum(map(bool, titles))} of {len(papers)}")
            kept = [(paper, title) for paper, title in zip(papers, titles) if title]
            papers, titles = [paper for paper, _ in kept], [title for _, title in kept]
        f1 = sum(content_f1(title, paper["title"]) for title, paper in zip(titles, papers))
        words = sum(len(title.split()) for title in titles)
        print(f"{name:12} F1 {f1 / max(len(papers), 1):.3f}  words {words / max(len(papers), 1):.1f}")
        for index in random.Random(3).sample(range(len(papers)), args.show):
            print(f"    {titles[index]}\n      real: {papers[index]['title']}")
        derived.update((f"{name}/{paper['id']}", title) for paper, title in zip(papers, titles))
    if args.dump:
        args.dump.write_text(json.dumps(derived, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
