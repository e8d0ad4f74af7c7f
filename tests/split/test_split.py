"""The splitter: heading styles, the outline of every real source, stable ids, kinds and blocks."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from pipeline.clean import clean
from pipeline.errors import ConfigError
from pipeline.model import CleanLine, CleanText, GameInfo, RawText
from pipeline.schema import Fields, Problems
from pipeline.split import split
from pipeline.split.blocks import build_blocks, is_formula
from pipeline.structure import (
    SplitOptions,
    find_headings,
    heading_candidate,
    read_split_options,
    readable_title,
)
from pipeline.yamlio import parse_yaml

GAME = GameInfo(id="demo", title_es="Demo", title_en="Demo")


def _clean(text: str, kinds: dict[int, str] | None = None) -> CleanText:
    lines = tuple(
        CleanLine(line, number, number, (kinds or {}).get(number, "text")) for number, line in enumerate(text.split("\n"), start=1)
    )
    return CleanText(game="demo", lines=lines, report=())


def _outline(document) -> list[tuple[int, str, str]]:
    return [(section.level, section.title, section.kind) for section in document.sections if section.kind != "flavor"]


@pytest.fixture(scope="module")
def documents(real_game):
    return {
        game: real_game(game)[2] for game in ("space-alert", "legendary-alien", "alternity-warships", "leaving-earth", "galaxy-defenders")
    }


def _titles(document) -> list[str]:
    return [section.title for section in document.sections]


def _by_title(document, title: str):
    found = [section for section in document.sections if section.title == title]
    assert found, f"no section titled {title!r}; have {_titles(document)}"
    return found[0]


# --- heading recognition on single lines -------------------------------------------------------

@pytest.mark.parametrize(
    ("line", "title", "style"),
    [
        ("ESCUDOS INVERTIDOS:", "Escudos invertidos", "caps"),
        ("JEFE DE INGENIERÍA.", "Jefe de ingeniería", "caps"),
        ("APÉNDICE", "Apéndice", "caps"),
        ("Platillo giratorio:", "Platillo giratorio", "title"),
        ("Escape/escapar", "Escape/escapar", "title"),
        ('"Rush/ímpetu"', "Rush/ímpetu", "title"),
        ("Página 25 - MANIOBRAS", "Maniobras", "page"),
        ("Página 26 - Radiación (símbolo radiación nuclear)", "Radiación (símbolo radiación nuclear)", "page"),
        ("2.1. Promoción del Agente Alfa", "Promoción del Agente Alfa", "numbered"),
        ("a. Movimiento", "Movimiento", "lettered"),
        ("Capítulo 2: Combate avanzado", "Capítulo 2: Combate avanzado", "chapter"),
    ],
)
def test_heading_styles(line: str, title: str, style: str) -> None:
    found = heading_candidate(line, options=SplitOptions())
    assert found is not None and (found.title, found.style) == (title, style)


@pytest.mark.parametrize(
    "line",
    [
        "Jugar contra la Reina Alien es MUY DURO.",
        "El fuego amigo es opcional",
        "En juegos aislados, no existen limitaciones.",
        "NOTA: Cuando montes el mazo de Barracones/barracks, usa 6.",
        "VOY POR AQUÍ.... me ha entrado trabajo ahora...",
        "Tabla 2–1: Ataques a minas Número de patrones",
        "- Si es un humano descártala",
        "Potencia requerida = masa x dificultad",
        "Convierte 0,005 0,010 0,015 0,02 0,025 0,03",
        "PUNTOS = NIVEL X 2",  # a formula in capitals
        "3. Daño = ataque - armadura",  # ... or numbered
        "Las soluciones de Targets Firing son una historia diferente. Antes de que un barco pueda ser atacado, primero debe ser detectado.",
    ],
)
def test_lines_that_only_look_like_headings(line: str) -> None:
    assert heading_candidate(line, options=SplitOptions()) is None


@pytest.mark.parametrize(
    ("line", "title", "rest"),
    [
        (
            "Acumulación de potencia Algunos sistemas de armas pesadas requieren una enorme cantidad de potencia.",
            "Acumulación de potencia",
            "Algunos sistemas",
        ),
        ("Sacudido Cuando todas las casillas Aturdimiento de un barco están marcadas, el barco se sacude.", "Sacudido", "Cuando todas"),
        (
            "Disparo automático (Modo A) A veces, la velocidad de disparo es la característica más importante del arma.",
            "Disparo automático (Modo A)",
            "A veces",
        ),
        (
            "Fusion Age Fire Dado que la ronda de juego es tan larga para los barcos PL 6, la secuencia incluye más.",
            "Fusion Age Fire",
            "Dado que",
        ),
    ],
)
def test_run_in_headings_split_off_their_line(line: str, title: str, rest: str) -> None:
    found = heading_candidate(line, options=SplitOptions())
    assert found is not None and found.style == "runin"
    assert found.title == title and found.rest.startswith(rest)


def test_fragments_and_lists_do_not_start_sections() -> None:
    texts = [
        "Si el defensor tiene armadura, puede cancelar Impactos antes de la tirada de defensa. Si",
        "El fuego amigo",  # the previous line broke off mid-sentence
        "",
        "Cada año ocurren estos eventos:",
        "Investigar un avance tecnológico",
        "Comprar un componente",
        "Ensamblar una nave",
        "",
        "Señales",
        "Las señales son reveladas inmediatamente al entrar en la línea de visión.",
    ]
    found = find_headings(texts, options=SplitOptions())
    assert [h.title for h in found if h] == ["Señales"]


def test_readable_titles_keep_acronyms_and_sentence_case_capitals() -> None:
    assert readable_title("FASE DE ACTUALIZACIÓN") == "Fase de actualización"
    assert readable_title("FTL") == "FTL"
    assert readable_title("Rendezvous (acoplamientos) (n del t. es un término francés)") == "Rendezvous (acoplamientos)"


# --- tree, ids and kinds on made-up text -------------------------------------------------------

SAMPLE = """REGLAS BÁSICAS

