"""Document + Layout -> PDF bytes for a quick-reference sheet (reportlab Platypus, multi-column).

All source text is escaped before our markup is added; output is byte-identical for the same input
(invariant mode, no wall-clock dates). Page furniture (header, credits footer, page numbers) is drawn
by a canvas that knows the final page count.
"""
# long: sections -> flowables and the document they compose into; _compose and its callers could move out next
from __future__ import annotations

import io
from dataclasses import replace

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
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

from pipeline.model import Block, Document, Section, TermHit
from pipeline.sheets.flowables import cell_font
from pipeline.sheets.furniture import (
    Furniture,
    credits_line,
    make_canvas_class,
    title_block_height,
)
from pipeline.sheets.layout import Layout
from pipeline.sheets.markup import (
    bilingual_title,
    paragraph_styles,
    register_fonts,
    safe_text,
    term_markup,
)
from pipeline.sheets.quickref.probe import ProbeCanvas, ProbeDocTemplate, ProbeFrame
from pipeline.text import fold, printable


class Heading(Paragraph):
    """A heading paragraph that adds an outline entry when it lands on a page."""

    def __init__(self, text: str, style: ParagraphStyle, *, outline_title: str, level: int, key: str) -> None:
        super().__init__(text, style)
        self.outline_title = outline_title
        self.outline_level = level
        self.outline_key = key


class OutlineAnchor(Flowable):
    """An invisible mark that adds an outline entry where it lands (for run-in headings)."""

    def __init__(self, *, outline_title: str, level: int, key: str) -> None:
        super().__init__()
        self.outline_title = outline_title
        self.outline_level = level
        self.outline_key = key

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        pass


class SheetDocTemplate(BaseDocTemplate):
    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 - reportlab hook name
        if isinstance(flowable, (Heading, OutlineAnchor)):
            self.canv.bookmarkPage(flowable.outline_key)
            self.canv.addOutlineEntry(flowable.outline_title, flowable.outline_key, level=flowable.outline_level, closed=False)


def frames_for(layout: Layout, *, columns: int, top_reserved: float = 0.0, frame_class: type[Frame] = Frame) -> list[Frame]:
    """One frame per column; `top_reserved` points are left free above them (page 1's title block)."""
    usable_width = layout.page_width - layout.margin_left - layout.margin_right
    usable_height = layout.page_height - layout.margin_top - layout.margin_bottom - top_reserved
    column_width = (usable_width - layout.gutter * (columns - 1)) / columns
    return [
        frame_class(
            layout.margin_left + index * (column_width + layout.gutter),
            layout.margin_bottom,
            column_width,
            usable_height,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=f"col{index}" if not top_reserved else f"first-col{index}",
        )
        for index in range(columns)
    ]



# A run of at least SHORT_RUN short lines (a list of actions, end conditions) is set as a bulleted list,
# in two columns when every line fits half a column.
SHORT_LINE_CHARS = 44
HALF_COLUMN_CHARS = 24
SHORT_RUN = 4


# Consecutive paragraphs set as one (run_on) are separated by this: an en space and a pilcrow, as in
# hand-made summaries, so a paragraph's end stays visible without the ragged line it costs.
RUN_ON_SEPARATOR = "\u2002¶\u2002"


def block_flowables(
    section: Section, styles: dict[str, ParagraphStyle], *, shown: set[str], compact_lists: bool = False, run_on: bool = False
) -> list[Flowable]:
    flowables = _block_flowables(section, styles, shown=shown, compact_lists=compact_lists)
    return _run_on(flowables, styles["body"]) if run_on else flowables


def _run_on(flowables: list[Flowable], body: ParagraphStyle) -> list[Flowable]:
    """Consecutive body paragraphs joined into one (their markup is already escaped and complete)."""
    out: list[Flowable] = []
    pending: list[str] = []

    def flush() -> None:
        if pending:
            out.append(Paragraph(RUN_ON_SEPARATOR.join(pending), body))
            pending.clear()

    for flowable in flowables:
        if isinstance(flowable, Paragraph) and flowable.style is body and len(flowable.text) < LONG_BLOCK_CHARS:
            pending.append(flowable.text)
            continue
        flush()
        out.append(flowable)
    flush()
    return out


