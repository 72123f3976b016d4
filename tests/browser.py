"""Drive Debian's Chromium through Playwright: launch it, serve a folder, record every request.

Browsers cannot be downloaded here, so Playwright always runs /usr/bin/chromium (or
$PAPERSITE_CHROMIUM). Without it the browser tests skip, or fail when $CI is set: CI must run them.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM = Path(os.environ.get("PAPERSITE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
# URLs a page builds itself; loading them touches no network.
LOCAL_SCHEMES = {"data", "blob", "about"}

# Material's search box, driven the way a reader drives it. Shared by the browser tests and the
# search benchmarks (benchmarks/search.py, benchmarks/offline_search.py).
SEARCH_RESULT = ".md-search-result__item"
# Puts the whole query in the search box at once, as a paste would; Material reads it on keyup.
ENTER_QUERY_JS = """query => {
  const input = document.querySelector("input.md-search__input");
  input.value = query;
  input.dispatchEvent(new KeyboardEvent("keyup", {key: query.slice(-1)}));
}"""
# Sends each query to a search worker of the page's own kind, as Material's search box does, and
# returns the first result's location (or null) per query, or with `top` the first `top` results'
# locations. Argument: {queries, suggest, top}.
FIRST_RESULTS_JS = """async ({queries, suggest, top}) => {
  const config = JSON.parse(document.querySelector("#__config").textContent);
  const base = new URL(config.base, location);
  const index = location.protocol === "file:"
    ? await new Promise(resolve => {
        const script = document.createElement("script");
        script.src = new URL("search/search_index.js", base).href;
        script.onload = () => resolve(__index);
        document.body.appendChild(script);
      })
    : await (await fetch(new URL("search/search_index.json", base))).json();
  const worker = new Worker(config.search);
  const next = () => new Promise(resolve => worker.addEventListener("message",
    event => resolve(event.data), {once: true}));
  worker.postMessage({type: 0, data: {config: index.config, docs: index.docs,
                                      options: {suggest}}});
  await next();
  const firsts = [];
  for (const query of queries) {
    worker.postMessage({type: 2, data: query});
    const {data} = await next();
    const locations = data.items.map(group => group[0].location);
    firsts.push(top ? locations.slice(0, top) : locations.length ? locations[0] : null);
  }
  worker.terminate();
  return firsts;
}"""



def require_chromium() -> None:
    """Skip the calling test without Chromium and Playwright; fail instead when $CI is set."""
    problem = None
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        problem = f"Chromium not found at {CHROMIUM}: run `sh .ci/install-chromium`"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "the playwright package is missing: pip install -e '.[test]'"
    if problem is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"browser tests need Chromium in CI: {problem}", pytrace=False)
    pytest.skip(f"browser test skipped: {problem}")



def read_page_table(folder: Path) -> list[list]:
    """Return a built site's search page table: [location, title, tag numbers, names?] per page."""
    parts = sorted((folder / "search" / "papersite").glob("d*.js*"), key=lambda p: int(p.stem[1:]))
    assert parts, f"no page table in {folder}"
    docs: list[list] = []
    for part in parts:
        text = part.read_text(encoding="utf-8")
        if part.suffix == ".js":  # papersiteSearchData("d0",[…])
            text = text[text.index(",") + 1:-1]
        docs += json.loads(text)
    return docs


@dataclass
class RequestLog:
    """Every URL a browser context asked for, and the requests that failed or got an error."""

    urls: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def attach(self, context) -> None:
        """Record the requests of every page, frame and worker of a Playwright context."""
        context.on("request", self._record)
        context.on("requestfailed", self._record_failure)
        context.on("response", self._record_response)

    def _record(self, request) -> None:
        self.urls.append(request.url)

    def _record_failure(self, request) -> None:
        # A fetch still running when the test navigates away is aborted by the browser: that is
        # the test moving on, not the site failing.
        if "ERR_ABORTED" not in (request.failure or ""):
            self.failures.append(f"{request.url}: {request.failure}")

    def _record_response(self, response) -> None:
        if response.status >= 400:
            self.failures.append(f"{response.url}: HTTP {response.status}")

    def leaving(self, *, scheme: str, netloc: str = "") -> list[str]:
        """Return the recorded URLs that are not of this scheme (and host:port), nor local."""
        outside = []
        for url in self.urls:
            parts = urlsplit(url)
            if parts.scheme in LOCAL_SCHEMES:
                continue
            if parts.scheme != scheme or (netloc and parts.netloc != netloc):
                outside.append(url)
        return outside


@contextmanager
def open_chromium() -> Iterator:
    """Yield a fresh Playwright context of Debian's Chromium, with a throwaway profile."""
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="papersite-chromium-")
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                user_data_dir=profile,
                executable_path=str(CHROMIUM),
                args=CHROMIUM_ARGS,
                headless=True,
                viewport={"width": 1280, "height": 900},
            )
            context.set_default_timeout(15_000)
            try:
                yield context
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serve files without logging; answer a missing file with the 404 page, as Pages does."""

    not_found_page: Path | None = None

    def log_message(self, format, *args) -> None:
        pass

    def send_error(self, code, message=None, explain=None) -> None:
        page = self.not_found_page
        if code != 404 or page is None or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@contextmanager
def serve_folder(folder: Path, not_found_page: Path | None = None) -> Iterator[str]:
    """Serve a folder on 127.0.0.1 at a free port in a thread; yield its base URL."""
    handler = type("Handler", (_QuietHandler,), {"not_found_page": not_found_page})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(folder)))
    # A short poll: shutting the server down waits for one (0.5 s by default, at every test).
    thread = threading.Thread(target=partial(server.serve_forever, poll_interval=0.05), daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator:
    """One Chromium for the test session (a launch costs 1.2-1.8 s; the suite has about 60
    browser tests), with a throwaway profile; each test gets a fresh context of its own."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                             headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def chromium(chromium_browser):
    """A fresh Chromium context (its own cookies, storage and cache, as a new profile has) and
    its request log; skipped (failed in CI) without Chromium."""
    log = RequestLog()
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    log.attach(context)
    try:
        yield context, log
    finally:
        context.close()


@pytest.fixture
def static_server():
    """Serve folders on localhost during a test: call it with a folder, get the base URL."""
    with ExitStack() as servers:

        def serve(folder: Path, not_found_page: Path | None = None) -> str:
            return servers.enter_context(serve_folder(folder, not_found_page))

        yield serve
