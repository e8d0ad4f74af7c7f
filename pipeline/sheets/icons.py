"""A game's Icons -> vector symbols inside Paragraph lines (before the title, label or index line that names them) and the legend.

reportlab's `<img>` takes only raster files; a symbol drawn with the canvas's own path operators stays
sharp, prints at any size and gives the same bytes every time. So a symbol is two pieces of markup: an
`<onDraw>` callback ("icon", registered on every sheet canvas by `register`) that draws the shape at the
line's current position, followed by no-break spaces in the paragraph's own font and size that keep its
room on the line (no-break, so the symbol never parts from the word it names). The letter inside is
drawn in the sheet's bold face (embedded like the rest of the text).

Which game's icons a sheet uses is set once per render with `using(icons)` (sheets.render): the text
helpers of every sheet kind ask `decorate` without each signature carrying the game.
"""
from __future__ import annotations

import math
import re
import unicodedata
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Iterable, Iterator
from xml.sax.saxutils import escape, quoteattr

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from pipeline.model import Icon
from pipeline.sheets.icondata import icon_for, icons_in_text, icons_named, text_pattern
from pipeline.text import printable

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.pdfgen.pathobject import PDFPathObject

CALLBACK = "icon"
SIZE = 1.0  # the symbol's height, in ems of the text it sits in
GAP = 0.3  # em between the symbol and its word
CENTRE = 0.36  # em above the baseline: the middle of a capital letter, where the symbol is centred
LETTER = 0.6  # the letter's size, in symbol heights
PICTOGRAPH = 1.3  # a symbol character's size, in letter sizes
NBSP = "\u00a0"
_SEPARATOR = "|"

_current: ContextVar[tuple[Icon, ...]] = ContextVar("icons", default=())


@contextmanager
def using(icons: Iterable[Icon]) -> Iterator[None]:
    """Within the block, `decorate` and `legend_markup` use these icons (a render's game's)."""
    token = _current.set(tuple(icons))
    try:
        yield
    finally:
        _current.reset(token)


def check_letters(icons: Iterable[Icon], *, font_path: str, game: str) -> None:
    """A letter the sheet's bold face cannot draw would print as an empty box: a ConfigError naming the icon."""
    from pipeline.errors import ConfigError
    from pipeline.sheets.glyphs import coverage

    font = coverage(font_path)
    for icon in icons:
        if icon.letter and font.lacks(icon.letter):
            raise ConfigError(
                f"icons.{icon.name}.letter: the font {font.family} has no glyph for {icon.letter!r}: "
                "choose a letter or symbol it has (or leave the letter out)",
                path=f"sources/{game}/game.yaml",
                line=icon.line or None,
            )


def current() -> tuple[Icon, ...]:
    return _current.get()


def _spaces(width: float, style: ParagraphStyle) -> tuple[str, float]:
    """No-break spaces `width` wide (to 0.01 pt), never in a size above the text's: the line keeps its height."""
    em = stringWidth(NBSP, style.fontName, 1.0) or 0.3
    if width <= 0.01:
        return "", 0.0
    count = max(1, math.ceil(width / (em * style.fontSize)))
    size = round(width / (count * em), 2)
    return f'<font name="{style.fontName}" size="{size}">{NBSP * count}</font>', count * em * size


