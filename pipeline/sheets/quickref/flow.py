"""Document + Layout -> PDF bytes for a quick-reference sheet (reportlab Platypus, multi-column).

All source text is escaped before our markup is added; output is byte-identical for the same input
(invariant mode, no wall-clock dates). Page furniture (header, credits footer, page numbers) is drawn
by a canvas that knows the final page count.
"""

# long: sections -> flowables and the document they compose into; _compose and its callers could move out next
from __future__ import annotations

import io
from dataclasses import replace

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    BaseDocTemplate,
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
from pipeline.modelkinds import BlockKind
from pipeline.sheets.flowables import cell_font
from pipeline.sheets.pagefurniture import (
    Furniture,
    check_margins,
    credits_block,
    credits_line,
    make_canvas_class,
    title_block_height,
)
from pipeline.sheets.icondata import section_labels, section_texts
from pipeline.sheets.icons import decorate, legend_markup
from pipeline.sheets.layout import Layout
from pipeline.sheets.quickref.contents import Landed, note_landing
from pipeline.sheets.quickref.headstyle import can_run_in, heading_styles
from pipeline.sheets.quickref.outline import Heading, OutlineAnchor
from pipeline.sheets.quickref.probe import ProbeCanvas, ProbeDocTemplate, ProbeFrame
from pipeline.sheets.quickref.tagbudget import untagged_terms
from pipeline.sheets.roles import is_label, item_spans, label_spans, lone_items_as_paragraphs
from pipeline.sheets.markup import (
    bilingual_title,
    paragraph_styles,
    register_fonts,
    safe_text,
    term_markup,
    title_states,
)
from pipeline.text import printable


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


# A run of at least SHORT_RUN bulleted items that each fit half a column is set in two columns.
HALF_COLUMN_CHARS = 24
SHORT_RUN = 4


def block_flowables(section: Section, styles: dict[str, ParagraphStyle], *, shown: set[str], tagged: tuple[str, ...]) -> list[Flowable]:
    """A section's blocks as flowables, in order; a run of short bulleted items shares two columns."""
    flowables: list[Flowable] = []
    run: list[Block] = []

    def flush() -> None:
        if len(run) >= SHORT_RUN and all(_printed_length(block) <= HALF_COLUMN_CHARS for block in run):
            markups = [
                term_markup(block.text, list(block.terms), shown=shown, term_style=styles["term_en"], tagged=tagged) for block in run
            ]
            flowables.append(_two_column_list(markups, styles))
        else:
            for block in run:
                flowables.extend(render_block(block, styles, shown=shown, tagged=tagged, page=section.page))
        run.clear()

    blocks = section.blocks
    for index, block in enumerate(blocks):
        if block.kind == BlockKind.ITEM and not block.marker and not block.depth:
            run.append(block)
            continue
        flush()
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        label = is_label(block, blocks[index - 1] if index else None, following)
        # A paragraph that announces the list or table under it ("En resumen:", "consulta la tabla:") never ends
        # a column without it.
        announces = following is not None and following.kind in (BlockKind.ITEM, BlockKind.TABLE) and block.text.rstrip().endswith(":")
        flowables.extend(
            render_block(block, styles, shown=shown, tagged=tagged, page=section.page, label=label, keep_with_next=label or announces)
        )
    flush()
    return flowables


def _printed_length(block: Block) -> int:
    """Characters an item prints, counting the English names its terms may add."""
    return len(block.text) + sum(len(hit.en) + 3 for hit in block.terms)


def _two_column_list(markups: list[str], styles: dict[str, ParagraphStyle]) -> Flowable:
    """Short items as bullets in two columns, read down the first column then the second."""
    half = (len(markups) + 1) // 2

    def column(items: list[str]) -> list[Flowable]:
        return [Paragraph(markup, styles["item"], bulletText="•") for markup in items]

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


SHORT_TABLE_ROWS = 8  # rows under the header: a d8's faces are read whole


