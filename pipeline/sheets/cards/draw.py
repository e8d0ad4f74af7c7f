"""CardSet + Layout -> PDF bytes: cards as panels, in a cut-out grid or flowing in handout columns.

The page plan (which fragment of which card goes in which rectangle, at which size) is plain data made
before anything is drawn, so tests can check that every panel's text fits (measured with wrap()) and
that nothing leaves its panel. Text shrinks to `min_size` and then continues on the next panel, marked
"(cont.)"; it is never cut. Paper sizes get their own geometry from the template, never a scaled copy.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, replace

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from pipeline.errors import BuildError, ConfigError
from pipeline.model import Block, Document, SheetSpec
from pipeline.sheets.cards.select import Card, CardSet
from pipeline.sheets.furniture import (
    Furniture,
    credits_line,
    make_canvas_class,
    title_block_height,
)
from pipeline.sheets.layout import MM, Layout, merge
from pipeline.sheets.markup import paragraph_styles, register_fonts, safe_text
from pipeline.yamlio import check_fields

MODES = ("grid", "handout")
CARD_STYLES = ("card_title", "card_subtitle", "card_heading", "index")
SIZE_STEP = 0.25
CONT = "(cont.)"
# A handout card is split at a column end only if this much of the column is left; else it moves on.
SPLIT_WHEN_LEFT = 0.3
MIN_SPLIT_LINES = 3
DEFAULT_TONES = {
    "external": {"color": "#a4243b", "tint": "#fbe7ea"},
    "internal": {"color": "#1b6a8a", "tint": "#e1f0f6"},
    "general": {"color": "#1d3557", "tint": "#eef2f7"},
    "index": {"color": "#4a4a4a", "tint": "#f2f2f2"},
}


# ------------------------------------------------------------------------------------ options


@dataclass(frozen=True)
class CardOptions:
    """`options` of a cards template, resolved for one paper."""

    mode: str
    min_size: float
    padding: float
    gap: float  # between panels (handout) or cells (grid), pt
    panel_width: float  # grid cell, pt
    panel_height: float
    columns: int  # handout columns
    mark_gap: float  # crop marks stop this far from the grid
    tones: dict


def card_options(layout: Layout, *, mode: str | None = None, columns: int | None = None) -> CardOptions:
    """Validate a cards template's options (merged with `options.paper.<paper>`); errors name the template."""
    display = f"templates/{layout.name}.yaml"
    options = dict(layout.options)
    overlay = (options.pop("paper", None) or {}).get(layout.paper) or {}
    options = merge(options, overlay)
    check_fields(options, display=display, where="options",
                 optional=("kind", "mode", "min_size", "padding_mm", "grid", "handout", "tones"),
                 types={"kind": str, "mode": str, "min_size": (int, float), "padding_mm": (int, float),
                        "grid": dict, "handout": dict, "tones": dict})
    grid = options.get("grid") or {}
    check_fields(grid, display=display, where="options.grid", optional=("panel_mm", "gutter_mm", "mark_gap_mm"),
                 types={"panel_mm": list, "gutter_mm": (int, float), "mark_gap_mm": (int, float)})
    handout = options.get("handout") or {}
    check_fields(handout, display=display, where="options.handout", optional=("columns", "gap_mm"),
                 types={"columns": int, "gap_mm": (int, float)})
    chosen = mode or options.get("mode", "handout")
    if chosen not in MODES:
        raise ConfigError(f"options.mode must be one of {', '.join(MODES)}, got {chosen!r}", path=display)
    min_size = float(options.get("min_size", 6.5))
    if not 6.5 <= min_size <= layout.style("body").size:
        raise ConfigError(
            f"options.min_size must be between 6.5 pt and the body size ({layout.style('body').size} pt), got {min_size}", path=display
        )
    panel = grid.get("panel_mm", [63, 88])
    if len(panel) != 2 or not all(isinstance(v, (int, float)) and 30 <= v <= 250 for v in panel):
        raise ConfigError(f"options.grid.panel_mm must be [width, height] in mm (30..250), got {panel!r}", path=display)
    count = columns or handout.get("columns", 2)
    if not 1 <= count <= 4:
        raise ConfigError(f"options.handout.columns must be 1..4, got {count}", path=display)
    tones = dict(DEFAULT_TONES)
    for name, spec in (options.get("tones") or {}).items():
        check_fields(spec, display=display, where=f"options.tones.{name}", required=("color", "tint"), types={"color": str, "tint": str})
        for key in ("color", "tint"):
            try:
                HexColor(spec[key])
            except (ValueError, TypeError):
                raise ConfigError(f"options.tones.{name}.{key}: not a colour: {spec[key]!r}", path=display) from None
        tones[name] = dict(spec)
    for style in CARD_STYLES:
        if style not in layout.styles:
            raise ConfigError(f"styles: missing style {style!r} (card sheets need {', '.join(CARD_STYLES)})", path=display)
    in_grid = chosen == "grid"
    return CardOptions(
        mode=chosen,
        min_size=min_size,
        padding=float(options.get("padding_mm", 2)) * MM,
        gap=float(grid.get("gutter_mm", 2) if in_grid else handout.get("gap_mm", 3.5)) * MM,
        panel_width=float(panel[0]) * MM,
        panel_height=float(panel[1]) * MM,
        columns=count,
        mark_gap=float(grid.get("mark_gap_mm", 1.5)) * MM,
        tones=tones,
    )


