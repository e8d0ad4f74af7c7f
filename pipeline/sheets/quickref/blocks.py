"""A quick reference's blocks as flowables: paragraphs (a label in bold, a lead-in kept with what it announces), list
items with their markers (a run of short ones in two columns), boxed formulas, ruled tables (a short one kept whole),
pointers to lost tables; a very long block set as consecutive paragraphs.

All source text is escaped before our markup is added (markup.term_markup, markup.safe_text).
"""
from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from pipeline.model import Block, Section, TermHit
from pipeline.modelkinds import BlockKind
from pipeline.sheets.flowables import cell_font
from pipeline.sheets.markup import safe_text, term_markup
from pipeline.sheets.roles import is_label, item_spans, label_spans


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


def kept_whole(flowables: list[Flowable]) -> list[Flowable]:
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
        return kept_whole(table) if body_rows <= SHORT_TABLE_ROWS else table
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
