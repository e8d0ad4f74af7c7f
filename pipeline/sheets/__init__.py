"""Which renderer makes a sheet: the kind its template declares (`options.kind`), with the typed recipe read for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipeline.errors import BuildError, RefsheetsError
from pipeline.model import Document

if TYPE_CHECKING:  # the renderers and their readers load only when a sheet is made
    from pipeline.sheets.config import SheetConfig


@dataclass(frozen=True)
class RenderedSheet:
    pdf: bytes
    pages: int
    revision: str


def render(document: Document, *, sheet: SheetConfig, paper: str, dated=None) -> RenderedSheet:
    """The sheet as PDF bytes on `paper`, from the layout and recipe its config holds for that paper;
    `dated(revision)` gives the day its content last changed (None: the revision is printed alone)."""
    layout, recipe = sheet.layouts[paper], sheet.recipes[paper]
    try:
        if sheet.kind == "quickref":
            from pipeline.sheets.quickref import make_quickref

            pdf, pages, revision = make_quickref(document, sheet=sheet.name, layout=layout, recipe=recipe, dated=dated)
        else:
            from pipeline.sheets.cards.draw import make_cards

            pdf, pages, revision = make_cards(document, sheet=sheet.name, layout=layout, recipe=recipe, dated=dated)
    except RefsheetsError:
        raise
    except Exception as exc:  # a reportlab layout failure (e.g. a flowable larger than its frame)
        raise BuildError(f"{document.game.id}/{sheet.name}: typesetting failed: {exc}") from exc
    return RenderedSheet(pdf=pdf, pages=pages, revision=revision)
