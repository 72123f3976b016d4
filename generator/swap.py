"""Swap a finished folder in place of the one it replaces: the one way papersite does it."""

from __future__ import annotations

from pathlib import Path


def swap_in(staging: Path, target: Path, aside: Path) -> None:
    """Move `target` (if any) to `aside`, then `staging` to `target`: two renames, so readers
    see the old folder or the new one, and `target` is missing only between the two. `aside`
    must not exist."""
    if target.exists():
        target.rename(aside)
    staging.rename(target)