Este texto presenta las reglas del juego básico.

Preparación:

Cada jugador toma una carta.

NUEVAS HABILIDADES:

Escape/escapar

Cuando un enemigo escapa, retíralo.

Runner/corredor
Al final de la fase, el enemigo se desplaza.

LÍDER DE ESCUADRÓN
BÁSICA:
Repara un daño.
AVANZADA:
Muévete a los interceptores.

MECÁNICO
BÁSICA:
Prepara el cañón.
AVANZADA:
Repara dos daños.

MÉDICO
BÁSICA:
Inyecta un estimulante a los jugadores.
AVANZADA:
Nadie en tu estación puede ser noqueado."""


def test_tree_levels_parents_and_cards() -> None:
    document = split(_clean(SAMPLE), game=GAME)
    assert _outline(document) == [
        (1, "Reglas básicas", "rules"),
        (2, "Preparación", "rules"),
        (1, "Nuevas habilidades", "rules"),
        (2, "Escape/escapar", "card"),
        (2, "Runner/corredor", "card"),
        (1, "Líder de escuadrón", "card"),
        (2, "Básica", "rules"),
        (2, "Avanzada", "rules"),
        (1, "Mecánico", "card"),
        (2, "Básica", "rules"),
        (2, "Avanzada", "rules"),
        (1, "Médico", "card"),
        (2, "Básica", "rules"),
        (2, "Avanzada", "rules"),
    ]
    ids = [section.id for section in document.sections]
    assert "nuevas-habilidades/escape-escapar" in ids and "mecanico/basica" in ids
    assert len(ids) == len(set(ids))


def test_ids_do_not_change_when_a_paragraph_is_inserted_earlier() -> None:
    before = split(_clean(SAMPLE), game=GAME)
    edited = SAMPLE.replace("juego básico.", "juego básico.\n\nEste párrafo lo ha añadido una corrección.")
    after = split(_clean(edited), game=GAME)
    assert [s.id for s in before.sections] == [s.id for s in after.sections]
    assert [s.first for s in before.sections] != [s.first for s in after.sections]


def test_ids_of_real_sources_survive_an_inserted_paragraph(real_game) -> None:
    config, cleaned, document = real_game("space-alert")
    at = next(i for i, line in enumerate(cleaned.lines) if line.text.strip() and i > 5)
    extra = CleanLine("Un párrafo nuevo que una corrección ha insertado aquí.", cleaned.lines[at].first, cleaned.lines[at].first)
    lines = cleaned.lines[:at] + (CleanLine("", extra.first, extra.first), extra) + cleaned.lines[at:]
    again = split(replace(cleaned, lines=lines), game=config.game, options=config.split)
    assert [s.id for s in again.sections] == [s.id for s in document.sections]


def test_flavor_runs_become_their_own_sections() -> None:
    text = "REGLAS\n\nSi juegas solo, roba dos cartas.\nRecuerdo aquel día en la academia.\nFue duro.\nCada jugador roba otra carta."
    document = split(_clean(text, kinds={4: "flavor", 5: "flavor"}), game=GAME)
    rules, story = document.sections
    assert rules.kind == "rules" and "academia" not in rules.text and "otra carta" in rules.text
    assert story.kind == "flavor" and story.parent == rules.id and "academia" in story.text


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Traducción casera de Pepe, cortesía de la comunidad.", "credits"),
        ("Texto recogido en un solo documento gracias a López de Aguirre.", "credits"),
        ("Gracias a todos los que habéis probado la traducción.", "credits"),
        # Cairn's attack modifiers: "gracias a" a manoeuvre is a rule's cause, not thanks to someone.
        ("Si se pelea desde una posición de ventaja (gracias a una audaz maniobra), el ataque tira 1d12.", "rules"),
    ],
)
def test_a_short_section_is_credits_when_it_thanks_someone(text: str, kind: str) -> None:
    document = split(_clean(f"NOTAS\n\n{text}"), game=GAME)
    assert [section.kind for section in document.sections] == [kind]


def test_page_anchors_give_pages_and_continue_sections() -> None:
    text = (
        "Página 5 - MANIOBRAS\n\nUna maniobra es una ruta.\n\nPágina 6\n\nLa maniobra sigue en esta página.\n\n"
        "Página 6 - Maniobras automáticas\n\nEstas maniobras no piden potencia."
    )
    document = split(_clean(text), game=GAME)
    assert [(s.title, s.page, s.level) for s in document.sections] == [("Maniobras", 5, 1), ("Maniobras automáticas", 6, 2)]
    assert "sigue en esta página" in document.sections[0].text


def test_a_bare_page_break_is_furniture_and_still_gives_the_page(tmp_path) -> None:
    from pipeline.clean import clean
    from pipeline.ingest import read_source

    (tmp_path / "raw.txt").write_text(
        "PREPARACIÓN\n\nCada jugador roba dos cartas.\n\nPágina 3\n\nEL TURNO\n\nEn tu turno juega una carta.\n", encoding="utf-8"
    )
    cleaned = clean(read_source(tmp_path / "raw.txt", game="demo", display="raw.txt"))
    assert not any("Página" in line.text for line in cleaned.lines)
    assert [(record.line, record.artefact) for record in cleaned.report if record.action == "drop"] == [(5, "page-break")]
    document = split(cleaned, game=GAME)
    assert [(section.title, section.page) for section in document.sections] == [("Preparación", None), ("El turno", 3)]


def test_blocks_items_tables_formulas_notes() -> None:
    text = [
        "Texto.",
        "• Primer punto",
        "- Segundo punto",
        "+Tercer punto",
        "Potencia requerida = masa x dificultad",
        "Tabla 2–1: Ataques a minas Número de patrones",
        "Verificar resultado M O G – – –",
        "Un – – –",
        "El resultado es el número de ataques con minas que el barco en movimiento sufre en ese hexágono de este mapa.",
        "(n. del t.: traducción libre)",
    ]
    lines = [CleanLine(t, i, i, "note" if t.startswith("(n.") else "text") for i, t in enumerate(text, start=1)]
    kinds = [(b.kind, b.text.split("\n")[0][:20]) for b in build_blocks(lines)]
    assert kinds == [
        ("paragraph", "Texto."),
        ("item", "Primer punto"),
        ("item", "Segundo punto"),
        ("item", "Tercer punto"),
        ("formula", "Potencia requerida ="),
        ("table-ref", "Tabla 2–1: Ataques a"),  # the rows lost their numbers: a pointer to the rulebook
        ("paragraph", "El resultado es el n"),
        ("note", "(n. del t.: traducci"),
    ]
    table = build_blocks(lines)[5]
    assert table.text.count("\n") == 3  # caption, the headings it ran into, the debris: kept in the model, not printed


def test_formula_recognition() -> None:
    assert is_formula("Astronauta incapacitado si:  reaultado del dado <= nivel de radiación x años de la maniobra")
    assert not is_formula("En este ejemplo la nave tiene una masa de dos. Se necesita 6 (2 masa x 3 dificultad = 6 potencia)")


def split_options(text: str) -> SplitOptions:
    """`options.split` read from game.yaml text as load_game reads it; ConfigError lists every problem."""
    problems = Problems()
    data = parse_yaml(text, display="sources/demo/game.yaml")
    options = read_split_options(Fields(data, where="options.split", problems=problems, path="sources/demo/game.yaml"))
    problems.raise_if_any()
    return options


def test_bad_split_options_name_the_game_file_and_each_line() -> None:
    with pytest.raises(ConfigError) as error:
        split_options("chapters:\n  - '^A$'\n  - '('\nheadings: []\nrun_in: 3\n")
    assert str(error.value).splitlines() == [

            "sources/demo/game.yaml:3: options.split.chapters[1]: not a valid regular expression (missing ), unterminated subpattern at "
            "position 0)",
        "sources/demo/game.yaml:4: options.split: unknown field 'headings' (did you mean 'not_headings'?)",
        "sources/demo/game.yaml:5: options.split.run_in: must be a list of texts, got a number 3",
    ]
    assert [p.pattern for p in split_options("run_in: '^Ataque'\n").run_in] == ["^Ataque"]  # one regex needs no list


def test_sections_rejoin_to_the_cleaned_text(documents, project_root) -> None:
    """Every non-blank cleaned line ends up in exactly one section (as heading or text)."""
    for game, document in documents.items():
        lines = [s for s in document.sections]
        assert all(section.first <= section.last for section in lines), game
        ids = [section.id for section in document.sections]
        assert len(ids) == len(set(ids)), game
        for section in document.sections:
            assert section.parent is None or section.parent in ids


# --- the outline of each real source ------------------------------------------------------------

def _assert_outline(document, expected: list[tuple[int, str, str]]) -> None:
    """Each expected (level, title, kind) appears, in this order."""
    outline = [(s.level, s.title, s.kind) for s in document.sections]
    position = 0
    for entry in expected:
        assert entry in outline[position:], f"{entry} missing after position {position}: {outline[position:position + 8]}"
        position = outline.index(entry, position) + 1


def _parent_title(document, section) -> str:
    return document.section(section.parent).title


def test_space_alert_outline(documents) -> None:
    """The forum posted the pages newest first; game.yaml's chunks put them back in the rulebook's order:
    the overview first, the appendix last, all ten specializations under their description."""
    document = documents["space-alert"]
    _assert_outline(
        document,
        [
            (1, "Reglamento", "rules"),
            (1, "Nuevas amenazas", "rules"),
            (1, "Nuevas misiones", "rules"),
            (1, "Acciones dobles", "rules"),
            (2, "Retrasos", "rules"),
            (1, "Especializaciones", "rules"),
            (2, "Descripción de las especializaciones", "rules"),
            (3, "Analista de datos", "card"),
            (3, "Líder de escuadrón", "card"),
            (4, "Básica", "rules"),
            (4, "Avanzada", "rules"),
            (3, "Jefe de operaciones especiales", "card"),
            (1, "Sistema de experiencia", "rules"),
            (1, "El explorador experimentado", "rules"),
            (1, "Recompensas por campañas", "rules"),
            (1, "Insignias", "rules"),
            (2, "Jefe de ingeniería", "card"),
            (1, "Apéndice", "rules"),
            (2, "Notas para cartas específicas", "rules"),
            (2, "Amenazas externas", "rules"),
            (3, "Platillo giratorio", "card"),
            (3, "Cápsula sellada", "card"),
            (3, "Enjambre madre", "card"),
            (3, "Planetoide", "card"),
            (2, "Amenazas internas", "rules"),
            (3, "Laser central atascado, laser lateral atascado", "card"),
            (3, "Cortocircuito en el Cañón de pulsos", "card"),
            (3, "Escudos invertidos", "card"),
        ],
    )
    descriptions = "Descripción de las especializaciones"
    for name in ("Torpedero", "Mecánico", "Médico", "Hipernavegador", "Jefe de operaciones especiales"):
        assert _parent_title(document, _by_title(document, name)) == descriptions, name
    assert _parent_title(document, _by_title(document, "Platillo giratorio")) == "Amenazas externas"
    assert _parent_title(document, _by_title(document, "Transformador sobrecargado")) == "Amenazas internas"
    titles = _titles(document)
    assert "Nota" not in titles and not any(t.startswith("Excepciones") for t in titles)
    assert any(s.kind == "flavor" for s in document.sections)


def test_legendary_alien_outline(documents) -> None:
    document = documents["legendary-alien"]
    _assert_outline(
        document,
        [
            (1, "Nuevos personajes", "rules"),
            (1, "Nuevas habilidades", "rules"),
            (2, "Dual Class/clase doble", "card"),
            (1, "Nuevos hives/colmenas y avatares", "rules"),
            (1, "Modo difícil", "rules"),
            (1, "Nuevas mecánicas de hive/nido", "rules"),
            (2, "Escape/escapar", "card"),
            (2, "Runner/corredor", "card"),
            (2, "Mega-Ehnanced/Mega-mejorado", "card"),
            (1, "Modo reina alien", "rules"),
            (2, "Preparación", "rules"),
            (2, "Secuencia de juego", "rules"),
            (2, "Rush/ímpetu", "card"),
            (2, "Matar a la Reina Alien", "rules"),
            (2, "Puntuación", "rules"),
            (1, "Variantes de juego", "rules"),
        ],
    )
    assert not any("MUY DURO" in t or t.startswith("Nota") for t in _titles(document))


def test_alternity_outline(documents) -> None:
    document = documents["alternity-warships"]
    _assert_outline(
        document,
        [
            (1, "Capítulo 2: Combate avanzado", "rules"),
            (2, "Secuencia de juego", "rules"),
            (2, "Fuerza", "rules"),
            (3, "Acumulación de potencia", "rules"),
            (3, "Armas calientes", "rules"),
            (2, "Sensores", "rules"),
            (3, "Contactos", "rules"),
            (2, "Movimiento", "rules"),
            (3, "Jinking", "rules"),
            (2, "Fase de ataque", "rules"),
            (3, "Disparo automático (Modo A)", "rules"),
            (3, "Battery Fire (Modo G)", "rules"),
            (2, "Daño", "rules"),
            (3, "Sacudido", "rules"),
            (3, "Efectos del sistema", "rules"),
            (4, "Alojamiento", "card"),
            (4, "FTL", "card"),
            (4, "Armas", "card"),
            (2, "Órdenes Especiales", "rules"),
            (2, "Acciones de escuadrón", "rules"),
            (3, "Escuadrón contra escuadrón", "rules"),
        ],
    )
    titles = _titles(document)
    assert not any(t.startswith(("Tabla", "Las soluciones", "frente", "Potencia de fuego base", "Convierte")) for t in titles)
    references = [b for s in document.sections for b in s.blocks if b.kind == "table-ref"]
    assert any(b.text.startswith("Tabla 2–1") and "\n" in b.text for b in references)


def test_leaving_earth_outline(documents) -> None:
    document = documents["leaving-earth"]
    _assert_outline(
        document,
        [
            (1, "Maniobras", "rules"),
            (2, "Viaje de ida y vuelta", "rules"),
            (1, "Setup", "rules"),
            (2, "Agencias", "rules"),
            (1, "Misiones", "rules"),
            (2, "Probe", "card"),
            (2, "Extraterrestrial Life", "card"),
            (1, "Cada uno de todos los años", "rules"),
            (2, "Fin del año", "rules"),
            (1, "En tu turno", "rules"),
            (2, "Tipos de fallos", "rules"),
            (1, "Maniobras", "rules"),
            (2, "Peligros en las maniobras", "rules"),
            (3, "Radiación", "card"),
            (3, "Aterrizaje", "card"),
            (3, "Otros problemas", "card"),
            (1, "Motores de iones", "rules"),
            (2, "Rendezvous (acoplamientos)", "rules"),
        ],
    )
    maniobras = _by_title(document, "Maniobras")
    assert maniobras.page == 5 and "Desde 'Lunar Orbit'" in maniobras.text  # "Página 6" continued it
    assert _parent_title(document, _by_title(document, "Radiación")) == "Peligros en las maniobras"
    assert any(b.kind == "formula" and "masa x dificultad" in b.text for b in maniobras.blocks)
    titles = _titles(document)
    assert not any("->" in t or "=" in t or t.startswith(("Comprar", "Ensamblar una")) for t in titles)


def test_galaxy_defenders_outline(documents) -> None:
    document = documents["galaxy-defenders"]
    _assert_outline(
        document,
        [
            (1, "Galaxy defenders", "rules"),
            (2, "Fase de actualización", "rules"),
            (2, "Fase de estrategia", "rules"),
            (3, "Promoción del Agente Alfa", "rules"),
            (3, "Comprobación de la misión", "rules"),
            (2, "Fase de combate", "rules"),
            (3, "Turno del Agente", "rules"),
            (4, "Movimiento", "rules"),
            (4, "Combate", "rules"),
            (5, "Ataque", "rules"),
            (6, "Impacto", "card"),
            (6, "Alienígena", "card"),
            (5, "Defensa", "rules"),
            (5, "Combate cercano? (regla opcional)", "rules"),
            (4, "Llevar a cabo una Acción", "rules"),
            (3, "Turno Alienígena", "rules"),
            (3, "Señales", "rules"),
            (3, "Combate alienígena", "rules"),
        ],
    )
    assert _parent_title(document, _by_title(document, "Llevar a cabo una Acción")) == "Turno del Agente"
    assert _parent_title(document, _by_title(document, "Combate cercano? (regla opcional)")) == "Combate"
    titles = _titles(document)
    assert "El fuego amigo es opcional" not in titles and not any("Refrescar" in t for t in titles)


# --- small tables set as text, bare list markers ------------------------------------------------

def _blocks(texts: list[str]) -> list[tuple[str, str]]:
    lines = [CleanLine(text, number, number) for number, text in enumerate(texts, start=1)]
    return [(block.kind, block.text) for block in build_blocks(lines)]


def test_runs_of_label_value_lines_become_one_table() -> None:
    blocks = _blocks([
        "Si quieres otro reto, usa esta tabla:",
        "Juego fácil: 5 misiones fáciles",
        "Juego medio: 4 fáciles y 2 medias",
        "Juego difícil: 3 fáciles, 3 medias y 2 difíciles",
        "Después, baraja el mazo.",
    ])
    assert [kind for kind, _ in blocks] == ["paragraph", "table", "paragraph"]
    assert [row.split("\t") for row in blocks[1][1].split("\n")] == [
        ["Juego fácil", "5 misiones fáciles"],
        ["Juego medio", "4 fáciles y 2 medias"],
        ["Juego difícil", "3 fáciles, 3 medias y 2 difíciles"],
    ]
    # Values that all start with a number are a pattern too (a scoring list).
    scores = _blocks(["En solitario: 3 puntos.", "Con otro jugador: 5 puntos", "Con otros dos jugadores: 7 puntos."])
    assert [kind for kind, _ in scores] == ["table"]


def test_two_marked_rows_are_a_table_two_dashed_rows_are_not() -> None:
    # A marked-up table (ingest writes every <tr>, Markdown or BBCode row as 'a | b') says what it is.
    assert _blocks(["Componentes:", "Cartas de animal | 36", "Fichas de luna | 12"])[1:] == [
        ("table", "Cartas de animal\t36\nFichas de luna\t12")
    ]
    assert "table" not in [kind for kind, _ in _blocks(["Cohetes - 4", "Cápsulas - 2"])]
    # A marked row may hold sentences: Tapiz's carrying table has rows of 45 words, a table all the same.
    long_row = "Hasta el valor de Carga + CON | " + " | ".join(["Consecuencia menor a todas las tiradas de movimiento y combate"] * 4)
    assert [kind for kind, _ in _blocks(["Carga | En combate | Fuera de combate | Impedimento | Notas", long_row, long_row])] == ["table"]


@pytest.mark.parametrize(
    "texts",
    [
        ["Juego fácil: 5 misiones fáciles", "Juego medio: 4 fáciles y 2 medias"],  # two rows are not a table
        ["Nota: el mazo se baraja.", "Turno: cada jugador roba.", "Ejemplo: Ana roba dos cartas."],  # nothing shared
        ["Fase 1: roba una carta. Después descarta otra.", "Fase 2: juega.", "Fase 3: descarta."],  # a sentence inside
        ["“Energía”: elige un objeto", "“GD”: un objeto común", "“Escudo”: nada"],  # quoted results inside a rule
    ],
)
def test_label_value_lines_that_are_not_tables(texts: list[str]) -> None:
    assert "table" not in [kind for kind, _ in _blocks(texts)]


def test_bare_markers_are_items_in_runs() -> None:
    assert _blocks(["+Amenazas fásicas", "+Megaescudos"]) == [("item", "Amenazas fásicas"), ("item", "Megaescudos")]
    assert [k for k, _ in _blocks(["- Huir. Tira 1DA.", "-patear una puerta", "", "-desencasquillar"])] == ["item"] * 3
    assert _blocks(["+1 al ataque", "+2 a la defensa"]) == [("item", "1 al ataque"), ("item", "2 a la defensa")]
    # Alone, a marker stuck to a number or an asterisk note is text, not a one-item list.
    assert _blocks(["Tira el dado.", "-3 a la tirada si la nave está averiada."])[1][0] == "paragraph"
    assert _blocks(["Texto.", "*[Además se incluyen 2 cartas corregidas.]", "Más texto."])[1] == (
        "paragraph",
        "*[Además se incluyen 2 cartas corregidas.]",
    )
    # A dash stuck to a capital is a bullet even alone ("-Gasta 5 garras y añade una carta").
    assert _blocks(["Texto.", "-Gasta 5 garras.", "Más texto."])[1] == ("item", "Gasta 5 garras.")


def test_an_ordered_list_written_with_parentheses_keeps_its_numbers() -> None:
    # The Markdown, HTML and .docx readers write an ordered list's items "1) ...": the sheet numbers them, as the source did
    lines = [CleanLine(text, number, number) for number, text in enumerate(["1) Roba dos cartas.", "2) Juega una."], start=1)]
    assert [(block.kind, block.marker, block.text) for block in build_blocks(lines)] == [
        ("item", "1", "Roba dos cartas."), ("item", "2", "Juega una."),
    ]
    assert [block.marker for block in build_blocks([CleanLine("- Roba.", 1, 1), CleanLine("- Juega.", 2, 2)])] == ["", ""]


def test_small_tables_of_the_real_sources(documents) -> None:
    misiones = documents["leaving-earth"].section("setup/misiones")
    tables = [b for b in misiones.blocks if b.kind == "table"]
    assert len(tables) == 1 and [row[0] for row in tables[0].rows()] == [
        "Juego fácil",
        "Juego medio",
        "Juego difícil",
        "Juego muy difícil",
    ]
    assert not any(b.kind == "paragraph" and b.text.startswith("Juego ") for b in misiones.blocks)
    space_alert = [b for s in documents["space-alert"].sections for b in s.blocks if b.kind == "table"]
    assert any(b.rows()[0] == ["En solitario", "3 puntos."] and len(b.rows()) == 5 for b in space_alert)
    alternity = [b for s in documents["alternity-warships"].sections for b in s.blocks]
    for caption in ("Tabla 2–1", "Tabla 2–2", "Tabla 2-3", "Tabla 2-4", "Tabla 2–5"):
        found = [b for b in alternity if b.text.startswith(caption)]
        assert len(found) == 1 and found[0].kind == "table-ref", caption  # every one lost its columns in the copy
    actions = documents["galaxy-defenders"].section("galaxy-defenders/fase-de-combate/turno-del-agente/llevar-a-cabo-una-accion")
    items = [b.text for b in actions.blocks if b.kind == "item"]
    assert any(t.startswith("Patear una puerta") for t in items) and any(t.startswith("Desencasquillar") for t in items)


def test_outlines_read_in_order(documents) -> None:
    """Printed as an indented outline, every section sits under its parent: the parent is the nearest
    earlier section one level up (no section is listed under a heading it does not belong to)."""
    for game, document in documents.items():
        open_ids: list[str] = []
        for section in document.sections:
            open_ids = open_ids[: section.level - 1]
            assert len(open_ids) == section.level - 1, (game, section.id)
            assert section.parent == (open_ids[-1] if open_ids else None), (game, section.id)
            open_ids.append(section.id)


def test_lettered_items_and_optional_rules_nest_consistently() -> None:
    text = "\n".join([
        "3. FASE DE COMBATE",
        "Cada jugador juega su turno.",
        "3.1. Turno del Agente",
        "Puedes realizar cualquiera de las siguientes tres actividades, sin interrupción, una sola vez por turno.",
        "a. Movimiento",
        "- Un hex por punto de movimiento",
        "b. Combate",
        "Ataque. Elige un arma y tira los dados apropiados para este ataque, según la tabla.",
        "Defensa. El defensor tira un dado azul por cada impacto del atacante que haya recibido.",
        "Combate cercano? (regla opcional)",
        "Si un agente se encuentra enzarzado en combate cuerpo a cuerpo, sólo puede atacar a ese alienígena.",
        "¿Combate a distancia?",
        "Solo con línea de visión: un agente sin línea de visión hasta su objetivo no puede atacarlo.",
        "c. Llevar a cabo una Acción",
        "- Buscar",
        "Turno Alienígena",
        "Roba una carta de encuentro.",
    ])
    options = SplitOptions(run_in=(re.compile(r"^(Ataque|Defensa)\.", re.IGNORECASE),))
    document = split(_clean(text), game=GAME, options=options)
    parents = {s.title: (s.level, _parent_title(document, s) if s.parent else None) for s in document.sections}
    assert parents["Combate cercano? (regla opcional)"] == (4, "Combate")
    assert parents["¿Combate a distancia?"] == (4, "Combate")  # a second question is not nested in the first
    assert parents["Llevar a cabo una Acción"] == (3, "Turno del Agente")
    assert parents["Turno Alienígena"] == (2, "Fase de combate")
    # After a bigger heading, "a." starts a new list under the new numbered section.
    again = split(_clean(text + "\n3.2. Turno extra\na. Repetir\nTexto."), game=GAME, options=options)
    assert _parent_title(again, _by_title(again, "Repetir")) == "Turno extra"


@pytest.mark.parametrize("game", ["space-alert", "legendary-alien", "alternity-warships", "leaving-earth", "galaxy-defenders"])
def test_a_story_is_printed_once_in_its_flavor_section_never_in_a_rule_or_card(documents, game: str) -> None:
    sections = documents[game].sections
    stories = [block.text for section in sections if section.kind == "flavor" for block in section.blocks]
    for section in sections:
        if section.kind != "flavor":
            for block in section.blocks:
                assert block.text not in stories, f"{section.id} repeats a story: {block.text[:60]}"


def test_a_short_label_line_over_short_lines_is_a_list() -> None:
    """Space Alert's box contents: "Especialización." over its components printed as two paragraphs."""
    blocks = _blocks(["Una caja.", "", "Especialización.", "20 cartas de acción especial", "2 Tokens de teleportación", "", "Texto."])
    assert blocks[1:4] == [
        ("paragraph", "Especialización."), ("item", "20 cartas de acción especial"), ("item", "2 Tokens de teleportación")
    ]
    # A one-word sentence over sentences stays prose.
    prose = _blocks(["Una caja.", "", "Explorar.", "Mueve tu figura.", "Roba una carta.", "", "Texto."])
    assert [kind for kind, _ in prose] == ["paragraph"] * len(prose)


