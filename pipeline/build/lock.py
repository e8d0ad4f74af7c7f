"""The project's build lock (.refsheets-cache/lock): one build at a time writes a project's outputs and store. Only
flock decides (the OS frees it with its process; a held lock is never taken over); the file names the holder's pid."""
from __future__ import annotations

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
    """Hold the lock for a build: a second build waits (said once through `on_wait`), or with wait=False fails with
    BuildLocked. The pid is emptied from the file before the lock is let go. Not POSIX: no lock, writes stay atomic."""
    global _held_lock
    try:
        import fcntl
    except ImportError:
        yield
        return
    links_inside_project(root, root / CACHE_DIR, display=CACHE_DIR)  # every write of a build is under this lock
    try:
        (root / CACHE_DIR).mkdir(parents=True, exist_ok=True)
        handle = os.open(root / CACHE_DIR / "lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise InputError(f"cannot create the build cache: {exc.strerror}", path=CACHE_DIR) from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            message = f"another refsheets build is running in this project ({_holder(os.pread(handle, 32, 0))})"
            if not wait:
                raise BuildLocked(f"{message}; run the command again when it has finished", path=f"{CACHE_DIR}/lock") from None
            on_wait(f"{message}; waiting for it to finish")
            fcntl.flock(handle, fcntl.LOCK_EX)  # the kernel wakes us when the holder lets go (or dies)
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
        _held_lock = handle
        try:
            yield
        finally:
            os.ftruncate(handle, 0)
    finally:
        _held_lock = None
        os.close(handle)


def forget_inherited_lock() -> None:
    """In a forked worker: close the inherited descriptor, so that only the parent holds the lock."""
    global _held_lock
    if _held_lock is not None:
        os.close(_held_lock)
        _held_lock = None


def _holder(text: bytes) -> str:
    """Who holds the lock, as its file says: a pid no process has is a killed build's, the holder a process it left."""
    pid = text.decode("ascii", "replace").partition(" ")[0].strip()
    if not pid.isdigit():
        return "pid unknown"
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return f"or a process left by one: pid {pid}, which took the lock, is gone; end what it started if this lasts"
    except OSError:
        pass  # another user's process: alive
    return f"pid {pid}"
