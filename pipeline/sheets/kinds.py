"""The kinds of sheet, registered by name: how each reads its template's defaults and a game's recipe, renders, and
says what it prints. A template's `options.kind` names one; a name not registered here is an error listing them.

A new kind is one SheetKind in KINDS. Its renderer and its selection load only when a sheet of that kind is made.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from pipeline.errors import BuildError
from pipeline.schema import Fields
from pipeline.sheets.cards.geometry import layout_problem, read_card_options
from pipeline.sheets.cards.recipe import CardRecipe, read_card_defaults, read_card_recipe
from pipeline.sheets.layout import MIN_COLUMN_MM, MM, Layout, column_problem
from pipeline.sheets.quickref.recipe import Recipe, read_recipe
from pipeline.tag.kinds import EVERYDAY

if TYPE_CHECKING:
    from pipeline.model import Document
    from pipeline.sheets.config import TemplateSheet

AnyRecipe = Recipe | CardRecipe
# (pdf, pages, revision, what it printed: (id, title, text, section) of each part, as sheets.PrintedPart holds them)
Rendered = tuple[bytes, int, str, tuple[tuple[str, str, str, str], ...]]


@dataclass(frozen=True)
class SheetKind:
    """What one kind of sheet brings to the build."""

    name: str
    # The template's `options` (for one paper) -> the kind's default recipe; None when a problem was reported.
    read_defaults: Callable[[Fields, Layout, str], AnyRecipe | None]
    # A game's recipe on the template's defaults (and the project's term kinds) -> (recipe, problem of the page,
    # the recipe key to report it at).
    read_recipe: Callable[[Fields, TemplateSheet, str], tuple[AnyRecipe | None, str | None, str]]
    # (document, sheet name, layout, recipe, dated) -> the rendered sheet.
    render: Callable[..., Rendered]
    # (document, recipe) -> what of the document's sections the sheet prints, as data (see sheets.printed_inputs).
    printed: Callable[[Document, AnyRecipe], object]


def _quickref_of(recipe: AnyRecipe) -> Recipe:
    if not isinstance(recipe, Recipe):  # a sheet's recipe is read by its own kind (config.py): this is a bug
        raise BuildError(f"a quickref sheet was given a {type(recipe).__name__}")
    return recipe


def _cards_of(recipe: AnyRecipe) -> CardRecipe:
    if not isinstance(recipe, CardRecipe):
        raise BuildError(f"a cards sheet was given a {type(recipe).__name__}")
    return recipe


def _quickref_defaults(options: Fields, layout: Layout, paper: str) -> AnyRecipe | None:
    base = read_recipe(options.mapping("recipe"), base=None, paper=paper)
    options.finish()
    return base


def _quickref_recipe(fields: Fields, template: TemplateSheet, paper: str) -> tuple[AnyRecipe | None, str | None, str]:
    base, layout = template.base, template.layout
    kinds = template.term_kinds
    recipe = read_recipe(
        fields, base=base if isinstance(base, Recipe) else None, paper=paper, tagged_kinds=kinds.tagged
    )
    too_narrow = recipe is not None and layout.column_width(recipe.columns[1]) < MIN_COLUMN_MM * MM
    problem = column_problem(layout, recipe.columns[1]) if too_narrow and recipe is not None else None
    return recipe, problem, "columns"


def _quickref_render(document: Document, *, sheet: str, layout: Layout, recipe: AnyRecipe, dated=None) -> Rendered:
    from pipeline.sheets.quickref import quickref_with_sections

    pdf, pages, revision, sections = quickref_with_sections(document, sheet=sheet, layout=layout, recipe=_quickref_of(recipe), dated=dated)
    return pdf, pages, revision, tuple((section.id, section.title, _with_english_names(section), section.id) for section in sections)


def _with_english_names(section) -> str:
    """A section's text and, after it, the English names the sheet shows beside its terms ('‹Spacecraft›'), so a
    glossary edit that renames one is a change of the words printed, reported as such."""
    names = dict.fromkeys(hit.en for hit in (*section.title_terms, *section.text_terms()) if hit.en and hit.kind != EVERYDAY)
    return section.text + ("\n" + " ".join(f"‹{name}›" for name in names) if names else "")


def _quickref_printed(document: Document, recipe: AnyRecipe) -> object:
    from pipeline.model import to_data
    from pipeline.sheets.quickref.recipe import select_sections

    return to_data(select_sections(document, _quickref_of(recipe)))


def _cards_defaults(options: Fields, layout: Layout, paper: str) -> AnyRecipe | None:
    card_options = read_card_options(options, layout)
    base = read_card_defaults(options.mapping("recipe"), options=card_options) if card_options else None
    if base is not None and (problem := layout_problem(layout, base.options)):
        options.fail_here(problem)
    return base


def _cards_recipe(fields: Fields, template: TemplateSheet, paper: str) -> tuple[AnyRecipe | None, str | None, str]:
    base = template.base
    recipe = read_card_recipe(fields, base=base, term_kinds=template.term_kinds.terms) if isinstance(base, CardRecipe) else None
    problem = layout_problem(template.layout, recipe.options) if recipe else None
    return recipe, problem, "mode" if "mode" in fields.data else "columns"


def _cards_render(document: Document, *, sheet: str, layout: Layout, recipe: AnyRecipe, dated=None) -> Rendered:
    from pipeline.sheets.cards.draw import cards_with_set

    pdf, pages, revision, card_set = cards_with_set(document, sheet=sheet, layout=layout, recipe=_cards_of(recipe), dated=dated)
    # A card's key is its section id, then "#entry" for an entry split out of that section.
    printed = tuple(
        (card.key, card.title + (f" · {card.title_en}" if card.title_en else ""), card.text, card.key.split("#")[0])
        for card in card_set.cards
    )
    return pdf, pages, revision, printed


def _cards_printed(document: Document, recipe: AnyRecipe) -> object:
    from pipeline.sheets.cards.select import select_cards

    return repr(select_cards(document, recipe=_cards_of(recipe)))


KINDS: dict[str, SheetKind] = {
    kind.name: kind
    for kind in (
        SheetKind("quickref", _quickref_defaults, _quickref_recipe, _quickref_render, _quickref_printed),
        SheetKind("cards", _cards_defaults, _cards_recipe, _cards_render, _cards_printed),
    )
}
SHEET_KINDS = tuple(KINDS)


def sheet_kind(name: str) -> SheetKind:
    """The registered kind of that name; a BuildError listing the kinds there are for any other."""
    try:
        return KINDS[name]
    except KeyError:
        raise BuildError(f"unknown sheet kind {name!r} (kinds: {', '.join(SHEET_KINDS)})") from None
