"""What changed since the previous build of a sheet, in its own words: per printed section, the words that changed.

The previous build is read from output/<game>/manifest.json (the sheet's pages, revision and cache key, the
input hashes it was made from) and from the cache entry that key names, which keeps what the sheet printed
section by section. Without that entry (a deleted cache) the report falls back to the game's section digests.
changes.md keeps the last changes of each sheet for people who hold an earlier printout. No spaCy or reportlab.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import re
from dataclasses import dataclass
from enum import StrEnum

from pipeline.build.keys import ABSENT
from pipeline.model import Document

# A tool upgrade can touch every section; past this many the report says "and N more".
MAX_LISTED = 12
# Words shown per side of one change ("hacar → hacer"); a rewritten paragraph is cut with "…".
MAX_WORDS = 10
# Word pairs difflib may weigh when it words a section's change (see word_changes).
MAX_DIFF_CELLS = 4_000_000
MAX_EDITS = 4  # changes listed per section before "and N more"
# Entries of changes.md kept per sheet.
HISTORY = 10
# A word, or a glossary tag whole ("‹Spacecraft card›"): an English name changed is said as the name, not as its halves.
_WORD = re.compile(r"[^\s‹]*‹[^›\n]*›\S*|\S+")


class SheetStatus(StrEnum):
    """What a build did with a sheet: rendered it, restored it from the cache, left it untouched, or made it again to
    the bytes its file already held (counted as up to date; its report says why it was made again)."""

    BUILT = "built"
    RESTORED = "restored"
    UP_TO_DATE = "up to date"
    SAME_CONTENT = "same content"


# How a sheet's change report says what was done ("built" instead of "rebuilt" on its first build).
DONE_WORDS = {SheetStatus.BUILT: "rebuilt", SheetStatus.RESTORED: "restored from cache", SheetStatus.UP_TO_DATE: "up to date",
              SheetStatus.SAME_CONTENT: "up to date"}


class Change(StrEnum):
    """What became of a printed section between two builds."""

    MODIFIED = "modified"
    ADDED = "added"
    REMOVED = "removed"


@dataclass(frozen=True)
class SectionDigest:
    id: str
    title: str
    digest: str

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "digest": self.digest}


def section_digests(document: Document) -> tuple[SectionDigest, ...]:
    """One short hash per section of what it says (text, kind, level, parent, glossary terms).

    Source line numbers are left out: a sentence added in one section shifts the lines of every
    later one, and those sections did not change.
    """
    digests = []
    for section in document.sections:
        data = section.to_json()
        data.pop("lines", None)
        encoded = json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8")
        digests.append(SectionDigest(section.id, section.title, hashlib.sha256(encoded).hexdigest()[:12]))
    return tuple(digests)


def _digests(entries: object) -> tuple[SectionDigest, ...]:
    if not isinstance(entries, list):
        return ()
    found = []
    for entry in entries:
        if isinstance(entry, dict) and all(isinstance(entry.get(k), str) for k in ("id", "title", "digest")):
            found.append(SectionDigest(entry["id"], entry["title"], entry["digest"]))
    return tuple(found)


def why(previous_manifest: dict | None, previous_sheet: dict | None, *, inputs: dict[str, str], tool: str, paper: str) -> tuple[str, ...]:
    """The reasons a sheet's key changed, as a person would say them."""
    if previous_sheet is None:
        return ("no previous build",)
    manifest = previous_manifest if isinstance(previous_manifest, dict) else {}
    recorded = manifest.get("inputs")
    before: dict = recorded if isinstance(recorded, dict) else {}
    reasons = []
    for path, digest in sorted(inputs.items()):
        old = before.get(path)
        if old == digest or (old is None and digest == ABSENT):
            continue
        if old in (None, ABSENT):
            reasons.append(f"{path} added")
        elif digest == ABSENT:
            reasons.append(f"{path} removed")
        else:
            reasons.append(f"{path} changed")
    # A file deleted from the game's folder (a corrections.yaml removed, say) is a change too.
    game_folder = f"sources/{manifest['game']}/" if isinstance(manifest.get("game"), str) else None
    if game_folder:
        reasons += [
            f"{path} removed" for path in sorted(before) if path.startswith(game_folder) and path not in inputs and before[path] != ABSENT
        ]
    if previous_sheet.get("paper") not in (None, paper):
        reasons.append(f"paper {previous_sheet.get('paper')} -> {paper}")
    if manifest.get("tool") != tool:
        reasons.append("refsheets itself changed")
    return tuple(reasons) or ("forced",)


