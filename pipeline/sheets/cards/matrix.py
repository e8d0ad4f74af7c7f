"""A group of cards -> the text of one table: one row per card (its name, its text, its levels).

A die's faces ("Impacto: sin efecto en defensa") or the damage of every ship system ("Alojamiento:
Aturdimiento ... Herida ... Mortal ... Crítico ...") are looked up by comparing rows, not by reading
panels: the recipe asks for it with a group's `table`. A card's `label | value` table (the splitter's
damage levels) fills one column per label, in the order the labels first appear; its name and other
text are one row across the table above them (an entry row). No word is dropped: a card without levels
leaves those cells empty. (Cards and their
blocks are read by their fields only, so this module needs nothing from select.py, which calls it.)
"""

from __future__ import annotations

from pipeline.model import TABLE_CELL, Block
from pipeline.modelkinds import BlockKind, PanelKind
from pipeline.sheets.flowables import RUN_IN

NAME_SEPARATOR = " · "


def table_text(cards: list, *, columns: tuple[str, ...]) -> str:
    """The rows of `cards` (select.Card) as table text, a header row first; `columns` name the name and text
    columns (the recipe's `table:`, two headings)."""
    labels: list[str] = []
    for card in cards:
        for block in card.blocks:
            if _levels(block):
                labels.extend(row[0] for row in _rows(block) if row[0] not in labels)
    rows = []
    for card in cards:
        levels = {row[0]: row[1] for block in card.blocks if _levels(block) for row in _rows(block)}
        text = " ".join(_plain(block) for block in card.blocks if not _levels(block) and block.kind != PanelKind.HEADING)
        name = card.title + (f"{NAME_SEPARATOR}{card.title_en}" if card.title_en else "")
        values = [levels.get(label, "") for label in labels]
        if labels:
            # The entry's name and own text on a row across the table (an entry row: flowables.RUN_IN), its
            # levels on the row under it: the levels get the page's width instead of sharing it with a
            # column of names and one of prose.
            values, notes = _overflow(values)
            rows += [[f"{name}{RUN_IN}{text}"] * len(labels)] + ([values] if any(values) else [])
            rows += [[f"{RUN_IN}{note}"] * len(labels) for note in notes]
        else:
            rows.append([name, text])
    header = labels if labels else [columns[0], columns[1]]
    return "\n".join(TABLE_CELL.join(cell.replace(TABLE_CELL, " ").replace("\n", " ") for cell in row) for row in [header, *rows])


# A level's cell this long, and more than OVERFLOW_RATIO times the next longest of its row, holds more than the
# level's effect: Alternity's Defensas "Crítico" was "El sistema está destruido." and then twenty lines on
# shield generators, a column of one cell beside three short ones. Its first sentence (the effect) stays in
# the cell; the rest is a row across the table under the levels, with no label: it goes on about the entry
# (shield generators, whatever their damage), and a "Crítico" label made it read as a fifth level.
OVERFLOW_CHARS = 450
OVERFLOW_RATIO = 2.0


def _overflow(values: list[str]) -> tuple[list[str], list[str]]:
    """`values` with each overlong cell cut after its first sentence, and the rest of each cut."""
    from pipeline.sheets.quickref.condense import sentences

    kept, notes = list(values), list[str]()
    for index, value in enumerate(values):
        others = sorted((len(other) for position, other in enumerate(values) if position != index), reverse=True)
        room = others[0] if others else 0
        if len(value) < OVERFLOW_CHARS or len(value) <= OVERFLOW_RATIO * room:
            continue
        spans = sentences(value)
        cut = spans[0][1] if spans else len(value)
        if value[cut:].strip():
            kept[index], notes = value[:cut].strip(), [*notes, value[cut:].strip()]
    return kept, notes


def _levels(block) -> bool:
    """A two-column label table without a header: the levels of one entry (Aturdimiento | Sin efecto)."""
    return block.kind == BlockKind.TABLE and not block.header and all(len(row) == 2 for row in _rows(block))


def _rows(block) -> list[list[str]]:
    return Block(block.kind, block.text, block.first, block.last).rows()


def _plain(block) -> str:
    if block.kind == BlockKind.TABLE:
        return "; ".join(": ".join(cell for cell in row if cell) for row in _rows(block))
    return f"• {block.text}" if block.kind == BlockKind.ITEM else block.text
