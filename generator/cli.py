"""Command line: `papersite build [INPUTS...]` generates the pages and builds the site;
`papersite generate [INPUTS...]` writes them (and every asset) into the docs folder, for any
builder; `papersite new DIR` writes a project."""

from __future__ import annotations

import argparse
import hashlib
import html
import logging
import os
import shutil
import sys
from dataclasses import replace
from pathlib import Path

from .cache import cache_folder
from .errors import GeneratorError
from .project import default_config, installed_version, new_project
from .site_folder import build_beside
from .write import MARKER, is_generated_folder

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2
DEFAULT_CONFIG = "mkdocs.yml"


def run() -> None:
    """The `papersite` command: run `main`, then exit at once."""
    code = main()
    # A build leaves hundreds of megabytes of objects, and freeing them one by one at exit took
    # 0.6 s at 5,000 papers. Every file is written and closed and every worker joined by now.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    args = _parser().parse_args(argv)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    if getattr(args, "quiet", False):
        os.environ["PAPERSITE_QUIET"] = "1"
    try:
        if args.command == "new":
            return new_site(args)
        if args.command == "generate":
            return generate_site_files(args)
        return build_site(args)
    except GeneratorError as error:
        if getattr(args, "verbose", False):
            raise
        print(f"papersite: {error}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("papersite: interrupted; the previous pages and site are intact", file=sys.stderr)
        return 130


def build_site(args: argparse.Namespace) -> int:
    """Generate the pages through the papersite MkDocs plugin and build the site."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    config_file = Path(args.config)
    overrides: dict = {}
    if args.inputs and args.config == DEFAULT_CONFIG and not config_file.is_file():
        # Lists given in a folder with no project: papersite's default one, site/ here.
        config_file = default_config()
        overrides["site_dir"] = str(Path(args.site_dir or "site").resolve())
    if args.offline:  # the offline variant of a config sits beside it: mkdocs-offline.yml
        config_file = config_file.with_name(f"{config_file.stem}-offline{config_file.suffix}")
    if not config_file.is_file():
        raise GeneratorError(f"{config_file}: no such MkDocs configuration file (papersite new "
                             "DIR writes a project; papersite build LIST needs none)")
    if args.site_dir:
        overrides["site_dir"] = str(Path(args.site_dir).resolve())
    if args.site_name:
        # Material writes the site's name into pages as HTML: a name given here is text.
        overrides["site_name"] = html.escape(args.site_name)
    private_docs = None
    if args.inputs or args.site_dir or args.offline:
        # Another list, another site, or file links for reading from disk: build from a private
        # copy of the docs so the bundled pages in the configured docs_dir stay as they are.
        private_docs = _private_docs_dir(config_file, overrides.get("site_dir"))
        overrides["docs_dir"] = str(private_docs)
    config = load_config(str(config_file), **overrides)
    plugin = config.plugins.get("papersite")
    if plugin is None:
        raise GeneratorError(f"{config_file}: the papersite plugin is not in its plugins list")
    settings = plugin.config
    if args.inputs:
        settings.inputs = [str(Path(path).resolve()) for path in args.inputs]
    if args.vocabulary:
        settings.vocabulary = str(Path(args.vocabulary).resolve())
    settings.encoding = args.encoding
    settings.keep_going = args.keep_going
    if private_docs is not None and (args.inputs or args.site_dir):
        # Another list or another site: its URLs are kept beside its private docs, not in the
        # project's map.
        settings.permalinks = str(private_permalinks_path(Path(config.site_dir)))
    site = Path(config.site_dir)
    echo = _LogEcho(logging.DEBUG if args.verbose else logging.WARNING)
    mkdocs_logger = logging.getLogger("mkdocs")
    mkdocs_logger.addHandler(echo)
    try:
        with build_beside(site) as staging:
            config.site_dir = str(staging)
            build(config)
    except MkDocsException as error:
        if args.verbose:
            raise
        if not echo.errors:  # MkDocs' own summary ("Aborted with ...") adds nothing to those
            print(f"papersite: {error}", file=sys.stderr)
        return EXIT_INPUT
    finally:
        config.site_dir = str(site)
        mkdocs_logger.removeHandler(echo)
    if args.offline:
        archive = shutil.make_archive(config.site_dir, "zip", config.site_dir)
        _say(args, f"papersite: offline site in {config.site_dir} and {archive}")
    else:
        _say(args, f"papersite: site built in {config.site_dir}")
    return EXIT_OK


def generate_site_files(args: argparse.Namespace) -> int:
    """Write the pages and every file the site needs into the docs folder (`generate.py`), so
    that MkDocs, ProperDocs or Zensical builds the site without papersite's plugin."""
    from .generate import BUILDER_NOTES, generate_files, read_project
    from .progress import Progress

    config_file = Path(args.config)
    if not config_file.is_file():
        if not (args.inputs and args.docs_dir):
            raise GeneratorError(f"{config_file}: no such MkDocs configuration file (papersite new "
                                 "DIR writes a project; or give LISTS and --docs-dir)")
        config_file = default_config()
    project = read_project(config_file, [Path(path).resolve() for path in args.inputs] or None,
                           Path(args.docs_dir).resolve() if args.docs_dir else None)
    if args.vocabulary or args.encoding or args.keep_going:
        project = replace(project, options=replace(
            project.options, vocabulary=Path(args.vocabulary).resolve() if args.vocabulary
            else project.options.vocabulary, encoding=args.encoding or project.options.encoding,
            keep_going=args.keep_going or project.options.keep_going))
    result = generate_files(project, Progress(quiet=args.quiet))
    for problem in result.skipped:
        print(f"papersite: skipped {problem}", file=sys.stderr)
    for note in BUILDER_NOTES:
        _say(args, f"papersite: warning: {note}")
    _say(args, f"papersite: {len(result.pages):,} pages and the site's data in {project.docs_dir}; "
         f"build with any of: mkdocs build · properdocs build · zensical build -f {config_file.name}")
    return EXIT_OK


def new_site(args: argparse.Namespace) -> int:
    """Write a new project (see `project.new_project`) and say what to do next."""
    folder = Path(args.folder)
    written = new_project(folder, args.site_name or "")
    print(f"papersite: wrote {len(written)} files into {folder}: {', '.join(written)}\n"
          f"Put your lists into {folder / 'abstracts'}, then: cd {folder} && mkdocs serve")
    return EXIT_OK


def _say(args: argparse.Namespace, message: str) -> None:
    if not args.quiet:
        print(message, file=sys.stderr)


class _LogEcho(logging.Handler):
    """Print MkDocs' warnings and errors plainly; papersite's own errors without a prefix."""

    def __init__(self, level: int):
        super().__init__(level)
        self.errors = 0

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.levelno >= logging.ERROR:
            self.errors += 1
        if not message.startswith("papersite:"):
            message = f"{record.levelname}: {message}"
        print(message, file=sys.stderr)


def _private_docs_dir(config_file: Path, site_dir: str | None) -> Path:
    """Return a docs folder of papersite's own, holding a copy of the hand-written pages, for
    the site built into `site_dir` (by default the configuration's)."""
    from mkdocs.utils.yaml import yaml_load

    # Only docs_dir and site_dir are needed: reading the YAML (INHERIT included) spares a second
    # full load (and hook import).
    with config_file.open(encoding="utf-8") as file:
        settings = yaml_load(file) or {}
    base = config_file.resolve().parent
    source = base / settings.get("docs_dir", "docs")
    site = Path(site_dir) if site_dir else base / settings.get("site_dir", "site")
    private = private_docs_path(site)
    private.mkdir(parents=True, exist_ok=True)
    (private / MARKER).write_text("papersite's private copy of the docs; safe to delete\n")
    _copy_hand_written(source, private)
    return private


def private_docs_path(site: Path) -> Path:
    """Return where the private docs of the site built into `site` are kept (in the cache)."""
    key = hashlib.sha256(str(site.resolve()).encode()).hexdigest()[:12]
    return cache_folder() / f"docs-{key}"


def private_permalinks_path(site: Path) -> Path:
    """Return the permalink map kept for a site of another list built into `site`."""
    private = private_docs_path(site)
    return private.with_name(f"{private.name}-permalinks.json")


def _copy_hand_written(source: Path, destination: Path) -> None:
    """Copy what changed of the docs folder, leaving out papersite's generated folders."""
    for path in source.rglob("*"):
        relative = path.relative_to(source)
        top = source / relative.parts[0]
        if top.is_dir() and is_generated_folder(top) or relative.parts[0].startswith("."):
            continue
        target = destination / relative
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif not target.exists() or target.read_bytes() != path.read_bytes():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="papersite", description=__doc__)
    parser.add_argument("--version", action="version", version=f"papersite {installed_version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="generate the pages and build the site")
    build.add_argument("inputs", nargs="*", help="list files or folders (default: from mkdocs.yml)")
    build.add_argument("--site-dir", help="build the site into this folder")
    build.add_argument("--site-name", help="the site's title (default: mkdocs.yml's, or the first "
                       "list's name)")
    build.add_argument("--config", default=DEFAULT_CONFIG,
                       help="MkDocs configuration file (none: papersite's default, for LISTS)")
    build.add_argument("--offline", action="store_true",
                       help="build a site that works opened from disk (site-offline/ and a zip)")
    build.add_argument("--vocabulary", help="your own taxonomy/entity YAML, extending the shipped one")
    build.add_argument("--encoding", default="utf-8", help="encoding of the input files")
    build.add_argument("--keep-going", action="store_true", help="skip bad records, report them")
    build.add_argument("--verbose", action="store_true", help="show tracebacks and debug output")
    build.add_argument("--quiet", action="store_true", help="print errors only")
    generate = commands.add_parser("generate", help="write the pages and every file the site "
                                   "needs into the docs folder, for MkDocs, ProperDocs or Zensical")
    generate.add_argument("inputs", nargs="*", help="list files or folders (default: from mkdocs.yml)")
    generate.add_argument("--docs-dir", help="write into this folder (default: mkdocs.yml's docs_dir)")
    generate.add_argument("--config", default=DEFAULT_CONFIG,
                          help="MkDocs configuration file (mkdocs-offline.yml: for reading from disk)")
    generate.add_argument("--vocabulary", help="your own taxonomy/entity YAML, extending the shipped one")
    generate.add_argument("--encoding", help="encoding of the input files (default: mkdocs.yml's, utf-8)")
    generate.add_argument("--keep-going", action="store_true", help="skip bad records, report them")
    generate.add_argument("--verbose", action="store_true", help="show tracebacks")
    generate.add_argument("--quiet", action="store_true", help="print errors only")
    new = commands.add_parser("new", help="write a project: mkdocs.yml, site_src/, "
                              "theme_overrides/, abstracts/ and the Pages workflow")
    new.add_argument("folder", help="a new or empty folder")
    new.add_argument("--site-name", help="the site's title (default: the abstract list's name)")
    return parser

