"""Formula and table blocks -> reportlab flowables: boxed formulas, small ruled tables.

Typography only: operators are set as their proper signs ("x" between terms -> "×", "<=" -> "≤"),
table rows are cut into cells at the separator the translator used; no word is added or removed.
"""
from __future__ import annotations

import re
from typing import Callable

from reportlab.lib.colors import HexColor
from reportlab.lib.fonts import tt2ps
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

FRAME_COLOR = "#1d3557"
RULE_COLOR = "#c8d0da"
HEADER_BACKGROUND = "#e3e9f1"

_OPERATORS = (
    (re.compile(r"(?<=\S) [xX*] (?=\S)"), " × "),
    (re.compile(r"\s*(?:<|&lt;)=\s*"), " ≤ "),  # also on escaped markup
    (re.compile(r"\s*(?:>|&gt;)=\s*"), " ≥ "),
    (re.compile(r"\s*-(?:>|&gt;)\s*"), " → "),
)
# Cell separators a translator types in a plain-text table, most specific first.
_SEPARATORS = (
    re.compile(r"\t+"),
    re.compile(r"\s+\|\s+"),
    re.compile(r"\s*(?:->|→)\s*"),
    re.compile(r"\s+[-–—]\s+"),
    re.compile(r"(?<=\w)\s*:\s+"),
)


def formula_typography(text: str) -> str:
    """'masa x dificultad' -> 'masa × dificultad', '<=' -> '≤' (formulas only)."""
    for pattern, sign in _OPERATORS:
        text = pattern.sub(sign, text)
    return text


def table_rows(text: str) -> list[list[str]]:
    """Rows of cells: the first separator found in most rows splits every row (':' only once)."""
    rows = [row.strip() for row in text.split("\n") if row.strip()]
    for separator in _SEPARATORS:
        hits = sum(1 for row in rows if separator.search(row))
        if rows and hits >= max(2, (2 * len(rows) + 2) // 3):
            limit = 1 if ":" in separator.pattern else 0
            cells = [[cell.strip() for cell in separator.split(row, maxsplit=limit) if cell.strip()] for row in rows]
            width = max(len(row) for row in cells)
            return [row + [""] * (width - len(row)) for row in cells]
    return [[row] for row in rows]


def has_header(rows: list[list[str]]) -> bool:
    """A first row of short labels without numbers over longer rows reads as column headings."""
    if len(rows) < 3 or len(rows[0]) < 2:
        return False
    first = rows[0]
    if any(ch.isdigit() for cell in first for ch in cell) or any(len(cell.split()) > 3 for cell in first):
        return False
    rest = [len(" ".join(row).split()) for row in rows[1:]]
    return sum(rest) / len(rest) >= 1.5 * len(" ".join(first).split())


def cell_font(style: ParagraphStyle) -> tuple:
    """A TableStyle command: reportlab sets each cell's font (Helvetica by default, not embedded) even for Paragraph cells."""
    return ("FONTNAME", (0, 0), (-1, -1), style.fontName)


def formula_flowables(markup: str, style: ParagraphStyle) -> list[Flowable]:
    """A formula in a tinted box the width of the column."""
    table = Table([[Paragraph(markup, style)]], colWidths=["100%"], hAlign="LEFT")
    background = getattr(style, "box_color", None) or HexColor("#ffffff")
    table.setStyle(
        TableStyle(
            [
                cell_font(style),
                ("BOX", (0, 0), (-1, -1), 0.7, HexColor(FRAME_COLOR)),
                ("BACKGROUND", (0, 0), (-1, -1), background),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return [Spacer(1, 1.5), table, Spacer(1, style.spaceAfter or 3)]


def table_flowables(rows: list[list[str]], style: ParagraphStyle, *, escape: Callable[[str], str]) -> list[Flowable]:
    """A small ruled table of plain-text cells (escaped with `escape`); columns share the width by text length."""
    if not rows:
        return []
    header = has_header(rows)
    bold = ParagraphStyle("table-header", parent=style, fontName=_bold_font(style))
    cells = [[Paragraph(escape(cell), bold if header and index == 0 else style) for cell in row] for index, row in enumerate(rows)]
    # A column gets room for its longest word at least, and more as its cells hold more text.
    longest_word = [max((len(word) for row in rows for word in row[col].split()), default=1) for col in range(len(rows[0]))]
    average = [sum(len(row[col]) for row in rows) / len(rows) for col in range(len(rows[0]))]
    shares = [max(2.6 * word, min(length, 45)) for word, length in zip(longest_word, average)]
    widths = [f"{100 * share / sum(shares):.2f}%" for share in shares]
    table = Table(cells, colWidths=widths, hAlign="LEFT")
    commands = [
        cell_font(style),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, HexColor(RULE_COLOR)),
        ("LINEABOVE", (0, 0), (-1, 0), 0.6, HexColor(FRAME_COLOR)),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, HexColor(FRAME_COLOR)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 0.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
    ]
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), HexColor(HEADER_BACKGROUND)))
    commands.extend(_repeated_cell_spans(rows))
    table.setStyle(TableStyle(commands))
    return [Spacer(1, 1), table, Spacer(1, style.spaceAfter or 3)]


def _repeated_cell_spans(rows: list[list[str]]) -> list[tuple]:
    """SPAN commands for a cell that repeats the one to its left ("same effect as a minor failure"):
    the text is printed once across both columns, as a hand-set table would."""
    spans = []
    for row_index, row in enumerate(rows):
        start = 0
        for col in range(1, len(row) + 1):
            if col < len(row) and row[col] and row[col] == row[start]:
                continue
            if col - start > 1 and start > 0:  # never merge a row's label into its values
                spans.append(("SPAN", (start, row_index), (col - 1, row_index)))
            start = col
    return spans


def _bold_font(style: ParagraphStyle) -> str:
    """The bold face of the style's family (registered by markup.register_fonts)."""
    try:
        return tt2ps(style.fontName, 1, 0)
    except (KeyError, ValueError):
        return style.fontName
