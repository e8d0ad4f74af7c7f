"""Cleaned lines and report rows back onto the original file's lines, for a source that ingest/ converted.

The cleaner works on the converted lines (a Markdown heading is `## Title` wherever it came from); the
user reads line numbers of the file they gave. The conversion's own records (markup that went or
became structure) join the report here, so every original line is still accounted for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pipeline.clean.fixpoint import renumbered
from pipeline.model import CleaningRecord, CleanLine, RawText
from pipeline.modelkinds import CleaningAction


def to_original_lines(raw: RawText, kept: list[CleanLine], report: list[CleaningRecord]) -> tuple[list[CleanLine], list[CleaningRecord]]:
    if not raw.origins and not raw.markup:
        return kept, report
    lines = [replace(line, first=raw.origin(line.first), last=max(raw.origin(line.first), raw.origin(line.last))) for line in kept]
    told = original_reason(raw)
    # A correction's reason quotes the user's own find/replace/note: no line number of ours to renumber.
    rows = [replace(record, line=raw.origin(record.line), reason=record.reason if record.action == CleaningAction.CORRECT
                    else told(record.reason)) for record in report]
    rows += list(raw.markup)
    return lines, sorted(rows, key=lambda record: record.line)


def original_reason(raw: RawText) -> Callable[[str], str]:
    """A reason's line numbers ('duplicate of lines 6-7', 'continues line 6'), counted in the converted text, told
    as the original file's."""
    spans = [(line, line) for line in raw.origins]
    return lambda reason: renumbered(reason, spans) if spans else reason


def source_links(raw: RawText) -> list[tuple[str, str]]:
    """Links of a converted source worth a credit: the page's own address and a rulebook PDF."""
    return [(label, url) for label, url in raw.links if label == "canonical" or url.casefold().split("?")[0].endswith(".pdf")]
