"""A section's cleaned lines -> blocks: paragraph, item, table, table-ref, formula, note.

Each non-blank line is its own paragraph (the cleaner has already joined lines broken mid-sentence);
a line that still starts in lower case continues the block before it. Structure the text shows by its
lines becomes structure here: marked and numbered lines are items (keeping "1."/"a." as markers),
short lines after an introducing colon are a list, rows sharing a separator or a "label: value" pattern
are a table of cells, a numbered table whose cells the text lost is a `table-ref` (the tables: tables.py), a web
table pasted with its cells run together on one line is cut back into cells (runon.py).
Structure hidden inside one run-on paragraph is recovered by `inline.restructure`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pipeline.model import Block, BlockKind, CleanLine, LineKind, Section
from pipeline.split.inline import restructure
from pipeline.split.runon import run_together_cells
from pipeline.split.steps import colon_numbered
from pipeline.split.tables import SENTENCE_BREAK, caption_table, label_value_tables, separator_run, table_block, table_cells
from pipeline.structure.patterns import BULLET, LETTERED, NUMBERED, PAREN_NUMBERED, RELATION, ROMAN_ITEM, TABLE_CAPTION

# Markers that open a list item on their own: a bullet glyph, a marker and a space, "1)" / "a)", or a
# dash or plus stuck to a capital ("-Patear", "+Amenazas"). A marker stuck to anything else ("-3 a la
# tirada", "*solo en la variante", "+1") is an item only inside a run of marked lines (_marked_run).
CLEAR_BULLET = re.compile(r"^\s*(?:[•·▪]|[-+*–]\s+|[-+–](?=[A-ZÁÉÍÓÚÑ¿¡\"'“‘«])|\d+[)º]\s+|[a-z]\)\s+)")
MAX_FORMULA_CHARS = 110
# A list line is short: one clause a player reads at a glance ("Explorar.", "No quedan misiones para completar").
MAX_LIST_WORDS = 16
# Short lines in a row of at least this many are a list even without an introducing colon ("En tu turno").
SHORT_LIST_CHARS = 44
SHORT_RUN = 4


def is_formula(text: str) -> bool:
    line = text.strip()
    if not RELATION.search(line) or len(line) > MAX_FORMULA_CHARS or BULLET.match(text):
        return False
    # A sentence that happens to contain an equation ("En este ejemplo ... = 6 potencia)") is prose.
    if re.search(r"[.!?]\s+\S", line) or len(line.split()) > 16:
        return False
    # "3 + 2 = 5 puntos" works an example out; a formula relates terms ("Potencia requerida = masa x dificultad").
    left = RELATION.split(line, maxsplit=1)[0]
    return not (re.search(r"\d", left) and not re.search(r"[^\W\d_]{3,}", left))


def _item_text(text: str) -> str:
    return BULLET.sub("", text, count=1).strip()


def build_blocks(lines: list[CleanLine]) -> tuple[Block, ...]:
    """Blocks of one section's own lines (flavour lines are handled by the splitter)."""
    blocks: list[Block] = []
    tables = label_value_tables(lines)
    index = 0
    while index < len(lines):
        line = lines[index]
        text = line.text.strip()
        if not text:
            index += 1
            continue
        if line.kind == LineKind.NOTE:
            blocks.append(Block(BlockKind.NOTE, text, line.first, line.last))
            index += 1
            continue
        if TABLE_CAPTION.match(text):
            index = caption_table(lines, index, blocks)
            continue
        run = separator_run(lines, index) or (lines[index : tables[index]] if index in tables else [])
        if run:
            rows = [row for row in run if row.text.strip()]
            cells = table_cells([row.text for row in rows]) or [[row.text.strip()] for row in rows]
            blocks.append(table_block(cells, rows[0].first, rows[-1].last))
            index += len(run)
            continue
        counted = colon_numbered(lines, index)
        if counted:
            blocks.extend(Block(BlockKind.ITEM, found[2].strip(), line.first, line.last, marker=found[1]) for line, found in counted)
            index = lines.index(counted[-1][0]) + 1
            continue
        labelled = _labelled_list(lines, index)
        if labelled:
            blocks.append(Block(BlockKind.PARAGRAPH, text, line.first, line.last))
            blocks.extend(Block(BlockKind.ITEM, item.text.strip(), item.first, item.last) for item in labelled)
            index = lines.index(labelled[-1]) + 1
            continue
        listed = _short_list(lines, index, blocks)
        if listed:
            depth = blocks[-1].depth + 1 if blocks and blocks[-1].kind == BlockKind.ITEM and blocks[-1].text.rstrip().endswith(":") else 0
            blocks.extend(Block(BlockKind.ITEM, item.text.strip(), item.first, item.last, depth=depth) for item in listed)
            index = lines.index(listed[-1]) + 1
            continue
        glued = run_together_cells(text) if line.kind == LineKind.TEXT else []
        if glued:
            blocks.append(table_block(glued, line.first, line.last, header=True))
        else:
            _line_block(lines, index, blocks)
        index += 1
    return restructure(tuple(blocks))


def _line_block(lines: list[CleanLine], index: int, blocks: list[Block]) -> None:
    """One line as a formula, an item (with its marker), a continuation of the block before, or a paragraph."""
    line = lines[index]
    text = line.text.strip()
    if is_formula(text):
        blocks.append(Block(BlockKind.FORMULA, text, line.first, line.last))
    elif _is_item(lines, index) or _listed(lines, index):
        marker, depth = _marker(text, blocks)
        item = _item_text(line.text) if BULLET.match(line.text) else _strip_number(text)
        if item:
            blocks.append(Block(BlockKind.ITEM, item, line.first, line.last, marker=marker, depth=depth))
    elif blocks and blocks[-1].kind in (BlockKind.PARAGRAPH, BlockKind.ITEM) and text[0].islower() and blocks[-1].last >= line.first - 1:
        previous = blocks[-1]
        blocks[-1] = Block(
            previous.kind, f"{previous.text} {text}", previous.first, line.last, marker=previous.marker, depth=previous.depth
        )
    else:
        blocks.append(Block(BlockKind.PARAGRAPH, text, line.first, line.last))


