"""CardSet + Layout -> PDF bytes: cards as panels, in a cut-out grid or flowing in handout columns.

The page plan (which fragment of which card goes in which rectangle, at which size) is plain data made
before anything is drawn, so tests can check that every panel's text fits (measured with wrap()) and
that nothing leaves its panel. Text shrinks to `min_size` and then continues on the next panel, marked
"(cont.)"; it is never cut. Paper sizes get their own geometry from the template, never a scaled copy.
"""

from __future__ import annotations

import io
from dataclasses import replace

from reportlab.lib.colors import HexColor

from pipeline.errors import BuildError
from pipeline.model import Document
from pipeline.sheets.cards.geometry import CardOptions, Rect
from pipeline.sheets.cards.measure import Typesetter, gaps
from pipeline.sheets.cards.plan import PlacedPanel, Plan, plan_sheet
from pipeline.sheets.cards.recipe import CardRecipe
from pipeline.sheets.cards.select import CardSet, select_cards
from pipeline.sheets.pagefurniture import (
    SAFE_EDGE,
    Furniture,
    check_margins,
    revision_label,
    credits_line,
    make_canvas_class,
    title_block_height,
)
from pipeline.sheets.icondata import card_labels, card_texts
from pipeline.sheets.icons import legend_markup
from pipeline.sheets.layout import MM, Layout
from pipeline.sheets.markup import paragraph_styles, register_fonts

# ---------------------------------------------------------------------------------------- draw

MARK_CLEARANCE = 2 * MM


def cards_with_set(
    document: Document, *, sheet: str, layout: Layout, recipe: CardRecipe, dated=None
) -> tuple[bytes, int, str, CardSet]:
    """(pdf bytes, page count, revision, the cards it prints) of a card sheet; `dated` as quickref_with_sections's: the
    sheets.render entry point."""
    card_set = select_cards(document, recipe=recipe)
    if not card_set.cards:
        game = document.game.id
        raise BuildError(f"{game}/{sheet}: the recipe selects no cards (check its groups in sources/{game}/game.yaml)")
    revision = card_set.revision()
    printed = revision_label(revision, dated(revision) if dated else "")
    pdf, pages, _ = render_cards(document, card_set, layout, options=recipe.options, with_index=recipe.index, revision=printed)
    return pdf, pages, revision, card_set


def render_cards(
    document: Document, card_set: CardSet, layout: Layout, *, options: CardOptions, with_index: bool = True, revision: str = ""
) -> tuple[bytes, int, Plan]:
    """(pdf bytes, page count, plan) of a card sheet."""
    setter = Typesetter(layout, options)
    styles = paragraph_styles(layout)
    check_margins(layout, styles)
    game = document.game
    handout = options.mode == "handout"
    furniture = Furniture(
        title_es=game.title_es,
        title_en=game.title_en,
        sheet_label=card_set.label,
        credits_line=credits_line(document.credits, publisher=game.publisher),
        revision=revision,
        publisher=game.publisher,
        covers=", ".join(group.heading for group in card_set.groups),
        credits=document.credits,
        title_block=handout,  # a cut-out grid keeps page 1 like the others: the grid is the same on every page
        legend=legend_markup(card_labels(card_set), styles["subtitle"], texts=card_texts(card_set)),
        rules=handout,
    )
    reserved = title_block_height(layout, furniture, styles) if handout else 0.0
    plan = plan_sheet(card_set, layout, options, with_index=with_index, reserved=reserved, setter=setter)
    if furniture.legend and handout:
        # The icons' legend never costs a page: on a card sheet every symbol sits beside the name it stands for.
        bare = replace(furniture, legend="")
        plain = plan_sheet(card_set, layout, options, with_index=with_index, reserved=title_block_height(layout, bare, styles),
                           setter=setter)
        if plain.pages < plan.pages:
            furniture, plan = bare, plain
    buffer = io.BytesIO()
    canvas_class = make_canvas_class(layout, furniture, styles)
    canvas = canvas_class(
        buffer,
        pagesize=(layout.page_width, layout.page_height),
        invariant=1,
        lang="es-ES",
        # reportlab would otherwise start every page in Helvetica, a font we do not embed.
        initialFontName=register_fonts(layout.fonts)["regular"],
    )
    canvas.setTitle(f"{game.title_es} — {card_set.label}")
    canvas.setAuthor(", ".join(document.credits.translators or document.credits.authors) or "refsheets")
    canvas.setSubject(f"{game.title_en}: {card_set.label}")
    canvas.setCreator("refsheets")
    canvas.setKeywords(game.id)
    on_page: dict[int, list] = {}  # page -> its panels, in plan order (not a scan of every panel per page)
    for panel in plan.panels:
        on_page.setdefault(panel.page, []).append(panel)
    for page in range(1, plan.pages + 1):
        if options.mode == "grid":
            draw_crop_marks(canvas, layout, options, plan.cells, styles)
        for panel in on_page.get(page, []):
            draw_panel(canvas, panel, setter, options)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), plan.pages, plan