def _block_flowables(
    section: Section, styles: dict[str, ParagraphStyle], *, shown: set[str], compact_lists: bool = False
) -> list[Flowable]:
    flowables: list[Flowable] = []
    run: list[tuple[Block, str, list[TermHit]]] = []  # short lines waiting: a list if there are enough

    def flush() -> None:
        if len(run) >= SHORT_RUN:
            markups = [term_markup(text, hits, shown=shown, term_style=styles["term_en"]) for _, text, hits in run]
            if max(len(text) for _, text, _ in run) <= HALF_COLUMN_CHARS:
                flowables.append(_two_column_list(markups, styles))
            else:
                flowables.extend(Paragraph(markup, styles["item"], bulletText="•") for markup in markups)
        else:
            for block, text, hits in run:
                flowables.extend(render_block(block, text, hits, styles, shown=shown))
        run.clear()

    for block in section.blocks:
        text, hits = block.text, list(block.terms)
        if compact_lists and block.kind in ("paragraph", "item") and len(text) <= SHORT_LINE_CHARS:
            run.append((block, text, hits))
            continue
        if run:
            flush()
        flowables.extend(render_block(block, text, hits, styles, shown=shown))
    if run:
        flush()
    return flowables


def _two_column_list(markups: list[str], styles: dict[str, ParagraphStyle]) -> Flowable:
    """Short lines as bullets in two columns, read down the first column then the second."""
    half = (len(markups) + 1) // 2
    column = lambda items: [Paragraph(markup, styles["item"], bulletText="•") for markup in items]  # noqa: E731
    left, right = column(markups[:half]), column(markups[half:])
    right += [Spacer(1, 1)] * (len(left) - len(right))
    table = Table([[a, b] for a, b in zip(left, right)], colWidths=["50%", "50%"], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                cell_font(styles["item"]),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


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
            Paragraph(
                term_markup(piece, piece_hits, shown=shown, term_style=term_style), styles["item"], bulletText="•" if index == 0 else None
            )
            for index, (piece, piece_hits) in enumerate(_pieces(text, hits))
        ]
    if block.kind == "note":
        return [
            Paragraph(term_markup(piece, piece_hits, shown=shown, term_style=term_style), styles["note"])
            for piece, piece_hits in _pieces(text, hits)
        ]
    if block.kind == "formula":
        from pipeline.sheets.flowables import formula_flowables, formula_typography

        # Offsets stay valid for term markup only if the typography keeps the length: mark up first.
        markup = term_markup(text, hits, shown=shown, term_style=term_style)
        return formula_flowables(formula_typography(markup), styles["formula"])
    if block.kind == "table":
        from pipeline.sheets.flowables import table_flowables, table_rows

        return table_flowables(table_rows(text), styles["table"], escape=safe_text)
    return [
        Paragraph(term_markup(piece, piece_hits, shown=shown, term_style=term_style), styles["body"])
        for piece, piece_hits in _pieces(text, hits)
    ]


