"""Progress from the pool's workers: a queue the forked workers inherit, read by a thread of the parent.

Workers cannot call the parent's progress sink, and a queue cannot be handed to them as an argument; but a
worker forked after the queue exists inherits it. Where processes are not forked (spawn), the relay is
off and the pool reports each game's start and end only.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING, Callable, Iterator

if TYPE_CHECKING:
    from pipeline.build.report import Stage

_QUEUE = None  # set in the parent while a pool runs; inherited by its forked workers


def worker_stage(game: str) -> Callable[[Stage, str], None] | None:
    """In a worker: the stage sink that sends (game, stage, sheet) to the parent, or None without a relay."""
    queue = _QUEUE
    if queue is None:
        return None
    return lambda stage, sheet: queue.put((game, stage, sheet))


@contextmanager
def relay(context, on_stage: Callable[[str, Stage, str], None]) -> Iterator[bool]:
    """While open, (game, stage, sheet) sent by forked workers reach `on_stage`; yields whether it is on."""
    global _QUEUE
    if context.get_start_method() != "fork":
        yield False
        return
    queue = context.Queue()
    # A worker killed while it wrote to the queue (kill -9, out of memory) leaves the queue's shared write lock
    # held for good: this process then never writes to it (no sentinel: the reader polls `stop`), and its exit
    # does not wait for the queue's feeder thread.
    queue.cancel_join_thread()
    stop = threading.Event()
    thread = threading.Thread(target=_drain, args=(queue, on_stage, stop), daemon=True)
    _QUEUE = queue
    thread.start()
    try:
        yield True
    finally:
        _QUEUE = None
        stop.set()
        thread.join(timeout=5)
        queue.close()


def _drain(queue, on_stage: Callable[[str, Stage, str], None], stop: threading.Event) -> None:
    from queue import Empty

    while True:
        try:
            item = queue.get(timeout=POLL_SECONDS)
        except Empty:
            if stop.is_set():
                return
            continue
        except (OSError, EOFError, ValueError):
            return  # the queue was closed, or a killed worker left it cut short
        on_stage(*item)


POLL_SECONDS = 0.05
