"""Tables a section's lines set as text: rows sharing a separator ('->', ' - ', 'a | b'), 'label: value' rows that
share a pattern, and numbered tables ('Tabla 2-1: ...') with their rows, or a `table-ref` where the text lost the cells.
"""

from __future__ import annotations

import re

from pipeline.model import TABLE_CELL, Block, BlockKind, CleanLine, LineKind
from pipeline.split.inline import phrases
from pipeline.structure.patterns import BULLET, TABLE_CAPTION

# Rows of a plain-text table: "Cohete Juno -> Usar cohetes Juno", "Cohetes - Cohete defectuoso - Nave destruída".
# "Sardina | 1 | 0": a row of a marked-up table (ingest/ writes every <tr> and Markdown row so).
ROW_SEPARATOR = re.compile(r"\S\s*(?:->|→)\s*\S|\S\s+[-–]\s+\S|\S\s+\|\s+\S")
MARKED_ROW = re.compile(r"\S\s+\|\s+\S")
# A "label: value" row: "Juego fácil: 5 misiones fáciles", "En solitario: 3 puntos." The label ends on a
# letter or digit.
LABEL_VALUE = re.compile(r"^([^:]{1,40}?\w)\s*:\s+(\S.*)$")
# A sentence ends and another begins: a value or a list line that says more than one thing.
SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-ZÁÉÍÓÚÑ¿¡]")
# Cell separators a translator types in a plain-text table, most specific first.
CELL_SEPARATORS = (
    re.compile(r"\t+"),
    re.compile(r"\s+\|\s+"),
    re.compile(r"\s*(?:->|→)\s*"),
    re.compile(r"\s+[-–—]\s+"),
    re.compile(r"(?<=\w)\s*:\s+"),
)
MAX_ROW_WORDS = 14
MAX_LABEL_WORDS = 5
MAX_LABEL_ROW_WORDS = 18
MIN_TABLE_ROWS = 3
# Rows whose cells are marked ('Cartas de animal | 36': a <tr>, a Markdown or BBCode row, a typed pipe table)
# are a table by what they say they are: two of them are enough.
MIN_MARKED_ROWS = 2
# Words of a row: one whose cells are marked may hold sentences (Tapiz's carrying table: 45 words a row).
MAX_SEPARATED_ROW_WORDS = 30
MAX_MARKED_ROW_WORDS = 90


def is_table_row(text: str) -> bool:
    """A garbled table line: short, or mostly numbers, symbols and one-letter codes."""
    words = text.split()
    if not words:
        return False
    if len(words) <= MAX_ROW_WORDS and not text.rstrip().endswith((".", ":")):
        return True
    codes = sum(1 for word in words if len(word) <= 2 or re.search(r"\d|%|–", word))
    return codes / len(words) >= 0.4


