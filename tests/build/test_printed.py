"""A correction re-typesets only the sheets that print what it changed; the others come from the printed index,
byte for byte what typesetting them again gives."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

import pipeline.sheets
from pipeline.cli import main


def pdfs(root: Path, game: str) -> dict[str, str]:
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted((root / "output" / game).glob("*.pdf"))}


def build(root: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["--root", str(root), "build", "--jobs", "1", *args])
    assert result.exit_code == 0, result.output
    return result.output


def append_correction(root: Path, entry: str) -> None:
    """One more entry at the end of Leaving Earth's corrections.yaml (its own entries stay: they fix the text's typos)."""
    path = root / "sources/leaving-earth/corrections.yaml"
    path.write_text(path.read_text(encoding="utf-8") + entry, encoding="utf-8")


def test_a_correction_typesets_only_the_sheet_that_prints_it(built_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    typeset: list[str] = []
    real = pipeline.sheets.render

    def counted(document, *, sheet, paper, dated=None):
        typeset.append(f"{document.game.id}/{sheet.name}")
        return real(document, sheet=sheet, paper=paper, dated=dated)

    monkeypatch.setattr(pipeline.sheets, "render", counted)
    append_correction(built_copy, '- find: "puedes hacer tantas acciones"\n  replace: "puedes hacer tantísimas acciones"\n')

    output = build(built_copy, "leaving-earth")

    # Both sheets are stale (their game's files changed) and both are reported; only the quickref prints the sentence.
    assert "leaving-earth/quickref: rebuilt" in output and "leaving-earth/cards: up to date, same content" in output
    assert typeset == ["leaving-earth/quickref"]
    reused = pdfs(built_copy, "leaving-earth")
    typeset.clear()
    build(built_copy, "leaving-earth", "--force")
    assert typeset == ["leaving-earth/quickref", "leaving-earth/cards"]
    assert pdfs(built_copy, "leaving-earth") == reused  # the sheet not typeset is exactly a fresh render


def test_a_damaged_printed_index_only_costs_a_typesetting(built_copy: Path) -> None:
    for path in (built_copy / ".refsheets-cache" / "printed" / "leaving-earth").glob("*/*"):
        path.write_text("{not json", encoding="utf-8")
    before = pdfs(built_copy, "leaving-earth")
    append_correction(built_copy, '- find: "puedes hacer tantas acciones"\n  replace: "puedes hacer tantísimas acciones"\n')
    build(built_copy, "leaving-earth")
    after = pdfs(built_copy, "leaving-earth")
    assert after["leaving-earth-cards.pdf"] == before["leaving-earth-cards.pdf"]
    assert after["leaving-earth-quickref.pdf"] != before["leaving-earth-quickref.pdf"]