def _pieces(icon: Icon, style: ParagraphStyle) -> tuple[str, float, float]:
    """(the markup that keeps the symbol's room, with its letter centred in it; that room in pt; the symbol's width)."""
    size = style.fontSize
    width = SIZE * size
    letter = ""
    letter_width = 0.0
    if icon.letter:
        bold = _bold_of(style.fontName)
        # A pictograph (☁, ☢, ⚡) is drawn smaller than a capital within its em: it gets a larger size.
        scale = PICTOGRAPH if all(unicodedata.category(char) == "So" for char in icon.letter) else 1.0
        scale *= (0.8 if len(icon.letter) > 1 else 1.0) * (0.85 if icon.shape == "triangle" else 1.0)
        letter_size = round(size * SIZE * LETTER * scale, 2)
        letter_width = stringWidth(icon.letter, bold, letter_size)
        width = max(width, letter_width + 0.3 * size)  # "GD" in a hexagon: the symbol widens, never the letter shrinks further
        lift = -0.14 * size if icon.shape == "triangle" else 0.0  # a triangle's room is in its lower half
        rise = round(CENTRE * size + lift - CENTRE * letter_size, 2)
        # <super> is reportlab's one way to raise a run: here by an absolute rise, at an absolute size.
        letter = f'<font name="{bold}" color="{icon.ink}"><super rise="{rise}" size="{letter_size}">{safe_text(icon.letter)}</super></font>'
    before, before_width = _spaces((width - letter_width) / 2, style)
    after, after_width = _spaces((width - letter_width) / 2 + GAP * size, style)
    room = before_width + letter_width + after_width
    return before + letter + after, room, room - GAP * size


def icon_markup(icon: Icon, style: ParagraphStyle) -> str:
    """The markup that draws `icon` at the current place in a paragraph set in `style`.

    The letter is text of the paragraph itself (so text extraction reads "B Amenazas blancas" on one line, and
    reportlab paints it after the symbol, on top); the callback comes after it: reportlab binds a zero-width
    callback to the word before it, and here that word is the symbol's own run, glued to the name that follows.
    """
    markup, room, width = _pieces(icon, style)
    numbers = (f"{room:.3f}", f"{width:.3f}", f"{style.fontSize * SIZE:.3f}")
    label = _SEPARATOR.join((icon.shape, icon.fill, icon.stroke, *numbers))
    return f'{markup}<onDraw name="{CALLBACK}" label={quoteattr(label)}/>'


def decorate(text: str, style: ParagraphStyle, *, markup: str | None = None) -> str:
    """`text` as escaped markup (or the given `markup` of it), after the symbol of the icon it names, if any."""
    body = safe_text(text) if markup is None else markup
    icon = icon_for(current(), text)
    return icon_markup(icon, style) + body if icon is not None else body


def extra_width(text: str, style: ParagraphStyle) -> float:
    """The points `decorate` adds in front of `text` (0 when it names no icon): for measuring table columns."""
    icon = icon_for(current(), text)
    if icon is None:
        return 0.0
    return _pieces(icon, style)[1]


def in_text(markup: str, style: ParagraphStyle) -> str:
    """Paragraph markup with the symbol before the first `in_text` phrase of each icon ("(símbolo nube)"), never
    inside a tag: once per paragraph is enough to link the words to the symbol; more would be noise."""
    pattern, by_phrase = text_pattern(current())
    if pattern is None:
        return markup
    drawn: set[str] = set()

    def symbol(found: re.Match[str]) -> str:
        icon = by_phrase[found.group().casefold()]
        if icon.name in drawn:
            return found.group()
        drawn.add(icon.name)
        return icon_markup(icon, style) + found.group()

    pieces = _TAG.split(markup)
    for index in range(0, len(pieces), 2):  # the even pieces are text, the odd ones our tags
        pieces[index] = pattern.sub(symbol, pieces[index])
    return "".join(pieces)


_TAG = re.compile(r"(<[^>]*>)")


def legend_markup(labels: Iterable[str], style: ParagraphStyle, *, texts: Iterable[str] = ()) -> str:
    """'<b>Iconos:</b> (sym) Impacto · (sym) Escudo ...' for the icons the sheet draws: those its `labels` name and
    those whose phrases its running `texts` hold; '' when it draws none."""
    icons = current()
    named = {icon.name for icon in icons_named(icons, labels)} | icons_in_text(icons, texts)
    used = [icon for icon in icons if icon.name in named]
    if not used:
        return ""
    entries = [icon_markup(icon, style) + safe_text(icon.meaning) for icon in used]
    return "<b>Iconos:</b> " + " · ".join(entries)


