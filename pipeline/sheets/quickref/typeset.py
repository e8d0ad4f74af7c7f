"""Document + Layout -> PDF bytes for a quick-reference sheet (reportlab Platypus, multi-column).

All source text is escaped before our markup is added; output is byte-identical for the same input
(invariant mode, no wall-clock dates). Page furniture (header, credits footer, page numbers) is drawn
by a canvas that knows the final page count. The story is flow.py's sections as flowables; a probe
(probe.py) lays it out the same way without drawing.
"""

from __future__ import annotations

import io

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, PageTemplate, Paragraph

from pipeline.model import Document, Section
from pipeline.sheets.pagefurniture import (
    Furniture,
    check_margins,
    credits_block,
    credits_line,
    make_canvas_class,
    title_block_height,
)
from pipeline.sheets.icondata import section_labels, section_texts
from pipeline.sheets.icons import legend_markup
from pipeline.sheets.layout import Layout
from pipeline.sheets.quickref.contents import Landed, note_landing
from pipeline.sheets.quickref.flow import section_flowables
from pipeline.sheets.quickref.outline import Heading, OutlineAnchor
from pipeline.sheets.quickref.probe import ProbeCanvas, ProbeDocTemplate, ProbeFrame
from pipeline.sheets.markup import paragraph_styles, register_fonts


class SheetDocTemplate(BaseDocTemplate):
    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 - reportlab hook name
        note_landing(self, flowable)
        if isinstance(flowable, (Heading, OutlineAnchor)):
            self.canv.bookmarkPage(flowable.outline_key)
            self.canv.addOutlineEntry(flowable.outline_title, flowable.outline_key, level=flowable.outline_level, closed=False)


# reportlab's line breaking lets a line run a little past its width: up to 0.8 pt on Alternity's quickref without an
# icon, 1.1 pt on a line with an in-text icon (its room is measured short; not found why). The columns keep this much
# free on their right, so no letter crosses the 8 mm margin.
LINE_SLACK = 1.5


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
            rightPadding=LINE_SLACK,
            topPadding=0,
            bottomPadding=0,
            id=f"col{index}" if not top_reserved else f"first-col{index}",
        )
        for index in range(columns)
    ]


def _labels(sections: list[Section], index: list[tuple[str, str]]) -> list[str]:
    """Where the sheet may draw an icon before a name: titles, table labels and the English index's Spanish names."""
    return [*section_labels(sections), *(es for _, es in index)]


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


def landing_sheet(document: Document, sections: list[Section], layout: Layout, **options) -> tuple[int, list[Landed]]:
    """(page count, where each heading lands) of the sheet laid out as `render_sheet` would (a probe)."""
    doc, story, _ = _compose(document, sections, layout, io.BytesIO(), probe=True, **options)
    doc.build(story, canvasmaker=ProbeCanvas)
    return doc.page, list(getattr(doc, "landed", []))


def _compose(  # long: one reportlab document (metadata, page templates, story) for a render or a probe; most lines are keywords
    document: Document,
    sections: list[Section],
    layout: Layout,
    buffer: io.BytesIO,
    *,
    probe: bool,
    sheet_label: str,
    tagged_kinds: tuple[str, ...],  # the term kinds whose English name the text prints
    revision: str = "",
    columns: int | None = None,
    body_size: float | None = None,
    index: bool = False,  # ends with an English index (index.py)
    covers: str = "",
    title_block: bool = True,
    english_names: str = "section",
    run_in: bool = False,
    compact_title: bool = False,
    tight: bool = False,  # the tight setting (markup.paragraph_styles): to save a nearly empty last page
):
    """The document template, story and canvas class of a sheet (`probe`: the layout-only kind).

    With `title_block`, page 1 opens with the game, publisher, what the sheet covers (`covers`) and the
    revision as printed (`revision`: "v2026-12-01 · a1b2c3d4", the date the content last changed, so the
    same inputs give the same bytes on any day); a compact sheet ends with its credits block.
    """
    from pipeline.sheets.quickref.index import index_flowables, index_pairs

    styles = paragraph_styles(layout, body_size=body_size, tight=tight)
    check_margins(layout, styles)
    game = document.game
    printed: set[str] = set()
    story: list[Flowable] = section_flowables(
        sections, styles, tagged=tagged_kinds, english_names=english_names, run_in=run_in,
        sheet_titles=(game.title_es, game.title_en, sheet_label), printed=printed,
    )
    if index:
        story.extend(index_flowables(sections, printed, styles, tagged_kinds))
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
        legend=legend_markup(_labels(sections, index_pairs(sections, printed, tagged_kinds) if index else []), styles["subtitle"],
                             texts=section_texts(sections)),
    )
    doc = (ProbeDocTemplate if probe else SheetDocTemplate)(
        buffer,
        pagesize=(layout.page_width, layout.page_height),
        leftMargin=layout.margin_left,
        rightMargin=layout.margin_right,
        topMargin=layout.margin_top,
        bottomMargin=layout.margin_bottom,
        title=f"{game.title_es} — {sheet_label}",
        author=", ".join(document.credits.translators or document.credits.authors) or "refsheets",
        subject=f"{game.title_en}: {sheet_label}",
        creator="refsheets",
        producer="refsheets (reportlab)",
        keywords=game.id,  # type: ignore[arg-type]  # reportlab writes a string as it is; its stubs allow only a list
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
    if not story:
        story = [Paragraph("(sin contenido)", styles["body"])]
    if compact_title:
        story.append(KeepTogether([credits_block(furniture, styles)]))  # never parted over two columns
    return doc, story, None if probe else make_canvas_class(layout, furniture, styles)
