"""Cleaning the cleaned text changes nothing: kept lines that would read otherwise are cleaned again, and the two
cleanings composed raw line by raw line.

The cleaner judges headings and blocks on the raw lines; what it drops, joins or moves changes the neighbours of
what is left ("Preparación" over a last page heading that went is a heading alone; "NUEVAS AMENAZAS" joined with
the "x" below it heads nothing, and three of them in a row are no diagram's labels once one is joined). The
structure recogniser reads the kept lines once more (a few milliseconds: it remembers every line's own verdict,
and the splitter asks the same lines next); only a text whose headings then read otherwise is cleaned again.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from pipeline.model import CleaningRecord, CleanLine
from pipeline.modelkinds import CleaningAction

MAX_ROUNDS = 3  # the five sources and the format corpus need none; the idempotence property at most two
# The positions of the lines read as headings; whether they read as a copied thread; the positions of those that
# are site navigation; whether headings among them would still go (the cleaner's own reading of its kept lines:
# no thread, no navigation, nothing left to settle).
Reading = tuple[set[int], bool, set[int], bool]
Again = Callable[[list[str]], tuple[list[CleanLine], list[CleaningRecord], Reading]]
Reads = Callable[[list[str]], Reading]
REMOVED = (CleaningAction.DROP, CleaningAction.DUPLICATE, CleaningAction.CREDIT)
LINE_REFERENCE = re.compile(r"\b(lines?) (\d+)(?:-(\d+))?")


def settle(
    kept: list[CleanLine], report: list[CleaningRecord], raw_lines: list[str], *, reading: Reading, again: Again, reads: Reads
) -> tuple[list[CleanLine], list[CleaningRecord]]:
    """The kept lines and the report once the kept lines read as the cleaner read them. `reading`: how it read
    them (the positions of the headings among them; a thread or not); `again`: the cleaner on a list of lines
    (kept, report, reading); `reads`: how a list of lines reads (the recogniser, the thread's signs, the site's
    navigation only)."""
    for _ in range(MAX_ROUNDS):
        texts = [line.text for line in kept]
        if reads(texts) == reading:
            break
        second, second_report, reading = again(texts)
        if [line.text for line in second] == texts:
            break
        kept, report = compose(kept, report, second, second_report, raw_lines)
    return kept, report


def compose(
    first: list[CleanLine],
    first_report: list[CleaningRecord],
    second: list[CleanLine],
    second_report: list[CleaningRecord],
    raw_lines: list[str],
) -> tuple[list[CleanLine], list[CleaningRecord]]:
    """A second cleaning (of the first one's kept lines, numbered from 1) in terms of the raw lines: its lines span
    the raw lines of the kept lines they came from, its records name each of those raw lines. A line kept alike
    keeps the first cleaning's kind (a story stays a story)."""
    spans = [(line.first, line.last) for line in first]
    lines = []
    for line in second:
        start, end = spans[line.first - 1][0], spans[line.last - 1][1]
        alike = line.first == line.last and first[line.first - 1].text == line.text
        lines.append(replace(line, first=start, last=end, kind=first[line.first - 1].kind if alike else line.kind))
    removed = {
        number
        for record in second_report
        if record.action in REMOVED
        for number in range(spans[record.line - 1][0], spans[record.line - 1][1] + 1)
    }
    # A raw line joined or marked the first time and removed the second: the removal is what became of it.
    records = [record for record in first_report if not (record.line in removed and record.action not in REMOVED)]
    said = {(record.line, record.action, record.reason) for record in records}
    for record in second_report:
        start, end = spans[record.line - 1]
        reason = renumbered(record.reason, spans)
        for number in range(start, end + 1):
            if (number, record.action, reason) not in said:  # (a note lifted again is said once)
                said.add((number, record.action, reason))
                records.append(CleaningRecord(number, record.action, reason, raw_lines[number - 1]))
    return lines, sorted(records, key=lambda record: record.line)


def renumbered(reason: str, spans: list[tuple[int, int]]) -> str:
    """'duplicate of lines 6-7', 'continues line 3' with each line number n read as the lines spans[n - 1] (the
    second cleaning's numbers as the raw text's; a converted source's as its original file's)."""

    def raw(found: re.Match[str]) -> str:
        first, last = int(found.group(2)), int(found.group(3) or found.group(2))
        if not (1 <= first <= last <= len(spans)):
            return found.group(0)
        start, end = spans[first - 1][0], spans[last - 1][1]
        return f"lines {start}-{end}" if start != end else f"line {start}"

    return LINE_REFERENCE.sub(raw, reason)
