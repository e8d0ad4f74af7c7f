"""Atomic file writes: a reader (or a crash) never sees a half-written output."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pipeline.errors import InputError


def write_atomic(path: Path, data: bytes | str, *, display: str | None = None, durable: bool = True) -> None:
    """Write to a temporary file beside `path`, fsync, then os.replace it into place.

    `durable=False` skips the fsync, for files whose loss in a crash costs only time (cache entries
    that check their own contents)."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    shown = display or str(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise InputError(f"cannot write output: {exc.strerror}", path=shown) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
        os.chmod(temp_name, 0o644)
        os.replace(temp_name, path)
    except BaseException as exc:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise InputError(f"cannot write output: {exc.strerror}", path=shown) from None
        raise


def remove_dropped_sheets(previous: dict | None, sheets: set[str], game_out: Path) -> list[str]:
    """Delete the PDFs the previous manifest recorded for sheets no longer in game.yaml (any paper); their names.

    Only files the manifest names, plain names inside the game's folder ending in .pdf: a file the build did
    not write is never touched."""
    removed = []
    for entry in (previous or {}).get("sheets", []):
        if not isinstance(entry, dict) or entry.get("name") in sheets:
            continue
        name = entry.get("file")
        if not isinstance(name, str) or not name.endswith(".pdf") or Path(name).name != name or name.startswith("."):
            continue
        path = game_out / name
        try:
            if path.is_file() and not path.is_symlink():
                path.unlink()
                removed.append(name)
        except OSError:
            pass  # left for the next build; nothing else depends on it
    return removed
