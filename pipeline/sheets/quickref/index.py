"""The English index a quick reference ends with, when its recipe asks (`glossary: true`): English -> Spanish.

It lists the English names the sheet prints of the terms a player finds on a card or a component (common.yaml's
`tagged_kinds`, whatever the game's glossary calls a card, a component or a die face), and only those: the tags of
its text (‹Spinning Saucer›), the names its titles and table labels give ("Escudo · SHIELD") and those the text
states itself ("Activate/Activar"). A term the tag budget leaves untagged prints no English name, so the index does
not list it either; a phase or a rule word, English only in its own heading, is read there, not looked up. Sorted by the English name,
as every sheet's index is (cards/plan.py). A sheet that prints no English name says so in one line.
"""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import CondPageBreak, Flowable, Paragraph, Table, TableStyle

from pipeline.model import Section
from pipeline.sheets.flowables import cell_font
from pipeline.sheets.icons import decorate
from pipeline.sheets.markup import safe_text
from pipeline.sheets.quickref.outline import Heading
from pipeline.text import fold

INDEX_TITLE = "Índice inglés · English index"
NO_INDEX = f"{INDEX_TITLE}: la hoja no da ningún nombre en inglés."


def index_pairs(sections: list[Section], printed: set[str] | frozenset[str], kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    """(English, Spanish) of the terms of `kinds` whose English name the sheet prints (`printed`: their Spanish,
    TermHit.es, as the typesetting recorded them), sorted by the English name."""
    used: dict[str, str] = {}
    for section in sections:
        for hit in (*section.title_terms, *section.text_terms()):
            if hit.es in printed and hit.kind in kinds:
                used.setdefault(hit.en, hit.es)
    return sorted(
        ((en, es) for en, es in used.items() if fold(es, keep_punctuation=True) != fold(en, keep_punctuation=True)),
        key=lambda pair: fold(pair[0], keep_punctuation=True),
    )


def index_flowables(
    sections: list[Section], printed: set[str] | frozenset[str], styles: dict[str, ParagraphStyle], kinds: tuple[str, ...]
) -> list[Flowable]:
    """The sheet's last words: its English index, or the one line saying it has no English name to list."""
    pairs = index_pairs(sections, printed, kinds)
    if not pairs:
        return [Paragraph(NO_INDEX, styles["note"])]
    style = styles["glossary"]
    rows = [[Paragraph(f"<i>{safe_text(en)}</i>", style), Paragraph(decorate(es, style), style)] for en, es in pairs]
    table = Table(rows, colWidths=["50%", "50%"], hAlign="LEFT", repeatRows=0)
    table.setStyle(
        TableStyle(
            [
                cell_font(style),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, HexColor("#c8d0da")),
                ("TOPPADDING", (0, 0), (-1, -1), 0.3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8),
                ("LEFTPADDING", (0, 0), (-1, -1), 1),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),  # a name over two lines beside a one-line name: both start at the top
            ]
        )
    )
    # The heading keeps only a few rows with it (keepWithNext would carry the whole table to the next column).
    style = ParagraphStyle("index-heading", parent=styles["heading1"], keepWithNext=0)
    heading = Heading(INDEX_TITLE, style, outline_title="Índice inglés", level=0, key="glossary")
    return [CondPageBreak(style.leading * 6), heading, table]
