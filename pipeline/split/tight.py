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
