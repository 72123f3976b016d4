"""The papersite MkDocs plugin: regenerate the pages from the abstract lists at every build.

Declared in `mkdocs.yml`, so plain `mkdocs build`, `mkdocs serve` and `mkdocs gh-deploy` need no
command before them:

    plugins:
      - search
      - tags
      - papersite:
          inputs: [abstracts]          # files or folders, relative to mkdocs.yml
          vocabulary: my-tags.yml      # optional: extends the shipped taxonomy

List it after the plugins it works with (tags, offline): events of equal priority run in the
order of the list. What one build learns (the generated pages, the shells of fast pages, the
pages held back to be poured after the build) lives on the plugin object and is reset by
`on_pre_build`.
"""

from __future__ import annotations

import gc
import html
import logging
import os
import sys
from functools import partial
from pathlib import Path

from jinja2 import FileSystemBytecodeCache
from mkdocs.commands.build import _build_page  # MkDocs' own page renderer (pinned < 2)
from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from .build import BuildOptions, GenerateResult, generate_pages
from .cache import cache_folder
from .errors import GeneratorError
from .fastpages import FAST_TEMPLATE, ShellCache, finish_pouring, pour
from .generate import LIST_NAMED_SITE, OVERVIEW_MARKER, PAPERS_JSON, fill_overview
from .model import Collection
from .other_plugins import (
    date_by_lists,
    finish_html,
    finishing_plugins,
    plugins_needing_the_page_loop,
)
from .parse import expand_inputs, name_inputs
from .progress import Progress
from .render import RenderOptions, read_front_matter, render_overview
from .render.browse import browse_paths, is_browse_path
from .render.facets import FACETS_PATH
from .search_index import INDEX_DIR, add_to_search_index
from .site_folder import spare_of_staging
from .theming import add_theme_folder, inline_styles
from .workers import Workers, worth_parallel

log = logging.getLogger("mkdocs.plugins.papersite")
# A build allocates millions of objects; with Python's default first threshold (700) the cyclic
# garbage collector keeps rescanning a growing heap: 1.3 s of a 14 s build at 5,000 papers
# (2.5 s of processor time, workers included). It still collects, less often, during a build;
# the previous thresholds are restored after it.
_BUILD_GC_THRESHOLDS = (100_000, 50, 100)


class PapersiteConfig(Config):
    """The plugin's options in `mkdocs.yml`."""

    inputs = config_options.ListOfItems(config_options.Type(str), default=["abstracts"])
    """Abstract lists: files or folders, relative to `mkdocs.yml`."""
    vocabulary = config_options.Optional(config_options.Type(str))
    """A YAML file of topics, datasets and models that extends the shipped taxonomy."""
    encoding = config_options.Type(str, default="utf-8")
    keep_going = config_options.Type(bool, default=False)
    """Skip malformed records (and say which) instead of stopping the build."""
    permalinks = config_options.Type(str, default="permalinks.json")
    """The map that keeps papers' URLs across builds, relative to `mkdocs.yml` (commit it);
    empty: URLs follow the titles and texts of each build."""


