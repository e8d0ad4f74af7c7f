"""Build workers die with the build that started them and never hold its lock: a killed build leaves nothing behind.

`kill -9` of a `build --jobs N` parent gives its workers no chance to be told; on Linux the kernel kills them
(prctl PR_SET_PDEATHSIG), elsewhere (or if that fails) a watchdog thread notices the parent is gone. Each
worker also closes its inherited copy of the lock file, so the lock is free the moment the parent dies.
A worker killed while the build goes on (the out-of-memory killer, kill -9) breaks the pool: each worker notes
which game it runs, so the build fails that game only and makes the others again (killed_games).
"""
from __future__ import annotations

import os
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Callable

from pipeline.build import lock
from pipeline.build.report import GameOutcome, Progress, ProgressSink, Stage

if TYPE_CHECKING:
    from pipeline.build.plan import GamePlan

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
WATCH_SECONDS = 0.5


# In a worker: the pool's shared array, game index -> pid of the worker that took that game (0: not started).
_RUNNING = None


def start_worker(parent: int, running=None) -> None:
    """ProcessPoolExecutor initializer: tie this worker's life to `parent`'s; `running` is the pool's array."""
    global _RUNNING
    _RUNNING = running
    lock.forget_inherited_lock()
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the tie was made
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="parent-watchdog", daemon=True).start()


def _die_with_parent() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the watchdog still stops this worker


def _watch(parent: int) -> None:
    # A worker is re-parented (to init or a subreaper) when its parent dies: then it has nothing left to do.
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def run_game(index: int, make_game: Callable, *args, **kwargs):
    """In a worker: note that this process makes game number `index`, then make it (build.game.make_game)."""
    if _RUNNING is not None:
        _RUNNING[index] = os.getpid()
    return make_game(*args, **kwargs)


def broken(future) -> bool:
    """Whether the pool broke (a worker was killed) before `future`'s game was made; waits for it."""
    from concurrent.futures.process import BrokenProcessPool

    return isinstance(future.exception(), BrokenProcessPool)


def after_a_killed_worker(
    work: list, futures: dict, running, processes: dict, make: Callable[[GamePlan, Callable], GameOutcome], *, progress: ProgressSink
) -> dict[str, GameOutcome]:
    """The outcomes of the games a broken pool left unmade: the killed worker's game fails, the others are made
    again by `make(plan, stage)` in this process, one after the other (when the killed one cannot be told, all are)."""
    unmade = {index: plan.game for index, plan in enumerate(work) if broken(futures[plan.game])}
    killed = killed_games(unmade, running, processes)
    outcomes = {}
    for index, game in unmade.items():
        if game in killed:
            message = f"{game}: a worker process was killed (out of memory?) while it made this game; build it again"
            outcomes[game] = GameOutcome(game, error=message, exit_code=1)
            continue

        def stage(name: Stage, sheet: str, game: str = game) -> None:
            progress(Progress(game, name, 0, len(work), sheet))

        outcomes[game] = make(work[index], stage)
    return outcomes


def killed_games(games: dict[int, str], running, processes: dict) -> set[str]:
    """Of `games` (index -> game whose future a broken pool failed), those a killed worker was making.

    When one worker dies the pool stops the others with SIGTERM; a worker that ended any other way (SIGKILL
    from the out-of-memory killer, a crash) was killed while making the game its pid is noted against.
    `processes` (pid -> multiprocessing.Process) must have been joined. Empty when it cannot be told.
    """
    killed = set()
    for index, game in games.items():
        process = processes.get(running[index]) if running[index] else None
        code = None if process is None else process.exitcode
        if code is not None and code != -signal.SIGTERM:
            killed.add(game)
    return killed
