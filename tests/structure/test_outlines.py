"""Plain texts' outlines: dash entries over indented text, numbered titles with text between them, titles whose rank
the blank lines state. The wording is our own."""
from __future__ import annotations

import pytest

from pipeline.model import CleanLine, CleanText, GameInfo
from pipeline.split import split
from pipeline.structure import SplitOptions, find_headings, heading_candidate, readable_title

GAME = GameInfo(id="demo", title_es="Demo", title_en="Demo")


def _titles(lines: list[str]) -> list[str | None]:
    return [heading.title if heading else None for heading in find_headings(lines, options=SplitOptions())]


def _outline(text: str) -> list[tuple[int, str]]:
    lines = tuple(CleanLine(line, number, number) for number, line in enumerate(text.split("\n"), start=1))
    document = split(CleanText(game="demo", lines=lines, report=()), game=GAME)
    return [(section.level, section.title) for section in document.sections]


DASH_OUTLINE = [
    "1.- Empezar:",
    " -Meta de la partida:",
    "  Gana quien se quede con todas las fichas.",
    " -Fichas:",
    "  Cada jugador recibe diez fichas al empezar.",
    "",
    " Las cartas se reparten en:",
    " -Mazos:",
    "        * Robar <numero>: toma cartas del mazo.",
]


def test_dash_entries_over_indented_text_are_the_outlines_titles() -> None:
    assert _titles(DASH_OUTLINE) == ["Empezar", "Meta de la partida", None, "Fichas", None, None, None, "Mazos", None]


@pytest.mark.parametrize(
    "lines",
    [
        [" -Meta de la partida:", "  Gana quien se quede con todas las fichas."],  # one entry: no outline
        [" -Meta:", " Gana quien gane.", " -Fichas:", " Diez cada uno."],  # text not indented under them
        [" - Fase:", "   - roba una carta", " - Otra fase:", "   - juega una carta"],  # a list in a list
        [" -Roba una carta y pasa.", "   Luego juega.", " -Juega otra.", "   Y pasa."],  # sentences
    ],
)
def test_dash_lines_that_are_no_outline_head_nothing(lines: list[str]) -> None:
    assert _titles(lines) == [None] * len(lines)


def test_numbered_titles_with_text_between_them_head_sections_inside_the_one_they_follow() -> None:
    text = "\n".join(
        ["Las apuestas del Tute", "Hay tres apuestas.", "1) Alta", "Gana la carta mayor.", "2) Baja", "Gana la menor.",
         "3) Pares", "Gana la pareja mayor."]
    )
    assert _outline(text) == [(1, "Las apuestas del Tute"), (2, "1. Alta"), (2, "2. Baja"), (2, "3. Pares")]


def test_numbered_items_one_after_another_are_a_list() -> None:
    assert _titles(["Cada jugador lleva esto:", "1) Cartas", "2) Fichas", "3) Dados"]) == [None] * 4


@pytest.mark.parametrize(("line", "title"), [("La fase de Mus (descarte)", True), ("Las jugadas del Tute", True),
                                              ("La partida de Juan termina.", False)])
def test_an_article_and_a_noun_phrase_ending_in_a_name_is_a_title(line: str, title: bool) -> None:
    assert (heading_candidate(line, options=SplitOptions()) is not None) is title


TAKE = "Cada jugador toma diez fichas de su color y las deja delante de él, a la vista de todos."
DEAL = "Quien reparte da cinco cartas a cada jugador, de una en una, empezando por su izquierda."
DROP = "Cada jugador mira sus cartas y deja una de ellas boca abajo en el centro de la mesa."
TURNS = "La ronda se juega por turnos, y cada turno tiene las mismas tres fases en el mismo orden."
FIRST = "Empieza el jugador más joven de la mesa y el turno pasa después hacia su izquierda."
END = "La ronda acaba cuando ningún jugador tiene ya cartas en la mano y se cuentan los puntos."


def test_titles_set_tight_against_the_text_above_nest_under_those_after_a_blank_line() -> None:
    text = "\n".join(
        ["Preparación del juego", TAKE, "Reparto de cartas", DEAL, "Descarte inicial", DROP, "",
         "Desarrollo de la ronda", TURNS, "Orden de turnos", FIRST, "Fin de la ronda", END]
    )
    assert _outline(text) == [
        (1, "Preparación del juego"), (2, "Reparto de cartas"), (2, "Descarte inicial"),
        (1, "Desarrollo de la ronda"), (2, "Orden de turnos"), (2, "Fin de la ronda"),
    ]


