"""Which renderer makes a sheet: the template's `options.kind` (quickref by default) decides."""
from __future__ import annotations

from dataclasses import dataclass

from pipeline.errors import BuildError, ConfigError, RefsheetsError
from pipeline.model import Document, SheetSpec
from pipeline.sheets.layout import Layout

SHEET_KINDS = ("quickref", "cards")


@dataclass(frozen=True)
class RenderedSheet:
    pdf: bytes
    pages: int
    revision: str


def render(document: Document, sheet: SheetSpec, layout: Layout, *, dated=None) -> RenderedSheet:
    """The sheet's PDF; `dated(revision)` gives the day its content last changed (None: print the revision alone)."""
    kind = layout.options.get("kind", "quickref")
    if kind not in SHEET_KINDS:
        raise ConfigError(f"options.kind {kind!r} is not a sheet kind ({', '.join(SHEET_KINDS)})", path=f"templates/{layout.name}.yaml")
    try:
        if kind == "quickref":
            from pipeline.sheets.quickref import make_quickref

            pdf, pages, revision = make_quickref(document, sheet, layout, dated=dated)
        elif kind == "cards":
            from pipeline.sheets.cards.draw import make_cards

            pdf, pages, revision = make_cards(document, sheet, layout, dated=dated)
    except RefsheetsError:
        raise
    except Exception as exc:  # a reportlab layout failure (e.g. a flowable larger than its frame)
        raise BuildError(f"{document.game.id}/{sheet.name}: typesetting failed: {exc}") from exc
    return RenderedSheet(pdf=pdf, pages=pages, revision=revision)