def draw_panel(canvas, panel: PlacedPanel, setter: Typesetter, options: CardOptions) -> None:
    rect, pad = panel.rect, options.padding
    tone = options.tone(panel.card.tone)
    color, tint = HexColor(tone["color"]), HexColor(tone["tint"])
    radius = 0 if options.mode == "grid" else 2.2
    canvas.saveState()
    # header band: tinted, square at the bottom
    band = panel.header_height
    canvas.setFillColor(tint)
    canvas.setStrokeColor(tint)
    canvas.roundRect(rect.x, rect.top - band, rect.width, band, radius, stroke=0, fill=1)
    canvas.rect(rect.x, rect.top - band, rect.width, min(band, radius * 2), stroke=0, fill=1)
    # a coloured edge on the left tells the groups apart even on a black-and-white copy (width differs)
    canvas.setStrokeColor(color)
    canvas.setLineWidth(0.8 if options.mode == "handout" else 0.5)
    canvas.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=1, fill=0)
    canvas.setFillColor(color)
    stripe = {"external": 3.0, "internal": 1.4}.get(panel.card.tone, 0)
    if stripe and not radius:
        canvas.rect(rect.x, rect.y, stripe, rect.height, stroke=0, fill=1)
    elif stripe:
        canvas.roundRect(rect.x, rect.y, stripe + radius, rect.height, radius, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.rect(rect.x + stripe, rect.y + 0.4, radius, rect.height - band - 0.4, stroke=0, fill=1)
        canvas.setFillColor(tint)
        canvas.rect(rect.x + stripe, rect.top - band, radius, band - 0.4, stroke=0, fill=1)
    canvas.restoreState()
    # Text is measured and drawn at the same width as in the plan; the stripe eats into the padding only.
    left, inner = rect.x + pad + stripe * 0.5, rect.width - 2 * pad
    y = rect.top - pad * 0.75
    for paragraph in setter.header(panel.card, continued=panel.continued, width=rect.width):
        _, height = paragraph.wrap(inner, 10_000)
        paragraph.drawOn(canvas, left, y - height)
        y -= height
    y = rect.top - band - pad
    blocks = list(panel.blocks)
    for index, block in enumerate(blocks):
        flowable = setter.paragraph(block, panel.size)
        _, height = flowable.wrap(inner, 100_000)
        before, after = gaps(flowable)
        if index:
            y -= before
        flowable.drawOn(canvas, left, y - height)
        y -= height + after


def draw_crop_marks(canvas, layout: Layout, options: CardOptions, cells: tuple[Rect, ...], styles: dict) -> None:
    """Cut lines from each panel edge out towards the paper edge (stopping SAFE_EDGE short of it, where a
    printer still prints), leaving the header and footer text clear, so that after any cut the marks for
    the remaining cuts are still on every piece."""
    xs = sorted({round(c.x, 3) for c in cells} | {round(c.x + c.width, 3) for c in cells})
    ys = sorted({round(c.y, 3) for c in cells} | {round(c.top, 3) for c in cells})
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    gap = options.mark_gap
    # The marks stop MARK_CLEARANCE short of the header's and footer's text as well as of the grid.
    header_band = (layout.page_height - layout.margin_top - MARK_CLEARANCE, layout.page_height)
    footer_band = (0.0, layout.margin_bottom + MARK_CLEARANCE)
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    for x in xs:
        for start, end in _without((top + gap, layout.page_height - SAFE_EDGE), [header_band]) + _without(
            (SAFE_EDGE, bottom - gap), [footer_band]
        ):
            canvas.line(x, start, x, end)
    for y in ys:
        if left - gap > SAFE_EDGE:
            canvas.line(SAFE_EDGE, y, left - gap, y)
        if right + gap < layout.page_width - SAFE_EDGE:
            canvas.line(right + gap, y, layout.page_width - SAFE_EDGE, y)
    canvas.restoreState()


def _without(span: tuple[float, float], holes: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pieces = [span]
    for hole_start, hole_end in holes:
        cut = []
        for start, end in pieces:
            if hole_end <= start or hole_start >= end:
                cut.append((start, end))
                continue
            if hole_start > start:
                cut.append((start, hole_start))
            if hole_end < end:
                cut.append((hole_end, end))
        pieces = cut
    return [(start, end) for start, end in pieces if end - start > 1]
