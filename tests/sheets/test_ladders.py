"""Ladders of numbers set as tables (quickref/ladders.py)."""
from __future__ import annotations

from pipeline.model import Block, Section, TermHit
from pipeline.sheets.quickref.ladders import laddered


def _section(text: str, terms: tuple[TermHit, ...] = ()) -> Section:
    return Section(id="oro", title="Oro", level=1, kind="rules", blocks=(Block("paragraph", text, 3, 4, terms=terms),), first=3, last=4)


def test_a_ladder_of_ranges_becomes_a_table_and_the_rest_of_its_paragraph_stays() -> None:
    text = (
        "Al final de la partida cuenta tus monedas. Si tienes de 1 a 4 monedas de oro ganas 1 corona. "
        "De 5 a 9 monedas de oro, 2 coronas. Entre 10 y 14, 4 coronas. El que más coronas tenga gana."
    )
    term = TermHit(es="corona", en="Crown", start=text.index("coronas tenga"), end=text.index("coronas tenga") + 7, kind="card")
    (section,) = laddered([_section(text, (term,))])
    before, table, after = section.blocks
    assert before.text == "Al final de la partida cuenta tus monedas."
    assert table.kind == "table" and table.header and (table.first, table.last) == (3, 4)
    assert table.rows() == [["Monedas de oro", "coronas"], ["1–4", "1"], ["5–9", "2"], ["10–14", "4"]]
    assert after.text == "El que más coronas tenga gana."
    assert [after.text[hit.start : hit.end] for hit in after.terms] == ["coronas"]  # the hit moved with its text


def test_two_ranges_a_falling_range_or_a_rung_that_says_more_stay_sentences() -> None:
    two = "De 1 a 4 monedas, 1 corona. De 5 a 9 monedas, 2 coronas."
    falling = "De 1 a 4 monedas, 1 corona. De 5 a 9 monedas, 2 coronas. De 3 a 6 monedas, 5 coronas."
    more = (
        "De 1 a 4 monedas, 1 corona. De 5 a 9 monedas, 2 coronas. "
        "De 10 a 14 monedas ganas, si ningún otro jugador ha pasado antes por el puerto del norte con su barco, 4 coronas."
    )
    for text in (two, falling, more):
        assert laddered([_section(text)])[0].blocks == _section(text).blocks, text


def test_a_ladder_that_names_no_unit_has_no_header_row() -> None:
    (section,) = laddered([_section("De 1 a 4, 1. De 5 a 9, 2. De 10 a 14, 4.")])
    (table,) = section.blocks
    assert not table.header and table.rows() == [["1–4", "1"], ["5–9", "2"], ["10–14", "4"]]
