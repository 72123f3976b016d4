"""MkDocs hook: regenerate the pages from the abstract lists at the start of every build.

Declared in `mkdocs.yml` (`hooks:`), so plain `mkdocs build`, `mkdocs serve` and
`mkdocs gh-deploy` need no command before them. Settings live under `extra.papersite`:

    extra:
      papersite:
        inputs: [abstracts]          # files or folders, relative to mkdocs.yml
        vocabulary: my-tags.yml      # optional: extends the shipped taxonomy
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from generator.build import BuildOptions, generate_pages
from generator.errors import GeneratorError
from generator.model import Collection
from generator.progress import Progress
from generator.render import RenderOptions, paper_records, render_overview
from generator.search_index import add_to_search_index, paper_search_entries

OVERVIEW_MARKER = "<!-- papersite:overview -->"
DEFAULT_INPUTS = ("abstracts",)

_options: BuildOptions | None = None
_collection: Collection | None = None


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read papersite's settings, resolving paths against the folder of `mkdocs.yml`."""
    global _options
    settings = config.extra.get("papersite") or {}
    base = Path(config.config_file_path or ".").resolve().parent
    inputs = settings.get("inputs") or list(DEFAULT_INPUTS)
    vocabulary = settings.get("vocabulary")
    _options = BuildOptions(
        inputs=tuple(base / Path(str(path)) for path in inputs),
        vocabulary=base / vocabulary if vocabulary else None,
        encoding=settings.get("encoding", "utf-8"),
        keep_going=bool(settings.get("keep_going", False)),
        directory_urls=config.use_directory_urls,
    )
    return config


def on_pre_build(config: MkDocsConfig) -> None:
    """Generate the pages before MkDocs collects the files of `docs_dir`."""
    global _collection
    assert _options is not None
    quiet = os.environ.get("PAPERSITE_QUIET") == "1"
    try:
        result = generate_pages(_options, Path(config.docs_dir), Progress(quiet=quiet))
    except GeneratorError as error:
        raise PluginError(f"papersite: {error}") from None
    _collection = result.collection
    # Printed rather than logged as warnings: skipping was asked for, and --strict must not fail.
    for problem in result.skipped:
        print(f"papersite: skipped {problem}", file=sys.stderr)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Publish the collection as data at the site root."""
    assert _collection is not None
    records = paper_records(_collection, config.use_directory_urls)
    content = json.dumps(records, ensure_ascii=False, separators=(",", ":"))
    files.append(File.generated(config, "papers.json", content=content))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Fill the home page's overview marker with the collection's summary."""
    if OVERVIEW_MARKER not in markdown or _collection is None:
        return markdown
    options = RenderOptions(directory_urls=config.use_directory_urls)
    overview = render_overview(_collection, page.file.src_uri, options)
    return markdown.replace(OVERVIEW_MARKER, overview)


@event_priority(-50)  # after Material's search plugin writes its index, before offline inlines it
def on_post_build(config: MkDocsConfig) -> None:
    """Add the papers' lean entries to the search index."""
    assert _collection is not None
    entries = paper_search_entries(_collection, config.use_directory_urls)
    add_to_search_index(Path(config.site_dir), entries)


def on_serve(server, config: MkDocsConfig, builder) -> None:
    """Rebuild when an input list changes, not only when a page in `docs_dir` does."""
    assert _options is not None
    for path in _options.inputs:
        if path.exists():
            server.watch(str(path))
