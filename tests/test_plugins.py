"""The MkDocs plugins users add see generated pages as they see hand-written ones.

Each test builds the bundled abstracts with `mkdocs build`, as a user would on a fresh clone
(no generated pages on disk, the project in a git repository), beside a hand-written page, and
checks the plugin's effect on a paper page, a tag page and the hand-written page alike.
Plugins that can share a build do (the suite builds three sites, not nine).
"""

from __future__ import annotations

import http.server
import os
import re
import subprocess
import threading
from functools import partial
from pathlib import Path

import pytest
from conftest import copy_project, paper_pages

REPO = Path(__file__).resolve().parents[1]
MKDOCS = REPO / ".venv" / "bin" / "mkdocs"
PAPER = "papers/anchorrep-shared-internal-representation-geometry-d7c6df"
TAG = "tags/jailbreaking"
HAND_WRITTEN = "notes/reading-group"
META_DESCRIPTION = "Set by a .meta.yml file"


def make_project(root: Path, plugins: str, extra: str = "",
                 files: dict[str, str] | None = None) -> Path:
    """Copy what `mkdocs build` reads into `root`, list `plugins` after papersite's, add a
    hand-written page (with a macro and an image) and `files` ({path: text}), and commit it
    all to git."""
    copy_project(root)
    notes = root / "site_src" / "notes"
    notes.mkdir()
    (notes / "reading-group.md").write_text(
        "# Reading group\n\nThis site is {{ config.site_name }}.\n\n"
        "![A figure](../assets/figure.png)\n", encoding="utf-8")
    (root / "site_src" / "assets").mkdir(exist_ok=True)
    (root / "site_src" / "assets" / "figure.png").write_bytes(_PNG)
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("      inputs: [abstracts]    # abstract lists: files or folders, "
                            "relative to this file\n",
                            "      inputs: [abstracts]\n" + plugins)
    config = config.replace('site_url: !ENV [SITE_URL, ""]', "site_url: https://example.org/")
    (root / "mkdocs.yml").write_text(config + extra, encoding="utf-8")
    for path, text in (files or {}).items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    subprocess.run("git init -q && git add -A && git -c user.email=test@example.org "
                   "-c user.name=test commit -qm 'a fresh clone'", shell=True, cwd=root,
                   check=True)
    return root


def build(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(MKDOCS), "build"], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1",
                               "DISABLE_MKDOCS_2_WARNING": "true", "PAPERSITE_QUIET": "1"})


def page(root: Path, uri: str) -> str:
    return (root / "site" / uri / "index.html").read_text(encoding="utf-8")


def three_pages(root: Path) -> dict[str, str]:
    """The hand-written page, a paper page and a tag page of a built site."""
    return {uri: page(root, uri) for uri in (HAND_WRITTEN, PAPER, TAG)}


# A 1×1 PNG, for glightbox to wrap.
_PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                     "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")

_TOGETHER = """\
  - glightbox
  - git-revision-date-localized:
      enable_creation_date: true
  - redirects:
      redirect_maps:
        old-paper.md: papers/anchorrep-shared-internal-representation-geometry-d7c6df.md
  - rss:
      match_path: ".*"
  - macros
  - meta
"""


@pytest.fixture(scope="module")
def together(tmp_path_factory) -> Path:
    """The site built with glightbox, git dates, redirects, rss, macros and meta together."""
    meta = f"description: {META_DESCRIPTION}\n"
    braces = ("NeurIPS 2026 论文列表\n\nWe introduce BraceNet, a network for nested sets "
              "written $\\{\\{a\\}\\}$ and {{ 7*7 }} in plain text, and evaluate it on ten "
              "benchmarks.\n")
    root = make_project(tmp_path_factory.mktemp("together"), _TOGETHER, files={
        "site_src/papers/.meta.yml": meta, "site_src/tags/.meta.yml": meta,
        "site_src/notes/.meta.yml": meta,
        "abstracts/999_braces.txt": braces})
    result = build(root)
    assert result.returncode == 0, result.stderr
    return root


