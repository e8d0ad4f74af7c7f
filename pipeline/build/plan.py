"""What a build must do for a game, decided from file hashes only (no cleaning, no spaCy, no reportlab)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.build.changes import SheetStatus
from pipeline.build.keys import ParseMemo, SheetKey, game_inputs, sheet_key
from pipeline.build.manifest import manifest_sheet, read_manifest, same_bytes
from pipeline.project import GameConfig, Project
from pipeline.store import digest


def sheet_file(game_id: str, sheet: str, *, paper: str | None = None, default_paper: str | None = None) -> str:
    """`leaving-earth-quickref.pdf`; on a paper other than the game's own, `leaving-earth-quickref-letter.pdf`.

    Naming the paper keeps a Letter build beside the A4 one instead of overwriting it.
    """
    suffix = f"-{paper}" if paper and default_paper and paper != default_paper else ""
    return f"{game_id}-{sheet}{suffix}.pdf"


def report_file(game_id: str) -> str:
    return f"{game_id}-cleaning-report.tsv"


def proof_file(game_id: str) -> str:
    return f"{game_id}-proof.html"


def proof_key(plan: "GamePlan") -> str:
    """What a game's proof page is made from: its sheets' keys (game inputs, glossaries, templates, refsheets)."""
    return digest("proof", [key.digest for key in plan.keys])


@dataclass
class SheetResult:
    game: str
    sheet: str
    path: str
    pages: int
    revision: str
    status: SheetStatus = SheetStatus.BUILT
    report: tuple[str, ...] = ()  # the change report lines (empty when up to date)
    paper: str = ""
    # The sheet's own warnings (a glyph its fonts lack, a recipe override that matched nothing): this build's, or
    # when it is up to date those the build that made it recorded in the manifest.
    warnings: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "sheet": self.sheet,
            "paper": self.paper,
            "file": self.path,
            "status": self.status,
            "pages": self.pages,
            "revision": self.revision,
            "changes": list(self.report),
            "warnings": list(self.warnings),
        }


def say_again(recorded: tuple[str, ...], warnings: list[str]) -> None:
    """Add warnings an earlier build recorded to `warnings`, marked as from an earlier build, each once and not when
    this build said it too: every build that leaves a sheet or a game be says them, so none is lost in silence."""
    for message in recorded:
        marked = f"{message} (from an earlier build)"
        if message not in warnings and marked not in warnings:
            warnings.append(marked)


@dataclass(frozen=True)
class GamePlan:
    """What a game needs, decided from file hashes only (no cleaning, no spaCy, no reportlab)."""

    game: str
    keys: tuple[SheetKey, ...]  # every sheet, in game.yaml order
    default_paper: str  # the game's own paper (game.yaml): sheets on another paper say it in their file name
    stale: tuple[str, ...]  # sheets to make (restore from the cache, or render)
    fresh: tuple[SheetResult, ...]  # sheets whose output is already the one their key names
    refresh: bool  # anything to write at all (a stale sheet, a missing cleaning report, a changed sheet list)
    config: GameConfig | None = None  # the game's configuration when this process read it (else the worker reads it)
    warnings: tuple[str, ...] = ()  # e.g. a damaged manifest, ignored
    typos: int = 0  # the suspected typos its manifest records (the proof page's count when it was made)
    # The warnings about the game's text its manifest records (a cp1252 source, a missing icon, a hint that matches
    # nothing): true while its inputs are unchanged, so a build that makes nothing says them again.
    recorded: tuple[str, ...] = ()


def recorded_warnings(entry: dict | None) -> tuple[str, ...]:
    """The warnings a manifest entry records for its sheet, or a manifest for its game's text (none from a manifest
    written before they were kept)."""
    found = (entry or {}).get("warnings")
    return tuple(message for message in found if isinstance(message, str)) if isinstance(found, list) else ()


def plan_game(project: Project, game_id: str, *, out_dir: Path, paper: str | None, force: bool, memo: ParseMemo) -> GamePlan:
    game_paper, sheets = memo.game_sheets(project, game_id)
    inputs = game_inputs(project, game_id)
    game_out = out_dir / game_id
    problems: list[str] = []
    manifest = read_manifest(game_out, problems=problems)
    keys, stale, fresh = [], [], []
    for sheet in sheets:
        key = sheet_key(project, game_id, sheet, paper=paper or game_paper, inputs=inputs, memo=memo)
        keys.append(key)
        path = game_out / sheet_file(game_id, sheet.name, paper=key.paper, default_paper=game_paper)
        entry = manifest_sheet(manifest, sheet.name, file=path.name)
        if force or entry is None or entry.get("key") != key.digest or not same_bytes(path, entry.get("pdf_sha256")):
            stale.append(sheet.name)
        else:
            fresh.append(
                SheetResult(
                    game_id, sheet.name, project.display(path), int(entry.get("pages", 0)), str(entry.get("revision", "")),
                    SheetStatus.UP_TO_DATE, paper=key.paper, warnings=recorded_warnings(entry),
                )
            )
    # Entries of the same sheets on the other paper may sit beside these; they do not make this build stale.
    wanted = [sheet_file(game_id, key.sheet, paper=key.paper, default_paper=game_paper) for key in keys]
    entries = manifest["sheets"] if manifest else []
    listed = [entry.get("file") for entry in entries if isinstance(entry, dict) and entry.get("file") in wanted]
    complete = (
        manifest is not None
        and listed == wanted
        and same_bytes(game_out / report_file(game_id), manifest.get("cleaning_report_sha256"))
        and (game_out / proof_file(game_id)).is_file()
    )
    shown = project.display(game_out / "manifest.json")
    warnings = tuple(f"{shown}: damaged ({damage}); ignored, and written again" for damage in problems)
    return GamePlan(
        game_id, tuple(keys), game_paper, tuple(stale), tuple(fresh), refresh=bool(stale) or not complete,
        config=memo.configs.get(game_id), warnings=warnings, typos=_recorded_typos(manifest), recorded=recorded_warnings(manifest),
    )


def _recorded_typos(manifest: dict | None) -> int:
    found = (manifest or {}).get("typos")
    return found if isinstance(found, int) and not isinstance(found, bool) else 0
