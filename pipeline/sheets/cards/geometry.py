"""Card templates' options read for one paper, and the rectangles panels go in (grid cells, handout columns)."""
from __future__ import annotations

from dataclasses import dataclass

from pipeline.errors import ConfigError
from pipeline.schema import Fields, number_problem, shown
from pipeline.sheets.layout import MIN_BODY_SIZE, MIN_COLUMN_MM, MM, Layout

MODES = ("grid", "handout")
CARD_STYLES = ("card_title", "card_subtitle", "card_heading", "index")
# Tones the renderer itself uses: cards of a group without a tone, and the index panel.
NEEDED_TONES = ("general", "index")
CONT = "(cont.)"
MIN_CARD_SIZE = MIN_BODY_SIZE  # pt: card text never shrinks below the type scale's body


# ------------------------------------------------------------------------------------ options


@dataclass(frozen=True)
class CardOptions:
    """`options` of a cards template, resolved for one paper (sizes in pt); a recipe may change mode and columns."""

    mode: str
    min_size: float
    padding: float
    grid_gap: float  # between grid cells
    handout_gap: float  # between handout panels and columns
    panel_width: float  # grid cell, pt
    panel_height: float
    columns: int  # handout columns
    mark_gap: float  # crop marks stop this far from the grid
    tones: dict[str, dict[str, str]]  # name -> {color, tint}

    @property
    def gap(self) -> float:
        return self.grid_gap if self.mode == "grid" else self.handout_gap

    def tone(self, name: str) -> dict[str, str]:
        """A group's colours; a card without a tone takes the general one."""
        return self.tones.get(name or "general") or self.tones["general"]


def read_card_options(fields: Fields, layout: Layout) -> CardOptions | None:
    """A cards template's `options` (with `options.paper.<paper>` merged in) -> CardOptions; None on problems."""
    before = len(fields.problems)
    body = layout.style("body").size
    mode = fields.choice("mode", MODES)
    min_size = fields.number("min_size", low=MIN_CARD_SIZE, high=body, unit="pt (the body size)")
    padding = fields.number("padding_mm", low=0, high=10, unit="mm")
    grid = fields.mapping("grid", required=True)
    panel = _panel(grid)
    grid_gap = grid.number("gutter_mm", low=0, high=30, unit="mm")
    mark_gap = grid.number("mark_gap_mm", low=0, high=10, unit="mm")
    grid.finish()
    handout = fields.mapping("handout", required=True)
    columns = handout.number("columns", low=1, high=4, whole=True)
    handout_gap = handout.number("gap_mm", low=0, high=30, unit="mm")
    handout.finish()
    tones = _tones(fields.mapping("tones", required=True))
    missing = [style for style in CARD_STYLES if style not in layout.styles]
    if missing:
        fields.fail_here(f"card sheets need the styles {', '.join(CARD_STYLES)}; missing: {', '.join(missing)}")
    fields.finish(also=("kind", "paper", "recipe"))
    if len(fields.problems) > before:
        return None
    return CardOptions(
        mode=mode, min_size=min_size, padding=padding * MM, grid_gap=grid_gap * MM, handout_gap=handout_gap * MM,
        panel_width=panel[0] * MM, panel_height=panel[1] * MM, columns=columns, mark_gap=mark_gap * MM, tones=tones,
    )


def _panel(grid: Fields) -> tuple[float, float]:
    value = grid.raw("panel_mm")
    if not isinstance(value, list) or len(value) != 2 or any(number_problem(v, low=30, high=250) for v in value):
        grid.fail("panel_mm", f"must be [width, height] in mm, each from 30 to 250, got {shown(value)}")
        return (0.0, 0.0)
    return float(value[0]), float(value[1])


def _tones(fields: Fields) -> dict[str, dict[str, str]]:
    tones = {}
    for name in fields.keys():
        tone = fields.mapping(name)
        tones[name] = {"color": tone.colour("color"), "tint": tone.colour("tint")}
        tone.finish()
    for name in NEEDED_TONES:
        if name not in tones:
            use = "the index" if name == "index" else "groups without a tone"
            fields.fail_here(f"missing tone {name!r} (card sheets colour {use} with it)")
    return tones


def layout_problem(layout: Layout, options: CardOptions) -> str | None:
    """Why the panels of `options` cannot be laid out on `layout`'s paper, or None."""
    usable_w = layout.page_width - layout.margin_left - layout.margin_right
    if options.mode == "grid":
        try:
            grid_cells(layout, options)
        except ConfigError as exc:
            return exc.problems[0].message
        return None
    width = (usable_w - options.gap * (options.columns - 1)) / options.columns
    if width < MIN_COLUMN_MM * MM:
        return (f"{options.columns} handout columns with {options.gap / MM:g} mm between them leave {max(width, 0) / MM:.1f} mm "
                f"for each on {layout.paper} (at least {MIN_COLUMN_MM:g} mm): use fewer columns or a smaller gap_mm")
    return None


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
        raise ConfigError(f"options.grid.panel_mm does not fit on {layout.paper} inside the margins", path=f"templates/{layout.name}.yaml")
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
