"""Where the command line's words go: results on stdout; progress, warnings and errors on stderr, each said once.

Progress is a bar with the elapsed time when stderr is a terminal (rich, imported only then) and plain
lines when it is piped or captured, so a log shows each game's stages. `verbosity` -1 (`--quiet`) keeps
errors and the summary only; 1 (`--verbose`) adds the sheets that were already up to date.
"""
from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Callable

import click

if TYPE_CHECKING:  # importing the build package would slow `--help`
    from pipeline.build.report import BuildReport, Progress
    from rich.progress import Progress as RichProgress

QUIET, NORMAL, VERBOSE = -1, 0, 1
CLOCK = time.monotonic  # tests pin it to print exact elapsed times


class Console:
    def __init__(self, *, verbosity: int = NORMAL, bar: bool | None = None, clock: Callable[[], float] | None = None) -> None:
        self.verbosity = verbosity
        self.clock = clock or CLOCK
        self.started = self.clock()
        self.bar = _stderr_is_terminal() if bar is None else bar
        self._said: set[str] = set()
        self._live: RichProgress | None = None  # the rich progress display, once a build has started

    # --- results (stdout)

    def result(self, line: str = "") -> None:
        click.echo(line)

    # --- diagnostics (stderr)

    def warning(self, message: str) -> None:
        if self.verbosity > QUIET:
            self._once(f"warning: {message}")

    def error(self, message: str) -> None:
        for line in message.splitlines() or [""]:  # every problem of a file, each on its own line
            self._once(f"error: {line}")

    def note(self, message: str) -> None:
        """Information about the input (how a source was read): said like a warning, but not one."""
        self.notice(f"note: {message}")

    def notice(self, message: str) -> None:
        if self.verbosity > QUIET:
            self._once(message)

    def forget(self) -> None:
        """Say every message again from now on (`watch` starts each round afresh)."""
        self._said.clear()

    def restart_clock(self) -> None:
        """Count the stages' times from now (`watch`: from the save that started the round, not the watch's start)."""
        self.started = self.clock()

    def _once(self, line: str) -> None:
        if line in self._said:
            return
        self._said.add(line)
        self.close()
        click.echo(line, err=True)

    # --- progress (stderr)

    def progress(self, event: Progress) -> None:
        from pipeline.build.report import Stage

        if self.verbosity <= QUIET:
            return
        if not event.game:
            what = "loading the lemma table, fonts and word lists" if event.stage == Stage.WARM else str(event.stage)
        else:
            what = f"{event.game}: {event.stage}" + (f" {event.sheet}" if event.sheet else "")
        if self.bar:
            self._draw(event, what)
            return
        number = min(event.done + 1, event.total) if event.stage not in (Stage.DONE, Stage.FAILED) else event.done
        click.echo(f"[{number}/{event.total}] {what} ({self.clock() - self.started:.1f} s)", err=True)

    def _draw(self, event: Progress, what: str) -> None:
        if self._live is None:
            from rich.console import Console as RichConsole
            from rich.progress import BarColumn, MofNCompleteColumn, Progress as RichProgress, TextColumn, TimeElapsedColumn

            self._live = RichProgress(
                TextColumn("{task.description:<40}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"), TimeElapsedColumn(),
                console=RichConsole(stderr=True), transient=True,
            )
            self._live.start()
            self._task = self._live.add_task(what, total=event.total)
        self._live.update(self._task, description=what, completed=event.done, total=event.total)

    def close(self) -> None:  # the bar stops (before a line is said, or for good); the next progress draws a new one
        if self._live is not None:
            self._live.stop()
            self._live = None

    # --- a build's report

    def build_report(self, report: BuildReport) -> None:
        """Per sheet what changed (stdout), then warnings and errors (stderr), then the summary line (stdout)."""
        from pipeline.build.changes import SheetStatus

        self.close()
        for result in report.sheets:
            if result.status == SheetStatus.UP_TO_DATE:
                if self.verbosity >= VERBOSE:
                    self.result(f"{result.game}/{result.sheet}: up to date, rev {result.revision}, {result.path}")
            elif self.verbosity > QUIET:
                for line in result.report:
                    self.result(line)
        if self.verbosity > QUIET:
            from pipeline.desk import likely_typos

            for game, count in report.typos.items():
                if count:
                    self.result(f"{game}: {likely_typos(game, count)}")
        for message in report.notices:
            self.note(message)
        for message in report.warnings:
            self.warning(message)
        for line in report.error_lines():
            self.error(line)
        self.result(report.summary())


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False
