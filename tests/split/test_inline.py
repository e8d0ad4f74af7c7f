"""Structure recovered from lines and from run-on paragraphs: lists with markers, tables of cells, table pointers."""

from __future__ import annotations

import pytest

from pipeline.model import Block, CleanLine
from pipeline.split.blocks import build_blocks
from pipeline.split.inline import label_vocabulary, restructure


def _blocks(texts: list[str]) -> list[Block]:
    return list(build_blocks([CleanLine(text, number, number) for number, text in enumerate(texts, start=1)]))


def _paragraph(text: str, labels: frozenset[str] = frozenset()) -> list[Block]:
    return list(restructure((Block("paragraph", text, 1, 1),), labels=labels))


def test_a_sequence_of_play_inside_one_paragraph_becomes_numbered_steps_with_lettered_sub_steps() -> None:
    blocks = _paragraph(
        "La secuencia avanzada de juego es la siguiente: Fase de borde Fase de potencia Fase de movimiento "
        "a. Naves capitales b. Buques Medianos y Ligeros c. Ataques con minas Fase de Fuego a. Rayos y Proyectiles "
        "b. Ataques con bombas Fase de reparación Órdenes especiales"
    )
    assert (blocks[0].kind, blocks[0].text) == ("paragraph", "La secuencia avanzada de juego es la siguiente:")
    assert [(b.marker, b.depth, b.text) for b in blocks[1:]] == [
        ("1", 0, "Fase de borde"),
        ("2", 0, "Fase de potencia"),
        ("3", 0, "Fase de movimiento"),
        ("a", 1, "Naves capitales"),
        ("b", 1, "Buques Medianos y Ligeros"),
        ("c", 1, "Ataques con minas"),
        ("4", 0, "Fase de Fuego"),
        ("a", 1, "Rayos y Proyectiles"),
        ("b", 1, "Ataques con bombas"),
        ("5", 0, "Fase de reparación"),
        ("6", 0, "Órdenes especiales"),
    ]


def test_a_lettered_list_after_a_colon_keeps_its_letters() -> None:
    blocks = _paragraph("Recomendamos lo siguiente: a. Modos de fuego b. Daño al sistema c. Controles de maniobra")
    assert [(b.kind, b.marker, b.depth) for b in blocks] == [("paragraph", "", 0), ("item", "a", 0), ("item", "b", 0), ("item", "c", 0)]


def test_damage_levels_inside_a_paragraph_become_a_label_table_and_known_labels_catch_short_runs() -> None:
    blocks = _paragraph(
        "El barco se ve afectado. Aturdimiento: Sin efecto. Herida: Sistema fuera de servicio (hasta que se repare). "
        "Mortal: Sistema destruido. Crítico: Descompresión."
    )
    assert [b.kind for b in blocks] == ["paragraph", "table"]
    assert blocks[1].rows() == [
        ["Aturdimiento", "Sin efecto."],
        ["Herida", "Sistema fuera de servicio (hasta que se repare)."],
        ["Mortal", "Sistema destruido."],
        ["Crítico", "Descompresión."],
    ]
    labels = label_vocabulary(blocks + _paragraph("Otro. Aturdimiento: x. Herida: y. Mortal: z."))
    assert {"Aturdimiento", "Herida", "Mortal"} <= labels
    # Two labels alone are prose, unless the document uses them in longer runs.
    short = "La plataforma está destruida. Mortal: La plataforma está destruida. Crítico: Como arriba."
    assert [b.kind for b in _paragraph(short)] == ["paragraph"]
    assert [b.kind for b in _paragraph(short, labels | {"Crítico"})] == ["paragraph", "table"]


def test_conversions_and_value_pairs_become_tables() -> None:
    blocks = _paragraph(
        "Potencia pequeña 1 Asombroso = 1 muerte 2 Bueno = 1 muerte Potencia ligera 1 Asombroso = 1 muerte "
        "Potencia media Cada golpe = 1 muerte Ignora las muertes fraccionarias."
    )
    assert [b.kind for b in blocks] == ["table", "paragraph"]
    assert blocks[0].rows() == [
        ["Potencia pequeña", "1 Asombroso = 1 muerte; 2 Bueno = 1 muerte"],
        ["Potencia ligera", "1 Asombroso = 1 muerte"],
        ["Potencia media", "Cada golpe = 1 muerte"],
    ]
    pairs = list(
        restructure(
            (
                Block("paragraph", "Sufre daño según el tamaño: Daño base Pequeño 2d4m Ligero 3d4m Medio 3d8m", 1, 1),
                Block("paragraph", "Potencia de fuego base Media Pesada S-Pesada", 2, 2),
            )
        )
    )
    assert [b.kind for b in pairs] == ["paragraph", "table"] and pairs[1].header
    assert pairs[1].rows() == [
        ["", "Daño base", "Potencia de fuego base"],
        ["Pequeño", "2d4m", "Media"],
        ["Ligero", "3d4m", "Pesada"],
        ["Medio", "3d8m", "S-Pesada"],
    ]


def test_an_arrow_chain_becomes_numbered_steps() -> None:
    blocks = _paragraph("La jerarquía es la siguiente: FÁCIL: SOLO BLANCAS -> BLANCAS Y AMARILLAS -> ROJAS : DIFÍCIL")
    assert blocks[0].text.endswith("FÁCIL:")
    assert [(b.marker, b.text) for b in blocks[1:]] == [("1", "SOLO BLANCAS"), ("2", "BLANCAS Y AMARILLAS"), ("3", "ROJAS : DIFÍCIL")]


