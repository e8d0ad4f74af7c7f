"""Formula, table and list blocks -> reportlab flowables: boxed formulas, ruled tables, numbered lists.

Typography only: operators are set as their proper signs ("x" between terms -> "×", "<=" -> "≤");
tables get their cells from the splitter (`Block.rows()`); no word is added or removed, except the
pointer a sheet prints for a numbered table whose cells the text lost (`table_reference`).
"""

from __future__ import annotations

import re
from typing import Callable

from reportlab.lib.colors import HexColor
from reportlab.lib.fonts import tt2ps
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from pipeline.sheets.icons import current as current_icons
from pipeline.sheets.icons import decorate, extra_width

FRAME_COLOR = "#1d3557"
RULE_COLOR = "#c8d0da"
HEADER_BACKGROUND = "#e3e9f1"

_OPERATORS = (
    (re.compile(r"(?<=\S) [xX*] (?=\S)"), " × "),
    (re.compile(r"\s*(?:<|&lt;)=\s*"), " ≤ "),  # also on escaped markup
    (re.compile(r"\s*(?:>|&gt;)=\s*"), " ≥ "),
    (re.compile(r"\s*-(?:>|&gt;)\s*"), " → "),
)


def formula_typography(text: str) -> str:
    """'masa x dificultad' -> 'masa × dificultad', '<=' -> '≤' (formulas only)."""
    for pattern, sign in _OPERATORS:
        text = pattern.sub(sign, text)
    return text


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


def table_flowables(
    rows: list[list[str]], style: ParagraphStyle, *, header: bool, escape: Callable[[str], str], width_rows: list[list[str]] | None = None
) -> list[Flowable]:
    """A ruled table of plain-text cells (escaped with `escape`): a tinted header row when `header`,
    hairlines between rows; columns share the width by text length. `width_rows`: the whole table when
    `rows` is one part of it, so every part of a table cut across panels or pages has the same columns."""
    if not rows:
        return []
    texts = width_rows if width_rows and len(width_rows[0]) == len(rows[0]) else rows
    table = FittedTable(
        table_cells(rows, style, header=header, escape=escape),
        hAlign="LEFT",
        repeatRows=1 if header else 0,
        texts=texts,
        style_for=style,
        cells_for=lambda smaller: table_cells(rows, smaller, header=header, escape=escape),
    )
    table.setStyle(TableStyle(table_commands(rows, style, header=header)))
    return [Spacer(1, 1.5), table, Spacer(1, max(style.spaceAfter, 3))]


# An entry row (matrix.py): "name RUN_IN text" in every cell is one cell across the table, the name in
# bold (no name: more of the entry above); the row under it holds the entry's values, one per column.
RUN_IN = "\u2063"


def entry_rows(rows: list[list[str]]) -> set[int]:
    """The indices of the entry rows of a table (see RUN_IN)."""
    return {index for index, row in enumerate(rows) if row and RUN_IN in row[0]}


def table_cells(rows: list[list[str]], style: ParagraphStyle, *, header: bool, escape: Callable[[str], str]) -> list[list[Paragraph]]:
    bold = ParagraphStyle("table-header", parent=style, fontName=_bold_font(style))
    # A row label (first column of a table without a header, or under one) is what the eye scans: bold.
    # A table of entry rows has its labels in them, not in the first column.
    entries = entry_rows(rows)
    label = ParagraphStyle("table-label", parent=style, fontName=_bold_font(style)) if len(rows[0]) > 1 and not entries else style

    def markup(cell: str, cell_style: ParagraphStyle, named: bool) -> str:
        # A row's label and the header's names are where a die face or a damage level shows its symbol.
        name, mark, text = cell.partition(RUN_IN)
        if not mark:
            # A label too long for its column breaks before its English name, never between "·" and it.
            return decorate(cell, cell_style, markup=escape(cell).replace(" · ", " ·\u00a0")) if named else escape(cell)
        title = decorate(name, cell_style, markup=f"<b>{escape(name)}</b>") if name else ""  # no name: the entry goes on
        return (f"{title} — " if title else "") + escape(text) if text.strip() else title

    cells = []
    for index, row in enumerate(rows):
        line = []
        for col, cell in enumerate(row):
            cell_style = bold if header and index == 0 else label if col == 0 else style
            line.append(Paragraph(markup(cell, cell_style, col == 0 or (header and index == 0)), cell_style))
        cells.append(line)
    return cells


CELL_PADDING = 4.51  # pt: a cell's padding (table_commands), and 0.01 lest rounding break a word as wide as its room


MIN_TABLE_SCALE = 0.7  # the smallest a table's type gets so that its longest words fit its columns


