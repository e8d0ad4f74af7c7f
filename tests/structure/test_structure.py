"""The structure recogniser: one verdict on headings for the cleaner and the splitter, with the game's hints."""
from __future__ import annotations

import re

import pytest

from pipeline.clean import clean
from pipeline.ingest.inline import render
from pipeline.model import GameInfo, RawText
from pipeline.split import split
from pipeline.structure import STYLES, SplitOptions, find_headings, heading_candidate
from pipeline.structure.patterns import BULLET

GAME = GameInfo(id="demo", title_es="Demo", title_en="Demo")
STORY = "Yo era el capitán y recuerdo que fuimos los primeros en llegar. Había silencio y yo pensaba en casa."
RUN_IN = "Acumulación de potencia Algunos sistemas de armas pesadas requieren una enorme cantidad de energía."


def raw_of(text: str) -> RawText:
    return RawText(game="demo", path="raw.txt", text=text, encoding="utf-8", sha256="0")


def kinds(text: str, **options) -> dict[str, str]:
    return {line.text: line.kind for line in clean(raw_of(text), **options).lines if line.text}


def test_styles_are_one_ordered_list() -> None:
    names = [name for name, _ in STYLES]
    assert names[0] == "markup" and names[-1] == "title"  # what a source marked up outranks every guess
    assert len(names) == len(set(names))


def test_a_run_in_heading_opens_its_own_block_in_the_cleaner() -> None:
    # The story before it (no blank line between) must not swallow the rule that the splitter will title.
    found = kinds(f"{STORY}\n{RUN_IN}")
    assert found[STORY] == "flavor"
    assert found[RUN_IN] == "text"


def test_the_cleaner_reads_the_games_split_hints() -> None:
    rule = "Ataque. Elige un arma y tira los dados."
    hints = SplitOptions(run_in=(re.compile(r"^Ataque\.", re.IGNORECASE),))
    assert heading_candidate(rule, options=SplitOptions()) is None
    assert heading_candidate(rule, options=hints).style == "runin"
    assert kinds(f"{STORY}\n{rule}", split_options=hints)[rule] == "text"


def test_a_title_shaped_reply_is_judged_as_chatter_not_protected() -> None:
    text = "REGLAS\n\nCada jugador roba una carta.\n\n[member]\n\nMuchísimas gracias por el esfuerzo."
    result = clean(raw_of(text))
    assert "Muchísimas gracias por el esfuerzo." not in [line.text for line in result.lines]
    assert result.credits.translators == ()


def test_what_the_cleaner_protects_the_splitter_titles() -> None:
    text = "\n".join(
        [
            "a. Movimiento",
            "El agente mueve hasta dos casillas.",
            "",
            "AMENAZAS EXTERNAS:",
            "",
            RUN_IN,
            "",
            "Página 25 - Maniobras",
            "Cada maniobra tiene una dificultad.",
        ]
    )
    cleaned = clean(raw_of(text))
    texts = [line.text for line in cleaned.lines]
    found = find_headings(texts, options=SplitOptions())
    titles = [heading.title for heading in found if heading]
    assert titles == ["Movimiento", "Amenazas externas", "Acumulación de potencia", "Maniobras"]
    document = split(cleaned, game=GAME)
    assert [section.title for section in document.sections] == titles


@pytest.mark.parametrize(
    ("line", "formula"),
    [
        ("Potencia requerida = masa x dificultad", True),
        ("dado ≤ nivel de radiación × años", True),
        ("3 + 2 = 5", False),  # a worked example's sum: not boxed as the rule's formula
        ("2 + 1 = 3 puntos", False),
    ],
)
def test_worked_arithmetic_is_no_formula(line: str, formula: bool) -> None:
    from pipeline.split.blocks import is_formula

    assert is_formula(line) is formula


@pytest.mark.parametrize(
    ("line", "title", "style"),
    [
        ("2.1 Tablero", "Tablero", "numbered"),  # two levels need no final stop
        ("3.2.1 Construir vías", "Construir vías", "numbered"),
        ("IV. DESARROLLO DE LA PARTIDA", "Desarrollo de la partida", "numbered"),
        ("2.- Tipos de cartas:", "Tipos de cartas", "numbered"),  # an old plain text's outline (Mystic's rules)
        ("A. Fase de tormenta", "Fase de tormenta", "lettered"),
    ],
)
def test_outline_numbers_and_letters_head_sections(line: str, title: str, style: str) -> None:
    heading = heading_candidate(line, options=SplitOptions())
    assert heading is not None and heading.title == title and heading.style == style


@pytest.mark.parametrize("line", ["2 jugadores: usa solo el mapa norte.", "2.5 puntos por carta", "A. García lo tradujo."])
def test_numbers_and_initials_opening_sentences_head_nothing(line: str) -> None:
    assert heading_candidate(line, options=SplitOptions()) is None


