"""corrections.yaml -> Corrections, and applying them to cleaned lines with an account of every change.

A correction repairs a translation mistake without touching raw.txt: `find` (literal) or `regex`, `replace`,
an optional `note` (why) and an optional `expect` (how many matches there should be). One that matches
nothing, or not the expected number of times, is a warning naming the entry (an error with --strict).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import ConfigError
from pipeline.model import CleaningRecord, CleanLine
from pipeline.schema import check_fields, require_mapping
from pipeline.yamlio import line_of, load_yaml


@dataclass(frozen=True)
class Correction:
    index: int  # 1-based position in the file, for messages
    pattern: str  # the compiled pattern's source
    replace: str
    note: str = ""
    expect: int | None = None
    literal: bool = True
    where: str = ""  # "sources/x/corrections.yaml:12"

    @property
    def compiled(self) -> re.Pattern[str]:
        return re.compile(re.escape(self.pattern) if self.literal else self.pattern)

    def label(self) -> str:
        key = "find" if self.literal else "regex"
        return f"correction {self.index} ({key}: {self.pattern!r})"


@dataclass(frozen=True)
class Applied:
    """What one correction did to one line."""

    correction: Correction
    count: int
    before: str
    after: str


def load_corrections(path: Path, *, display: str) -> tuple[Correction, ...]:
    """Read a corrections file; a missing file means no corrections."""
    if not path.is_file():
        return ()
    data = load_yaml(path, display=display)
    if data is None:
        return ()
    if isinstance(data, dict):
        check_fields(data, display=display, where="corrections.yaml", optional=("corrections",), types={"corrections": list})
        data = data.get("corrections") or []
    if not isinstance(data, list):
        raise ConfigError(f"expected a list of corrections, got {type(data).__name__}", path=display)
    corrections = []
    for number, entry in enumerate(data, start=1):
        where = f"corrections[{number}]"
        entry = require_mapping(entry, display=display, where=where)
        check_fields(
            entry,
            display=display,
            where=where,
            optional=("find", "regex", "replace", "note", "expect"),
            types={"find": str, "regex": str, "replace": str, "note": str, "expect": int},
        )
        line = line_of(entry)
        if ("find" in entry) == ("regex" in entry):
            raise ConfigError(f"{where}: give exactly one of 'find' (literal text) or 'regex'", path=display, line=line)
        if "replace" not in entry or entry["replace"] is None:
            raise ConfigError(f"{where}: missing 'replace' (use \"\" to delete the text)", path=display, line=line)
        literal = "find" in entry
        pattern = entry["find"] if literal else entry["regex"]
        if not pattern:
            raise ConfigError(f"{where}: empty {'find' if literal else 'regex'}", path=display, line=line)
        if not literal:
            try:
                compiled = re.compile(pattern)
            except re.error as exc:
                raise ConfigError(f"{where}: bad regex {pattern!r}: {exc}", path=display, line=line) from None
            if compiled.match(""):
                raise ConfigError(f"{where}: regex {pattern!r} matches empty text", path=display, line=line)
        expect = entry.get("expect")
        if expect is not None and (isinstance(expect, bool) or expect < 0):
            raise ConfigError(f"{where}: 'expect' must be a count of matches (0 or more)", path=display, line=line)
        corrections.append(
            Correction(
                index=number,
                pattern=pattern,
                replace=entry["replace"],
                note=entry.get("note") or "",
                expect=expect,
                literal=literal,
                where=f"{display}:{line}" if line else display,
            )
        )
    return tuple(corrections)


def apply_corrections(text: str, corrections: tuple[Correction, ...]) -> tuple[str, list[Applied]]:
    """Apply every correction in order to one line; return the new text and what changed it."""
    applied: list[Applied] = []
    for correction in corrections:
        # A literal replacement is inserted as it is (no group references, no backslash escapes).
        replacement = (lambda _match, text=correction.replace: text) if correction.literal else correction.replace
        try:
            after, count = correction.compiled.subn(replacement, text)
        except (re.error, IndexError) as exc:
            raise ConfigError(f"{correction.label()}: bad replacement {correction.replace!r}: {exc}", path=correction.where) from None
        if count:
            applied.append(Applied(correction, count, text, after))
            text = after
    return text, applied


def check_counts(corrections: tuple[Correction, ...], counts: dict[int, int], *, strict: bool) -> list[str]:
    """Warnings for corrections that matched nothing or not as often as expected; errors when strict."""
    problems = []
    for correction in corrections:
        count = counts.get(correction.index, 0)
        if count == 0 and correction.expect != 0:
            problems.append(f"{correction.where}: {correction.label()} matched nothing")
        elif correction.expect is not None and count != correction.expect:
            problems.append(f"{correction.where}: {correction.label()} matched {count} times, expected {correction.expect}")
    if strict and problems:
        raise ConfigError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return problems


def correct_lines(
    kept: list[CleanLine], corrections: tuple[Correction, ...], raw_lines: list[str]
) -> tuple[list[CleanLine], list[CleaningRecord], dict[int, int]]:
    """Apply the corrections to the kept lines; one "correct" record per change, counts per correction."""
    counts: dict[int, int] = {}
    records: list[CleaningRecord] = []
    if not corrections:
        return kept, records, counts
    out = []
    for line in kept:
        if not line.text.strip():
            out.append(line)
            continue
        text, applied = apply_corrections(line.text, corrections)
        for change in applied:
            counts[change.correction.index] = counts.get(change.correction.index, 0) + change.count
            fix = change.correction
            shown = f"{fix.pattern!r} → {fix.replace!r}" + (f" ×{change.count}" if change.count > 1 else "")
            reason = f"corrections.yaml #{fix.index}: {shown}" + (f" ({fix.note})" if fix.note else "")
            records.append(CleaningRecord(line.first, "correct", reason, raw_lines[line.first - 1]))
        out.append(CleanLine(text, line.first, line.last, line.kind) if applied else line)
    return out, records, counts
