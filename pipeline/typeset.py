"""Document + Layout -> PDF bytes for a quick-reference sheet (reportlab Platypus, multi-column).

All source text is escaped before our markup is added; output is byte-identical for the same input
(invariant mode, no wall-clock dates). Page furniture (header, credits footer, page numbers) is drawn
by a canvas that knows the final page count.
"""
from __future__ import annotations

import io
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from .glossary import fold
from .layout import Fonts, Layout, TextStyle
from .model import Block, Credits, Document, Section, TermHit

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]")
PRINT_HINT = "Imprimir al 100 % · doble cara, giro por el borde largo"


def safe_text(text: str) -> str:
    """NFC, no control or zero-width characters, XML-escaped: safe to put inside Paragraph markup."""
    return escape(_CONTROL.sub("", unicodedata.normalize("NFC", text)))


@lru_cache(maxsize=8)
def register_fonts(fonts: Fonts) -> dict[str, str]:
    """Register the four faces of a TTF family once; returns style -> registered font name."""
    names = {
        "regular": fonts.family,
        "bold": f"{fonts.family}-Bold",
        "italic": f"{fonts.family}-Italic",
        "bold_italic": f"{fonts.family}-BoldItalic",
    }
    for key, name in names.items():
        pdfmetrics.registerFont(TTFont(name, str(getattr(fonts, key))))
    pdfmetrics.registerFontFamily(
        fonts.family, normal=names["regular"], bold=names["bold"], italic=names["italic"], boldItalic=names["bold_italic"]
    )
    return names


def font_for(style: TextStyle, names: dict[str, str]) -> str:
    key = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bold_italic"}
    return names[key[(style.bold, style.italic)]]


def paragraph_styles(layout: Layout, *, body_size: float | None = None) -> dict[str, ParagraphStyle]:
    """ParagraphStyles for every template style; `body_size` rescales the text styles together."""
    names = register_fonts(layout.fonts)
    scale = (body_size / layout.style("body").size) if body_size else 1.0
    styles: dict[str, ParagraphStyle] = {}
    for name, spec in layout.styles.items():
        factor = 1.0 if name in ("header", "footer", "title", "subtitle") else scale
        styles[name] = ParagraphStyle(
            name=name,
            fontName=font_for(spec, names),
            fontSize=round(spec.size * factor, 2),
            leading=round(spec.leading * factor, 2),
            textColor=HexColor(spec.color),
            spaceBefore=spec.space_before * factor,
            spaceAfter=spec.space_after * factor,
            alignment=TA_LEFT,
        )
        # Boxed blocks (formulas) paint this behind their cell; a Paragraph backColor would not pad.
        styles[name].box_color = HexColor(spec.background) if spec.background else None
    body = styles["body"]
    styles["item"] = ParagraphStyle("item", parent=body, leftIndent=body.fontSize * 1.1, bulletIndent=body.fontSize * 0.2, spaceAfter=body.spaceAfter * 0.6)
    for level in (1, 2, 3):
        styles[f"heading{level}"].keepWithNext = 1
    return styles


def term_markup(text: str, hits: list[TermHit], *, shown: set[str], term_style: ParagraphStyle) -> str:
    """Escaped text with the English name after the first occurrence of each term (per `shown`)."""
    out: list[str] = []
    position = 0
    for hit in sorted(hits, key=lambda h: h.start):
        if hit.start < position or hit.end > len(text):
            continue
        out.append(safe_text(text[position:hit.end]))
        position = hit.end
        surface = text[hit.start : hit.end]
        if hit.es in shown or fold(surface) == fold(hit.en):
            continue
        shown.add(hit.es)
        out.append(
            f'<font name="{term_style.fontName}" size="{term_style.fontSize}" color="#{term_style.textColor.hexval()[2:]}">'
            f"\u00a0‹{safe_text(hit.en)}›</font>"
        )
    out.append(safe_text(text[position:]))
    return "".join(out)


