"""corrections.yaml -> Corrections, and applying them to cleaned lines with an account of every change.

A correction repairs a translation mistake without touching raw.txt: `find` (literal) or `regex`, `replace`,
an optional `note` (why), an optional `expect` (how many matches there should be) and an optional `keep_id`
(a heading it corrects keeps its section id by default, so recipes naming that id still work; `false` gives
the heading the id of its new title, a string sets the id). One that matches
nothing, or not the expected number of times, is a warning naming the entry and the closest raw text
(an error with --strict). A `find` copied from a printed sheet matches the source: its ‹English› tags and
¶ marks are dropped, any quote mark matches any other and any run of spaces matches any other.

Patterns run on the `regex` package (the syntax of `re`) because it can stop a match: a pattern that
backtracks catastrophically (`(a+)+$` over a long line) gets CORRECTION_SECONDS over the whole text,
then fails its game with an error naming the entry, instead of hanging the build.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import regex

from pipeline.errors import ConfigError
from pipeline.model import CleaningRecord, CleanLine, CorrectedLine
from pipeline.modelkinds import CleaningAction
from pipeline.schema import check_fields, kind_of, require_mapping
from pipeline.yamlio import line_of, load_yaml

# Seconds (wall clock, as the regex package counts them) one correction may spend over the whole text; the
# regex corrections of the five sources need milliseconds.
CORRECTION_SECONDS = 5.0


@lru_cache(maxsize=256)
def _compile(pattern: str) -> regex.Pattern:
    return regex.compile(pattern, flags=regex.VERSION0)

# What a sheet prints that the source does not say: English names in ‹ › after a term, and ¶ marks.
_SHEET_TAG = re.compile(r"\s*‹[^›]*›")
_PILCROW = re.compile(r"\s*¶\s*")
_QUOTES = "\"'«»“”„‟‘’‚‛`´"
_QUOTE_CLASS = "[" + re.escape(_QUOTES) + "]"
# Below this similarity (0-100) the closest raw text is no hint worth printing.
MIN_SIMILARITY = 60
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def sheet_text_to_find(text: str) -> str:
    """A find copied from a sheet, as the source would say it: no ‹English› tags, no ¶, spaces collapsed."""
    return " ".join(_PILCROW.sub(" ", _SHEET_TAG.sub("", text)).split())


@lru_cache(maxsize=4096)  # asked for every correction on every line (`Correction.compiled`)
def find_regex(text: str) -> str:
    """The regex a literal find compiles to: every quote mark matches any other, every space run any other."""
    return "".join(
        r"\s+" if piece.isspace() else "".join(_QUOTE_CLASS if ch in _QUOTES else re.escape(ch) for ch in piece)
        for piece in re.split(r"(\s+)", sheet_text_to_find(text))
    )


@dataclass(frozen=True)
class Correction:
    index: int  # 1-based position in the file, for messages
    pattern: str  # the compiled pattern's source
    replace: str
    note: str = ""
    expect: int | None = None
    literal: bool = True
    where: str = ""  # "sources/x/corrections.yaml:12"
    keep_id: bool | str = True  # True: a heading it corrects keeps the id its old text gave; False: its new title's; a string: that id

    @property
    def compiled(self) -> regex.Pattern:
        return _compile(find_regex(self.pattern) if self.literal else self.pattern)

    @property
    def needle(self) -> str:
        """Text every match holds (a line without it is not searched), or "" when the pattern promises none."""
        return _needle(self.pattern, self.literal)

    def label(self) -> str:
        key = "find" if self.literal else "regex"
        return f"correction {self.index} ({key}: {self.pattern!r})"


# A regex of plain words (between word boundaries, the shape `refsheets typos --yaml` writes): its words are its needle.
_PLAIN_REGEX = re.compile(r"(?:\\b)?([^\W_]+(?: [^\W_]+)*)(?:\\b)?")


@lru_cache(maxsize=4096)
def _needle(pattern: str, literal: bool) -> str:
    if not literal:
        plain = _PLAIN_REGEX.fullmatch(pattern)
        return plain.group(1) if plain else ""
    pieces = re.split(r"\s+|" + _QUOTE_CLASS, sheet_text_to_find(pattern))
    return max(pieces, key=len)


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
    if isinstance(data, dict) and ("find" in data or "regex" in data):
        raise ConfigError("a correction is an entry of a list: start it with '- find:' (or '- regex:'), its other lines"
                          " indented under it", path=display, line=getattr(data, "line", None))
    if isinstance(data, dict):
        check_fields(data, display=display, where="corrections.yaml", optional=("corrections",), types={"corrections": list})
        data = data.get("corrections") or []
    if not isinstance(data, list):
        raise ConfigError(f"expected a list of corrections, got {kind_of(data)}", path=display, line=getattr(data, "line", None))
    lines = getattr(data, "line_of_item", lambda index: None)
    return tuple(_correction(entry, number, display=display, line=lines(number - 1)) for number, entry in enumerate(data, start=1))


def _correction(entry: object, number: int, *, display: str, line: int | None = None) -> Correction:
    """One entry of corrections.yaml, checked field by field (errors name the entry and its line)."""
    where = f"corrections[{number}]"
    entry = require_mapping(entry, display=display, where=where, line=line)
    check_fields(
        entry,
        display=display,
        where=where,
        optional=("find", "regex", "replace", "note", "expect", "keep_id"),
        types={"find": str, "regex": str, "replace": str, "note": str, "expect": int, "keep_id": (bool, str)},
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
            compiled = _compile(pattern)
        except (regex.error, ValueError) as exc:
            raise ConfigError(f"{where}: bad regex {pattern!r}: {exc}", path=display, line=line) from None
        if compiled.match(""):
            raise ConfigError(f"{where}: regex {pattern!r} matches empty text", path=display, line=line)
    keep_id = entry.get("keep_id", True)
    keep_id = True if keep_id is None else keep_id
    if isinstance(keep_id, str) and not _ID.match(keep_id):
        raise ConfigError(f"{where}: keep_id must be true, false or an id such as 'fase-de-accion' (lower-case letters, digits, '-')",
                          path=display, line=line)
    if literal and not sheet_text_to_find(pattern):
        raise ConfigError(f"{where}: 'find' holds nothing but sheet marks (‹…›, ¶)", path=display, line=line)
    expect = entry.get("expect")
    if expect is not None and (isinstance(expect, bool) or expect < 0):
        raise ConfigError(f"{where}: 'expect' must be a count of matches (0 or more)", path=display, line=line)
    return Correction(
        index=number,
        pattern=pattern,
        replace=entry["replace"],
        note=entry.get("note") or "",
        expect=expect,
        literal=literal,
        where=f"{display}:{line}" if line else display,
        keep_id=keep_id,
    )


def apply_corrections(
    text: str, corrections: tuple[Correction, ...], *, spent: dict[int, float] | None = None
) -> tuple[str, list[Applied]]:
    """Apply every correction in order to one line; return the new text and what changed it.

    `spent` (correction index -> seconds so far) carries each correction's time budget across lines.
    """
    applied: list[Applied] = []
    spent = {} if spent is None else spent
    for correction in corrections:
        if correction.needle and correction.needle not in text:
            continue  # cannot match: a game's hundred corrections cost a search each only where they may
        # A literal replacement is inserted as it is (no group references, no backslash escapes).
        replacement = (lambda _match, text=correction.replace: text) if correction.literal else correction.replace
        started = time.perf_counter()
        try:
            left = CORRECTION_SECONDS - spent.get(correction.index, 0.0)
            after, count = correction.compiled.subn(replacement, text, timeout=max(left, 0.001))
        except TimeoutError:
            raise ConfigError(
                f"{correction.label()} ran for more than {CORRECTION_SECONDS:g} s without finishing (a pattern that"
                " backtracks without end, such as a nested repeat like '(a+)+'): simplify it",
                path=correction.where,
            ) from None
        except (regex.error, IndexError) as exc:
            raise ConfigError(f"{correction.label()}: bad replacement {correction.replace!r}: {exc}", path=correction.where) from None
        spent[correction.index] = spent.get(correction.index, 0.0) + time.perf_counter() - started
        if count:
            applied.append(Applied(correction, count, text, after))
            text = after
    return text, applied


def check_counts(
    corrections: tuple[Correction, ...], counts: dict[int, int], *, strict: bool, raw_lines: list[str] | None = None,
    dropped: dict[int, str] | None = None, origin: Callable[[int], int] = int, changed: dict[int, tuple[int, ...]] | None = None,
) -> list[str]:
    """Warnings for corrections that matched nothing or not as often as expected; errors when strict.

    One that matched nothing names the closest text of raw.txt (`raw_lines`), with its line (told as
    `origin` gives it: a converted source's own line) and similarity, and says when the cleaner drops that
    line (`dropped`: line of `raw_lines` -> reason) or an earlier correction changed it first (`changed`: line ->
    the numbers of the corrections that changed it).
    """
    where = {correction.index: correction.where for correction in corrections}
    problems = []
    for correction in corrections:
        count = counts.get(correction.index, 0)
        if count == 0 and correction.expect != 0:
            problem = f"{correction.where}: {correction.label()} matched nothing"
            near = closest_text(correction, raw_lines or [])
            if near is not None:
                line, score, text = near
                problem += f"; closest raw text: line {origin(line)} ({score} % similar): {text!r}"
                if dropped and line in dropped:
                    problem += f" (the cleaner drops that line: {dropped[line]})"
                earlier = [number for number in (changed or {}).get(line, ()) if number < correction.index]
                if earlier:
                    problem += (f" (correction {earlier[-1]}, {where[earlier[-1]]}, changed that line first: corrections apply in"
                                " file order, each to the text the ones before it left)")
            problems.append(problem)
        elif correction.expect is not None and count != correction.expect:
            problems.append(f"{correction.where}: {correction.label()} matched {count} times, expected {correction.expect}")
    if strict and problems:
        raise ConfigError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return problems


def closest_text(correction: Correction, raw_lines: list[str]) -> tuple[int, int, str] | None:
    """(line, similarity 0-100, text) of the raw text most like the correction's find, or None when nothing is close."""
    wanted = sheet_text_to_find(correction.pattern) if correction.literal else re.sub(r"\\.|[\^$.*+?()\[\]{}|]", " ", correction.pattern)
    wanted = " ".join(wanted.split())
    if len(wanted) < 3:
        return None
    scored = ((*_partial_similarity(wanted, text), number) for number, text in enumerate(raw_lines, start=1) if text.strip())
    best = max(scored, key=lambda found: found[0], default=None)  # (score, start, end, line): the first line of the best score
    if best is None or best[0] < MIN_SIMILARITY:
        return None
    score, start, end, number = best
    return number, int(score), raw_lines[number - 1][start:end].strip()  # down: a near miss never reads "100 % similar"


def _partial_similarity(wanted: str, text: str) -> tuple[float, int, int]:
    """How well `wanted` matches its best-fitting stretch of `text` (rapidfuzz's partial ratio, and where that stretch is)."""
    from rapidfuzz import fuzz

    alignment = fuzz.partial_ratio_alignment(wanted, text)
    if alignment is None:
        return 0.0, 0, 0
    return alignment.score, alignment.dest_start, alignment.dest_end


def correct_lines(
    kept: list[CleanLine], corrections: tuple[Correction, ...], raw_lines: list[str], *, display: str = "raw.txt",
    origin: Callable[[int], int] = int,
) -> tuple[list[CleanLine], list[CleaningRecord], dict[int, int], list[CorrectedLine]]:
    """Apply the corrections to the kept lines; one "correct" record per change, counts per correction, and each corrected line.
    `display` and `origin` name a line in an error as the user's file does (a converted source's own line numbers)."""
    counts: dict[int, int] = {}
    records: list[CleaningRecord] = []
    corrected: list[CorrectedLine] = []
    if not corrections:
        return kept, records, counts, corrected
    out = []
    spent: dict[int, float] = {}
    for line in kept:
        if not line.text.strip():
            out.append(line)
            continue
        try:
            text, applied = apply_corrections(line.text, corrections, spent=spent)
        except ConfigError as exc:
            raise ConfigError(f"{exc.args[0]} (at {display} line {origin(line.first)})", path=exc.path, line=exc.line) from None
        for change in applied:
            counts[change.correction.index] = counts.get(change.correction.index, 0) + change.count
            fix = change.correction
            shown = f"{fix.pattern!r} → {fix.replace!r}" + (f" ×{change.count}" if change.count > 1 else "")
            reason = f"corrections.yaml #{fix.index}: {shown}" + (f" ({fix.note})" if fix.note else "")
            records.append(CleaningRecord(line.first, CleaningAction.CORRECT, reason, raw_lines[line.first - 1]))
        if applied:
            entries = [change.correction for change in applied]
            # One entry naming an id sets it; one saying `keep_id: false` gives the new title's id; else the old id stays.
            keep = next((entry.keep_id for entry in entries if isinstance(entry.keep_id, str)), all(entry.keep_id for entry in entries))
            corrected.append(CorrectedLine(line.first, line.text, text, tuple(e.index for e in entries), entries[0].where, keep))
        out.append(CleanLine(text, line.first, line.last, line.kind) if applied else line)
    return out, records, counts, corrected