@dataclass(frozen=True)
class SectionChange:
    id: str
    title: str
    what: Change
    words: tuple[str, ...] = ()  # "hacar → hacer", "+ nueva frase", "− frase quitada" (empty: not known)

    def line(self) -> str:
        said = f"  {self.what:<8} {self.id}  \"{self.title}\""
        return f"{said}: {'; '.join(self.words)}" if self.words else said


@dataclass(frozen=True)
class SheetChanges:
    game: str
    sheet: str
    how: SheetStatus
    first_build: bool
    sections: tuple[SectionChange, ...]
    pages_before: int | None
    pages_after: int
    revision_before: str | None
    revision_after: str
    reasons: tuple[str, ...]  # the inputs that changed, or what else did
    label: str = ""  # "game/sheet", with the paper when it is not the game's own

    @property
    def content_changed(self) -> bool:
        return self.revision_before != self.revision_after


def word_changes(before: str, after: str) -> tuple[str, ...]:
    """The word-level edits that turn `before` into `after`: ('hacar → hacer', '+ dos', '− tres')."""
    old, new = _WORD.findall(before), _WORD.findall(after)
    old, new = _changed_middle(old, new)
    if len(old) * len(new) > MAX_DIFF_CELLS:
        # difflib's cost grows with the product of the lengths (with a text's common words, quadratically):
        # a section rewritten throughout is said to have changed, without its words.
        return (f"{len(old)} words → {len(new)} words",)
    edits = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        removed, added = _clip(old[i1:i2]), _clip(new[j1:j2])
        if op == "replace":
            edits.append(f"{removed} → {added}")
        elif op == "delete":
            edits.append(f"− {removed}")
        else:
            edits.append(f"+ {added}")
    if len(edits) > MAX_EDITS:
        edits = edits[:MAX_EDITS] + [f"and {len(edits) - MAX_EDITS} more changes"]
    return tuple(edits)


def _changed_middle(old: list[str], new: list[str]) -> tuple[list[str], list[str]]:
    """The words left once the two texts' common beginning and end are set aside (a correction changes a few
    words of a long section: only those need comparing)."""
    start, shortest = 0, min(len(old), len(new))
    while start < shortest and old[start] == new[start]:
        start += 1
    end = 0
    while end < shortest - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    return old[start : len(old) - end], new[start : len(new) - end]


def _clip(words: list[str]) -> str:
    return " ".join(words) if len(words) <= MAX_WORDS else " ".join(words[: MAX_WORDS - 2]) + " … " + " ".join(words[-2:])


def printed_changes(before: list[tuple[str, str, str]], after: list[tuple[str, str, str]]) -> tuple[SectionChange, ...]:
    """Per printed section (id, title, text): what was modified (with the words), added or removed."""
    old = {part[0]: part for part in before}
    new = {part[0]: part for part in after}
    found = []
    for part_id, title, text in after:
        if part_id not in old:
            found.append(SectionChange(part_id, title, Change.ADDED))
            continue
        _, old_title, old_text = old[part_id]
        words = word_changes(old_title, title) + word_changes(old_text, text)
        if old_title != title or old_text != text:
            found.append(SectionChange(part_id, title, Change.MODIFIED, words or ("spacing or line breaks",)))
    found += [SectionChange(part_id, title, Change.REMOVED) for part_id, title, _ in before if part_id not in new]
    return tuple(found)


