"""Sheets kept in the project's store (pipeline/store.py): a PDF with what the build knows of it, by the sheet's key.

Nothing here imports spaCy or reportlab: deciding that a sheet is up to date must stay instant. An entry's
payload is one JSON line (pages, revision, paper, section digests, what it prints) and the PDF; one that
does not read back exactly as written is a miss. Entries are grouped by game, sheet and paper, so building
on Letter now and then never pushes out the A4 entries; a game's proof pages are kept the same way.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from pipeline.build.keys import project_store
from pipeline.store import sweep_temp_files

SHEET, PROOF = "sheets", "proofs"


@dataclass(frozen=True)
class CachedSheet:
    key: str
    game: str
    sheet: str
    pdf: bytes
    pages: int
    revision: str
    paper: str
    sections: tuple[dict, ...]  # changes.SectionDigest.to_json() of the document the PDF was made from
    # What the sheet prints, section by section (sheets.PrintedPart.to_json()), for the word-level change report.
    printed: tuple[list, ...] = ()
    # The sheet's warnings (a glyph its fonts lack, a recipe override that matched nothing), kept with it so that a
    # restore from the cache says them and the manifest records them for the builds that leave the sheet be.
    warnings: tuple[str, ...] = ()


def sheet_group(game: str, sheet: str, paper: str) -> str:
    return f"{game}/{sheet}--{paper}"


class SheetCache:
    """The sheets and proof pages of the project at `root` (<root>/.refsheets-cache/sheets/, proofs/)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.store = project_store(root)

    def has(self, key: str, group: str) -> bool:
        return self.store.has(SHEET, key, group)

    def get(self, key: str, group: str) -> CachedSheet | None:
        """The entry for `key` in `group` (sheet_group), or None when it is missing or does not check out."""
        payload = self.store.read(SHEET, key, group)
        if payload is None:
            return None
        line, _, pdf = payload.partition(b"\n")
        try:
            record = json.loads(line)
            sections = tuple(record.pop("sections"))
            if not pdf.startswith(b"%PDF") or not all(isinstance(s, dict) and {"id", "title", "digest"} <= s.keys() for s in sections):
                return None
            said = tuple(message for message in record.pop("warnings", ()) if isinstance(message, str))
            entry = CachedSheet(key=key, pdf=pdf, sections=sections, printed=tuple(record.pop("printed")), warnings=said, **record)
            return entry if sheet_group(entry.game, entry.sheet, entry.paper) == group and isinstance(entry.pages, int) else None
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    def put(self, entry: CachedSheet) -> None:
        """Store an entry, keeping the most recent few of its game, sheet and paper."""
        record = {name: value for name, value in asdict(entry).items() if name not in ("key", "pdf")}
        line = json.dumps(record, sort_keys=True, ensure_ascii=False).encode("utf-8")
        self.store.write(SHEET, entry.key, line + b"\n" + entry.pdf, sheet_group(entry.game, entry.sheet, entry.paper))

    def recorded(self, game: str, sheet: dict | None) -> CachedSheet | None:
        """The entry a manifest's sheet entry (name, paper, key) names, or None."""
        try:
            return self.get(sheet["key"], sheet_group(game, sheet["name"], sheet["paper"])) if sheet and sheet["key"] else None
        except (KeyError, TypeError):
            return None

    def sweep(self, game: str) -> None:
        """Leftovers of a build of `game` killed while it wrote an entry (under the lock)."""
        for folder in (self.store.folder / SHEET / game).glob("*"):
            sweep_temp_files(folder)

    def has_proof(self, game: str, key: str) -> bool:
        return self.store.has(PROOF, key, game)
