"""Quick-reference sheets: recipe -> chosen, condensed sections -> the most readable layout that fits the page budget."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import partial
from typing import Callable

from pipeline.errors import BuildError
from pipeline.model import Document, Section
from pipeline.sheets.layout import Layout
from pipeline.sheets.quickref.condense import CondenseOptions, condense
from pipeline.sheets.quickref.ladders import laddered
from pipeline.sheets.quickref.pace import paced
from pipeline.sheets.quickref.recipe import Recipe, select_sections

SIZE_STEP = 0.25  # pt between the body sizes the fit search tries


@dataclass(frozen=True)
class Fit:
    """The layout the fit search chose, and the pages it takes."""

    columns: int
    body_size: float
    pages: int | None  # None when there is no budget (nothing was measured)


@dataclass(frozen=True)
class Probe:
    """A layout-only pass: exact page count, and how many pages the text filled (last page in part)."""

    pages: int
    fill: float


def sheet_sections(document: Document, recipe: Recipe) -> list[Section]:
    """The sections the sheet prints, condensed as the recipe asks, without placeholders and the headings left with
    nothing under them, cross-references to nothing printed dropped, ladders of numbers as tables."""
    from pipeline.sheets.quickref.crossrefs import referenced
    from pipeline.sheets.quickref.pointers import is_pointer
    from pipeline.sheets.quickref.stubs import without_stubs

    chosen = select_sections(document, recipe)
    # A pointer to another sheet is the sheet's own words, not the text's: condensing never reads it.
    pointers = {index: section for index, section in enumerate(chosen) if is_pointer(section)}
    options = CondenseOptions.of_recipe(recipe, corrected=document.corrected)
    condensed = without_stubs(condense([section for section in chosen if not is_pointer(section)], options=options))
    after = {index: chosen[index - 1].id if index else None for index in pointers}
    for index, section in sorted(pointers.items()):
        fallback = 0 if after[index] is None else len(condensed)
        where = next((place + 1 for place, kept in enumerate(condensed) if kept.id == after[index]), fallback)
        condensed.insert(where, section)
    return paced(laddered(referenced(condensed)))


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


def fit_sheet(measure: Callable[[int, float], Probe], recipe: Recipe) -> Fit:
    """Search body size (largest first) and, for each size, columns (fewest first) until the page budget is met.

    `measure(columns, body_size) -> Probe` lays the sheet out without drawing it; the caller renders the
    chosen layout once. Without a budget the most readable layout is used and nothing is measured.
    Page count falls as the size falls, so for each column count the search looks for the boundary
    between the largest size that fits and the next larger one, guessing where it lies from the fill
    it measured (text area grows about as the square of the size) and confirming it on both sides.
    Raises _NoFit (with the pages reached at the smallest size) when nothing fits.
    """
    sizes = body_sizes(recipe)
    columns_range = range(recipe.columns[0], recipe.columns[1] + 1)
    if recipe.pages is None:
        return Fit(recipe.columns[0], sizes[0], None)
    probes: dict[tuple[int, float], Probe] = {}

    def probe(columns: int, index: int) -> Probe:
        if (columns, sizes[index]) not in probes:
            probes[(columns, sizes[index])] = measure(columns, sizes[index])
        return probes[(columns, sizes[index])]

    best: tuple[int, int] | None = None  # (index into sizes, columns): smaller index = larger size
    for columns in columns_range:
        high = len(sizes) - 1 if best is None else best[0] - 1  # only a larger size than the best so far can win
        if high < 0:
            break
        # The first column count starts at the most readable size; a later one at the size just above
        # the best so far, which is the one it must beat (and most often cannot).
        start = high if best else 0
        index = _largest_fitting(partial(probe, columns), sizes, start=start, high=high, budget=recipe.pages)
        if index is not None:
            best = (index, columns)
    if best is None:
        reached = min((probe(columns, len(sizes) - 1).pages, columns) for columns in columns_range)
        raise _NoFit(pages=reached[0], columns=reached[1], size=sizes[-1])
    index, columns = best
    return Fit(columns, sizes[index], probe(columns, index).pages)


def _largest_fitting(probe: Callable[[int], Probe], sizes: list[float], *, start: int, high: int, budget: int) -> int | None:
    """The smallest index <= `high` whose layout fits `budget` pages, None if even `high` does not fit.

    Keeps a bracket: `too_big` (largest index known not to fit) and `fits` (smallest index known to
    fit); the next probe is predicted from the last one's fill and kept strictly inside the bracket,
    so each probe narrows it and the search ends when the two are neighbours.
    """
    too_big, fits = -1, high + 1  # high + 1: no fitting index known yet
    index = start
    while True:
        measured = probe(index)
        if measured.pages <= budget:
            fits = index
        else:
            too_big = index
        if fits == too_big + 1:
            return fits if fits <= high else None
        index = min(max(_predicted(sizes, index, measured, budget), too_big + 1), fits - 1)


# The prediction aims a little under the budget: a page that ends exactly full is rarely one that fits.
FILL_MARGIN = 0.03


def _predicted(sizes: list[float], index: int, measured: Probe, budget: int) -> int:
    """The index of the largest size whose text should fill `budget` pages, judged from one probe."""
    if measured.fill <= 0:
        return 0
    target = sizes[index] * ((budget - FILL_MARGIN) / measured.fill) ** 0.5
    return next((i for i, size in enumerate(sizes) if size <= target + 1e-9), len(sizes) - 1)


class _NoFit(Exception):
    def __init__(self, *, pages: int, columns: int, size: float) -> None:
        super().__init__(f"{pages} pages")
        self.pages, self.columns, self.size = pages, columns, size


def largest_sections(sections: list[Section], *, count: int = 3) -> str:
    def size(section: Section) -> int:  # the words printed, not the breaks between paragraphs (pace.py adds some)
        return len(" ".join(block.text for block in section.blocks))

    sized = sorted(sections, key=lambda section: (-size(section), section.id))[:count]
    return ", ".join(f"{section.id} ({size(section)} chars)" for section in sized)


def quickref_with_sections(
    document: Document, *, sheet: str, layout: Layout, recipe: Recipe, dated=None
) -> tuple[bytes, int, str, list[Section]]:
    """(pdf bytes, page count, revision, the condensed sections it prints) of a quick-reference sheet: the sheets.render
    entry point. `dated(revision)` -> the day its content last changed (printed beside the revision), from the build's manifest."""
    from pipeline.sheets.pagefurniture import revision_label
    from pipeline.sheets.quickref.typeset import measure_sheet, render_sheet

    sections = sheet_sections(document, recipe)
    revision = content_revision(sections)
    printed = revision_label(revision, dated(revision) if dated else "")

    options = dict(
        sheet_label=recipe.label,
        revision=printed,
        index=recipe.glossary,
        tagged_kinds=recipe.tagged_kinds,
        covers=recipe.covers,
        english_names=recipe.english_names,
        run_in=recipe.run_in_headings,
        compact_title=True,
    )

    def measure(columns: int, body_size: float) -> Probe:
        return Probe(*measure_sheet(document, sections, layout, columns=columns, body_size=body_size, **options))

    try:
        fit = fit_sheet(measure, recipe)
    except _NoFit as exc:
        raise BuildError(
            f"{document.game.id}/{sheet}: does not fit its target of {recipe.pages} page{'s' if recipe.pages != 1 else ''} "
            f"on {layout.paper.upper()}: {exc.pages} pages at the minimum body size {exc.size:g} pt with {exc.columns} columns; "
            f"largest sections: {largest_sections(sections)}. Trim the recipe (leave_out_ids, condense) or raise its pages."
        ) from None
    options.update(columns=fit.columns, body_size=fit.body_size)
    printed_sections, options["covers"] = _settled(document, sections, layout, recipe=recipe, options=options)
    printed_sections, options = _tightened(document, sections, printed_sections, layout, recipe=recipe, options=options)
    pdf, pages = render_sheet(document, printed_sections, layout, **options)
    return pdf, pages, revision, sections


