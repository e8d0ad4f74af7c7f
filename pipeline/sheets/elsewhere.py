"""A game's sheets -> what each quickref leaves to another sheet: the sections another sheet names by id are that
sheet's, and a quickref prints, where they would be, a one-line pointer to it ("Sistema de experiencia → hoja
«Experiencia y campañas»") instead of printing them twice. A recipe opts out with `point_to_other_sheets: false`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.sheets.config import SheetConfig


def named_ids(sheet: SheetConfig) -> tuple[str, ...]:
    """The section ids a sheet's recipe names to print (its `sections: - id:`, or its card groups' `- id:`), any paper."""
    from pipeline.sheets.cards.recipe import CardRecipe

    found: dict[str, None] = {}
    for recipe in sheet.recipes.values():
        if isinstance(recipe, CardRecipe):
            found.update((selector.id, None) for group in recipe.groups for selector in group.selectors if selector.id)
        else:
            found.update((selector.id, None) for selector in recipe.sections if selector.id)
    return tuple(found)


def with_pointers(sheets: tuple[SheetConfig, ...]) -> tuple[SheetConfig, ...]:
    """Each quickref's recipes told which sections the game's other sheets name, and the label of the sheet naming each."""
    from pipeline.sheets.quickref.recipe import Recipe

    claims = {sheet.name: tuple((section_id, _label(sheet)) for section_id in named_ids(sheet)) for sheet in sheets}
    made = []
    for sheet in sheets:
        others = tuple(claim for name, owned in claims.items() if name != sheet.name for claim in owned)
        recipes = {
            paper: replace(recipe, elsewhere=others) if isinstance(recipe, Recipe) and recipe.point_to_other_sheets else recipe
            for paper, recipe in sheet.recipes.items()
        }
        made.append(replace(sheet, recipes=recipes))
    return tuple(made)


def _label(sheet: SheetConfig) -> str:
    return next(iter(sheet.recipes.values())).label
