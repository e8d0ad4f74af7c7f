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

# Small games keep these tests quick; the real-source scenarios are in test_refresh.py.
GAMES = ["galaxy-defenders", "legendary-alien"]


def invoke(root: Path, *args: str):
    return CliRunner().invoke(main, ["--root", str(root), *args])


def pdfs(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root / "output")): p.read_bytes() for p in sorted((root / "output").rglob("*.pdf"))}


def sheet_count(root: Path) -> int:
    return sum(len(load_game(Project(root), game).sheets) for game in GAMES)


@pytest.fixture
def built(project_copy: Path) -> Path:
    result = invoke(project_copy, "build", *GAMES)
    assert result.exit_code == 0, result.output
    return project_copy


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
    other = tmp_path / "other"
    for name in ("sources", "glossaries", "templates"):
        shutil.copytree(project_copy / name, other / name)
    games = [*GAMES, "alternity-warships"]
    serial = invoke(project_copy, "build", *games)
    parallel = invoke(other, "build", "--jobs", "3", *games)
    # equal even when a game fails: its error comes back from the worker in its place in the order
    assert serial.exit_code == parallel.exit_code, parallel.output
    assert serial.stdout == parallel.stdout  # the results; progress on stderr is per stage in one process, per game in a pool
    assert "3 failed" not in serial.output
    assert pdfs(project_copy) == pdfs(other)


def test_same_inputs_give_byte_identical_pdfs_when_rendered_again(built: Path, tmp_path: Path) -> None:
    first = pdfs(built)
    shutil.rmtree(built / ".refsheets-cache")
    result = invoke(built, "build", "--force", "--out", str(tmp_path / "again"), *GAMES)
    assert result.exit_code == 0, result.output
    assert " 0 restored from cache" in result.stdout and ": restored" not in result.stdout
    again = {str(p.relative_to(tmp_path / "again")): p.read_bytes() for p in sorted((tmp_path / "again").rglob("*.pdf"))}
    assert again == first


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


def test_killing_a_build_at_any_moment_leaves_valid_pdfs(built: Path) -> None:
    for game in GAMES:
        raw = built / f"sources/{game}/raw.txt"
        raw.write_bytes(raw.read_bytes() + b"\nOtra frase corregida.\n")
    if not (Path(sys.executable).parent / "refsheets").exists():
        pytest.skip("refsheets entry point not installed")
    command = [str(Path(sys.executable).parent / "refsheets"), "--root", str(built), "build", *GAMES]
    for delay in (0.5, 1.5, 3.0):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        for path in (built / "output").rglob("*.pdf"):
            assert len(PdfReader(path).pages) >= 1, path
        for path in (built / "output").rglob("manifest.json"):
            json.loads(path.read_text(encoding="utf-8"))
    result = invoke(built, "build", *GAMES)
    assert result.exit_code == 0, result.output
    settled = pdfs(built)
    again = invoke(built, "build", *GAMES)
    assert "0 rebuilt, 0 restored from cache" in again.output and pdfs(built) == settled


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
    assert hashlib.sha256((built / "output/galaxy-defenders/galaxy-defenders-quickref.pdf").read_bytes()).hexdigest() == manifest["sheets"][0]["pdf_sha256"]


def test_a_sheet_that_fails_does_not_stop_the_other_sheets_of_its_game(project_copy: Path) -> None:
    assert invoke(project_copy, "build", "galaxy-defenders").exit_code == 0
    out = project_copy / "output" / "galaxy-defenders"
    dice_before = (out / "galaxy-defenders-dice.pdf").read_bytes()
    # A corrected translation that no longer has the die faces the card sheet selects.
    (project_copy / "sources" / "galaxy-defenders" / "raw.txt").write_text(
        "FASE DE COMBATE\nCada agente mueve y ataca.\n", encoding="utf-8"
    )
    result = invoke(project_copy, "build", "galaxy-defenders")
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
