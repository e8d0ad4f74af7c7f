"""What a build did: progress events while it works, and the report that counts results, owns the exit code and says the summary."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Callable

from pipeline.build.changes import SheetStatus
from pipeline.build.plan import SheetResult, say_again
from pipeline.errors import RefsheetsError, from_os_error

class Stage(StrEnum):
    """The stages a game goes through, in order, as progress events name them. WARM (no game) is the pool loading
    the lemma table, fonts and word lists once before its workers start."""

    WARM = "warm"
    LOAD = "load"
    CLEAN = "clean"
    SPLIT = "split"
    TAG = "tag"
    TYPESET = "typeset"
    RESTORE = "restore"
    WRITE = "write"
    PROOF = "proof"
    DONE = "done"
    FAILED = "failed"


@dataclass(frozen=True)
class Progress:
    """One step of a build: `game` entered `stage` (for typeset/restore, `sheet` says which)."""

    game: str
    stage: Stage
    done: int  # games finished so far
    total: int  # games this build makes (up-to-date games are not counted)
    sheet: str = ""


ProgressSink = Callable[[Progress], None]


def no_progress(event: Progress) -> None:
    """The default sink: a library caller that wants no progress."""


@dataclass
class GameOutcome:
    game: str
    results: list[SheetResult] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)  # information (how a source was read): said, not counted
    error: str | None = None
    exit_code: int = 0
    # (sheet, message, exit code) for sheets that could not be made; the game's other sheets still are.
    failed_sheets: list[tuple[str, str, int]] = field(default_factory=list)
    typos: int = 0  # suspected typos in its text (its proof page lists them)


@dataclass(frozen=True)
class Failure:
    name: str  # "game" or "game/sheet"
    message: str
    exit_code: int


@dataclass
class BuildReport:
    """Counts what happened; owns the exit code and the closing summary line."""

    sheets: list[SheetResult] = field(default_factory=list)  # in build order, whatever their status
    failures: list[Failure] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)  # said as notes, never counted as warnings nor failing --strict
    typos: dict[str, int] = field(default_factory=dict)  # game -> suspected typos in its text, this build's or its manifest's

    def _with(self, *statuses: SheetStatus) -> list[SheetResult]:
        return [result for result in self.sheets if result.status in statuses]

    @property
    def rebuilt(self) -> list[SheetResult]:
        return self._with(SheetStatus.BUILT)

    @property
    def restored(self) -> list[SheetResult]:
        return self._with(SheetStatus.RESTORED)

    @property
    def up_to_date(self) -> list[SheetResult]:
        """Untouched, or made again to the bytes their file already held ("same content")."""
        return self._with(SheetStatus.UP_TO_DATE, SheetStatus.SAME_CONTENT)

    @property
    def failed(self) -> list[tuple[str, str]]:
        return [(failure.name, failure.message) for failure in self.failures]

    @property
    def exit_code(self) -> int:
        return max((failure.exit_code for failure in self.failures), default=0)

    def summary(self) -> str:
        """'3 rebuilt, 1 restored from cache, 7 up to date, 0 failed' (and the warnings, when any)."""
        line = (
            f"{len(self.rebuilt)} rebuilt, {len(self.restored)} restored from cache, "
            f"{len(self.up_to_date)} up to date, {len(self.failures)} failed"
        )
        if self.warnings:
            line += f", {len(self.warnings)} warning{'s' if len(self.warnings) != 1 else ''}"
        return line

    def error_lines(self) -> list[str]:
        """Each distinct error once: a broken common.yaml fails every game with the same words."""
        names: dict[str, list[str]] = {}
        for failure in self.failures:
            names.setdefault(failure.message, []).append(failure.name)
        lines = []
        for message, failed in names.items():
            if len(failed) > 1:
                lines.append(f"{message} (failed: {', '.join(failed)})")
            elif any(part and part in message for part in failed[0].split("/")[:1]):
                lines.append(message)  # the message already names the game (a path or 'game/sheet: ...')
            else:
                lines.append(f"{failed[0]}: {message}")
        return lines

    def add_sheets(self, results: list[SheetResult] | tuple[SheetResult, ...]) -> None:
        """Results in build order; an up-to-date sheet's recorded warnings said again, each once, unless this build said them."""
        self.sheets.extend(results)
        for result in results:
            if result.status == SheetStatus.UP_TO_DATE:
                say_again(result.warnings, self.warnings)

    def to_json(self) -> dict:
        return {
            "sheets": [result.to_json() for result in self.sheets],
            "failed": [{"name": f.name, "error": f.message, "exit_code": f.exit_code} for f in self.failures],
            "warnings": list(self.warnings),
            "notices": list(self.notices),
            "typos": dict(self.typos),
            "summary": {
                "rebuilt": len(self.rebuilt),
                "restored": len(self.restored),
                "up_to_date": len(self.up_to_date),
                "failed": len(self.failures),
            },
        }


def record_outcome(report: BuildReport, outcome: GameOutcome) -> None:
    if outcome.error is not None:
        report.failures.append(Failure(outcome.game, outcome.error, outcome.exit_code))
        return
    for message in outcome.warnings:
        if message not in report.warnings:  # a glossary warning shared by several games is said once
            report.warnings.append(message)
    report.notices += [message for message in outcome.notices if message not in report.notices]
    for sheet, message, exit_code in outcome.failed_sheets:
        report.failures.append(Failure(f"{outcome.game}/{sheet}", message, exit_code))
    report.add_sheets(outcome.results)
    if outcome.results:  # (a game none of whose sheets could be made wrote no proof page)
        report.typos[outcome.game] = outcome.typos


def failed_game(game: str, exc: Exception, *, root: Path, debug: bool = False) -> GameOutcome:
    """Any error while reading or making one game, as that game's failure: the others are still built.

    Our errors keep their message and exit code; an OSError (permissions, I/O) names its file relative to
    the project (exit 1); memory, nesting or a number past what can be held is the game's input (exit 2);
    anything else is a bug, said so (exit 1), or raised again with `debug`.
    """
    if debug and not isinstance(exc, RefsheetsError):
        raise exc
    if isinstance(exc, OSError):
        exc = from_os_error(exc, display=lambda name: _relative(name, root))
    if isinstance(exc, (MemoryError, RecursionError, OverflowError)):
        # Past what the readers bound (ingest/limits.py) but still this game's input: its error, not a bug's.
        from pipeline.ingest.limits import out_of_resources

        exc = out_of_resources(exc, display=f"sources/{game}")
    if isinstance(exc, RefsheetsError):
        return GameOutcome(game, error=str(exc), exit_code=exc.exit_code)
    detail = f"{type(exc).__name__}: {str(exc)[:300]}"
    return GameOutcome(game, error=f"{game}: internal error ({detail}); please report it, rerun with --debug for details", exit_code=1)


def outcome_of(future, game: str, *, root: Path, debug: bool = False) -> GameOutcome:
    """A pool worker's outcome for `game`, or that game's failure when the worker died (killed, out of memory)."""
    try:
        return future.result()
    except Exception as exc:  # noqa: BLE001 - see failed_game
        return failed_game(game, exc, root=root, debug=debug)


def _relative(name: str, root: Path) -> str:
    path = Path(name)
    try:
        return str(path.resolve().relative_to(root.resolve())) if path.is_absolute() else name
    except ValueError:
        return name
