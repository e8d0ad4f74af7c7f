"""A kept sentence's discourse opener left out (quickref/directives.py), and sentences that only point elsewhere
(quickref/lookups.py): tables of (input, expected), with inputs that must stay as they are."""
from __future__ import annotations

import pytest

from pipeline.model import Block, Section, TermHit
from pipeline.sheets.quickref.condense import CondenseOptions, condense
from pipeline.sheets.quickref.directives import directive_block, without_openers
from pipeline.sheets.quickref.lookups import only_points_elsewhere


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ten en cuenta que la ficha azul nunca se descarta.", "La ficha azul nunca se descarta."),
        ("Tenga en cuenta que existe un límite de tres.", "Existe un límite de tres."),
        ("Roba dos. Es importante recordar que si sacas un seis repites.", "Roba dos. Si sacas un seis repites."),
        ("Cabe destacar que el mazo no se baraja.", "El mazo no se baraja."),
        ("Recuerda que solo puedes mover una vez.", "Solo puedes mover una vez."),
        ("Fíjate en que el dorso es violeta.", "El dorso es violeta."),
        ("Date cuenta que las fichas rojas valen doble.", "Las fichas rojas valen doble."),
        ("Simplemente, ignora el movimiento.", "Ignora el movimiento."),
        # Left as they are: an opener with too little after it, one in the middle of a sentence, a quotation, a
        # colon after it, an opener's words that do another job.
        ("Recuerda que puedes.", "Recuerda que puedes."),
        ("Mueve, pero ten en cuenta que el hex bloquea.", "Mueve, pero ten en cuenta que el hex bloquea."),
        ("«Ten en cuenta que el dado cuenta doble»", "«Ten en cuenta que el dado cuenta doble»"),
        ("Ten en cuenta que: nada de esto vale.", "Ten en cuenta que: nada de esto vale."),
        ("Ten en cuenta los modificadores del terreno.", "Ten en cuenta los modificadores del terreno."),
        ("Recuerda las cartas jugadas por tu rival.", "Recuerda las cartas jugadas por tu rival."),
    ],
)
def test_openers(text: str, expected: str) -> None:
    assert without_openers(text)[0] == expected


def test_the_glossary_hits_move_with_the_text() -> None:
    text = "Roba una carta. Ten en cuenta que la ficha azul vale doble."
    hits = (TermHit("carta", "card", 9, 14), TermHit("ficha", "token", 37, 42))
    block = directive_block(Block(kind="paragraph", text=text, first=1, last=1, terms=hits))
    assert block.text == "Roba una carta. La ficha azul vale doble."
    assert [block.text[hit.start : hit.end] for hit in block.terms] == ["carta", "ficha"]


def test_a_table_is_printed_as_it_is() -> None:
    block = Block(kind="table", text="Ten en cuenta que\tel dado vale dos", first=1, last=1)
    assert directive_block(block) is block


def test_condense_asks_for_it_by_name() -> None:
    section = Section(id="dados", title="Dados", level=1, kind="rules", first=1, last=1,
                      blocks=(Block(kind="paragraph", text="Ten en cuenta que cada jugador debe tirar dos dados.", first=1, last=1),))
    (plain,) = condense([section], options=CondenseOptions(roles=True))
    (short,) = condense([section], options=CondenseOptions(roles=True, directives=True))
    assert (plain.blocks[0].text, short.blocks[0].text) == (
        "Ten en cuenta que cada jugador debe tirar dos dados.", "Cada jugador debe tirar dos dados."
    )


@pytest.mark.parametrize(
    ("sentence", "points"),
    [
        ("Consulte la TABLA 24: UBICACIONES DE HIT.", True),
        ("Consulta la descripción del resultado en el siguiente apartado.", True),
        ("Algunos logros se explican con detalle posteriormente.", True),
        ("Hay una explicación completa en la hoja de logros.", True),
        # More than a pointer: a rule beside it, a permission, a pointer only in brackets, a section the sheet prints.
        ("Consulta la tabla y tira un dado.", False),
        ("Consulta la tabla: puedes repetir la tirada.", False),
        ("La categoría Adicto es una excepción (se describe posteriormente).", False),
        ("Se explica en la sección Combate.", False),
        ("El capitán roba dos cartas.", False),
    ],
)
def test_sentences_that_only_point_elsewhere(sentence: str, points: bool) -> None:
    assert only_points_elsewhere(sentence, frozenset({"combate"})) is points
