"""How wide a table's columns are and how small its type: every column gets its longest word, the rest of the
width goes where it saves lines (`column_widths`); a table whose words do not fit side by side is set smaller
(`fitting_scale`), and one too wide even then breaks its longest words, not its numbers (`_capped`).

Measurement only (reportlab's font metrics): flowables.py builds the tables.
"""

from __future__ import annotations

import re
from typing import Callable

from reportlab.lib.fonts import tt2ps
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from pipeline.sheets.icons import current as current_icons
from pipeline.sheets.icons import extra_width

# An entry row (matrix.py): "name RUN_IN text" in every cell is one cell across the table, the name in
# bold (no name: more of the entry above); the row under it holds the entry's values, one per column.
RUN_IN = "\u2063"


def entry_rows(rows: list[list[str]]) -> set[int]:
    """The indices of the entry rows of a table (see RUN_IN)."""
    return {index for index, row in enumerate(rows) if row and RUN_IN in row[0]}


CELL_PADDING = 4.51  # pt: a cell's padding (table_commands), and 0.01 lest rounding break a word as wide as its room


MIN_TABLE_SCALE = 0.7  # the smallest a table's type gets so that its longest words fit its columns


def fitting_scale(rows: list[list[str]], style: ParagraphStyle, width: float) -> float:
    """1, or the scale of the type (down to MIN_TABLE_SCALE, in steps of 0.05) at which every column's
    longest word fits beside the others' in `width`."""
    need = _longest_words(rows, style)
    words = sum(need) - CELL_PADDING * len(need)
    room = width - CELL_PADDING * len(need)
    if words <= room:
        return 1.0
    scale = int(max(room, 0) / words * 20) / 20  # down to the step below: the words must fit
    return max(MIN_TABLE_SCALE, scale)


_WIDTHS: dict[tuple, list[float]] = {}  # a panel is measured many times while it is planned: widths once per table


def column_widths(rows: list[list[str]], style: ParagraphStyle, width: float) -> list[float]:
    """Points per column (see FittedTable), measured with the cells' font; then balanced (`_balanced`)."""
    # The game's icons widen the labels that name them (extra_width): part of the key.
    key = (tuple(map(tuple, rows)), style.fontName, style.fontSize, style.leading, round(width, 2), current_icons())
    if key not in _WIDTHS:
        if len(_WIDTHS) > 512:
            _WIDTHS.clear()
        _WIDTHS[key] = _balanced(rows, style, _shared_widths(rows, style, width))
    return list(_WIDTHS[key])


def _measures(rows: list[list[str]], style: ParagraphStyle) -> tuple[Callable[[str, int, int], float], Callable[[int, int], float]]:
    """How wide a cell's text is (a label or a header cell in bold), and the icon before a label's first word."""
    bold = bold_font(style)
    labels = ParagraphStyle("label", parent=style, fontName=bold)

    def measure(text: str, col: int, row: int) -> float:
        return stringWidth(text, bold if col == 0 or row == 0 else style.fontName, style.fontSize)

    def symbol(col: int, row: int) -> float:  # a label's icon (table_cells) takes room before its first word
        return extra_width(rows[row][col], labels) if col == 0 or row == 0 else 0.0

    return measure, symbol


def _longest_words(rows: list[list[str]], style: ParagraphStyle) -> list[float]:
    """Per column, its longest word with the cell's padding: narrower, the word is broken."""
    measure, symbol = _measures(rows, style)
    return [
        max((measure(word, col, r) + (symbol(col, r) if index == 0 else 0) for r, row in enumerate(rows)
             for index, word in enumerate(row[col].split())), default=0) + CELL_PADDING
        for col in range(len(rows[0]))
    ]


def _shared_widths(rows: list[list[str]], style: ParagraphStyle, width: float) -> list[float]:
    count = len(rows[0])
    measure, symbol = _measures(rows, style)
    need = _longest_words(rows, style)
    full = [
        max((measure(row[col], col, r) + symbol(col, r) for r, row in enumerate(rows)), default=0) + CELL_PADDING for col in range(count)
    ]
    text = [sum(measure(row[col], col, r) for r, row in enumerate(rows)) + 1 for col in range(count)]
    if sum(need) >= width:
        return _capped(need, width)
    widths, open_ = list(need), set(range(count))
    while open_ and width - sum(widths) > 0.5:  # share what is left by text, capping a column at one line
        left = width - sum(widths)
        total = sum(text[col] for col in open_)
        for col in sorted(open_):
            widths[col] += left * text[col] / total
        capped = {col for col in open_ if widths[col] >= full[col]}
        for col in capped:
            widths[col] = full[col]
        if not capped:
            break
        open_ -= capped
    if width - sum(widths) > 0.5:  # every column fits on one line: the spare room goes to the last
        widths[-1] += width - sum(widths)
    return widths


