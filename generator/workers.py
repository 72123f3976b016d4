"""Worker processes for the build's stages, so that every core is busy.

- enrich: the text model behind related papers and the topic map is one big job that needs no
  titles or tags; submitted first, it runs while the per-abstract analyses (many small jobs)
  fill the other cores, then whichever core is free;
- related and render: papers are ranked and pages rendered in parts, after the repeated
  titles' alternatives are worked out;
- from the finished collection on: the papers are indexed for search (the longest job, so it
  starts first) and papers.json and the filter data made, while pages are rendered and MkDocs
  builds;
- beside MkDocs: the pages are written, and the pages MkDocs need not render are poured into
  their shells (`fastpages.py`).

Workers are forked where that is safe (Linux): they start in milliseconds and inherit what the
build has loaded instead of importing it again, and with `submit_all` even their jobs'
arguments. Where there is no fork (Windows) or it is unsafe (macOS, whose system libraries are
not fork-safe) they are spawned, and every job's arguments are pickled.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any, Protocol

MAX_WORKERS = 4
PARALLEL_MIN = 400
"""Below this many items, starting worker processes costs more than it saves."""


def worth_parallel(items: int) -> bool:
    """Tell whether this many items (abstracts, pages) are worth handing to worker processes."""
    return items >= PARALLEL_MIN


def start_method() -> str:
    """Return how worker processes start here: "fork" where it is safe, else "spawn"."""
    if "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin":
        return "fork"
    return "spawn"


class Workers:
    """A pool of worker processes (see `start_method`), started at the first job given to it.

    With one core, or when `parallel` is false, jobs run in this process, each when its result is
    asked for: callers need not tell the two cases apart.
    """

    def __init__(self, parallel: bool = True, setup: Callable[[], None] | None = None,
                 most: int = MAX_WORKERS):
        cores = os.cpu_count() or 1
        self.in_process = not parallel or cores < 2
        """Jobs run in this process: one core, or not worth starting workers."""
        self.count = 1 if self.in_process else min(cores, most)
        """How many worker processes run the jobs (at most `most`)."""
        self._setup = setup
        self._method = start_method()
        self._pool: ProcessPoolExecutor | None = None
        self._setup_done = False

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers once their jobs are done; jobs not started are dropped."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)

    def submit(self, function: Callable[..., Any], *args: Any) -> Job:
        """Start `function(*args)` in a worker; its `.result()` waits for it."""
        pool = self._started()
        return pool.submit(function, *args) if pool else _Deferred(self._in_process(function), args)

    def submit_all(self, calls: list[tuple[Callable[..., Any], tuple]]) -> list[Job]:
        """Start each `function(*args)` of `calls`. Workers forked by this call inherit the
        arguments instead of receiving them pickled: pages or papers, tens of megabytes."""
        global _inherited
        if self._pool is not None or self.in_process or self._method != "fork":
            # No fork to come: pickled, or in process.
            return [self.submit(function, *args) for function, args in calls]
        _inherited = calls
        try:
            pool = self._started()
            assert pool is not None  # not in process: a pool
            return [pool.submit(_call_inherited, number) for number in range(len(calls))]
        finally:
            _inherited = []  # the workers have it: the pool forked them all at its first job

    def map(self, function: Callable[[Any], Any], items: Iterable[Any], chunksize: int = 1) -> Iterator:
        """Return `function(item)` for each item, in order, computed in the workers."""
        pool = self._started()
        if pool is None:
            return map(self._in_process(function), items)
        return pool.map(function, items, chunksize=chunksize)

    def parts(self, count: int, per_worker: int = 2) -> list[range]:
        """Split `count` items into ranges, a few per worker, for jobs over parts of a list."""
        step = max(1, -(-count // (self.count * per_worker)))
        return [range(start, min(start + step, count)) for start in range(0, count, step)]

    def _started(self) -> ProcessPoolExecutor | None:
        if self.in_process:
            return None
        if self._pool is None:
            # Forked workers inherit this process as it is now, after `setup`.
            self._pool = ProcessPoolExecutor(self.count, mp_context=get_context(self._method),
                                             initializer=self._setup)
        return self._pool

    def _in_process(self, function: Callable[..., Any]) -> Callable[..., Any]:
        if self._setup is not None and not self._setup_done:
            self._setup()
            self._setup_done = True
        return function


_inherited: list[tuple[Callable[..., Any], tuple]] = []


def _call_inherited(number: int) -> Any:
    function, args = _inherited[number]
    return function(*args)


class Job(Protocol):
    """A started job: a worker's Future, or one run in this process when its result is asked for."""

    def done(self) -> bool: ...

    def result(self) -> Any: ...


class _Deferred:
    """A job run in this process, when its result is first asked for."""

    def __init__(self, function: Callable[..., Any], args: tuple):
        self._function, self._args = function, args
        self._done = False
        self._value: Any = None

    def done(self) -> bool:
        """Tell whether the job has run (it runs when its result is asked for)."""
        return self._done

    def result(self) -> Any:
        if not self._done:
            self._value = self._function(*self._args)
            self._done = True
        return self._value
