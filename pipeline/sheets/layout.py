"""Templates (YAML under templates/) -> a validated Layout: paper, margins, columns, fonts, styles.

A template may `extend` another; mappings are merged key by key, so a small overlay only says what
differs, and every value remembers the file and line that set it (an error in an inherited value names
the base template). Paper is chosen at build time and every measure is computed for that paper (never
scaled). The YAML is the only source of values: nothing here fills in a margin or a size.
"""
from __future__ import annotations

import difflib
import re
import struct
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import ConfigError
from pipeline.schema import Fields, Problems, shown
from pipeline.yamlio import LineDict, load_yaml, merge, without

MM = 72.0 / 25.4
PAPER_SIZES = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}
# Styles every renderer draws with (card sheets add their own, checked by cards/geometry.py).
NEEDED_STYLES = ("body", "heading1", "heading2", "heading3", "note", "term_en", "header", "footer", "title", "subtitle",
                 "formula", "table", "glossary")
FONT_FACES = ("regular", "bold", "italic", "bold_italic")
MIN_BODY_SIZE = 7.5  # pt: the type scale's body; no sheet prints smaller rules
MIN_COLUMN_MM = 20.0  # a column narrower than this cannot hold a line of rules text
TEMPLATE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
# sfnt versions of TrueType outlines, and the tables reportlab reads to embed a font.
TRUETYPE_VERSIONS = (b"\x00\x01\x00\x00", b"true")
FONT_TABLES = ("cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post")


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
    declared_in: str = ""  # the template file that set the fonts ("templates/base.yaml"), for messages about them
    declared_line: int | None = None

    def problem(self, path: Path, message: str) -> ConfigError:
        """A font file that turned out unusable when read, reported at the template line that chose it."""
        return ConfigError(f"fonts: font file {path.name!r} {message}", path=self.declared_in or None, line=self.declared_line)


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
    files: tuple[str, ...]  # template and font files it was made from (for cache keys)

    def style(self, name: str) -> TextStyle:
        return self.styles[name]

    def column_width(self, columns: int, gutter: float | None = None) -> float:
        usable = self.page_width - self.margin_left - self.margin_right
        gap = self.gutter if gutter is None else gutter
        return (usable - gap * (columns - 1)) / columns


@dataclass(frozen=True)
class Template:
    """A template chain read and merged: `data` keeps, for every key, the file and line that set it."""

    name: str
    data: LineDict
    files: tuple[Path, ...]  # the chain, base first


def template_problem(templates_dir: Path, name: object) -> str | None:
    """Why `name` does not name a template file of templates/ (bad characters, no such file), or None."""
    known = sorted(path.stem for path in templates_dir.glob("*.yaml"))
    if not isinstance(name, str) or not TEMPLATE_NAME.match(name):
        return (f"{shown(name)} is not a template name: name a file of templates/ without '.yaml' "
                f"(letters, digits, '-', '_'; templates: {', '.join(known) or 'none'})")
    if not (templates_dir / f"{name}.yaml").is_file():
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}?" if close else f"templates: {', '.join(known) or 'none'}"
        return f"no template {name!r} in templates/ ({hint})"
    return None


def read_template(templates_dir: Path, name: str, problems: Problems, *, seen: tuple[str, ...] = ()) -> Template | None:
    """Read a template and what it `extends`, merged; syntax errors raise, other problems go to `problems`."""
    display = f"templates/{name}.yaml"
    data = load_yaml(templates_dir / f"{name}.yaml", display=display)
    fields = Fields(data, where="", problems=problems, path=display, line=1)
    if data is not None and not isinstance(data, dict):
        return None
    for key in ("description", "fonts", "page", "styles", "options"):
        fields.has(key)
    fields.finish(also=("extends",))
    own = fields.data if isinstance(fields.data, LineDict) else LineDict(fields.data)
    parent_name = own.get("extends")
    if parent_name is None:
        return Template(name, own, (templates_dir / f"{name}.yaml",))
    problem = template_problem(templates_dir, parent_name)
    if problem is None and parent_name in seen + (name,):
        problem = f"template {name!r} extends itself ({' -> '.join(seen + (name, parent_name))})"
    if problem:
        fields.fail("extends", problem)
        return None
    parent = read_template(templates_dir, parent_name, problems, seen=seen + (name,))
    if parent is None:
        return None
    return Template(name, merge(parent.data, without(own, "extends")), parent.files + (templates_dir / f"{name}.yaml",))


