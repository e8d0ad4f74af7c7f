"""corrections.yaml: loading with clear errors, applying in order, and warnings (or --strict errors) for stale entries."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.clean import clean
from pipeline.clean.corrections import apply_corrections, load_corrections
from pipeline.cli import main
from pipeline.errors import ConfigError
from pipeline.model import RawText


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "corrections.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def raw_of(text: str) -> RawText:
    return RawText(game="test", path="raw.txt", text=text, encoding="utf-8", sha256="0")


def test_missing_file_means_no_corrections(tmp_path: Path) -> None:
    assert load_corrections(tmp_path / "corrections.yaml", display="c.yaml") == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('- find: "a"\n  regex: "b"\n  replace: "c"\n', r"c.yaml:1: corrections\[1\]: give exactly one of 'find'"),
        ('- find: "a"\n', r"c.yaml:1: corrections\[1\]: missing 'replace'"),
        ('- find: "a"\n  replace: "b"\n- regex: "(unclosed"\n  replace: "x"\n', r"c.yaml:3: corrections\[2\]: bad regex"),
        ('- find: "a"\n  replace: "b"\n  expect: -1\n', r"'expect' must be a count"),
        ('- find: "a"\n  replace: "b"\n  colour: red\n', r"unknown field 'colour'"),
        ("just text\n", r"expected a list of corrections"),
        ("- find: [\n", r"c.yaml:\d+: YAML error"),
    ],
)
def test_bad_files_name_the_file_line_and_entry(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_corrections(write(tmp_path, text), display="c.yaml")


def test_corrections_apply_in_order_literal_and_regex(tmp_path: Path) -> None:
    corrections = load_corrections(
        write(
            tmp_path,
            '- find: "cada Otros"\n  replace: "entre sí"\n'
            '- regex: "\\\\bOtros\\\\b"\n  replace: "otros"\n'
            '- find: "PER"\n  replace: "\\\\1 por"\n'
            '- regex: "\\\\b([Uu])n barco\\\\b"\n  replace: "\\\\1na nave"\n',
        ),
        display="c.yaml",
    )
    text, applied = apply_corrections("Un barco PER hora y los Otros luchan con cada Otros.", corrections)
    # Literal replacements are inserted as written (no group references, no escapes).
    assert text == "Una nave \\1 por hora y los otros luchan con entre sí."
    assert [change.correction.index for change in applied] == [1, 2, 3, 4]


def test_clean_reports_each_corrected_line_and_warns_about_stale_entries(tmp_path: Path) -> None:
    corrections = load_corrections(
        write(
            tmp_path,
            '- find: "barco"\n  replace: "nave"\n  note: "ship"\n'
            '- find: "nunca aparece"\n  replace: "x"\n'
            '- find: "nave"\n  replace: "nave"\n  expect: 5\n',
        ),
        display="c.yaml",
    )
    result = clean(raw_of("El barco dispara.\nOtra línea."), corrections=corrections)
    assert result.lines[0].text == "El nave dispara."
    corrected = [record for record in result.report if record.action == "correct"]
    assert corrected[0].line == 1 and "ship" in corrected[0].reason and corrected[0].original == "El barco dispara."
    assert any("c.yaml:4: correction 2 (find: 'nunca aparece') matched nothing" in warning for warning in result.warnings)
    assert any("correction 3" in warning and "expected 5" in warning for warning in result.warnings)
    with pytest.raises(ConfigError, match=r"c.yaml:4: correction 2 .* matched nothing"):
        clean(raw_of("El barco dispara."), corrections=corrections, strict=True)


def test_cli_clean_strict_fails_on_a_stale_correction(project_copy: Path) -> None:
    path = project_copy / "sources" / "galaxy-defenders" / "corrections.yaml"
    path.write_text('- find: "texto que no existe"\n  replace: "x"\n', encoding="utf-8")
    runner = CliRunner()
    relaxed = runner.invoke(main, ["--root", str(project_copy), "clean", "galaxy-defenders"])
    assert relaxed.exit_code == 0
    assert (
        "warning: sources/galaxy-defenders/corrections.yaml:1: correction 1 (find: 'texto que no existe') matched nothing" in relaxed.output
    )
    strict = runner.invoke(main, ["--root", str(project_copy), "clean", "galaxy-defenders", "--strict"])
    assert strict.exit_code == 2
    assert "correction 1 (find: 'texto que no existe') matched nothing" in strict.output


def test_cli_report_lists_line_action_reason_original(project_copy: Path) -> None:
    result = CliRunner().invoke(main, ["--root", str(project_copy), "clean", "alternity-warships", "--report"])
    assert result.exit_code == 0, result.output
    rows = [row.split("\t") for row in result.output.splitlines()]
    assert rows[0] == ["line", "action", "reason", "original"]
    assert all(len(row) == 4 and row[0].isdigit() for row in rows[1:])
    assert any(row[1] == "correct" and "PER" in row[3] for row in rows[1:])
