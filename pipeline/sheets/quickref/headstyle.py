"""Sections -> how a quick reference heads them: untitled top boxes, and one heading style per depth.

A top-level section whose title only repeats the sheet's title block (the rulebook's "Reglamento", a chapter
named as the sheet is, a box named after the game) prints its text without a heading; so does the sheet's first
section when its title holds the game's name among other words (a source's own title line: "Reglas completas del
mus", a banner "Juego de cartas mystic"), even over subsections, as nothing but the title block stands above them.
When such a box is the only top-level section, its subsections are the sheet's top level. And the sections of
one depth are headed in one style on a sheet: a run-in lead ("Fuerza. Solo necesitas...") or a heading line, as
most of them would be, so that siblings never look like a heading in one column and a paragraph's first words in
the next.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.model import Section
from pipeline.modelkinds import BlockKind
from pipeline.text import fold

# Titles that name the rulebook, not a part of it: the title block says as much.
GENERIC_TITLES = frozenset({"reglamento", "el reglamento", "reglas", "las reglas", "reglas del juego", "normas"})
# Where a sheet's title joins its parts ("Galaxy Defenders — resumen del turno").
TITLE_PARTS = re.compile(r"\s+[—–-]\s+")
# A first paragraph this short stays a line of its own: a run-in lead would hide that it is one.
SHORT_LINE_CHARS = 44
DEEPEST = 2  # depths below this print in its style


@dataclass(frozen=True)
class HeadingStyles:
    """The sheet's top level, the sections it prints without a heading, and the depths headed by run-in leads."""

    base_level: int
    untitled: frozenset[str] = frozenset()
    run_in_depths: frozenset[int] = frozenset()

    def depth(self, section: Section) -> int:
        return min(max(section.level - self.base_level, 0), DEEPEST)

    def runs_in(self, section: Section) -> bool:
        return self.depth(section) in self.run_in_depths


def repeats_the_title(title: str, sheet_titles: tuple[str, ...], *, opening: bool = False) -> bool:
    """Does a section's title say only what the sheet's title block says (or name the rulebook itself)?
    `opening`: the sheet's first section, which repeats it too when the title block's words are a run of its own."""
    folded = fold(title).strip(" .:")
    if folded in GENERIC_TITLES:
        return True
    parts = {fold(part).strip(" .:") for whole in sheet_titles for part in (whole, *TITLE_PARTS.split(whole))} - {""}
    if opening:
        return any(f" {part} " in f" {folded} " for part in parts)
    return folded in parts


def can_run_in(section: Section) -> bool:
    """Whether a section's first block can take its title as a run-in lead: a paragraph longer than a short line."""
    first = section.blocks[0] if section.blocks else None
    return first is not None and first.kind == BlockKind.PARAGRAPH and len(first.text) > SHORT_LINE_CHARS


def heading_styles(
    sections: list[Section], *, sheet_titles: tuple[str, ...], run_in: bool, tabled: frozenset[str] = frozenset()
) -> HeadingStyles:
    """How the sheet heads `sections` (in print order); `run_in`: the recipe lets subsections run in; `tabled`: the
    sections printed as the rows of a table, whose titles are its labels and choose no heading style."""
    base = min((section.level for section in sections), default=1)
    top = [section for section in sections if section.level == base]
    opening = sections[0] if sections else None
    generic = [section for section in top if repeats_the_title(section.title, sheet_titles, opening=section is opening)]
    if top and len(generic) == len(top) and any(section.level > base for section in sections):
        base += 1  # boxes holding the whole sheet: their subsections are the top level
        untitled = frozenset(section.id for section in generic)
    else:  # beside other top-level boxes, only the first or one with no subsections: a heading over some of a later
        # box would leave them orphans, under the box before it
        parents = {section.parent for section in sections}
        untitled = frozenset(section.id for section in generic if section.id not in parents or section is opening)
    untitled |= {section.id for section in sections if not section.title}  # a pointer to another sheet (elsewhere.py)
    styles = HeadingStyles(base_level=base, untitled=untitled)
    if not run_in:
        return styles
    votes: dict[int, list[bool]] = {}
    for section in sections:
        if section.id not in untitled | tabled and section.level > base and section.blocks:
            votes.setdefault(styles.depth(section), []).append(can_run_in(section))
    depths = frozenset(depth for depth, fits in votes.items() if 2 * sum(fits) >= len(fits))
    return HeadingStyles(base_level=base, untitled=untitled, run_in_depths=depths)
