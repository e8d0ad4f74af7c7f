"""Page furniture drawn around a sheet's content: title block, running header, credits footer, print hint.

Drawn by a canvas that knows the final page count. Nothing here reads the clock: the date of the last
content change comes in as data, so the same inputs give the same bytes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pipeline.model import Credits
from pipeline.sheets.layout import Layout
from pipeline.sheets.markup import safe_text
from pipeline.text import fold, printable

PRINT_HINT = "Imprimir al 100 % · doble cara, giro por el borde largo"
PRINT_HINT_SINGLE = "Imprimir al 100 % (tamaño real, sin ajustar a la página)"
URL_PREFIX = re.compile(r"\bhttps?://(?:www\.)?")
TITLE_RULE = 1.2  # pt: the rule under the title block
TITLE_GAP = 5.0  # pt between the title block's rule and the columns


@dataclass(frozen=True)
class Furniture:
    """What every page shows around the content (the title block only on page 1, when asked for)."""

    title_es: str
    title_en: str
    sheet_label: str
    credits_line: str
    revision: str
    publisher: str = ""
    covers: str = ""  # what the sheet covers, in a few words
    credits: Credits = field(default_factory=Credits)
    title_block: bool = False
    compact: bool = False  # title block in two lines (title with subtitle; what it covers with the credits)


# When the text names nobody, the sheet still says who made the translation.
ANONYMOUS_TRANSLATORS = "Traducción: aficionados del foro (sin firma en el texto)"
UNSIGNED = "Traducción: sin firma en el texto"  # a blog post, a web page or a document: no forum to thank


def credits_line(credits: Credits, *, publisher: str = "") -> str:
    parts = [short_credits(credits)]
    if credits.source_url:
        parts.append("Fuente: " + credits.source_url)
    if credits.rulebook_url:
        parts.append("Reglamento original: " + credits.rulebook_url)
    parts.extend(credits.other)
    if publisher:
        parts.append(f"Juego © {publisher}")
    return " · ".join(parts)


def short_credits(credits: Credits) -> str:
    """The footer's credit: who translated it (the full credits are in the title block)."""
    if credits.translators:
        return "Traducción: " + ", ".join(credits.translators)
    return ANONYMOUS_TRANSLATORS if credits.forum else UNSIGNED


def print_hint(total: int) -> str:
    return PRINT_HINT if total > 1 else PRINT_HINT_SINGLE


def revision_line(furniture: Furniture) -> str:
    parts = [f"rev {furniture.revision}"] if furniture.revision else []
    return " · ".join(parts)


def _title_paragraphs(layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle]) -> tuple[list[Paragraph], list[Paragraph]]:
    """(left column: title, subtitle, covers, credits; right column: sheet label, revision)."""
    subtitle_parts = []
    if fold(furniture.title_en, keep_punctuation=True) != fold(furniture.title_es, keep_punctuation=True):
        subtitle_parts.append(f"<i>{safe_text(furniture.title_en)}</i>")
    if furniture.publisher:
        subtitle_parts.append(safe_text(furniture.publisher))
    credit = credits_line(furniture.credits) if furniture.credits != Credits() else furniture.credits_line
    if furniture.compact:
        # A quick reference spends its page on rules: the subtitle runs on after the title, and what the
        # sheet covers shares the small line with the credits.
        subtitle = styles["subtitle"]
        title = safe_text(furniture.title_es)
        if subtitle_parts:
            color, parts = subtitle.textColor.hexval()[2:], " · ".join(subtitle_parts)
            title += f'<font name="{subtitle.fontName}" size="{subtitle.fontSize}" color="#{color}">  ·  {parts}</font>'
        small = [f"<b>Contenido:</b> {safe_text(furniture.covers)}"] if furniture.covers else []
        # Addresses without "http://www." still find the thread and take a line less.
        credit = URL_PREFIX.sub("", credit)
        left = [
            Paragraph(title, ParagraphStyle("title-compact", parent=styles["title"], spaceAfter=1)),
            Paragraph(" · ".join([*small, safe_text(credit)]), styles["footer"]),
        ]
    else:
        left = [Paragraph(safe_text(furniture.title_es), styles["title"])]
    if subtitle_parts and not furniture.compact:
        left.append(Paragraph(" · ".join(subtitle_parts), styles["subtitle"]))
    if furniture.covers and not furniture.compact:
        left.append(Paragraph(f"<b>Contenido:</b> {safe_text(furniture.covers)}", styles["subtitle"]))
    if not furniture.compact:
        left.append(Paragraph(safe_text(credit), styles["footer"]))
    right_style = ParagraphStyle("title-right", parent=styles["subtitle"], alignment=TA_RIGHT)
    label_style = ParagraphStyle("title-label", parent=styles["heading2"], alignment=TA_RIGHT, spaceBefore=0, spaceAfter=0, backColor=None)
    right = [Paragraph(safe_text(furniture.sheet_label), label_style)]
    if revision_line(furniture):
        right.append(Paragraph(safe_text(revision_line(furniture)), right_style))
    return left, right


