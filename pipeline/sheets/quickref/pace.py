"""Sections -> the same sections with every wall of prose broken into paragraphs at sentence ends.

A rulebook paragraph of thirty lines ("Armas calientes", "Sensores activos y pasivos") is where a player
loses their place: a column of 45 characters turns 1,300 characters into a wall. Such a paragraph is cut
at the sentence ends nearest to equal parts of about TARGET_CHARS, none shorter than MIN_PART_CHARS;
no word is added, dropped or moved, and glossary hits move with their text.
"""

from __future__ import annotations

import math
from dataclasses import replace

from pipeline.model import Block, Section
from pipeline.modelkinds import BlockKind
from pipeline.sheets.quickref.condense import sentences

WALL_CHARS = 640  # ~14 lines of a three-column sheet: longer is a wall
TARGET_CHARS = 430  # ~9 lines a part
MIN_PART_CHARS = 160


def paced(sections: list[Section]) -> list[Section]:
    """`sections` with their long paragraphs cut into parts (see the module's note)."""
    return [replace(section, blocks=tuple(part for block in section.blocks for part in _parts(block))) for section in sections]


def _parts(block: Block) -> list[Block]:
    text = block.text
    if block.kind != BlockKind.PARAGRAPH or len(text) <= WALL_CHARS:
        return [block]
    ends = [end for _, end in sentences(text)][:-1]  # where a part may end (never after the last sentence)
    count = math.ceil(len(text) / TARGET_CHARS)
    cuts: list[int] = []
    for part in range(1, count):
        goal = len(text) * part / count
        start = cuts[-1] if cuts else 0
        fitting = [end for end in ends if end - start >= MIN_PART_CHARS and len(text) - end >= MIN_PART_CHARS]
        if fitting:
            best = min(fitting, key=lambda end: abs(end - goal))
            if best > start:
                cuts.append(best)
    if not cuts:
        return [block]
    parts, start = [], 0
    for end in [*cuts, len(text)]:
        piece = text[start:end]
        lead = len(piece) - len(piece.lstrip())
        begin = start + lead
        inside = [hit for hit in block.terms if begin <= hit.start and hit.end <= end]
        terms = tuple(replace(hit, start=hit.start - begin, end=hit.end - begin) for hit in inside)
        parts.append(replace(block, text=text[begin:end], terms=terms))
        start = end
    return parts