def glossary_flowables(document: Document, sections: list[Section], styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    """A compact Spanish -> English table of the terms the sheet uses."""
    used: dict[str, str] = {}
    for section in sections:
        for hit in (*section.title_terms, *section.text_terms()):
            used.setdefault(hit.es, hit.en)
    pairs = sorted(
        ((es, en) for es, en in used.items() if fold(es, keep_punctuation=True) != fold(en, keep_punctuation=True)),
        key=lambda pair: fold(pair[0], keep_punctuation=True),
    )
    if not pairs:
        return []
    style = styles["glossary"]
    rows = [[Paragraph(safe_text(es), style), Paragraph(f"<i>{safe_text(en)}</i>", style)] for es, en in pairs]
    table = Table(rows, colWidths=["48%", "52%"], hAlign="LEFT", repeatRows=0)
    table.setStyle(
        TableStyle(
            [
                cell_font(style),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, HexColor("#d5dbe3")),
                ("TOPPADDING", (0, 0), (-1, -1), 0.3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8),
                ("LEFTPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    heading = Heading("Glosario · Glossary", styles["heading1"], outline_title="Glosario", level=0, key="glossary")
    return [CondPageBreak(40), heading, table]


def section_flowables(
    sections: list[Section],
    styles: dict[str, ParagraphStyle],
    *,
    english_names: str = "section",
    compact_lists: bool = True,
    run_in: bool = False,
    run_on: bool = False,
) -> list[Flowable]:
    """Headings and blocks; a term's English name is shown at its first use in each section (or once per sheet).

    With `run_in`, subsection titles open their first paragraph in bold ("Agencias. Cada jugador...")
    instead of taking a line of their own: the dense style of hand-made rules summaries.
    """
    flowables: list[Flowable] = []
    base_level = min((section.level for section in sections), default=1)
    sheet_shown: set[str] = set()
    for section in sections:
        shown: set[str] = sheet_shown if english_names == "sheet" else set()
        if english_names == "titles":
            section = replace(section, blocks=tuple(replace(block, terms=()) for block in section.blocks))
        depth = min(section.level - base_level, 2)
        title = bilingual_title(section)
        if title != section.title.strip():
            # The heading already shows the English name; the text need not repeat it.
            shown.update(hit.es for hit in section.title_terms)
        heading = Heading(
            safe_text(title), styles[f"heading{depth + 1}"], outline_title=printable(title), level=depth, key=section.id
        )
        first = section.blocks[0] if section.blocks else None
        if run_in and depth >= 1 and first is not None and first.kind == "paragraph" and len(first.text) > SHORT_LINE_CHARS:
            text, hits = first.text, list(first.terms)
            color = styles[f"heading{depth + 1}"].textColor.hexval()[2:]
            markup = f'<font color="#{color}"><b>{safe_text(title)}.</b></font> ' + term_markup(
                text, hits, shown=shown, term_style=styles["term_en"]
            )
            lead = Paragraph(markup, ParagraphStyle("run-in", parent=styles["body"], spaceBefore=styles["heading3"].spaceBefore))
            rest = block_flowables(
                replace(section, blocks=section.blocks[1:]), styles, shown=shown, compact_lists=compact_lists, run_on=run_on
            )
            if run_on and rest and isinstance(rest[0], Paragraph) and rest[0].style is styles["body"]:
                lead = Paragraph(lead.text + RUN_ON_SEPARATOR + rest.pop(0).text, lead.style)
            flowables.extend([OutlineAnchor(outline_title=printable(title), level=depth, key=section.id), lead, *rest])
            continue
        body = block_flowables(section, styles, shown=shown, compact_lists=compact_lists, run_on=run_on)
        # Keep the heading with the start of its text so no heading ends a column alone.
        flowables.append(KeepTogether([heading, *body[:1]]) if body else heading)
        flowables.extend(body[1:])
    return flowables


def render_sheet(document: Document, sections: list[Section], layout: Layout, **options) -> tuple[bytes, int]:
    """Typeset `sections` of `document` (options: see `_compose`); returns (pdf bytes, page count)."""
    buffer = io.BytesIO()
    doc, story, canvas_class = _compose(document, sections, layout, buffer, probe=False, **options)
    doc.build(story, canvasmaker=canvas_class)
    return buffer.getvalue(), doc.page


def measure_sheet(document: Document, sections: list[Section], layout: Layout, **options) -> tuple[int, float]:
    """(page count, pages filled) of the sheet laid out exactly as `render_sheet` would, without drawing,
    furniture or PDF writing: what the fit search probes."""
    doc, story, _ = _compose(document, sections, layout, io.BytesIO(), probe=True, **options)
    doc.build(story, canvasmaker=ProbeCanvas)
    return doc.page, doc.fill


def _compose(  # long: one reportlab document (metadata, page templates, story) for a render or a probe; most lines are keywords
    document: Document,
    sections: list[Section],
    layout: Layout,
    buffer: io.BytesIO,
    *,
    probe: bool,
    sheet_label: str,
    revision: str = "",
    columns: int | None = None,
    body_size: float | None = None,
    with_glossary: bool = True,
    covers: str = "",
    title_block: bool = True,
    english_names: str = "section",
    run_in: bool = False,
    compact_title: bool = False,
    run_on: bool = False,
):
    """The document template, story and canvas class of a sheet (`probe`: the layout-only kind).

    With `title_block`, page 1 opens with the game, publisher, what the sheet covers (`covers`), the
    credits and the revision (the date of the last content change lives in manifest.json, not in the PDF,
    so the same inputs give the same bytes on any day).
    """
    styles = paragraph_styles(layout, body_size=body_size)
    game = document.game
    furniture = Furniture(
        title_es=game.title_es,
        title_en=game.title_en,
        sheet_label=sheet_label,
        credits_line=credits_line(document.credits, publisher=game.publisher),
        revision=revision,
        publisher=game.publisher,
        covers=covers,
        credits=document.credits,
        title_block=title_block,
        compact=compact_title,
    )
    doc = (ProbeDocTemplate if probe else SheetDocTemplate)(
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
        # reportlab would otherwise start every page in Helvetica, a font we do not embed.
        initialFontName=register_fonts(layout.fonts)["regular"],
    )
    columns = columns or layout.columns
    frame_class = ProbeFrame if probe else Frame
    later = PageTemplate(id="columns", frames=frames_for(layout, columns=columns, frame_class=frame_class))
    if title_block:
        reserved = title_block_height(layout, furniture, styles)
        first_frames = frames_for(layout, columns=columns, top_reserved=reserved, frame_class=frame_class)
        doc.addPageTemplates([PageTemplate(id="first", frames=first_frames, autoNextPageTemplate="columns"), later])
    else:
        doc.addPageTemplates([later])
    story: list[Flowable] = section_flowables(sections, styles, english_names=english_names, run_in=run_in, run_on=run_on)
    if with_glossary:
        story.extend(glossary_flowables(document, sections, styles))
    if not story:
        story = [Paragraph("(sin contenido)", styles["body"])]
    return doc, story, None if probe else make_canvas_class(layout, furniture, styles)
