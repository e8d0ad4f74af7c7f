"""Templates (YAML under templates/) -> a validated Layout: paper, margins, columns, fonts, styles.

A template may `extend` another; mappings are merged key by key, so a small overlay only says what
differs. Paper is chosen at build time and every measure is computed for that paper (never scaled).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import ConfigError
from pipeline.yamlio import check_fields, load_yaml, require_mapping

MM = 72.0 / 25.4
PAPER_SIZES = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}
STYLE_FIELDS = ("size", "leading", "color", "bold", "italic", "space_before", "space_after", "background")
MIN_BODY_SIZE = 7.0


@dataclass(frozen=True)
class TextStyle:
    size: float
    leading: float
    color: str = "#000000"
    bold: bool = False
    italic: bool = False
    space_before: float = 0.0
    space_after: float = 0.0
    background: str = ""


@dataclass(frozen=True)
class Fonts:
    family: str
    regular: Path
    bold: Path
    italic: Path
    bold_italic: Path


@dataclass(frozen=True)
class Layout:
    name: str
    paper: str
    page_width: float
    page_height: float
    margin_top: float
    margin_bottom: float
    margin_left: float
    margin_right: float
    columns: int
    gutter: float
    fonts: Fonts
    styles: dict[str, TextStyle]
    options: dict  # template-kind specific settings (e.g. card grid), validated by their renderer
    files: tuple[str, ...]  # template and font files it was made from (for cache keys)

    def style(self, name: str) -> TextStyle:
        return self.styles[name]


def merge(base: dict, overlay: dict) -> dict:
    """`overlay` on top of `base`, mappings merged key by key (templates, per-paper overrides)."""
    merged = dict(base)
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _read_chain(templates_dir: Path, name: str, seen: tuple[str, ...] = ()) -> tuple[dict, list[Path]]:
    if name in seen:
        raise ConfigError(f"template {name!r} extends itself ({' -> '.join(seen + (name,))})")
    path = templates_dir / f"{name}.yaml"
    display = f"templates/{name}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in templates_dir.glob("*.yaml"))
        raise ConfigError(f"unknown template {name!r} (templates: {', '.join(known) or 'none'})", path=display)
    data = load_yaml(path, display=display) or {}
    data = require_mapping(data, display=display, where="template")
    check_fields(
        data,
        display=display,
        where="template",
        optional=("extends", "fonts", "page", "styles", "options", "description"),
        types={"extends": str, "fonts": dict, "page": dict, "styles": dict, "options": dict, "description": str},
    )
    own = {key: value for key, value in data.items() if key != "extends"}
    if "extends" not in data:
        return own, [path]
    parent, files = _read_chain(templates_dir, data["extends"], seen + (name,))
    return merge(parent, own), files + [path]


def load_layout(templates_dir: Path, name: str, *, paper: str = "a4") -> Layout:
    """Read a template (and what it extends) and resolve it for one paper size."""
    if paper not in PAPER_SIZES:
        raise ConfigError(f"unknown paper {paper!r} (use a4 or letter)")
    data, files = _read_chain(templates_dir, name)
    display = f"templates/{name}.yaml"
    page = data.get("page") or {}
    check_fields(
        page,
        display=display,
        where="page",
        optional=("margins_mm", "columns", "gutter_mm", "paper"),
        types={"margins_mm": dict, "columns": int, "gutter_mm": (int, float), "paper": dict},
    )
    # per-paper overrides, e.g. page.paper.letter.margins_mm
    paper_overrides = (page.get("paper") or {}).get(paper) or {}
    page = merge({k: v for k, v in page.items() if k != "paper"}, paper_overrides)
    margins = page.get("margins_mm") or {}
    check_fields(margins, display=display, where="page.margins_mm", optional=("top", "bottom", "left", "right"))
    for side, value in margins.items():
        if not isinstance(value, (int, float)) or not 5 <= value <= 40:
            raise ConfigError(f"page.margins_mm.{side} must be a number of mm between 5 and 40, got {value!r}", path=display)
    columns = page.get("columns", 2)
    if not 1 <= columns <= 5:
        raise ConfigError(f"page.columns must be 1..5, got {columns}", path=display)
    fonts = _fonts(data.get("fonts") or {}, templates_dir=templates_dir, display=display)
    styles = {name_: _style(name_, spec, display=display) for name_, spec in (data.get("styles") or {}).items()}
    for required in ("body", "heading1", "heading2", "heading3", "note", "term_en", "header", "footer", "title"):
        if required not in styles:
            raise ConfigError(f"styles: missing style {required!r}", path=display)
    if styles["body"].size < MIN_BODY_SIZE:
        raise ConfigError(f"styles.body.size must be at least {MIN_BODY_SIZE} pt", path=display)
    width, height = PAPER_SIZES[paper]
    font_files = tuple(
        str(p.relative_to(templates_dir.parent)) if p.is_relative_to(templates_dir.parent) else str(p)
        for p in (fonts.regular, fonts.bold, fonts.italic, fonts.bold_italic)
    )
    return Layout(
        name=name,
        paper=paper,
        page_width=width,
        page_height=height,
        margin_top=margins.get("top", 12) * MM,
        margin_bottom=margins.get("bottom", 12) * MM,
        margin_left=margins.get("left", 12) * MM,
        margin_right=margins.get("right", 12) * MM,
        columns=columns,
        gutter=page.get("gutter_mm", 5) * MM,
        fonts=fonts,
        styles=styles,
        options=dict(data.get("options") or {}),
        files=tuple(f"templates/{p.name}" for p in files) + font_files,
    )


def _fonts(spec: dict, *, templates_dir: Path, display: str) -> Fonts:
    check_fields(
        spec,
        display=display,
        where="fonts",
        required=("family", "regular", "bold", "italic", "bold_italic"),
        types={"family": str, "regular": str, "bold": str, "italic": str, "bold_italic": str},
    )
    paths = {}
    for key in ("regular", "bold", "italic", "bold_italic"):
        path = templates_dir / spec[key]
        if not path.is_file():
            raise ConfigError(f"fonts.{key}: font file {spec[key]!r} not found under templates/", path=display)
        paths[key] = path
    return Fonts(family=spec["family"], **paths)


def _style(name: str, spec: dict, *, display: str) -> TextStyle:
    spec = require_mapping(spec, display=display, where=f"styles.{name}")
    check_fields(
        spec,
        display=display,
        where=f"styles.{name}",
        required=("size",),
        optional=STYLE_FIELDS,
        types={
            "size": (int, float),
            "leading": (int, float),
            "color": str,
            "bold": bool,
            "italic": bool,
            "space_before": (int, float),
            "space_after": (int, float),
            "background": str,
        },
    )
    size = float(spec["size"])
    if not 4 <= size <= 40:
        raise ConfigError(f"styles.{name}.size must be 4..40 pt, got {size}", path=display)
    return TextStyle(
        size=size,
        leading=float(spec.get("leading", round(size * 1.2, 2))),
        color=spec.get("color", "#000000"),
        bold=spec.get("bold", False),
        italic=spec.get("italic", False),
        space_before=float(spec.get("space_before", 0)),
        space_after=float(spec.get("space_after", 0)),
        background=spec.get("background", ""),
    )
