"""Page furniture drawn around a sheet's content: title block, running header, footer, credits.

Drawn by a canvas that knows the final page count. Every mark stays SAFE_EDGE or more from the paper's
edge (home printers cannot print closer): the header and footer sit inside the template's margins,
which must leave room for them. Nothing here reads the clock: the date a sheet's content last changed
comes in as data (the build reads it from the manifest), so the same inputs give the same bytes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pipeline.model import Credits
from pipeline.sheets.icons import register as register_icons
from pipeline.sheets.layout import MM, Layout
from pipeline.sheets.markup import safe_text
from pipeline.text import fold, printable

PRINT_HINT = "Imprimir al 100 % · doble cara, giro por el borde largo"
PRINT_HINT_SINGLE = "Imprimir al 100 % (tamaño real, sin ajustar a la página)"
SAFE_EDGE = 8 * MM  # no mark closer to the paper's edge than this
TITLE_RULE = 1.2  # pt: the rule under the title block
TITLE_GAP = 5.0  # pt between the title block's rule and the columns
RULE_GAP = 2.5  # pt between the header or footer rule and the margin, and between a rule and its text
MAX_URL_CHARS = 52  # a shortened address: host and as much of the path as fits
FAINT = "#555555"  # the revision: readable, but quieter than the credits
ASCENT = 0.76  # DejaVu's ascent, in em: how far a line's letters rise above its baseline


@dataclass(frozen=True)
class Furniture:
    """What every page shows around the content (the title block only on page 1, when asked for)."""

    title_es: str
    title_en: str
    sheet_label: str
    credits_line: str
    revision: str  # as printed: "v2026-12-01 · a1b2c3d4" (revision_label)
    publisher: str = ""
    covers: str = ""  # what the sheet covers, in a few words
    credits: Credits = field(default_factory=Credits)
    title_block: bool = False
    compact: bool = False  # title and subtitle on one line; the credits go to a block at the end (credits_block)
    legend: str = ""  # the icons the sheet draws, as markup (icons.legend_markup), under what it covers
    # Rules under the header and over the footer; a cut-out grid has none: beside its crop marks a rule
    # reads as one more line to cut along.
    rules: bool = True


# When the text names no translator, the sheet says so last and briefly, after what is known (who wrote it, where it
# was published, whose game it is); a thread's unsigned translation is its forum's fans' work.
ANONYMOUS_TRANSLATORS = "traducción de un foro, sin firma"
UNSIGNED = "traducción sin firma"  # a blog post, a web page or a document: no forum to thank


def revision_label(revision: str, changed: str = "") -> str:
    """'v2026-12-01 · a1b2c3d4': the day the content last changed, then its hash; 'rev a1b2c3d4' without a date."""
    if not revision:
        return ""
    return f"v{changed} · {revision}" if changed else f"rev {revision}"


def short_url(url: str) -> str:
    """An address a reader can type: no scheme, no 'www.', no query, %20 decoded, a long path cut in the middle."""
    parts = urlsplit(url.strip())
    if not parts.netloc:
        return unquote(url.strip())
    host = parts.netloc.removeprefix("www.")
    path = unquote(parts.path).rstrip("/")
    # ".../boardgame/173064/leaving-earth": the number finds the page; the name after it only repeats it.
    path = re.sub(r"(/\d{3,})/[^/]+$", r"\1", path)
    text = host + path
    if len(text) > MAX_URL_CHARS:
        segments = [segment for segment in path.split("/") if segment]
        last = segments[-1] if segments else ""
        text = f"{host}/…/{last}" if segments else host
        if len(text) > MAX_URL_CHARS:
            text = text[: MAX_URL_CHARS - 1] + "…"
    return text


URL = re.compile(r"\bhttps?://\S+")


def credits_line(credits: Credits, *, publisher: str = "") -> str:
    """Who translated it, where it came from (addresses shortened) and whose game it is, on one line; with no
    translator named, what is known comes first and the unsigned translation last."""
    parts = ["Traducción: " + ", ".join(credits.translators)] if credits.translators else []
    if credits.authors:
        parts.append("Autoría: " + ", ".join(credits.authors))
    if credits.source_url:
        parts.append("Fuente: " + short_url(credits.source_url))
    if credits.rulebook_url:
        parts.append("Reglamento original: " + short_url(credits.rulebook_url))
    parts.extend(URL.sub(lambda found: short_url(found.group(0)), other) for other in credits.other)
    if publisher:
        parts.append(f"Juego © {publisher}")
    return _with_unsigned(parts, credits)


def short_credits(credits: Credits, *, publisher: str = "") -> str:
    """The footer's credit: who translated it; with no translator named, the one thing known first (who wrote the
    text, else the site it was published on, else whose game it is), then the unsigned translation
    (the full credits are in the title or credits block)."""
    if credits.translators:
        return "Traducción: " + ", ".join(credits.translators)
    if credits.authors:
        return "Autoría: " + ", ".join(credits.authors)
    site = urlsplit(credits.source_url.strip()).netloc.removeprefix("www.")
    known = f"Fuente: {site}" if site else f"Juego © {publisher}" if publisher else ""
    return _with_unsigned([known] if known else [], credits)


def _with_unsigned(parts: list[str], credits: Credits) -> str:
    """`parts` joined, ending with the unsigned translation when no translator is named. A text that names its
    author and no translator may be an original in Spanish: nothing is said of a translation."""
    if not credits.translators and not credits.authors:
        note = ANONYMOUS_TRANSLATORS if credits.forum else UNSIGNED
        parts = [*parts, note if parts else note[0].upper() + note[1:]]
    return " · ".join(parts)


def print_hint(total: int) -> str:
    return PRINT_HINT if total > 1 else PRINT_HINT_SINGLE


def credits_block(furniture: Furniture, styles: dict[str, ParagraphStyle]) -> Paragraph:
    """The small credits paragraph a compact sheet ends with (instead of header lines on page 1)."""
    style = ParagraphStyle("credits", parent=styles["footer"], spaceBefore=6)
    return Paragraph(f"<b>Créditos.</b> {safe_text(furniture.credits_line)}", style)


def _title_paragraphs(layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle]) -> tuple[list[Paragraph], list[Paragraph]]:
    """(left column: title, subtitle, covers, credits; right column: sheet label, revision)."""
    subtitle_parts = []
    if fold(furniture.title_en, keep_punctuation=True) != fold(furniture.title_es, keep_punctuation=True):
        subtitle_parts.append(f"<i>{safe_text(furniture.title_en)}</i>")
    if furniture.publisher and not furniture.compact:  # a compact sheet names it in its credits block
        subtitle_parts.append(safe_text(furniture.publisher))
    covers = [Paragraph(f"<b>Contenido:</b> {safe_text(furniture.covers)}", styles["subtitle"])] if furniture.covers else []
    if furniture.legend:
        covers.append(Paragraph(furniture.legend, styles["subtitle"]))
    if furniture.compact:
        # A quick reference spends its page on rules: the subtitle runs on after the title, the credits
        # wait in a small block at the end of the sheet.
        subtitle = styles["subtitle"]
        title = safe_text(furniture.title_es)
        if subtitle_parts:
            color, parts = subtitle.textColor.hexval()[2:], " · ".join(subtitle_parts)
            title += f'<font name="{subtitle.fontName}" size="{subtitle.fontSize}" color="#{color}">  ·  {parts}</font>'
        left = [Paragraph(title, ParagraphStyle("title-compact", parent=styles["title"], spaceAfter=1)), *covers]
    else:
        left = [Paragraph(safe_text(furniture.title_es), styles["title"])]
        if subtitle_parts:
            left.append(Paragraph(" · ".join(subtitle_parts), styles["subtitle"]))
        left += [*covers, Paragraph(safe_text(furniture.credits_line), styles["footer"])]
    right_style = ParagraphStyle("title-right", parent=styles["subtitle"], alignment=TA_RIGHT)
    label_style = ParagraphStyle("title-label", parent=styles["heading2"], alignment=TA_RIGHT, spaceBefore=0, spaceAfter=0, backColor=None)
    right = [Paragraph(safe_text(furniture.sheet_label), label_style)]
    if furniture.revision:
        right.append(Paragraph(safe_text(furniture.revision), right_style))
    return left, right


def _widths(layout: Layout, compact: bool = False) -> tuple[float, float]:
    usable = layout.page_width - layout.margin_left - layout.margin_right
    return (usable * 0.78, usable * 0.21) if compact else (usable * 0.74, usable * 0.24)


def _stack_height(paragraphs: list[Paragraph], width: float) -> float:
    return sum(p.wrap(width, 1000)[1] + (p.style.spaceAfter if i < len(paragraphs) - 1 else 0) for i, p in enumerate(paragraphs))


def title_block_height(layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle]) -> float:
    """Points the title block takes at the top of page 1 (the columns start below it)."""
    if not furniture.title_block:
        return 0.0
    left, right = _title_paragraphs(layout, furniture, styles)
    left_width, right_width = _widths(layout, furniture.compact)
    return max(_stack_height(left, left_width), _stack_height(right, right_width)) + TITLE_RULE + TITLE_GAP + 2


def _draw_stack(canvas: Canvas, paragraphs: list[Paragraph], x: float, top: float, width: float) -> None:
    y = top
    for paragraph in paragraphs:
        _, height = paragraph.wrap(width, 1000)
        y -= height
        paragraph.drawOn(canvas, x, y)
        y -= paragraph.style.spaceAfter


def draw_title_block(canvas: Canvas, layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle]) -> None:
    left, right = _title_paragraphs(layout, furniture, styles)
    left_width, right_width = _widths(layout, furniture.compact)
    top = layout.page_height - layout.margin_top
    x_left = layout.margin_left
    x_right = layout.page_width - layout.margin_right - right_width
    _draw_stack(canvas, left, x_left, top, left_width)
    _draw_stack(canvas, right, x_right, top, right_width)
    _rule(canvas, layout, top - title_block_height(layout, furniture, styles) + TITLE_GAP, width=TITLE_RULE)


def make_canvas_class(layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle]):
    """A Canvas that draws header and footer on every page once the page count is known."""

    class SheetCanvas(Canvas):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self._saved_pages: list[dict] = []
            register_icons(self)  # the game's symbols inside text lines draw themselves through this callback

        def showPage(self) -> None:  # noqa: N802 - reportlab API
            self._saved_pages.append(dict(self.__dict__))
            self._startPage()  # type: ignore[attr-defined]  # reportlab's own, absent from its stubs

        def save(self) -> None:
            total = len(self._saved_pages)
            for number, state in enumerate(self._saved_pages, start=1):
                self.__dict__.update(state)
                draw_furniture(self, layout, furniture, styles, number=number, total=total)
                Canvas.showPage(self)
            Canvas.save(self)

    return SheetCanvas


def draw_furniture(
    canvas: Canvas, layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle], *, number: int, total: int
) -> None:
    canvas.saveState()
    if furniture.title_block and number == 1:
        draw_title_block(canvas, layout, furniture, styles)
    else:
        _draw_header(canvas, layout, furniture, styles)
    _draw_footer(canvas, layout, furniture, styles, number=number, total=total)
    canvas.restoreState()


def _rule(canvas: Canvas, layout: Layout, y: float, *, width: float = 0.6) -> None:
    """A rule across the text width in the title's colour: under the title block, the running header, over the footer."""
    canvas.setStrokeColor(HexColor(layout.style("title").color))
    canvas.setLineWidth(width)
    canvas.line(layout.margin_left, y, layout.page_width - layout.margin_right, y)


