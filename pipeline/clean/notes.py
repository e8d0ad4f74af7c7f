"""Translator notes and footnotes: lift them out of the rule text they annotate and find where they belong.

"rule (n. del t: ...) rest" becomes the rule "rule rest" plus the note "(n. del t: ...)" (a note in square brackets
too); a footnote line
"(2) ..." belongs after the paragraph that carries the marker "(2)". `emit_unit` turns one kept block into
output lines (joins from clean_joins, notes queued after their paragraph) and records each change.
"""
from __future__ import annotations

import re
from collections.abc import Container
from typing import Protocol

from pipeline.clean.joins import join_groups, joined_text
from pipeline.clean.resources import (
    LONE_BULLET,
    CleanOptions,
    aside_reason,
)
from pipeline.model import CleaningRecord, CleanLine
from pipeline.modelkinds import CleaningAction, LineKind
from pipeline.structure.notemarks import BRACKET_NOTE_INSIDE, EDITOR_AGAIN, EDITOR_ASIDE, FOOTNOTE_LINE, NOTE_OPEN
from pipeline.structure.patterns import TRANSLATION_REMARK

# How far back (in raw lines) a footnote looks for its marker: a footnote sits below its page's text.
FOOTNOTE_REACH = 80
# A parenthesis longer than this is no remark in passing (the longest aside in the five sources has 121
# characters), so it is never judged as the translator's aside: judging each of 100,000 nested brackets
# would cost their lengths.
MAX_ASIDE_CHARS = 400
# NOTE_OPEN is read from the first characters of a bracket only.
NOTE_HEAD = 200
_SPACE = re.compile(r"\s*")


class Unit(Protocol):
    """A block of raw lines judged as a whole (the cleaner's unit)."""

    lines: list[int]
    kind: LineKind | CleaningAction  # state.UnitKind
    reason: str

    @property
    def last(self) -> int: ...


def split_inline_note(text: str, options: CleanOptions, *, heading: bool = False) -> tuple[str, list[str]]:
    """'rule (n. del t: ...) rest' -> ('rule rest', ['(n. del t: ...)']); the same for the translator's asides and
    the editor's (EDITOR_ASIDE about the copy; EDITOR_AGAIN, a sentence of its own in brackets).

    `heading`: the line may be a heading, whose closing "(traducción no oficial)" says what the document is
    (its display title leaves it out) and is no aside. One pass over the brackets (an unclosed one runs to the
    end of the text): a line of 100,000 "(" must not be scanned once per bracket.
    """
    if "[" in text and (found_notes := list(BRACKET_NOTE_INSIDE.finditer(text))):
        bracketed = [found.group().strip() for found in found_notes]
        bare, inner = split_inline_note(_tidy(_without(text, found_notes)), options, heading=heading)
        return bare, bracketed + inner  # "rule [N. del T.: ...] rest": the note in square brackets, as in round ones
    if "(" not in text:
        return text, []
    remark = TRANSLATION_REMARK.search(text) if heading else None
    if remark:
        bare, before_remark = split_inline_note(text[: remark.start()], options)
        return bare + text[remark.start() :].rstrip(), before_remark
    closing = _closing_brackets(text)
    content_end = len(text.rstrip())
    notes: list[str] = []
    kept: list[str] = []  # the rule text before `cursor`, with the notes already taken out
    cursor = 0  # where the text not yet taken out or kept starts
    for opening in sorted(closing):
        if opening < cursor:
            continue  # inside a note already taken out
        end = closing[opening]
        head = text[opening : min(end, opening + NOTE_HEAD)]
        before = opening > cursor or any(kept)
        whole_line = not before and end >= content_end
        # An aside is a parenthesis inside a rule, or a line that is nothing but one (a note already moved);
        # one longer than MAX_ASIDE_CHARS is no remark in passing (and would cost a scan per bracket).
        aside = (before or whole_line) and end - opening <= MAX_ASIDE_CHARS
        if not (
            NOTE_OPEN.match(_tidy(head) if notes else head)
            or (aside and aside_reason(_inside(text, opening, end, notes), options))
            or (aside and EDITOR_ASIDE.match(head))
            or (_between_sentences(text, opening) and EDITOR_AGAIN.match(head))
        ):
            continue
        if _between_sentences(text, opening) and text[end : end + 1] in (".", "!", "?"):
            end += 1  # "... turno 6. (Otra vez ...). Y, si ...": a sentence of its own takes its stop along
        notes.append(_inside(text, opening, end, notes).strip())
        kept.append(text[cursor:opening])
        _rstrip_pieces(kept)
        spaces = _SPACE.match(text, end)  # `\s*`: always matches
        cursor = spaces.end() if spaces else end
        following = text[cursor : cursor + 1]
        if following.isalnum() or following in "¿¡'\"(":
            kept.append(" ")
    if not notes:
        return text, []
    kept.append(text[cursor:])
    return _tidy("".join(kept)).rstrip(), notes