def bilingual_title(section: Section) -> str:
    """'Platillo giratorio · Spinning Saucer' when the title is (almost) one glossary term."""
    title = section.title.strip()
    for hit in section.terms:
        if not hit.in_title:
            continue
        covered = hit.end - hit.start
        letters = len(re.sub(r"[\W\d_]", "", title))
        if covered >= 0.7 * max(letters, 1) and fold(hit.en) != fold(title):
            return f"{title} · {hit.en}"
    return title


def _hits_for_block(section: Section, index: int) -> tuple[str, list[TermHit]]:
    """Block text and its hits with offsets relative to the block."""
    offset = sum(len(block.text) + 2 for block in section.blocks[:index])
    block = section.blocks[index]
    hits = [
        TermHit(hit.es, hit.en, hit.start - offset, hit.end - offset, hit.kind)
        for hit in section.terms
        if not hit.in_title and offset <= hit.start and hit.end <= offset + len(block.text)
    ]
    return block.text, hits


class Heading(Paragraph):
    """A heading paragraph that adds an outline entry when it lands on a page."""

    def __init__(self, text: str, style: ParagraphStyle, *, outline_title: str, level: int, key: str) -> None:
        super().__init__(text, style)
        self.outline_title = outline_title
        self.outline_level = level
        self.outline_key = key


class SheetDocTemplate(BaseDocTemplate):
    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 - reportlab hook name
        if isinstance(flowable, Heading):
            self.canv.bookmarkPage(flowable.outline_key)
            self.canv.addOutlineEntry(flowable.outline_title, flowable.outline_key, level=flowable.outline_level, closed=False)


@dataclass(frozen=True)
class Furniture:
    """What every page shows around the content."""

    title_es: str
    title_en: str
    sheet_label: str
    credits_line: str
    revision: str


def credits_line(credits: Credits, *, publisher: str = "") -> str:
    parts = []
    if credits.translators:
        parts.append("Traducción: " + ", ".join(credits.translators))
    if credits.source_url:
        parts.append("Fuente: " + credits.source_url)
    if credits.rulebook_url:
        parts.append("Reglamento original: " + credits.rulebook_url)
    parts.extend(credits.other)
    if publisher:
        parts.append(f"Juego © {publisher}")
    return " · ".join(parts) or "Traducción de aficionados"


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


def draw_furniture(canvas: Canvas, layout: Layout, furniture: Furniture, styles: dict[str, ParagraphStyle], *, number: int, total: int) -> None:
    width, height = layout.page_width, layout.page_height
    left, right = layout.margin_left, width - layout.margin_right
    header = styles["header"]
    canvas.saveState()
    canvas.setStrokeColor(HexColor(layout.style("heading1").color))
    canvas.setLineWidth(0.6)
    top_line = height - layout.margin_top + 3
    canvas.line(left, top_line, right, top_line)
    canvas.setFillColor(header.textColor)
    canvas.setFont(styles["heading1"].fontName, header.fontSize + 1)
    title = furniture.title_es
    if fold(furniture.title_en) != fold(furniture.title_es):
        title = f"{furniture.title_es} · {furniture.title_en}"
    canvas.drawString(left, top_line + 3, _plain(title))
    canvas.setFont(header.fontName, header.fontSize)
    canvas.drawRightString(right, top_line + 3, _plain(furniture.sheet_label))

    footer = styles["footer"]
    text = f"{safe_text(furniture.credits_line)}"
    page_label = f"{number} / {total}"
    canvas.setFont(footer.fontName, footer.fontSize)
    label_width = canvas.stringWidth(page_label, footer.fontName, footer.fontSize)
    paragraph = Paragraph(text, footer)
    available = right - left - label_width - 12
    _, used = paragraph.wrap(available, layout.margin_bottom)
    bottom_line = layout.margin_bottom - 3
    canvas.line(left, bottom_line, right, bottom_line)
    paragraph.drawOn(canvas, left, bottom_line - 2 - used)
    canvas.drawRightString(right, bottom_line - 2 - footer.leading + 1.5, page_label)
    hint = f"rev {furniture.revision} · {PRINT_HINT}" if furniture.revision else PRINT_HINT
    canvas.setFont(footer.fontName, footer.fontSize - 0.5)
    canvas.setFillColor(HexColor("#888888"))
    canvas.drawRightString(right, max(bottom_line - 2 - used - footer.leading, 8), _plain(hint))
    canvas.restoreState()


