"""Cleaned lines and report rows back onto the original file's lines, for a source that ingest/ converted.

The cleaner works on the converted lines (a Markdown heading is `## Title` wherever it came from); the
user reads line numbers of the file they gave. The conversion's own records (markup that went or
became structure) join the report here, so every original line is still accounted for.
"""

from __future__ import annotations

from dataclasses import replace

from pipeline.model import CleaningRecord, CleanLine, RawText


def to_original_lines(raw: RawText, kept: list[CleanLine], report: list[CleaningRecord]) -> tuple[list[CleanLine], list[CleaningRecord]]:
    if not raw.origins and not raw.markup:
        return kept, report
    lines = [replace(line, first=raw.origin(line.first), last=max(raw.origin(line.first), raw.origin(line.last))) for line in kept]
    rows = [replace(record, line=raw.origin(record.line)) for record in report] + list(raw.markup)
    return lines, sorted(rows, key=lambda record: record.line)


def source_links(raw: RawText) -> list[tuple[str, str]]:
    """Links of a converted source worth a credit: the page's own address and a rulebook PDF."""
    return [(label, url) for label, url in raw.links if label == "canonical" or url.casefold().split("?")[0].endswith(".pdf")]
