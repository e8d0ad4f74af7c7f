"""A section's cleaned lines -> blocks: paragraph, item, table, formula, note.

Each non-blank line is its own paragraph (the cleaner has already joined lines broken mid-sentence);
a line that still starts in lower case continues the block before it.
"""
from __future__ import annotations

import re

from pipeline.model import Block, CleanLine
from pipeline.structure.patterns import BULLET, LETTERED, NUMBERED, TABLE_CAPTION

# "Potencia requerida = masa x dificultad", "dado ≤ nivel de radiación × años": a relation between terms.
RELATION = re.compile(r"(?<![-<>=])(=|≤|≥|<=|>=)(?![>=])")
# Rows of a plain-text table: "Cohete Juno -> Usar cohetes Juno", "Cohetes - Cohete defectuoso - Nave destruída".
# "Sardina | 1 | 0": a row of a marked-up table (ingest/ writes every <tr> and Markdown row so).
ROW_SEPARATOR = re.compile(r"\S\s*(?:->|→)\s*\S|\S\s+[-–]\s+\S|\S\s+\|\s+\S")
# A "label: value" row: "Juego fácil: 5 misiones fáciles", "En solitario: 3 puntos." The label ends on a
# letter or digit, as typeset_blocks.table_rows needs to cut the row into two cells at the colon.
LABEL_VALUE = re.compile(r"^([^:]{1,40}?\w)\s*:\s+(\S.*)$")
SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-ZÁÉÍÓÚÑ¿¡]")
# Markers that open a list item on their own: a bullet glyph, a marker and a space, "1)" / "a)", or a
# dash or plus stuck to a capital ("-Patear", "+Amenazas"). A marker stuck to anything else ("-3 a la
# tirada", "*solo en la variante", "+1") is an item only inside a run of marked lines (_marked_run).
CLEAR_BULLET = re.compile(r"^\s*(?:[•·▪]|[-+*–]\s+|[-+–](?=[A-ZÁÉÍÓÚÑ¿¡\"'“‘«])|\d+[)º]\s+|[a-z]\)\s+)")
MAX_FORMULA_CHARS = 110
MAX_ROW_WORDS = 14
MAX_LABEL_WORDS = 5
MAX_LABEL_ROW_WORDS = 18
MIN_TABLE_ROWS = 3


def is_formula(text: str) -> bool:
    line = text.strip()
    if not RELATION.search(line) or len(line) > MAX_FORMULA_CHARS or BULLET.match(text):
        return False
    # A sentence that happens to contain an equation ("En este ejemplo ... = 6 potencia)") is prose.
    return not re.search(r"[.!?]\s+\S", line) and len(line.split()) <= 16


def is_table_row(text: str) -> bool:
    """A garbled table line: short, or mostly numbers, symbols and one-letter codes."""
    words = text.split()
    if not words:
        return False
    if len(words) <= MAX_ROW_WORDS and not text.rstrip().endswith((".", ":")):
        return True
    codes = sum(1 for word in words if len(word) <= 2 or re.search(r"\d|%|–", word))
    return codes / len(words) >= 0.4


def _item_text(text: str) -> str:
    return BULLET.sub("", text, count=1).strip()


def build_blocks(lines: list[CleanLine]) -> tuple[Block, ...]:
    """Blocks of one section's own lines (flavour lines are handled by the splitter)."""
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        text = line.text.strip()
        if not text:
            index += 1
            continue
        if line.kind == "note":
            blocks.append(Block("note", text, line.first, line.last))
            index += 1
            continue
        if TABLE_CAPTION.match(text):
            index = _table(lines, index, blocks)
            continue
        run = _separator_run(lines, index) or _label_value_run(lines, index)
        if run:
            rows = [row for row in run if row.text.strip()]
            blocks.append(Block("table", "\n".join(row.text.strip() for row in rows), rows[0].first, rows[-1].last))
            index += len(run)
            continue
        if is_formula(text):
            blocks.append(Block("formula", text, line.first, line.last))
        elif _is_item(lines, index) or _listed(lines, index):
            item = _item_text(line.text) if BULLET.match(line.text) else _strip_number(text)
            if item:
                blocks.append(Block("item", item, line.first, line.last))
        elif blocks and blocks[-1].kind in ("paragraph", "item") and text[0].islower() and blocks[-1].last >= line.first - 1:
            previous = blocks[-1]
            blocks[-1] = Block(previous.kind, f"{previous.text} {text}", previous.first, line.last)
        else:
            blocks.append(Block("paragraph", text, line.first, line.last))
        index += 1
    return tuple(blocks)