def _capped(need: list[float], width: float) -> list[float]:
    """Columns whose longest words do not fit side by side even at the smallest type: the widest are cut to
    one width that fills the table, so the longest words break and the short ones keep their room (a d100
    table's "26" in its column, never "2/6")."""
    cap = width / len(need)
    for wide in sorted(need, reverse=True):  # the cap over the columns wider than it, the rest keeping their need
        narrow = [n for n in need if n < wide]
        cap = (width - sum(narrow)) / (len(need) - len(narrow))
        if not narrow or cap >= max(narrow):
            break
    return [min(n, cap) for n in need]


BALANCE_STEPS = (16.0, 8.0, 4.0, 2.0)  # pt moved from one column to another while the table gets shorter
LABEL_WRAP_COST = 0.5  # lines a wrapped row label counts for (see _balanced)


def _balanced(rows: list[list[str]], style: ParagraphStyle, widths: list[float]) -> list[float]:
    """Widths moved between columns while the table gets shorter. Shares by text length give a matrix
    of long cells (a ship system's four damage levels) rows as tall as their fullest cell; a row is as
    tall as its tallest cell, so width goes where lines are saved. Line counts are estimated by a greedy
    wrap of the cells' word widths (as Paragraph wraps), a merged cell over its columns' widths; no
    column gets narrower than its longest word."""
    count = len(widths)
    if count < 2:
        return widths
    bold = bold_font(style)
    space = stringWidth(" ", style.fontName, style.fontSize)
    cells = _word_widths(rows, style)
    need = [CELL_PADDING] * count  # the longest word of each column's own (unmerged) cells, labels included
    for r, row in enumerate(rows):
        for first, last in cell_runs(row):
            if first == last:
                font = bold if first == 0 or r == 0 else style.fontName
                longest = max((stringWidth(w, font, style.fontSize) for w in row[first].split()), default=0)
                need[first] = max(need[first], longest + CELL_PADDING)
    known: dict[tuple, int] = {}
    labelled = not entry_rows(rows)  # a matrix of entry rows has values, not labels, in its first column

    def height(trial: list[float]) -> float:
        """Lines of the table, and half a line more per extra line of a label: "Munición ·" over "Ammo"
        beside its icon reads worse than one more line of an effect, even where the row is no taller."""
        total, wrapped = 0, 0
        for r, row in enumerate(cells):
            tallest = 1
            for first, last, words in row:
                room = round(sum(trial[first : last + 1]) - CELL_PADDING, 1)
                key = (r, first, room)
                if key not in known:
                    known[key] = _wrapped_lines(words, room, space)
                tallest = max(tallest, known[key])
                if labelled and first == 0 and last == 0 and r:
                    wrapped += known[key] - 1
            total += tallest
        return total + LABEL_WRAP_COST * wrapped

    best = height(widths)
    for step in BALANCE_STEPS:
        improved = True
        while improved:
            improved = False
            for give in range(count):
                for take in range(count):
                    if take == give or widths[give] - step < need[give]:
                        continue
                    trial = list(widths)
                    trial[give] -= step
                    trial[take] += step
                    if (total := height(trial)) < best:
                        best, widths, improved = total, trial, True
    return widths


def _word_widths(rows: list[list[str]], style: ParagraphStyle) -> list[list[tuple[int, int, list[float]]]]:
    """Per row, (first column, last column, word widths) of every printed cell: a label or a header cell in
    bold, with its icon (table_cells) before its first word."""
    bold = bold_font(style)
    labels = ParagraphStyle("label", parent=style, fontName=bold)

    def widths(text: str, named: bool) -> list[float]:
        found = [stringWidth(w, bold if named else style.fontName, style.fontSize) for w in text.split()]
        if named and found:
            found[0] += extra_width(text, labels)
        return found

    return [[(first, last, widths(row[first], first == 0 or r == 0)) for first, last in cell_runs(row)] for r, row in enumerate(rows)]


def _wrapped_lines(words: list[float], room: float, space: float) -> int:
    """How many lines words of these widths take in `room` points, wrapped greedily as Paragraph does."""
    total, used = 1, -space
    for word in words:
        if used + space + word > room and used > 0:
            total, used = total + 1, word
        else:
            used += space + word
    return total


def cell_runs(row: list[str]) -> list[tuple[int, int]]:
    """(first, last) column of every printed cell of a row: a cell of words equal to the one on its left is
    merged into it (never into the row's label, column 0, unless the row is an entry row: RUN_IN). A number
    is not: "3" across "Boca arriba" and "Boca abajo" would read as three in all."""
    runs, start = [], 0
    entry = bool(row) and RUN_IN in row[0]
    for col in range(1, len(row) + 1):
        if col < len(row) and (start > 0 or entry) and row[col] == row[start] and re.search(r"[^\W\d_]", row[col]):
            continue
        runs.append((start, col - 1))
        start = col
    return runs


def bold_font(style: ParagraphStyle) -> str:
    """The bold face of the style's family (registered by markup.register_fonts)."""
    try:
        return tt2ps(style.fontName, 1, 0)
    except (KeyError, ValueError):
        return style.fontName
