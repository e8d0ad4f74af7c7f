"""Cleaned lines in reading order: the chunks of a text posted out of order, put back in the order stated in game.yaml.

A forum thread may hold a rulebook's pages newest first, or one entry's last lines pasted after the
next entry. `options.split.chunks` lists, in reading order, a pattern for the first line of each chunk
(matched as written, like `chapters`); a chunk runs from its first line to the next chunk's. Lines
before the earliest listed start stay first. A pattern listed twice takes its next match. Nothing is
added or dropped: every line keeps its raw line numbers, only its place changes, so sections, nesting
(a section continued in a later chunk joins its parent) and every sheet follow the reading order.
"""

from __future__ import annotations

import re

from pipeline.model import CleanLine


def reading_order(lines: tuple[CleanLine, ...], chunks: tuple[re.Pattern, ...]) -> tuple[CleanLine, ...]:
    """`lines` with their chunks in the listed order; unchanged without chunks or when a start is not found."""
    if not chunks:
        return lines
    starts: list[int] = []
    for pattern in chunks:
        found = next((index for index, line in enumerate(lines) if index not in starts and pattern.search(line.text.strip())), None)
        if found is None:
            return lines  # a chunk that is not there: read the text as posted (split() reports the pattern)
        starts.append(found)
    cuts = sorted(starts)
    ends = {start: (cuts[number + 1] if number + 1 < len(cuts) else len(lines)) for number, start in enumerate(cuts)}
    ordered = list(lines[: cuts[0]])
    for start in starts:
        ordered.extend(lines[start : ends[start]])
    return tuple(ordered)


def missing_chunks(lines: tuple[CleanLine, ...], chunks: tuple[re.Pattern, ...]) -> list[str]:
    """The chunk patterns that match no (further) line: each a mistake in game.yaml."""
    used: list[int] = []
    missing = []
    for pattern in chunks:
        found = next((index for index, line in enumerate(lines) if index not in used and pattern.search(line.text.strip())), None)
        if found is None:
            missing.append(pattern.pattern)
        else:
            used.append(found)
    return missing
