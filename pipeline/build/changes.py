"""What changed since the previous build of a sheet: sections added, removed, modified; pages; revision; why.

The previous build is read from output/<game>/manifest.json: the sheet's entry (pages, revision), the
game's section digests and the input hashes it was made from. No spaCy or reportlab here.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from pipeline.model import Document

ABSENT = "absent"  # as cache.ABSENT: an input file that does not exist
# A tool upgrade can touch every section; past this many the report says "and N more".
MAX_LISTED = 12


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


@dataclass(frozen=True)
class SheetChanges:
    game: str
    sheet: str
    how: str  # "built", "rebuilt" or "restored from cache"
    first_build: bool
    added: tuple[SectionDigest, ...]
    removed: tuple[SectionDigest, ...]
    modified: tuple[SectionDigest, ...]
    pages_before: int | None
    pages_after: int
    revision_before: str | None
    revision_after: str
    reasons: tuple[str, ...]  # the inputs that changed, or what else did

    @property
    def content_changed(self) -> bool:
        return self.revision_before != self.revision_after


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
    before = manifest.get("inputs") if isinstance(manifest.get("inputs"), dict) else {}
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


def compare(
    previous_sheet: dict | None,
    previous_sections: object,
    *,
    game: str,
    sheet: str,
    how: str,
    sections: tuple[SectionDigest, ...],
    pages: int,
    revision: str,
    reasons: tuple[str, ...],
) -> SheetChanges:
    """The change between a sheet's previous manifest entry (None: first build) and what was just made.

    `previous_sections` is the manifest's section list: the sheets of a game are made from one document.
    """
    before = _digests(previous_sections) if previous_sheet else ()
    old = {entry.id: entry for entry in before}
    new = {entry.id: entry for entry in sections}
    pages_before = previous_sheet.get("pages") if previous_sheet else None
    revision_before = previous_sheet.get("revision") if previous_sheet else None
    return SheetChanges(
        game=game,
        sheet=sheet,
        how=how,
        first_build=previous_sheet is None,
        added=tuple(entry for entry in sections if entry.id not in old) if previous_sheet else (),
        removed=tuple(entry for entry in before if entry.id not in new),
        modified=tuple(entry for entry in sections if entry.id in old and old[entry.id].digest != entry.digest),
        pages_before=pages_before if isinstance(pages_before, int) else None,
        pages_after=pages,
        revision_before=revision_before if isinstance(revision_before, str) else None,
        revision_after=revision,
        reasons=reasons,
    )


def describe(changes: SheetChanges) -> list[str]:
    """The change report of one sheet: a headline, then one line per section added, removed or modified."""
    name = f"{changes.game}/{changes.sheet}"
    plural = "s" if changes.pages_after != 1 else ""
    if changes.first_build:
        return [f"{name}: built, rev {changes.revision_after}, {changes.pages_after} page{plural} ({'; '.join(changes.reasons)})"]
    revision = (
        f"rev {changes.revision_before} -> {changes.revision_after}"
        if changes.content_changed
        else f"rev {changes.revision_after} (content unchanged)"
    )
    pages = f"{changes.pages_before if changes.pages_before is not None else '?'} -> {changes.pages_after} page{plural}"
    lines = [f"{name}: {changes.how}, {revision}, {pages} ({'; '.join(changes.reasons)})"]
    listed = [("modified", entry) for entry in changes.modified]
    listed += [("added", entry) for entry in changes.added]
    listed += [("removed", entry) for entry in changes.removed]
    for label, entry in listed[:MAX_LISTED]:
        lines.append(f"  {label:<8} {entry.id}  \"{entry.title}\"")
    if len(listed) > MAX_LISTED:
        lines.append(f"  ... and {len(listed) - MAX_LISTED} more section changes")
    if not listed:
        lines.append("  no section changed")
    return lines
