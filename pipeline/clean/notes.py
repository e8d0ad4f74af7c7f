"""Translator notes and footnotes: lift them out of the rule text they annotate and find where they belong.

"rule (n. del t: ...) rest" becomes the rule "rule rest" plus the note "(n. del t: ...)"; a footnote line
"(2) ..." belongs after the paragraph that carries the marker "(2)". `emit_unit` turns one kept block into
output lines (joins from clean_joins, notes queued after their paragraph) and records each change.
"""
from __future__ import annotations

import re
from collections.abc import Container
from typing import Protocol

from pipeline.clean.joins import join_groups, joined_text
from pipeline.clean.resources import (
    FOOTNOTE_LINE,
    LONE_BULLET,
    NOTE_OPEN,
    CleanOptions,
    aside_reason,
)
from pipeline.model import CleaningRecord, CleanLine

# How far back (in raw lines) a footnote looks for its marker: a footnote sits below its page's text.
FOOTNOTE_REACH = 80


class Unit(Protocol):
    """A block of raw lines judged as a whole (the cleaner's unit)."""

    lines: list[int]
    kind: str
    reason: str

    @property
    def last(self) -> int: ...


def split_inline_note(text: str, options: CleanOptions) -> tuple[str, list[str]]:
    """'rule (n. del t: ...) rest' -> ('rule rest', ['(n. del t: ...)']); the same for the translator's asides."""
    notes: list[str] = []
    start = 0
    while True:
        opening = text.find("(", start)
        if opening < 0:
            break
        depth, end = 0, len(text)
        for position in range(opening, len(text)):
            if text[position] == "(":
                depth += 1
            elif text[position] == ")":
                depth -= 1
                if depth == 0:
                    end = position + 1
                    break
        inside = text[opening:end]
        # An aside is a parenthesis inside a rule, or a line that is nothing but one (a note already moved).
        whole_line = opening == 0 and not text[end:].strip()
        if not (NOTE_OPEN.match(inside) or ((opening > 0 or whole_line) and aside_reason(inside, options))):
            start = opening + 1
            continue
        notes.append(inside.strip())
        rest = text[end:].lstrip()
        text = text[:opening].rstrip() + (" " if rest[:1].isalnum() or rest[:1] in "¿¡'\"(" else "") + rest
        text = re.sub(r"\s+([.,;:])", r"\1", text).rstrip()
        start = opening
    return text, notes


def footnote_target(lines: list[str], removed: Container[int], index: int, number: str) -> int | None:
    """The nearest kept line before `index` that carries the marker "(N)" (not a footnote line itself)."""
    marker = f"({number})"
    for candidate in range(index - 1, max(-1, index - FOOTNOTE_REACH), -1):
        text = lines[candidate]
        if candidate in removed or FOOTNOTE_LINE.match(text):
            continue
        if marker in text:
            return candidate
    return None


def emit_unit(
    lines: list[str],
    unit: Unit,
    *,
    removed: Container[int],
    options: CleanOptions,
    report: list[CleaningRecord],
    pending_notes: dict[int, list[CleanLine]],
    unit_end: dict[int, int],
) -> list[CleanLine]:
    """One kept block as output lines: broken lines joined, footnotes and inline notes queued in `pending_notes`
    (keyed by the raw index of the paragraph end they follow), every join and note recorded in `report`."""
    kind = "note" if unit.kind == "note" else unit.kind
    body: list[int] = []
    for index in unit.lines:
        footnote = FOOTNOTE_LINE.match(lines[index])
        if footnote and kind != "note":
            target = footnote_target(lines, removed, index, footnote.group(1))
            where = f"footnote ({footnote.group(1)})"
            if target is None:
                report.append(CleaningRecord(index + 1, "note", f"{where}; no marker found, kept in place", lines[index]))
                pending_notes.setdefault(unit.last, []).append(CleanLine(lines[index], index + 1, index + 1, "note"))
            else:
                report.append(CleaningRecord(index + 1, "note", f"{where} for line {target + 1}, placed after its paragraph", lines[index]))
                pending_notes.setdefault(unit_end.get(target, unit.last), []).append(CleanLine(lines[index], index + 1, index + 1, "note"))
        else:
            body.append(index)
    out: list[CleanLine] = []
    for group in join_groups(lines, body):
        first, last = group[0], group[-1]
        text = joined_text(lines, group)
        if LONE_BULLET.match(text):
            report.append(CleaningRecord(first + 1, "drop", "empty bullet (its text is missing in the source)", lines[first]))
            continue
        if len(group) > 1:
            span = f"lines {first + 1}-{last + 1}"
            for position, index in enumerate(group):
                # The line it continues is the group's previous member: removed lines may lie between.
                previous = group[position - 1] + 1
                reason = f"broken line joined into one ({span})" if index == first else f"continues line {previous}; joined ({span})"
                report.append(CleaningRecord(index + 1, "join", reason, lines[index]))
        if kind in ("flavor", "note"):
            for index in group:
                report.append(CleaningRecord(index + 1, kind, unit.reason, lines[index]))
        text, notes = split_inline_note(text, options) if kind == "text" else (text, [])
        if notes:
            report.append(CleaningRecord(first + 1, "note", "translator's note moved to its own line after the paragraph", lines[first]))
            pending_notes.setdefault(unit.last, []).extend(CleanLine(note, first + 1, last + 1, "note") for note in notes)
        if text:
            out.append(CleanLine(text, first + 1, last + 1, kind))
    return out
