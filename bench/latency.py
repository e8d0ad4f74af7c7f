"""`watch` latency: the time from saving a correction to the rebuilt sheets being in place.

A `refsheets watch GAME` runs in the background; once it says it is ready (or, for a version that does
not say so, a few seconds after its first build) each round appends one correction to the game's
corrections.yaml and waits for the build's summary line, which is printed after every file is written.
"""
from __future__ import annotations

import queue
import re
import subprocess
import threading
import time
from pathlib import Path

from measure import REFSHEETS, add_correction, rule_sentences

# BuildReport.summary(), the last line of a build: "3 rebuilt, 0 restored from cache, ..." (older: "3 sheets built").
SUMMARY = re.compile(r"^\d+ rebuilt, \d+ restored from cache|^\d+ sheets? built")
READY_WAIT = 20.0  # seconds to wait for "ready" after the first build


def _lines(process: subprocess.Popen) -> queue.Queue:
    """The process's output, line by line, as it comes (a thread reads it; None at the end)."""
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for line in process.stdout:
            lines.put(line.rstrip())
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    return lines


def _wait_for(lines: queue.Queue, pattern: re.Pattern[str], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            return False
        if line is None:
            return False
        if pattern.search(line):
            return True
    return False


def watch_latency(project: Path, game: str, *, rounds: int) -> list[float]:
    """Seconds from each save to its rebuild's summary line, in a warm `refsheets watch GAME`."""
    sentences = rule_sentences(project, game)
    # The summary goes to stdout, the notices ("ready") to stderr: read both as one stream.
    process = subprocess.Popen(
        [REFSHEETS, "--root", str(project), "watch", game], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    )
    lines = _lines(process)
    try:
        if not _wait_for(lines, SUMMARY, 300):
            raise SystemExit("watch: no first build")
        _wait_for(lines, re.compile(r"^ready"), READY_WAIT)
        seconds = []
        for attempt in range(rounds):
            start = time.perf_counter()
            add_correction(project, game, sentences[attempt % len(sentences)], 100 + attempt)
            if not _wait_for(lines, SUMMARY, 120):
                raise SystemExit("watch: no rebuild after a save")
            seconds.append(time.perf_counter() - start)
        return seconds
    finally:
        process.terminate()
        process.wait(timeout=30)
