"""`papersite generate`: everything the site needs, written into the docs folder as files.

Any builder that reads `mkdocs.yml` then builds the site with no plugin or hook of papersite's:
MkDocs and ProperDocs (with Material), and Zensical, which runs no third-party plugin. What is
written, beside the paper, tag and list pages the plugin writes too (`build.generate_pages`):

    papers.json                   the collection as data (`render_papers_json`)
    papers/facets.js              the papers page's filters (`render.facets`)
    papers/browse*.js             the papers page's list of every paper (`render.browse`)
    search/papersite/             papersite's search index and its manifest (`search_index`)
    index.md                      the home page's overview, between its two markers
    <custom_dir>/                 papersite's templates and scripts, where the project has none
                                  of its own by the same name (`copy_theme`)
    mkdocs.yml                    `site_name: papersite` becomes the list's name, once

The MkDocs plugin makes the same files from the same functions, from memory during its build.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from mkdocs.utils.meta import get_data

from .build import BuildOptions, GenerateResult, generate_pages
from .links import page_url
from .parse import name_inputs
from .progress import Progress
from .render import RenderOptions, render_overview
from .render.browse import write_browse_files
from .render.facets import FACETS_PATH
from .search_index import write_search_index
from .write import is_generated_folder

PAPERS_JSON = "papers.json"  # the collection as data, beside the home page
HOME_PAGE = "index.md"
OVERVIEW_MARKER = "<!-- papersite:overview -->"
OVERVIEW_END = "<!-- /papersite:overview -->"
"""Ends the overview `papersite generate` writes into the home page (the plugin fills it anew)."""
LIST_NAMED_SITE = "papersite"
"""A `site_name` papersite replaces by the collection's name (the shipped `mkdocs.yml`'s)."""
THEME_RECORD = ".papersite-theme.json"
"""In a project's custom_dir: the theme files papersite copied there, by their content's hash."""
BUILDER_NOTES = (
    "under Zensical the search box in the header searches the hand-written pages only (its "
    "own search; papersite's is on the Search page, papers/search/), and `zensical serve` does "
    "not regenerate when a list changes: run `papersite generate` again",
)
_SITE_NAME_LINE = re.compile(r"^site_name:[ \t]*papersite[ \t]*$", re.M)


@dataclass(frozen=True)
class ProjectSettings:
    """What `papersite generate` reads of a project's `mkdocs.yml`."""

    options: BuildOptions
    """What to read, as the plugin's options in `mkdocs.yml` say (or the command line)."""
    docs_dir: Path
    offline: bool
    """Whether the offline plugin is on: the search index is then a set of scripts."""
    site_name: str
    custom_dir: Path | None
    config_files: tuple[Path, ...]
    """The configuration file and the files it inherits from (`INHERIT`), nearest first."""


def read_project(config_file: Path, inputs: list[Path] | None = None,
                 docs_dir: Path | None = None) -> ProjectSettings:
    """Read the papersite plugin's options, docs_dir, URL style, offline plugin, site name and
    custom_dir of `config_file`, paths resolved against its folder; `inputs` and `docs_dir`,
    when given, replace the configured ones."""
    from mkdocs.utils.yaml import yaml_load

    with config_file.open(encoding="utf-8") as file:
        settings = yaml_load(file) or {}
    base = config_file.resolve().parent
    plugins = _plugin_settings(settings.get("plugins") or [])
    papersite = plugins.get("papersite") or {}
    vocabulary = papersite.get("vocabulary")
    permalinks = papersite.get("permalinks", "permalinks.json")
    options = BuildOptions(
        inputs=tuple(inputs) if inputs else tuple(base / path for path in
                                                  papersite.get("inputs", ["abstracts"])),
        vocabulary=base / vocabulary if vocabulary else None,
        encoding=papersite.get("encoding", "utf-8"),
        keep_going=bool(papersite.get("keep_going", False)),
        permalinks=base / permalinks if permalinks else None,
        directory_urls=bool(settings.get("use_directory_urls", True)))
    offline = next((plugins[name] for name in ("offline", "material/offline") if name in plugins),
                   None)
    custom_dir = (settings.get("theme") or {}).get("custom_dir")
    return ProjectSettings(
        options=options, docs_dir=docs_dir or base / settings.get("docs_dir", "docs"),
        offline=offline is not None and offline.get("enabled", True) is not False,
        site_name=str(settings.get("site_name", "")),
        custom_dir=base / custom_dir if custom_dir else None,
        config_files=_inherited(config_file))


def generate_files(project: ProjectSettings, progress: Progress) -> GenerateResult:
    """Generate the pages and the site's assets into the docs folder; copy the theme; name the
    site after the list. Return what the generator made (its work finished)."""
    docs = project.docs_dir
    result = generate_pages(project.options, docs, progress)
    try:
        result.finish_writing()
        write_assets(result, docs, project.options.directory_urls, project.offline)
    finally:
        result.close()
    if project.custom_dir is not None:
        copy_theme(project.custom_dir)
    if project.site_name == LIST_NAMED_SITE:
        name = name_inputs(list(project.options.inputs), project.options.encoding)
        if name:
            name_site(project.config_files, name)
    return result


