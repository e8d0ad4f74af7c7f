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
