"""Which renderer makes a sheet: the kind its template declares (`options.kind`, registered in kinds.py), with the typed
recipe read for it."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from pipeline.errors import BuildError, RefsheetsError
from pipeline.model import Document

if TYPE_CHECKING:  # the renderers and their readers load only when a sheet is made
    from pipeline.sheets.config import SheetConfig


@dataclass(frozen=True)
class PrintedPart:
    """One section (or card) as a sheet prints it: what the change report compares between two builds."""

    id: str  # the section id (a card split out of a section: the section id and the entry name)
    title: str
    text: str
    section: str = ""  # the section it came from (a card's key may add "#entry" to it)

    def to_json(self) -> list[str]:
        return [self.id, self.title, self.text, self.section]


@dataclass(frozen=True)
class RenderedSheet:
    pdf: bytes
    pages: int
    revision: str
    printed: tuple[PrintedPart, ...] = ()


def render(document: Document, *, sheet: SheetConfig, paper: str, dated=None) -> RenderedSheet:
    """The sheet as PDF bytes on `paper`, from the layout and recipe its config holds for that paper;
    `dated(revision)` gives the day its content last changed (None: the revision is printed alone).
    The game's icons (game.yaml) are the ones every text helper of the renderer draws."""
    from pipeline.sheets import icons

    icons.check_letters(document.game.icons, font_path=str(sheet.layouts[paper].fonts.bold), game=document.game.id)
    with icons.using(document.game.icons):
        return _render(document, sheet=sheet, paper=paper, dated=dated)


def _render(document: Document, *, sheet: SheetConfig, paper: str, dated=None) -> RenderedSheet:
    from pipeline.sheets.kinds import sheet_kind

    layout, recipe = sheet.layouts[paper], sheet.recipes[paper]
    kind = sheet_kind(sheet.kind)
    try:
        pdf, pages, revision, parts = kind.render(document, sheet=sheet.name, layout=layout, recipe=recipe, dated=dated)
    except RefsheetsError:
        raise
    except Exception as exc:  # a reportlab layout failure (e.g. a flowable larger than its frame)
        raise BuildError(f"{document.game.id}/{sheet.name}: typesetting failed: {exc}") from exc
    return RenderedSheet(pdf=pdf, pages=pages, revision=revision, printed=tuple(PrintedPart(*part) for part in parts))


def printed_inputs(document: Document, *, sheet: SheetConfig, paper: str) -> str:
    """Everything render() reads for this sheet, as one string: the sheet's configuration, the document but its
    sections, and of the sections only what the sheet prints (quickref: the sections it chooses, as they are:
    condensing and pacing them are functions of them and the recipe, and cost a refresh a tenth of a second
    for every sheet it checks; cards: the card set). Two documents with the same string make the same PDF
    (for the same code, fonts and day), so the build need not typeset a sheet again when a correction changed
    only text it does not print. The lines corrections changed (`corrected`) are read only by a recipe's sentence
    patterns, so they count only for a sheet that has some. A renderer that comes to read more of the document must
    add it here."""
    from pipeline.model import to_data
    from pipeline.sheets.kinds import sheet_kind
    from pipeline.sheets.patterns import PATTERN_KEYS

    recipe = sheet.recipes[paper]
    printed = sheet_kind(sheet.kind).printed(document, recipe)
    patterned = any(getattr(recipe, key, ()) for key in PATTERN_KEYS)
    rest = {item.name: to_data(getattr(document, item.name)) for item in fields(document)
            if item.name != "sections" and (item.name != "corrected" or patterned)}
    return repr((sheet, paper, rest, printed))

