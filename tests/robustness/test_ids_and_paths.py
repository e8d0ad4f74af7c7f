"""Game ids, skipped folders, --out, and links: the build reads only the project and writes only outside its inputs."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from .helpers import TINY, assert_fails_cleanly, raw, run, snapshot


@pytest.mark.parametrize(
    ("name", "suggestion"),
    [("tiny\n", "tiny"), ("Tiny", "tiny"), ("mi juego", "mi-juego"), ("tiny ", "tiny"), ("Ñandú", "nandu")],
)
def test_an_id_that_is_not_lower_case_letters_digits_and_hyphens_is_refused_with_one_that_would_work(
    tiny: Path, name: str, suggestion: str
) -> None:
    assert_fails_cleanly(tiny, ("build", name), f"invalid game id {name!r}", f"e.g. {suggestion!r}")


def test_folders_that_are_not_games_are_named_with_the_reason(tiny: Path) -> None:
    for folder, files in (("Mi Juego", ["raw.txt"]), ("Cyclades", ["raw.txt"]), ("notas", ["ideas.md"]), (".git", [])):
        (tiny / "sources" / folder).mkdir()
        for name in files:
            (tiny / "sources" / folder / name).write_text(TINY, encoding="utf-8")
    (tiny / "sources" / "LEEME.txt").write_text("loose file", encoding="utf-8")
    for command in ("build", "list"):
        result = run(tiny, command)
        assert result.exit_code == 0, result.output
        assert ("warning: sources/Mi Juego: skipped: 'Mi Juego' is not a valid game id (lower-case letters, digits and '-'): "
                "rename the folder to 'mi-juego'") in result.output
        assert "warning: sources/Cyclades: skipped: 'Cyclades' is not a valid game id" in result.output and "to 'cyclades'" in result.output
        assert "warning: sources/notas: skipped: no source file (" in result.output and "found ideas.md" in result.output
        assert ".git" not in result.output and "LEEME" not in result.output
    assert "tiny\tTiny\tquickref" in run(tiny, "list").output


def test_a_game_named_with_a_trailing_newline_never_makes_a_folder(tiny: Path) -> None:
    run(tiny, "build", "tiny\n")
    assert sorted(path.name for path in (tiny / "output").iterdir()) == ["tiny"]


@pytest.mark.parametrize("inside", ["sources", "sources/tiny", ".refsheets-cache", ".refsheets-cache/sheets"])
def test_out_inside_sources_or_the_cache_is_refused(tiny: Path, inside: str) -> None:
    before = snapshot(tiny)
    result = run(tiny, "build", "--out", str(tiny / inside))
    assert result.exit_code == 2, result.output
    assert f"--out {inside} is inside" in result.output and "choose a folder outside it" in result.output
    assert snapshot(tiny) == before


def test_out_elsewhere_is_fine(tiny: Path, tmp_path: Path) -> None:
    result = run(tiny, "build", "--out", str(tmp_path / "sheets"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "sheets" / "tiny" / "tiny-quickref.pdf").is_file()


# -- links ------------------------------------------------------------------------------------------------


@pytest.fixture
def outside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder outside the project, holding a secret a sheet must never print."""
    folder = tmp_path_factory.mktemp("outside")
    (folder / "secret.txt").write_text("REGLAS\n\nLa contraseña del servidor es hunter2.\n", encoding="utf-8")
    return folder


def test_a_raw_txt_linking_out_of_the_project_is_refused(tiny: Path, outside: Path) -> None:
    raw(tiny).unlink()
    raw(tiny).symlink_to(outside / "secret.txt")
    for command in (("build", "tiny", "--force"), ("clean", "tiny"), ("sections", "tiny")):
        output = assert_fails_cleanly(tiny, command, "error: sources/tiny/raw.txt: a link to", "outside the project folder")
        assert "hunter2" not in output


def test_a_game_folder_linking_out_of_the_project_is_refused(tiny: Path, outside: Path) -> None:
    (outside / "raw.txt").write_text(TINY, encoding="utf-8")
    (tiny / "sources" / "fuera").symlink_to(outside, target_is_directory=True)
    result = run(tiny, "build")
    assert result.exit_code == 2, result.output
    assert "error: sources/fuera: a link to" in result.output
    assert "0 rebuilt, 0 restored from cache, 1 up to date, 1 failed" in result.output


