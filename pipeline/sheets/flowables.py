"""Formula, table and list blocks -> reportlab flowables: boxed formulas, ruled tables, numbered lists.

Typography only: operators are set as their proper signs ("x" between terms -> "×", "<=" -> "≤");
tables get their cells from the splitter (`Block.rows()`); no word is added or removed, except the
pointer a sheet prints for a numbered table whose cells the text lost (`table_reference`).
"""

from __future__ import annotations

import re
from typing import Callable

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from pipeline.sheets.icons import decorate
from pipeline.sheets.tablefold import column_groups, fitting_rows
from pipeline.sheets.tableentries import best_form, entry_form, header_rows, ragged_rows
from pipeline.sheets.tablewidths import (
    RUN_IN,
    bold_font,
    cell_runs,
    column_widths,
    entry_rows,
    fitting_scale,
)

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
    rows: list[list[str]], style: ParagraphStyle, *, header: bool, escape: Callable[[str], str],
    width_rows: list[list[str]] | None = None, entries: bool = False,
) -> list[Flowable]:
    """A ruled table of plain-text cells (escaped with `escape`): a tinted header row when `header`,
    hairlines between rows; columns share the width by text length. `width_rows`: the whole table when
    `rows` is one part of it, so every part of a table cut across panels or pages has the same columns.
    `entries`: set as entries where that prints it in fewer lines (tableentries.py)."""
    if not rows:
        return []
    if width_rows is None and column_groups(rows, header=header):
        return [Spacer(1, 1.5), FoldingTable(rows, style, header=header, escape=escape), Spacer(1, max(style.spaceAfter, 3))]
    if not header:  # a short row's last words over the empty cells after them
        rows, width_rows = ragged_rows(rows), ragged_rows(width_rows) if width_rows else width_rows
    texts = width_rows if width_rows and len(width_rows[0]) == len(rows[0]) else rows
    forms = [(rows, header, 1)]
    if entries and width_rows is None and (as_entries := entry_form(rows, header=header)):
        forms.append((as_entries, header, header_rows(rows, header=header)))
    table: Flowable = (
        EntryTable(forms, style, escape=escape) if len(forms) > 1 else _fitted(rows, style, header=header, escape=escape, texts=texts)
    )
    return [Spacer(1, 1.5), table, Spacer(1, max(style.spaceAfter, 3))]


def _fitted(
    rows: list[list[str]], style: ParagraphStyle, *, header: bool, escape: Callable[[str], str], texts: list[list[str]], heads: int = 1
) -> "FittedTable":
    """The table as a FittedTable; `heads`: how many rows a header has (tableentries.header_rows), all tinted and
    repeated, the first in bold (its second, under an entry row, is measured as plain text: tablewidths)."""
    heads = heads if header else 0
    table = FittedTable(
        table_cells(rows, style, header=header, escape=escape),
        hAlign="LEFT",
        repeatRows=heads,
        texts=texts,
        style_for=style,
        cells_for=lambda smaller: table_cells(rows, smaller, header=header, escape=escape),
    )
    table.setStyle(TableStyle(table_commands(rows, style, header=header, heads=heads)))
    return table


class FoldingTable(Flowable):
    """A table of repeated column groups (tablefold.py), made for the width it is given: as it is where its words
    fit, else with fewer groups per row and more rows, every row printed whole."""

    def __init__(self, rows: list[list[str]], style: ParagraphStyle, *, header: bool, escape: Callable[[str], str]) -> None:
        super().__init__()
        self._rows, self._style, self._header, self._escape = rows, style, header, escape
        self._tables: dict[int, FittedTable] = {}  # by the folded table's width in columns
        self._table: FittedTable | None = None

    def _for(self, width: float) -> "FittedTable":
        rows = fitting_rows(self._rows, self._style, width, header=self._header)
        if len(rows[0]) not in self._tables:
            self._tables[len(rows[0])] = _fitted(rows, self._style, header=self._header, escape=self._escape, texts=rows)
        self._table = self._tables[len(rows[0])]
        return self._table

    @property
    def table(self) -> "FittedTable | None":
        """The table last made for a width (None before the first wrap)."""
        return self._table

    def wrap(self, available_width: float, available_height: float):
        self.width, self.height = self._for(available_width).wrap(available_width, available_height)
        return self.width, self.height

    def split(self, available_width: float, available_height: float):
        return self._for(available_width).split(available_width, available_height)

    def draw(self) -> None:
        table = self._table or self._for(self.width)
        table.canv = self.canv  # drawn in place, as the table itself would be
        table.draw()


class EntryTable(FoldingTable):
    """A table made for the width it is given in the form that prints it best there (tableentries.best_form): its
    columns or as entries; each form is (rows, header, header rows)."""

    def __init__(self, forms: list[tuple[list[list[str]], bool, int]], style: ParagraphStyle, *, escape: Callable[[str], str]) -> None:
        super().__init__(forms[0][0], style, header=forms[0][1], escape=escape)
        self._forms = forms
        self._choices: dict[float, int] = {}  # by width: the choice measures every form

    def _for(self, width: float) -> "FittedTable":
        key = round(width, 1)
        if key not in self._choices:
            self._choices[key] = best_form([rows for rows, _, _ in self._forms], self._style, width)
        choice = self._choices[key]
        if choice not in self._tables:
            rows, header, heads = self._forms[choice]
            self._tables[choice] = _fitted(rows, self._style, header=header, escape=self._escape, texts=rows, heads=heads)
        self._table = self._tables[choice]
        return self._table


def table_cells(rows: list[list[str]], style: ParagraphStyle, *, header: bool, escape: Callable[[str], str]) -> list[list[Paragraph]]:
    bold = ParagraphStyle("table-header", parent=style, fontName=bold_font(style))
    # A row label (first column of a table without a header, or under one) is what the eye scans: bold.
    # A table of entry rows has its labels in them, not in the first column.
    entries = entry_rows(rows)
    label = ParagraphStyle("table-label", parent=style, fontName=bold_font(style)) if len(rows[0]) > 1 and not entries else style

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


def table_commands(rows: list[list[str]], style: ParagraphStyle, *, header: bool, heads: int = 1) -> list[tuple]:
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
            ("BACKGROUND", (0, 0), (-1, max(heads, 1) - 1), HexColor(HEADER_BACKGROUND)),
            ("LINEBELOW", (0, max(heads, 1) - 1), (-1, max(heads, 1) - 1), 0.6, HexColor(FRAME_COLOR)),
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
        for first, last in cell_runs(row)
        if last > first
    ]
