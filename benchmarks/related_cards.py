"""Blind judging of related-paper cards: are they worth a click?

    python -m benchmarks.related_cards SITE [SITE ...] --sheet SHEET.md --key KEY.jsonl
    python -m benchmarks.related_cards SITE [SITE ...] --key KEY.jsonl --grades GRADES.jsonl

The first form draws, from each built site's `papers.json` (sites of the same list, e.g. before
and after a change), `--cards` papers at random among those with a related list and one card of
each at random, and adds `--controls` cards that are other papers drawn at random: a reader who
finds those worth a click is too lenient. The sheet, shuffled, shows each paper's abstract and
the card as a reader sees it (the related paper's title and gist), nothing else; the key
(committed, `benchmarks/data/`) records which site, paper and card each numbered line is. A
fresh reader grades each line `yes` (worth a click for someone reading this paper) or `no`, one
JSON object a line: {"line": 1, "grade": "yes"}. The second form joins the grades to the key and
prints, for each site and the controls, how many cards were worth a click.

Sheets hold abstracts of the shared lists: keep them out of the repository (`.judging/`).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from benchmarks.titles import read_jsonl


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("sites", type=Path, nargs="+", help="built sites of one list (papers.json)")
    parser.add_argument("--key", type=Path, required=True)
    parser.add_argument("--sheet", type=Path, help="write a new sheet and its key")
    parser.add_argument("--grades", type=Path, help="score these grades against the key")
    parser.add_argument("--cards", type=int, default=50)
    parser.add_argument("--controls", type=int, default=10)
    parser.add_argument("--seed", type=int, default=43)
    args = parser.parse_args()
    sites = {str(site): _papers(site) for site in args.sites}
    if args.sheet:
        write_sheet(sites, args.sheet, args.key, args.cards, args.controls, random.Random(args.seed))
    if args.grades:
        print(score(sites, args.key, args.grades))


def write_sheet(sites: dict[str, dict[str, dict]], sheet: Path, key: Path, cards: int,
                controls: int, rng: random.Random) -> None:
    """Draw `cards` (paper, card) pairs of each site and `controls` random pairs, write both."""
    drawn = []
    for site, papers in sites.items():
        with_cards = sorted(paper_id for paper_id, paper in papers.items() if paper.get("related"))
        drawn += [(site, paper_id, rng.choice(papers[paper_id]["related"]))
                  for paper_id in rng.sample(with_cards, cards)]
    papers = next(iter(sites.values()))
    drawn += [("control", *rng.sample(sorted(papers), 2)) for _ in range(controls)]
    rng.shuffle(drawn)
    lines, keys = ["# Related-paper cards\n"], []
    for line, (site, paper_id, card_id) in enumerate(drawn, 1):
        card = papers[card_id]
        lines.append(f"## Line {line}\n\nPaper's abstract: {papers[paper_id]['abstract']}\n\n"
                     f"Card: **{card['title']}**: {card['gist']}\n")
        keys.append({"line": line, "site": site, "paper": paper_id, "card": card_id,
                     "card_title": card["title"]})
    sheet.parent.mkdir(parents=True, exist_ok=True)
    sheet.write_text("\n".join(lines), encoding="utf-8")
    key.write_text("".join(json.dumps(entry) + "\n" for entry in keys), encoding="utf-8")
    print(f"{len(keys)} cards: sheet {sheet}, key {key}")


def score(sites: dict[str, dict[str, dict]], key: Path, grades: Path) -> str:
    """For each site of the key and the controls: graded cards worth a click; for each site
    given now, the same over the graded cards it still shows."""
    keys = {entry["line"]: entry for entry in read_jsonl(key)}
    graded = [(keys[grade["line"]], grade["grade"] == "yes") for grade in read_jsonl(grades)]
    report = []
    for source in dict.fromkeys(entry["site"] for entry, _ in graded):
        yes = [worth for entry, worth in graded if entry["site"] == source]
        report.append(f"{source}: {sum(yes)} of {len(yes)} worth a click")
    for site, papers in sites.items():
        shown = [worth for entry, worth in graded
                 if entry["card"] in papers.get(entry["paper"], {}).get("related", [])]
        report.append(f"cards {site} shows now: {sum(shown)} of {len(shown)}")
    return "\n".join(report)


def _papers(site: Path) -> dict[str, dict]:
    return {paper["id"]: paper for paper in
            json.loads((site / "papers.json").read_text(encoding="utf-8"))}


if __name__ == "__main__":
    main()
