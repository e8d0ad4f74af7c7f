"""Killed, interrupted and concurrent builds: the lock, valid outputs whenever a build dies, no process left behind."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.build.lock import build_lock

from .helpers import run

# Two small real games: a build of both lasts long enough to be killed in the middle.
GAMES = ("galaxy-defenders", "legendary-alien")
REFSHEETS = Path(sys.executable).parent / "refsheets"


@pytest.fixture(scope="module")
def built_base(tmp_path_factory: pytest.TempPathFactory, project_root: Path) -> Path:
    base = tmp_path_factory.mktemp("killed-base")
    for name in ("sources", "glossaries", "templates"):
        shutil.copytree(project_root / name, base / name)
    result = run(base, "build", *GAMES)
    assert result.exit_code == 0, result.output
    return base


@pytest.fixture
def built(built_base: Path, tmp_path: Path) -> Path:
    """A copy of the built project (outputs and cache included) that a test may change."""
    root = tmp_path / "project"
    shutil.copytree(built_base, root, symlinks=True)
    return root


def pdfs(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root / "output")): p.read_bytes() for p in sorted((root / "output").rglob("*.pdf"))}


def edit(root: Path, *games: str) -> None:
    for game in games:
        raw = root / f"sources/{game}/raw.txt"
        raw.write_bytes(raw.read_bytes() + b"\nOtra frase corregida del reglamento.\n")


def refsheets(root: Path, *args: str) -> list[str]:
    if not REFSHEETS.exists():
        pytest.skip("refsheets entry point not installed")
    return [str(REFSHEETS), "--root", str(root), *args]


def children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text(encoding="ascii", errors="replace")
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace").rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


# -- the lock ---------------------------------------------------------------------------------------------


def test_a_second_build_fails_clearly_with_no_wait(built: Path) -> None:
    with build_lock(built):
        result = run(built, "build", "--no-wait", *GAMES)
    assert result.exit_code == 2
    assert "error: .refsheets-cache/lock: another refsheets build is running in this project" in result.output
    assert "Traceback" not in result.output


def test_a_second_build_waits_for_the_first_by_default(built: Path) -> None:
    holding = threading.Event()

    def hold() -> None:
        with build_lock(built):
            holding.set()
            time.sleep(0.6)

    thread = threading.Thread(target=hold)
    thread.start()
    holding.wait()
    started = time.monotonic()
    result = run(built, "build", *GAMES)
    thread.join()
    assert result.exit_code == 0, result.output
    assert "waiting for it to finish" in result.output
    assert time.monotonic() - started >= 0.5


ORPHAN = """
import fcntl, os, sys, time
handle = open(sys.argv[1], "a+")
fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
handle.seek(0); handle.truncate(); handle.write(sys.argv[2] + " 0\\n"); handle.flush()
print(os.getpid(), flush=True)
time.sleep(60)
"""


def test_a_lock_still_held_is_never_taken_over_whatever_its_file_says(built: Path) -> None:
    """The lock file still names a build that is gone (a killed build's text) while a live process holds the lock:
    a new build has just taken it and not yet written its own pid, or a stray process holds it. Taking it over
    would let two builds run at once, so the second build waits (here: --no-wait, exit 2) and leaves the file."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # its pid is the dead build's
    lock = built / ".refsheets-cache" / "lock"
    holder = subprocess.Popen([sys.executable, "-c", ORPHAN, str(lock), str(gone.pid)], stdout=subprocess.PIPE, text=True)
    try:
        holder.stdout.readline()  # the lock is held
        inode = lock.stat().st_ino
        result = run(built, "build", "--no-wait", *GAMES)
        assert result.exit_code == 2, result.output
        assert "another refsheets build is running in this project" in result.output
        assert lock.stat().st_ino == inode  # not unlinked and replaced
    finally:
        holder.kill()
        holder.wait()
    result = run(built, "build", "--no-wait", *GAMES)  # the OS freed it with its holder
    assert result.exit_code == 0, result.output


def test_a_released_lock_names_no_build(built: Path) -> None:
    """A build clears its pid from the lock file before it lets the lock go: the next holder is never judged
    by the text of the one before."""
    with build_lock(built):
        assert (built / ".refsheets-cache" / "lock").read_text(encoding="utf-8").split()[0] == str(os.getpid())
    assert (built / ".refsheets-cache" / "lock").read_text(encoding="utf-8") == ""


# -- killed and interrupted builds ------------------------------------------------------------------------


def test_an_interrupted_build_keeps_previous_pdfs_and_a_consistent_cache(built: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pipeline.sheets
    from pipeline.build.cache import SheetCache

    before = pdfs(built)
    manifests = {p: p.read_bytes() for p in (built / "output").rglob("manifest.json")}
    edit(built, "galaxy-defenders")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pipeline.sheets, "render", interrupted)
    # The sentence added prints on no sheet, so the printed index would spare every sheet its typesetting:
    # here each stale sheet is typeset, and the interrupt comes while it is.
    monkeypatch.setattr(SheetCache, "reuse_printed", lambda self, *args, **kwargs: None)
    result = run(built, "build", *GAMES)
    assert result.exit_code == 130
    assert pdfs(built) == before
    assert {p: p.read_bytes() for p in manifests} == manifests
    assert not list(built.rglob(".*.tmp"))
    monkeypatch.undo()

    result = run(built, "build", *GAMES)
    assert result.exit_code == 0, result.output
    assert "galaxy-defenders/quickref: rebuilt" in result.output
    # Nothing of legendary-alien is made again (no stage, no sheet): the build only says its typos, as every build does.
    said = [line for line in result.output.splitlines() if "legendary-alien" in line]
    assert len(said) == 1 and said[0].endswith("likely typos — see `refsheets typos legendary-alien`"), said


def assert_outputs_valid(game_out: Path) -> None:
    for path in game_out.glob("*.pdf"):
        assert len(PdfReader(path).pages) >= 1, path
    json.loads((game_out / "manifest.json").read_text(encoding="utf-8"))


def _freeze_check_and_kill(command: list[str], game_out: Path) -> tuple[int, int]:
    """Run `command`, freezing it every ~5 ms: every 10th time its outputs are checked while it stands still;
    the first time a PDF of `game_out` has been replaced, it is killed where it stands. -> (exit code, checks)."""

    def pdf_times() -> dict[Path, int]:
        return {path: path.stat().st_mtime_ns for path in game_out.glob("*.pdf")}

    before = pdf_times()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    checks = polls = 0
    try:
        while process.poll() is None:
            time.sleep(0.005)
            process.send_signal(signal.SIGSTOP)
            if pdf_times() != before:
                process.send_signal(signal.SIGKILL)
                break
            polls += 1
            if polls % 10 == 0:
                assert_outputs_valid(game_out)
                checks += 1
            process.send_signal(signal.SIGCONT)
    finally:
        process.kill()
        process.wait()
    return process.returncode, checks


def test_killing_a_build_at_any_moment_leaves_valid_pdfs(built: Path) -> None:
    """SIGKILL runs none of our code, so what a kill leaves is what the disk holds at that instant. A real
    `refsheets build` is frozen (SIGSTOP) every few milliseconds and the game's outputs checked while it stands
    still, then killed for real the moment its first PDF is replaced, half-way through writing the game's
    outputs. (This samples more moments than killing three processes after fixed delays did, and pays spaCy's
    start-up once.)"""
    if not (Path(sys.executable).parent / "refsheets").exists():
        pytest.skip("refsheets entry point not installed")
    raw = built / "sources/galaxy-defenders/raw.txt"
    original = raw.read_text(encoding="utf-8")
    assert original.count("Juega en primer lugar") == 1  # a sentence on both of the game's sheets: both PDFs change
    game_out = built / "output/galaxy-defenders"
    command = [str(Path(sys.executable).parent / "refsheets"), "--root", str(built), "build", "galaxy-defenders"]
    for attempt in range(3):  # a machine busy elsewhere may let the build finish between two looks: edit again
        raw.write_text(original.replace("Juega en primer lugar", f"Juega el primero ({attempt})"), encoding="utf-8")
        code, checks = _freeze_check_and_kill(command, game_out)
        if code == -signal.SIGKILL:
            break
    assert code == -signal.SIGKILL, "the build finished each time before its first PDF was seen replaced"
    assert checks >= 5
    assert_outputs_valid(game_out)
    result = run(built, "build", "galaxy-defenders")
    assert result.exit_code == 0, result.output
    sheet = "".join(page.extract_text() or "" for page in PdfReader(game_out / "galaxy-defenders-quickref.pdf").pages)
    assert f"Juega el primero ({attempt})" in sheet
    settled = pdfs(built)
    again = run(built, "build", "galaxy-defenders")
    assert "0 rebuilt, 0 restored from cache" in again.output and pdfs(built) == settled
    assert not list(game_out.glob(".*.tmp"))


def test_workers_die_with_a_killed_parallel_build_and_free_the_lock(built: Path) -> None:
    command = refsheets(built, "build", "--jobs", "2", "--force", *GAMES)
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()

    def started() -> bool:
        workers.update(children(process.pid))
        return len(workers) >= 2

    try:
        assert wait_until(started, 60), "no workers started"
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        assert wait_until(lambda: not any(alive(pid) for pid in workers), 10), "workers outlived their build"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for pid in workers:  # never leave one running, whatever failed above
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    result = run(built, "build", "--no-wait", *GAMES)
    assert result.exit_code == 0, result.output