def digest_changes(previous_sections: object, sections: tuple[SectionDigest, ...], *, printed_ids: set[str]) -> tuple[SectionChange, ...]:
    """The fallback without the previous printed text: sections of this sheet whose digest changed."""
    old = {entry.id: entry for entry in _digests(previous_sections)}
    return tuple(
        SectionChange(entry.id, entry.title, Change.MODIFIED if entry.id in old else Change.ADDED)
        for entry in sections
        if entry.id in printed_ids and (entry.id not in old or old[entry.id].digest != entry.digest)
    )


def compare(previous_sheet: dict | None, *, game: str, sheet: str, how: SheetStatus, sections: tuple[SectionChange, ...], pages: int,
            revision: str, reasons: tuple[str, ...], label: str = "") -> SheetChanges:
    """The change between a sheet's previous manifest entry (None: first build) and what was just made."""
    before = previous_sheet or {}
    pages_before, revision_before = before.get("pages"), before.get("revision")
    return SheetChanges(
        game=game, sheet=sheet, first_build=previous_sheet is None, sections=sections if previous_sheet else (),
        pages_before=pages_before if isinstance(pages_before, int) else None, pages_after=pages,
        revision_before=revision_before if isinstance(revision_before, str) else None, revision_after=revision,
        how=how, reasons=reasons, label=label or f"{game}/{sheet}",
    )


def describe(changes: SheetChanges) -> list[str]:
    """The change report of one sheet: a headline, then the sections whose printed words changed (none when its content did not)."""
    plural = "s" if changes.pages_after != 1 else ""
    why_text = "; ".join(changes.reasons)
    how = DONE_WORDS[changes.how]
    if changes.first_build:
        how = "built" if changes.how == SheetStatus.BUILT else how
        return [f"{changes.label}: {how}, rev {changes.revision_after}, {changes.pages_after} page{plural} ({why_text})"]
    if changes.pages_before not in (None, changes.pages_after):
        pages = f"{changes.pages_before} -> {changes.pages_after} page{plural}"
    else:
        pages = f"{changes.pages_after} page{plural}"
    if not changes.content_changed:
        return [f"{changes.label}: {how}, same content (rev {changes.revision_after}), {pages} ({why_text})"]
    lines = [f"{changes.label}: {how}, rev {changes.revision_before} -> {changes.revision_after}, {pages} ({why_text})"]
    lines += [change.line() for change in changes.sections[:MAX_LISTED]]
    if len(changes.sections) > MAX_LISTED:
        lines.append(f"  ... and {len(changes.sections) - MAX_LISTED} more section changes")
    return lines


# --- output/<game>/changes.md: the last changes of every sheet, newest first


def history_entry(changes: SheetChanges, *, date: str) -> dict | None:
    """What changes.md records for this build of a sheet (None when its content did not change)."""
    if not changes.first_build and not changes.content_changed:
        return None
    said = ["first build"] if changes.first_build else [
        f"{change.what} “{change.title}”" + (f": {'; '.join(change.words)}" if change.words else "") for change in changes.sections
    ]
    return {"revision": changes.revision_after, "was": changes.revision_before, "date": date, "changes": said or ["layout only"]}


def add_history(previous: object, entry: dict | None) -> list[dict]:
    history = [item for item in previous if isinstance(item, dict)] if isinstance(previous, list) else []
    if entry is not None and not (history and history[0].get("revision") == entry["revision"]):
        history.insert(0, entry)
    return history[:HISTORY]


def changes_markdown(title: str, sheets: list[dict]) -> str:
    """changes.md from the manifest's sheet entries (each with its `history`)."""
    lines = [f"# {title}: what changed", "",
             "Newest first. Each page's footer prints its revision (`rev. …`): compare it with yours before reprinting.", ""]
    for sheet in sheets:
        lines += [f"## {sheet.get('file', sheet.get('name', '?'))}", ""]
        for item in sheet.get("history") or []:
            was = f" (was {item['was']})" if item.get("was") else ""
            lines.append(f"- **rev {item.get('revision')}**, {item.get('date')}{was}")
            lines += [f"  - {said}" for said in item.get("changes") or []]
        lines.append("")
    return "\n".join(lines)
