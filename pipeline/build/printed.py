"""Sheets made again from the cache when what they print is unchanged: a correction re-typesets only the sheets it shows on.

A sheet's cache key (keys.py) changes with any of its game's files, so one correction makes every sheet
of the game stale; most of them print none of the corrected text. The printed key hashes what the
renderer reads (sheets.printed_inputs: the sheet's configuration, the document but its sections, the
sections or cards it prints) with the tool and every input that reaches the PDF other than through the
document (templates, fonts, game.yaml: all inputs but the game's text, corrections and glossaries). An
index file maps it to the sheet cache entry it made and the date that PDF printed; a sheet is taken from
there only while the build would print the same date, so its bytes are exactly a fresh render's.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Callable

from pipeline.build.cache import KEEP_PER_SHEET, CachedSheet, SheetCache
from pipeline.build.keys import SheetKey, tool_fingerprint
from pipeline.build.output import write_atomic
from pipeline.errors import InputError
from pipeline.model import Document


def printed_key(key: SheetKey, printed: str, *, root: Path) -> str:
    """The printed key of a sheet whose renderer reads `printed` (sheets.printed_inputs) in the project at `root`.

    The project's own folder is taken out of it (the layout names its fonts by path; their contents are in
    the sheet's inputs), so a project moved or copied elsewhere still finds its sheets."""
    printed = printed.replace(str(root.resolve()), "<project>").replace(str(root), "<project>")
    through_document = {f"sources/{key.game}/corrections.yaml"}
    files = {
        path: digest for path, digest in key.inputs.items()
        if path not in through_document and not path.startswith((f"sources/{key.game}/raw.", "glossaries/"))
    }
    described = json.dumps([tool_fingerprint(), key.game, key.sheet, key.paper, files], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256((described + "\n" + printed).encode("utf-8")).hexdigest()


class PrintedIndex:
    """<root>/.refsheets-cache/printed/<game>/<printed key>.json -> {"sheet_key": ..., "date": ...} (a folder per
    game: keeping a game's few entries looks at that game's files, not every game's)."""

    def __init__(self, cache: SheetCache, *, reuse: bool = True) -> None:
        self.cache, self.reuse_allowed = cache, reuse  # not with --force: that typesets every sheet again
        self.folder: Path = cache.folder / "printed"

    def reuse(self, game: str, printed: str, *, dated: Callable[[str], str]) -> CachedSheet | None:
        """The cached sheet these printed inputs made, if the build would print it with the same date."""
        if not self.reuse_allowed:
            return None
        try:
            record = json.loads((self.folder / game / f"{printed}.json").read_text(encoding="utf-8"))
            entry = self.cache.get(str(record["sheet_key"]))
            if entry is not None and entry.game == game and dated(entry.revision) == record["date"]:
                return entry
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass  # missing or damaged: typeset it
        return None

    def put(self, game: str, printed: str, *, sheet_key: str, date: str) -> None:
        try:
            write_atomic(self.folder / game / f"{printed}.json", json.dumps({"sheet_key": sheet_key, "date": date}), durable=False)
            mine = sorted((self.folder / game).glob("[0-9a-f]" * 64 + ".json"), key=lambda path: path.stat().st_mtime_ns, reverse=True)
            for path in mine[KEEP_PER_SHEET * 8:]:  # a few per sheet; an index whose sheet entry was pruned is a miss anyway
                path.unlink(missing_ok=True)
        except (OSError, InputError):
            pass  # only costs a typesetting next time


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
    same = index.reuse(key.game, printed, dated=recorded)
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
            index.put(key.game, printed, sheet_key=key.digest, date=dates[-1])

    return entry, remember