def _kept_whole(flowables: list[Flowable]) -> list[Flowable]:
    """A short table (a die's faces, a difficulty ladder) is read whole: moved on rather than cut at a column
    end. Each flowable but the last (the space after the table) is kept with the next, so the document groups
    them, and a lead-in kept with them ("tira los dados apropiados:"), in one KeepTogether (a KeepTogether
    of our own would not join the lead-in's: reportlab keeps nothing with a container)."""
    for flowable in flowables[:-1]:
        flowable.keepWithNext = 1
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
            TermHit(hit.es, hit.en, hit.start - start, hit.end - start, hit.kind) for hit in hits if start <= hit.start and hit.end <= end
        ]
        pieces.append((text[start:end], piece_hits))
        start = end
    return pieces


def render_block(
    block: Block, styles: dict[str, ParagraphStyle], *, shown: set[str], tagged: tuple[str, ...], page: int | None = None,
    label: bool = False, keep_with_next: bool = False,
) -> list[Flowable]:
    """One block as flowables: paragraphs, list items with their markers, boxed formulas, ruled tables;
    `label`: the paragraph names what follows it (roles.is_label), set in bold; `keep_with_next`: a
    paragraph that stays in the column of what follows it."""
    from pipeline.sheets.flowables import formula_flowables, formula_typography, list_marker, table_flowables, table_reference

    text, hits, term_style = block.text, list(block.terms), styles["term_en"]
    if block.kind == BlockKind.ITEM:
        style = styles["item"] if not block.depth else styles["subitem"]
        return [
            Paragraph(
                term_markup(piece, piece_hits, shown=shown, term_style=term_style, tagged=tagged,
                            strong=item_spans(piece, block.lead if index == 0 else "")),
                style,
                bulletText=list_marker(block.marker) if index == 0 else None,
            )
            for index, (piece, piece_hits) in enumerate(_pieces(text, hits))
        ]
    if block.kind == BlockKind.NOTE:
        return [
            Paragraph(term_markup(piece, piece_hits, shown=shown, term_style=term_style, tagged=tagged), styles["note"])
            for piece, piece_hits in _pieces(text, hits)
        ]
    if block.kind == BlockKind.FORMULA:
        # Offsets stay valid for term markup only if the typography keeps the length: mark up first.
        markup = term_markup(text, hits, shown=shown, term_style=term_style, tagged=tagged)
        return formula_flowables(formula_typography(markup), styles["formula"])
    if block.kind == BlockKind.TABLE:
        table = table_flowables(block.rows(), styles["table"], header=block.header, escape=safe_text, entries=True)
        body_rows = len(block.rows()) - (1 if block.header else 0)  # a d8's table is 8 rows under its header
        return _kept_whole(table) if body_rows <= SHORT_TABLE_ROWS else table
    if block.kind == BlockKind.TABLE_REF:
        return [Paragraph(safe_text(table_reference(text, page=page)), styles["note"])]
    bold = ("<b>", "</b>") if label else ("", "")
    style = ParagraphStyle("body-lead", parent=styles["body"], keepWithNext=1) if keep_with_next else styles["body"]
    return [
        Paragraph(
            bold[0]
            + term_markup(
                piece, piece_hits, shown=shown, term_style=term_style, tagged=tagged, strong=None if label else label_spans(piece)
            )
            + bold[1],
            style,
        )
        for piece, piece_hits in _pieces(text, hits)
    ]


# Sibling sections that each hold one short line (a die's faces: "Impacto: sin efecto en defensa") read
# as the rows of one table: ENTRY_RUN of them in a row, each at most ENTRY_CHARS long.
ENTRY_RUN = 3
ENTRY_CHARS = 140


