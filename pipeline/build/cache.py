"""Sheets in the project's store, grouped by game, sheet and paper, and the printed index, which takes a sheet from the
store when what it prints is unchanged (docs/architecture.md, "The store"). No spaCy or reportlab: staying instant."""
from __future__ import annotations

from base64 import b64decode, b64encode
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from pipeline.build.keys import PRINTED, SHEET, SheetKey, key as store_key, project_store
from pipeline.model import Document, from_data, to_data

PROOF = "proofs"


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
    printed: tuple[list, ...] = ()  # what it prints, section by section (sheets.PrintedPart.to_json()): the word-level report
    warnings: tuple[str, ...] = ()  # said again on a restore, and recorded in the manifest for builds that leave it be


def sheet_group(game: str, sheet: str, paper: str) -> str:
    return f"{game}/{sheet}--{paper}"


class SheetCache:
    """The sheets, printed index and proof pages of the project at `root` (<root>/.refsheets-cache/)."""

    def __init__(self, root: Path) -> None:
        self.store = project_store(root)

    def get(self, key: str, group: str) -> CachedSheet | None:
        """The entry for `key` in `group` (sheet_group), or None when it is missing or does not check out."""

        def load(record: dict) -> CachedSheet | None:
            entry = from_data(CachedSheet, record, key=key, pdf=b64decode(record["pdf"], validate=True))
            sections_ok = all({"id", "title", "digest"} <= section.keys() for section in entry.sections)
            mine = sheet_group(entry.game, entry.sheet, entry.paper) == group
            return entry if entry.pdf.startswith(b"%PDF") and sections_ok and mine else None

        return self.store.get(SHEET, key, group, load)

    def put(self, entry: CachedSheet) -> None:
        record = {**to_data(entry), "pdf": b64encode(entry.pdf).decode("ascii")}
        self.store.put(SHEET, entry.key, record, sheet_group(entry.game, entry.sheet, entry.paper))

    def recorded(self, game: str, sheet: dict | None) -> CachedSheet | None:
        """The entry a manifest's sheet entry (name, paper, key) names, or None."""
        try:
            return self.get(sheet["key"], sheet_group(game, sheet["name"], sheet["paper"])) if sheet and sheet["key"] else None
        except (KeyError, TypeError):
            return None

    def reuse_printed(self, key: SheetKey, printed: str, *, dated: Callable[[str], str]) -> CachedSheet | None:
        """The cached sheet these printed inputs made, if the build would print it with the same date."""
        group = sheet_group(key.game, key.sheet, key.paper)
        index = self.store.get(PRINTED, printed, group, lambda record: (str(record["sheet_key"]), record["date"]))
        entry = self.get(index[0], group) if index is not None else None
        return entry if entry is not None and dated(entry.revision) == index[1] else None


def typeset(
    cache: SheetCache, key: SheetKey, document: Document, *, sheet, sections: tuple[dict, ...], dated: Callable[[str], str], root: Path,
    force: bool = False,
) -> tuple[CachedSheet, Callable[[], None]]:
    """The sheet's entry under `key`: the PDF its printed content made before (never with `force`), or rendered now;
    and what records it in the printed index (once the build has filed it under its key)."""
    from pipeline.sheets import printed_inputs, render

    group = sheet_group(key.game, key.sheet, key.paper)
    # What the renderer reads, without the project's folder (the layout names its fonts by path): a moved project
    # still finds its sheets.
    printed = printed_inputs(document, sheet=sheet, paper=key.paper)
    printed = printed.replace(str(root.resolve()), "<project>").replace(str(root), "<project>")
    printed = store_key(PRINTED, key.game, key.inputs, sheet=key.sheet, paper=key.paper, printed=printed)
    same = None if force else cache.reuse_printed(key, printed, dated=dated)
    if same is not None:
        entry = replace(same, key=key.digest, sections=sections)
    else:
        rendered = render(document, sheet=sheet, paper=key.paper, dated=dated)
        entry = CachedSheet(
            key=key.digest, game=key.game, sheet=key.sheet, pdf=rendered.pdf, pages=rendered.pages, revision=rendered.revision,
            paper=sheet.layouts[key.paper].paper, sections=sections, printed=tuple(part.to_json() for part in rendered.printed),
        )

    def remember() -> None:  # the day the PDF prints beside its revision (`dated` is a function of the revision alone)
        cache.store.put(PRINTED, printed, {"sheet_key": key.digest, "date": dated(entry.revision)}, group)

    return entry, remember
