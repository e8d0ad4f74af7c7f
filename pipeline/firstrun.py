"""Per-user data made the first time refsheets runs on a machine (the word lists, the word frequencies: 10-30 s
together on a slow machine): each maker says what it prepares and how long it took, so a
first build is never silent. The command line's console listens; a library caller hears nothing unless it asks.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Callable, Iterator

_LISTENERS: list[Callable[[str], None]] = []


def listen(sink: Callable[[str], None]) -> None:
    """Say what is being prepared to `sink` from now on (the last listener given is the one told)."""
    _LISTENERS[:] = [sink]


@contextmanager
def preparing(what: str, where: object = None) -> Iterator[None]:
    """Tell the listener that `what` is being made (once per user and library version) and, after, how long it took."""
    sink = _LISTENERS[0] if _LISTENERS else None
    started = time.perf_counter()
    if sink is not None:
        place = f" in {where}" if where else ""
        sink(f"preparing {what}{place} (done once per user and library version; this takes a few seconds)...")
    yield
    if sink is not None:
        sink(f"prepared {what} ({time.perf_counter() - started:.1f} s)")
