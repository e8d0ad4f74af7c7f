"""Build orchestration: the lock, parallel jobs, interrupted builds, failures of one game, watch."""
from __future__ import annotations

import hashlib
import json
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pipeline.build import build
from pipeline.build.cache import SheetCache
from pipeline.build.watch import watch
from pipeline.cli import main
from pipeline.desk.console import Console
from pipeline.project import Project, load_game

# The two quickest real games keep these tests quick; the real-source scenarios are in test_refresh.py.
GAMES = ["galaxy-defenders", "legendary-alien"]
TINY = "REGLAS GENERALES\n\nEl jugador roba una carta de amenaza.\n\n- Primer punto de la lista\n"  # a made-up game


def invoke(root: Path, *args: str):
    return CliRunner().invoke(main, ["--root", str(root), *args])


def pdfs(root: Path, games: list[str] | None = None) -> dict[str, bytes]:
    """The PDFs under output/ by relative path (of `games` only, when given)."""
    return {
        str(p.relative_to(root / "output")): p.read_bytes()
        for p in sorted((root / "output").rglob("*.pdf"))
        if games is None or p.parent.name in games
    }


def sheet_count(root: Path) -> int:
    return sum(len(load_game(Project(root), game).sheets) for game in GAMES)


@pytest.fixture
def built(built_copy: Path) -> Path:
    """A copy of the session's build of every game (tests/conftest.py): GAMES are built and up to date."""
    return built_copy


def test_a_second_build_fails_clearly_with_no_wait(built: Path) -> None:
    with SheetCache(built).lock():
        result = invoke(built, "build", "--no-wait", *GAMES)
    assert result.exit_code == 2
    assert "error: .refsheets-cache/lock: another refsheets build is running in this project" in result.output
    assert "Traceback" not in result.output


def test_a_second_build_waits_for_the_first_by_default(built: Path) -> None:
    holding = threading.Event()

    def hold() -> None:
        with SheetCache(built).lock():
            holding.set()
            time.sleep(0.6)

    thread = threading.Thread(target=hold)
    thread.start()
    holding.wait()
    started = time.monotonic()
    result = invoke(built, "build", *GAMES)
    thread.join()
    assert result.exit_code == 0, result.output
    assert "waiting for it to finish" in result.output
    assert time.monotonic() - started >= 0.5


def test_jobs_give_the_same_report_and_bytes_as_one_process(project_copy: Path, tmp_path: Path) -> None:
    # A game that fails inside its worker (an empty raw.txt is found while cleaning, not while planning) sits
    # between two that build: its error must come back in its place in the order. (test_end_to_end builds
    # every real game with --jobs 2 against one process too.)
    (project_copy / "sources/broken").mkdir()
    (project_copy / "sources/broken/raw.txt").write_bytes(b"  \n")
    (project_copy / "sources/tiny").mkdir()
    (project_copy / "sources/tiny/raw.txt").write_text(TINY, encoding="utf-8")
    other = tmp_path / "other"
    for name in ("sources", "glossaries", "templates"):
        shutil.copytree(project_copy / name, other / name)
    games = ["galaxy-defenders", "broken", "tiny"]
    serial = invoke(project_copy, "build", *games)
    parallel = invoke(other, "build", "--jobs", "3", *games)
    assert serial.exit_code == parallel.exit_code == 2, parallel.output
    # the results; progress on stderr is per stage in one process, per game in a pool
    assert serial.stdout == parallel.stdout
    assert serial.stdout.index("galaxy-defenders/") < serial.stdout.index("tiny/")
    assert [line for line in serial.stderr.splitlines() if line.startswith("error:")] == [
        line for line in parallel.stderr.splitlines() if line.startswith("error:")
    ]
    assert "1 failed" in serial.stdout
    assert pdfs(project_copy) == pdfs(other) != {}


def test_an_interrupted_build_keeps_previous_pdfs_and_a_consistent_cache(built: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pipeline.sheets

    before = pdfs(built)
    manifests = {p: p.read_bytes() for p in (built / "output").rglob("manifest.json")}
    raw = built / "sources/galaxy-defenders/raw.txt"
    raw.write_bytes(raw.read_bytes() + b"\nUna frase nueva al final del reglamento.\n")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pipeline.sheets, "render", interrupted)
    result = invoke(built, "build", *GAMES)
    assert result.exit_code == 130
    assert pdfs(built) == before
    assert {p: p.read_bytes() for p in manifests} == manifests
    assert not list(built.rglob(".*.tmp"))
    monkeypatch.undo()

    result = invoke(built, "build", *GAMES)
    assert result.exit_code == 0, result.output
    assert "galaxy-defenders/quickref: rebuilt" in result.output
    assert "legendary-alien" not in result.output


def assert_outputs_valid(game_out: Path) -> None:
    for path in game_out.glob("*.pdf"):
        assert len(PdfReader(path).pages) >= 1, path
    json.loads((game_out / "manifest.json").read_text(encoding="utf-8"))