def section_flowables(
    sections: list[Section],
    styles: dict[str, ParagraphStyle],
    *,
    tagged: tuple[str, ...],
    english_names: str = "section",
    run_in: bool = False,
    sheet_titles: tuple[str, ...] = (),
    printed: set[str] | None = None,
) -> list[Flowable]:
    """Headings and blocks; a term's English name is shown at its first use in each top-level section (or once per sheet).

    With `run_in`, subsection titles open their first paragraph in bold ("Agencias. Cada jugador...")
    instead of taking a line of their own: the dense style of hand-made rules summaries, chosen per depth
    (headstyle.py). A top-level section whose title repeats `sheet_titles` prints no heading. Runs of
    one-line sibling sections (die faces) are set as one table. `printed` collects the terms (TermHit.es) whose
    English name the sheet prints: its English index's (index.py).
    """
    flowables: list[Flowable] = []
    heads = heading_styles(sections, sheet_titles=sheet_titles, run_in=run_in, tabled=_tabled(sections))
    base_level = heads.base_level
    untagged = untagged_terms(sections, tagged=tagged, english_names=english_names)  # the sheet's budget of tags
    sheet_shown, chapter_shown = set(untagged), set(untagged)
    # What the sheet prints in English: every `shown` less the untagged terms, and what a title or table label names.
    every_shown, titled = [sheet_shown, chapter_shown], set[str]()
    index = 0
    while index < len(sections):
        entries = _entry_run(sections, index)
        if entries:
            for entry in entries:  # each label shows its English ("Escudo · SHIELD"): the text below need not tag it again
                _title_shows_english(entry, sheet_shown if english_names == "sheet" else chapter_shown)
                _title_shows_english(entry, titled)
            flowables.extend(_entry_table(entries, styles, depth=heads.depth(entries[0])))
            index += len(entries)
            continue
        section = sections[index]
        index += 1
        if section.level <= base_level:
            chapter_shown = set(untagged)  # a term's English name again at its first use in each top-level section
            every_shown.append(chapter_shown)
        shown: set[str] = sheet_shown if english_names == "sheet" else chapter_shown
        if english_names == "titles":
            section = replace(section, blocks=tuple(replace(block, terms=()) for block in section.blocks))
        if section.id in heads.untitled:  # its text under the title block, or under the sections before it
            if section.level >= base_level and index < len(sections) and sections[index].parent == section.id:
                # the sheet's opening box over subsections (headstyle.py): named in the outline, which skips no level
                flowables.append(OutlineAnchor(outline_title=printable(section.title), level=0, key=section.id, visible=False))
            flowables.extend(block_flowables(replace(section, blocks=tuple(lone_items_as_paragraphs(section.blocks))),
                                             styles, shown=shown, tagged=tagged))
            continue
        _title_shows_english(section, titled)
        made = _section(section, styles, depth=heads.depth(section), shown=shown, tagged=tagged, run_in=heads.runs_in(section))
        if flowables and flowables[-1].getKeepWithNext() and isinstance(made[0], OutlineAnchor):
            # A heading over subsections only (or a lead on a line of its own) stays with the first one's run-in lead:
            # the invisible anchor between them would end the chain of kept flowables, leaving it alone at a column's foot.
            made[0].keepWithNext = 1
        flowables.extend(made)
    if printed is not None:
        printed.update((set().union(*every_shown) - untagged) | titled)
    return flowables