def test_a_short_first_line_standing_alone_is_the_title_and_a_subtitle_under_it_is_none() -> None:
    lines = ["La Marca de Vhorn", "", "Reglas del juego", "", "Preparación", "Cada clan toma 5 guerreros."]
    found = find_headings(lines, options=SplitOptions())
    assert found[0] is not None and found[0].title == "La Marca de Vhorn"
    assert found[2] is None and found[4] is not None


def test_a_documents_kind_under_its_title_is_no_section_and_card_entries_over_their_errata_are() -> None:
    """'Preguntas frecuentes y erratas' under the game's name says what the document is; a card's name with its
    English name, set and mark over two lines of errata, each a sentence, heads them (no list of three short lines)."""
    lines = [
        "FAROS DE PAPEL", "Preguntas frecuentes y erratas de cartas", "", "ERRATAS", "",
        "Vigía Nocturno (Night Watch) — Caja básica, n.º 012", "Dice: «Roba 2 cartas.»", "Debería decir: «Roba 1 carta.»", "",
        "Marea Roja (Red Tide) — Expansión Costa Brava, n.º 104 (NUEVO)", "Dice: «Coste: 2.»", "Debería decir: «Coste: 3.»",
    ]
    found = find_headings(lines, options=SplitOptions())
    titled = [lines[index] for index, heading in enumerate(found) if heading is not None]
    assert titled == ["FAROS DE PAPEL", "ERRATAS", lines[5], lines[9]]


@pytest.mark.parametrize(
    "line",
    [
        "Puedes jugar todas las cartas que quieras",  # a rule in the second person, however short
        "Echa un vistazo a las tres siguientes cartas del",  # a line broken off mid-phrase
    ],
)
def test_a_sentence_or_a_broken_line_is_no_title(line: str) -> None:
    assert heading_candidate(line, options=SplitOptions()) is None


def test_title_lines_in_a_row_opening_with_one_word_are_a_list_not_headings() -> None:
    lines = [
        "Futuros mazos", "", "Razas clásicas", "",
        "Mazo Gnomos (inventos, explosivos)", "", "Mazo Vampiros (robo de vida)", "", "Mazo Hadas (ilusiones)", "",
        "Culturas", "", "Mazo Ninjas (sigilo, veneno)", "", "Mazo Piratas (cañones)", "",
        "Preparación", "", "Preparación del tablero", "", "Cada jugador toma un mazo y lo baraja antes de empezar la partida.",
    ]
    found = find_headings(lines, options=SplitOptions())
    titled = [lines[index] for index, heading in enumerate(found) if heading is not None]
    # Three entries opening with "Mazo" are a list; two are not enough to say so; a heading over its first
    # sub-heading ("Preparación" / "Preparación del tablero") is two headings.
    assert titled == [
        "Futuros mazos", "Razas clásicas", "Culturas", "Mazo Ninjas (sigilo, veneno)", "Mazo Piratas (cañones)",
        "Preparación", "Preparación del tablero",
    ]


@pytest.mark.parametrize(
    ("line", "item"),
    [("* Roba una carta.", True), ("*solo en la variante", True), ("* **Edad:** 5 años", True), ("**Edad:** 5 años", False)],
)
def test_a_line_opening_in_bold_is_no_list_item(line: str, item: bool) -> None:
    """Generala's '**Edad:** A partir de 5 años' was an item whose text began '*Edad:**'."""
    assert bool(BULLET.match(line)) is item


@pytest.mark.parametrize(
    ("segments", "expected"),
    [
        ([("resultado total = puntos de efecto", True)], "resultado total = puntos de efecto"),  # Tapiz's formula in bold
        ([("Puntos de efecto", True)], "###### Puntos de efecto"),
    ],
)
def test_a_formula_set_in_bold_is_no_heading(segments: list[tuple[str, bool]], expected: str) -> None:
    assert render(segments)[0] == expected


@pytest.mark.parametrize("label", ["Ejemplo:", "EJEMPLOS", "Por ejemplo:", "Ej.:", "Ejemplo 2:", "**Ejemplo:**"])
def test_an_examples_label_opens_no_section_but_the_sources_outline_mark_does(label: str) -> None:
    text = "\n".join([
        "Combate", "", "Cada ataque resta vida.", "", label, "Un mago ataca con ocho pociones.", "",
        "Defensa", "", "Un escudo detiene un golpe.", "", label, "El caballero para el golpe.", "",
        "Final", "", "Gana la partida quien quede en pie cuando acaba la ronda.", "", label, "Solo queda la arquera.",
    ])
    found = [heading.title for heading in find_headings(text.split("\n"), options=SplitOptions()) if heading is not None]
    assert found == ["Combate", "Defensa", "Final"]
    marked = find_headings(["## Ejemplo", "Un mago ataca con ocho pociones."], options=SplitOptions())
    assert marked[0] is not None and marked[0].title == "Ejemplo"