def _plain(text: str) -> str:
    return _CONTROL.sub("", unicodedata.normalize("NFC", text))


def frames_for(layout: Layout, *, columns: int) -> list[Frame]:
    usable_width = layout.page_width - layout.margin_left - layout.margin_right
    usable_height = layout.page_height - layout.margin_top - layout.margin_bottom
    column_width = (usable_width - layout.gutter * (columns - 1)) / columns
    return [
        Frame(
            layout.margin_left + index * (column_width + layout.gutter),
            layout.margin_bottom,
            column_width,
            usable_height,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=f"col{index}",
        )
        for index in range(columns)
    ]


def block_flowables(section: Section, styles: dict[str, ParagraphStyle], *, shown: set[str]) -> list[Flowable]:
    flowables: list[Flowable] = []
    for index, block in enumerate(section.blocks):
        text, hits = _hits_for_block(section, index)
        flowables.extend(render_block(block, text, hits, styles, shown=shown))
    return flowables


# reportlab re-wraps all the remaining text of a paragraph at every column break (quadratic time), so a
# block longer than this (a forum dump that lost its line breaks) is set as consecutive paragraphs.
LONG_BLOCK_CHARS = 20_000


def _pieces(text: str, hits: list[TermHit], *, limit: int = LONG_BLOCK_CHARS) -> list[tuple[str, list[TermHit]]]:
    """`text` cut at spaces into pieces of at most ~`limit` characters, never inside a term; hits re-based."""
    if len(text) <= limit:
        return [(text, hits)]
    pieces: list[tuple[str, list[TermHit]]] = []
    start = 0
    while start < len(text):
        end = min(start + limit, len(text))
        if end < len(text):
            space = text.rfind(" ", start + limit // 2, end)
            end = space + 1 if space >= 0 else end
            inside = [hit.start for hit in hits if hit.start < end < hit.end and hit.start > start]
            end = min(inside, default=end)
        piece_hits = [
            TermHit(hit.es, hit.en, hit.start - start, hit.end - start, hit.kind)
            for hit in hits
            if start <= hit.start and hit.end <= end
        ]
        pieces.append((text[start:end], piece_hits))
        start = end
    return pieces


def render_block(block: Block, text: str, hits: list[TermHit], styles: dict[str, ParagraphStyle], *, shown: set[str]) -> list[Flowable]:
    term_style = styles["term_en"]
    if block.kind == "item":
        return [
            Paragraph(term_markup(piece, piece_hits, shown=shown, term_style=term_style), styles["item"], bulletText="•" if index == 0 else None)
            for index, (piece, piece_hits) in enumerate(_pieces(text, hits))
        ]
    if block.kind == "note":
        return [Paragraph(term_markup(piece, piece_hits, shown=shown, term_style=term_style), styles["note"]) for piece, piece_hits in _pieces(text, hits)]
    if block.kind == "formula":
        cell = Paragraph(term_markup(text, hits, shown=shown, term_style=term_style), styles["formula"])
        table = Table([[cell]], hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("BOX", (0, 0), (-1, -1), 0.6, HexColor("#1d3557")),
                    ("BACKGROUND", (0, 0), (-1, -1), styles["formula"].box_color or HexColor("#ffffff")),
                    ("TOPPADDING", (0, 0), (-1, -1), 2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ]
            )
        )
        return [Spacer(1, 2), table, Spacer(1, 3)]
    if block.kind == "table":
        rows = [row for row in text.split("\n") if row.strip()]
        cells = [[Paragraph(safe_text(row), styles["table"])] for row in rows]
        table = Table(cells, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("LINEBELOW", (0, 0), (-1, -1), 0.25, HexColor("#c8d0da")),
                    ("TOPPADDING", (0, 0), (-1, -1), 0.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ]
            )
        )
        return [table, Spacer(1, 3)]
    return [Paragraph(term_markup(piece, piece_hits, shown=shown, term_style=term_style), styles["body"]) for piece, piece_hits in _pieces(text, hits)]


