"""What a build must do for a game, decided from file hashes only (no cleaning, no spaCy, no reportlab)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.build.keys import ParseMemo, SheetKey, game_inputs, sheet_key
from pipeline.build.manifest import manifest_sheet, read_manifest, same_bytes
from pipeline.project import Project


def sheet_file(game_id: str, sheet: str) -> str:
    return f"{game_id}-{sheet}.pdf"


def report_file(game_id: str) -> str:
    return f"{game_id}-cleaning-report.tsv"


@dataclass
class SheetResult:
    game: str
    sheet: str
    path: str
    pages: int
    revision: str
    status: str = "built"  # "built" (rendered), "restored" (from the cache) or "up to date" (untouched)
    report: tuple[str, ...] = ()  # the change report lines (empty when up to date)


@dataclass(frozen=True)
class GamePlan:
    """What a game needs, decided from file hashes only (no cleaning, no spaCy, no reportlab)."""

    game: str
    keys: tuple[SheetKey, ...]  # every sheet, in game.yaml order
    stale: tuple[str, ...]  # sheets to make (restore from the cache, or render)
    fresh: tuple[SheetResult, ...]  # sheets whose output is already the one their key names
    refresh: bool  # anything to write at all (a stale sheet, a missing cleaning report, a changed sheet list)


def plan_game(project: Project, game_id: str, *, out_dir: Path, paper: str | None, force: bool, memo: ParseMemo) -> GamePlan:
    game_paper, sheets = memo.game_sheets(project, game_id)
    inputs = game_inputs(project, game_id)
    game_out = out_dir / game_id
    manifest = read_manifest(game_out)
    keys, stale, fresh = [], [], []
    for sheet in sheets:
        key = sheet_key(project, game_id, sheet, paper=paper or game_paper, inputs=inputs, memo=memo)
        keys.append(key)
        entry = manifest_sheet(manifest, sheet.name)
        path = game_out / sheet_file(game_id, sheet.name)
        if force or entry is None or entry.get("key") != key.digest or not same_bytes(path, entry.get("pdf_sha256")):
            stale.append(sheet.name)
        else:
            fresh.append(
                SheetResult(game_id, sheet.name, project.display(path), int(entry.get("pages", 0)), str(entry.get("revision", "")), "up to date")
            )
    listed = [entry.get("name") for entry in manifest["sheets"] if isinstance(entry, dict)] if manifest else []
    complete = (
        manifest is not None
        and listed == [key.sheet for key in keys]
        and same_bytes(game_out / report_file(game_id), manifest.get("cleaning_report_sha256"))
    )
    return GamePlan(game_id, tuple(keys), tuple(stale), tuple(fresh), refresh=bool(stale) or not complete)