def test_a_heading_in_capitals_run_into_its_paragraph_is_a_top_level_run_in() -> None:
    """A PDF pasted as text: 'PREPARACIÓN Coloca…' stands beside 'COMPONENTES' on its own line, not under it;
    'FTL El motor…' (an abbreviation in capitals) stays a run-in paragraph heading."""
    run_in = "PREPARACIÓN Coloca un faro en cada cabo del tablero y pon dos fichas junto a cada faro."
    heading = heading_candidate(run_in, options=SplitOptions())
    assert heading is not None and (heading.title, heading.shout) == ("Preparación", True)
    abbreviation = heading_candidate("FTL El motor de la nave, más rápido que la luz, queda fuera de combate.", options=SplitOptions())
    assert abbreviation is not None and (abbreviation.title, abbreviation.shout) == ("FTL", False)
    text = f"COMPONENTES\nUn tablero y seis faros de madera.\n\n{run_in}"
    document = split(clean(RawText(game="t", path="raw.txt", text=text, encoding="utf-8", sha256="0")), game=GameInfo("t", "T", "T"))
    assert [(section.title, section.level) for section in document.sections] == [("Componentes", 1), ("Preparación", 1)]


def test_a_numbered_entry_titled_with_an_article_is_a_heading_and_a_numbered_step_is_not() -> None:
    heading = heading_candidate("1.1 El tablero", options=SplitOptions())
    assert heading is not None and (heading.title, heading.depth) == ("El tablero", 2)
    assert heading_candidate("1. Roba una carta de marea.", options=SplitOptions()) is None
    assert heading_candidate("2. La partida termina cuando alguien gana", options=SplitOptions()) is None


def test_terms_under_a_glossary_heading_are_its_entries_not_sections() -> None:
    texts = ["Turno", "Roba una carta.", "", "Glosario", "", "Bruma:", "Ficha que gastas para mirar una loseta.", "",
             "Marea alta:", "Las tres últimas casillas del contador."]
    found = find_headings(texts, options=SplitOptions())
    assert [texts[index] for index, heading in enumerate(found) if heading is not None] == ["Turno", "Glosario"]


def test_where_the_markup_states_the_headings_a_plain_line_under_text_or_over_a_list_is_none() -> None:
    """A text with '## ' headings: a plain title-shaped line glued under a line of text goes on with it, and a plain
    'Label:' over its items leads that list in; the same label over a paragraph, after a blank line, is still a heading."""
    texts = ["## Turno", "Cada jugador puede mover a su caballero hasta dos", "Casillas de bosque", "", "## Combate",
             "Un golpe resta una vida.", "", "Efecto global:", "- Todos pierden una vida.", "", "## Final", "",
             "Recuento final", "", "Gana quien tenga más vidas."]
    found = find_headings(texts, options=SplitOptions())
    assert [texts[index] for index, heading in enumerate(found) if heading is not None] == [
        "## Turno", "## Combate", "## Final", "Recuento final"]


def test_a_word_in_capitals_after_a_phrase_broken_off_is_no_heading() -> None:
    texts = ["PREPARACIÓN", "Cada jugador toma sus fichas.", "", "Al atacar a un", "CABALLERO", "le hace daño.", "", "FINAL",
             "Gana quien quede en pie."]
    found = find_headings(texts, options=SplitOptions())
    assert [texts[index] for index, heading in enumerate(found) if heading is not None] == ["PREPARACIÓN", "FINAL"]


@pytest.mark.parametrize("line", ["Juego No (Punto)", "Envite Sí o No"])
def test_a_capitalised_word_inside_a_title_is_a_name_not_its_verb(line: str) -> None:
    heading = heading_candidate(line, options=SplitOptions())
    assert heading is not None and heading.title == line


def test_a_capitalised_verb_other_than_no_or_si_still_makes_a_sentence() -> None:
    """Only "No" and "Sí" capitalised inside a line name a call ("Juego No"); "Robar Es Obligatorio" has its verb."""
    from pipeline.structure.styles import looks_like_sentence

    assert looks_like_sentence("Robar Es Obligatorio") and looks_like_sentence("Descartar Puede Esperar")
    assert not looks_like_sentence("Juego No (Punto)") and not looks_like_sentence("Pares y Juego Sí")


@pytest.mark.parametrize("line", ["El juego no termina", "ROBA DOS CARTAS Y NO MIRES"])
def test_the_verb_of_a_sentence_in_small_letters_or_in_capitals_still_counts(line: str) -> None:
    heading = heading_candidate(line, options=SplitOptions())
    assert heading is None or heading.style != "title"