def _is_item(lines: list[CleanLine], index: int) -> bool:
    """A clearly marked list line, or a line with a bare marker next to another marked line."""
    text = lines[index].text
    if CLEAR_BULLET.match(text):
        return True
    if not BULLET.match(text):
        return False
    return any(BULLET.match(lines[other].text) for other in _neighbours(lines, index))


def _neighbours(lines: list[CleanLine], index: int) -> list[int]:
    """The nearest non-blank text line on each side, across at most one blank line."""
    found = []
    for step in (-1, 1):
        other = index + step
        if 0 <= other < len(lines) and not lines[other].text.strip():
            other += step
        if 0 <= other < len(lines) and lines[other].kind == "text" and lines[other].text.strip():
            found.append(other)
    return found


def _strip_number(text: str) -> str:
    found = NUMBERED.match(text) or LETTERED.match(text)
    return found.group(2).strip() if found else text


def _listed(lines: list[CleanLine], index: int) -> bool:
    """'1. En la Tierra...' / 'a. ...' entries of a numbered or lettered list are items."""
    text = lines[index].text.strip()
    return bool(NUMBERED.match(text) or LETTERED.match(text))


def _table(lines: list[CleanLine], index: int, blocks: list[Block]) -> int:
    """A caption and the garbled rows after it, up to a blank line or the next prose sentence."""
    rows = [lines[index]]
    index += 1
    while (
        index < len(lines)
        and lines[index].kind == "text"
        and is_table_row(lines[index].text)
        and not TABLE_CAPTION.match(lines[index].text.strip())
    ):
        rows.append(lines[index])
        index += 1
    blocks.append(Block("table", "\n".join(row.text.strip() for row in rows), rows[0].first, rows[-1].last))
    return index


def _separator_run(lines: list[CleanLine], index: int) -> list[CleanLine]:
    """Three or more rows sharing a column separator ('->', ' - '), allowing one blank line after a header row."""
    def row(i: int) -> bool:
        if i >= len(lines) or lines[i].kind != "text":
            return False
        text = lines[i].text.strip()
        return bool(text) and not BULLET.match(lines[i].text) and bool(ROW_SEPARATOR.search(text)) and len(text.split()) <= 30

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
    return lines[index:end] if count >= 3 else []


def _label_value(text: str) -> tuple[str, str] | None:
    """A short 'label: value' line, split at its first colon; None for prose, bullets and quotes."""
    found = LABEL_VALUE.match(text.strip())
    if not found or BULLET.match(text) or text.lstrip()[:1] in "\"'“‘«(":
        return None
    label, value = found.group(1).strip(), found.group(2).strip()
    if len(label.split()) > MAX_LABEL_WORDS or len(text.split()) > MAX_LABEL_ROW_WORDS or SENTENCE_BREAK.search(value):
        return None
    return label, value


def _label_value_run(lines: list[CleanLine], index: int) -> list[CleanLine]:
    """MIN_TABLE_ROWS or more consecutive 'label: value' lines that share a pattern: a small table set as text.

    Sharing a pattern (the same first or last word in every label, or every value starting with a
    number: "Juego fácil: ... / Juego medio: ...", "En solitario: 3 puntos / Con otro jugador: 5 puntos")
    is what tells a table from a few unrelated notes that happen to start with a word and a colon.
    """
    rows: list[tuple[str, str]] = []
    end = index
    while end < len(lines) and lines[end].kind == "text" and (pair := _label_value(lines[end].text)):
        rows.append(pair)
        end += 1
    if len(rows) < MIN_TABLE_ROWS:
        return []
    labels = [label.lower().split() for label, _ in rows]
    shared = (
        len({words[0] for words in labels}) == 1
        or len({words[-1] for words in labels}) == 1
        or all(value[:1].isdigit() for _, value in rows)
    )
    return lines[index:end] if shared else []
