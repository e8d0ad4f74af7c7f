"""What a plain text's layout says of its headings' ranks: blank lines before some titles, indentation.

Titles set tight against the text above them nest under the titles that stand after a blank line.

A plain text copied from a web page often keeps its blank lines only before its main sections: "Sistema de
apuestas" after a blank line, then "Turno de apuestas" straight after a paragraph, then "Reglas de paso" the same.
Both kinds are sentence-case title lines, which the style ranking of split/__init__.py puts side by side; the blank
lines say which open a section and which a part of it. Only in a text that writes both kinds (a text with a blank
line before every title, or before none, says nothing by them). And a heading indented further than the last one of
its style at the margin ("PIEZAS NEGRAS" centred under "LAS PIEZAS:") is part of that one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from pipeline.modelkinds import HeadingStyle
from pipeline.structure import Heading

MIN_OF_EACH = 2  # titles after a blank line, and titles tight against the text above them


class _Entry(Protocol):  # split/__init__.py's _Entry: what this step reads and sets
    heading: Heading
    lines: list
    indent: int
    level: int
    parent: int | None


def nest_tight_titles(entries: Sequence[_Entry]) -> None:
    """Put every tight title under the loose title it follows at its own rank; levels follow their parents."""
    titles = [index for index, entry in enumerate(entries) if _plain_title(entry)]
    loose = {index for index in titles if _loose(entries, index)}
    if len(loose) < MIN_OF_EACH or len(titles) - len(loose) < MIN_OF_EACH:
        return
    moved: set[int] = set()
    for index in titles:
        if index in loose:
            continue
        above = _loose_sibling_before(entries, index, loose)
        if above is not None:
            entries[index].parent = above
            moved.add(index)
    _follow_levels(entries, moved)


INDENTED_STYLES = (HeadingStyle.CAPS, HeadingStyle.TITLE)


def nest_indented(entries: Sequence[_Entry]) -> None:
    """Put a caps or title heading under the last heading of its style before it that stands further left, when the
    two have the same parent; levels follow their parents."""
    moved: set[int] = set()
    for index, entry in enumerate(entries):
        if entry.heading.style not in INDENTED_STYLES or not entry.indent:
            continue
        same = (other for other in range(index - 1, -1, -1) if entries[other].heading.style == entry.heading.style)
        above = next((other for other in same if entries[other].indent < entry.indent), None)
        if above is not None and entries[above].parent == entry.parent:
            entry.parent = above
            moved.add(index)
    _follow_levels(entries, moved)


# "4. Juego", "5) Punto": a title's own number, and the mark after it (a dot and a parenthesis number two lists).
TITLE_NUMBER = re.compile(r"^\s*(\d{1,2})([.)])\s+\S")


def nest_numbered_runs(entries: Sequence[_Entry]) -> None:
    """Give a numbered title ("5. Punto") the parent of the title numbered one less ("4. Juego") when everything
    between the two lies inside that one: a caption or part of step 4 ("Orden de los juegos:") is no parent of
    step 5, whatever its style or blank lines made of it. Levels follow their parents."""
    moved: set[int] = set()
    for index, entry in enumerate(entries):
        number = TITLE_NUMBER.match(entry.heading.title)
        if number is None or int(number.group(1)) < 2:
            continue
        before = _previous_number(entries, index, int(number.group(1)) - 1, number.group(2))
        if before is not None and entry.parent != entries[before].parent:
            entry.parent = entries[before].parent
            entry.level = entries[before].level
            moved.add(index)
    _follow_levels(entries, moved)


def _previous_number(entries: Sequence[_Entry], index: int, wanted: int, mark: str) -> int | None:
    """The title numbered `wanted` (with the same mark) whose descendants are every entry between it and `index`."""
    for other in range(index - 1, -1, -1):
        number = TITLE_NUMBER.match(entries[other].heading.title)
        if number is not None and number.group(2) == mark and int(number.group(1)) == wanted:
            return other if all(_descends(entries, between, other) for between in range(other + 1, index)) else None
    return None


def _descends(entries: Sequence[_Entry], index: int, ancestor: int) -> bool:
    parent = entries[index].parent
    while parent is not None:
        if parent == ancestor:
            return True
        parent = entries[parent].parent
    return False


def _follow_levels(entries: Sequence[_Entry], moved: set[int]) -> None:
    for index, entry in enumerate(entries):
        if entry.parent is not None and (index in moved or entry.parent in moved):
            entry.level = entries[entry.parent].level + 1
            moved.add(index)


def _plain_title(entry: _Entry) -> bool:
    return entry.heading.style == HeadingStyle.TITLE and not entry.heading.minor and not entry.heading.card


def _loose(entries: Sequence[_Entry], index: int) -> bool:
    """A blank line stands between the title and whatever is above it (the text of the section before, or its
    heading), or nothing does: the text opens with it."""
    if index == 0:
        return True
    before = entries[index - 1].lines
    return bool(before) and not before[-1].text.strip()


def _loose_sibling_before(entries: Sequence[_Entry], index: int, loose: set[int]) -> int | None:
    """The nearest earlier title of the same parent that stands after a blank line, passing only tight titles of that
    parent and what is nested in them; None when a heading of another kind, or the parent itself, comes first."""
    parent = entries[index].parent
    for other in range(index - 1, -1, -1):
        if other == parent:
            return None
        if entries[other].parent != parent:
            continue  # inside an earlier sibling
        if not _plain_title(entries[other]):
            return None
        if other in loose:
            return other
    return None