# ------------------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Rect:
    x: float
    y: float  # bottom
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height


def grid_cells(layout: Layout, options: CardOptions) -> tuple[Rect, ...]:
    """The panel rectangles of one page, in reading order, centred in the area inside the margins."""
    usable_w = layout.page_width - layout.margin_left - layout.margin_right
    usable_h = layout.page_height - layout.margin_top - layout.margin_bottom
    pitch_w, pitch_h = options.panel_width + options.gap, options.panel_height + options.gap
    columns = int((usable_w + options.gap + 0.01) // pitch_w)
    rows = int((usable_h + options.gap + 0.01) // pitch_h)
    if columns < 1 or rows < 1:
        raise ConfigError(
            f"options.grid.panel_mm does not fit on {layout.paper} inside the margins", path=f"templates/{layout.name}.yaml"
        )
    grid_w, grid_h = columns * pitch_w - options.gap, rows * pitch_h - options.gap
    left = layout.margin_left + (usable_w - grid_w) / 2
    top = layout.page_height - layout.margin_top - (usable_h - grid_h) / 2
    return tuple(
        Rect(left + column * pitch_w, top - (row + 1) * options.panel_height - row * options.gap, options.panel_width, options.panel_height)
        for row in range(rows)
        for column in range(columns)
    )


def handout_columns(layout: Layout, options: CardOptions) -> tuple[Rect, ...]:
    usable_w = layout.page_width - layout.margin_left - layout.margin_right
    usable_h = layout.page_height - layout.margin_top - layout.margin_bottom
    width = (usable_w - options.gap * (options.columns - 1)) / options.columns
    return tuple(
        Rect(layout.margin_left + index * (width + options.gap), layout.margin_bottom, width, usable_h) for index in range(options.columns)
    )


# ----------------------------------------------------------------------------------- measuring


def _table_row(row: str) -> str:
    """One row of a small table on a card: 'En solitario: 3 puntos' with its label in bold."""
    label, colon, value = row.partition(":")
    if colon and value.strip() and len(label.split()) <= 6:
        return f"<b>{safe_text(label.strip())}:</b> {safe_text(value.strip())}"
    return safe_text(row.strip())


class Typesetter:
    """Paragraphs for card text at a given body size (styles cached per size)."""

    def __init__(self, layout: Layout, options: CardOptions) -> None:
        self.layout = layout
        self.options = options
        self._styles: dict[float, dict[str, ParagraphStyle]] = {}
        self.base_size = layout.style("body").size

    def styles(self, size: float) -> dict[str, ParagraphStyle]:
        if size not in self._styles:
            self._styles[size] = paragraph_styles(self.layout, body_size=size)
        return self._styles[size]

    def paragraph(self, block: Block, size: float) -> Paragraph:
        styles = self.styles(size)
        text = safe_text(block.text)
        if block.kind == "item":
            return Paragraph(text, styles["item"], bulletText="•")
        if block.kind == "item-cont":
            return Paragraph(text, styles["item"])
        if block.kind == "heading":
            return Paragraph(text, styles["card_heading"])
        if block.kind == "index-heading":
            return Paragraph(f"<b>{text}</b>", styles["index"])
        if block.kind == "index":
            return Paragraph(text, styles["index"])
        if block.kind == "table":
            return Paragraph("<br/>".join(_table_row(row) for row in block.text.split("\n") if row.strip()), styles["body"])
        return Paragraph(text, styles["note" if block.kind == "note" else "body"])

    def header(self, card: Card, *, continued: bool, width: float) -> list[Paragraph]:
        styles = self.styles(self.base_size)  # the name never shrinks: it is what players look for
        tone = self.options.tones.get(card.tone) or DEFAULT_TONES["general"]
        title = safe_text(card.title) + (f" <font size=\"{styles['card_subtitle'].fontSize}\">{CONT}</font>" if continued else "")
        title_style = ParagraphStyle("t", parent=styles["card_title"], textColor=HexColor(tone["color"]))
        parts = [Paragraph(title, title_style)]
        subtitle = []
        if card.title_en:
            subtitle.append(f"<i>{safe_text(card.title_en)}</i>")
        if card.group:
            subtitle.append(f'<font color="{tone["color"]}">{safe_text(card.group.upper())}</font>')
        if subtitle:
            parts.append(Paragraph(" · ".join(subtitle), styles["card_subtitle"]))
        return parts

    def header_height(self, card: Card, *, continued: bool, width: float) -> float:
        inner = width - 2 * self.options.padding
        return 2 * self.options.padding * 0.75 + sum(p.wrap(inner, 10_000)[1] for p in self.header(card, continued=continued, width=width))

    def body_height(self, blocks: list[Block], size: float, width: float) -> float:
        return sum(self._block_heights(blocks, size, width))

    def _block_heights(self, blocks: list[Block], size: float, width: float) -> list[float]:
        heights = []
        for index, block in enumerate(blocks):
            paragraph = self.paragraph(block, size)
            height = paragraph.wrap(width, 100_000)[1]
            if index:
                height += paragraph.style.spaceBefore
            if index < len(blocks) - 1:
                height += paragraph.style.spaceAfter
            heights.append(height)
        return heights

    def fill(self, blocks: list[Block], size: float, width: float, height: float) -> tuple[list[Block], list[Block]]:
        """As much of `blocks` as fits `height` (a block may be cut between words) and the rest."""
        placed: list[Block] = []
        for index, block in enumerate(blocks):
            if self.body_height(placed + [block], size, width) <= height:
                placed.append(block)
                continue
            words = block.text.split()
            low, high = 0, len(words) - 1  # largest prefix that fits, never the whole block
            while low < high:
                middle = (low + high + 1) // 2
                trial = replace(block, text=" ".join(words[:middle]))
                if self.body_height(placed + [trial], size, width) <= height:
                    low = middle
                else:
                    high = middle - 1
            if low:
                placed.append(replace(block, text=" ".join(words[:low])))
                rest_kind = "item-cont" if block.kind == "item" else block.kind
                rest = [replace(block, kind=rest_kind, text=" ".join(words[low:]))] + list(blocks[index + 1 :])
            else:
                rest = list(blocks[index:])
            while placed and placed[-1].kind in ("heading", "index-heading"):  # no heading ends a panel
                rest.insert(0, placed.pop())
            return placed, rest
        return placed, []


# ---------------------------------------------------------------------------------------- plan


@dataclass(frozen=True)
class PlacedPanel:
    """One panel on one page: a card (or a part of it) at a body size, in a rectangle."""

    page: int  # 1-based
    rect: Rect
    card: Card
    blocks: tuple[Block, ...]
    size: float
    continued: bool
    header_height: float


@dataclass(frozen=True)
class Plan:
    panels: tuple[PlacedPanel, ...]
    pages: int
    cells: tuple[Rect, ...] = ()  # grid mode: the cut grid of every page


def plan_cards(cards: list[Card], layout: Layout, options: CardOptions, setter: Typesetter | None = None, *, reserved: float = 0.0) -> Plan:
    """Where every card goes; `reserved` points at the top of page 1 are kept for the title block (handout)."""
    setter = setter or Typesetter(layout, options)
    if options.mode == "grid":
        return _plan_grid(cards, layout, options, setter)
    return _plan_handout(cards, layout, options, setter, reserved=reserved)


def _sizes(setter: Typesetter, options: CardOptions) -> list[float]:
    sizes, size = [], setter.base_size
    while size >= options.min_size - 1e-6:
        sizes.append(round(size, 2))
        size -= SIZE_STEP
    return sizes


def _plan_grid(cards: list[Card], layout: Layout, options: CardOptions, setter: Typesetter) -> Plan:
    cells = grid_cells(layout, options)
    panels: list[PlacedPanel] = []
    slot = 0
    pad = options.padding
    for card in cards:
        remaining, continued = list(card.blocks), False
        while remaining:
            rect = cells[slot % len(cells)]
            page = slot // len(cells) + 1
            inner = rect.width - 2 * pad
            header = setter.header_height(card, continued=continued, width=rect.width)
            room = rect.height - header - 2 * pad
            size = next((s for s in _sizes(setter, options) if setter.body_height(remaining, s, inner) <= room), None)
            if size is not None:
                placed, rest = remaining, []
            else:
                size = options.min_size
                placed, rest = setter.fill(remaining, size, inner, room)
                if not placed:
                    raise BuildError(f"card {card.title!r} (lines {card.first}-{card.last}): its first line does not fit an empty panel")
            panels.append(PlacedPanel(page, rect, card, tuple(placed), size, continued, header))
            remaining, continued, slot = rest, True, slot + 1
    return Plan(panels=tuple(panels), pages=max((panel.page for panel in panels), default=1), cells=cells)


def _plan_handout(cards: list[Card], layout: Layout, options: CardOptions, setter: Typesetter, *, reserved: float) -> Plan:
    page_columns = handout_columns(layout, options)
    first_columns = tuple(replace(frame, height=frame.height - reserved) for frame in page_columns)
    panels: list[PlacedPanel] = []
    page, column = 1, 0
    columns = first_columns
    y = columns[0].top
    pad, size = options.padding, setter.base_size
    line = setter.styles(size)["body"].leading

    def advance() -> None:
        nonlocal page, column, y, columns
        column += 1
        if column == len(columns):
            page, column = page + 1, 0
            columns = page_columns
        y = columns[column].top

    for card in cards:
        remaining, continued = list(card.blocks), False
        while remaining:
            frame = columns[column]
            inner = frame.width - 2 * pad
            header = setter.header_height(card, continued=continued, width=frame.width)
            available = y - frame.y
            whole = header + 2 * pad + setter.body_height(remaining, size, inner)
            if whole <= available + 0.01:
                rect = Rect(frame.x, y - whole, frame.width, whole)
                panels.append(PlacedPanel(page, rect, card, tuple(remaining), size, continued, header))
                y -= whole + options.gap
                break
            fresh = y >= frame.top - 0.01
            worth_splitting = fresh or whole > frame.height or available >= SPLIT_WHEN_LEFT * frame.height
            placed, rest = setter.fill(remaining, size, inner, available - header - 2 * pad) if worth_splitting else ([], remaining)
            if placed and (fresh or setter.body_height(placed, size, inner) >= MIN_SPLIT_LINES * line):
                height = header + 2 * pad + setter.body_height(placed, size, inner)
                panels.append(
                    PlacedPanel(page, Rect(frame.x, y - height, frame.width, height), card, tuple(placed), size, continued, header)
                )
                remaining, continued = rest, True
            elif fresh:
                raise BuildError(f"card {card.title!r} (lines {card.first}-{card.last}): its first line does not fit an empty column")
            advance()
    return Plan(panels=tuple(panels), pages=max((panel.page for panel in panels), default=1))


# ---------------------------------------------------------------------------------------- index


def index_card(card_set: CardSet, pages: dict[str, int]) -> Card:
    """The small index on the first page: per group, each name with the page its panel starts on."""
    blocks: list[Block] = []
    for group in card_set.groups or ():
        names = [card for card in card_set.cards if card.group == group.label]
        if not names:
            continue
        blocks.append(Block("index-heading", group.heading, 0, 0))
        blocks.append(Block("index", " · ".join(f"{card.title}\u00a0{pages.get(card.key, 1)}" for card in names), 0, 0))
    grouped = {group.label for group in card_set.groups or ()}
    loose = [card for card in card_set.cards if card.group not in grouped]
    if loose:
        blocks.append(Block("index", " · ".join(f"{card.title}\u00a0{pages.get(card.key, 1)}" for card in loose), 0, 0))
    return Card(
        key="#index", title="Índice", title_en="", group=f"{len(card_set.cards)} cartas · página", tone="index", blocks=tuple(blocks)
    )


def plan_sheet(card_set: CardSet, layout: Layout, options: CardOptions, *, with_index: bool = True, reserved: float = 0.0) -> Plan:
    """The whole sheet; the index's page numbers are settled by re-planning until they stop changing."""
    setter = Typesetter(layout, options)
    cards = list(card_set.cards)
    if not with_index or not cards:
        return plan_cards(cards, layout, options, setter, reserved=reserved)
    pages: dict[str, int] = {}
    plan = None
    for _ in range(4):
        plan = plan_cards([index_card(card_set, pages), *cards], layout, options, setter, reserved=reserved)
        found: dict[str, int] = {}
        for panel in plan.panels:
            found.setdefault(panel.card.key, panel.page)
        if found == pages:
            break
        pages = found
    return plan


# ---------------------------------------------------------------------------------------- draw


def make_cards(document: Document, sheet: SheetSpec, layout: Layout) -> tuple[bytes, int, str]:
    """(pdf bytes, page count, revision) of a card sheet: the sheets.render entry point."""
    from pipeline.sheets.cards.select import select_cards

    display = f"sources/{document.game.id}/game.yaml"
    card_set = select_cards(document, sheet.recipe, display=display)
    if not card_set.cards:
        raise BuildError(f"{document.game.id}/{sheet.name}: the recipe selects no cards (check its groups in {display})")
    revision = card_set.revision()
    pdf, pages, _ = render_cards(document, card_set, layout, mode=sheet.recipe.get("mode"), columns=sheet.recipe.get("columns"),
                                 with_index=sheet.recipe.get("index", True), revision=revision)
    return pdf, pages, revision


def render_cards(document: Document, card_set: CardSet, layout: Layout, *, mode: str | None = None, columns: int | None = None,
                 with_index: bool = True, revision: str = "") -> tuple[bytes, int, Plan]:
    """(pdf bytes, page count, plan) of a card sheet."""
    options = card_options(layout, mode=mode, columns=columns)
    setter = Typesetter(layout, options)
    styles = paragraph_styles(layout)
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
    )
    reserved = title_block_height(layout, furniture, styles) if handout else 0.0
    plan = plan_sheet(card_set, layout, options, with_index=with_index, reserved=reserved)
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
    canvas.setAuthor(", ".join(document.credits.translators) or "refsheets")
    canvas.setSubject(f"{game.title_en}: {card_set.label}")
    canvas.setCreator("refsheets")
    canvas.setKeywords(game.id)
    for page in range(1, plan.pages + 1):
        if options.mode == "grid":
            draw_crop_marks(canvas, layout, options, plan.cells, styles)
        for panel in (p for p in plan.panels if p.page == page):
            draw_panel(canvas, panel, setter, options)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), plan.pages, plan


