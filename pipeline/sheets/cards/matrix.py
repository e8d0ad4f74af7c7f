"""A group of cards -> one card holding a table: one row per card (its name, its text, its levels).

A die's faces ("Impacto: sin efecto en defensa") or the damage of every ship system ("Alojamiento:
Aturdimiento ... Herida ... Mortal ... Crítico ...") are looked up by comparing rows, not by reading
panels: the recipe asks for it with a group's `table`. A card's `label | value` table (the splitter's
damage levels) fills one column per label, in the order the labels first appear; its other text fills
the text column. No word is dropped: a card without levels leaves those cells empty.
"""
from __future__ import annotations

from pipeline.model import TABLE_CELL
from pipeline.sheets.cards.select import Card, PanelBlock

NAME_SEPARATOR = " · "


def table_card(cards: list[Card], *, key: str, title: str, group: str, tone: str, columns: tuple[str, str]) -> Card:
    """One card whose only block is the table of `cards`; `columns` name the name and text columns."""
    labels: list[str] = []
    for card in cards:
        for block in card.blocks:
            if _levels(block):
                labels.extend(row[0] for row in block.rows() if row[0] not in labels)
    rows = []
    for card in cards:
        levels = {row[0]: row[1] for block in card.blocks if _levels(block) for row in block.rows()}
        text = " ".join(_plain(block) for block in card.blocks if not _levels(block) and block.kind != "heading")
        name = card.title + (f"{NAME_SEPARATOR}{card.title_en}" if card.title_en else "")
        rows.append([name, text, *(levels.get(label, "") for label in labels)])
    if not any(row[1] for row in rows):  # nothing but levels: no empty text column
        rows = [[row[0], *row[2:]] for row in rows]
        header = [columns[0], *labels]
    else:
        header = [columns[0], columns[1], *labels]
    text = "\n".join(TABLE_CELL.join(cell.replace(TABLE_CELL, " ").replace("\n", " ") for cell in row) for row in [header, *rows])
    first = min((card.first for card in cards), default=0)
    last = max((card.last for card in cards), default=0)
    return Card(key=key, title=title, title_en="", group=group, tone=tone, blocks=(PanelBlock("table", text, first, last, header=True),), first=first, last=last)


def _levels(block: PanelBlock) -> bool:
    """A two-column label table without a header: the levels of one entry (Aturdimiento | Sin efecto)."""
    return block.kind == "table" and not block.header and all(len(row) == 2 for row in block.rows())


def _plain(block: PanelBlock) -> str:
    if block.kind == "table":
        return "; ".join(": ".join(cell for cell in row if cell) for row in block.rows())
    return f"• {block.text}" if block.kind == "item" else block.text
