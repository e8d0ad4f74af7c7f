"""The one store (docs/architecture.md, "The store"): entries `<folder>/<kind>/<group>/<key>`, a JSON header line
(format, kind, key, sha256 of the rest) then zlib-compressed JSON; what does not read back exactly as written is a
miss, and a group keeps its KEEP most recent entries. Also the one atomic write of every file refsheets makes.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import zlib
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

from pipeline.errors import InputError

FORMAT = 1  # of the header line and payloads: bump it and every entry is a miss
KEEP = 6  # entries kept per group: enough to undo a few corrections (or flip a glossary back) at once
T = TypeVar("T")
# What a value that reads back but is not what its reader wants raises (damaged, or of an older shape): a miss.
DAMAGED = (OSError, ValueError, zlib.error, KeyError, TypeError, AttributeError)


def write_atomic(path: Path, data: bytes | str | Callable[[Path], None], *, display: str | None = None, durable: bool = True) -> None:
    """Write `data` (or let it fill the file, given its path) beside `path`, then os.replace it into place;
    `durable=False` skips the fsync, for files whose loss in a crash costs only time (entries that check themselves)."""
    temp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        temp = Path(name)
        with os.fdopen(handle, "wb") as stream:
            if not callable(data):
                stream.write(data.encode("utf-8") if isinstance(data, str) else data)
                stream.flush()
                if durable:
                    os.fsync(stream.fileno())
        if callable(data):
            data(temp)
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException as exc:
        if temp is not None:
            temp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise InputError(f"cannot write output: {exc.strerror}", path=display or str(path)) from None
        raise


def sweep_temp_files(folder: Path, within: str = "") -> None:
    """Remove write_atomic's leftovers of a killed process in `folder`, or in the folders the glob `within` names."""
    for path in folder.glob(f"{within}.*.tmp"):
        path.unlink(missing_ok=True)


def user_folder() -> Path:
    """The user's cache folder, shared by every project: `$REFSHEETS_CACHE_DIR`, else platformdirs' (imported only then)."""
    if os.environ.get("REFSHEETS_CACHE_DIR"):
        return Path(os.environ["REFSHEETS_CACHE_DIR"])
    import platformdirs

    return platformdirs.user_cache_path("refsheets", appauthor=False)


def digest(*parts: object) -> str:
    """sha256 of `parts` in a canonical JSON form: the key of an entry made from them."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, ensure_ascii=False, default=sorted).encode("utf-8")).hexdigest()


class Store:
    """Entries under `folder` (a project's `.refsheets-cache`, or the user folder)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, kind: str, key: str, group: str = "") -> Path:
        return self.folder / kind / group / key

    def has(self, kind: str, key: str, group: str = "") -> bool:  # an entry seems to be there (`get` still checks it)
        return self.path(kind, key, group).is_file()

    def get(self, kind: str, key: str, group: str = "", load: Callable[[Any], Any] = lambda value: value) -> Any:
        """`load` of the value `put` stored, or None when it is missing, does not check out or `load` raises DAMAGED."""
        try:
            header, _, payload = self.path(kind, key, group).read_bytes().partition(b"\n")
            return load(json.loads(zlib.decompress(payload))) if header == _header(kind, key, payload) else None
        except DAMAGED:
            return None

    def put(self, kind: str, key: str, value: Any, group: str = "") -> None:
        """Store an entry (no fsync: one cut short fails its sha256), then drop all but its group's KEEP most recent;
        a store that cannot be written only costs time."""
        payload = zlib.compress(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 1)
        with contextlib.suppress(OSError, InputError):
            write_atomic(self.path(kind, key, group), _header(kind, key, payload) + b"\n" + payload, durable=False)
            for path in self._recent(kind, group)[KEEP:]:
                path.unlink(missing_ok=True)

    def latest(self, kind: str, group: str = "") -> Iterator[Any]:
        """The values of a group's entries that check out, most recent first."""
        return (value for value in (self.get(kind, path.name, group) for path in self._recent(kind, group)) if value is not None)

    def _recent(self, kind: str, group: str) -> list[Path]:
        entries = []
        for path in self.path(kind, "", group).glob("[0-9a-f]" * 8 + "*"):
            with contextlib.suppress(OSError):  # pruned meanwhile by another process
                entries.append((path.stat().st_mtime_ns, path))
        return [path for _, path in sorted(entries, reverse=True)]


def _header(kind: str, key: str, payload: bytes) -> bytes:
    return json.dumps({"format": FORMAT, "kind": kind, "key": key, "digest": hashlib.sha256(payload).hexdigest()}).encode("utf-8")


def memoized(
    store: Store, kind: str, key: str, make: Callable[[], T], *, group: str = "", load: Callable[[Any], T] = lambda value: value,
    dump: Callable[[T], Any] = lambda value: value, current: Callable[[], bool] = lambda: True,
) -> T:
    """`load` of the stored value of (kind, key), else `make()`, stored as `dump` of it while `current()` (the inputs
    did not change while it was made)."""
    stored = store.get(kind, key, group, load)
    if stored is not None:
        return stored
    made = make()
    if current():
        store.put(kind, key, dump(made), group)
    return made
