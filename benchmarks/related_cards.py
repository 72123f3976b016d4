"""Blind judging of related-paper cards: are they worth a click?

    python -m benchmarks.related_cards SITE [SITE ...] --sheet SHEET.md --key KEY.jsonl
    python -m benchmarks.related_cards SITE [SITE ...] --key KEY.jsonl --grades GRADES.jsonl

The first form draws, from each built site's `papers.json` (sites of the same list, e.g. before
and after a change), `--cards` papers at random among those with a related list and one card of
each at random, and adds `--controls` cards that are other papers drawn at random: a reader who
finds those worth a click is too lenient. The sheet, shuffled, shows each paper's abstract and
the card as a reader sees it (the related paper's title and gist, and the reasons the paper
page gives for the link), nothing else; the key (committed, `benchmarks/data/`) records which
site, paper and card each numbered line is. A fresh reader grades each line `yes` (worth a click
for someone reading this paper) or `no`, one JSON object a line: {"line": 1, "grade": "yes"}.
The second form joins the grades to the key and prints, for each site and the controls, how
many cards were worth a click.

With `--truth` (the real titles of the list, in list order: `real_corpus`'s `.truth.jsonl`) each
drawn card is also shown with the related paper's real title in place of the derived one, all
else the same: how much of a "no" is the derived title's. The cards are then split over
`--readers` sheets (`SHEET-1.md`, ...) so that no reader sees one card twice.

Sheets hold abstracts of the shared lists: keep them out of the repository (`.judging/`).
"""

from __future__ import annotations

import argparse
import html
import json
import random
import re
from pathlib import Path

from benchmarks.corpus import PART_SIZE
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
    parser.add_argument("--truth", type=Path, help="real titles, in list order: add a twin of "
                        "each card with its real title")
    parser.add_argument("--readers", type=int, default=2, help="sheets to split twins over")
    args = parser.parse_args()
    sites = {str(site): _papers(site) for site in args.sites}
    if args.sheet:
        real_titles = _real_titles(next(iter(sites.values())), args.truth) if args.truth else None
        write_sheet(sites, args.sheet, args.key, args.cards, args.controls, random.Random(args.seed),
                    real_titles, args.readers if args.truth else 1)
    if args.grades:
        print(score(sites, args.key, args.grades))


def write_sheet(sites: dict[str, dict[str, dict]], sheet: Path, key: Path, cards: int,
                controls: int, rng: random.Random, real_titles: dict[str, str] | None = None,
                readers: int = 1) -> None:
    """Draw `cards` (paper, card) pairs of each site and `controls` random pairs, write both;
    with `real_titles`, each drawn card twice, the twins on different readers' sheets."""
    drawn = []
    for site, papers in sites.items():
        with_cards = sorted(paper_id for paper_id, paper in papers.items() if paper.get("related"))
        for paper_id in rng.sample(with_cards, cards):
            card_id = rng.choice(papers[paper_id]["related"])
            drawn.append((site, paper_id, card_id, "derived"))
            if real_titles is not None:
                drawn.append((f"{site} real title", paper_id, card_id, "real"))
    papers = next(iter(sites.values()))
    drawn += [("control", *rng.sample(sorted(papers), 2), "derived") for _ in range(controls)]
    # Each reader gets as many derived as real titles, and never both twins of one card.
    by_reader: list[list[tuple[str, str, str, str]]] = [[] for _ in range(readers)]
    twins = 2 if real_titles is not None else 1
    for number, entry in enumerate(drawn):
        pair, twin = divmod(number, twins)
        by_reader[(pair + twin) % readers].append(entry)
    keys, line = [], 0
    for reader, lines_drawn in enumerate(by_reader, 1):
        rng.shuffle(lines_drawn)
        lines = ["# Related-paper cards\n"]
        for site, paper_id, card_id, title in lines_drawn:
            line += 1
            card = papers[card_id]
            shown = real_titles[card_id] if title == "real" else card["title"]
            reasons = _reasons(sites[site.removesuffix(" real title")] if site != "control" else {},
                               paper_id, card_id)
            why = f"\n\nShared: {' · '.join(reasons)}" if reasons else ""
            lines.append(f"## Line {line}\n\nPaper's abstract: {papers[paper_id]['abstract']}\n\n"
                         f"Card: **{shown}**: {card['gist']}{why}\n")
            # A real title is the shared data's: the key, which is committed, names the card only.
            named = {"card_title": shown} if title == "derived" else {}
            keys.append({"line": line, "site": site, "paper": paper_id, "card": card_id,
                         **named, "reader": reader})
        path = sheet if readers == 1 else sheet.with_name(f"{sheet.stem}-{reader}{sheet.suffix}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines), encoding="utf-8")
        print(f"{len(lines_drawn)} cards: sheet {path}")
    key.write_text("".join(json.dumps(entry) + "\n" for entry in keys), encoding="utf-8")
    print(f"key {key}")


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
    papers = {paper["id"]: paper for paper in
              json.loads((site / "papers.json").read_text(encoding="utf-8"))}
    for paper in papers.values():
        paper["site"] = site
    return papers


_CARD = re.compile(r'<li[^>]*><a href="[^"]*">.*?</a>.*?(?:<span class="ps-why">(.*?)</span></li>|</li>)',
                   re.DOTALL)


def _reasons(papers: dict[str, dict], paper_id: str, card_id: str) -> list[str]:
    """Return the reasons the paper's page gives beside the card (none for a control)."""
    paper = papers.get(paper_id)
    if paper is None or card_id not in paper.get("related", []):
        return []
    page = (paper["site"] / paper["url"] / "index.html").read_text(encoding="utf-8")
    cards = page.split('<ol class="ps-cards">', 1)[1].split("</ol>", 1)[0]
    why = _CARD.findall(cards)[paper["related"].index(card_id)]
    return [html.unescape(reason) for reason in re.findall(r"<span>(.*?)</span>", why)]


def _real_titles(papers: dict[str, dict], truth: Path) -> dict[str, str]:
    """Return each paper's real title, by the place of its abstract in the list's parts
    (`real_corpus` writes parts of PART_SIZE abstracts, in the order of its truth file)."""
    titles = [entry["title"] for entry in read_jsonl(truth)]
    real = {}
    for paper_id, paper in papers.items():
        source = paper["sources"][0]
        real[paper_id] = titles[int(source["file"][:3]) * PART_SIZE + source["position"] - 1]
    return real


if __name__ == "__main__":
    main()
