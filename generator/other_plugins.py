"""How papersite works beside the other MkDocs plugins a project lists.

The fast path (`fastpages.py`) skips MkDocs' page loop for most generated pages, so a plugin
that works on pages would not see them: it is used only with the plugins it is verified with
(`FAST_PATH_PLUGINS`, and `FINISHED_HTML_PLUGINS`, which papersite hands the pages it pours).
With any other, every generated page goes through MkDocs' own loop. tests/test_plugins.py
builds the site with each plugin users commonly add and compares its effect on generated and
hand-written pages.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from .links import paper_path
from .model import Collection
from .workers import start_method

# The plugins whose work on a page the fast path reproduces.
FAST_PATH_PLUGINS = frozenset({"search", "material/search", "tags", "material/tags", "offline",
                               "material/offline", "papersite"})
# Plugins whose only work on a page is on its finished HTML, from that alone (`on_post_page`):
# the fast path hands them the pages it pours, as MkDocs would (tests/test_plugins.py compares).
FINISHED_HTML_PLUGINS = frozenset({"minify"})


def plugins_needing_the_page_loop(config: MkDocsConfig) -> list[str]:
    """Return the plugins listed that need every generated page in MkDocs' page loop; refuse
    print-site, which cannot print pages kept out of the nav."""
    if "print-site" in config.plugins:
        raise PluginError(
            "papersite: the print-site plugin prints the pages of the nav, and papersite "
            "keeps its paper and tag pages out of the nav (each page embeds the whole nav, "
            "and a conference has thousands); the print page would link to pages it lacks. "
            "Remove print-site from the plugins of mkdocs.yml.")
    # Pouring hands the finished-HTML plugins the pages in forked workers, which inherit them.
    finishing = FINISHED_HTML_PLUGINS if start_method() == "fork" else frozenset()
    return sorted(set(config.plugins) - FAST_PATH_PLUGINS - finishing)


def finishing_plugins(config: MkDocsConfig) -> tuple:
    """Return the plugins listed whose `on_post_page` papersite runs on the pages it pours."""
    return tuple(plugin for name, plugin in config.plugins.items()
                 if name in FINISHED_HTML_PLUGINS)


def finish_html(plugins: tuple, config: MkDocsConfig, output: str, page: Page) -> str:
    """Run the finished-HTML plugins' `on_post_page` on a poured page, as MkDocs runs them."""
    for plugin in plugins:
        result = plugin.on_post_page(output, page=page, config=config)
        output = output if result is None else result
    return output



def date_by_lists(files: Files, uris: list[str], collection: Collection,
                  lists: list[Path]) -> None:
    """Point each generated page's source path at the abstract list it was made from.

    The pages are rebuilt at every build and kept out of git: plugins that date a page by its
    file's history (git-revision-date-localized, rss) would date every one at the build (and
    warn that git knows none of them). A paper's page dates from its list, the other generated
    pages from the newest list; MkDocs itself reads them from memory.
    """
    if not lists:
        return
    by_name = {path.name: path for path in lists}
    newest = max(lists, key=lambda path: path.stat().st_mtime)
    made_from = {paper_path(paper.slug): by_name.get(paper.abstract.sources[0].file)
                 for paper in collection.papers}
    for uri in uris:
        file = files.get_file_from_path(uri)
        if file is not None:
            file.abs_src_path = str(made_from.get(uri) or newest)
