"""Which renderer makes a sheet: the kind its template declares (`options.kind`), with the typed recipe read for it."""

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

    @classmethod
    def from_json(cls, data: object) -> "PrintedPart | None":
        if isinstance(data, list) and len(data) == 4 and all(isinstance(item, str) for item in data):
            return cls(*data)
        return None


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
    layout, recipe = sheet.layouts[paper], sheet.recipes[paper]
    try:
        if sheet.kind == "quickref":
            from pipeline.sheets.quickref import quickref_with_sections

            pdf, pages, revision, sections = quickref_with_sections(document, sheet=sheet.name, layout=layout, recipe=recipe, dated=dated)
            printed = tuple(PrintedPart(section.id, section.title, _with_english_names(section), section.id) for section in sections)
        else:
            from pipeline.sheets.cards.draw import cards_with_set

            pdf, pages, revision, card_set = cards_with_set(document, sheet=sheet.name, layout=layout, recipe=recipe, dated=dated)
            # A card's key is its section id, then "#entry" for an entry split out of that section.
            printed = tuple(
                PrintedPart(card.key, card.title + (f" · {card.title_en}" if card.title_en else ""), card.text, card.key.split("#")[0])
                for card in card_set.cards
            )
    except RefsheetsError:
        raise
    except Exception as exc:  # a reportlab layout failure (e.g. a flowable larger than its frame)
        raise BuildError(f"{document.game.id}/{sheet.name}: typesetting failed: {exc}") from exc
    return RenderedSheet(pdf=pdf, pages=pages, revision=revision, printed=printed)


def _with_english_names(section) -> str:
    """A section's text and, after it, the English names the sheet shows beside its terms ('‹Spacecraft›'), so a
    glossary edit that renames one is a change of the words printed, reported as such."""
    names = dict.fromkeys(hit.en for hit in (*section.title_terms, *section.text_terms()) if hit.en and hit.kind != "everyday")
    return section.text + ("\n" + " ".join(f"‹{name}›" for name in names) if names else "")


def printed_inputs(document: Document, *, sheet: SheetConfig, paper: str) -> str:
    """Everything render() reads for this sheet, as one string: the sheet's configuration, the document but its
    sections, and of the sections only what the sheet prints (quickref: the sections it chooses, as they are:
    condensing and pacing them are functions of them and the recipe, and cost a refresh a tenth of a second
    for every sheet it checks; cards: the card set). Two documents with the same string make the same PDF
    (for the same code, fonts and day), so the build need not typeset a sheet again when a correction changed
    only text it does not print. A renderer that comes to read more of the document must add it here."""
    from pipeline.model import to_data

    recipe = sheet.recipes[paper]
    if sheet.kind == "quickref":
        from pipeline.sheets.quickref.recipe import select_sections

        printed = to_data(select_sections(document, recipe))
    else:
        from pipeline.sheets.cards.select import select_cards

        printed = repr(select_cards(document, recipe=recipe))
    rest = {item.name: to_data(getattr(document, item.name)) for item in fields(document) if item.name != "sections"}
    return repr((sheet, paper, rest, printed))

