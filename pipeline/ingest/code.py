"""Code and drawings among the rules: a fenced block, a <pre>, that a program or a diagram tool wrote.

A block is code when its fence names a language (```mermaid, ```js), when its characters are more marks
than words (programs and ASCII diagrams are full of braces, operators and frames, sentences are not), or
when it sets places out in padded columns that do not line up as a table's do (a board's layout). Such a
block never reaches a sheet (the readers drop it, reported as a code block); a fence around plain sentences
(an example set apart, a quoted rule) stays text. In a plain text, a drawing has no fence: a run of framed
lines shaped as a drawn box (`drawings`) goes too.
"""
from __future__ import annotations

import re

from pipeline.structure.patterns import LEAD_IN
from pipeline.model import CleaningRecord
from pipeline.modelkinds import CleaningAction

MARKS = frozenset("{}()[];=<>$#|/\\*+_~`@&%^")
MARK_SHARE = 0.12  # prose has 2-5 % of these characters; code and diagrams 15-40 %
# Lines that only code opens: a keyword and its punctuation, a diagram tool's first word, a shell prompt.
CODE_LINE = re.compile(
    r"^\s*(?:(?:const|let|var|function|def|class|import|from|return|print|echo|if|for|while)\b.*[(){}:=;]"
    r"|#include\b|(?:graph|flowchart|sequenceDiagram|classDiagram|stateDiagram|gantt|pie)\b|[$>]\s+\S|//|/\*|<\?)"
)
PROSE_INFO = frozenset(("", "text", "txt", "plain", "plaintext", "markdown", "md"))
DIAGRAM_INFO = frozenset(("mermaid", "dot", "graphviz", "plantuml", "ditaa", "svgbob", "ascii", "asciiart"))


def figure_or_code(lines: list[str], *, info: str = "") -> str:
    """What a code block shows a reader, in the sheet's words: 'código' (a program) or 'figura' (a diagram or a
    drawing), for the lead-in that announces it (`Converted.mark_lead_in`)."""
    language = info.strip().split(" ")[0].lower()
    if language in DIAGRAM_INFO:
        return "figura"
    if language not in PROSE_INFO:
        return "código"
    return "código" if any(CODE_LINE.match(line) for line in lines) else "figura"


def is_code(lines: list[str], *, info: str = "") -> bool:
    """Whether a block of lines is code or a drawing, not sentences (`info`: a Markdown fence's language)."""
    if info.strip().split(" ")[0].lower() not in PROSE_INFO:
        return True
    visible = [char for line in lines for char in line if not char.isspace()]
    if not visible:
        return False
    if sum(char in MARKS for char in visible) / len(visible) > MARK_SHARE or _laid_out(lines):
        return True
    return sum(1 for line in lines if CODE_LINE.match(line)) * 3 >= max(1, len([line for line in lines if line.strip()]))


def _laid_out(lines: list[str]) -> bool:
    """Places of a board set out in padded columns ("Castillo   |   Descarte   |   Mazo" over "Jugador   |   |
    Oponente"): rows of cells that do not line up (four over three), as no table's rows are."""
    rows = [line.strip().strip("|") for line in lines if line.strip()]
    return (
        len(rows) >= 2 and all("|" in row for row in rows) and len({row.count("|") for row in rows}) > 1
        and any(PADDING.search(row) for row in rows)
    )


# A drawing in a plain text: lines that open and close on a frame's character ("[=====]", "|Zombi   5|"),
# among them a frame ruled with "=" (a pipe table's separator is "|---|"), an empty row (the blank face of a
# card: no table has a row of empty cells only) and mostly rows padded with runs of spaces, as boxes are drawn.
FRAMED = re.compile(r"^\s*[\[|+].*[\]|+]\s*$")
RULED_FRAME = re.compile(r"^[\s\[\]|+=-]*={4,}[\s\[\]|+=-]*$")
EMPTY_ROW = re.compile(r"^[\s|]*\| {4,}\|[\s|]*$")
PADDING = re.compile(r"\S {6,}\S| {6,}\|")
MIN_DRAWING_LINES = 4


def drawings(lines: list[str]) -> list[range]:
    """The runs of lines of a plain text that draw a picture (an ASCII card or board), not a table: framed
    lines, among them a ruled frame and an empty row, most padded with spaces, more marks than words (is_code)."""
    found, start = [], None
    for index, text in enumerate([*lines, ""]):
        if FRAMED.match(text):
            start = index if start is None else start
            continue
        if start is not None and index - start >= MIN_DRAWING_LINES:
            run = lines[start:index]
            shaped = any(RULED_FRAME.match(line) for line in run) and any(EMPTY_ROW.match(line) for line in run)
            if shaped and sum(1 for line in run if PADDING.search(line)) * 2 >= len(run) and is_code(run):
                found.append(range(start, index))
        start = None
    return found


def drop_drawings(texts: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    """The indices of the lines of `drawings`, each reported (a plain text's repairs, artefacts.py)."""
    found = {index for run in drawings(texts) for index in run}
    for index in sorted(found):
        records[index + 1] = CleaningRecord(
            index + 1, CleaningAction.DROP, "a drawing (ASCII art of a card or board), not text", texts[index]
        )
    return found


def lead_ins(texts: list[str], drawn: set[int], dropped: set[int]) -> list[int]:
    """The indices of the lines that announce a drawing of `drawn` ("Las cartas siguen este patrón:"): the last
    line with text before it, when it ends with a colon."""
    found = []
    for start in sorted(index for index in drawn if index - 1 not in drawn):
        before = next((index for index in range(start - 1, -1, -1) if texts[index].strip() and index not in dropped), None)
        if before is not None and LEAD_IN.search(texts[before]):
            found.append(before)
    return found
