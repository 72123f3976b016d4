"""Benchmark the whole build against a plain MkDocs build of the same abstracts.

    python -m benchmarks.build                  # ICLR 2024 (real), 5,000 and 30,000
    python -m benchmarks.build --sizes 5000     # one corpus

For each corpus it prints the wall time of every stage (parse, titles, tags, related, mentions,
render, write, MkDocs), peak memory, site size, search-index size, and the ratio of our whole
build to a baseline run in the same process: `mkdocs build` of the same abstracts as simple
Markdown pages (title and tags in front matter, abstract as text) with the same theme and plugins.
Then it measures incremental runs: unchanged input, and one abstract edited. Where Zensical is
installed (`pip install -e '.[test]'`), it also builds the same abstracts as a project from
`papersite new` would: `papersite generate`, then `zensical build`, timed together.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.corpus import ICLR_PATH, make_corpus, read_list_file, write_list_parts

ROOT = Path(__file__).resolve().parents[1]
ICLR_TXT = ICLR_PATH.with_suffix(".txt")
BIN = Path(sys.executable).parent
# Stages a worker process runs while MkDocs builds: they take no wall time of their own.
BESIDE_MKDOCS = ("write",)
# Plugins --plugin can add to both builds, as `mkdocs.yml` lists them.
PLUGINS = {"minify": "  - minify:\n      minify_html: true\n"}
_DELETED_STAMP = ".deleted"
_RECENT_DELETION = 300
_STAGE_LINE = re.compile(r"^papersite: ([a-z, ]+?)(?::.*)? \((\d+\.\d+) s\)$")


@dataclass
class Run:
    """One timed command."""

    wall: float
    peak_mb: float
    stages: dict[str, float] = field(default_factory=dict)

    @property
    def mkdocs(self) -> float:
        """Wall time not in a stage of the generator's own; the write runs beside MkDocs."""
        return self.wall - sum(seconds for name, seconds in self.stages.items()
                               if name not in BESIDE_MKDOCS)


def main() -> None:
    """Prepare the corpora, run both builds on each, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--sizes", default="iclr,5000,30000", help="comma-separated: iclr and/or counts")
    parser.add_argument("--work", default="/tmp/papersite-bench", help="scratch folder")
    parser.add_argument("--no-baseline", action="store_true", help="skip the plain MkDocs build")
    parser.add_argument("--no-zensical", action="store_true", help="skip the Zensical build")
    parser.add_argument("--plugin", action="append", default=[], choices=sorted(PLUGINS),
                        help="also enable this MkDocs plugin, in both builds (repeatable)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="cold builds of each kind, alternating, and edits; medians are compared")
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    _settle(work)
    trash = Path(tempfile.mkdtemp(prefix=".trash-", dir=work))
    try:
        _run(args, work, trash)
    finally:
        shutil.rmtree(trash, ignore_errors=True)
        (work / _DELETED_STAMP).touch()


def _settle(work: Path) -> None:
    """Wait until the files an earlier run deleted no longer slow the making of new ones.

    On this machine's ext4 (no journal) a new file skips the inodes freed in the last
    `_RECENT_DELETION` seconds, reading each one's deletion time: right after the 18,000 files
    of a build's site and cache were deleted, a cold build at 5,000 papers took 21.6 s, 10.5 s
    of it in the kernel, and 15.7 s (3.1 s) four minutes later (2026-12-02); the plain MkDocs
    build, which makes about half as many files, loses less. Deletions by other work on the
    machine are not seen here."""
    stamp = work / _DELETED_STAMP
    waited = _RECENT_DELETION - (time.time() - stamp.stat().st_mtime) if stamp.exists() else 0
    if waited > 0:
        print(f"waiting {waited:.0f} s: the last run's deleted files would slow this one's")
        time.sleep(waited)


def _run(args: argparse.Namespace, work: Path, trash: Path) -> None:
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}; {time.strftime('%Y-%m-%d')}")
    for size in args.sizes.split(","):
        abstracts = _corpus(size)
        if abstracts is None:
            print(f"\n== {size}: skipped ({ICLR_TXT} is absent)")
            continue
        folder = work / size
        _set_aside([folder], trash)
        inputs = folder / "input"
        write_list_parts(abstracts, inputs, name="ICLR 2024 paper list" if size == "iclr" else
                         "Synthetic 2026 paper list")
        print(f"\n== {size}: {len(abstracts):,} abstracts in {len(list(inputs.iterdir()))} list parts")
        if size != "iclr" and not ICLR_PATH.is_file():  # a different corpus: say so
            print(f"   (made from the bundled abstracts: {ICLR_PATH} is absent)")
        # On a shared machine one run can be seconds off: alternate the two builds, take medians.
        ours_runs, baseline_runs = [], []
        for _ in range(args.repeat):
            _forget(folder, trash)
            ours_runs.append(_ours(inputs, folder, args.plugin))
            if not args.no_baseline:
                _set_aside([folder / "baseline"], trash)
                baseline_runs.append(_baseline(abstracts, folder / "baseline", args.plugin))
        ours = _median(ours_runs)
        _print_ours(ours, folder / "site", len(abstracts), ours_runs)
        if baseline_runs:
            baseline = _median(baseline_runs)
            print(f"   baseline plain mkdocs build: {baseline.wall:.1f} s{_all_walls(baseline_runs)}, "
                  f"peak {baseline.peak_mb:.0f} MB, site {_size_mb(folder / 'baseline' / 'site'):.0f} MB, "
                  f"search index "
                  f"{_file_mb(folder / 'baseline' / 'site' / 'search' / 'search_index.json'):.1f} MB")
            print(f"   ratio ours / baseline: {ours.wall / baseline.wall:.2f}")
        if importlib.util.find_spec("zensical") is not None and not args.no_zensical:
            zensical = _median([_zensical(inputs, folder / "zensical", trash)
                                for _ in range(args.repeat)])
            print(f"   papersite generate + zensical build: {zensical.wall:.1f} s "
                  f"(generate {zensical.stages['generate']:.1f}), peak {zensical.peak_mb:.0f} MB, "
                  f"site {_size_mb(folder / 'zensical' / 'site'):.0f} MB"
                  + (f"; ratio to plain MkDocs {zensical.wall / baseline.wall:.2f}"
                     if baseline_runs else ""))
        _incremental(inputs, folder, ours, args.repeat, args.plugin)


def _corpus(size: str) -> list[str] | None:
    if size == "iclr":
        if not ICLR_TXT.exists():
            return None
        return read_list_file(ICLR_TXT)
    return make_corpus(int(size))


def _forget(folder: Path, trash: Path) -> None:
    """Make the next build cold: no cache, and no earlier site to recycle pages from."""
    _set_aside([folder / "cache", folder / "site", *folder.glob(".site.papersite-*")], trash)


def _set_aside(paths: list[Path], trash: Path) -> None:
    """Move earlier outputs into `trash`, deleted once every build is timed.

    On this machine's ext4 (no journal), making a file skips the inodes deleted in the last five
    minutes: right after 10,000 files were deleted, making 5,000 page folders took 0.56 s
    instead of 0.16 s. Deleting a run's outputs just before the next would time that too."""
    for path in paths:
        if path.exists():
            path.rename(trash / f"{len(list(trash.iterdir()))}-{path.name}")