def test_items_opening_with_a_count_become_a_table() -> None:
    blocks = _blocks(
        ["Puntuación:", "- 1 punto si superan el objetivo 1", "- 2 puntos si superan los objetivos 1 y 2.", "- 10 puntos si ganan."]
    )
    assert [b.kind for b in blocks] == ["paragraph", "table"]
    assert blocks[1].rows()[2] == ["10 puntos", "si ganan."]


def test_bare_lines_ending_with_a_count_under_a_row_naming_it_are_a_table() -> None:
    """A table pasted with spaces for its cells: a heading row, then a name and its count per line."""
    blocks = _blocks(["Premios:", "", "Mano Premio en fichas", "Escalera real 5 fichas", "Trío 2 fichas", "Pareja de reyes 1 ficha"])
    table = next(block for block in blocks if block.kind == "table")
    assert table.header and table.rows() == [
        ["Mano", "Premio en fichas"], ["Escalera real", "5 fichas"], ["Trío", "2 fichas"], ["Pareja de reyes", "1 ficha"]]


@pytest.mark.parametrize(
    "lines",
    [
        ["Al empezar:", "", "Cada jugador roba 2 cartas", "El primero descarta 1 carta", "Los demás roban 3 cartas"],  # no heading row
        ["Premios:", "", "Mano Premio en puntos", "Escalera real 5 fichas", "Trío 2 fichas", "Pareja 1 ficha"],  # another unit
    ],
    ids=["no-heading-row", "other-unit"],
)
def test_items_ending_with_a_count_without_a_row_naming_it_stay_items(lines: list[str]) -> None:
    assert "table" not in [block.kind for block in _blocks(lines)]


def test_a_counted_item_that_introduces_a_list_ends_the_table_and_keeps_its_list() -> None:
    blocks = _blocks(
        ["El mazo:", "- 12 cartas de bosque", "- 9 cartas de río", "- 6 cartas de montaña", "- 4 cartas especiales:",
         "  - 2 tormentas", "  - 2 puentes", "- 3 cartas de ayuda"]
    )
    assert [b.kind for b in blocks] == ["paragraph", "table", "item", "item", "item", "item"]
    assert blocks[1].rows() == [["12 cartas", "de bosque"], ["9 cartas", "de río"], ["6 cartas", "de montaña"]]
    assert [b.text for b in blocks[2:]] == ["4 cartas especiales:", "2 tormentas", "2 puentes", "3 cartas de ayuda"]


@pytest.mark.parametrize(
    "text",
    [
        "Nota: el mazo se baraja. Ejemplo: Ana roba.",  # two labels of prose
        "Roba una carta. Luego, a. menos que... b. nada.",  # letters without an introducing colon
        "Ve de A -> B y vuelve.",  # one arrow
        "El resultado es 2 PE = 1 nivel.",  # one conversion
    ],
)
def test_prose_stays_prose(text: str) -> None:
    assert [b.kind for b in _paragraph(text)] == ["paragraph"]


def test_short_lines_after_a_colon_and_sub_items_after_an_item_are_lists() -> None:
    blocks = _blocks(
        [
            "Los años se suceden hasta que ocurre una de estas cosas:",
            "",
            "El calendario pasa de 1976",
            "No quedan misiones",
            "",
            "Al final gana quien tenga más puntos.",
        ]
    )
    assert [b.kind for b in blocks] == ["paragraph", "item", "item", "paragraph"]
    blocks = _blocks(["- Buscar. Tira 1DR:", "“Energía”: elige un botiquín. No se guarda.", "“GD”. Un objeto común.", "- Huir. Tira 1DA."])
    assert [(b.kind, b.depth) for b in blocks] == [("item", 0), ("item", 1), ("item", 1), ("item", 0)]


def test_a_numbered_table_whose_columns_were_lost_is_a_pointer_that_keeps_its_words() -> None:
    blocks = _blocks(
        [
            "Tabla 2–1: Ataques a minas Número de patrones",
            "Verificar resultado M O G – – –",
            "Un – – –",
            "El resultado es el número de ataques con minas que sufre la nave en ese hexágono del mapa.",
        ]
    )
    assert blocks[0].kind == "table-ref"
    assert blocks[0].text.split("\n") == ["Tabla 2–1: Ataques a minas", "Número de patrones", "Verificar resultado M O G – – –", "Un – – –"]
    rebuilt = _blocks(
        ["Tabla 3: Costes", "Cohete -> 5$", "Cápsula -> 10$", "Sonda -> 2$", "Fin del texto de la regla que sigue a la tabla, en prosa."]
    )
    assert [b.kind for b in rebuilt] == ["paragraph", "table", "paragraph"]


def test_a_run_of_bullets_on_one_line_becomes_one_item_per_bullet() -> None:
    blocks = _blocks(["• Pon el tablero en el centro. • Reparte tres fichas. • Baraja el mazo."])
    assert [(block.kind, block.text) for block in blocks] == [
        ("item", "Pon el tablero en el centro."), ("item", "Reparte tres fichas."), ("item", "Baraja el mazo.")
    ]


def test_bullets_after_a_lead_in_are_items_under_it_and_a_lone_dot_is_left_alone() -> None:
    assert [(block.kind, block.text) for block in _paragraph("Necesitas: • 3 dados • 1 tablero")] == [
        ("paragraph", "Necesitas:"), ("item", "3 dados"), ("item", "1 tablero")
    ]
    assert [block.text for block in _paragraph("Roba • una carta")] == ["Roba • una carta"]
