"""Stage results (a game cleaned and split, a game tagged) kept under .refsheets-cache/stages/, keyed by content.

A key hashes the tool (its code and library versions) and every input file the stage reads, as a
sheet key does, so a correction re-runs only its game's stages, a glossary change re-tags without
re-cleaning and a template change re-typesets without either. An entry is one header line (format,
stage, key, sha256 of the rest) and the result as zlib-compressed JSON (a fifth of its size, for a
few milliseconds); anything that does not read back exactly as written is a miss, never an error.
Nothing here imports spaCy or reportlab.
"""
from __future__ import annotations

import hashlib
import json
import zlib
from pathlib import Path

from pipeline.build.keys import ABSENT, CACHE_DIR, FORMAT_VERSION, file_digest, is_input_file, tool_fingerprint
from pipeline.build.output import write_atomic
from pipeline.errors import InputError
from pipeline.project import Project

# Entries kept per game and stage: enough to undo a few corrections (or flip a glossary back) at once.
KEEP_PER_STAGE = 4
SPLIT, TAG = "split", "tag"  # the game cleaned and split; the same document tagged with its glossaries
UNCORRECTED = "uncorrected"  # the game cleaned but for its corrections: what a correction does not change
GLOSSARY = "glossary"  # not a stage of its own: the key of a game's glossaries, under which texts' hits are reused


def stage_key(project: Project, game_id: str, stage: str) -> str:
    """Hash of the tool and the files `stage` reads: the game's folder, and for TAG its two glossaries too
    (GLOSSARY: the glossaries alone, what a text's hits depend on besides the text; UNCORRECTED: the folder but
    its corrections.yaml)."""
    inputs = {}
    if stage != GLOSSARY:
        folder = project.game_dir(game_id)
        inputs = {
            project.display(path): file_digest(path) for path in sorted(folder.iterdir())
            if is_input_file(path) and not (stage == UNCORRECTED and path.name == "corrections.yaml")
        }
    if stage in (TAG, GLOSSARY):
        for name in ("common.yaml", f"{game_id}.yaml"):
            path = project.glossaries / name
            inputs[project.display(path)] = file_digest(path) if path.is_file() else ABSENT
    described = {"tool": tool_fingerprint(), "game": game_id, "stage": stage, "inputs": inputs}
    return hashlib.sha256(json.dumps(described, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


class StageCache:
    """Entries under <root>/.refsheets-cache/stages/<game>/<stage>-<key>.json."""

    def __init__(self, root: Path) -> None:
        self.folder = root / CACHE_DIR / "stages"

    def _path(self, game_id: str, stage: str, key: str) -> Path:
        return self.folder / game_id / f"{stage}-{key}.json"

    def has(self, game_id: str, stage: str, key: str) -> bool:
        """Whether an entry seems to be there (`get` still checks it)."""
        return self._path(game_id, stage, key).is_file()

    def get(self, game_id: str, stage: str, key: str) -> dict | None:
        """The stored result, or None when it is missing or does not check out."""
        try:
            header, _, payload = self._path(game_id, stage, key).read_bytes().partition(b"\n")
            meta = json.loads(header)
            if meta != {"format": FORMAT_VERSION, "stage": stage, "key": key, "sha256": hashlib.sha256(payload).hexdigest()}:
                return None
            data = json.loads(zlib.decompress(payload))
            return data if isinstance(data, dict) else None
        except (OSError, ValueError, zlib.error):
            return None

    def latest(self, game_id: str, stage: str) -> dict | None:
        """The most recent entry of a game's stage that checks out, whatever its key (for what it may still share)."""
        entries = []
        for path in (self.folder / game_id).glob(f"{stage}-*.json"):
            try:
                entries.append((path.stat().st_mtime_ns, path.stem[len(stage) + 1:]))
            except OSError:
                continue  # pruned meanwhile by another process
        for _, key in sorted(entries, reverse=True):
            data = self.get(game_id, stage, key)
            if data is not None:
                return data
        return None

    def put(self, game_id: str, stage: str, key: str, data: dict) -> None:
        """Store a result (atomically), then drop all but the most recent entries of this game and stage."""
        payload = zlib.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 1)
        header = json.dumps({"format": FORMAT_VERSION, "stage": stage, "key": key, "sha256": hashlib.sha256(payload).hexdigest()})
        try:
            # No fsync: an entry cut short by a crash fails its sha256 and is made again.
            write_atomic(self._path(game_id, stage, key), header.encode("utf-8") + b"\n" + payload, durable=False)
            self._prune(game_id, stage)
        except (OSError, InputError):
            pass  # a cache that cannot be written only costs time: the result is still returned

    def _prune(self, game_id: str, stage: str) -> None:
        entries = []
        for path in (self.folder / game_id).glob(f"{stage}-*.json"):
            try:
                entries.append((path.stat().st_mtime_ns, path))
            except OSError:
                continue  # pruned meanwhile by another process
        for _, path in sorted(entries, reverse=True)[KEEP_PER_STAGE:]:
            path.unlink(missing_ok=True)