def table_cells(rows: list[str]) -> list[list[str]]:
    """Rows of cells: the first separator found in most rows cuts every row (':' only once); [] if none does."""
    rows = [row.strip() for row in rows if row.strip()]
    for separator in CELL_SEPARATORS:
        hits = sum(1 for row in rows if separator.search(row))
        if rows and hits >= max(2, (2 * len(rows) + 2) // 3):
            limit = 1 if ":" in separator.pattern else 0
            return [[cell.strip() for cell in separator.split(row, maxsplit=limit) if cell.strip()] for row in rows]
    return []


def table_block(cells: list[list[str]], first: int, last: int, *, header: bool | None = None) -> Block:
    """A table block of `cells` (rows padded to one width); `header` None -> guessed from the first row."""
    width = max(len(row) for row in cells)
    cells = [row + [""] * (width - len(row)) for row in cells]
    text = "\n".join(TABLE_CELL.join(row) for row in cells)
    return Block(BlockKind.TABLE, text, first, last, header=looks_like_header(cells) if header is None else header)


def looks_like_header(rows: list[list[str]]) -> bool:
    """A first row of short labels without numbers over longer rows reads as column headings."""
    if len(rows) < 3 or len(rows[0]) < 2:
        return False
    first = rows[0]
    if any(ch.isdigit() for cell in first for ch in cell) or any(len(cell.split()) > 3 for cell in first):
        return False
    rest = [len(" ".join(row).split()) for row in rows[1:]]
    return sum(rest) / len(rest) >= 1.5 * len(" ".join(first).split())


def caption_table(lines: list[CleanLine], index: int, blocks: list[Block]) -> int:
    """A numbered table ('Tabla 2-1: ...') and its rows, up to a blank line or the next prose sentence.

    Rows that cut into the same number of cells are a table (its caption a paragraph before it); rows
    that do not (a PDF copy that lost the columns) or no rows at all are a `table-ref`, kept whole so
    that nothing is lost, printed as a pointer to the rulebook.
    """
    caption = lines[index]
    rows: list[CleanLine] = []
    index += 1
    while (
        index < len(lines)
        and lines[index].kind == LineKind.TEXT
        and is_table_row(lines[index].text)
        and not TABLE_CAPTION.match(lines[index].text.strip())
    ):
        rows.append(lines[index])
        index += 1
    cells = table_cells([row.text for row in rows]) if len(rows) >= 2 else []
    readable = all(re.search(r"\w", cell) for row in cells for cell in row[1:])  # "– –" is what is left of lost numbers
    if cells and readable and len({len(row) for row in cells}) == 1 and len(cells[0]) >= 2:
        blocks.append(Block(BlockKind.PARAGRAPH, caption.text.strip(), caption.first, caption.last))
        blocks.append(table_block(cells, rows[0].first, rows[-1].last))
    else:
        text = "\n".join([*_caption_lines(caption.text), *(line.text.strip() for line in rows)])
        blocks.append(Block(BlockKind.TABLE_REF, text, caption.first, (rows or [caption])[-1].last))
    return index


def _caption_lines(text: str) -> list[str]:
    """'Tabla 2–1: Ataques a minas Número de patrones' -> ['Tabla 2–1: Ataques a minas', 'Número de patrones']:
    a copy that lost the columns runs the first headings into the caption; the title is its first phrase."""
    end = found.end() if (found := TABLE_CAPTION.match(text.strip())) else 0  # (only captions come here)
    label, rest = text.strip()[:end], text.strip()[end:]
    title, *after = phrases(rest) or [""]
    return [f"{label} {title}".strip()] + ([" ".join(after)] if after else [])


def separator_run(lines: list[CleanLine], index: int) -> list[CleanLine]:
    """Three or more rows sharing a column separator ('->', ' - '), or two marked as cells ('a | b'), allowing one
    blank line after a header row."""

    def row(i: int) -> bool:
        if i >= len(lines) or lines[i].kind != LineKind.TEXT:
            return False
        text = lines[i].text.strip()
        longest = MAX_MARKED_ROW_WORDS if MARKED_ROW.search(text) else MAX_SEPARATED_ROW_WORDS
        return bool(text) and not BULLET.match(lines[i].text) and bool(ROW_SEPARATOR.search(text)) and len(text.split()) <= longest

    if not row(index):
        return []
    end = index
    count = 0
    while True:
        if row(end):
            count += 1
            end += 1
        elif count == 1 and end + 1 < len(lines) and not lines[end].text.strip() and row(end + 1):
            end += 1  # the header row may stand apart from the rows by one blank line
        else:
            break
    run = lines[index:end]
    marked = all(MARKED_ROW.search(line.text) for line in run if line.text.strip())
    return run if count >= (MIN_MARKED_ROWS if marked else MIN_TABLE_ROWS) else []


def _label_value(text: str) -> tuple[str, str] | None:
    """A short 'label: value' line, split at its first colon; None for prose, bullets and quotes."""
    found = LABEL_VALUE.match(text.strip())
    if not found or BULLET.match(text) or text.lstrip()[:1] in "\"'“‘«(":
        return None
    label, value = found.group(1).strip(), found.group(2).strip()
    if len(label.split()) > MAX_LABEL_WORDS or len(text.split()) > MAX_LABEL_ROW_WORDS or SENTENCE_BREAK.search(value):
        return None
    return label, value


def label_value_tables(lines: list[CleanLine]) -> dict[int, int]:
    """Line index -> end of the small table set as text that starts there: MIN_TABLE_ROWS or more consecutive
    'label: value' lines that share a pattern.

    Sharing a pattern (the same first or last word in every label, or every value starting with a
    number: "Juego fácil: ... / Juego medio: ...", "En solitario: 3 puntos / Con otro jugador: 5 puntos")
    is what tells a table from a few unrelated notes that happen to start with a word and a colon. Every
    run is judged from each of its lines at once (from its end backwards), not rescanned from each line.
    """
    tables: dict[int, int] = {}
    index = 0
    while index < len(lines):
        rows: list[tuple[str, str]] = []
        end = index
        while end < len(lines) and lines[end].kind == LineKind.TEXT and (pair := _label_value(lines[end].text)):
            rows.append(pair)
            end += 1
        if not rows:
            index += 1
            continue
        labels = [label.lower().split() for label, _ in rows]
        same_first = same_last = digits = True  # for the rows from `row` to the end of the run
        for row in range(len(rows) - 1, -1, -1):
            if row + 1 < len(rows):
                same_first = same_first and labels[row][0] == labels[row + 1][0]
                same_last = same_last and labels[row][-1] == labels[row + 1][-1]
            digits = digits and rows[row][1][:1].isdigit()
            if len(rows) - row >= MIN_TABLE_ROWS and (same_first or same_last or digits):
                tables[index + row] = end
        index = end
    return tables
