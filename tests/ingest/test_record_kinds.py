"""Decisions read what ingest found a line to be (`CleaningRecord.artefact`), never the report's words for it:
rewording a report line changes the report and nothing else."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.clean import clean
from pipeline.ingest import lines as converted_lines
from pipeline.ingest import read_source


@pytest.mark.parametrize(
    "text",
    [
        "EL TURNO\nCada jugador roba una carta.\n2\nEL TURNO\nLuego juega otra.\n3\n",  # page numbers
        "ÍNDICE\nPreparación ........ 3\nEl turno ........ 4\n\nPREPARACIÓN\nCada jugador roba una carta.\n",  # contents
        "REGLAS\n\nEL COMODÍN2\nCada jugador roba una carta.3\n",  # page numbers glued to the lines' ends
    ],
)
def test_a_printed_copy_is_told_by_its_repairs_kinds_not_their_words(tmp_path: Path, text: str) -> None:
    (tmp_path / "raw.txt").write_text(text, encoding="utf-8")
    raw = read_source(tmp_path / "raw.txt", game="juego", display="raw.txt")
    reworded = replace(raw, markup=tuple(replace(record, reason=f"reworded {record.line}") for record in raw.markup))
    assert raw.markup and not clean(raw).credits.forum
    assert not clean(reworded).credits.forum


def test_an_empty_element_gives_way_to_its_lines_text_whatever_its_report_says(tmp_path: Path, monkeypatch) -> None:
    # Line 2: an empty element, then a heading; line 3: a heading, then an empty element; line 4: only empty.
    page = "<html><body>\n<p></p><h2>Turno</h2>\n<h2>Fin</h2><p> </p>\n<div></div>\n<p>Cada jugador roba una carta.</p>\n</body></html>\n"
    (tmp_path / "raw.html").write_text(page, encoding="utf-8")

    def records() -> list[tuple[int, str, str]]:
        raw = read_source(tmp_path / "raw.html", game="juego", display="raw.html")
        return [(record.line, record.action, record.reason) for record in raw.markup]

    said, words = records(), converted_lines.NO_TEXT
    monkeypatch.setattr(converted_lines, "NO_TEXT", "reworded")
    assert records() == [(line, action, reason.replace(words, "reworded")) for line, action, reason in said]
    assert (2, "markup", "heading (<h2>)") in said and (3, "markup", "heading (<h2>)") in said
    assert (4, "drop", "markup: no text (tags or spaces only)") in said