class FittedTable(Table):
    """A Table whose columns are sized when it learns its width: each gets its longest word, and the rest of
    the width goes to the columns by how much text they hold (a name column stays narrow, an effect
    column takes the room), none wider than its longest cell needs. A table whose longest words do not
    fit side by side is set smaller (`fitting_scale`, `cells_for` remakes its cells) rather than have
    its words broken letter by letter ("Breaga/n", "1/0")."""

    def __init__(
        self,
        data,
        *args,
        texts: list[list[str]] | None = None,
        style_for: ParagraphStyle | None = None,
        cells_for: Callable[[ParagraphStyle], list[list[Paragraph]]] | None = None,
        **kwargs,
    ) -> None:
        super().__init__(data, *args, **kwargs)
        self._texts, self._text_style = texts, style_for  # None on the halves split() makes: they keep the widths
        self._cells_for, self._scale = cells_for, 1.0

    def wrap(self, available_width: float, available_height: float):
        if self._texts is not None and self._text_style is not None:  # both, or neither (a split half)
            style = self._text_style
            scale = fitting_scale(self._texts, style, available_width) if self._cells_for else 1.0
            if scale < 1.0:
                style = smaller_style(style, scale)
            if scale != self._scale and self._cells_for:
                self._cellvalues, self._scale = self._cells_for(style), scale
            self._argW = self._colWidths = column_widths(self._texts, style, available_width)
        return super().wrap(available_width, available_height)


def smaller_style(style: ParagraphStyle, scale: float) -> ParagraphStyle:
    return ParagraphStyle(f"{style.name}-{scale:.2f}", parent=style, fontSize=style.fontSize * scale, leading=style.leading * scale)


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
    bold = _bold_font(style)
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
        return [width * share / sum(need) for share in need]
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
    bold = _bold_font(style)
    space = stringWidth(" ", style.fontName, style.fontSize)
    cells = _word_widths(rows, style)
    need = [CELL_PADDING] * count  # the longest word of each column's own (unmerged) cells, labels included
    for r, row in enumerate(rows):
        for first, last in _cell_runs(row):
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
    bold = _bold_font(style)
    labels = ParagraphStyle("label", parent=style, fontName=bold)

    def widths(text: str, named: bool) -> list[float]:
        found = [stringWidth(w, bold if named else style.fontName, style.fontSize) for w in text.split()]
        if named and found:
            found[0] += extra_width(text, labels)
        return found

    return [[(first, last, widths(row[first], first == 0 or r == 0)) for first, last in _cell_runs(row)] for r, row in enumerate(rows)]


def _wrapped_lines(words: list[float], room: float, space: float) -> int:
    """How many lines words of these widths take in `room` points, wrapped greedily as Paragraph does."""
    total, used = 1, -space
    for word in words:
        if used + space + word > room and used > 0:
            total, used = total + 1, word
        else:
            used += space + word
    return total


def _cell_runs(row: list[str]) -> list[tuple[int, int]]:
    """(first, last) column of every printed cell of a row: a cell equal to the one on its left is merged
    into it (never into the row's label, column 0, unless the row is an entry row: RUN_IN)."""
    runs, start = [], 0
    entry = bool(row) and RUN_IN in row[0]
    for col in range(1, len(row) + 1):
        if col < len(row) and (start > 0 or entry) and row[col] and row[col] == row[start]:
            continue
        runs.append((start, col - 1))
        start = col
    return runs


def table_commands(rows: list[list[str]], style: ParagraphStyle, *, header: bool) -> list[tuple]:
    # The values row under an entry row (RUN_IN) belongs to it, as does a nameless one (more of it): no hairline above.
    continues = {index + (rows[index][0][:1] != RUN_IN) for index in entry_rows(rows)} - {len(rows)}
    hairlines = (
        [("LINEBELOW", (0, i - 1), (-1, i - 1), 0.3, HexColor(RULE_COLOR)) for i in range(1, len(rows) + 1) if i not in continues]
        if continues
        else [("LINEBELOW", (0, 0), (-1, -1), 0.3, HexColor(RULE_COLOR))]
    )
    commands = [
        cell_font(style),
        *hairlines,
        ("LINEABOVE", (0, 0), (-1, 0), 0.8, HexColor(FRAME_COLOR)),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, HexColor(FRAME_COLOR)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ("TOPPADDING", (0, 0), (-1, -1), 0.9),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.3),
    ]
    if header:
        commands += [
            ("BACKGROUND", (0, 0), (-1, 0), HexColor(HEADER_BACKGROUND)),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, HexColor(FRAME_COLOR)),
        ]
    return commands + _repeated_cell_spans(rows)


def table_reference(text: str, *, page: int | None = None) -> str:
    """What a sheet says for a numbered table whose cells the text lost: 'Tabla 2-4: caption — ver el reglamento, p. 25'.

    Only the caption line is kept (the debris rows would mislead a player); the words say where to look.
    """
    caption = text.split("\n", 1)[0].strip()
    where = f"ver el reglamento, p.\u00a0{page}" if page else "ver el reglamento"
    return f"{caption.rstrip(' :.')} — {where}"


def list_marker(marker: str) -> str:
    """How a list marker prints: '3' -> '3.', 'b' -> 'b)', '' -> a bullet."""
    if not marker:
        return "•"
    return f"{marker}." if marker[:1].isdigit() else f"{marker})"


def _repeated_cell_spans(rows: list[list[str]]) -> list[tuple]:
    """SPAN commands for a cell that repeats the one to its left ("same effect as a minor failure"):
    the text is printed once across both columns, as a hand-set table would."""
    return [
        ("SPAN", (first, row_index), (last, row_index))
        for row_index, row in enumerate(rows)
        for first, last in _cell_runs(row)
        if last > first
    ]


def _bold_font(style: ParagraphStyle) -> str:
    """The bold face of the style's family (registered by markup.register_fonts)."""
    try:
        return tt2ps(style.fontName, 1, 0)
    except (KeyError, ValueError):
        return style.fontName