def _widths(layout: Layout, compact: bool = False) -> tuple[float, float]:
    usable = layout.page_width - layout.margin_left - layout.margin_right
    return (usable * 0.82, usable * 0.17) if compact else (usable * 0.74, usable * 0.24)


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
    rule_y = top - title_block_height(layout, furniture, styles) + TITLE_GAP
    canvas.setStrokeColor(HexColor(layout.style("title").color))
    canvas.setLineWidth(TITLE_RULE)
    canvas.line(layout.margin_left, rule_y, layout.page_width - layout.margin_right, rule_y)


def make_canvas_class(layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle]):
    """A Canvas that draws header and footer on every page once the page count is known."""

    class SheetCanvas(Canvas):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self._saved_pages: list[dict] = []

        def showPage(self) -> None:  # noqa: N802 - reportlab API
            self._saved_pages.append(dict(self.__dict__))
            self._startPage()

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
    width, height = layout.page_width, layout.page_height
    left, right = layout.margin_left, width - layout.margin_right
    header = styles["header"]
    canvas.saveState()
    canvas.setStrokeColor(HexColor(layout.style("heading1").color))
    canvas.setLineWidth(0.6)
    if furniture.title_block and number == 1:
        draw_title_block(canvas, layout, furniture, styles)
        _draw_print_hint(canvas, layout, styles, total=total)
    else:
        top_line = height - layout.margin_top + 3
        canvas.line(left, top_line, right, top_line)
        canvas.setFillColor(header.textColor)
        canvas.setFont(styles["heading1"].fontName, header.fontSize + 1)
        title = furniture.title_es
        if fold(furniture.title_en, keep_punctuation=True) != fold(furniture.title_es, keep_punctuation=True):
            title = f"{furniture.title_es} · {furniture.title_en}"
        label_room = canvas.stringWidth(printable(furniture.sheet_label), header.fontName, header.fontSize) + 12
        if canvas.stringWidth(printable(title), styles["heading1"].fontName, header.fontSize + 1) > right - left - label_room:
            title = furniture.title_es  # the English title would run into the sheet label
        canvas.drawString(left, top_line + 3, printable(title))
        canvas.setFont(header.fontName, header.fontSize)
        canvas.drawRightString(right, top_line + 3, printable(furniture.sheet_label))

    footer = styles["footer"]
    credit = short_credits(furniture.credits) if furniture.title_block else furniture.credits_line
    page_label = f"{number} / {total}"
    small = revision_line(furniture)
    if not furniture.title_block:
        small = f"{small} · {print_hint(total)}" if small else print_hint(total)
    small_size = footer.fontSize - 0.5
    # With a title block the revision is short: it sits beside the page number, so the footer is one
    # line and stays well inside the printable area even with narrow margins.
    beside = bool(small) and furniture.title_block
    canvas.setStrokeColor(HexColor(layout.style("heading1").color))
    canvas.setLineWidth(0.6)
    canvas.setFillColor(footer.textColor)
    canvas.setFont(footer.fontName, footer.fontSize)
    label_width = canvas.stringWidth(page_label, footer.fontName, footer.fontSize)
    small_width = canvas.stringWidth(printable(small), footer.fontName, small_size) + 8 if beside else 0.0
    paragraph = Paragraph(safe_text(credit), footer)
    available = right - left - label_width - small_width - 12
    _, used = paragraph.wrap(available, layout.margin_bottom)
    bottom_line = layout.margin_bottom - 3
    baseline = bottom_line - 2 - footer.leading + 1.5
    canvas.line(left, bottom_line, right, bottom_line)
    paragraph.drawOn(canvas, left, bottom_line - 2 - used)
    canvas.drawRightString(right, baseline, page_label)
    if small:
        canvas.setFont(footer.fontName, small_size)
        canvas.setFillColor(HexColor("#888888"))
        if beside:
            canvas.drawRightString(right - label_width - 8, baseline, printable(small))
        else:
            canvas.drawRightString(right, max(bottom_line - 2 - used - footer.leading, 8), printable(small))
    canvas.restoreState()


def _draw_print_hint(canvas: Canvas, layout: Layout, styles: dict[str, ParagraphStyle], *, total: int) -> None:
    """One line, turned 90°, in the left margin of page 1: where a printer looks, where it is never read by mistake."""
    footer = styles["footer"]
    canvas.saveState()
    canvas.setFont(footer.fontName, footer.fontSize - 0.5)
    canvas.setFillColor(HexColor("#888888"))
    x = max(layout.margin_left - footer.fontSize - 2, footer.fontSize)
    canvas.translate(x, layout.page_height / 2)
    canvas.rotate(90)
    canvas.drawCentredString(0, 0, printable(print_hint(total)))
    canvas.restoreState()