def _marker(text: str, blocks: list[Block]) -> tuple[str, int]:
    """('3', 0) for '3. Fase...' or '3) Fase...' (how the readers write an ordered list's items), ('b', 1) for
    'b. ...' after a numbered item, ('', 0) for a bullet."""
    numbered, lettered = NUMBERED.match(text) or PAREN_NUMBERED.match(text), LETTERED.match(text) or ROMAN_ITEM.match(text)
    if numbered:
        return numbered.group(1), 0
    if lettered:
        under_number = any(block.kind == BlockKind.ITEM and block.marker[:1].isdigit() for block in blocks[-8:])
        return lettered.group(1), 1 if under_number else 0
    return "", 0


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
        if 0 <= other < len(lines) and lines[other].kind == LineKind.TEXT and lines[other].text.strip():
            found.append(other)
    return found


def _strip_number(text: str) -> str:
    found = NUMBERED.match(text) or LETTERED.match(text) or ROMAN_ITEM.match(text)
    return found.group(2).strip() if found else text


def _listed(lines: list[CleanLine], index: int) -> bool:
    """'1. En la Tierra...' / 'a. ...' / 'ii-Atacar...' entries of a numbered, lettered or roman-numbered list are items."""
    text = lines[index].text.strip()
    return bool(NUMBERED.match(text) or LETTERED.match(text) or ROMAN_ITEM.match(text))


def _is_list_line(line: CleanLine, *, max_words: int = MAX_LIST_WORDS, one_clause: bool = True) -> bool:
    """A short plain line of one clause: what a list entry looks like once its marker was lost."""
    text = line.text.strip()
    return (
        line.kind == LineKind.TEXT
        and bool(text)
        and not BULLET.match(line.text)
        and not NUMBERED.match(text)
        and not LETTERED.match(text)
        and not ROMAN_ITEM.match(text)
        and not text.endswith(":")
        and len(text.split()) <= max_words
        and not (one_clause and SENTENCE_BREAK.search(text))
        and not TABLE_CAPTION.match(text)
        and not is_formula(text)
    )


MAX_LIST_LABEL_WORDS = 4
LABELLED_ENTRY_CHARS = 60  # "Hojas de registro de experiencia para el explorador"


def _labelled_list(lines: list[CleanLine], index: int) -> list[CleanLine]:
    """The entries under a short label line of a list set as its own paragraph: "Especialización." over
    "20 cartas de acción especial" / "2 Tokens de teleportación" (a box's contents per expansion), with a
    blank line before the label and after the entries and none between. An entry is a short list line that
    ends without a full stop or opens with a count, so sentences under a one-word sentence stay prose."""
    text = lines[index].text.strip()
    if (
        not text.endswith((".", ":"))
        or len(text.split()) > MAX_LIST_LABEL_WORDS
        or not text[:1].isupper()
        or (index and lines[index - 1].text.strip())
        or lines[index].kind != LineKind.TEXT
        or (index + 1 < len(lines) and (separator_run(lines, index + 1) or colon_numbered(lines, index + 1)))  # a table, numbered steps
    ):
        return []
    run: list[CleanLine] = []
    for line in lines[index + 1 :]:
        entry = line.text.strip()
        if not entry:
            break
        if not _is_list_line(line) or len(entry) > LABELLED_ENTRY_CHARS or (entry.endswith(".") and not entry[:1].isdigit()):
            return []
        run.append(line)
    return run


def _short_list(lines: list[CleanLine], index: int, blocks: list[Block]) -> list[CleanLine]:
    """Unmarked list entries: two or more short lines after a paragraph ending in ':' ("ocurre una de
    estas cosas:" / "Nuevas amenazas:"), the lines after an item ending in ':' (its sub-items: "Buscar.
    Tira 1DR:" / "“Energía”: ..."), or SHORT_RUN short lines in a row. A blank line ends the list."""
    last = blocks[-1] if blocks else None
    introduced = last is not None and last.kind in (BlockKind.PARAGRAPH, BlockKind.ITEM) and last.text.rstrip().endswith(":")
    under_item = introduced and last is not None and last.kind == BlockKind.ITEM
    run: list[CleanLine] = []
    for line in lines[index:]:
        if under_item:
            fits = _is_list_line(line, max_words=2 * MAX_LIST_WORDS, one_clause=False)
        else:
            fits = _is_list_line(line) and (introduced or len(line.text.strip()) <= SHORT_LIST_CHARS)
        if not fits:
            break
        run.append(line)
    if under_item and run or introduced and len(run) >= 2 or len(run) >= SHORT_RUN:
        return run
    return []


def with_leads(sections: list[Section], leads: dict[str, str]) -> list[Section]:
    """Each list item whose markup opened it with a bold lead ("1. **Robar.** Roba dos cartas") carries that lead
    (an item's text keeps its words only, so the lead is found by the item's text; a correction that rewrote the
    item leaves it plain)."""
    if not leads:
        return sections
    return [
        replace(section, blocks=tuple(
            replace(block, lead=leads[block.text]) if block.kind == BlockKind.ITEM and block.text in leads else block
            for block in section.blocks
        ))
        for section in sections
    ]
