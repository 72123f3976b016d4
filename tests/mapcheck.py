"""What a reader sees on the topic map at one view, read from the page: shared by tests/test_map.py
and benchmarks/map_labels.py (the same check at 5,000 papers).

A dot "stands alone" when no other dot in view has its centre within max(16, 3 radii) screen
pixels (papersite-map.js hides or moves a name that would cover one): the check measures the
boxes the browser drew, not the script's own figures.
"""

from __future__ import annotations

# The view once drawn: the map draws at the next frame, and a wheel's dots may settle later.
VIEW_JS = """() => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(
  () => resolve(document.querySelector('svg.ps-map').getAttribute('viewBox')))))"""

# The names shown: their text, whether they lie inside the map's frame, and which dots standing
# alone they cover; the number of dots in view.
LABELS_JS = """async () => {
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const svg = document.querySelector('svg.ps-map'), frame = svg.getBoundingClientRect();
  const inside = (x, y) => x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom;
  const dots = [...svg.querySelectorAll('.d a > :not(title)')].map(mark => {
    const box = mark.getBoundingClientRect();
    return {x: box.x + box.width / 2, y: box.y + box.height / 2, r: box.width / 2};
  }).filter(dot => inside(dot.x, dot.y));
  // A dot's radius: the median, as a hovered or lit-up dot is drawn larger.
  const radius = dots.map(dot => dot.r).sort((a, b) => a - b)[dots.length >> 1] || 0;
  const lonePx = Math.max(16, 3 * radius);
  const lone = dots.filter(dot => !dots.some(other => other !== dot &&
    (other.x - dot.x) ** 2 + (other.y - dot.y) ** 2 < lonePx ** 2));
  const labels = [...svg.querySelectorAll('.l text')].filter(text =>
    getComputedStyle(text).visibility === 'visible' &&
    getComputedStyle(text.parentNode).display !== 'none' && text.textContent);
  return {dots: dots.length, lone: lone.length, labels: labels.map(text => {
    const box = text.getBoundingClientRect();
    return {text: text.textContent, topic: text.parentNode.classList.contains('t'),
            inView: box.left >= frame.left - 1 && box.right <= frame.right + 1 &&
                    box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1,
            // at a dot's usual size: the one under the pointer is drawn larger, and named
            covers: lone.filter(dot => dot.x + radius > box.left && dot.x - radius < box.right &&
                                       dot.y + radius > box.top && dot.y - radius < box.bottom).length};
  })};
}"""

# Tab from the map through its dots: each step, the focused dot's href, its title and the title
# the page shows on screen (visible, inside the map's frame).
TAB_STEP_JS = """() => {
  const link = document.activeElement, name = document.querySelector('.ps-map-name');
  const frame = document.querySelector('.ps-map-frame').getBoundingClientRect();
  const box = name.getBoundingClientRect();
  return {href: link.getAttribute('href'), title: link.querySelector('title')?.textContent,
          shown: name.hidden ? null : name.textContent,
          visible: !name.hidden && box.width > 0 && box.left >= frame.left - 1 &&
                   box.right <= frame.right + 1};
}"""


def zoom_levels(page, presses: int) -> list[dict]:
    """Zoom in `presses` times with the + button, returning the names at the start and after
    each press (what LABELS_JS reads)."""
    seen = [page.evaluate(LABELS_JS)]
    for _ in range(presses):
        page.click("[data-zoom=in]")
        page.evaluate(VIEW_JS)
        seen.append(page.evaluate(LABELS_JS))
    return seen


def tab_through_dots(page, count: int) -> list[dict]:
    """Focus the map, then press Tab `count` times: what each focused dot shows (TAB_STEP_JS)."""
    page.locator("svg.ps-map").focus()
    steps = []
    for _ in range(count):
        page.keyboard.press("Tab")
        page.evaluate(VIEW_JS)
        steps.append(page.evaluate(TAB_STEP_JS))
    return steps
