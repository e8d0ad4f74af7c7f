"""The project's build lock (.refsheets-cache/lock): one build at a time writes a project's outputs and store.

A second build waits for the first (saying so once through `on_wait`), or with wait=False fails at once with
BuildLocked (exit 2): builds last seconds, and `watch`, a test run and a manual build often overlap. Only flock
decides: the OS releases the lock when its process dies (forked workers close their copies), and a lock flock
reports held is never taken over, whatever pid its file names (a killed build's text may still be there while a
new build has just taken the lock, and a pid of another pid namespace looks dead from here). The file is emptied
before the lock is let go, so the next holder is never judged by our text.
"""
from __future__ import annotations

import errno
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from pipeline.build.keys import CACHE_DIR
from pipeline.build.output import links_inside_project
from pipeline.errors import InputError

_held_lock: int | None = None  # the lock file's descriptor while this process holds it (workers.py closes it)


class BuildLocked(InputError):
    """Another build holds the project's lock (exit 2: try again when it has finished)."""


@contextmanager
def build_lock(root: Path, *, wait: bool = True, on_wait: Callable[[str], None] = lambda message: None) -> Iterator[None]:
    """Hold the build lock of the project at `root` for the duration of a build."""
    global _held_lock
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock, but every write is still atomic
        yield
        return
    folder = root / CACHE_DIR
    links_inside_project(root, folder, display=CACHE_DIR)  # every write of a build is under this lock
    handle = _acquire(fcntl, folder / "lock", wait=wait, on_wait=on_wait)
    _held_lock = handle.fileno()
    try:
        yield
    finally:
        _held_lock = None
        try:
            handle.truncate(0)
        finally:
            handle.close()


def _acquire(fcntl, path: Path, *, wait: bool, on_wait: Callable[[str], None]):
    """An open lock file this process holds the lock of, written with our pid."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a+", encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot create the build cache: {exc.strerror}", path=CACHE_DIR) from None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            handle.close()
            raise
        handle.seek(0)
        holder = _holder_words(handle.read().partition(" ")[0].strip())
        message = f"another refsheets build is running in this project ({holder})"
        if not wait:
            handle.close()
            raise BuildLocked(f"{message}; run the command again when it has finished", path=f"{CACHE_DIR}/lock") from None
        on_wait(f"{message}; waiting for it to finish")
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)  # the kernel wakes us when the holder lets go (or dies)
    handle.truncate(0)
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


def forget_inherited_lock() -> None:
    """In a forked worker: close the inherited descriptor of the parent's lock, so that only the parent holds it
    (flock is released when every descriptor of the open file is closed). /dev/null is put in its place, not a bare
    close, so the number is not reused while the inherited file object that still names it lives on."""
    global _held_lock
    if _held_lock is not None:
        try:
            null = os.open(os.devnull, os.O_RDWR)
            os.dup2(null, _held_lock)
            os.close(null)
        except OSError:
            pass
        _held_lock = None


def _holder_words(pid: str) -> str:
    """Who holds the lock, as far as its file tells: a pid no process has is a killed build's, and what holds the
    lock now is a process it left (a build's own workers close their copy: forget_inherited_lock)."""
    if not pid.isdigit():
        return "pid unknown"
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return f"or a process left by one: pid {pid}, which took the lock, is gone; end what it started if this lasts"
    except OSError:
        pass  # another user's process: alive
    return f"pid {pid}"
