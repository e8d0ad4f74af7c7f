"""output/<game>/manifest.json and the output files beside it: read the previous build, write only what differs."""
from __future__ import annotations

import hashlib
import json
import os
from datetime import date, datetime, timezone
from pathlib import Path

from pipeline.build.output import write_atomic


def build_date() -> str:
    """Today's date, or SOURCE_DATE_EPOCH's (the reproducible-builds convention) when it is set.

    Only the manifest carries it; the PDF prints the revision, so the same inputs give the same bytes
    whatever the day.
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.fromtimestamp(int(epoch), tz=timezone.utc).date().isoformat()
    return date.today().isoformat()


def read_manifest(game_out: Path) -> dict | None:
    """The previous build's manifest of a game, or None when absent or unreadable (then: a first build)."""
    try:
        data = json.loads((game_out / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("sheets"), list) else None


def manifest_sheet(manifest: dict | None, name: str, *, file: str | None = None) -> dict | None:
    """The manifest entry of sheet `name` (of its file `file`, when a sheet was built on two papers)."""
    for entry in (manifest or {}).get("sheets", []):
        if isinstance(entry, dict) and entry.get("name") == name and (file is None or entry.get("file") == file):
            return entry
    return None


def same_bytes(path: Path, sha256: object) -> bool:
    try:
        return isinstance(sha256, str) and hashlib.sha256(path.read_bytes()).hexdigest() == sha256
    except OSError:
        return False


def write_if_changed(path: Path, data: bytes | str, *, display: str | None = None) -> bool:
    """write_atomic unless the file already holds exactly these bytes (then its mtime stays)."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        if path.read_bytes() == payload:
            return False
    except OSError:
        pass
    write_atomic(path, payload, display=display)
    return True