def test_glightbox_wraps_images_and_loads_on_every_page(together):
    for uri, html in three_pages(together).items():
        assert "glightbox.min.js" in html, uri
    assert 'class="glightbox"' in page(together, HAND_WRITTEN)


def test_git_revision_dates_every_page(together):
    for uri, html in three_pages(together).items():
        assert "git-revision-date-localized-plugin" in html, uri


def test_redirects_reach_a_paper_page_on_a_fresh_clone(together):
    redirect = page(together, "old-paper")
    assert "anchorrep-shared-internal-representation-geometry-d7c6df" in redirect


def test_rss_lists_generated_pages(together):
    feed = (together / "site" / "feed_rss_created.xml").read_text(encoding="utf-8")
    assert "/papers/" in feed


def test_meta_files_apply_to_generated_pages_and_survive_the_next_build(together):
    # As on any page, a page's own meta wins over a .meta.yml's: paper pages have their gist
    # as description, tag pages have none of their own.
    pages = three_pages(together)
    for uri in (HAND_WRITTEN, TAG):
        assert f'<meta name="description" content="{META_DESCRIPTION}">' in pages[uri], uri
    assert '<meta name="description" content="AnchorRep targets' in pages[PAPER]
    result = build(together)
    assert result.returncode == 0, result.stderr
    assert (together / "site_src" / "papers" / ".meta.yml").is_file()


def test_macros_render_hand_written_pages_and_never_abstract_text(together):
    # The site is named after the list by the time pages are rendered (`LIST_NAMED_SITE`).
    assert "This site is NeurIPS 2026." in page(together, HAND_WRITTEN)
    # An abstract's braces are text (LaTeX writes {{a}}), never a template to run.
    brace_net = next(path for path in paper_pages(together / "site")
                     if "BraceNet" in path.read_text(encoding="utf-8"))
    abstract = re.search(r'<div class="ps-abstract">.*?</div>',
                         brace_net.read_text(encoding="utf-8"), re.DOTALL).group(0)
    assert "7*7" in abstract and "49" not in abstract


def test_minify_minifies_generated_pages_as_hand_written_ones(tmp_path):
    # minify only changes finished HTML: the fast path hands it the pages it pours, and the
    # site is byte for byte the one MkDocs' own page loop makes (forced by a second plugin,
    # meta, which has no .meta.yml file to apply here).
    fast = make_project(tmp_path / "fast", "  - minify:\n      minify_html: true\n")
    result = build(fast)
    assert result.returncode == 0, result.stderr
    assert "own page loop" not in result.stderr
    for uri, html in three_pages(fast).items():
        assert html.count("\n") <= 2, uri
    loop = make_project(tmp_path / "loop", "  - minify:\n      minify_html: true\n  - meta\n")
    result = build(loop)
    assert result.returncode == 0, result.stderr
    assert "own page loop" in result.stderr
    pages = sorted(path.relative_to(fast / "site") for path in (fast / "site").rglob("*.html"))
    assert pages == sorted(path.relative_to(loop / "site")
                           for path in (loop / "site").rglob("*.html"))
    assert [str(path) for path in pages
            if (fast / "site" / path).read_bytes() != (loop / "site" / path).read_bytes()] == []


def test_print_site_is_refused_with_a_reason(tmp_path):
    root = make_project(tmp_path, "  - print-site\n")
    result = build(root)
    assert result.returncode == 1
    assert re.search(r"papersite: .*print-site.*nav", result.stderr), result.stderr


@pytest.fixture
def external_script():
    """An HTTP server standing in for a third-party host, serving one script."""
    folder = Path(__file__).parent / "fixtures"
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/external.js"
    server.shutdown()


def test_privacy_keeps_third_party_scripts_off_every_page(tmp_path, external_script):
    # Material's bundle names a diagram library on a CDN; this machine cannot reach it.
    plugins = "  - privacy:\n      assets_exclude: [unpkg.com/*, cdn.jsdelivr.net/*]\n"
    root = make_project(tmp_path, plugins, f"extra_javascript:\n  - {external_script}\n")
    result = build(root)
    assert result.returncode == 0, result.stderr
    for uri, html in three_pages(root).items():
        assert external_script not in html, uri
        assert "assets/external/127.0.0.1" in html, uri