def _section(
    section: Section, styles: dict[str, ParagraphStyle], *, depth: int, shown: set[str], tagged: tuple[str, ...], run_in: bool
) -> list[Flowable]:
    section = replace(section, blocks=tuple(lone_items_as_paragraphs(section.blocks)))  # before a run-in takes the first block
    title = _title_shows_english(section, shown)
    style = styles[f"heading{depth + 1}"]
    heading = Heading(decorate(title, style), style, outline_title=printable(title), level=depth, key=section.id)
    first = section.blocks[0] if section.blocks else None
    color = style.textColor.hexval()[2:]
    if run_in and depth >= 1 and not can_run_in(section):
        # A depth set in run-in leads: a section that opens with a list, a table or a short line (or has no text of
        # its own) takes its lead on a line of its own, in the same bold as its siblings', kept with what follows.
        lead_style = ParagraphStyle("lead", parent=styles["body"], spaceBefore=styles["heading3"].spaceBefore, keepWithNext=1)
        markup = decorate(title, styles["body"], markup=f'<font color="#{color}"><b>{safe_text(title)}</b></font>')
        return [OutlineAnchor(outline_title=printable(title), level=depth, key=section.id), Paragraph(markup, lead_style),
                *block_flowables(section, styles, shown=shown, tagged=tagged)]
    if run_in and depth >= 1 and first is not None:
        markup = decorate(title, styles["body"], markup=f'<font color="#{color}"><b>{safe_text(title)}.</b></font> ') + term_markup(
            first.text, list(first.terms), shown=shown, term_style=styles["term_en"], tagged=tagged, strong=label_spans(first.text)
        )
        # A run-in entry that is only a lead-in ("Ataque. ... tira los dados apropiados:") stays with what it announces.
        announces = len(section.blocks) == 1 and first.text.rstrip().endswith(":")
        lead = Paragraph(
            markup, ParagraphStyle("run-in", parent=styles["body"], spaceBefore=styles["heading3"].spaceBefore, keepWithNext=int(announces))
        )
        rest = block_flowables(replace(section, blocks=section.blocks[1:]), styles, shown=shown, tagged=tagged)
        return [OutlineAnchor(outline_title=printable(title), level=depth, key=section.id), lead, *rest]
    body = block_flowables(section, styles, shown=shown, tagged=tagged)
    # Keep the heading with the start of its text so no heading ends a column alone (and with what that
    # start is kept with: the list a lead-in paragraph announces).
    kept = 1
    while kept < len(body) and body[kept - 1].getKeepWithNext():
        kept += 1
    if not body:
        heading.keepWithNext = 1  # a heading over subsections only: kept with the first of them
        return [heading]
    return [KeepTogether([heading, *body[:kept]]), *body[kept:]]


def _title_shows_english(section: Section, shown: set[str]) -> str:
    """The section's title as printed; the terms whose English it shows join `shown`, so the text below need not tag them."""
    title = bilingual_title(section)
    if title != section.title.strip():  # the heading (or a table's label) shows the English name
        shown.update(hit.es for hit in section.title_terms)
    # A title that gives the English itself ("Activate/Activar"): the text below need not repeat it either.
    shown.update(hit.es for hit in section.title_terms if title_states(section.title, hit))
    return title


def _entry_run(sections: list[Section], index: int) -> list[Section]:
    """The one-line sibling sections starting at `index` (none unless ENTRY_RUN or more)."""

    def entry(section: Section) -> bool:
        return len(section.blocks) == 1 and section.blocks[0].kind == BlockKind.PARAGRAPH and len(section.blocks[0].text) <= ENTRY_CHARS

    run: list[Section] = []
    for position in range(index, len(sections)):
        section = sections[position]
        following = sections[position + 1] if position + 1 < len(sections) else None
        if not entry(section) or (run and section.parent != run[0].parent) or (following is not None and following.parent == section.id):
            break
        run.append(section)
    return run if len(run) >= ENTRY_RUN else []


def _tabled(sections: list[Section]) -> frozenset[str]:
    """The sections set as rows of an entry table (their titles are labels, not headings)."""
    found: set[str] = set()
    index = 0
    while index < len(sections):
        run = _entry_run(sections, index)
        found.update(section.id for section in run)
        index += len(run) or 1
    return frozenset(found)


def _entry_table(entries: list[Section], styles: dict[str, ParagraphStyle], *, depth: int) -> list[Flowable]:
    from pipeline.sheets.flowables import table_flowables

    rows = [[bilingual_title(section), section.blocks[0].text] for section in entries]
    # At the entries' own depth: the PDF outline may not jump levels (top-level entries at level 2 are refused).
    anchors = [OutlineAnchor(outline_title=printable(section.title), level=depth, key=section.id, visible=False) for section in entries]
    table = table_flowables(rows, styles["table"], header=False, escape=safe_text)
    return _kept_whole([*anchors, *table]) if len(rows) <= SHORT_TABLE_ROWS else [*anchors, *table]


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
