"""One game that cannot be read or made fails alone: the others are built, the summary is printed, the exit is non-zero."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from .helpers import run, snapshot


def refuse(monkeypatch: pytest.MonkeyPatch, method: str, name: str, game: str = "tiny") -> None:
    """Make Path.<method> fail with "Permission denied" for sources/<game>/<name>, as chmod 000 would for
    a user other than root (the tests may run as root, whom chmod does not stop)."""
    original = getattr(Path, method)

    def refused(self: Path, *args, **kwargs):
        if self.name == name and self.parent.name == game:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Path, method, refused)


def refuse_open(monkeypatch: pytest.MonkeyPatch, name: str, game: str = "tiny") -> None:
    """Make os.open fail with "Permission denied" for sources/<game>/<name> (how a source is read: see refuse())."""
    original = os.open

    def refused(path, *args, **kwargs):
        if Path(path).name == name and Path(path).parent.name == game:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return original(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refused)


def assert_only_tiny_failed(result, *fragments: str, code: int) -> None:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.output, result.output
    # "restored from cache": a killed worker breaks the pool, so a game another worker had finished is made again
    # here, and its sheet comes from the cache that worker filled.
    made = ("otro/quickref: rebuilt", "otro/quickref: built", "otro/quickref: restored from cache")
    assert any(line in result.output for line in made), result.output
    assert "1 failed" in result.output.splitlines()[-1], result.output


def touch_both(root: Path) -> None:
    for game in ("tiny", "otro"):
        path = root / "sources" / game / "raw.txt"
        added = "\nEl jugador activo roba otra carta de amenaza al final de su turno.\n"
        path.write_text(path.read_text(encoding="utf-8") + added, encoding="utf-8")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_unreadable_raw_txt_fails_its_game_only(two_games: Path, monkeypatch: pytest.MonkeyPatch, jobs: str) -> None:
    touch_both(two_games)
    refuse_open(monkeypatch, "raw.txt")
    result = run(two_games, "build", "--jobs", jobs)
    # Bad input, not a failed build (exit 2), and the message says what to do.
    assert_only_tiny_failed(
        result, "error: sources/tiny/raw.txt: cannot read: permission denied: give yourself read permission (chmod u+r", code=2
    )
    assert str(two_games) not in result.output  # project-relative paths only


def test_an_unreadable_game_yaml_fails_build_and_list_for_that_game_only(two_games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (two_games / "sources" / "tiny" / "game.yaml").write_text("title_es: Tiny\n", encoding="utf-8")
    touch_both(two_games)
    refuse(monkeypatch, "read_text", "game.yaml")
    result = run(two_games, "build")
    assert_only_tiny_failed(result, "error: sources/tiny/game.yaml: cannot read: Permission denied", code=1)
    listed = run(two_games, "list")
    assert listed.exit_code == 1, listed.output
    assert "otro\tOtro\tquickref" in listed.output
    assert "error: sources/tiny/game.yaml: cannot read: Permission denied" in listed.output


def test_an_invalid_game_yaml_lists_the_other_games(two_games: Path) -> None:
    (two_games / "sources" / "tiny" / "game.yaml").write_text("title_es: [unclosed\n", encoding="utf-8")
    listed = run(two_games, "list")
    assert listed.exit_code == 2, listed.output
    assert "otro\tOtro\tquickref" in listed.output and "error: sources/tiny/game.yaml:" in listed.output


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bug_in_one_game_is_reported_and_the_others_are_built(two_games: Path, monkeypatch: pytest.MonkeyPatch, jobs: str) -> None:
    import pipeline.clean

    original = pipeline.clean.clean

    def broken(raw, **kwargs):
        if raw.game == "tiny":
            raise ValueError("simulated bug")
        return original(raw, **kwargs)

    # build/stages.py imports `clean` from pipeline.clean when a game is cleaned, so the stand-in goes there.
    monkeypatch.setattr(pipeline.clean, "clean", broken)
    touch_both(two_games)
    result = run(two_games, "build", "--jobs", jobs)
    assert_only_tiny_failed(result, "error: tiny: internal error (ValueError: simulated bug); please report it", code=1)


def test_a_failed_game_keeps_its_previous_outputs(two_games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = snapshot(two_games / "output" / "tiny")
    touch_both(two_games)
    refuse_open(monkeypatch, "raw.txt")
    run(two_games, "build")
    assert snapshot(two_games / "output" / "tiny") == before


def test_a_broken_game_yaml_fails_its_game_and_the_others_are_built(two_games: Path) -> None:
    (two_games / "sources" / "tiny" / "game.yaml").write_text("title_es: [unclosed\n", encoding="utf-8")
    touch_both(two_games)
    result = run(two_games, "build")
    assert_only_tiny_failed(result, "error: sources/tiny/game.yaml:", code=2)  # bad input: exit 2


def test_a_killed_worker_fails_only_the_game_it_was_running(two_games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """kill -9 of one worker of `--jobs 2` (the kernel's out-of-memory killer does the same): the pool breaks,
    so the games it had not finished are made again and only the killed worker's game fails."""
    import os
    import signal

    import pipeline.clean

    original, parent = pipeline.clean.clean, os.getpid()

    def killed(raw, **kwargs):
        if raw.game == "tiny" and os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        return original(raw, **kwargs)

    monkeypatch.setattr(pipeline.clean, "clean", killed)
    touch_both(two_games)
    result = run(two_games, "build", "--jobs", "2")
    assert_only_tiny_failed(result, "error: tiny: a worker process was killed (out of memory?)", code=1)
    assert "BrokenProcessPool" not in result.output


def test_a_parallel_build_waits_for_its_workers_before_it_returns(two_games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command ends with os._exit (cli_base.run): a worker not waited for by then is never reaped, and its CPU is
    missing from the build's (a cold `--jobs 2` build measured 0.6 s of CPU instead of 7 s, now and then). The build
    takes its games' outcomes and never resumes the pool after the last, so the pool waits before it hands that one."""
    from concurrent.futures import ProcessPoolExecutor

    waits: list[bool] = []
    original = ProcessPoolExecutor.shutdown

    def shutdown(self, wait: bool = True, **kwargs) -> None:
        waits.append(wait)
        original(self, wait=wait, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "shutdown", shutdown)
    touch_both(two_games)
    result = run(two_games, "build", "--jobs", "2")
    assert result.exit_code == 0, result.output
    assert "2 rebuilt" in result.output.splitlines()[-1], result.output
    assert waits[:1] == [True], waits  # the first shutdown waits for the workers