def for_paper(fields: Fields, paper: str) -> Fields:
    """`fields` with its `paper.<paper>` overrides merged in (values keep the lines that set them); an override of
    something not a paper, or not a mapping, is a problem."""
    by_paper = fields.mapping("paper")
    for name in by_paper.keys():
        if name not in PAPER_SIZES:
            by_paper.fail(name, f"not a paper (papers: {', '.join(PAPER_SIZES)})")
        by_paper.mapping(name)  # says so when an override is not a mapping
    overlay = by_paper.data.get(paper)
    merged = merge(without(fields.data, "paper"), overlay if isinstance(overlay, dict) else {})
    return Fields(merged, where=fields.where, problems=fields.problems, path=fields.path, line=fields.line)


def read_layout(template: Template, *, paper: str, templates_dir: Path, problems: Problems) -> Layout | None:
    """A merged template resolved for one paper -> Layout; None when it has problems (recorded in `problems`)."""
    before = len(problems)
    root = Fields(template.data, where="", problems=problems, path=f"templates/{template.name}.yaml", line=1)
    page = for_paper(root.mapping("page", required=True), paper)
    margins = page.mapping("margins_mm", required=True)
    sides = {side: margins.number(side, low=5, high=40, unit="mm") for side in ("top", "bottom", "left", "right")}
    margins.finish()
    columns = page.number("columns", low=1, high=5, whole=True)
    gutter = page.number("gutter_mm", low=0, high=30, unit="mm")
    page.finish(also=("paper",))
    fonts = _fonts(root.mapping("fonts", required=True), templates_dir=templates_dir)
    styles = _styles(root.mapping("styles", required=True))
    if len(problems) > before or fonts is None:
        return None
    width, height = PAPER_SIZES[paper]
    layout = Layout(
        name=template.name, paper=paper, page_width=width, page_height=height,
        margin_top=sides["top"] * MM, margin_bottom=sides["bottom"] * MM, margin_left=sides["left"] * MM, margin_right=sides["right"] * MM,
        columns=columns, gutter=gutter * MM, fonts=fonts, styles=styles,
        files=tuple(f"templates/{path.name}" for path in template.files)
        + tuple(f"templates/{getattr(fonts, face).relative_to(templates_dir).as_posix()}" for face in FONT_FACES),
    )
    if layout.column_width(columns) < MIN_COLUMN_MM * MM:
        page.fail("gutter_mm", column_problem(layout, columns))
        return None
    return layout


def column_problem(layout: Layout, columns: int, *, gutter: float | None = None) -> str:
    gap = layout.gutter if gutter is None else gutter
    width = layout.column_width(columns, gap)
    return (f"{columns} columns with {gap / MM:g} mm between them leave {max(width, 0) / MM:.1f} mm for each on "
            f"{layout.paper} (at least {MIN_COLUMN_MM:g} mm): use fewer columns or a smaller gutter")


def _fonts(fields: Fields, *, templates_dir: Path) -> Fonts | None:
    before = len(fields.problems)
    family = fields.text("family")
    paths: dict[str, Path] = {}
    root = templates_dir.resolve()
    for face in FONT_FACES:
        name = fields.text(face)
        if name is None:
            continue
        path = (templates_dir / name).resolve()
        if not path.is_relative_to(root):
            fields.fail(face, f"font file {name!r} is outside templates/ (keep fonts in templates/fonts/)")
        elif not path.is_file():
            fields.fail(face, f"font file {name!r} not found under templates/")
        elif problem := font_problem(path):
            fields.fail(face, f"font file {name!r} {problem}")
        else:
            paths[face] = templates_dir / name
    fields.finish()
    if len(fields.problems) > before:
        return None
    path, line = fields.origin("regular")
    return Fonts(family=family, **paths, declared_in=path or "", declared_line=line)