def glossary_flowables(document: Document, sections: list[Section], styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    """A compact Spanish -> English table of the terms the sheet uses."""
    used: dict[str, str] = {}
    for section in sections:
        for hit in section.terms:
            used.setdefault(hit.es, hit.en)
    pairs = sorted(((es, en) for es, en in used.items() if fold(es) != fold(en)), key=lambda pair: fold(pair[0]))
    if not pairs:
        return []
    style = styles["glossary"]
    rows = [[Paragraph(safe_text(es), style), Paragraph(f"<i>{safe_text(en)}</i>", style)] for es, en in pairs]
    table = Table(rows, colWidths=["48%", "52%"], hAlign="LEFT", repeatRows=0)
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, HexColor("#d5dbe3")),
                ("TOPPADDING", (0, 0), (-1, -1), 0.3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8),
                ("LEFTPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    heading = Heading("Glosario · Glossary", styles["heading1"], outline_title="Glosario", level=0, key="glossary")
    return [CondPageBreak(40), heading, table]


def section_flowables(sections: list[Section], styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    flowables: list[Flowable] = []
    base_level = min((section.level for section in sections), default=1)
    for section in sections:
        shown: set[str] = set()
        depth = min(section.level - base_level, 2)
        title = bilingual_title(section)
        heading = Heading(
            safe_text(title), styles[f"heading{depth + 1}"], outline_title=_plain(title), level=depth, key=section.id
        )
        body = block_flowables(section, styles, shown=shown)
        # Keep the heading with the start of its text so no heading ends a column alone.
        flowables.append(KeepTogether([heading, *body[:1]]) if body else heading)
        flowables.extend(body[1:])
    return flowables


def render_sheet(
    document: Document,
    sections: list[Section],
    layout: Layout,
    *,
    sheet_label: str,
    revision: str = "",
    columns: int | None = None,
    body_size: float | None = None,
    with_glossary: bool = True,
) -> tuple[bytes, int]:
    """Typeset `sections` of `document`; returns (pdf bytes, page count)."""
    styles = paragraph_styles(layout, body_size=body_size)
    game = document.game
    furniture = Furniture(
        title_es=game.title_es,
        title_en=game.title_en,
        sheet_label=sheet_label,
        credits_line=credits_line(document.credits, publisher=game.publisher),
        revision=revision,
    )
    buffer = io.BytesIO()
    doc = SheetDocTemplate(
        buffer,
        pagesize=(layout.page_width, layout.page_height),
        leftMargin=layout.margin_left,
        rightMargin=layout.margin_right,
        topMargin=layout.margin_top,
        bottomMargin=layout.margin_bottom,
        title=f"{game.title_es} — {sheet_label}",
        author=", ".join(document.credits.translators) or "refsheets",
        subject=f"{game.title_en}: {sheet_label}",
        creator="refsheets",
        producer="refsheets (reportlab)",
        keywords=game.id,
        invariant=1,
        lang="es-ES",
        displayDocTitle=1,
    )
    frames = frames_for(layout, columns=columns or layout.columns)
    doc.addPageTemplates([PageTemplate(id="columns", frames=frames)])
    story: list[Flowable] = section_flowables(sections, styles)
    if with_glossary:
        story.extend(glossary_flowables(document, sections, styles))
    if not story:
        story = [Paragraph("(sin contenido)", styles["body"])]
    canvas_class = make_canvas_class(layout, furniture, styles)
    doc.build(story, canvasmaker=canvas_class)
    return buffer.getvalue(), doc.page