def test_titles_all_after_blank_lines_stay_side_by_side() -> None:
    text = "\n".join(["Preparación del juego", TAKE, "", "Reparto de cartas", DEAL, "", "Fin de la ronda", END])
    assert _outline(text) == [(1, "Preparación del juego"), (1, "Reparto de cartas"), (1, "Fin de la ronda")]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("eLEMENtOS del JUEGO", "Elementos del juego"),  # a display font's capitals, folded by the extraction
        ("AtAQUE", "Ataque"),
        ("TURNO de CADA JUGADOR", "Turno de cada jugador"),
        ("pREPARACION", "Preparacion"),
        ("Fase de McDonald", "Fase de McDonald"),  # a name's own capitals stay
        ("Reglas del Mus", "Reglas del Mus"),
        ("FTL", "FTL"),
    ],
)
def test_a_title_in_a_caps_fonts_mixed_case_is_printed_in_sentence_case(line: str, title: str) -> None:
    assert readable_title(line) == title


@pytest.mark.parametrize(
    ("lines", "whole"),
    [
        (["cuando ataca a un CABALLE-", "RO le quita vidas"], ["cuando ataca a un CABALLERO", "le quita vidas"]),
        (["el jugador ini-", "cial roba"], ["el jugador inicial", "roba"]),
        (["ataca a un ARQUE-", "ROS, y luego"], ["ataca a un ARQUEROS,", "y luego"]),
        (["dos jugadores -", "TRES si hay"], ["dos jugadores -", "TRES si hay"]),  # a dash, no word split
    ],
)
def test_a_word_hyphenated_across_lines_is_made_whole_in_capitals_too(lines: list[str], whole: list[str]) -> None:
    from pipeline.ingest.artefacts import join_hyphenated

    texts = list(lines)
    join_hyphenated(texts)
    assert texts == whole


@pytest.mark.parametrize(
    ("line", "title", "rest"),
    [
        ("## FICHAS: Son las que mueve cada jugador por el tablero", "Fichas", "Son las que mueve cada jugador por el tablero"),
        ("## ESCENARIO A: FIN DEL MUNDO", "Escenario a: fin del mundo", ""),
        ("## Fase 2: Robo de cartas", "Fase 2: Robo de cartas", ""),
    ],
)
def test_a_marked_up_heading_run_on_into_its_first_sentence_is_split(line: str, title: str, rest: str) -> None:
    heading = heading_candidate(line, options=SplitOptions())
    assert heading is not None and (heading.title, heading.rest) == (title, rest)


def test_a_heading_in_capitals_centred_under_one_at_the_margin_is_part_of_it() -> None:
    text = "\n".join(["EL TABLERO:", "", TAKE, "", "LAS FICHAS:", "", DEAL, "", "                 FICHAS ROJAS", "", DROP, "",
                      "                 FICHAS AZULES", "", TURNS, "", "FIN DEL JUEGO:", "", END])
    assert _outline(text) == [(1, "El tablero"), (1, "Las fichas"), (2, "Fichas rojas"), (2, "Fichas azules"), (1, "Fin del juego")]


def test_bold_fields_of_a_box_are_no_run_in_headings() -> None:
    """'**Edad:** 8+' over '**Jugadores:** 2-4' (no blank line between, short values): the game's box, not headings;
    a bold label opening a paragraph of its own, or over a long rule, is still a run-in heading."""
    fields = ["**Edad:** A partir de 8 años", "**Jugadores:** De 2 a 4", "**Duración:** 30 minutos", ""]
    assert _titles(fields) == [None, None, None, None]
    rule = "**Combate:** El atacante tira dos dados y suma su fuerza; el defensor tira uno y suma su escudo."
    assert _titles(["**Preparación:** Baraja el mazo.", "", rule]) == ["Preparación", None, "Combate"]
    assert _titles(["**Edad:** A partir de 8 años", rule])[1] == "Combate"


def test_a_step_whose_sentence_hangs_under_it_is_an_item_and_an_outline_title_over_indented_text_stays() -> None:
    steps = ["PREPARACIÓN", "1. Coloca el tablero en el centro y pon", "   2 fichas en cada charca.", "2. Baraja las cartas."]
    assert _titles(steps)[1] is None  # "   2 fichas": the step's own next line, set in to its text
    outline = ["1. Preparación", "   Coloca el tablero en el centro.", "", "2. El turno", "   Roba una carta."]
    assert _titles(outline)[0] == "Preparación"
