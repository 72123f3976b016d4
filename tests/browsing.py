"""A reader browsing the papers page, step by step: shared by the browser tests
(tests/test_browse.py) and the benchmark at conference size (benchmarks/browse.py)."""

from __future__ import annotations

LIST = ".ps-browse-list"
CONTROLS = ".ps-browse-controls:not([hidden])"
SEARCH = ".ps-browse-search"
STATUS = ".ps-browse-status"


def scroll_to_the_end(page, step: int = 900) -> tuple[set[str], list[int]]:
    """Scroll the papers page from top to bottom by the wheel; return the addresses of the
    entries seen on the way and the page's height at each step."""
    page.evaluate("window.scrollTo(0, 0)")
    seen: set[str] = set()
    heights = [page.evaluate("document.documentElement.scrollHeight")]
    while True:
        page.wait_for_function("!document.querySelector('.ps-browse-loading')")
        seen |= set(page.eval_on_selector_all(f"{LIST} a", "links => links.map(a => a.href)"))
        if page.evaluate("scrollY + innerHeight >= document.documentElement.scrollHeight - 2"):
            return seen, heights
        # The position before the wheel turns: read after it, the scroll may be over already.
        before = page.evaluate("scrollY")
        page.mouse.wheel(0, step)
        page.wait_for_function("y => scrollY !== y", arg=before)
        heights.append(page.evaluate("document.documentElement.scrollHeight"))


def search_list(page, words: str) -> list[str]:
    """Type words into the list's search box; return the addresses of every paper it lists."""
    page.fill(SEARCH, words)
    page.wait_for_function("words => document.querySelector('.ps-browse-status').textContent"
                           ".includes(words.trim())", arg=words)
    seen, _ = scroll_to_the_end(page)
    return sorted(seen)
