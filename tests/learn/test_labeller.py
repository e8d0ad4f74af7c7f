"""The line labeller: loaded from the committed model, never overruling the markup, absent on request."""
from __future__ import annotations

import pytest

from pipeline.learn.labeller import DEFAULT_MODEL, MODEL_VARIABLE, NO_MODEL, read_units
from pipeline.learn.train import CORPUS
from pipeline.model import CleanLine
from pipeline.split.headings import decide_headings, reading_units
from pipeline.structure import SplitOptions

TEXT = [
    "## Preparación", "", "Cada jugador roba dos cartas.", "", "Componentes", "", "Un tablero y cuatro peones.", "",
    "Fin de la partida", "", "Gana quien tenga más puntos.",
]


def _lines(texts: list[str]) -> tuple[CleanLine, ...]:
    return tuple(CleanLine(text, number, number) for number, text in enumerate(texts, 1))


def test_the_committed_model_is_there_and_read() -> None:
    assert DEFAULT_MODEL.is_file()
    from pipeline.model import CleanText

    units, _ = reading_units(CleanText(game="x", lines=_lines(TEXT), report=()), SplitOptions())
    readings = read_units(units, SplitOptions())
    assert readings is not None and len(readings) == len(units)
    assert all(0.0 <= r.heading <= 1.0 and 0.0 <= r.noise <= 1.0 for r in readings)


def test_without_a_model_the_recognisers_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    from pipeline.structure import find_headings

    monkeypatch.setenv(MODEL_VARIABLE, NO_MODEL)
    lines = _lines(TEXT)
    assert decide_headings(lines, SplitOptions()) == find_headings([line.text for line in lines], options=SplitOptions())


def test_a_heading_the_markup_states_stays() -> None:
    headings = decide_headings(_lines(TEXT), SplitOptions())
    assert headings[0] is not None and headings[0].style == "markup"


def test_the_labeller_finds_bare_short_headings_between_paragraphs() -> None:
    headings = decide_headings(_lines(TEXT), SplitOptions())
    titles = [h.title for h in headings if h is not None]
    assert "Componentes" in titles and "Fin de la partida" in titles
    assert not any(h is not None for h in headings[2::4])  # the rule sentences stay text


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the real corpus is not beside this clone")
def test_the_committed_model_is_what_make_model_makes(tmp_path) -> None:
    from pipeline.learn.train import train

    made = train(tmp_path / "lines.crfsuite")
    assert made.read_bytes() == DEFAULT_MODEL.read_bytes(), "the model is stale: run `make model` and commit it"


def test_a_dash_outlines_entries_stay_whatever_the_labeller_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text's indentation states a dash outline's titles (' -Fichas:' over its text set further in), as markup
    would: the labeller, which has one such text to learn from, never vetoes them."""
    import pipeline.split.headings as headings_module
    from pipeline.learn.labeller import Reading

    outline = [" -Meta de la partida:", "  Gana quien se quede con todas las fichas.", " -Fichas:", "  Cada jugador recibe diez fichas."]
    monkeypatch.setattr(headings_module, "read_units", lambda units, options: [Reading(heading=0.0, noise=0.0) for _ in units])
    headings_module._LAST_READ.clear()
    decided = decide_headings(_lines(outline), SplitOptions())
    headings_module._LAST_READ.clear()
    assert [h.title if h else None for h in decided] == ["Meta de la partida", None, "Fichas", None]
