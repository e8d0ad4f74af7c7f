"""Build orchestration: parallel jobs, failures of one sheet, watch, the build API (the lock and killed builds: tests/robustness)."""
from __future__ import annotations

import hashlib
import json
import shutil
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pipeline.build import build
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


def test_unknown_paper_or_jobs_are_usage_errors(built: Path) -> None:
    assert invoke(built, "build", "--jobs", "0").exit_code == 2
    assert invoke(built, "build", "--paper", "a5").exit_code == 2


def test_paper_names_are_taken_in_any_case(built: Path) -> None:
    """issue 25: `--paper A4` is the game's A4, not a usage error."""
    result = invoke(built, "build", "galaxy-defenders", "--paper", "A4")
    assert result.exit_code == 0, result.output
    assert "up to date" in result.output.splitlines()[-1]


def test_watch_rebuilds_after_a_save_with_the_same_report(built: Path) -> None:
    lines: list[str] = []
    raw = built / "sources/legendary-alien/raw.txt"

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
    assert "changed: sources/legendary-alien/raw.txt" in lines
    assert any(line.startswith("legendary-alien/quickref: rebuilt") for line in lines), lines
    # Only the quickref prints the sentence: the keywords sheet, made again to the same bytes, counts as up to date.
    assert any(line.startswith("legendary-alien/keywords: up to date, same content") for line in lines), lines
    # (Galaxy Defenders warns of the icon its copy lost: "..., 0 failed, 1 warning")
    assert lines[-1].startswith(f"1 rebuilt, 0 restored from cache, {sheet_count(built) - 1} up to date, 0 failed")


def test_build_api_reports_up_to_date_sheets(built: Path) -> None:
    report = build(Project(built), GAMES, out_dir=built / "output")
    assert report.rebuilt == report.restored == [] and len(report.up_to_date) == sheet_count(built) and report.exit_code == 0
    digest = {r.sheet + r.game: r.revision for r in report.up_to_date}
    manifest = json.loads((built / "output/galaxy-defenders/manifest.json").read_text(encoding="utf-8"))
    assert digest["quickrefgalaxy-defenders"] == manifest["sheets"][0]["revision"]
    assert (
        hashlib.sha256((built / "output/galaxy-defenders/galaxy-defenders-quickref.pdf").read_bytes()).hexdigest()
        == manifest["sheets"][0]["pdf_sha256"]
    )


def test_a_sheet_that_fails_does_not_stop_the_other_sheets_of_its_game(built: Path) -> None:
    import yaml

    out = built / "output" / "legendary-alien"
    keywords_before = (out / "legendary-alien-keywords.pdf").read_bytes()
    # A card sheet whose groups select sections the text no longer has (a renamed heading, say).
    config = built / "sources" / "legendary-alien" / "game.yaml"
    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    data["sheets"][1]["recipe"]["groups"][0]["select"] = [{"parent": "una sección que el texto ya no tiene"}]
    config.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    raw = built / "sources" / "legendary-alien" / "raw.txt"  # and a sentence the quickref prints
    raw.write_bytes(raw.read_bytes() + "\nCada jugador mueve y ataca una vez.\n".encode())
    result = invoke(built, "build", "legendary-alien")
    assert result.exit_code == 1
    assert result.stderr.count("selects no cards") == 1  # each error once
    assert "error: legendary-alien/keywords: the recipe selects no cards" in result.stderr
    assert "legendary-alien/quickref: rebuilt" in result.output
    assert "mueve y ataca" in "".join(page.extract_text() for page in PdfReader(out / "legendary-alien-quickref.pdf").pages)
    assert (out / "legendary-alien-keywords.pdf").read_bytes() == keywords_before  # the previous sheet is kept intact
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert {sheet["name"] for sheet in manifest["sheets"]} == {"quickref", "keywords"}


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


