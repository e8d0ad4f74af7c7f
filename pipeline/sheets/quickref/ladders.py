"""Sections -> the same sections with every ladder of numbers set as a table a player reads at a glance.

A ladder is a run of at least MIN_RUNGS sentences of one paragraph, each giving a range of numbers and what it is
worth ("de 0 a 9 puntos… 2 PE. De 10 a 19 puntos, 3 PE. Entre 20 y 29, 4 PE."), the ranges rising. Those sentences
become a two-column table, a row per range: the range ("0–9") and its value ("2"); the header names the range's
unit and the value's, as the sentences give them ("puntos" | "PE"). The rest of the paragraph stays, before and
after the table, with its glossary hits. The words of a rung around its numbers ("si has conseguido", "esto te
proporciona") are the only ones a sheet leaves out that are not whole sentences: the table says what they said.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pipeline.model import TABLE_CELL, Block, Section
from pipeline.modelkinds import BlockKind
from pipeline.sheets.quickref.condense import sentences

MIN_RUNGS = 3
# A range ("de 10 a 19", "entre 20 y 29", "Entre 20 a 29"); the words after it up to a comma, its unit ("puntos de
# misión,"); the sentence's last number and the word after it, closing the sentence: its value and unit ("3 PE.").
RANGE = re.compile(r"\b(?:de|entre)\s+(\d+)\s+(?:a|y|hasta)\s+(\d+)\b", re.IGNORECASE)
RANGE_UNIT = re.compile(r"\s*([^,.;:\d]*?)\s*,")
VALUE = re.compile(r"(?<![\d.,])(\d+)\s*(?P<unit>[^\W\d_]{1,12})?\s*[.;]?\s*$")
UNIT_WORDS = 4  # a range's unit is a short phrase; longer is the sentence going on
# The words a rung says besides its numbers and units ("Por tanto, si has conseguido … esto te proporciona"): more
# than this and the sentence says something the table would not: it is no rung.
OTHER_WORDS = 8

Rung = tuple[int, int, str, str, str]  # low, high, the range's unit, the value, the value's unit


def laddered(sections: list[Section]) -> list[Section]:
    """`sections` with each paragraph's ladder set as a table (see the module's note)."""
    return [replace(section, blocks=tuple(part for block in section.blocks for part in _parts(block))) for section in sections]


def _rung(sentence: str, units: tuple[str, ...] = ()) -> Rung | None:
    """What a sentence that is a rung says, else None; `units`: the range units other rungs give (one may follow
    this range without the comma that would mark it: "de 0 a 9 puntos de misión esto te proporciona 2 PE")."""
    found, value = RANGE.search(sentence), VALUE.search(sentence)
    if found is None or value is None or value.start() < found.end() or int(found.group(2)) < int(found.group(1)):
        return None
    unit = RANGE_UNIT.match(sentence, found.end())
    range_unit = unit.group(1) if unit and len(unit.group(1).split()) <= UNIT_WORDS else ""
    after = sentence[found.end() :].strip().lower()
    range_unit = range_unit or next((known for known in units if known and after.startswith(known.lower())), "")
    value_unit = value.group("unit") or ""
    other = len(re.findall(r"\w+", sentence[: found.start()] + " " + sentence[found.end() : value.start()]))
    if other - len(range_unit.split()) > OTHER_WORDS:
        return None
    return int(found.group(1)), int(found.group(2)), range_unit, value.group(1), value_unit


def _ladder(text: str) -> tuple[int, int, list[Rung]] | None:
    """(start, end, rungs) of the longest run of rising rungs among the sentences of `text`, if it has MIN_RUNGS."""
    best: tuple[int, int, list[Rung]] | None = None
    run: list[tuple[tuple[int, int], Rung]] = []

    def close() -> None:
        nonlocal best
        if len(run) >= MIN_RUNGS and (best is None or len(run) > len(best[2])):
            best = (run[0][0][0], run[-1][0][1], [rung for _, rung in run])

    spans = sentences(text)
    units = tuple(rung[2] for rung in (_rung(text[start:end]) for start, end in spans) if rung)
    for start, end in spans:
        rung = _rung(text[start:end], units)
        if rung is None or (run and rung[0] <= run[-1][1][1]):  # no rung, or a range that does not rise
            close()
            run = [((start, end), rung)] if rung else []
            continue
        run.append(((start, end), rung))
    close()
    return best


def _parts(block: Block) -> list[Block]:
    """A paragraph with a ladder as the paragraph before it, the table and the paragraph after it."""
    if block.kind != BlockKind.PARAGRAPH:
        return [block]
    ladder = _ladder(block.text)
    if ladder is None:
        return [block]
    start, end, rungs = ladder
    range_unit = next((rung[2] for rung in rungs if rung[2]), "")
    value_unit = max((rung[4] for rung in rungs), key=[rung[4] for rung in rungs].count)  # "2 coronas" over "1 corona"
    header = [[range_unit[:1].upper() + range_unit[1:], value_unit]] if range_unit or value_unit else []
    rows = header + [[f"{low}–{high}", value] for low, high, _, value, _ in rungs]
    table = Block(BlockKind.TABLE, "\n".join(TABLE_CELL.join(row) for row in rows), block.first, block.last, header=bool(header))
    before, after = _piece(block, 0, start), _piece(block, end, len(block.text))
    return [*before, table, *after]


def _piece(block: Block, start: int, end: int) -> list[Block]:
    """The paragraph text[start:end] (stripped) with the hits inside it, or nothing when it is blank."""
    text = block.text[start:end]
    lead = len(text) - len(text.lstrip())
    text = text.strip()
    if not text:
        return []
    offset = start + lead
    inside = [hit for hit in block.terms if hit.start >= offset and hit.end <= offset + len(text)]
    hits = tuple(replace(hit, start=hit.start - offset, end=hit.end - offset) for hit in inside)
    return [replace(block, text=text, terms=hits)]