def _draw_header(canvas: Canvas, layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle]) -> None:
    """The running header: the game's title on the left, the sheet's label on the right, a rule below."""
    left, right = layout.margin_left, layout.page_width - layout.margin_right
    header = styles["header"]
    top_line = layout.page_height - layout.margin_top + RULE_GAP
    if furniture.rules:
        _rule(canvas, layout, top_line)
    canvas.setFillColor(header.textColor)
    bold = styles["heading2"].fontName
    title = furniture.title_es
    if fold(furniture.title_en, keep_punctuation=True) != fold(furniture.title_es, keep_punctuation=True):
        title = f"{furniture.title_es} · {furniture.title_en}"
    label_room = canvas.stringWidth(printable(furniture.sheet_label), header.fontName, header.fontSize) + 12
    if canvas.stringWidth(printable(title), bold, header.fontSize) > right - left - label_room:
        title = furniture.title_es  # the English title would run into the sheet label
    canvas.setFont(bold, header.fontSize)
    canvas.drawString(left, top_line + RULE_GAP, printable(title))
    canvas.setFont(header.fontName, header.fontSize)
    canvas.drawRightString(right, top_line + RULE_GAP, printable(furniture.sheet_label))


def _draw_footer(
    canvas: Canvas, layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle], *, number: int, total: int
) -> None:
    """One line under a rule: who translated it (and, on page 1, how to print it) on the left; the
    revision and the page number on the right."""
    left, right = layout.margin_left, layout.page_width - layout.margin_right
    footer = styles["footer"]
    bottom_line = layout.margin_bottom - RULE_GAP
    baseline = bottom_line - RULE_GAP - ASCENT * footer.fontSize
    if furniture.rules:
        _rule(canvas, layout, bottom_line)
    page_label = f"{number} / {total}"
    canvas.setFillColor(footer.textColor)
    canvas.setFont(footer.fontName, footer.fontSize)
    canvas.drawRightString(right, baseline, page_label)
    used = canvas.stringWidth(page_label, footer.fontName, footer.fontSize) + 8
    if furniture.revision:
        canvas.setFillColor(HexColor(FAINT))
        canvas.drawRightString(right - used, baseline, printable(furniture.revision))
        used += canvas.stringWidth(printable(furniture.revision), footer.fontName, footer.fontSize) + 8
    text = short_credits(furniture.credits, publisher=furniture.publisher)
    if number == 1 or not furniture.title_block:  # where a printer looks first
        text = f"{text} · {print_hint(total)}"
    canvas.setFillColor(footer.textColor)
    canvas.drawString(left, baseline, _fit(canvas, printable(text), footer, right - left - used - 8))


