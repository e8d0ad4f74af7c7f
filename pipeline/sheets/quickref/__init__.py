"""Quick-reference sheets: recipe -> chosen, condensed sections -> the most readable layout that fits the page budget."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from pipeline.errors import BuildError
from pipeline.model import Document, Section, SheetSpec
from pipeline.sheets.layout import Layout
from pipeline.sheets.quickref.condense import CondenseOptions, condense
from pipeline.sheets.quickref.recipe import Recipe, parse_recipe, select_sections

SIZE_STEP = 0.25  # pt between the body sizes the fit search tries


@dataclass(frozen=True)
class Fit:
    """The layout the fit search chose, and what it produced."""

    columns: int
    body_size: float
    pages: int
    pdf: bytes


def sheet_recipe(document: Document, sheet: SheetSpec, layout: Layout) -> Recipe:
    """The template's default recipe with the game's recipe on top, validated."""
    defaults = layout.options.get("recipe") or {}
    return parse_recipe(
        sheet.recipe,
        defaults=defaults,
        display=f"sources/{document.game.id}/game.yaml",
        line=getattr(sheet.recipe, "line", None),
        paper=layout.paper,
    )


def sheet_sections(document: Document, sheet: SheetSpec, recipe: Recipe) -> list[Section]:
    """The sections the sheet prints, condensed as the recipe asks."""
    display = f"sources/{document.game.id}/game.yaml"
    chosen = select_sections(document, recipe, display=display, line=getattr(sheet.recipe, "line", None))
    options = CondenseOptions(
        examples="examples" in recipe.condense,
        narration="narration" in recipe.condense,
        repeats="repeats" in recipe.condense,
        asides="asides" in recipe.condense,
        narration_patterns=recipe.narration,
        flavor_patterns=recipe.flavor_sentences,
        leave_out_blocks=recipe.leave_out_blocks,
    )
    return condense(chosen, options=options)


def content_revision(sections: list[Section]) -> str:
    """Short hash of what the sheet says: two printouts with the same revision say the same."""
    digest = hashlib.sha256()
    for section in sections:
        digest.update(json.dumps(section.to_json(), sort_keys=True, ensure_ascii=False).encode("utf-8"))
    return digest.hexdigest()[:8]


def body_sizes(recipe: Recipe) -> list[float]:
    """Body sizes to try, largest (most readable) first, on a SIZE_STEP grid, ending at the minimum."""
    low, high = recipe.body_size
    sizes = []
    size = high
    while size > low + 1e-6:
        sizes.append(round(size, 2))
        size -= SIZE_STEP
    sizes.append(low)
    return sizes


def fit_sheet(render, recipe: Recipe) -> Fit:
    """Search body size (largest first) and, for each size, columns (fewest first) until the page budget is met.

    `render(columns, body_size) -> (pdf, pages)`. Without a budget the most readable layout is used.
    Page count falls as the size falls, so each column count is searched by bisection over the sizes.
    Raises BuildError (with the pages reached at the smallest size) when nothing fits.
    """
    sizes = body_sizes(recipe)
    columns_range = range(recipe.columns[0], recipe.columns[1] + 1)
    cache: dict[tuple[int, float], tuple[bytes, int]] = {}

    def attempt(columns: int, size: float) -> tuple[bytes, int]:
        if (columns, size) not in cache:
            cache[(columns, size)] = render(columns, size)
        return cache[(columns, size)]

    if recipe.pages is None:
        pdf, pages = attempt(recipe.columns[0], sizes[0])
        return Fit(recipe.columns[0], sizes[0], pages, pdf)
    best: tuple[int, int] | None = None  # (index into sizes, columns): smaller index = larger size
    for columns in columns_range:
        low, high = 0, len(sizes) - 1  # find the first (largest) size that fits
        if best is not None:
            high = min(high, best[0] - 1)  # only a larger size than the best so far can win
            if high < 0:
                break
        if attempt(columns, sizes[high])[1] > recipe.pages:
            continue
        while low < high:
            middle = (low + high) // 2
            if attempt(columns, sizes[middle])[1] <= recipe.pages:
                high = middle
            else:
                low = middle + 1
        best = (low, columns)
    if best is None:
        reached = min((attempt(columns, sizes[-1])[1], columns) for columns in columns_range)
        raise _NoFit(pages=reached[0], columns=reached[1], size=sizes[-1])
    index, columns = best
    pdf, pages = attempt(columns, sizes[index])
    return Fit(columns, sizes[index], pages, pdf)


class _NoFit(Exception):
    def __init__(self, *, pages: int, columns: int, size: float) -> None:
        super().__init__(f"{pages} pages")
        self.pages, self.columns, self.size = pages, columns, size


def largest_sections(sections: list[Section], *, count: int = 3) -> str:
    sized = sorted(sections, key=lambda section: (-len(section.text), section.id))[:count]
    return ", ".join(f"{section.id} ({len(section.text)} chars)" for section in sized)


def make_quickref(document: Document, sheet: SheetSpec, layout: Layout) -> tuple[bytes, int, str]:
    """(pdf bytes, page count, revision) of a quick-reference sheet."""
    pdf, pages, revision, _ = quickref_with_sections(document, sheet, layout)
    return pdf, pages, revision


def quickref_with_sections(document: Document, sheet: SheetSpec, layout: Layout) -> tuple[bytes, int, str, list[Section]]:
    """make_quickref, plus the condensed sections the sheet prints (for the change report and the proof page)."""
    from pipeline.sheets.quickref.flow import render_sheet

    recipe = sheet_recipe(document, sheet, layout)
    sections = sheet_sections(document, sheet, recipe)
    revision = content_revision(sections)

    def render(columns: int, body_size: float) -> tuple[bytes, int]:
        return render_sheet(
            document,
            sections,
            layout,
            sheet_label=recipe.label,
            revision=revision,
            columns=columns,
            body_size=body_size,
            with_glossary=recipe.glossary,
            covers=recipe.covers,
            english_names=recipe.english_names,
            run_in=recipe.run_in_headings,
            compact_title=True,
            run_on=recipe.run_on_paragraphs,
        )

    try:
        fit = fit_sheet(render, recipe)
    except _NoFit as exc:
        raise BuildError(
            f"{document.game.id}/{sheet.name}: does not fit its target of {recipe.pages} page{'s' if recipe.pages != 1 else ''} "
            f"on {layout.paper.upper()}: {exc.pages} pages at the minimum body size {exc.size:g} pt with {exc.columns} columns; "
            f"largest sections: {largest_sections(sections)}. Trim the recipe (leave_out_ids, condense) or raise its pages."
        ) from None
    return fit.pdf, fit.pages, revision, sections
