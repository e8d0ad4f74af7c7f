"""Two-column pages of `pdftotext -layout` read column by column, and OCR confusions of digits and rn/m."""

from __future__ import annotations

from pipeline.ingest.artefacts import repair
from pipeline.ingest.columns import split_columns
from pipeline.ingest.frames import unframe
from pipeline.ingest.ocr import fix_ocr, shows_ocr

LEFT = [
    "PREPARACIÓN",
    "Cada jugador toma cuatro fichas",
    "de su color y las pone en el",
    "tablero delante de él, junto",
    "a su pantalla de jugador.",
]
RIGHT = ["EL TURNO", "En tu turno roba dos cartas y", "juega una de ellas boca arriba", "sobre la mesa de juego; la", "otra va a tu mano."]


def test_a_page_in_two_columns_is_read_column_by_column() -> None:
    lines = [left.ljust(40) + right for left, right in zip(LEFT, RIGHT)] + ["", "", "Reglamento".ljust(60) + "3"]
    texts, source = split_columns(lines)
    assert [text for text in texts if text] == LEFT + RIGHT + ["Reglamento".ljust(60) + "3"]
    assert source[texts.index("EL TURNO")] == 0  # each piece keeps the line it came from


def test_text_in_one_column_and_a_table_are_left_alone() -> None:
    assert split_columns(LEFT + RIGHT) is None
    table = ["Jugadores        de 2 a 4", "Duración         unos 30 minutos", "Edad             desde 8 años", "Autor            Ana Pérez"]
    assert split_columns(table * 2) is None


def test_a_footer_with_its_page_number_goes() -> None:
    footer = "Islas de Sal · Reglamento       "
    lines = ["Cada jugador roba dos cartas.", "", "", footer + "1", "\fEl turno acaba.", "", "", footer + "2"]
    texts, _, records = repair(lines)
    assert not any("Reglamento" in text for text in texts)
    assert {record.line for record in records if record.action == "drop"} == {4, 8}


def test_ocr_digits_and_rn_are_fixed_where_the_result_is_a_word() -> None:
    assert fix_ocr("E1 gnomo roba del rnazo en su tumo y co1oca 1a carta.") == "El gnomo roba del mazo en su turno y coloca la carta."
    assert fix_ocr("PREPARACI6N") == "PREPARACIÓN"
    assert fix_ocr("Tira 2d6 en la 1a ronda; la casilla E1 es del mar.") == "Tira 2d6 en la 1a ronda; la casilla E1 es del mar."


def test_an_ocr_zero_is_the_word_o_only_between_two_words_of_a_coordination() -> None:
    """A 0 after a verb or a preposition, or before a noun, is a rule's value (review finding 6)."""
    for value in (
        "El disparo inflige 0 daño al escudo.",
        "Si tiene 0 energía, pasa.",
        "Cada carta cuesta 0 monedas y gana 0 puntos.",
        "Se queda con 0 energía.",
        "A un barco reducido a velocidad 0 por una colisión.",
        "Infligir 0 daño no cuenta como ataque.",
    ):
        assert fix_ocr(value) == value
    assert fix_ocr("plantar una semilla 0 mover un druida") == "plantar una semilla o mover un druida"
    assert fix_ocr("coloca uno 0 dos bloques") == "coloca uno o dos bloques"
    assert fix_ocr("roba una carta 0 la descarta") == "roba una carta o la descarta"


def test_a_clean_text_is_not_read_as_ocr() -> None:
    assert not shows_ocr(["En la 1a ronda cada jugador roba.", "El turno termina."])


def test_a_pasted_footer_with_its_page_number_goes_and_so_does_the_last_pages_bare_number() -> None:
    from pipeline.ingest.pagemarks import page_furniture

    texts = ["Roba una carta.", "Faros del Norte - Reglas 1", "Mueve tu figura.", "2 Faros del Norte - Reglas", "Gana.", "3"]
    records: dict = {}
    assert page_furniture(texts, records) == {1, 3, 5}
    # A heading that ends in a number is no footer, however often its words come back.
    assert page_furniture(["Carta de evento 1", "Roba.", "Carta de evento 2", "Roba."], {}) == set()


def test_pages_copied_one_line_each_lose_their_running_head_and_number_and_are_cut_at_their_headings() -> None:
    from pipeline.ingest.artefacts import repair

    body = "cada jugador toma tres cartas de la mesa y las mira sin enseñarlas a nadie hasta el final de la ronda."
    body = f"{body} Después {body}"  # a page: longer than a paragraph
    lines = [f"GUÍA DE REGLAS - LOS POZOS 1 PREPARACIÓN Al empezar, {body} EL TURNO En tu turno, {body}",
             f"GUÍA DE REGLAS - LOS POZOS 2 FIN DE LA PARTIDA Al acabar, {body}"]
    repaired = repair(lines)
    assert repaired is not None
    texts = repaired[0]
    assert texts[0] == "GUÍA DE REGLAS - LOS POZOS"  # the first page's head names the document
    assert ["PREPARACIÓN", "EL TURNO", "FIN DE LA PARTIDA"] == [text for text in texts if text.isupper() and "GUÍA" not in text]
    assert not any("POZOS 2" in text for text in texts)


