"""Every reader fed damaged copies of a valid document (fuzz.py): a RawText or one-line InputError naming the
file, never another exception, and never slow. `make test` runs a few mutants per reader (seconds);
`make fuzz` runs many (REFSHEETS_FUZZ_RUNS, from REFSHEETS_FUZZ_FROM). A crash a long run finds is fixed and
its (reader, seed) pinned in PINNED, so it is tried on every run from then on."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from .fuzz import READERS, mutant, read_mutant

RUNS = int(os.environ.get("REFSHEETS_FUZZ_RUNS", "8"))
FIRST = int(os.environ.get("REFSHEETS_FUZZ_FROM", "0"))
SLOW = 10.0  # seconds for one mutant: far past any reader's time on these small fixtures (a hang, or work unbounded)
HANG = 60  # seconds after which a mutant is stopped (a BaseException: no reader's `except Exception` takes it)


class _Hang(BaseException):
    pass


def _stop(signum, frame) -> None:
    raise _Hang
# (reader, seed) pairs that once failed, each with what it found.
PINNED: list[tuple[str, int]] = [
    ("epub", 172),  # a flipped bit inside a deflated part: zlib.error, which package.py did not catch
    ("pdf", 232),  # a MediaBox 1e23 points wide: pdfminer's layout grid looped for ever (pdf._layouts)
]


def _failure(reader: str, seed: int, folder: Path) -> str | None:
    case = mutant(reader, seed)
    started = time.monotonic()
    previous = signal.signal(signal.SIGALRM, _stop)
    signal.alarm(HANG)
    try:
        read_mutant(case, folder)
    except _Hang:
        return f"{reader} seed {seed} ({case.how}): stopped after {HANG} s"
    except Exception as exc:  # noqa: BLE001 - any exception but InputError is the finding
        return f"{reader} seed {seed} ({case.how}): {type(exc).__name__}: {str(exc)[:200]}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    seconds = time.monotonic() - started
    return f"{reader} seed {seed} ({case.how}): {seconds:.1f} s" if seconds > SLOW else None


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_reader_answers_every_mutant_of_its_fixture(reader: str, tmp_path: Path) -> None:
    failures = [found for seed in range(FIRST, FIRST + RUNS) if (found := _failure(reader, seed, tmp_path))]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(("reader", "seed"), PINNED or [pytest.param("txt", 0, marks=pytest.mark.skip(reason="none pinned yet"))])
def test_a_pinned_mutant_is_answered(reader: str, seed: int, tmp_path: Path) -> None:
    assert _failure(reader, seed, tmp_path) is None
