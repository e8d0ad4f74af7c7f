"""Sections -> the same sections with every "(VER: Combate)" pointing at a heading the sheet prints, with its page.

A cross-reference a player cannot follow costs them the time they spend looking: one that names a section the
sheet does not print (left out, or on no sheet) is dropped (the parenthesis and the space before it; the sentence
stays), and on a sheet of several pages one that names a printed heading says the page it is on:
"(VER: Combate, p. 2)". Only parenthesised references with a named target count (condense.py's patterns); the
sheet's own words never change otherwise. Glossary hits move with their text.
"""

from __future__ import annotations

from dataclasses import replace

from pipeline.model import Block, Section, TermHit
from pipeline.modelkinds import BlockKind
from pipeline.sheets.quickref.condense import CROSS_REFERENCE, CROSS_REFERENCE_TARGET
from pipeline.text import fold

REFERRING = (BlockKind.PARAGRAPH, BlockKind.ITEM, BlockKind.NOTE)


def titles_of(sections: list[Section]) -> dict[str, str]:
    """Folded title -> section id of the printed sections (the first one where two share a title)."""
    found: dict[str, str] = {}
    for section in sections:
        if section.title.strip():
            found.setdefault(fold(section.title), section.id)
    return found


def referenced(sections: list[Section], *, pages: dict[str, int] | None = None) -> list[Section]:
    """`sections` with references to nothing printed dropped and, when `pages` (section id -> page) is given, the page
    of each printed target added before the closing parenthesis."""
    titles = titles_of(sections)
    return [replace(section, blocks=tuple(_block(block, titles, pages) for block in section.blocks)) for section in sections]


def _block(block: Block, titles: dict[str, str], pages: dict[str, int] | None) -> Block:
    if block.kind not in REFERRING or "(" not in block.text:
        return block
    edits: list[tuple[int, int, str]] = []
    for match in CROSS_REFERENCE.finditer(block.text):
        target = CROSS_REFERENCE_TARGET.match(match.group(0))
        if target is None or not match.group(0).lstrip().startswith("("):
            continue  # "como se explica más adelante" names nothing a player could look up
        section_id = titles.get(fold(target.group("target")))
        if section_id is None:
            edits.append((match.start(), match.end(), ""))
        elif pages and section_id in pages:
            closing = match.end() - 1  # the ")"
            edits.append((closing, closing, f", p.\u00a0{pages[section_id]}"))
    return _edited(block, edits) if edits else block


def _edited(block: Block, edits: list[tuple[int, int, str]]) -> Block:
    """`block` with each (start, end, replacement) applied (in order, not overlapping); hits inside a cut go with it."""
    text: list[str] = []
    terms: list[TermHit] = []
    shift = cursor = 0
    hits = sorted(block.terms, key=lambda hit: hit.start)
    for start, end, new in edits:
        text.append(block.text[cursor:start] + new)
        terms.extend(_moved(hit, shift) for hit in hits if cursor <= hit.start and hit.end <= start)
        shift += len(new) - (end - start)
        cursor = end
    text.append(block.text[cursor:])
    terms.extend(_moved(hit, shift) for hit in hits if hit.start >= cursor)
    return replace(block, text="".join(text), terms=tuple(terms))


def _moved(hit: TermHit, shift: int) -> TermHit:
    return replace(hit, start=hit.start + shift, end=hit.end + shift)