@pytest.mark.parametrize(
    "target", ["sources/tiny/game.yaml", "sources/tiny/corrections.yaml", "glossaries/tiny.yaml", "templates/base.yaml"]
)
def test_yaml_linking_out_of_the_project_is_refused(tiny: Path, outside: Path, target: str) -> None:
    path = tiny / target
    (outside / "copy.yaml").write_bytes(path.read_bytes() if path.exists() else b"[]\n")
    path.unlink(missing_ok=True)
    path.symlink_to(outside / "copy.yaml")
    # A template or font is read for the game's sheets: the error names the game too ("tiny: templates/...").
    assert_fails_cleanly(tiny, ("build", "tiny", "--force"), f"{target}: a link to", "outside the project folder")


def test_a_font_linking_out_of_the_project_is_refused(tiny: Path, outside: Path) -> None:
    font = tiny / "templates" / "fonts" / "DejaVuSansCondensed.ttf"
    (outside / "font.ttf").write_bytes(font.read_bytes())
    font.unlink()
    font.symlink_to(outside / "font.ttf")
    assert_fails_cleanly(tiny, ("build", "tiny", "--force"), "error: tiny: templates/fonts/DejaVuSansCondensed.ttf: a link to")


def test_links_inside_the_project_are_followed(tiny: Path) -> None:
    (tiny / "archive").mkdir()
    os.replace(raw(tiny), tiny / "archive" / "raw.txt")
    raw(tiny).symlink_to(Path("..") / ".." / "archive" / "raw.txt")
    result = run(tiny, "build", "tiny", "--force")
    assert result.exit_code == 0, result.output


def test_a_stale_raw_link_beside_the_source_fails_the_game_naming_both_and_the_fix(tiny: Path) -> None:
    """A raw.md link whose file is gone, left beside the raw.txt: exit 2 naming both entries and what to remove."""
    (tiny / "sources" / "tiny" / "raw.md").symlink_to(Path("..") / ".." / "archive" / "raw.md")
    for command in (("build", "tiny"), ("clean", "tiny")):
        assert_fails_cleanly(tiny, command, "error: sources/tiny: several source files (raw.txt; raw.md, a link to ../../archive/raw.md,"
                             " which does not exist): a game reads exactly one raw.* file", "`rm sources/tiny/raw.md` if raw.txt")
    assert run(tiny, "list").output.splitlines()[0] == "tiny\tTiny\tquickref\traw.txt"


def _moved_out(link: Path, outside: Path) -> Path:
    """Move folder `link` outside the project and leave a link to it in its place (as a downloaded project may)."""
    target = outside / link.name
    shutil.move(str(link), str(target))
    link.symlink_to(target, target_is_directory=True)
    return target


def test_an_output_folder_linking_out_of_the_project_is_never_written(tiny: Path, outside: Path) -> None:
    target = _moved_out(tiny / "output" / "tiny", outside)
    before = snapshot(target)
    result = run(tiny, "build", "tiny", "--force")
    assert result.exit_code == 2, result.output
    assert "error: output/tiny: a link to" in result.output and "outside the project folder" in result.output
    assert "Traceback" not in result.output
    assert snapshot(target) == before


@pytest.mark.parametrize("folder", [".refsheets-cache", ".refsheets-cache/sheets"])
def test_a_cache_folder_linking_out_of_the_project_is_never_written(tiny: Path, outside: Path, folder: str) -> None:
    target = _moved_out(tiny / folder, outside)
    before = snapshot(target)
    raw(tiny).write_text(raw(tiny).read_text(encoding="utf-8") + "\nOtra regla del juego para este turno.\n", encoding="utf-8")
    result = run(tiny, "build", "tiny")
    assert result.exit_code == 2, result.output
    assert f"error: {folder}: a link to" in result.output and "outside the project folder" in result.output
    assert "Traceback" not in result.output
    assert snapshot(target) == before