def _fit(canvas: Canvas, text: str, style: ParagraphStyle, width: float) -> str:
    """`text` cut with '…' to one line of `width` points (the footer never takes a second line)."""
    if canvas.stringWidth(text, style.fontName, style.fontSize) <= width:
        return text
    while text and canvas.stringWidth(text + "…", style.fontName, style.fontSize) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def check_margins(layout: Layout, styles: dict[str, ParagraphStyle]) -> None:
    """A template whose margins would push the header or footer closer than SAFE_EDGE to the edge is an error."""
    from pipeline.errors import ConfigError

    header, footer = styles["header"], styles["footer"]
    header_top = layout.margin_top - 2 * RULE_GAP - header.fontSize
    footer_bottom = layout.margin_bottom - 2 * RULE_GAP - footer.fontSize  # ascent + descent of one line
    sides = min(layout.margin_left, layout.margin_right)
    if min(header_top, footer_bottom, sides) < SAFE_EDGE - 0.01:
        need = (SAFE_EDGE + 2 * RULE_GAP + max(header.fontSize, footer.fontSize)) / MM
        raise ConfigError(
            f"page margins leave the header, footer or text closer than 8 mm to the paper's edge on {layout.paper}: "
            f"use margins_mm top and bottom of at least {need:.1f} and left and right of at least 8",
            path=f"templates/{layout.name}.yaml",
        )