def register(canvas: Canvas) -> None:
    """Give `canvas` the callback the icon markup calls (each sheet canvas, when it is made)."""
    canvas.setNamedCB(CALLBACK, draw_callback)


def draw_callback(canvas: Canvas, kind: str | None, label: str | None) -> None:  # reportlab's callback signature
    info = getattr(canvas, "_curr_tx_info", None)
    if not info or not label:
        return
    shape, fill, stroke, room, width, size = label.split(_SEPARATOR)
    # The symbol's room is just behind the callback: the run of spaces and letter before it.
    draw_symbol(canvas, shape=shape, fill=fill, stroke=stroke, x=info["cur_x"] - float(room), baseline=info["cur_y"],
                width=float(width), size=float(size))


def draw_symbol(canvas: Canvas, *, shape: str, fill: str, stroke: str, x: float, baseline: float, width: float, size: float) -> None:
    """One symbol `size` high (wider when its letter needs it), centred in `width` from `x`, its middle CENTRE em above `baseline`."""
    centre_x, centre_y = x + width / 2, baseline + CENTRE * size
    radius = size / 2
    stretch = max(1.0, width / size)  # a two-letter hexagon or rounded square grows sideways
    canvas.saveState()
    canvas.setFillColor(HexColor(fill))
    canvas.setStrokeColor(HexColor(stroke))
    canvas.setLineWidth(max(0.4, size * 0.07))
    path = canvas.beginPath()
    if shape == "circle" and stretch <= 1.0:
        path.circle(centre_x, centre_y, radius)
    elif shape in ("square", "rounded", "circle"):
        side = radius * 1.8
        wide = side * stretch
        corner = side * (0.5 if shape == "circle" else 0.22 if shape == "rounded" else 0.0)
        path.roundRect(centre_x - wide / 2, centre_y - side / 2, wide, side, corner)
    else:
        points = _points(shape, centre_x, centre_y, radius)
        _polygon(path, [(centre_x + (px - centre_x) * stretch, py) for px, py in points])
    canvas.drawPath(path, stroke=1, fill=1)
    canvas.restoreState()


def _points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    def ring(count: int, radius: float, start: float) -> list[tuple[float, float]]:
        return [(cx + radius * math.cos(start + 2 * math.pi * k / count), cy + radius * math.sin(start + 2 * math.pi * k / count))
                for k in range(count)]

    if shape == "diamond":
        return ring(4, r * 1.05, math.pi / 2)
    if shape == "triangle":
        return [(cx, cy + r * 1.05), (cx - r * 1.1, cy - r * 0.85), (cx + r * 1.1, cy - r * 0.85)]
    if shape == "hexagon":
        return ring(6, r, 0)
    if shape == "octagon":
        return ring(8, r * 1.02, math.pi / 8)
    if shape == "star":
        outer, inner = ring(5, r * 1.1, math.pi / 2), ring(5, r * 0.55, math.pi / 2 + math.pi / 5)
        return [point for pair in zip(outer, inner) for point in pair]
    # shield: flat top, sides, a point at the bottom
    return [(cx - r * 0.9, cy + r * 0.9), (cx + r * 0.9, cy + r * 0.9), (cx + r * 0.9, cy - r * 0.1), (cx, cy - r * 1.05),
            (cx - r * 0.9, cy - r * 0.1)]


def _polygon(path: PDFPathObject, points: list[tuple[float, float]]) -> None:
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()


def safe_text(text: str) -> str:
    """As markup.safe_text (which imports this module for its running text): NFC, printable, escaped."""
    return escape(printable(text))


def _bold_of(font: str) -> str:
    """The registered bold face of `font`'s family (markup.register_fonts names them 'Family-Bold')."""
    from reportlab.lib.fonts import tt2ps

    try:
        return tt2ps(font, 1, 0)
    except (KeyError, ValueError):
        return font
