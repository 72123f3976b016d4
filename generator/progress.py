"""Report the pipeline's stages: a progress bar on a terminal, one line per stage otherwise."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator, TypeVar

Item = TypeVar("Item")


class Progress:
    """Times each stage and tells the user about it without flooding a log."""

    def __init__(self, quiet: bool = False, stream=None):
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.interactive = self.stream.isatty() and not quiet
        self.timings: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[Callable[[str], None]]:
        """Time a stage; the yielded function sets the summary printed when it ends."""
        summary = [""]
        start = time.perf_counter()
        yield lambda text: summary.__setitem__(0, text)
        self.report(name, time.perf_counter() - start, summary[0])

    def report(self, name: str, seconds: float, summary: str = "") -> None:
        """Report a stage that ran elsewhere (in a worker process) and took `seconds`."""
        self.timings[name] = self.timings.get(name, 0.0) + seconds
        if not self.quiet:
            detail = f": {summary}" if summary else ""
            print(f"papersite: {name}{detail} ({seconds:.2f} s)", file=self.stream, flush=True)

    def track(self, items: Iterable[Item], total: int, label: str) -> Iterable[Item]:
        """Yield `items`, drawing a bar on a terminal for runs long enough to need one."""
        if not self.interactive or total < 2000:
            yield from items
            return
        from rich.progress import Progress as Bar

        with Bar(transient=True, console=None) as bar:
            task = bar.add_task(label, total=total)
            for item in items:
                yield item
                bar.advance(task)