def test_a_chunk_pattern_that_matches_nothing_warns_and_fails_only_a_strict_build(project_copy: Path) -> None:
    """issue 25: like a stale correction, an options.split.chunks pattern an edit left without its line does not fail the game."""
    game_yaml = project_copy / "sources" / "galaxy-defenders" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text.replace("  split:\n", "  split:\n    chunks: ['^NINGUNA LINEA EMPIEZA ASI$']\n", 1), encoding="utf-8")
    written = game_yaml.read_text(encoding="utf-8").splitlines()
    line = next(number for number, text in enumerate(written, start=1) if "NINGUNA" in text)
    relaxed = invoke(project_copy, "build", "galaxy-defenders")
    assert relaxed.exit_code == 0, relaxed.output
    assert (f"warning: sources/galaxy-defenders/game.yaml:{line}: options.split.chunks: no line of the text starts a chunk"
            in relaxed.output)
    strict = invoke(project_copy, "build", "galaxy-defenders", "--strict")
    assert strict.exit_code == 2
    assert f"error: sources/galaxy-defenders/game.yaml:{line}: options.split.chunks" in strict.output


def test_a_sentence_pattern_that_matches_nothing_warns_with_its_line_and_fails_a_strict_build(project_copy: Path) -> None:
    """issue 25: a flavor_sentences or narration pattern left behind by an edit is said, not silently ignored."""
    import yaml

    game_yaml = project_copy / "sources" / "galaxy-defenders" / "game.yaml"
    data = yaml.safe_load(game_yaml.read_text(encoding="utf-8"))
    recipe = data["sheets"][0].setdefault("recipe", {})
    recipe["flavor_sentences"] = ["^El universo entero tiembla"]
    recipe["narration"] = ["^Entonces Ana mueve"]
    game_yaml.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    lines = game_yaml.read_text(encoding="utf-8").splitlines()
    flavor_line = next(number for number, text in enumerate(lines, start=1) if "El universo entero" in text)
    relaxed = invoke(project_copy, "build", "galaxy-defenders")
    assert relaxed.exit_code == 0, relaxed.output
    assert (f"warning: sources/galaxy-defenders/game.yaml:{flavor_line}: sheet 'quickref': flavor_sentences pattern"
            " '^El universo entero tiembla' matches no sentence of the text") in relaxed.output
    assert "narration pattern '^Entonces Ana mueve' matches no sentence" in relaxed.output
    # Each said once, counted once (a second check in the sheet's rendering said them again, without the line).
    assert relaxed.output.count("'^Entonces Ana mueve'") == 1 and relaxed.output.count("'^El universo entero tiembla'") == 1
    strict = invoke(project_copy, "build", "galaxy-defenders", "--strict")
    assert strict.exit_code == 2
    assert f"error: sources/galaxy-defenders/game.yaml:{flavor_line}: sheet 'quickref': flavor_sentences pattern" in strict.output


def test_a_configured_game_without_its_source_file_fails_the_build_and_keeps_its_sheets(built: Path) -> None:
    """issue 25: a game.yaml without its text (or a raw.txt link to a file that is gone) is a failed game, exit 2, not a skip."""
    before = pdfs(built, GAMES)
    (built / "sources" / "galaxy-defenders" / "raw.txt").unlink()
    linked = built / "sources" / "legendary-alien" / "raw.txt"
    linked.unlink()
    linked.symlink_to(built / "gone" / "raw.txt")
    result = invoke(built, "build")
    assert result.exit_code == 2, result.output
    assert ("error: sources/galaxy-defenders: game 'galaxy-defenders' has no source file (raw.txt, raw.md, raw.html, raw.pdf, raw.docx,"
            " raw.odt, raw.epub or raw.rtf): put the translation in sources/galaxy-defenders/raw.txt") in result.output
    assert "error: sources/legendary-alien/raw.txt: raw.txt is a link to " in result.output
    assert ", 2 failed" in result.output.rstrip().splitlines()[-1]
    assert "skipped" not in result.output
    assert pdfs(built, GAMES) == before  # the previous sheets are left as they were


def test_watch_counts_each_rounds_stage_times_from_that_round(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 25: a 0.5 s rebuild eight seconds into a watch says `(0.5 s)`, not `(8.5 s)`."""
    from pipeline.build.report import Progress, Stage

    now = [0.0]
    console = Console(bar=False, clock=lambda: now[0])
    now[0] = 8.0  # the watch has been waiting for a save
    watch(Project(built), ["galaxy-defenders"], out_dir=built / "output", interval=0.01, quiet=0.01, console=console,
          should_stop=lambda: True)
    assert console.started == 8.0  # the round's clock started with the round
    now[0] = 8.5
    console.progress(Progress("galaxy-defenders", Stage.LOAD, 0, 1))
    assert "galaxy-defenders: load (0.5 s)" in capsys.readouterr().err