# A last page holding less than this share of a page is nearly empty: the tight setting may save it.
NEARLY_EMPTY = 0.25


def _tightened(document: Document, sections: list[Section], settled: list[Section], layout: Layout, *, recipe: Recipe,
               options: dict) -> tuple[list[Section], dict]:
    """(sections, options) of the sheet in the tight setting (markup.paragraph_styles: the same type, closer lines and
    paragraphs) when its last page is nearly empty and the tight setting takes a page less; else as they are."""
    from pipeline.sheets.quickref.typeset import measure_sheet

    pages, fill = measure_sheet(document, settled, layout, **options)
    if pages < 2 or fill - (pages - 1) >= NEARLY_EMPTY:
        return settled, options
    tight = {**options, "tight": True}
    tight_sections, tight["covers"] = _settled(document, sections, layout, recipe=recipe, options=tight)
    if measure_sheet(document, tight_sections, layout, **tight)[0] < pages:
        return tight_sections, tight
    return settled, options


# Layouts tried until the headings' pages stop moving: the contents line and a cross-reference's page change the
# layout they describe (a line more in the title block can push a heading over a page).
SETTLE_PASSES = 4


def _settled(document: Document, sections: list[Section], layout: Layout, *, recipe: Recipe, options: dict) -> tuple[list[Section], str]:
    """(sections with their cross-references' pages, what the title block says the sheet covers): the recipe's
    `covers`, else the contents line of the headings where they land. Within the recipe's page budget, else as fitted."""
    from pipeline.sheets.quickref.contents import contents_line, pages_of
    from pipeline.sheets.quickref.crossrefs import referenced
    from pipeline.sheets.quickref.typeset import landing_sheet

    if recipe.covers and referenced(sections, pages={section.id: 0 for section in sections}) == sections:
        return sections, recipe.covers  # nothing on the sheet depends on where its headings land
    pages, landed = landing_sheet(document, sections, layout, **options)
    settled, covers = sections, recipe.covers
    for _ in range(SETTLE_PASSES):
        settled = referenced(sections, pages=pages_of(landed)) if pages > 1 else sections
        covers = recipe.covers or contents_line(landed, pages=pages)
        now_pages, now_landed = landing_sheet(document, settled, layout, **{**options, "covers": covers})
        if (now_pages, now_landed) == (pages, landed):
            break
        pages, landed = now_pages, now_landed
    if recipe.pages is not None and pages > recipe.pages:
        return sections, recipe.covers
    return settled, covers