def font_problem(path: Path) -> str | None:
    """Why `path` is not a TrueType font reportlab can embed (from its header and table directory), or None."""
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            header = handle.read(12)
            count = struct.unpack(">H", header[4:6])[0] if len(header) == 12 else 0
            directory = handle.read(16 * count)
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    kinds = {b"OTTO": "an OpenType font with PostScript outlines (.otf)", b"wOFF": "a web font (WOFF)",
             b"wOF2": "a web font (WOFF2)", b"ttcf": "a TrueType collection (.ttc)"}
    if header[:4] in kinds:
        return f"is {kinds[header[:4]]}; use a single TrueType font (.ttf)"
    if len(header) < 12 or header[:4] not in TRUETYPE_VERSIONS:
        return "is not a usable TrueType font (.ttf): it does not start with a TrueType header"
    if len(directory) < 16 * count:
        return f"is truncated ({size:,} bytes, cut inside its table directory): copy the font file again"
    tables = {}
    for index in range(count):
        tag, _, offset, length = struct.unpack(">4sLLL", directory[16 * index : 16 * index + 16])
        tables[tag.decode("latin-1")] = offset + length
    missing = [tag for tag in FONT_TABLES if tag not in tables]
    if missing:
        return f"is not a usable TrueType font (.ttf): it has no {', '.join(missing)} table"
    tag, end = max(tables.items(), key=lambda item: item[1])
    if end > size:
        return f"is truncated ({size:,} bytes, but its {tag!r} table ends at byte {end:,}): copy the font file again"
    return None


def _styles(fields: Fields) -> dict[str, TextStyle]:
    styles = {}
    for name in fields.keys():
        style = _style(fields.mapping(name))
        if style is not None:
            styles[name] = style
    missing = [name for name in NEEDED_STYLES if name not in fields.data]
    if missing:
        fields.fail_here(f"missing style{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    body = styles.get("body")
    if body is not None and body.size < MIN_BODY_SIZE:
        fields.fail("body", f"size must be at least {MIN_BODY_SIZE:g} pt, got {body.size:g}")
    return styles


def _style(fields: Fields) -> TextStyle | None:
    before = len(fields.problems)
    size = fields.number("size", low=4, high=40, unit="pt")
    style = TextStyle(
        size=size,
        # Absent means "none" (no bold, no space, no background); only the leading follows from the size.
        leading=fields.number("leading", round(size * 1.2, 2) if size else None, low=4, high=60, unit="pt"),
        color=fields.colour("color", "#000000"),
        bold=fields.flag("bold", False),
        italic=fields.flag("italic", False),
        space_before=fields.number("space_before", 0.0, low=0, high=30, unit="pt"),
        space_after=fields.number("space_after", 0.0, low=0, high=30, unit="pt"),
        background="" if fields.raw("background") == "" else fields.colour("background", ""),
    )
    fields.finish()
    return None if len(fields.problems) > before else style


def load_layout(templates_dir: Path, name: str, *, paper: str = "a4") -> Layout:
    """Read a template (and what it extends) and resolve it for one paper size; ConfigError lists every problem."""
    problems = Problems()
    if paper not in PAPER_SIZES:
        problems.add(f"unknown paper {paper!r} (use a4 or letter)", path=None, line=None)
    problem = template_problem(templates_dir, name)
    if problem:
        problems.add(problem, path=None, line=None)
    problems.raise_if_any()
    template = read_template(templates_dir, name, problems)
    layout = read_layout(template, paper=paper, templates_dir=templates_dir, problems=problems) if template else None
    problems.raise_if_any()
    if layout is None:  # every way to None records a problem, raised above
        raise ConfigError(f"template {name!r} was not read", path=f"templates/{name}.yaml")
    return layout
