"""`refsheets watch`: poll the games' inputs and, once they have been quiet for a moment, rebuild what changed.

Polling (file sizes and mtimes, ten times a second) rather than a watcher library: a few dozen files
cost nothing to stat, and polling behaves the same on every platform, network drive and editor that
saves by renaming. Each rebuild is an ordinary `build` (cache, lock, change report), so the two agree;
the process keeps the lemma table, the glossaries' taggers and the fonts loaded between them.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from pipeline.build.keys import is_input_file
from pipeline.errors import RefsheetsError
from pipeline.project import Project

if TYPE_CHECKING:
    from pipeline.desk.console import Console

Snapshot = dict[str, tuple[int, int]]


def snapshot(project: Project, game_ids: list[str]) -> Snapshot:
    """(mtime, size) of every file a build of `game_ids` may read: game folders, glossaries, templates."""
    folders = [project.sources / game_id for game_id in game_ids]
    files: list[Path] = []
    for folder in folders + [project.glossaries]:
        if folder.is_dir():
            files.extend(folder.iterdir())
    if project.templates.is_dir():
        files.extend(project.templates.rglob("*"))
    found: Snapshot = {}
    for path in files:
        try:
            if is_input_file(path):
                stat = path.stat()
                found[project.display(path)] = (stat.st_mtime_ns, stat.st_size)
        except OSError:  # deleted between listing and stat: the next poll sees it gone
            continue
    return found


def changed_paths(before: Snapshot, after: Snapshot) -> list[str]:
    return sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))


def watch(
    project: Project,
    game_ids: list[str] | None,
    *,
    out_dir: Path,
    paper: str | None = None,
    jobs: int = 1,
    interval: float = 0.1, quiet: float = 0.15,
    console: "Console | None" = None,
    should_stop: Callable[[], bool] = lambda: False,
) -> int:
    """Build now, then after every change (debounced by `quiet` seconds); returns the number of builds.

    `game_ids` None means every game, looked up again each round so a new game folder is picked up.
    A build that fails (a YAML file saved half-way, say) is reported and watching goes on.
    """
    from pipeline.build import build
    from pipeline.build.warm import keep_warm
    from pipeline.desk.console import Console  # the build's words: results on stdout, the rest on stderr

    def games() -> list[str]:
        return list(game_ids) if game_ids else project.game_ids()

    console = console or Console()

    def run() -> None:
        console.restart_clock()
        try:
            report = build(project, games(), out_dir=out_dir, paper=paper, jobs=jobs, progress=console.progress, notice=console.notice)
        except (RefsheetsError, OSError) as exc:  # an editor saving by rename, a half-copied file: keep watching
            console.close()
            console.error(str(exc))
            return
        console.build_report(report)
        console.forget()  # the next round says its warnings again

    last = snapshot(project, games())
    run()
    builds = 1
    keep_warm(project, games(), paper=paper)  # a save made meanwhile is in the next snapshot
    console.notice("ready: every save is rebuilt")
    while not should_stop():
        time.sleep(interval)
        current = snapshot(project, games())
        if current == last:
            continue
        # Debounce: an editor may write a file in several steps, or a user save several files.
        while True:
            time.sleep(quiet)
            settled = snapshot(project, games())
            if settled == current:
                break
            current = settled
        paths = changed_paths(last, current)
        shown = ", ".join(paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
        console.notice(f"changed: {shown}")
        last = current
        run()
        builds += 1
    return builds
