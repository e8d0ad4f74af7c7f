"""What a build did: the report that counts results and failures, owns the exit code and prints the summary line."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from pipeline.build.plan import SheetResult


@dataclass
class GameOutcome:
    game: str
    results: list[SheetResult] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    exit_code: int = 0
    # (sheet, message, exit code) for sheets that could not be made; the game's other sheets still are.
    failed_sheets: list[tuple[str, str, int]] = field(default_factory=list)


@dataclass
class BuildReport:
    """Counts what happened; owns the exit code and the closing summary line."""

    built: list[SheetResult] = field(default_factory=list)
    up_to_date: list[SheetResult] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    worst_exit: int = 0  # 2 when a game had bad input, 1 when a sheet could not be made

    @property
    def exit_code(self) -> int:
        return self.worst_exit if self.failed else 0

    def summary(self) -> str:
        parts = [f"{len(self.built)} sheet{'s' if len(self.built) != 1 else ''} built"]
        if self.up_to_date:
            parts.append(f"{len(self.up_to_date)} up to date")
        if self.failed:
            parts.append(f"{len(self.failed)} failed")
        if self.warnings:
            parts.append(f"{len(self.warnings)} warning{'s' if len(self.warnings) != 1 else ''}")
        return ", ".join(parts)


def record_outcome(report: BuildReport, outcome: GameOutcome, progress: Callable[[str], None]) -> None:
    if outcome.error is not None:
        report.failed.append((outcome.game, outcome.error))
        report.worst_exit = max(report.worst_exit, outcome.exit_code)
        progress(f"{outcome.game}: FAILED: {outcome.error}")
        return
    report.warnings.extend(outcome.warnings)
    for sheet, message, exit_code in outcome.failed_sheets:
        report.failed.append((f"{outcome.game}/{sheet}", message))
        report.worst_exit = max(report.worst_exit, exit_code)
        progress(f"{outcome.game}/{sheet}: FAILED: {message}")
    for result in outcome.results:
        if result.status == "up to date":
            report.up_to_date.append(result)
        else:
            report.built.append(result)
            for line in result.report:
                progress(line)
