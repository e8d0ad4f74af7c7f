"""Build workers die with the build that started them and never hold its lock: a killed build leaves nothing behind.

`kill -9` of a `build --jobs N` parent gives its workers no chance to be told; on Linux the kernel kills them
(prctl PR_SET_PDEATHSIG), elsewhere (or if that fails) a watchdog thread notices the parent is gone. Each
worker also closes its inherited copy of the lock file, so the lock is free the moment the parent dies.
"""
from __future__ import annotations

import os
import signal
import sys
import threading
import time

from pipeline.build import cache

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
WATCH_SECONDS = 0.5


def start_worker(parent: int) -> None:
    """ProcessPoolExecutor initializer: tie this worker's life to `parent`'s."""
    cache.forget_inherited_lock()
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
