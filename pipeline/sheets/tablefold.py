"""A table of repeated column groups too wide for its column, folded into fewer groups and more rows.

Cairn's spell table ("1 | Acelerar | 26 | Cosificar | 51 | Hipnotizar | 76 | Oler", a hundred entries in four pairs
of columns) does not fit a sheet's column even at the smallest type: its longest names would break letter by
letter ("Antropomo/rfizar"). Its rows hold independent entries, so it is printed with half the groups per row and
twice the rows (entries 1-25 beside 26-50, then 51-75 beside 76-100), in the same reading order, every row kept.
Measurement only decides (`words_fit`); flowables.py builds the table the column can hold.
"""

from __future__ import annotations

import re

from reportlab.lib.styles import ParagraphStyle

from pipeline.sheets.tablewidths import MIN_TABLE_SCALE, _longest_words

# A cell that is a number, a range or a die's result ("7", "11-13", "00"): the key column of a roll table's group.
NUMERIC = re.compile(r"^\s*\d+(?:\s*[-–]\s*\d+)?\s*$")


def column_groups(rows: list[list[str]], *, header: bool) -> int:
    """The width of the column group the table's rows repeat (2 for "n | name | n | name ..."), or 0: every group
    opens with a number in every row below the header, its other columns hold words, and the header (if any)
    repeats per group or is empty."""
    body = rows[1:] if header else rows
    width = len(rows[0]) if rows else 0
    for size in range(2, width // 2 + 1):
        if width % size:
            continue
        starts = range(0, width, size)
        numbered = all(NUMERIC.match(row[start]) or not row[start].strip() for row in body for start in starts)
        others = [row[start + offset] for row in body for start in starts for offset in range(1, size)]
        worded = all(not NUMERIC.match(cell) for cell in others if cell.strip())
        heads = not header or len({tuple(rows[0][start : start + size]) for start in starts}) == 1
        if numbered and worded and heads and all(row[0].strip() for row in body):
            return size
    return 0


def folded(rows: list[list[str]], *, size: int, header: bool) -> list[list[str]]:
    """The table with half its groups per row: the first half of the groups over all rows, then the second half
    (one header row on top)."""
    groups = len(rows[0]) // size
    keep = (groups + 1) // 2 * size
    head, body = (rows[:1], rows[1:]) if header else ([], rows)
    halves = [[row[:keep] for row in body], [row[keep:] + [""] * (keep - len(row[keep:])) for row in body]]
    return [row[:keep] for row in head] + [row for half in halves for row in half if any(cell.strip() for cell in row)]


def words_fit(rows: list[list[str]], style: ParagraphStyle, width: float) -> bool:
    """Whether every column's longest word fits beside the others' in `width` at the smallest type."""
    smaller = ParagraphStyle(f"{style.name}-fit", parent=style, fontSize=style.fontSize * MIN_TABLE_SCALE)
    return sum(_longest_words(rows, smaller)) <= width


def fitting_rows(rows: list[list[str]], style: ParagraphStyle, width: float, *, header: bool) -> list[list[str]]:
    """The rows as the column can print them whole: as they are, or folded (as often as it takes, while the table
    repeats a column group) until its longest words fit."""
    while not words_fit(rows, style, width) and (size := column_groups(rows, header=header)) and len(rows[0]) > size:
        rows = folded(rows, size=size, header=header)
    return rows
