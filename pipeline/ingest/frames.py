"""A box framed in box-drawing characters in a plain text (an example set in a frame, as `pdftotext -layout` or
a terminal writes it): the frame goes and the text inside it stays, as a passage of its own.

A box opens with a top corner (`┌`, `╔`, `╭`) and closes with the bottom corner under it; its top and bottom
rules become blank lines (the passage set apart) and its sides (`│ … │`) come off each line. A box's title
(its first line, a few words with no full stop, over prose) becomes the label its text runs on from
("EJEMPLO DE TURNO" over "Irene tiene…" -> "Ejemplo de turno: Irene tiene…"): a box is set inside a
section, and a heading there would take the section's next rules under the box's name. A lone `│` or a rule
outside such a box is left alone: only a closed frame is a box.
"""

from __future__ import annotations

import re

from pipeline.structure.context import ends_mid_sentence
from pipeline.structure.heading import readable_title
from pipeline.structure.patterns import BULLET

TOP = re.compile(r"^(\s*)[┌╔╭][─═━┬╤┐╗╮\s]*$")
BOTTOM = re.compile(r"^(\s*)[└╚╰][─═━┴╧┘╝╯\s]*$")
RULE = re.compile(r"^\s*[├╠╟┝][─═━┼╪╫\s]*[┤╣╢┥]?\s*$")  # a rule across the box between two of its parts
SIDES = re.compile(r"^\s*[│║┃](.*?)[│║┃]?\s*$")
MAX_TITLE_WORDS = 6
TITLE_END = re.compile(r"[.;,!?]$")
TABLE_JOINTS = re.compile(r"[┬┼┴╤╪╧╦╬╩]")  # where a column's rule meets the frame: a table, not a box
INNER_SIDE = re.compile(r"[│║┃]")
MAX_BOX_LINES = 40  # a frame is a few lines: a corner with no bottom under it this near opens no box


def unframe(lines: list[str]) -> tuple[list[str], list[int]] | None:
    """(lines with each box's frame taken off, each one's index in `lines`), or None when no box is framed."""
    out = list(lines)
    changed = False
    for box in (frame for frame in framed(lines) if not _table(lines[frame.start : frame.stop])):
        for index in box:
            text = lines[index]
            if index in (box.start, box.stop - 1) or RULE.match(text):
                out[index] = ""
            elif sides := SIDES.match(text):
                out[index] = sides.group(1).strip()
        _title_as_label(out, box)
        changed = True
    return (out, list(range(len(lines)))) if changed else None


def _title_as_label(out: list[str], box: range) -> None:
    """The box's first line, when it is a title over prose, run into the next line as its label."""
    inner = [index for index in box if out[index]]
    if len(inner) < 2:
        return
    title, first = out[inner[0]], out[inner[1]]
    # over a line in lower case, or breaking off mid-phrase ('Si sacas un 6 puedes repetir' / 'la tirada…'), the
    # first line is the box's prose wrapped, no title
    if (
        len(title.split()) <= MAX_TITLE_WORDS and not TITLE_END.search(title) and not ends_mid_sentence(title)
        and not BULLET.match(first) and first[:1].isupper()
    ):
        out[inner[1]] = f"{readable_title(title)}: {first}"
        out[inner[0]] = ""


def framed(lines: list[str]) -> list[range]:
    """Each closed frame, a box or a table drawn in box characters: from its top corner's line (nothing but the
    rule on it) to the bottom corner's line under it, every line between on a side or a rule. The one place a
    frame is told (the columns' reader keeps a frame across the gutter whole)."""
    found = []
    for top, text in enumerate(lines):
        opened = TOP.match(text)
        if not opened:
            continue
        for bottom in range(top + 1, min(top + MAX_BOX_LINES, len(lines))):
            closed = BOTTOM.match(lines[bottom])
            if closed and closed.group(1) == opened.group(1):
                found.append(range(top, bottom + 1))
                break
            if not (SIDES.match(lines[bottom]) or RULE.match(lines[bottom])):
                break
    return found


def _table(frame: list[str]) -> bool:
    """A table drawn in box characters ('┌───┬───┐', '│ Mover │ 1 │'): its rules meet columns' rules, or its rows
    hold a side inside; unframed as a box, its cells would run together."""
    if any(TABLE_JOINTS.search(line) for line in frame):
        return True
    return any((sides := SIDES.match(line)) is not None and INNER_SIDE.search(sides.group(1)) for line in frame[1:-1])
