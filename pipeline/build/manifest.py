"""output/<game>/manifest.json and the output files beside it: read the previous build, write only what differs."""
from __future__ import annotations

import hashlib
import json
import os
from datetime import date, datetime, timezone
from pathlib import Path

from pipeline.store import write_atomic


def build_date() -> str:
    """Today's date, or SOURCE_DATE_EPOCH's (the reproducible-builds convention) when it is set.

    Only the manifest carries it; the PDF prints the revision, so the same inputs give the same bytes
    whatever the day.
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.fromtimestamp(int(epoch), tz=timezone.utc).date().isoformat()
    return date.today().isoformat()


def read_manifest(game_out: Path, *, problems: list[str] | None = None) -> dict | None:
    """The previous build's manifest of a game, or None when absent, unreadable or damaged (then: a first
    build, and the manifest is written again). What is damaged is added to `problems` ("sheets[0].pages is 'many'")."""
    try:
        data = json.loads((game_out / "manifest.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        damage = f"not readable JSON ({exc.strerror if isinstance(exc, OSError) else exc})"
    else:
        found = manifest_damage(data)
        if found is None:
            return data
        damage = found
    if problems is not None:
        problems.append(damage)
    return None


# Fields of a manifest's sheet entry and their types (`pages` an int, not a bool and not "many").
SHEET_FIELDS = {"name": str, "file": str, "pages": int, "paper": str, "revision": str, "changed": str, "key": str, "pdf_sha256": str}


def manifest_damage(data: object) -> str | None:
    """What is wrong with a manifest read back (None: nothing), checked field by field as the build wrote it."""
    if not isinstance(data, dict):
        return f"a {type(data).__name__}, not an object"
    if not isinstance(data.get("sheets"), list):
        return "no list of sheets"
    for index, sheet in enumerate(data["sheets"]):
        if not isinstance(sheet, dict):
            return f"sheets[{index}] is not an object"
        for name, kind in SHEET_FIELDS.items():
            value = sheet.get(name)
            if not isinstance(value, kind) or isinstance(value, bool):
                return f"sheets[{index}].{name} is {value!r}"
        if sheet["pages"] < 1:
            return f"sheets[{index}].pages is {sheet['pages']!r}"
    for name, kind in (("inputs", dict), ("sections", list), ("cleaning_report_sha256", str), ("tool", str), ("game", str)):
        if not isinstance(data.get(name), kind):
            return f"{name} is {data.get(name)!r}"
    if not all(isinstance(path, str) and isinstance(digest, str) for path, digest in data["inputs"].items()):
        return "inputs are not file digests"
    if not all(isinstance(entry, dict) and all(isinstance(entry.get(key), str) for key in ("id", "title", "digest"))
               for entry in data["sections"]):
        return "sections are not section digests"
    return None


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
