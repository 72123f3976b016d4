"""Remember per-abstract work between runs, in the user's cache folder, keyed by content.

A key is a hash of the abstract, its given title, the vocabulary in use and papersite's own
code and data, so a change to any of them misses the cache instead of serving stale results.
The cache is one pickle file per code version; it only ever holds values papersite computed.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def cache_folder() -> Path:
    """Return papersite's folder under the user's cache home."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "papersite"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Hash papersite's source and data files: new code invalidates every cached result."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".yml", ".yaml", ".json", ".txt"):
            digest.update(path.relative_to(PACKAGE).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def content_key(*parts: str) -> str:
    """Return the cache key of some texts."""
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()


class ResultCache:
    """A dict of results persisted as one file; unreadable files count as empty."""

    def __init__(self, name: str, folder: Path | None = None):
        self.path = (folder or cache_folder()) / f"{name}-{code_fingerprint()}.pickle"
        self.values: dict[str, object] = self._load()
        self._dirty = False

    def get(self, key: str):
        """Return the remembered value, or None."""
        return self.values.get(key)

    def latest(self):
        """Return the one value `keep_one` kept, whatever its key, or None."""
        return next(iter(self.values.values()), None)

    def put(self, key: str, value: object) -> None:
        """Remember a value (saved by `save`)."""
        self.values[key] = value
        self._dirty = True

    def keep_one(self, key: str, value: object) -> None:
        """Remember this value alone and save: a cache of one whole-collection result."""
        self.values = {key: value}
        self._dirty = True
        self.save()

    def keep_only(self, keys: set[str]) -> None:
        """Forget entries not used by this run, so the file does not grow without bound."""
        if set(self.values) - keys:
            self.values = {key: value for key, value in self.values.items() if key in keys}
            self._dirty = True

    def save(self) -> None:
        """Write the cache atomically, if anything changed."""
        if not self._dirty:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for stale in self.path.parent.glob(self.path.name.rsplit("-", 1)[0] + "-*.pickle"):
            if stale != self.path:  # an older code version's cache: ours, and now useless
                stale.unlink(missing_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as file:
            pickle.dump(self.values, file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, self.path)
        self._dirty = False

    def _load(self) -> dict[str, object]:
        try:
            with self.path.open("rb") as file:
                values = pickle.load(file)
            return values if isinstance(values, dict) else {}
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
            return {}
