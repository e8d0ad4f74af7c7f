"""A two-column page as `pdftotext -layout` writes it (both columns side by side on every line) read as the page
is read: its left column, then its right, so sentences and words hyphenated at a column's edge join up again.

A page (text between form feeds) has columns when several lines hold text on both sides of one gutter (a
run of spaces at the same place); the columns run over the lines around those, up to two blank lines in a
row (a running title or footer set apart). A line whose text crosses the gutter is the page's full width (a
title over both columns): the columns read so far are written before it, and so is a box framed in box-drawing
characters across the gutter (an example set in a frame: its padding is no gutter). A right column's line set in
further than the column keeps that indent, as the left column's do (a numbered step's hanging lines).
Text with no such page is untouched.
"""

from __future__ import annotations

import re
from collections import Counter

from pipeline.ingest.frames import framed

GUTTER = re.compile(r"\S( {3,})(?=\S)")  # at least three spaces between the columns
MIN_SIDE_BY_SIDE = 4  # lines of a page with text in both columns
MIN_WORDS = 2  # on each side, for a line to show the columns ("Reglamento      3" is a footer and its page number)
MIN_COLUMN = 20  # characters of a left column's line: "Número de jugadores     de 2 a 4" is a table row
MIN_SHARE = 0.3  # of a page's lines with text in both columns: a table's rows inside prose are no columns
JITTER = 2  # the right column's lines may start this many characters apart
SET_APART = 2  # blank lines in a row that end the columns (a footer below them)
SENTENCE_END = re.compile(r"[.:;!?)»\"]\s*$")
RUN_ON = re.compile(r"^\s*[a-záéíóúñü]")


def split_columns(lines: list[str]) -> tuple[list[str], list[int]] | None:
    """(lines read column by column, each one's index in `lines`), or None when no page has two columns."""
    out: list[str] = []
    source: list[int] = []
    changed = False
    for page in _pages(lines):
        texts = [lines[index].replace("\f", "") for index in page]
        boxes = framed(texts)
        start = _right_column([text for i, text in enumerate(texts) if not any(i in box for box in boxes)])
        if start is None:
            out.extend(texts)
            source.extend(page)
            continue
        changed = True
        first, last = _span(texts, start)
        out.extend(texts[:first])
        source.extend(page[:first])
        left: list[tuple[str, int]] = []
        right: list[tuple[str, int]] = []
        across = {i for box in boxes if _crosses(texts[box.start], start) for i in box}
        for position, (text, index) in enumerate(zip(texts[first : last + 1], page[first : last + 1]), start=first):
            if position in across or (len(text) > start and text[start - 1] != " " and text[start - 1 : start + 1].strip()):
                _flush(left, right, out, source)  # a line across the gutter: the page's full width
                out.append(text.strip())
                source.append(index)
                continue
            left.append((text[:start].rstrip(), index))
            right.append((text[start:].rstrip(), index))
        _flush(left, right, out, source)
        out.extend(texts[last + 1 :])
        source.extend(page[last + 1 :])
    return (out, source) if changed else None


def _pages(lines: list[str]) -> list[list[int]]:
    pages: list[list[int]] = [[]]
    for index, text in enumerate(lines):
        if "\f" in text and pages[-1]:
            pages.append([])
        pages[-1].append(index)
    return pages


def _crosses(text: str, start: int) -> bool:
    """Whether a box's top line spans the gutter: the box is across the page, not inside a column."""
    return len(text) - len(text.lstrip()) < start - 1 and len(text.rstrip()) > start


def _right_column(texts: list[str]) -> int | None:
    """Where the right column starts on this page, or None when the page has one column."""
    starts = []
    for text in texts:
        for gap in GUTTER.finditer(text):
            left, right = text[: gap.start(1)], text[gap.end(1) :]
            if len(left.split()) >= MIN_WORDS and len(right.split()) >= MIN_WORDS and len(left.strip()) >= MIN_COLUMN:
                starts.append(gap.end(1))
    lines = sum(1 for text in texts if text.strip())
    if len(starts) < MIN_SIDE_BY_SIDE or len(starts) < MIN_SHARE * lines:
        return None
    mode, _ = Counter(starts).most_common(1)[0]
    near = [start for start in starts if abs(start - mode) <= JITTER]
    return min(near) if len(near) >= MIN_SIDE_BY_SIDE else None


def _span(texts: list[str], start: int) -> tuple[int, int]:
    """The first and last line of the columns: from the first to the last line with text in both, widened over
    the lines around them up to two blank lines in a row."""
    both = [i for i, text in enumerate(texts) if _side_by_side(text, start)]
    first, last = both[0], both[-1]
    while first > 0 and not _set_apart(texts, first - 1, -1):
        first -= 1
    while last + 1 < len(texts) and not _set_apart(texts, last + 1, 1):
        last += 1
    return first, last


def _side_by_side(text: str, start: int) -> bool:
    return len(text[:start].split()) >= MIN_WORDS and len(text[start:].split()) >= MIN_WORDS


def _set_apart(texts: list[str], index: int, step: int) -> bool:
    """Whether the line at `index` begins a run of SET_APART blank lines going `step`-wards."""
    run = 0
    while 0 <= index < len(texts) and not texts[index].strip():
        run += 1
        index += step
    return run >= SET_APART or (run > 0 and not 0 <= index < len(texts))


def _flush(left: list[tuple[str, int]], right: list[tuple[str, int]], out: list[str], source: list[int]) -> None:
    """Write the left column, a paragraph break, then the right column; empty both. A paragraph that runs on from
    the foot of the left column to the top of the right one (no full stop, then a lower-case word) gets no break."""
    for column in (left, right):
        while column and not column[-1][0]:
            column.pop()  # the blank rows under the shorter column
    runs_on = bool(left and right) and not SENTENCE_END.search(left[-1][0]) and RUN_ON.match(right[0][0]) is not None
    for column in (left, right):
        for text, index in column:
            out.append(text)
            source.append(index)
        if column and not (runs_on and column is left):
            out.append("")
            source.append(column[-1][1])
    left.clear()
    right.clear()