class PapersitePlugin(BasePlugin[PapersiteConfig]):
    """Generate paper and tag pages from abstract lists, and hand them to MkDocs."""

    def __init__(self) -> None:
        self._options: BuildOptions | None = None
        self._collection: Collection | None = None
        self._generated: GenerateResult | None = None
        self._sources: dict[str, str] = {}
        self._meta_by_page: dict[str, dict] = {}
        self._shells = ShellCache()
        self._nav_pages: set[str] = set()
        self._held: list[Page] = []
        self._rendering: dict = {}  # what MkDocs renders a page with: nav, files, env
        self._gc_thresholds_before: tuple[int, ...] | None = None
        self._fast = True
        """Whether generated pages may skip MkDocs' page loop (see `other_plugins`)."""
        self._written = False

    @event_priority(100)  # before plugins that read the site's name (macros)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Read papersite's settings, resolving paths against the folder of `mkdocs.yml`; put
        papersite's templates among the theme's (after the project's own `custom_dir`); name
        the site after the abstract list, unless `mkdocs.yml` names it."""
        add_theme_folder(config)
        base = Path(config.config_file_path or ".").resolve().parent
        vocabulary = self.config.vocabulary
        self._options = BuildOptions(
            inputs=tuple(base / Path(path) for path in self.config.inputs),
            vocabulary=base / vocabulary if vocabulary else None,
            encoding=self.config.encoding,
            keep_going=self.config.keep_going,
            permalinks=base / self.config.permalinks if self.config.permalinks else None,
            directory_urls=config.use_directory_urls,
        )
        if config.site_name == LIST_NAMED_SITE:
            # "NeurIPS 2026", in every tab and header. Escaped: Material writes the site's name
            # into its pages as HTML, and this one comes from an input file, not the project.
            name = name_inputs(list(self._options.inputs), self.config.encoding)
            config.site_name = html.escape(name) if name else config.site_name
        others = plugins_needing_the_page_loop(config)
        self._fast = not others
        if others:
            log.info(f"papersite: with {', '.join(others)} enabled, every generated page goes "
                     "through MkDocs' own page loop (the fast path is verified without them)")
        return config

    def on_pre_build(self, config: MkDocsConfig) -> None:
        """Generate the pages before MkDocs collects the files of `docs_dir`."""
        assert self._options is not None
        self._gc_thresholds_before = self._gc_thresholds_before or gc.get_threshold()
        gc.set_threshold(*_BUILD_GC_THRESHOLDS)
        self._shells = ShellCache()
        quiet = os.environ.get("PAPERSITE_QUIET") == "1"
        try:
            result = generate_pages(self._options, Path(config.docs_dir), Progress(quiet=quiet))
        except GeneratorError as error:
            raise PluginError(f"papersite: {error}") from None
        self._generated = result
        self._written = False
        self._collection = result.collection
        self._sources.clear()
        self._sources.update(result.pages)
        # Printed rather than logged as warnings: skipping was asked for, and --strict must not fail.
        for problem in result.skipped:
            print(f"papersite: skipped {problem}", file=sys.stderr)

    @event_priority(100)  # before any other plugin looks at the files (redirects, git dates)
    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        """List the generated pages as they are in memory; publish the collection as data.

        With other plugins than the fast path's, wait until the pages are on disk too: some
        read a page's file (git-revision-date-localized asks git about it)."""
        assert self._collection is not None and self._generated is not None
        assert self._options is not None
        if not self._fast:
            self._finish_writing()
        # The pages may still be being written: what MkDocs found of them on disk is not used
        # (the user's other files there, such as a `.meta.yml`, are).
        folders = {uri.split("/", 1)[0] for uri in self._sources}
        for file in [file for file in files if file.src_uri.split("/", 1)[0] in folders and
                     file.src_uri.endswith(".md") or _is_generated_asset(file.src_uri)]:
            files.remove(file)
        for uri in sorted(self._sources, key=_docs_order):
            files.append(File(uri, config.docs_dir, config.site_dir, config.use_directory_urls))
        if not self._fast:
            date_by_lists(files, list(self._sources), self._collection,
                          expand_inputs(list(self._options.inputs), []))
        # Made by a worker meanwhile: their content is filled in by `on_env`, before MkDocs copies them.
        files.append(File.generated(config, PAPERS_JSON, content=""))
        files.append(File.generated(config, FACETS_PATH, content=""))
        for path in browse_paths(len(self._collection.papers)):
            files.append(File.generated(config, path, content=""))
        return files

    def on_page_read_source(self, page: Page, config: MkDocsConfig) -> str | None:
        """Give MkDocs generated pages from memory, their front matter already read."""
        source = self._sources.get(page.file.src_uri)
        if source is None:
            return None
        self._meta_by_page[page.file.src_uri], body = read_front_matter(source)
        return body


    @event_priority(100)  # before the tags and meta plugins, so they see generated pages' meta
    def _give_meta(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Set generated pages' meta; fill the home page's overview marker."""
        meta = self._meta_by_page.pop(page.file.src_uri, None)
        if meta is not None:
            # An abstract's braces are text (LaTeX writes {{a}}), not a template for the
            # macros plugin to run.
            page.meta = {**meta, "render_macros": False}
            return markdown
        if OVERVIEW_MARKER not in markdown or self._collection is None:
            return markdown
        options = RenderOptions(directory_urls=config.use_directory_urls)
        overview = render_overview(self._collection, page.file.src_uri, options)
        return fill_overview(markdown, overview)

    @event_priority(-100)  # after every other plugin has changed the page's Markdown
    def _skip_markdown(self, markdown: str, page: Page, config: MkDocsConfig,
                       files: Files) -> str:
        """Hand generated pages' HTML past Markdown, as the other plugins left it."""
        if page.file.src_uri in self._sources:
            # The body is finished HTML: a Markdown pass over it (instance, raw-HTML parser) was
            # most of the build's time, and can only return it unchanged.
            page.render = partial(_take_finished_html, page, markdown)  # type: ignore[method-assign]
            if self._fast and page.file.src_uri not in self._nav_pages:
                self._shells.use_fast_template(page)
        return markdown

    on_page_markdown = CombinedEvent(_give_meta, _skip_markdown)

    def on_nav(self, nav, config: MkDocsConfig, files: Files):
        """Remember the pages in the nav: their nav entry is marked active, so they get no shell."""
        self._nav_pages.clear()
        self._nav_pages.update(page.file.src_uri for page in nav.pages)
        self._rendering["nav"] = nav
        return nav

    @event_priority(-100)  # after the tags plugin's, which lists every page's tags
    def on_env(self, env, config: MkDocsConfig, files: Files):
        """Let the fast template fill generated pages into their shell; hold back the pages that
        need no render by Material, to be poured after the build (see `fastpages.py`)."""
        assert self._generated is not None
        # Jinja compiles Material's templates from their source on every build (about 0.1 s): keep the
        # compiled code in papersite's cache; Jinja checks it against each template's source.
        template_cache = cache_folder() / "templates"
        template_cache.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(template_cache))
        papers_json = files.get_file_from_path(PAPERS_JSON)
        assert papers_json is not None, "on_files added it"
        papers_json.content_string = self._generated.papers_json.result()
        facets = files.get_file_from_path(FACETS_PATH)
        assert facets is not None, "on_files added it"
        facets.content_string = self._generated.facets.result()
        for path, content in self._generated.browse.result().items():
            browse = files.get_file_from_path(path)
            assert browse is not None, "on_files added it"
            browse.content_string = content
        env.globals["papersite_fill"] = lambda page: self._shells.fill(page)
        fast = [file.page for file in files.documentation_pages()
                if file.page is not None and file.page.meta.get("template") == FAST_TEMPLATE]
        self._held[:] = self._shells.hold_back(fast)
        for page in self._held:
            files.remove(page.file)
        env.globals["papersite_held_pages"] = [page.file for page in self._held]  # for sitemap.xml
        self._rendering.update(files=files, env=env)
        return env


    @event_priority(-100)  # after the tags and search plugins have set up the page
    def on_page_context(self, context, page: Page, config: MkDocsConfig, nav):
        """Prepare a generated page for its shell; its tag chips are papersite's, in the content."""
        if page.meta.get("template") == FAST_TEMPLATE:
            context["tags"] = []
            self._shells.prepare(page)
        return context

    @event_priority(100)  # before the plugins that change the finished HTML (minify)
    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """Capture or verify the shell from pages Material rendered in full."""
        if page.meta.get("template") == FAST_TEMPLATE:
            return self._shells.finish(output, page)
        return output

    @event_priority(-50)  # after Material's search plugin writes its index, before offline inlines it
    def on_post_build(self, config: MkDocsConfig) -> None:
        """Write the held-back pages and papersite's search index, at the same time."""
        assert self._generated is not None
        with Workers(parallel=worth_parallel(len(self._held))) as workers:
            finishing = finishing_plugins(config)
            pouring = pour(self._shells, self._held, workers,
                           spare_of_staging(Path(config.site_dir)),
                           partial(finish_html, finishing, config) if finishing else None)
            # Pages opened from disk cannot fetch: the offline build's index files are scripts.
            offline = config.plugins.get("material/offline")
            index = add_to_search_index(Path(config.site_dir), self._generated.indexing.result(),
                                        offline=bool(offline and offline.config.enabled))
            unfilled = finish_pouring(self._shells, self._held, pouring)
        self._finish_generating()
        if not config.site_url:
            inline_styles(Path(config.site_dir) / "404.html")
        rendering = self._rendering
        for page in unfilled:  # a kind whose shell was not verified: rendered as MkDocs would
            _build_page(page, config, rendering["files"].documentation_pages(), rendering["nav"],
                        rendering["env"])
        shells = self._shells
        poured = f"{shells.filled} pages filled into {len(shells.verified)} shells" + (
            f", {len(shells.rejected)} kinds rendered in full" if shells.rejected else "") + "; "
        log.info(f"papersite: {poured if self._fast else ''}search index of {index.pages} pages, "
                 f"{index.total_bytes / 1e6:.1f} MB")

    def on_build_error(self, error: Exception) -> None:
        """Leave the docs folder whole: a failed build still waits for its pages to be written."""
        try:
            self._finish_generating()
        except (OSError, PluginError):
            pass  # the build's own error is the one to report

    def _finish_writing(self) -> None:
        """Wait until the generated pages are written into the docs folder (once a build)."""
        assert self._generated is not None
        if not self._written:
            self._written = True
            try:
                self._generated.finish_writing()
            except GeneratorError as error:
                raise PluginError(f"papersite: {error}") from None

    def _finish_generating(self) -> None:
        """Wait for the generated pages to be written, and report it; restore the GC's thresholds."""
        if self._gc_thresholds_before is not None:
            gc.set_threshold(*self._gc_thresholds_before)
            self._gc_thresholds_before = None
        if self._generated is None:
            return
        try:
            self._finish_writing()
        finally:
            self._generated.close()
            self._generated = None

    def on_serve(self, server, config: MkDocsConfig, builder) -> None:
        """Rebuild when an input list changes, not only when a page in `docs_dir` does."""
        assert self._options is not None
        for path in self._options.inputs:
            if path.exists():
                server.watch(str(path))


def _is_generated_asset(uri: str) -> bool:
    """Tell the files `papersite generate` writes beside the pages (papers.json, the filters'
    data, the papers list's data, the search index): the plugin makes them itself, in memory
    and after the build."""
    return (uri in (PAPERS_JSON, FACETS_PATH) or is_browse_path(uri)
            or uri.startswith(f"search/{INDEX_DIR}/"))


def _docs_order(uri: str) -> tuple:
    """Sort generated pages as MkDocs lists a folder: by folder, its index page first."""
    folder, _, name = uri.rpartition("/")
    return folder, name != "index.md", name


def _take_finished_html(page: Page, html: str, config: MkDocsConfig, files: Files) -> None:
    """Stand in for `Page.render` on a generated page: its body is already the page's HTML."""
    page.content = html
    page.toc = get_toc([])
    page.present_anchor_ids = None  # not collected: links into generated pages are ours
    page.links_to_anchors = None