def draw_panel(canvas, panel: PlacedPanel, setter: Typesetter, options: CardOptions) -> None:
    rect, pad = panel.rect, options.padding
    tone = options.tones.get(panel.card.tone) or DEFAULT_TONES["general"]
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
        paragraph = setter.paragraph(block, panel.size)
        _, height = paragraph.wrap(inner, 100_000)
        if index:
            y -= paragraph.style.spaceBefore
        paragraph.drawOn(canvas, left, y - height)
        y -= height + paragraph.style.spaceAfter


def draw_crop_marks(canvas, layout: Layout, options: CardOptions, cells: tuple[Rect, ...], styles: dict) -> None:
    """Cut lines from each panel edge out to the paper edge, leaving the header and footer text clear,
    so that after any cut the marks for the remaining cuts are still on every piece."""
    xs = sorted({round(c.x, 3) for c in cells} | {round(c.x + c.width, 3) for c in cells})
    ys = sorted({round(c.y, 3) for c in cells} | {round(c.top, 3) for c in cells})
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    gap = options.mark_gap
    header_line = layout.page_height - layout.margin_top + 3
    header_band = (header_line - 1, header_line + styles["header"].fontSize + 5)
    footer_band = (6.0, layout.margin_bottom - 1)
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    for x in xs:
        for start, end in _without((top + gap, layout.page_height), [header_band]) + _without((0, bottom - gap), [footer_band]):
            canvas.line(x, start, x, end)
    for y in ys:
        canvas.line(0, y, left - gap, y)
        canvas.line(right + gap, y, layout.page_width, y)
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
