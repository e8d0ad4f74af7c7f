"""A section's cleaned lines -> blocks: paragraph, item, table, formula, note.

Each non-blank line is its own paragraph (the cleaner has already joined lines broken mid-sentence);
a line that still starts in lower case continues the block before it.
"""
from __future__ import annotations

import re

from .headings import BULLET, LETTERED, NUMBERED, TABLE_CAPTION
from .model import Block, CleanLine

# "Potencia requerida = masa x dificultad", "dado ≤ nivel de radiación × años": a relation between terms.
RELATION = re.compile(r"(?<![-<>=])(=|≤|≥|<=|>=)(?![>=])")
# Rows of a plain-text table: "Cohete Juno -> Usar cohetes Juno", "Cohetes - Cohete defectuoso - Nave destruída".
ROW_SEPARATOR = re.compile(r"\S\s*(?:->|→)\s*\S|\S\s+[-–]\s+\S")
MAX_FORMULA_CHARS = 110
MAX_ROW_WORDS = 14


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
        run = _separator_run(lines, index)
        if run:
            rows = [row for row in run if row.text.strip()]
            blocks.append(Block("table", "\n".join(row.text.strip() for row in rows), rows[0].first, rows[-1].last))
            index += len(run)
            continue
        if is_formula(text):
            blocks.append(Block("formula", text, line.first, line.last))
        elif BULLET.match(line.text) or _listed(lines, index):
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
    while index < len(lines) and lines[index].kind == "text" and is_table_row(lines[index].text) and not TABLE_CAPTION.match(lines[index].text.strip()):
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
