"""Sheets made again from the cache when what they print is unchanged: a correction re-typesets only the sheets it shows on.

A sheet's cache key (keys.py) changes with any of its game's files, so one correction makes every sheet
of the game stale; most of them print none of the corrected text. The printed key hashes what the
renderer reads (sheets.printed_inputs: the sheet's configuration, the document but its sections, the
sections or cards it prints) with the tool and every input that reaches the PDF other than through the
document (templates, fonts, game.yaml: all inputs but the game's text, corrections and glossaries). An
index entry maps it to the sheet cache entry it made and the date that PDF printed; a sheet is taken from
there only while the build would print the same date, so its bytes are exactly a fresh render's. The index
is entries of the project's store (pipeline/store.py), grouped as the sheets are.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

from pipeline.build.cache import CachedSheet, SheetCache, sheet_group
from pipeline.build.keys import SheetKey, tool_fingerprint
from pipeline.model import Document
from pipeline.store import digest

PRINTED = "printed"


def printed_key(key: SheetKey, printed: str, *, root: Path) -> str:
    """The printed key of a sheet whose renderer reads `printed` (sheets.printed_inputs) in the project at `root`.

    The project's own folder is taken out of it (the layout names its fonts by path; their contents are in
    the sheet's inputs), so a project moved or copied elsewhere still finds its sheets."""
    printed = printed.replace(str(root.resolve()), "<project>").replace(str(root), "<project>")
    through_document = {f"sources/{key.game}/corrections.yaml"}
    files = {
        path: found for path, found in key.inputs.items()
        if path not in through_document and not path.startswith((f"sources/{key.game}/raw.", "glossaries/"))
    }
    return digest(tool_fingerprint(), key.game, key.sheet, key.paper, files, printed)


class PrintedIndex:
    """Entries of kind "printed" in the project's store, grouped as the sheets are: printed key -> {"sheet_key": ...,
    "date": ...}."""

    def __init__(self, cache: SheetCache, *, reuse: bool = True) -> None:
        self.cache, self.reuse_allowed = cache, reuse  # not with --force: that typesets every sheet again

    def reuse(self, key: SheetKey, printed: str, *, dated: Callable[[str], str]) -> CachedSheet | None:
        """The cached sheet these printed inputs made, if the build would print it with the same date."""
        if not self.reuse_allowed:
            return None
        group = sheet_group(key.game, key.sheet, key.paper)
        record = self.cache.store.get(PRINTED, printed, group)
        try:
            entry = self.cache.get(str(record["sheet_key"]), group) if record else None
            if entry is not None and dated(entry.revision) == record["date"]:
                return entry
        except (KeyError, TypeError):
            pass  # damaged: typeset it
        return None

    def put(self, key: SheetKey, printed: str, *, date: str) -> None:
        self.cache.store.put(PRINTED, printed, {"sheet_key": key.digest, "date": date}, sheet_group(key.game, key.sheet, key.paper))


def typeset(
    index: PrintedIndex, key: SheetKey, document: Document, *, sheet, sections: tuple[dict, ...], dated: Callable[[str], str], root: Path
) -> tuple[CachedSheet, Callable[[], None]]:
    """The sheet's cache entry under `key`: the PDF its printed content made before, or rendered now; and what
    records it in the index (called once the build has filed the entry under its key)."""
    from pipeline.sheets import printed_inputs, render

    dates: list[str] = []  # the day the PDF prints beside its revision, as `dated` gave it

    def recorded(revision: str) -> str:
        dates.append(dated(revision))
        return dates[-1]

    printed = printed_key(key, printed_inputs(document, sheet=sheet, paper=key.paper), root=root)
    same = index.reuse(key, printed, dated=recorded)
    if same is not None:
        entry = replace(same, key=key.digest, sections=sections)
    else:
        rendered = render(document, sheet=sheet, paper=key.paper, dated=recorded)
        entry = CachedSheet(
            key=key.digest, game=key.game, sheet=key.sheet, pdf=rendered.pdf, pages=rendered.pages, revision=rendered.revision,
            paper=sheet.layouts[key.paper].paper, sections=sections, printed=tuple(part.to_json() for part in rendered.printed),
        )

    def remember() -> None:
        if dates:
            index.put(key, printed, date=dates[-1])

    return entry, remember

