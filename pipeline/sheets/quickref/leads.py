"""A lead takes the fate of what it introduces: printed if anything of it is, left out if nothing is (condense's last step).

A lead is a block that only labels what follows (roles.is_label: "Ronda de resolución.", "En resumen:", set in
bold when printed) or a paragraph's last sentence ending in a colon ("…dependerán de tu nivel:"). What it introduces
is the next block, or the whole list when items follow. Roles and repeats judge the content, not the label: "En
resumen:" was printed alone over a summary left out as repeats, "Uso de la Especialización sin el Sistema de
Experiencia." over an introduction left out as explanation. A label is printed whenever anything it introduces is;
a colon sentence of a longer paragraph keeps its own role's verdict when its list is printed (the commentary "…es una
de las principales mecánicas y funciona así:" stays out) and goes with it when nothing of it is. A short label opening
a block of text is the same rule inside one block (condense._rule_spans); the short items of a list whose lead-in the
roles left out go with it (condense._without_orphans).
"""
from __future__ import annotations

from pipeline.learn.sentences import sentences
from pipeline.model import Section
from pipeline.modelkinds import BlockKind
from pipeline.sheets.roles import is_label


def leads_follow(section: Section, spans_per_block: list[list[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    """`spans_per_block` (the kept spans of each of the section's blocks) with each lead kept or left out as what it
    introduces is."""
    result = [list(spans) for spans in spans_per_block]
    blocks = section.blocks
    for number, block in enumerate(blocks[:-1]):
        if block.kind != BlockKind.PARAGRAPH:
            continue
        end = number + 2
        if blocks[number + 1].kind == BlockKind.ITEM:
            while end < len(blocks) and blocks[end].kind == BlockKind.ITEM:
                end += 1
        printed = any(result[number + 1 : end])
        if is_label(block, blocks[number - 1] if number else None, blocks[number + 1]):
            result[number] = [(0, len(block.text))] if printed else []
        elif not printed and (lead := _colon_lead(block.text)) is not None:
            result[number] = [span for span in result[number] if span[1] <= lead[0]]
    return result


def _colon_lead(text: str) -> tuple[int, int] | None:
    """The span of `text`'s last sentence when it ends in a colon ("…dependerán de tu nivel:")."""
    found = sentences(text)
    return found[-1] if found and text[found[-1][0] : found[-1][1]].rstrip().endswith(":") else None