def test_steps_numbered_with_a_colon_are_a_numbered_list() -> None:
    blocks = _blocks(["En resumen:", "1: Ejecuta la primera acción.", "2: Desplaza la carta.", "3: Mueve la carta.", "", "Fin."])
    assert blocks[1:4] == [("item", "Ejecuta la primera acción."), ("item", "Desplaza la carta."), ("item", "Mueve la carta.")]
    assert [kind for kind, _ in _blocks(["Texto.", "", "3: 2 es la proporción."])] == ["paragraph", "paragraph"]


@pytest.mark.parametrize(
    ("line", "title"),
    [("-Objetivo del juego:", "Objetivo del juego"), ("– Fase de combate", "Fase de combate"),
     ("| Juego de cartas |", "Juego de cartas"), ("-5 puntos de vida", "-5 puntos de vida"), ("X-Wing", "X-Wing")],
)
def test_an_outline_dash_or_a_banner_frame_is_no_part_of_a_title(line: str, title: str) -> None:
    assert readable_title(line) == title


def test_a_bold_label_that_opens_no_section_is_printed_without_its_marks() -> None:
    """Generala's '**Edad:** A partir de 5 años' over '**Jugadores:** 2 o más': no list item ('*Edad:**') and no '**'."""
    text = "## Juego\n**Edad:** A partir de 5 años\n**Jugadores:** 2 o más\n\nCada jugador tira los dados."
    hints = split(_clean(text), game=GAME, options=SplitOptions(not_headings=(re.compile(r"^\*\*(?:Edad|Jugadores)"),)))
    printed = " ".join(block.text for section in hints.sections for block in section.blocks)
    assert "*" not in printed and "Edad: A partir de 5 años" in printed and "Jugadores: 2 o más" in printed


def test_a_list_numbered_in_small_roman_numerals_stays_items_with_their_numerals() -> None:
    """A PDF's "i-Levantar…" / "ii-Atacar…" under a lead-in: each line an item (its numeral the marker), neither joined
    into the paragraph above nor printed with the numeral glued to its first word."""
    text = ("Turno\nEn su turno el jugador podrá realizar hasta 3 acciones en\nel orden establecido:\n"
            "i-Levantar una carta del mazo central.\nii-Atacar, utilizar un poder especial o la carta de asedio.\n"
            "iii. Comprar cartas.\niv) Construir el castillo.\n")
    raw = RawText(game="demo", path="raw.txt", text=text, encoding="utf-8", sha256="0")
    blocks = split(clean(raw), game=GAME).sections[0].blocks
    items = [(block.marker, block.text) for block in blocks if block.kind == "item"]
    assert items == [("i", "Levantar una carta del mazo central."), ("ii", "Atacar, utilizar un poder especial o la carta de asedio."),
                     ("iii", "Comprar cartas."), ("iv", "Construir el castillo.")]
    assert blocks[0].text.endswith("en el orden establecido:")