def _freeze_check_and_kill(command: list[str], game_out: Path) -> tuple[int, int]:
    """Run `command`, freezing it every ~5 ms: every 20th time its outputs are checked while it stands still;
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
            if polls % 20 == 0:
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
    result = invoke(built, "build", "galaxy-defenders")
    assert result.exit_code == 0, result.output
    sheet = "".join(page.extract_text() or "" for page in PdfReader(game_out / "galaxy-defenders-quickref.pdf").pages)
    assert f"Juega el primero ({attempt})" in sheet
    settled = pdfs(built)
    again = invoke(built, "build", "galaxy-defenders")
    assert "0 rebuilt, 0 restored from cache" in again.output and pdfs(built) == settled
    assert not list(game_out.glob(".*.tmp"))


def test_one_broken_game_does_not_stop_the_others(built: Path) -> None:
    game_yaml = built / "sources/legendary-alien/game.yaml"
    game_yaml.write_text("title_es: [unclosed\n", encoding="utf-8")
    raw = built / "sources/galaxy-defenders/raw.txt"
    raw.write_bytes(raw.read_bytes() + b"\nUna frase nueva.\n")
    result = invoke(built, "build", *GAMES)
    assert result.exit_code == 2
    assert "galaxy-defenders/quickref: rebuilt" in result.output
    assert "error: sources/legendary-alien/game.yaml" in result.output
    assert "Traceback" not in result.output


def test_unknown_paper_or_jobs_are_usage_errors(built: Path) -> None:
    assert invoke(built, "build", "--jobs", "0").exit_code == 2


def test_watch_rebuilds_after_a_save_with_the_same_report(built: Path) -> None:
    lines: list[str] = []
    raw = built / "sources/galaxy-defenders/raw.txt"

    def edit_soon() -> None:
        time.sleep(0.5)
        raw.write_bytes(raw.read_bytes() + b"\nUna frase guardada mientras se vigila.\n")

    def stop() -> bool:
        return sum(" failed" in line and "restored from cache" in line for line in lines) >= 2

    console = Console()
    console.result = console.notice = lines.append  # what watch says, in order, as one list
    threading.Thread(target=edit_soon).start()
    builds = watch(Project(built), list(GAMES), out_dir=built / "output", interval=0.1, quiet=0.2, console=console, should_stop=stop)
    assert builds == 2
    assert "changed: sources/galaxy-defenders/raw.txt" in lines
    assert any(line.startswith("galaxy-defenders/quickref: rebuilt") for line in lines), lines
    changed = len(load_game(Project(built), "galaxy-defenders").sheets)
    assert lines[-1] == f"{changed} rebuilt, 0 restored from cache, {sheet_count(built) - changed} up to date, 0 failed"


def test_build_api_reports_up_to_date_sheets(built: Path) -> None:
    report = build(Project(built), GAMES, out_dir=built / "output")
    assert report.built == [] and len(report.up_to_date) == sheet_count(built) and report.exit_code == 0
    digest = {r.sheet + r.game: r.revision for r in report.up_to_date}
    manifest = json.loads((built / "output/galaxy-defenders/manifest.json").read_text(encoding="utf-8"))
    assert digest["quickrefgalaxy-defenders"] == manifest["sheets"][0]["revision"]
    assert (
        hashlib.sha256((built / "output/galaxy-defenders/galaxy-defenders-quickref.pdf").read_bytes()).hexdigest()
        == manifest["sheets"][0]["pdf_sha256"]
    )


def test_a_sheet_that_fails_does_not_stop_the_other_sheets_of_its_game(built: Path) -> None:
    out = built / "output" / "galaxy-defenders"
    dice_before = (out / "galaxy-defenders-dice.pdf").read_bytes()
    # A corrected translation that no longer has the die faces the card sheet selects.
    (built / "sources" / "galaxy-defenders" / "raw.txt").write_text(
        "FASE DE COMBATE\nCada agente mueve y ataca.\n", encoding="utf-8"
    )
    result = invoke(built, "build", "galaxy-defenders")
    assert result.exit_code == 1
    assert result.stderr.count("selects no cards") == 1  # each error once
    assert "error: galaxy-defenders/dice: the recipe selects no cards" in result.stderr
    assert "galaxy-defenders/quickref: rebuilt" in result.output
    assert "mueve y ataca" in "".join(page.extract_text() for page in PdfReader(out / "galaxy-defenders-quickref.pdf").pages)
    assert (out / "galaxy-defenders-dice.pdf").read_bytes() == dice_before  # the previous sheet is kept intact
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert {sheet["name"] for sheet in manifest["sheets"]} == {"quickref", "dice"}


def test_strict_build_fails_on_a_stale_correction_even_when_sheets_are_up_to_date(project_copy: Path) -> None:
    (project_copy / "sources" / "galaxy-defenders" / "corrections.yaml").write_text(
        '- find: "texto que no existe"\n  replace: "x"\n  note: stale\n', encoding="utf-8"
    )
    relaxed = invoke(project_copy, "build", "galaxy-defenders")
    assert relaxed.exit_code == 0
    assert "corrections.yaml:1: correction 1 (find: 'texto que no existe') matched nothing" in relaxed.output
    strict = invoke(project_copy, "build", "galaxy-defenders", "--strict")
    assert strict.exit_code == 2
    assert "error: sources/galaxy-defenders/corrections.yaml:1: correction 1" in strict.output
