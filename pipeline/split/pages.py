"""Which page of the source each section starts on, for the sheets' "(ver tabla, p. N)".

A page starts at a page break the cleaner dropped ("Página 3" alone on a line, recorded as an
`Artefact.PAGE_BREAK`) or at a page heading ("Página 25 - MANIOBRAS"). A line is on the page of the last
start above it in the source, whatever order a game's chunks are read in.
"""

from __future__ import annotations

from bisect import bisect_right

from pipeline.model import CleaningRecord, CleanLine
from pipeline.modelkinds import Artefact, HeadingStyle
from pipeline.structure import Heading
from pipeline.structure.patterns import PAGE_MARKER


class Pages:
    def __init__(self, report: tuple[CleaningRecord, ...], lines: tuple[CleanLine, ...], headings: list[Heading | None]) -> None:
        starts = [(record.line, number) for record in report if record.artefact == Artefact.PAGE_BREAK
                  and (number := _page_number(record.original)) is not None]
        starts += [(line.first, heading.page) for line, heading in zip(lines, headings)
                   if heading is not None and heading.style == HeadingStyle.PAGE and heading.page is not None]
        self._starts = sorted(starts)
        self._lines = [line for line, _ in self._starts]

    def of(self, line: int) -> int | None:
        """The page raw line `line` is on (None before the first page the source names)."""
        at = bisect_right(self._lines, line)
        return self._starts[at - 1][1] if at else None


def _page_number(text: str) -> int | None:
    found = PAGE_MARKER.match(text.strip())
    number = next((group for group in found.groups() if group), None) if found else None
    return int(number) if number else None
