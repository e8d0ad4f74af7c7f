"""Web tables pasted as text with their cells run together on one line (made-up tables)."""
from __future__ import annotations

import pytest

from pipeline.clean import clean
from pipeline.model import BlockKind, CleanLine, LineKind, RawText
from pipeline.split.blocks import build_blocks
from pipeline.split.runon import looks_run_together, run_together_cells

FRUIT = "FrutaPrecioManzana3 monedasPera2 monedasUva1 moneda"
# Three columns, the middle one sentences: only three columns give a header of labels and agreeing columns.
MOVES = (
    "MovimientoDescripciónCosteSaltoLa ficha pasa sobre otra1 punto"
    "GiroLa ficha cambia de cara2 puntosAvanceLa ficha sube una fila3 puntos"
)
WORDS = "PalabraSignificadoPasoNo se juega nada.DobleSe juega el doble.Todo o nadaSe juega todo a una carta."


@pytest.mark.parametrize(
    ("line", "rows"),
    [
        (FRUIT, [["Fruta", "Precio"], ["Manzana", "3 monedas"], ["Pera", "2 monedas"], ["Uva", "1 moneda"]]),
        (
            MOVES,
            [
                ["Movimiento", "Descripción", "Coste"],
                ["Salto", "La ficha pasa sobre otra", "1 punto"],
                ["Giro", "La ficha cambia de cara", "2 puntos"],
                ["Avance", "La ficha sube una fila", "3 puntos"],
            ],
        ),
        (
            WORDS,
            [
                ["Palabra", "Significado"],
                ["Paso", "No se juega nada."],
                ["Doble", "Se juega el doble."],
                ["Todo o nada", "Se juega todo a una carta."],
            ],
        ),
    ],
)
def test_run_together_cells_are_cut_back(line: str, rows: list[list[str]]) -> None:
    assert run_together_cells(line) == rows


@pytest.mark.parametrize(
    "line",
    [
        "Cada jugador roba dos cartas y tira 2d6; con un 12 gana la ronda.",  # prose
        "El capitán McAllister y la doctora DeLuca juegan con el mazo de McQueen.",  # names, not cells
        "Tira 1d6, 2d8 y 3d10 a la vez.",  # dice, not cells
    ],
)
def test_prose_is_no_run_together_table(line: str) -> None:
    assert not looks_run_together(line) and run_together_cells(line) == []


def test_digits_run_into_each_other_are_cut_where_a_column_counts_the_rows() -> None:
    """'312º303º': the next row's count (2º, 3º…) is where a number ran into it; a count that does not start at 1,
    or rows that do not fill the header, leave the line as it is."""
    line = "PuestoPuntos1º (mejor)312º303º294º (peor)28"
    assert run_together_cells(line) == [["Puesto", "Puntos"], ["1º (mejor)", "31"], ["2º", "30"], ["3º", "29"], ["4º (peor)", "28"]]
    for uncut in ("PuestoPuntosPrimero312º303º294º28", "PuestoPuntosPremio1º (mejor)312º303º294º (peor)28"):
        assert looks_run_together(uncut) and run_together_cells(uncut) == []


def test_the_splitter_sets_the_line_as_a_table_with_a_header() -> None:
    lines = [CleanLine("El precio de cada fruta es el siguiente:", 1, 1, LineKind.TEXT), CleanLine(FRUIT, 2, 2, LineKind.TEXT)]
    blocks = build_blocks(lines)
    assert [block.kind for block in blocks] == [BlockKind.PARAGRAPH, BlockKind.TABLE]
    assert blocks[1].header and blocks[1].rows()[1] == ["Manzana", "3 monedas"]


def test_the_cleaner_warns_of_a_table_it_cannot_cut() -> None:
    text = "Orden\n\nPuestoPuntosPrimero312º303º294º28\n\nPrecios\n\n" + FRUIT
    result = clean(RawText(game="test", path="raw.txt", text=text, encoding="utf-8", sha256="0"))
    glued = [warning for warning in result.warnings if "run together" in warning]
    assert len(glued) == 1 and glued[0].startswith("raw.txt:3:")
