"""Card templates' options resolved for one paper, and the rectangles panels go in (grid cells, handout columns)."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor

from pipeline.errors import ConfigError
from pipeline.sheets.layout import MM, Layout, merge
from pipeline.yamlio import check_fields

MODES = ("grid", "handout")
CARD_STYLES = ("card_title", "card_subtitle", "card_heading", "index")
CONT = "(cont.)"
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
