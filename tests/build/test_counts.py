"""What a build's summary counts (issue 25): a note on how a source was read is no warning; a sheet re-rendered
to the same content is not said to be rebuilt; a sheet's warnings are repeated by the builds that leave it be."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.test_cli_output import HACAR, invoke, make_project, masked

BBCODE = "[b]FASE DE ACCIÓN[/b]\nCada jugador puede hacer dos acciones en su turno.\n\n[b]FASE FINAL[/b]\nSe cuentan los puntos.\n"
NOTE = "note: sources/foro/raw.txt: read as bbcode; `refsheets clean foro --report` shows what became of each line\n"


@pytest.fixture(scope="module")
def counted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = make_project(tmp_path_factory.mktemp("counts"))
    (root / "sources/foro").mkdir()
    (root / "sources/foro/raw.txt").write_text(BBCODE, encoding="utf-8")
    assert invoke(root, "build").exit_code == 0
    return root


@pytest.fixture
def project(counted: Path, tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(counted, root)
    return root


def test_how_a_source_was_read_is_a_note_not_a_warning(project: Path) -> None:
    (project / "sources/foro/corrections.yaml").write_text('- find: "puntos."\n  replace: "puntos al final."\n', encoding="utf-8")
    result = invoke(project, "build", "--strict")
    assert result.exit_code == 0, result.output
    assert [line for line in result.stderr.splitlines(keepends=True) if not line.startswith("[")] == [NOTE]
    assert result.stdout.endswith(" 0 failed\n"), result.stdout  # no "1 warning"
    (project / "sources/foro/corrections.yaml").unlink()
    data = json.loads(invoke(project, "build", "--json", "-q").stdout)
    assert data["warnings"] == [] and data["notices"] == [NOTE[len("note: "):].rstrip("\n")]
    cleaned = invoke(project, "clean", "foro", "--strict")
    assert cleaned.exit_code == 0 and cleaned.stderr == NOTE


def test_a_sheet_made_again_to_the_same_bytes_counts_as_up_to_date(project: Path) -> None:
    common = project / "glossaries/common.yaml"
    common.write_text(common.read_text(encoding="utf-8") + "\n# reviewed\n", encoding="utf-8")
    pdf = project / "output/uno/uno-quickref.pdf"
    mtime = pdf.stat().st_mtime_ns
    result = invoke(project, "build")
    assert result.exit_code == 0, result.output
    assert "uno/quickref: up to date, same content (rev REV), 1 page (glossaries/common.yaml changed)\n" in masked(result.stdout)
    assert result.stdout.endswith("0 rebuilt, 0 restored from cache, 3 up to date, 0 failed\n"), result.stdout
    assert pdf.stat().st_mtime_ns == mtime
    common.write_text(common.read_text(encoding="utf-8") + "# again\n", encoding="utf-8")
    data = json.loads(invoke(project, "build", "--json", "-q").stdout)
    assert data["summary"] == {"rebuilt": 0, "restored": 0, "up_to_date": 3, "failed": 0}
    assert {sheet["status"] for sheet in data["sheets"]} == {"same content"}


def test_a_sheets_warning_is_said_again_by_the_builds_that_leave_it_be(project: Path) -> None:
    (project / "sources/nieve").mkdir()
    (project / "sources/nieve/raw.txt").write_text("REGLAS\nEl primer jugador roba una carta ⌛ y la muestra.\n", encoding="utf-8")
    first = invoke(project, "build")
    assert first.exit_code == 0, first.output
    glyph = [line for line in first.stderr.splitlines() if line.startswith("warning: nieve: the font ")]
    assert len(glyph) == 1 and "U+231B HOURGLASS" in glyph[0], first.stderr
    assert first.stdout.endswith(" 0 failed, 1 warning\n")
    manifest = json.loads((project / "output/nieve/manifest.json").read_text(encoding="utf-8"))
    assert manifest["sheets"][0]["warnings"] == [glyph[0][len("warning: "):]]

    again = invoke(project, "build")  # nothing to do: the sheet is up to date, and its warning still true
    assert again.stderr == f"{glyph[0]} (from an earlier build)\n"
    assert again.stdout == f"{HACAR}0 rebuilt, 0 restored from cache, 4 up to date, 0 failed, 1 warning\n"
    data = json.loads(invoke(project, "build", "--json", "-q").stdout)
    assert data["warnings"] == [f"{glyph[0][len('warning: '):]} (from an earlier build)"]
    assert [sheet["warnings"] for sheet in data["sheets"] if sheet["game"] == "nieve"] == [manifest["sheets"][0]["warnings"]]

    (project / "sources/nieve/corrections.yaml").write_text('- find: "muestra"\n  replace: "enseña"\n', encoding="utf-8")
    assert invoke(project, "build").exit_code == 0
    (project / "sources/nieve/corrections.yaml").unlink()
    restored = invoke(project, "build")  # from the cache: its warning comes back with it, as this build's
    assert "nieve/quickref: restored from cache" in restored.stdout and restored.stderr.endswith(f"{glyph[0]}\n"), restored.output


def test_a_warning_about_a_games_text_is_said_again_by_the_builds_that_leave_it_be(project: Path) -> None:
    """A cp1252 source's warning, like a sheet's, is true until the file changes: a build that makes nothing says it
    again (it was said only by the build that read the text, though it promises to go only once the file is UTF-8)."""
    (project / "sources/viejo").mkdir()
    (project / "sources/viejo/raw.txt").write_bytes("REGLAS\nEl último jugador roba una carta y la enseña.\n".encode("cp1252"))
    first = invoke(project, "build")
    assert first.exit_code == 0, first.output
    read_as = [line for line in first.stderr.splitlines() if line.startswith("warning: sources/viejo/raw.txt:2: not valid UTF-8")]
    assert len(read_as) == 1, first.stderr
    again = invoke(project, "build")
    assert again.stderr == f"{read_as[0]} (from an earlier build)\n"
    assert again.stdout == f"{HACAR}0 rebuilt, 0 restored from cache, 4 up to date, 0 failed, 1 warning\n"
    (project / "sources/viejo/raw.txt").write_text("REGLAS\nEl último jugador roba una carta y la enseña.\n", encoding="utf-8")
    saved = invoke(project, "build")  # saved as UTF-8: the warning goes, as it says
    assert saved.exit_code == 0 and "UTF-8" not in saved.stderr, saved.output
