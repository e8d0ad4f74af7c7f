"""A table too wide for its column, set as entries; and a row's last words over the empty cells after them.

Tapiz's carrying table (five columns of sentences) in a sheet's third of a page wraps every cell to a word or two
a line: its labels take a column the values need. Set as entries, each row's label is a bold line across the
table (an entry row: tablewidths.RUN_IN) and its values share the whole width under it; a header's first name
(what the labels are) heads the table across, the others over their values (`entry_form`). The row's words keep
their order (label, then its values left to right). Measurement decides (`best_form`): where the columns are
cramped (prose at fewer than READABLE words a line) or set in smaller type, entries at most a quarter taller (six
tenths, when the columns' type is at its smallest) replace them, in the largest type, then uncramped, then the
shortest (most of Torre's deck tables keep their columns: entries would add a page). One value a line beside the
header's name would read better still, but it puts the names between a row's words.

A row shorter than the table (cairn's scars: one long cell on most rows, three cells on a few) leaves cells empty
after its last: in a table without a header that cell's words go on over them (`ragged_rows`), as a hand-set table
spans them; a header's column keeps its own cells, and a number or a row's label never spans.
"""

from __future__ import annotations

import re

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from pipeline.sheets.tablewidths import (
    CELL_PADDING,
    RUN_IN,
    _word_widths,
    _wrapped_lines,
    column_widths,
    MIN_TABLE_SCALE,
    entry_rows,
    fitting_scale,
)

MIN_ENTRY_COLUMNS = 3  # a label and one value column side by side is as narrow as entries would make it
MIN_ENTRY_ROWS = 3
NUMBER = re.compile(r"^\s*[+\-–]?\d[\d.,]*(?:\s*[-–]\s*\d+)?\s*%?\s*$")  # "7", "+2", "2,000", "11-13", "50 %"
READABLE = 3  # words a line: cells of prose wrapped to fewer read word by word
PROSE_WORDS = 6  # a cell of prose: a header's name or a short value wrapped once is no prose
TALLER, MUCH_TALLER = 1.25, 1.6  # how much taller than its columns another form may print a table (best_form)
ROW_PADDING = 2.2  # pt: a row's top and bottom padding (flowables.table_commands)
LETTER = re.compile(r"[^\W\d_]")


def ragged_rows(rows: list[list[str]]) -> list[list[str]]:
    """A headerless table's rows with each row's empty last cells holding its last cell's words again: cell_runs
    merges a cell equal to the one on its left, so they print once, across (a label's or a number's never)."""
    out = []
    for row in rows:
        last = max((col for col, cell in enumerate(row) if cell.strip()), default=0)
        spans = last > 0 and last < len(row) - 1 and bool(LETTER.search(row[last]))
        out.append(row[: last + 1] + [row[last]] * (len(row) - last - 1) if spans else row)
    return out


def entry_form(rows: list[list[str]], *, header: bool) -> list[list[str]] | None:
    """The table as entries (see the module's note), or None for a table whose rows are no entries: fewer than
    MIN_ENTRY_COLUMNS columns or MIN_ENTRY_ROWS rows (a 2-row table of ranges over names reads down its columns),
    entry rows already, a label that is empty or a number (a roll table keeps its numbers beside its rows), or
    columns that repeat a group ("name | price | name | price"). With a header, the header is its first name
    across the table (`header_rows`: unless it has none) over the others, over the value columns."""
    width = len(rows[0]) if rows else 0
    body = rows[1:] if header else rows
    if width < MIN_ENTRY_COLUMNS or len(body) < MIN_ENTRY_ROWS or entry_rows(rows) or _repeats_groups(body):
        return None
    if any(not LETTER.search(row[0]) for row in body):
        return None
    out = [[f"{rows[0][0]}{RUN_IN}"] * (width - 1)] if header and rows[0][0].strip() else []
    out += [rows[0][1:]] if header else []
    for row in body:
        out.append([f"{row[0]}{RUN_IN}"] * (width - 1))
        if any(cell.strip() for cell in row[1:]):
            out.append(row[1:])
    return out


def _repeats_groups(body: list[list[str]]) -> bool:
    """Whether the columns repeat a group of a number's and a word's columns ("name | price | name | price")."""
    kinds = "".join("n" if all(NUMBER.match(row[col]) for row in body if row[col].strip()) else "w" for col in range(len(body[0])))
    return any(
        len(kinds) % size == 0 and kinds == kinds[:size] * (len(kinds) // size) and set(kinds[:size]) == {"n", "w"}
        for size in range(2, len(kinds) // 2 + 1)
    )


def header_rows(rows: list[list[str]], *, header: bool) -> int:
    """How many of the entry form's rows are its header (see entry_form)."""
    return (2 if rows[0][0].strip() else 1) if header else 0


def measured(rows: list[list[str]], style: ParagraphStyle, width: float) -> tuple[float, bool, float]:
    """How the table prints in `width`: its type's scale (fitting_scale), whether its cells of prose read
    uncramped (at least READABLE words a line on average) and its height in points (its wrapped lines, estimated
    as column_widths shares the width, and its rows' padding)."""
    scale = fitting_scale(rows, style, width)
    smaller = ParagraphStyle(f"{style.name}-measure", parent=style, fontSize=style.fontSize * scale, leading=style.leading * scale)
    widths = column_widths(rows, smaller, width)
    space = stringWidth(" ", smaller.fontName, smaller.fontSize)
    lines, prose_words, prose_lines = 0, 0, 0
    for row in _word_widths(rows, smaller):
        tallest = 1
        for first, last, words in row:
            wrapped = _wrapped_lines(words, sum(widths[first : last + 1]) - CELL_PADDING, space)
            tallest = max(tallest, wrapped)
            if len(words) >= PROSE_WORDS:
                prose_words, prose_lines = prose_words + len(words), prose_lines + wrapped
        lines += tallest
    readable = not prose_lines or prose_words / prose_lines >= READABLE
    return scale, readable, lines * smaller.leading + len(rows) * ROW_PADDING


def best_form(forms: list[list[list[str]]], style: ParagraphStyle, width: float) -> int:
    """The index of the form that prints best in `width` (forms[0]: the table's columns). Another form is in the
    running only where the columns are cramped or set smaller than it, and it is at most TALLER times their
    height (MUCH_TALLER when the columns' type is at its smallest); of those in the running the one in the
    largest type wins, then one uncramped, then the shortest, the columns on a tie."""
    scores = [measured(rows, style, width) for rows in forms]
    scale, readable, height = scores[0]
    allowance = MUCH_TALLER if scale <= MIN_TABLE_SCALE + 0.05 else TALLER
    running = [0] + [
        index for index, (other_scale, _, other_height) in enumerate(scores[1:], start=1)
        if other_scale >= scale and (not readable or other_scale > scale) and other_height <= allowance * height
    ]
    return max(running, key=lambda index: (scores[index][0], scores[index][1], -scores[index][2], -index))