def _between_sentences(text: str, opening: int) -> bool:
    """The bracket at `opening` opens a sentence of its own: after a full stop, or the text's first."""
    before = text[:opening].rstrip()
    return not before or before[-1] in ".!?"


def _inside(text: str, opening: int, end: int, notes: list[str]) -> str:
    # Once a note is out, the text reads with no space before punctuation (as the rule text will).
    return _tidy(text[opening:end]) if notes else text[opening:end]


def _closing_brackets(text: str) -> dict[int, int]:
    """Each "(" -> the index just after the ")" that closes it (len(text) when none does)."""
    closing: dict[int, int] = {}
    open_at: list[int] = []
    for found in re.finditer(r"[()]", text):
        if found.group() == "(":
            open_at.append(found.start())
        elif open_at:
            closing[open_at.pop()] = found.end()
    for opening in open_at:
        closing[opening] = len(text)
    return closing


def _without(text: str, found: list[re.Match[str]]) -> str:
    """The text with the notes `found` in it taken out, and the space before each of them."""
    pieces, cursor = [], 0
    for note in found:
        pieces.append(text[cursor : note.start()].rstrip())
        cursor = note.end()
    return "".join(pieces) + text[cursor:]


def _tidy(text: str) -> str:
    """No space before a comma, full stop, colon or semicolon (left where a note was taken out)."""
    return re.sub(r"\s+([.,;:])", r"\1", text)


def _rstrip_pieces(pieces: list[str]) -> None:
    """Strip trailing space from the text the pieces make, dropping pieces left empty."""
    while pieces:
        pieces[-1] = pieces[-1].rstrip()
        if pieces[-1]:
            return
        pieces.pop()


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
    kind = unit.kind
    body: list[int] = []
    for index in unit.lines:
        footnote = FOOTNOTE_LINE.match(lines[index])
        if footnote and kind != LineKind.NOTE:
            target = footnote_target(lines, removed, index, footnote.group(1))
            where = f"footnote ({footnote.group(1)})"
            if target is None:
                report.append(CleaningRecord(index + 1, CleaningAction.NOTE, f"{where}; no marker found, kept in place", lines[index]))
                pending_notes.setdefault(unit.last, []).append(CleanLine(lines[index], index + 1, index + 1, LineKind.NOTE))
            else:
                report.append(
                    CleaningRecord(
                        index + 1, CleaningAction.NOTE, f"{where} for line {target + 1}, placed after its paragraph", lines[index]
                    )
                )
                pending_notes.setdefault(unit_end.get(target, unit.last), []).append(
                    CleanLine(lines[index], index + 1, index + 1, LineKind.NOTE)
                )
        else:
            body.append(index)
    out: list[CleanLine] = []
    for group in join_groups(lines, body):
        first, last = group[0], group[-1]
        text = joined_text(lines, group)
        if LONE_BULLET.match(text):
            report.append(CleaningRecord(first + 1, CleaningAction.DROP, "empty bullet (its text is missing in the source)", lines[first]))
            continue
        if len(group) > 1:
            span = f"lines {first + 1}-{last + 1}"
            for position, index in enumerate(group):
                # The line it continues is the group's previous member: removed lines may lie between.
                previous = group[position - 1] + 1
                reason = f"broken line joined into one ({span})" if index == first else f"continues line {previous}; joined ({span})"
                report.append(CleaningRecord(index + 1, CleaningAction.JOIN, reason, lines[index]))
        if kind in (LineKind.FLAVOR, LineKind.NOTE):
            for index in group:
                report.append(CleaningRecord(index + 1, CleaningAction(kind), unit.reason, lines[index]))
        text, notes = split_inline_note(text, options) if kind == LineKind.TEXT else (text, [])
        if notes:
            whose = "editor's aside" if all(EDITOR_ASIDE.match(note) or EDITOR_AGAIN.match(note) for note in notes) else "translator's note"
            moved = f"{whose} moved to its own line after the paragraph"
            report.append(CleaningRecord(first + 1, CleaningAction.NOTE, moved, lines[first]))
            pending_notes.setdefault(unit.last, []).extend(CleanLine(note, first + 1, last + 1, LineKind.NOTE) for note in notes)
        if text:
            out.append(CleanLine(text, first + 1, last + 1, LineKind(kind)))
    return out
