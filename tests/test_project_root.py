"""Where the project is: --root, or the folder holding sources/ (this one or the nearest above it)."""
from __future__ import annotations

from click.testing import CliRunner

from pipeline.cli import main

from .conftest import ROOT, copy_project


def test_run_from_a_subfolder_finds_the_project_above_it(tmp_path, monkeypatch) -> None:
    """issue 25: `refsheets list` from sources/<game>/ works on the project, as git does from a subfolder."""
    root = copy_project(ROOT, tmp_path / "project")
    monkeypatch.chdir(root / "sources" / "galaxy-defenders")
    listed = CliRunner().invoke(main, ["list"])
    assert listed.exit_code == 0, listed.output
    assert listed.stdout.startswith("alternity-warships\t")
    monkeypatch.chdir(tmp_path)
    nowhere = CliRunner().invoke(main, ["list"])
    assert nowhere.exit_code == 2
    assert "no sources/ folder here or in a folder above" in nowhere.output and "--root PROJECT" in nowhere.output


def test_a_project_without_templates_is_told_how_to_start_them(tmp_path) -> None:
    """issue 25: another project folder (--root ~/sheets) without templates/ was told only 'file not found'."""
    (tmp_path / "sources" / "uno").mkdir(parents=True)
    (tmp_path / "sources" / "uno" / "raw.txt").write_text("FASE\nTexto del juego.\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "build"])
    assert result.exit_code == 2, result.output
    assert "templates/: this project has no templates/ folder (the sheet templates): copy templates/ from the refsheets" in result.output


def test_list_titles_a_game_without_game_yaml_as_its_build_found_it(tmp_path) -> None:
    """issue 25: `list` showed 'Faro' (the folder name) for a game whose text is titled 'Faro Lejano'."""
    import shutil

    for name in ("templates", "glossaries"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "sources" / "faro").mkdir(parents=True)
    (tmp_path / "sources" / "faro" / "raw.html").write_text(
        "<html><head><title>Reglas de Faro Lejano</title></head><body><h1>Faro Lejano</h1><h2>Preparación</h2>"
        "<p>Cada jugador roba cinco cartas.</p><h2>Turno</h2><p>Juega una carta.</p></body></html>", encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["--root", str(tmp_path), "build"]).exit_code == 0
    listed = runner.invoke(main, ["--root", str(tmp_path), "list"])
    assert listed.stdout == "faro\tFaro Lejano\tquickref\traw.html\n"