def test_a_running_head_beside_the_page_markers_goes_and_the_same_words_opening_the_text_stay() -> None:
    from pipeline.ingest.pagemarks import page_furniture

    texts = ["SENDEROS", "", "Coloca el tablero.", "- 2 -", "", "SENDEROS", "", "Mueve tu farol.", "- 3 -", "", "SENDEROS", "Gana."]
    assert page_furniture(texts, {}) == {5, 10}


def test_a_box_across_the_gutter_is_read_whole_and_a_paragraph_runs_on_into_the_right_column() -> None:
    left = ["PESCAR", "Toma hasta dos fichas de la charca", "donde esté una de tus garzas. No", "puedes vaciarla si otra garza sigue",
            "en ella ni si el agua está helada.", "Si hay una garza rival, le das"]
    right = ["una ficha a su dueño. Una garza", "que vuela no puede pescar en el", "mismo turno de juego, ni aunque",
             "   (salvo con la carta de lluvia)", "tenga las fichas de un nido.", "Anidar cuesta tres fichas."]
    example = "│ Irene vuela a la charca 6 y le da 1 ficha de pez a Tomás este turno.  │"
    box = ["┌" + "─" * 70 + "┐", "│ EJEMPLO" + " " * 62 + "│", example, "└" + "─" * 70 + "┘"]
    texts, _ = split_columns([a.ljust(40) + b for a, b in zip(left, right)] + [""] + box)
    assert texts[5:7] == [left[5], right[0]]  # no paragraph break: the sentence goes on at the top of the right column
    assert "   (salvo con la carta de lluvia)" in texts  # set in further than its column: the indent stays
    assert texts[-4:] == [line.strip() for line in box]


def test_a_boxs_frame_goes_and_its_title_labels_its_text() -> None:
    box = ["Antes.", "  ┌──────────────┐", "  │ EJEMPLO      │", "  │ Irene vuela. │", "  │ Tomás pesca. │", "  └──────────────┘"]
    box.append("Después.")
    texts, source = unframe(box)
    assert texts == ["Antes.", "", "", "Ejemplo: Irene vuela.", "Tomás pesca.", "", "Después."]
    assert source == list(range(len(box)))
    assert unframe(["│ a solas │", "└─────┘"]) is None  # no top corner: no box


def test_a_boxs_wrapped_first_line_is_no_title() -> None:
    box = ["┌──────────────────────────────┐", "│ Si sacas un 6 puedes repetir │", "│ la tirada y mover otra vez.  │",
           "└──────────────────────────────┘"]
    texts, _ = unframe(box)
    assert texts == ["", "Si sacas un 6 puedes repetir", "la tirada y mover otra vez.", ""]
    broken_off = ["┌────────────────┐", "│ Si robas una   │", "│ Carta, juégala.│", "└────────────────┘"]
    assert unframe(broken_off)[0][1:3] == ["Si robas una", "Carta, juégala."]  # ends on 'una': mid-phrase


def test_a_table_drawn_in_box_characters_is_no_box() -> None:
    table = ["┌──────────┬───────┐", "│ Acción   │ Coste │", "├──────────┼───────┤", "│ Mover    │ 1     │", "└──────────┴───────┘"]
    assert unframe(table) is None
    no_joints = ["┌──────────────────┐", "│ Mover    │ 1     │", "│ Pescar   │ 2     │", "└──────────────────┘"]
    assert unframe(no_joints) is None  # a side inside its rows: columns


def test_a_box_inside_one_column_does_not_hide_the_columns() -> None:
    left = ["┌──────────────────────────────┐", "│ Irene vuela a la charca seis │", "│ y le da una ficha a Tomás.   │",
            "│ Tomás pesca dos fichas allí. │", "│ Luego Irene anida en la cima.│", "└──────────────────────────────┘"]
    right = ["Una garza que vuela no pesca", "en el mismo turno de juego ni", "aunque tenga las fichas de un", "nido. Anidar cuesta tres",
             "fichas de pez del montón y", "se hace al final del turno."]
    texts, _ = split_columns([a.ljust(36) + b for a, b in zip(left, right)])
    assert texts == [*left, "", *right, ""]  # the box is the left column's: only a frame on its own lines is one
