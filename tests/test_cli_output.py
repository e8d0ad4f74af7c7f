"""What the command line shows: progress on stderr, results and the summary on stdout, each error once, --quiet,
--verbose, --json, global options after the command, `python -m pipeline`, a quiet broken pipe, paper in file names,
and folders that are not games named instead of skipped silently. Small two-game projects keep it fast."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import main

ROOT = Path(__file__).resolve().parent.parent
UNO = "FASE DE ACCIÓN\nCada jugador puede hacar dos acciones en su turno.\n\nFASE FINAL\nSe cuentan los puntos al final.\n"
DOS = "REGLAS\nEl primer jugador roba una carta.\n"
HACAR = "uno: 1 likely typo — see `refsheets typos uno`\n"  # what every build says of UNO's typo until it is corrected


def make_project(root: Path) -> Path:
    shutil.copytree(ROOT / "templates", root / "templates")
    (root / "glossaries").mkdir()
    shutil.copy(ROOT / "glossaries" / "common.yaml", root / "glossaries" / "common.yaml")
    for game, text in (("dos", DOS), ("uno", UNO)):
        (root / "sources" / game).mkdir(parents=True)
        (root / "sources" / game / "raw.txt").write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def tiny_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = make_project(tmp_path_factory.mktemp("tiny"))
    result = CliRunner().invoke(main, ["--root", str(root), "build"])
    assert result.exit_code == 0, result.output
    return root


@pytest.fixture
def tiny(tiny_built: Path, tmp_path: Path) -> Path:
    """A copy of the built two-game project (outputs and cache) for one test to change."""
    root = tmp_path / "project"
    shutil.copytree(tiny_built, root)
    invoke(root, "build")  # settle a package change made meanwhile in a shared working tree
    return root


@pytest.fixture
def pinned_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pipeline.desk.console.CLOCK", lambda: 0.0)


def invoke(root: Path, *args: str):
    return CliRunner().invoke(main, [*args, "--root", str(root)])


def masked(text: str) -> str:
    """Revisions (content hashes) as REV: the words around them are what these tests pin down."""
    return re.sub(r"\b[0-9a-f]{8}\b", "REV", text)


def test_a_build_prints_progress_on_stderr_and_results_and_summary_on_stdout(tiny: Path, pinned_clock: None) -> None:
    (tiny / "sources/uno/corrections.yaml").write_text('- find: "hacar"\n  replace: "hacer"\n', encoding="utf-8")
    result = invoke(tiny, "build")
    assert result.exit_code == 0, result.output
    assert masked(result.stdout) == (
        "uno/quickref: rebuilt, rev REV -> REV, 1 page (sources/uno/corrections.yaml added)\n"
        '  modified fase-de-accion  "Fase de acción": hacar → hacer\n'
        "1 rebuilt, 0 restored from cache, 1 up to date, 0 failed\n"
    )
    assert result.stderr == "".join(
        f"[1/1] uno: {stage} (0.0 s)\n" for stage in ("load", "clean", "split", "tag", "typeset quickref", "write", "proof", "done")
    )
    changes = (tiny / "output/uno/changes.md").read_text(encoding="utf-8")
    assert "- **rev REV**, " in masked(changes) and "  - modified “Fase de acción”: hacar → hacer\n" in changes


def test_quiet_keeps_the_summary_and_verbose_adds_the_sheets_up_to_date(tiny: Path) -> None:
    quiet = invoke(tiny, "build", "--quiet")
    assert (quiet.exit_code, quiet.stdout, quiet.stderr) == (0, "0 rebuilt, 0 restored from cache, 2 up to date, 0 failed\n", "")
    verbose = invoke(tiny, "build", "-v")
    assert masked(verbose.stdout) == (
        "dos/quickref: up to date, rev REV, output/dos/dos-quickref.pdf\n"
        "uno/quickref: up to date, rev REV, output/uno/uno-quickref.pdf\n"
        f"{HACAR}0 rebuilt, 0 restored from cache, 2 up to date, 0 failed\n"
    )


def test_a_build_says_each_games_likely_typos_as_refsheets_typos_counts_them(tiny: Path) -> None:
    typos = invoke(tiny, "typos", "uno")
    assert typos.stdout.startswith("uno: 1 suspected typo ") and "hacar → hacer" in typos.stdout
    (tiny / "sources/uno/raw.txt").write_text(UNO.replace("al final", "al finall"), encoding="utf-8")
    made = invoke(tiny, "build")  # the proof page made again: its count is this build's
    said = "uno: 2 likely typos — see `refsheets typos uno`\n"
    assert made.exit_code == 0 and said in made.stdout and "dos:" not in made.stdout.replace("dos/", "")
    assert invoke(tiny, "typos", "uno").stdout.startswith("uno: 2 suspected typos ")
    again = invoke(tiny, "build")  # nothing to make: the manifest's count, said again
    assert again.stdout.endswith(said + "0 rebuilt, 0 restored from cache, 2 up to date, 0 failed\n")
    assert json.loads(invoke(tiny, "build", "--json").stdout)["typos"] == {"dos": 0, "uno": 2}
    page = (tiny / "output/uno/uno-proof.html").read_text(encoding="utf-8")
    assert '<a href="#typos">2 likely typos — see <code>refsheets typos uno</code></a>' in page


def test_undoing_a_change_counts_as_restored_from_cache(tiny: Path) -> None:
    corrections = tiny / "sources/uno/corrections.yaml"
    corrections.write_text('- find: "hacar"\n  replace: "hacer"\n', encoding="utf-8")
    assert invoke(tiny, "build").exit_code == 0
    corrections.unlink()
    result = invoke(tiny, "build")
    assert masked(result.stdout) == (
        "uno/quickref: restored from cache, rev REV -> REV, 1 page (sources/uno/corrections.yaml removed)\n"
        '  modified fase-de-accion  "Fase de acción": hacer → hacar\n'
        f"{HACAR}0 rebuilt, 1 restored from cache, 1 up to date, 0 failed\n"
    )


def test_each_error_is_printed_once_even_when_every_game_fails_with_it(tiny: Path) -> None:
    (tiny / "glossaries/common.yaml").write_text("terms:\n  - es: 'sin cerrar\n", encoding="utf-8")
    result = invoke(tiny, "build", "--quiet")
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.stderr
    assert errors[0].startswith("error: glossaries/common.yaml:") and errors[0].endswith(" (failed: dos, uno)")
    assert result.stdout == "0 rebuilt, 0 restored from cache, 0 up to date, 2 failed\n"


def test_build_json_says_what_was_built(tiny: Path) -> None:
    result = invoke(tiny, "build", "--json", "-q")
    assert result.exit_code == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert data["summary"] == {"rebuilt": 0, "restored": 0, "up_to_date": 2, "failed": 0}
    data["sheets"][1]["revision"] = masked(data["sheets"][1]["revision"])
    assert data["sheets"][1] == {
        "game": "uno", "sheet": "quickref", "paper": "a4", "file": "output/uno/uno-quickref.pdf", "status": "up to date",
        "pages": 1, "revision": "REV", "changes": [], "warnings": [],
    }
    assert data["failed"] == [] and data["warnings"] == []


def test_list_text_and_json_and_global_options_after_the_command(tiny: Path) -> None:
    # 'uno' has no game.yaml: it is listed with the title its build took from its text (the manifest's), as its sheet prints it
    result = CliRunner().invoke(main, ["list", "--root", str(tiny), "--debug"])
    assert (result.exit_code, result.stdout) == (0, "dos\tDos\tquickref\traw.txt\nuno\tFase de acción\tquickref\traw.txt\n")
    before = CliRunner().invoke(main, ["--root", str(tiny), "list", "--json"])
    assert json.loads(before.stdout) == [
        {"id": "dos", "title_es": "Dos", "title_en": "Dos", "paper": "a4", "sheets": [{"name": "quickref", "template": "quickref"}],
         "source": "raw.txt"},
        {"id": "uno", "title_es": "Fase de acción", "title_en": "Fase de acción", "paper": "a4",
         "sheets": [{"name": "quickref", "template": "quickref"}], "source": "raw.txt"},
    ]


def test_clean_report_json(tiny: Path) -> None:
    (tiny / "sources/uno/corrections.yaml").write_text('- find: "hacar"\n  replace: "hacer"\n', encoding="utf-8")
    result = invoke(tiny, "clean", "uno", "--report", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [
        {"line": 2, "action": "correct", "reason": "corrections.yaml #1: 'hacar' → 'hacer'",
         "original": "Cada jugador puede hacar dos acciones en su turno."}
    ]
    assert invoke(tiny, "clean", "uno", "--json").exit_code == 2  # --json goes with --report


def test_glossary_check_json(tiny: Path) -> None:
    result = invoke(tiny, "glossary", "check", "uno", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "uno" and data["contradictions"] == 0 and data["pairs"] == []
    assert data["entries"] == len(data["unused"]) + (data["entries"] - len(data["unused"]))


def test_folders_that_are_not_games_are_named_with_a_name_that_would_work(tiny: Path) -> None:
    (tiny / "sources/Otro_Juego").mkdir()
    (tiny / "sources/Otro_Juego/raw.txt").write_text(DOS, encoding="utf-8")
    (tiny / "sources/tres").mkdir()
    (tiny / "sources/tres/reglas.txt").write_text(DOS, encoding="utf-8")
    (tiny / "sources/vacio").mkdir()
    warnings = (
        "warning: sources/Otro_Juego: skipped: 'Otro_Juego' is not a valid game id (lower-case letters, digits and '-'): "
        "rename the folder to 'otro-juego'\n"
        "warning: sources/tres: skipped: no source file (raw.txt, raw.md, raw.html, raw.pdf, raw.docx, raw.odt, raw.epub or raw.rtf): "
        "found reglas.txt, rename it to raw.txt\n"
        "warning: sources/vacio: skipped: no source file (raw.txt, raw.md, raw.html, raw.pdf, raw.docx, raw.odt, raw.epub or raw.rtf): "
        "the folder is empty\n"
    )
    listed = invoke(tiny, "list")
    listing = "dos\tDos\tquickref\traw.txt\nuno\tFase de acción\tquickref\traw.txt\n"
    assert (listed.exit_code, listed.stdout, listed.stderr) == (0, listing, warnings)
    built = invoke(tiny, "build")
    assert built.stderr == warnings and built.exit_code == 0
    assert built.stdout.rstrip().endswith(" 0 failed, 3 warnings")  # issue 25: skipped folders count as the warnings they are


def test_a_broken_game_yaml_does_not_hide_the_other_games_from_list(tiny: Path) -> None:
    (tiny / "sources/dos/game.yaml").write_text("paper: a5\n", encoding="utf-8")
    result = invoke(tiny, "list")
    assert result.exit_code == 2
    assert result.stdout == "uno\tFase de acción\tquickref\traw.txt\n"
    assert result.stderr == "error: sources/dos/game.yaml:1: paper: unknown value 'a5' (allowed: a4, letter)\n"


def test_paper_in_the_file_name_both_papers_coexist_and_the_cache_keeps_both(tiny: Path) -> None:
    out = tiny / "output/uno"
    a4 = (out / "uno-quickref.pdf").read_bytes()
    letter = invoke(tiny, "build", "uno", "--paper", "letter")
    assert masked(letter.stdout) == (
        "uno/quickref (letter): built, rev REV, 1 page (no previous build)\n"
        f"{HACAR}1 rebuilt, 0 restored from cache, 0 up to date, 0 failed\n"
    )
    assert (out / "uno-quickref.pdf").read_bytes() == a4  # the A4 sheet is not overwritten
    letter_pdf = (out / "uno-quickref-letter.pdf").read_bytes()
    plain = invoke(tiny, "build", "uno")
    assert plain.stdout == f"{HACAR}0 rebuilt, 0 restored from cache, 1 up to date, 0 failed\n"
    assert (out / "uno-quickref-letter.pdf").read_bytes() == letter_pdf  # nor turned back into A4
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    both = [("uno-quickref.pdf", "a4"), ("uno-quickref-letter.pdf", "letter")]
    assert [(sheet["file"], sheet["paper"]) for sheet in manifest["sheets"]] == both
    for name in ("uno-quickref.pdf", "uno-quickref-letter.pdf"):
        (out / name).unlink()
    again = invoke(tiny, "build", "uno", "--paper", "letter")
    assert "0 rebuilt, 1 restored from cache" in again.stdout
    # Its manifest entry went with its PDF, so it is a first build again, but from the cache.
    assert masked(invoke(tiny, "build", "uno").stdout) == (
        "uno/quickref: restored from cache, rev REV, 1 page (no previous build)\n"
        f"{HACAR}0 rebuilt, 1 restored from cache, 0 up to date, 0 failed\n"
    )


def test_python_dash_m_pipeline_and_a_broken_pipe_ends_quietly(tiny: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    version = subprocess.run([sys.executable, "-m", "pipeline", "--version"], capture_output=True, text=True, env=env, timeout=60)
    assert (version.returncode, version.stdout) == (0, "refsheets, version 0.1.0\n")
    # The reader goes away before refsheets writes: its first write meets a closed pipe.
    process = subprocess.Popen([sys.executable, "-m", "pipeline", "--root", str(tiny), "clean", "uno"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    process.stdout.close()
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141
    assert stderr == ""


def test_a_pools_count_is_of_games_finished_whatever_their_order(tiny: Path, pinned_clock: None) -> None:
    """The longest games run first but outcomes are taken in the build's order: "abc", the shortest, starts
    last, and by the time it is done the count says so ([1/3] would be the outcomes taken)."""
    (tiny / "sources" / "abc").mkdir()
    (tiny / "sources" / "abc" / "raw.txt").write_text("REGLAS\n\nSe roba una carta.\n", encoding="utf-8")
    for game in ("uno", "dos"):
        raw = tiny / "sources" / game / "raw.txt"
        raw.write_text(raw.read_text(encoding="utf-8") + "Una frase nueva, bastante más larga que el juego abc entero.\n" * 3,
                       encoding="utf-8")
    result = invoke(tiny, "build", "--jobs", "2")
    assert result.exit_code == 0, result.output
    (done,) = [line for line in result.stderr.splitlines() if line.startswith("[") and "abc: done" in line]
    assert done.startswith(("[2/3]", "[3/3]")), result.stderr


def test_a_pool_reports_each_games_stages_too(tiny: Path, pinned_clock: None) -> None:
    for game in ("uno", "dos"):
        raw = tiny / "sources" / game / "raw.txt"
        raw.write_text(raw.read_text(encoding="utf-8") + "Una frase nueva.\n", encoding="utf-8")
    result = invoke(tiny, "build", "--jobs", "2")
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert lines[0] == "[1/2] loading the lemma table, fonts and word lists (0.0 s)"
    for game in ("uno", "dos"):  # stages come from the workers, in whatever order they run
        assert {f"{game}: {stage}" for stage in ("load", "clean", "typeset quickref", "write")} <= {
            line.split("] ", 1)[1].rsplit(" (", 1)[0] for line in lines
        }
    assert lines[-1] == "[2/2] uno: done (0.0 s)"
    assert result.stdout.endswith("2 rebuilt, 0 restored from cache, 0 up to date, 0 failed\n")


@pytest.mark.parametrize("command", [["list"], ["clean"], ["sections"], ["typos"], ["proof"], ["new"], ["glossary", "check"]])
def test_verbose_is_listed_only_by_the_commands_it_changes_and_accepted_by_every_one(command: list[str]) -> None:
    # --verbose adds the sheets already up to date to a build's report; elsewhere it changes nothing, so help hides it
    assert "--verbose" not in CliRunner().invoke(main, [*command, "--help"]).stdout
    for building in (["build"], ["watch"], []):
        assert "--verbose" in CliRunner().invoke(main, [*building, "--help"]).stdout


def test_verbose_after_a_command_that_ignores_it_is_still_accepted(tiny: Path) -> None:
    assert CliRunner().invoke(main, ["list", "--root", str(tiny), "-v"]).exit_code == 0