def _ours(inputs: Path, folder: Path, plugins: list[str] = ()) -> Run:
    env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache"), "NO_MKDOCS_2_WARNING": "1",
           "DISABLE_MKDOCS_2_WARNING": "true"}
    config = []
    if plugins:  # the shipped configuration, with the plugins listed after papersite
        text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8") \
            .replace("docs_dir: site_src", f"docs_dir: {ROOT / 'site_src'}") \
            .replace("custom_dir: theme_overrides", f"custom_dir: {ROOT / 'theme_overrides'}")
        listed = re.search(r"  - papersite:\n      inputs: [^\n]*\n", text)
        assert listed, "the shipped mkdocs.yml lists papersite with its inputs"
        path = folder / "mkdocs-plugins.yml"
        path.write_text(text[:listed.end()] + "".join(PLUGINS[name] for name in plugins) +
                        text[listed.end():], encoding="utf-8")
        config = ["--config", str(path)]
    return _timed([str(BIN / "papersite"), "build", str(inputs), "--site-dir", str(folder / "site"),
                   *config], env, cwd=ROOT)


def _median(runs: list[Run]) -> Run:
    return sorted(runs, key=lambda run: run.wall)[len(runs) // 2]


def _all_walls(runs: list[Run]) -> str:
    return f" (median of {', '.join(f'{run.wall:.1f}' for run in runs)})" if len(runs) > 1 else ""


def _print_ours(run: Run, site: Path, papers: int, runs: list[Run]) -> None:
    # papersite's index is sharded under search/papersite/ beside Material's small manifest.
    index_bytes = _size_mb(site / "search") * 1e6
    print(f"   papersite build: {run.wall:.1f} s{_all_walls(runs)}, peak {run.peak_mb:.0f} MB")
    print(f"     stages (s): {_stage_list(run)}, mkdocs and search index {run.mkdocs:.1f}")
    print(f"     site {_size_mb(site):.0f} MB; search index {index_bytes / 1e6:.1f} MB "
          f"({index_bytes / papers:,.0f} bytes a paper); papers page "
          f"{_file_mb(site / 'papers' / 'index.html'):.2f} MB; topic map "
          f"{_file_mb(site / 'tags' / 'topic-map' / 'index.html'):.2f} MB")


def _stage_list(run: Run) -> str:
    return ", ".join(f"{name}{' (beside MkDocs)' if name in BESIDE_MKDOCS else ''} {seconds:.1f}"
                     for name, seconds in run.stages.items())


def _incremental(inputs: Path, folder: Path, cold: Run, edits: int,
                 plugins: list[str] = ()) -> None:
    docs = next(path for path in (folder / "cache" / "papersite").glob("docs-*") if path.is_dir())
    pages = list((docs / "papers").glob("*.md"))
    stamps = {page: page.stat().st_mtime_ns for page in pages}
    again = _ours(inputs, folder, plugins)
    rewritten = sum(page.stat().st_mtime_ns != stamps[page] for page in pages if page.exists())
    generator = sum(again.stages.values())
    print(f"   unchanged rerun: {again.wall:.1f} s (generator stages {generator:.2f} s), "
          f"{rewritten} paper pages rewritten")
    runs, changed = [], []
    for part in sorted(inputs.iterdir())[:edits]:  # one abstract of another list part each time
        text = part.read_text(encoding="utf-8")
        head, _, rest = text.partition("\n\n")
        part.write_text(head + "\n\n" + rest.replace(".", ". Indeed, this changed.", 1),
                        encoding="utf-8")
        stamps = {page: page.stat().st_mtime_ns for page in (docs / "papers").glob("*.md")}
        runs.append(_ours(inputs, folder, plugins))
        changed.append(sum(1 for page in (docs / "papers").glob("*.md")
                           if stamps.get(page) != page.stat().st_mtime_ns))
    edited = _median(runs)
    print(f"   one abstract edited: {edited.wall:.1f} s{_all_walls(runs)} "
          f"({edited.wall / cold.wall:.2f} of the cold build), "
          f"{', '.join(map(str, changed))} paper pages rewritten")
    print(f"     stages (s): {_stage_list(edited)}, mkdocs and search index {edited.mkdocs:.1f}")


def _baseline(abstracts: list[str], folder: Path, plugins: list[str] = ()) -> Run:
    """A plain MkDocs site of the same abstracts, with the same theme and plugins."""
    docs = folder / "docs" / "papers"
    docs.mkdir(parents=True)
    for number, abstract in enumerate(abstracts):
        words = abstract.split()
        title = " ".join(words[:10]).replace('"', "'")
        tags = sorted({w.strip(".,;:()").lower() for w in words if len(w) > 9})[:3]
        (docs / f"paper-{number:05d}.md").write_text(
            f'---\ntitle: "{title}"\ntags: {tags}\n---\n\n# {title}\n\n{abstract}\n', encoding="utf-8")
    (folder / "docs" / "index.md").write_text("# Papers\n\n<!-- material/tags -->\n", encoding="utf-8")
    (folder / "mkdocs.yml").write_text(
        "site_name: baseline\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n  - tags\n"
        + "".join(PLUGINS[name] for name in plugins) +
        "nav:\n  - Home: index.md\nnot_in_nav: |\n  /papers/\n", encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    return _timed([str(BIN / "mkdocs"), "build", "-q", "-f", str(folder / "mkdocs.yml")], env, cwd=folder)


def _zensical(inputs: Path, project: Path, trash: Path) -> Run:
    """A cold build of a `papersite new` project under Zensical: generate, then build.

    Zensical runs no plugin of papersite's, so the two commands are the whole build; the run's
    wall time is their sum and its peak the larger of the two."""
    _set_aside([project], trash)
    env = {**os.environ, "XDG_CACHE_HOME": str(project / "cache"), "PAPERSITE_QUIET": "1"}
    subprocess.run([str(BIN / "papersite"), "new", str(project)], env=env, check=True,
                   capture_output=True)
    generate = _timed([str(BIN / "papersite"), "generate", str(inputs), "--quiet"], env, cwd=project)
    build = _timed([sys.executable, "-m", "zensical", "build", "-f", "mkdocs.yml"], env, cwd=project)
    return Run(wall=generate.wall + build.wall, peak_mb=max(generate.peak_mb, build.peak_mb),
               stages={"generate": generate.wall})


def _timed(command: list[str], env: dict, cwd: Path) -> Run:
    timing = ["/usr/bin/time", "-f", "@@ %e %M"]
    result = subprocess.run(timing + command, env=env, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{result.stderr[-3000:]}")
    stages: dict[str, float] = {}
    wall = peak = 0.0
    for line in result.stderr.splitlines():
        if line.startswith("@@ "):
            _, seconds, kilobytes = line.split()
            wall, peak = float(seconds), int(kilobytes) / 1024
        elif match := _STAGE_LINE.match(line):
            stages[match.group(1)] = stages.get(match.group(1), 0.0) + float(match.group(2))
    return Run(wall=wall, peak_mb=peak, stages=stages)


def _size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def _file_mb(path: Path) -> float:
    return path.stat().st_size / 1e6 if path.exists() else 0.0


if __name__ == "__main__":
    main()