def write_assets(result: GenerateResult, docs: Path, directory_urls: bool, offline: bool) -> None:
    """Write papers.json, the filters' and the papers list's data, the search index and the home
    page's overview."""
    (docs / PAPERS_JSON).write_text(result.papers_json.result(), encoding="utf-8")
    (docs / FACETS_PATH).write_text(result.facets.result(), encoding="utf-8")
    write_browse_files(docs, result.browse.result())
    write_search_index(docs / "search", result.indexing.result(),
                       _hand_written_docs(docs, directory_urls), offline)
    home = docs / HOME_PAGE
    if home.is_file():
        text = home.read_text(encoding="utf-8")
        overview = render_overview(result.collection, HOME_PAGE,
                                   RenderOptions(directory_urls=directory_urls))
        filled = fill_overview(text, overview, keep_markers=True)
        if filled != text:
            home.write_text(filled, encoding="utf-8")


def fill_overview(markdown: str, overview: str, keep_markers: bool = False) -> str:
    """Put the overview at the home page's marker, in place of one filled in before; with
    `keep_markers`, between the marker and its end, so that it can be filled again."""
    start = markdown.find(OVERVIEW_MARKER)
    if start < 0:
        return markdown
    end = markdown.find(OVERVIEW_END, start)
    end = end + len(OVERVIEW_END) if end >= 0 else start + len(OVERVIEW_MARKER)
    filled = f"{OVERVIEW_MARKER}\n{overview}\n{OVERVIEW_END}" if keep_markers else overview
    return markdown[:start] + filled + markdown[end:]


def copy_theme(custom_dir: Path) -> list[str]:
    """Copy papersite's templates and scripts into a project's `custom_dir`, where builders
    without papersite's plugin find them; a file the project has of its own is kept (a copy of
    papersite's is recognised by its hash in `THEME_RECORD`). Return the files copied."""
    theme = _theme_folder()
    if custom_dir.resolve() == theme:  # this repository: its custom_dir is the theme
        return []
    record_path = custom_dir / THEME_RECORD
    record = json.loads(record_path.read_text(encoding="utf-8")) if record_path.is_file() else {}
    copied = []
    for source in sorted(theme.rglob("*")):
        relative = source.relative_to(theme).as_posix()
        if not source.is_file() or source.suffix in {".py", ".pyc"} or "__pycache__" in relative:
            continue
        target = custom_dir / relative
        if target.is_file() and record.get(relative) != _file_hash(target):
            if _file_hash(target) != _file_hash(source):
                print(f"papersite: kept {target}, the project's own (papersite's differs)",
                      file=sys.stderr)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        record[relative] = _file_hash(target)
        copied.append(relative)
    custom_dir.mkdir(parents=True, exist_ok=True)
    record_path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return copied


def name_site(config_files: tuple[Path, ...], name: str) -> Path | None:
    """Write the list's name over the placeholder `site_name: papersite` in the file that has it
    (the configuration, or one it inherits from); return that file."""
    # Material writes the site's name into pages as HTML: a name from an input file is text.
    value = json.dumps(html.escape(name), ensure_ascii=False)
    for path in config_files:
        text = path.read_text(encoding="utf-8")
        if _SITE_NAME_LINE.search(text):
            path.write_text(_SITE_NAME_LINE.sub(f"site_name: {value}", text, count=1),
                            encoding="utf-8")
            print(f"papersite: named the site {value} in {path} (site_name)", file=sys.stderr)
            return path
    return None


def _hand_written_docs(docs: Path, directory_urls: bool) -> list[dict]:
    """Return the hand-written pages as search entries (title and Markdown text), as Material's
    search would list them: papersite's search then finds them under any builder."""
    entries = []
    for path in sorted(docs.rglob("*.md")):
        relative = path.relative_to(docs)
        top = docs / relative.parts[0]
        if relative.parts[0].startswith(".") or top.is_dir() and is_generated_folder(top):
            continue
        body, meta = get_data(path.read_text(encoding="utf-8"))
        if (meta.get("search") or {}).get("exclude"):
            continue
        heading = re.search(r"^#\s+(.+)$", body, re.M)
        title = meta.get("title")
        body = fill_overview(body, "")
        entries.append({"location": page_url(relative.as_posix(), directory_urls),
                        "title": str(title or (heading.group(1) if heading else relative.stem)),
                        "text": body})
    return entries


def _plugin_settings(plugins: list | dict) -> dict[str, dict]:
    """Return each listed plugin's options by its name (`mkdocs.yml` lists them either way)."""
    if isinstance(plugins, dict):
        return {name: options or {} for name, options in plugins.items()}
    settings: dict[str, dict] = {}
    for entry in plugins:
        if isinstance(entry, str):
            settings[entry] = {}
        elif isinstance(entry, dict):
            settings.update({name: options or {} for name, options in entry.items()})
    return settings


def _inherited(config_file: Path) -> tuple[Path, ...]:
    """Return the configuration file and those it inherits from, nearest first."""
    files = [config_file]
    while len(files) < 10:
        match = re.search(r"^INHERIT:\s*(\S+)", files[-1].read_text(encoding="utf-8"), re.M)
        if not match:
            break
        files.append((files[-1].parent / match.group(1).strip("'\"")).resolve())
    return tuple(files)


def _theme_folder() -> Path:
    import importlib

    theme = importlib.import_module("papersite.theme")
    return Path(theme.__file__ or "").resolve().parent


def _file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
