"""The cleaner on the five real sources (rules kept, noise gone, flavour and notes marked) and on made-up input."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.clean import clean
from pipeline.clean.corrections import load_corrections
from pipeline.clean.resources import CleanOptions
from pipeline.model import CleanText, RawText
from pipeline.project import Project, load_game, load_raw

from ..conftest import GAMES, ROOT


@lru_cache(maxsize=None)
def cleaned(game: str) -> CleanText:
    project = Project(ROOT)
    config = load_game(project, game)
    path = project.sources / game / "corrections.yaml"
    return clean(
        load_raw(project, game),
        corrections=load_corrections(path, display=str(path)),
        options=config.clean,
        split_options=config.split,
    )


def raw_of(text: str) -> RawText:
    return RawText(game="test", path="raw.txt", text=text, encoding="utf-8", sha256="0")


def kept_text(result: CleanText, kind: str | None = None) -> str:
    return "\n".join(line.text for line in result.lines if kind is None or line.kind == kind)


# Rule sentences (or distinctive parts) that must survive as rule text, per game.
RULES = {
    "space-alert": [
        "Cuando se alcance la acción x, los escudos dejan de proteger a la nave.",
        "La acción x de la brecha sella las puertas entre las zonas rojas y blancas.",
        "Nota: los novatos no pueden enrolarse en una campaña.",
        "Cada androide puede tener como mucho una especialización.",
        "Si te encuentras en la planta superior la acción no tiene efecto.",
        "Por cada punto de inaccesibilidad, la amenaza reduce un punto del daño que reciba cada turno.",
        "Los cañones láser solo hacen la mitad de daño contra estas amenazas.",
        "El planetoido ataca como lo hace el asteroide (del juego base).",
        "+ Si tu nave salta al hiperespacio cuando aún permanece en la trayectoria, no recibes puntos por ella.",
        "Esta expansión contiene 48 nuevas cartas de amenaza.*",
        "Solo puedes realizar una acción en el espacio, aunque uses una acción doble.",
    ],
    "legendary-alien": [
        "Esta expansión incluye nueve nuevos personajes para jugarlos en los Barracks/barracones",
        "Al final de la fase de hive/colmena, un enemigo con la habilidad Runner se desplazará un espacio hacia la izquierda",
        "-Un enemigo en espacio aéreo no computa como un enemigo en el complex.",
        "10 puntos si ganan la partida (matando al enemigo final y a la Reina).",
        "En esta variante, si un jugador es eliminado, finaliza el turno actual.",
    ],
    "alternity-warships": [
        "La ventaja se determina como se describe en las reglas básicas",
        "que no ha sido detectado no puede ser atacado.",
        "• El objetivo se mueve más allá del alcance máximo del sensor.",
        "Verificaciones de daños Una verificación de daños es una verificación del equipo",
        "Una aceleración de 1 es aproximadamente igual a 17 G.",
    ],
    "leaving-earth": [
        "Potencia requerida = masa x dificultad",
        "Las cartas de localización representan los lugares a donde las naves pueden ir.",
        "Para un juego normal roba cuatro cartas fáciles y dos medias",
        "Si un astronauta se incapacita, gira su carta boca abajo. Debe ser curado antes del fin del año o morirá.",
        "Decide cuantos años va a durar la maniobra antes de generar la potencia-empuje.",
        "Toma todos los componentes de una carta de nave y júntalos con la otra",
        "Página 29 - Rendezvous (acoplamientos)",
        "Página 26 - Radiación (símbolo radiación nuclear)",
        "Spacecraft = nave espacial",
    ],
    "galaxy-defenders": [
        "2.1. Promoción del Agente Alfa",
        "Los jugadores eligen al jugador que será el “Agente Alfa”.",
        "- No se puede mover a través de hex con figuras alienígenas",
        "El alienígena no entra en juego si no hay miniaturas disponibles de su tipo.",
        "- No hay “fuego amigo” alienígena, ni se ven afectados por sus armas de área",
    ],
}

# Forum and site noise that must be gone from every kind of kept line.
NOISE = {
    "space-alert": ["Cita de:", "Fetén", "noooombre", "http", "Ficha en Bgg", "TEXTO RECOGIDO", "CLBSK", "18xx"],
    "legendary-alien": ["[Activate/Activar:]", "Alguien tiene las cartas traducidas?", "Muchas gracias por la traducción"],
    "alternity-warships": [],
    "leaving-earth": [
        "[vilvoh]", "[holmes70]", "[Octopus]", "[Lopez de la Osa]", "http", "Ficha en Bgg", "cortesía de Munny",
        "Traducción casera", "Luego intento seguir", "hoja de ayuda", "Muchísimas gracias", "varias tandas",
        "siento no haber avanzado", "Condensed Rules", "VOY POR AQUÍ", "Voy por aquí", "Me lo salto",
        "Gran trabajo", "tradumaquetar", "Saludos.", "mil gracias", "como reglamento para aprender",
    ],
    "galaxy-defenders": ["Inicio", "Ezine", "Ingresar", "Registrarse", "Webchat", "Ayuda"],
}


@pytest.mark.parametrize("game", GAMES)
def test_rule_sentences_survive_as_rule_text(game: str) -> None:
    text = kept_text(cleaned(game), "text")
    missing = [sentence for sentence in RULES[game] if sentence not in text]
    assert not missing


@pytest.mark.parametrize("game", GAMES)
def test_forum_noise_is_gone(game: str) -> None:
    # Translator notes may cite a link; rules and stories may not carry any noise.
    lines = [line.text.strip() for line in cleaned(game).lines if line.kind != "note"]
    found = [noise for noise in NOISE[game] if any(noise in line for line in lines)]
    assert not found


@pytest.mark.parametrize("game", GAMES)
def test_every_raw_line_is_kept_unchanged_or_reported(game: str) -> None:
    result = cleaned(game)  # the report counts the file's own lines, also where ingest repaired some (a page break dropped)
    assert_accounted("\n".join(load_raw(Project(ROOT), game).original_lines), result)


@pytest.mark.parametrize("game", GAMES)
def test_cleaning_the_cleaned_text_changes_nothing(game: str) -> None:
    first = cleaned(game)
    again = clean(raw_of(first.as_text()), options=CleanOptions())
    assert again.as_text() == first.as_text()


def test_space_alert_appendix_kept_once_and_second_copy_reported() -> None:
    result = cleaned("space-alert")
    assert kept_text(result).count("NOTAS PARA CARTAS ESPECÍFICAS") == 1
    assert kept_text(result).count("Platillo giratorio:") == 1
    duplicates = {record.line for record in result.report if record.action == "duplicate"}
    assert {1228, 1230, 1232, 1301} <= duplicates
    assert not duplicates & set(range(78, 168))


def test_space_alert_stories_are_flavor_and_rules_are_not() -> None:
    result = cleaned("space-alert")
    kinds = {line.text[:40]: line.kind for line in result.lines if line.text}
    for story in ("El último año, Alice tenía el mando", "No puedo decir que Norm me cayera bien", "El viejo McMarty me solía decir"):
        assert any(text.startswith(story[:40]) and kind == "flavor" for text, kind in kinds.items()), story
    flavor = kept_text(result, "flavor")
    for rule in RULES["space-alert"]:
        assert rule not in flavor
    assert "Alice" not in kept_text(result, "text")


def test_leaving_earth_translator_notes_become_note_lines_after_their_paragraph() -> None:
    result = cleaned("leaving-earth")
    lines = list(result.lines)
    notes = [line for line in lines if line.kind == "note"]
    assert any(line.text.startswith("(n. del t: el reglamento indica") for line in notes)
    assert any(line.text.startswith("N. del T. Debido a unas triquiñuelas") for line in notes)
    assert any("así me quedo con 'Survey" in line.text for line in notes)
    assert "(n. del t" not in kept_text(result, "text").casefold().replace("n del t", "n. del t")
    # Footnote (1) follows the paragraph of line 51 that carries its marker.
    position = next(index for index, line in enumerate(lines) if line.first == 51 and line.kind == "text")
    assert lines[position + 1].text.startswith("(1) Sin embargo") and lines[position + 1].kind == "note"
    assert result.credits.translators == ("Lopez de la Osa",)
    assert "lumenaris.com" in result.credits.rulebook_url


def test_leaving_earth_restarted_heading_and_quoted_reply_are_duplicates() -> None:
    actions = {record.line: record.action for record in cleaned("leaving-earth").report}
    assert actions[364] == "duplicate"  # a reply quoting line 360 again
    assert "duplicate" in (actions.get(397), actions.get(403))
    assert actions.get(484) == "drop"  # a heading with nothing after it: the translation stops there


def test_alternity_machine_translation_artefacts_are_corrected() -> None:
    result = cleaned("alternity-warships")
    text = kept_text(result)
    for artefact in (r"\bPER\b", r"cada Otros", r"\bOtros\b", r"Rastrear", r"\bbarcos?\b", r"golpe Bueno", r"ser Armas de energía"):
        assert not re.search(artefact, text), artefact
    assert "En otras palabras," in text
    assert sum(record.action == "correct" for record in result.report) > 100
    assert not [warning for warning in result.warnings if "correction" in warning]


def test_alternity_broken_lines_are_joined_and_empty_bullets_dropped() -> None:
    result = cleaned("alternity-warships")
    joined = next(line for line in result.lines if line.first == 27)
    assert joined.last == 28 and joined.text.endswith("del detector. nave.")
    report = {(record.line, record.action) for record in result.report}
    assert {(28, "join"), (107, "drop"), (108, "drop"), (109, "drop")} <= report


def test_galaxy_headings_stay_on_their_own_lines() -> None:
    texts = [line.text for line in cleaned("galaxy-defenders").lines]
    for heading in ("1. FASE DE ACTUALIZACIÓN", "2.1. Promoción del Agente Alfa", "Turno Alienígena", "Combate alienígena"):
        assert heading in texts


# --- small made-up inputs -----------------------------------------------------------------------------


def test_forum_post_headers_replies_and_quotes() -> None:
    text = "\n".join(
        [
            "[traductor1]", "", "Página 3 - Preparación", "", "Cada jugador roba cinco cartas.", "",
            "[curioso]", "", "¿Alguien sabe cuándo sale la segunda parte?", "",
            "Cita de: otro en 3 de Marzo de 2015, 10:00:01", "Me apunto al hilo.", "", "Gracias!!!", "",
            "Inicio", "Foro",
        ]
    )
    result = clean(raw_of(text))
    assert kept_text(result, "text").split() == "Página 3 - Preparación Cada jugador roba cinco cartas.".split()
    assert result.credits.translators == ("traductor1",)
    actions = {record.line: record.action for record in result.report}
    assert actions == {1: "credit", 7: "drop", 9: "drop", 11: "drop", 12: "drop", 14: "drop", 16: "drop", 17: "drop"}


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["La nave dispara sus armas contra", "el objetivo más cercano."], ["La nave dispara sus armas contra el objetivo más cercano."]),
        (["•", "Roba una carta."], ["• Roba una carta."]),
        (["Preparación", "Cada jugador roba una carta."], ["Preparación", "Cada jugador roba una carta."]),
        # Lettered headings (the splitter's outline entries) are never joined to their text.
        (
            ["a. Movimiento", "Mueve dos casillas.", "b. Combate", "Tira los dados."],
            ["a. Movimiento", "Mueve dos casillas.", "b. Combate", "Tira los dados."],
        ),
        # Galaxy Defenders: an icon the copy lost left "- ." on the next line; printed as an item ". En este caso".
        (
            ["Roba una carta.", "Si ninguna regla se aplica, aplica la última regla de la carta como", "- . En este caso, mueve."],
            ["Roba una carta.", "Si ninguna regla se aplica, aplica la última regla de la carta como […]. En este caso, mueve."],
        ),
        (["Roba dos cartas.", "- Descarta una."], ["Roba dos cartas.", "- Descarta una."]),
        # A hard-wrapped help file: a line cut on a conjunction before a quoted word, on an operator, or inside
        # a bracket the next line closes goes on below; a finished sentence does not.
        (
            ["Las casillas de la diagonal central son aquellas cuya fila 'b' e", "'c' coinciden en el tablero."],
            ["Las casillas de la diagonal central son aquellas cuya fila 'b' e 'c' coinciden en el tablero."],
        ),
        (
            ["Un mazo puede mezclar dos colores, por ejemplo uno de Rojo + Verde o bien Azul +", "Verde; nunca tres."],
            ["Un mazo puede mezclar dos colores, por ejemplo uno de Rojo + Verde o bien Azul + Verde; nunca tres."],
        ),
        (
            ["Los efectos que cubren a todas tus fichas del tablero (como por ejemplo", "Niebla y Lluvia) duran hasta el final."],
            ["Los efectos que cubren a todas tus fichas del tablero (como por ejemplo Niebla y Lluvia) duran hasta el final."],
        ),
        (
            ["Las cartas que duran un turno (marcadas con un reloj) se descartan al final.", "'Niebla' dura dos turnos."],
            ["Las cartas que duran un turno (marcadas con un reloj) se descartan al final.", "'Niebla' dura dos turnos."],
        ),
        # A line cut after any word, before a quoted small letter ("'m' marca..."): the sentence goes on below;
        # after a full stop, or before a quoted capital, it does not.
        (
            ["El mapa es una cuadrícula de seis por seis en la que la columna", "'m' marca la salida de cada jugador."],
            ["El mapa es una cuadrícula de seis por seis en la que la columna 'm' marca la salida de cada jugador."],
        ),
        (
            ["El mapa es una cuadrícula de seis por seis casillas, sin más.", "'m' marca la salida de cada jugador."],
            ["El mapa es una cuadrícula de seis por seis casillas, sin más.", "'m' marca la salida de cada jugador."],
        ),
        (
            ["El mapa es una cuadrícula de seis por seis, con la salida", "'Norte' arriba."],
            ["El mapa es una cuadrícula de seis por seis, con la salida", "'Norte' arriba."],
        ),
        # A PDF's prose that writes its game terms in capitals: a line cut mid-phrase before a term in capitals and
        # the lower-case words after it goes on; so does a bracket the text opened two lines up ("(por ejemplo: ...
        # de 3" / "ESCUDOS al ..." / "... pierde 2 vidas)."). A sentence ended, or a term alone, does not.
        (
            ["Mientras tanto, un PIRATA puede asaltar a otro", "BARCO o a un PUERTO, pero le causa DAÑO", "LEVE, es decir la mitad."],
            ["Mientras tanto, un PIRATA puede asaltar a otro BARCO o a un PUERTO, pero le causa DAÑO LEVE, es decir la mitad."],
        ),
        (
            ["Cada nave puede disparar a otra nave del rival (por ejemplo: si la nave dispara con una carta de 3",
             "CAÑONES a otra NAVE, esa nave", "pierde 2 vidas)."],
            ["Cada nave puede disparar a otra nave del rival (por ejemplo: si la nave dispara con una carta de 3 CAÑONES a otra NAVE,"
             " esa nave pierde 2 vidas)."],
        ),
        (
            ["Cada nave dispara una sola vez por turno a una nave rival.", "CAÑONES y velas se compran en el puerto."],
            ["Cada nave dispara una sola vez por turno a una nave rival.", "CAÑONES y velas se compran en el puerto."],
        ),
        # A component list, a short acronym opening a sentence, a stray open bracket: separate lines stay separate.
        (
            ["24 cartas de personaje de cuatro colores", "PNJ de cartón con sus peanas", "6 dados"],
            ["24 cartas de personaje de cuatro colores", "PNJ de cartón con sus peanas", "6 dados"],
        ),
        (
            ["Cada jugador toma su ficha de personaje y lo coloca delante", "PV iniciales se marcan con un cubo en su ficha."],
            ["Cada jugador toma su ficha de personaje y lo coloca delante", "PV iniciales se marcan con un cubo en su ficha."],
        ),
        (
            ["Coloca las losetas del tablero en el centro de la mesa (ver el dibujo de la página 4 del manual",
             "boca arriba, en dos filas", "Cada jugador roba tres cartas.", "Baraja el resto y forma el mazo."],
            ["Coloca las losetas del tablero en el centro de la mesa (ver el dibujo de la página 4 del manual boca arriba, en dos filas",
             "Cada jugador roba tres cartas.", "Baraja el resto y forma el mazo."],
        ),
    ],
)
def test_joins(lines: list[str], expected: list[str]) -> None:
    assert [line.text for line in clean(raw_of("\n".join(lines))).lines] == expected


def test_a_lost_icon_is_said_where_the_cleaner_marked_it() -> None:
    result = clean(raw_of("Roba una carta.\nSi ninguna regla se aplica, aplica la última regla de la carta como\n- . En este caso, mueve."))
    assert any("an icon seems missing here ('[…]')" in warning for warning in result.warnings)


def test_inline_translator_note_moves_after_its_paragraph() -> None:
    result = clean(raw_of("Coloca el marcador en la nave (n. del t: el original dice carta).\nLuego roba."))
    assert [(line.text, line.kind) for line in result.lines] == [
        ("Coloca el marcador en la nave.", "text"),
        ("Luego roba.", "text"),
        ("(n. del t: el original dice carta)", "note"),
    ]


def clean_options(text: str) -> CleanOptions:
    """`options.clean` read from game.yaml text as load_game reads it; ConfigError lists every problem."""
    from pipeline.clean.resources import read_clean_options
    from pipeline.schema import Fields, Problems
    from pipeline.yamlio import parse_yaml

    problems = Problems()
    fields = Fields(parse_yaml(text, display="sources/x/game.yaml"), where="options.clean", problems=problems, path="sources/x/game.yaml")
    options = read_clean_options(fields)
    problems.raise_if_any()
    return options


def test_options_validate_and_name_the_file_and_line() -> None:
    from pipeline.errors import ConfigError

    with pytest.raises(ConfigError) as error:
        clean_options("flavour: [x]\nplace_names: ['La Profundidad', '']\nrule_words: amenaza\n")
    assert str(error.value).splitlines() == [
        "sources/x/game.yaml:1: options.clean: unknown field 'flavour' (did you mean 'flavor_names'?)",
        "sources/x/game.yaml:2: options.clean.place_names[1]: must be non-empty text, got ''",
        "sources/x/game.yaml:3: options.clean.rule_words: must be a list of texts, got text 'amenaza'",
    ]
    assert clean_options("flavor_names: [' Alice ']\n").flavor_names == ("Alice",)


# --- properties on generated forum-like texts -------------------------------------------------------------

FRAGMENTS = [
    "", "", "", "[usuario]", "[Otro Usuario]", "Cita de: alguien en 1 de Enero de 2014, 10:02:55",
    "http://example.com/hilo", "Ficha en Bgg", "Inicio", "Foro", "Muchas gracias por la traducción!",
    "Voy por aquí.", "Página 4 - Setup", "2.1. Refuerzos", "NUEVAS AMENAZAS", "•", "- Roba una carta.",
    "Cada jugador roba dos cartas y descarta una.", "la partida termina", "Si la amenaza salta, cambia de trayectoria.",
    "Me encontré con Alice en el bar. Era tarde y estábamos cansados, así que me fui pronto.",
    "Coloca la ficha (n. del t: en el original, en la carta) junto al tablero.", "(1) Una nota al pie.",
    "Esto es el final de una frase larga que sigue sin punto y continúa en la línea siguiente porque el PDF la cortó de",
    "Esto es el final de una frase larga que sigue sin punto y continúa en la línea siguiente porque el PDF la cortó",
    "   ", "x", "¿Alguien tiene las cartas?", "Sí, bueno... (jajaja)", "[...] y sigue.",
]


def assert_accounted(text: str, result: CleanText) -> None:
    raw_lines = text.split("\n")
    reported = {record.line for record in result.report}
    covered = set()
    for line in result.lines:
        assert 1 <= line.first <= line.last <= len(raw_lines)
        if line.first == line.last and line.text == raw_lines[line.first - 1].rstrip():
            covered.add(line.first)
    missing = [number for number in range(1, len(raw_lines) + 1) if number not in covered and number not in reported]
    assert not missing, [raw_lines[number - 1] for number in missing[:5]]
    for record in result.report:
        assert record.original == raw_lines[record.line - 1] or record.original == raw_lines[record.line - 1].rstrip()


forum_texts = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=40).filter(lambda s: "\n" not in s and "\r" not in s)), max_size=40
).map("\n".join)


# Shapes a text we never see may take: a heading over a short last rule, a path in arrows, navigation words, a
# heading's remark on the translation, an aside on its own line, thread furniture among rules, a stopped title.
SHAPES = [
    "Preparación", "Fin", "Gana quien más tenga.", "Nadie gana.", "Inicio > Bosque > Montaña", "Ayuda", "La última misión",
    "Juego (traducción no oficial)", "(traducción libre, jeje)", "Citar", "Thumb up", "3", "--", "AMENAZAS AMARILLAS",
    "Entrar en fase.", "Avatar", "Alba_Tradu", "1. Un tablero", "2. Veinte camellos", "## Combate", "**Ataque.** Tira dos dados.",
    "Me gusta", "En línea",
]
# Each line once or repeated (a line that repeats is a heading repeated, a duplicate, a diagram's labels...):
# "NUEVAS AMENAZAS" three times over "x" joined the last one and, cleaned again, lost them all.
repeated_lines = st.lists(st.tuples(st.sampled_from(FRAGMENTS + SHAPES), st.integers(1, 3)), max_size=16).map(
    lambda runs: "\n".join(line for line, times in runs for _ in range(times))
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("\n".join), repeated_lines))
def test_property_cleaning_is_idempotent(text: str) -> None:
    once = clean(raw_of(text))
    assert clean(raw_of(once.as_text())).as_text() == once.as_text()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(forum_texts, repeated_lines))
def test_property_every_line_is_kept_or_reported(text: str) -> None:
    assert_accounted(text, clean(raw_of(text)))  # a text cleaned twice too (fixpoint.py composes the reports)


@pytest.mark.parametrize(
    "text",
    [
        "NUEVAS AMENAZAS\nNUEVAS AMENAZAS\nNUEVAS AMENAZAS\nx",  # joined, the last one made the three headings over nothing
        "Preparación\nPágina 4 - Setup",  # the page heading went: alone, "Preparación" heads nothing
        "Avatar\nAvatar\nx\nAvatar\nLa última misión",  # joined, "Avatar x" is a member's name: a thread
        "Inicio\nCada jugador roba dos cartas y descarta una.\nx",  # joined, the rule under "Inicio" still is one
        "Me gusta\nMuchas gracias por la traducción!\n(1) Una nota al pie.",  # thanks are no rule for a button to head
        # 'Citar' headed a sentence that was a duplicate: gone, 'Citar' is a button over a page heading.
        "Citar\n\nCada jugador roba dos cartas.\nPágina 4 - Setup\nCada jugador roba dos cartas.\nCada jugador roba dos cartas.",
        "Muchas gracias por la traducción!\n\nInicio > Bosque > Montaña",  # only chatter above: the page's top
        "1. Un tablero\n[usuario]\n2. Veinte camellos\n2. Veinte camellos",  # a removed line parts no list's entries
        # Three headings after the last entry are kept (no unfinished translation), but one was a repeated heading.
        "1. Un tablero\n2. Veinte camellos\n2. Veinte camellos\nPágina 4 - Setup\nPágina 4 - Setup",
    ],
    ids=[
        "caps-joined", "last-page", "thread-joined", "nav-joined", "nav-over-thanks", "nav-over-duplicate", "trail-under-chatter",
        "list-parted", "trailing-after-repeat",
    ],
)
def test_cleaning_these_twice_changes_nothing(text: str) -> None:
    once = clean(raw_of(text))
    assert clean(raw_of(once.as_text())).as_text() == once.as_text()
    assert_accounted(text, once)


# --- stories found by voice, characters and neighbours; names that are places; publisher's notes -----------


def kind_of_line(result: CleanText, number: int) -> str:
    """The kind of the kept line that starts at raw line `number`, or the report's action for it."""
    for line in result.lines:
        if line.first == number and line.text:
            return line.kind
    return next(record.action for record in result.report if record.line == number)


# Space Alert: stories told to the reader or with little first person, and rules beside them.
SPACE_ALERT_STORIES = {
    755: "Yoshiko viene con novedades",  # opening of the Torpedero card
    768: "Pero Sergei es la única persona que conozco",  # opening of Analista de datos
    848: "Ya sabes, lo peor de los novatos",
    850: "Cuando tengo un novato en la flota",
    858: "Yoshiko es la mejor",
    919: "En la práctica el piloto automático",
    921: "el mejor amigo de un piloto es un buen destornillador",
    923: "Pero ojo, no te recomiendo",
    1152: "¿Te van a enviar más allá de la Nueva Frontera?",
    1154: "nada te prepara para los horrores de La Profundidad",
    1156: "Incluso despues de todo lo que he pasado",
    1192: "Ya sabes como es esto.",
}
SPACE_ALERT_RULES_BESIDE_STORIES = {
    757: "Básica: Lanza un cohete desde cualquier localización",
    771: "Realiza el mantenimiento del ordenador desde cualquier localización.",
    852: "El nuevo CD de misiones contiene nuevas misiones más largas",
    854: "Las cartas de acciones dobles (y por tanto las misiones correspondientes)",
    925: "Cuando usar las acciones dobles los jugadorse pueden realizar dos acciones por turno.",
    993: "Las otras cuatro misiones tienen misiones con una dificultad",  # names "La Nueva Frontera", no character
    1190: "Si al menos un daño es absorbido por los escudos",
    1199: "Las amenazas con esta habilidad mueven durante todas los turnos",
}


@pytest.mark.parametrize(("number", "fragment"), sorted(SPACE_ALERT_STORIES.items()))
def test_space_alert_story_is_flavor(number: int, fragment: str) -> None:
    result = cleaned("space-alert")
    assert fragment in load_raw(Project(ROOT), "space-alert").lines[number - 1]
    assert kind_of_line(result, number) == "flavor"
    assert fragment not in kept_text(result, "text")


@pytest.mark.parametrize(("number", "fragment"), sorted(SPACE_ALERT_RULES_BESIDE_STORIES.items()))
def test_space_alert_rule_beside_a_story_stays_rule_text(number: int, fragment: str) -> None:
    result = cleaned("space-alert")
    assert kind_of_line(result, number) == "text"
    assert fragment in kept_text(result, "text")


def test_space_alert_distributor_note_is_dropped_with_its_heading() -> None:
    result = cleaned("space-alert")
    records = {record.line: record for record in result.report}
    assert records[975].action == "drop" and "publisher's note" in records[975].reason
    assert records[973].action == "drop" and records[973].original == "NOTA DEL DISTRIBUIDOR:"
    assert "hojas de escenario" not in result.as_text()


def test_space_alert_cast_has_people_not_places() -> None:
    from pipeline.clean.stories import story_cast

    result = cleaned("space-alert")
    stories = [line.text for line in result.lines if line.kind == "flavor"]
    cast = story_cast(stories, [line.text for line in result.lines if line.text], options=CleanOptions())
    assert {"alice", "sergei", "norm", "mcmarty", "yoshiko"} <= cast.people
    assert not {"nueva", "frontera", "profundidad", "academia", "servicio", "alerta"} & cast.people


def test_other_games_have_no_stories() -> None:
    # Their texts tell no stories: nothing of theirs may be taken for one (a rule marked flavour is never printed).
    for game in ("legendary-alien", "alternity-warships", "leaving-earth", "galaxy-defenders"):
        assert not kept_text(cleaned(game), "flavor"), game


STORY = "Me encontré con Sergei en el bar de la Nueva Frontera. Era tarde y yo estaba cansado, así que me fui pronto a dormir."
RULE = "Cada jugador roba dos cartas y descarta una. Si no puede robar, pierde su turno y el marcador avanza una casilla."


def test_a_place_after_an_article_is_no_character() -> None:
    from pipeline.clean.stories import story_cast

    texts = [STORY, "Sergei y yo volvimos a la Nueva Frontera al día siguiente, como siempre hacíamos en verano.", RULE]
    cast = story_cast(texts[:2], texts, options=CleanOptions())
    assert cast.people == {"sergei"}
    assert "nueva frontera" in cast.places
    # A capitalised word also written in lower case is an ordinary word that opened a sentence.
    texts = ["Básica: roba una carta.", "Básica: descarta una carta y la acción básica termina."]
    assert not story_cast(texts, texts, options=CleanOptions()).people


def test_a_rule_that_names_the_setting_is_still_a_rule() -> None:
    text = "\n\n".join(
        [STORY, "Misiones difíciles", "Las otras misiones tienen una dificultad a la altura de los veteranos de La Nueva Frontera."]
    )
    result = clean(raw_of(text), options=CleanOptions(place_names=("Nueva Frontera",)))
    assert kind_of_line(result, 1) == "flavor"
    assert kind_of_line(result, 5) == "text"


def test_a_story_told_to_the_reader_opens_its_section() -> None:
    told = "Detrás de los botones está el viejo truco de los pilotos: usar una llave inglesa para atascar la salida del tubo."
    story = "Pero ojo, no te recomiendo que lo pruebes. Yo no voy a comprobarlo por mí mismo, créeme."
    rule = "Básica: lanza un cohete desde cualquier estación. Si no quedan cohetes, la acción no tiene efecto."
    result = clean(raw_of("\n\n".join(["TORPEDERO", told, story, rule])))
    assert [kind_of_line(result, number) for number in (1, 3, 5, 7)] == ["text", "flavor", "flavor", "text"]


@pytest.mark.parametrize(("opens", "closes"), [("“", "”"), ("«", "»"), ('"', '"'), ("“", ""), ("«", ""), ('"', "")])
def test_a_saying_quoted_as_an_example_of_a_term_is_no_story_but_the_narrator_is(opens: str, closes: str) -> None:
    """The first person inside a quotation (“…”, «…» or straight quotes, closed or left open) is the speaker's; the same
    words told are a story."""
    quoted = f"ROBAR –tomar una ficha del pozo; {opens}Yo robé otra vez porque me faltaba el seis, compadre{closes}."
    told = "Aquella noche yo robé otra vez del pozo porque me faltaba el seis y mi compadre se rio de mí durante un rato."
    result = clean(raw_of("\n\n".join(["Glosario", quoted, "Anécdota", told])))
    assert [kind_of_line(result, number) for number in (3, 7)] == ["text", "flavor"]


def test_rules_that_open_a_section_do_not_join_the_story_after_them() -> None:
    rules = [
        "Una campaña son tres misiones seguidas. Entre las misiones no se reparan los daños de la nave.",
        "No se puede hacer un escaner mental entre las misiones de una campaña; la nave sigue como quedó.",
        "Al final de la campaña se suman los puntos de cada misión superada para saber el resultado.",
    ]
    story = "Al principio con una misión era suficiente. Yo era un novato y nadie me había contado lo que pasaba después."
    result = clean(raw_of("\n\n".join(["CAMPAÑAS", *rules, story])))
    assert [kind_of_line(result, number) for number in (3, 5, 7, 9)] == ["text", "text", "text", "flavor"]


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Esta caja no incluye las hojas de escenario; pedimos disculpas y las podéis descargar de nuestra web.", "drop"),
        ("En la primera edición la carta de amenaza tiene un error: el jugador roba dos cartas en cada turno, no una.", "note"),
    ],
)
def test_publisher_note_about_the_product_is_dropped_and_errata_kept_as_note(note: str, expected: str) -> None:
    result = clean(raw_of(f"NOTA DEL EDITOR:\n\n{note}\n\nPREPARACIÓN\n\n{RULE}"))
    assert kind_of_line(result, 3) == expected
    assert kind_of_line(result, 1) == "drop"
    assert kind_of_line(result, 7) == "text"


def test_a_quoted_line_in_a_rule_is_no_translator_aside() -> None:
    text = (
        'La acción especial le permite pasar una puerta sellada ("Te podría contar como lo hago, pero tendría que matarte").'
        " Y el Slime también."
    )
    result = clean(raw_of(text))
    assert [line.kind for line in result.lines] == ["text"] and result.lines[0].text == text


@pytest.mark.parametrize("game", ["space-alert", "legendary-alien", "alternity-warships", "leaving-earth", "galaxy-defenders"])
def test_report_uses_only_the_documented_actions_and_line_kinds(real_game, game: str) -> None:
    from pipeline.modelkinds import CleaningAction, LineKind

    _, cleaned, _ = real_game(game)
    assert {record.action for record in cleaned.report} <= set(CleaningAction)
    assert {line.kind for line in cleaned.lines} <= set(LineKind)


def test_a_numbered_outline_line_is_not_joined_into_a_heading_shaped_line() -> None:
    # Found by the idempotence property: joined, "2.1. Refuerzos x" read as a heading with nothing under it.
    once = clean(raw_of("2.1. Refuerzos\nx"))
    assert once.as_text() == "2.1. Refuerzos\nx"
    assert clean(raw_of(once.as_text())).as_text() == once.as_text()


@pytest.mark.parametrize(
    "text",
    ["COMPONENTES\n\n1. Un tablero de desierto.\n2. Veinte camellos de madera",
     "Preparación\nCada jugador toma:\n1. Un tablero\n2. Veinte camellos de madera\n"],
)
def test_a_numbered_list_ending_the_text_loses_no_entry(text: str) -> None:
    # Its last entry has nothing after it, like a title the translation stopped at; but it counts on from the
    # entry before it: a list, and rule text.
    result = clean(raw_of(text))
    assert "2. Veinte camellos de madera" in result.as_text() and not result.report


def test_the_lead_in_of_chatter_that_went_goes_with_it() -> None:
    """Torre de los Pecados' README: "Si tienes preguntas o necesitas ayuda:" over a list about its repository: the
    list is chatter and goes; its lead-in, left alone, would announce nothing. A lead-in of rules stays."""
    text = (
        "Juego\n\nSoporte\nSi tienes preguntas o necesitas ayuda:\n\n- Reportar fallos: crea un issue en el repositorio\n"
        "- Sugerencias: abre una discusión en el repositorio\n\nTurno\nEn tu turno haz esto:\n\n- Roba una carta.\n- Juega una carta.\n"
    )
    cleaned = clean(RawText(game="demo", path="raw.txt", text=text, encoding="utf-8", sha256="0"))
    kept = [line.text for line in cleaned.lines]
    assert "Si tienes preguntas o necesitas ayuda:" not in kept and "En tu turno haz esto:" in kept
    assert any(record.line == 4 and record.reason == "forum chatter: the lead-in of chatter that went" for record in cleaned.report)


@pytest.mark.parametrize(
    "line",
    ["Última actualización: 16 de agosto, 2025", "Versión del juego: 1.0", "Última revisión: 12/02/2009",
     "Actualizado el 3 de mayo de 2020"],
)
def test_a_documents_revision_date_or_version_line_is_dropped(line: str) -> None:
    result = clean(raw_of(f"REGLAS\n\nCada jugador roba una carta.\n\n{line}\n"))
    assert line not in kept_text(result)
    assert "Cada jugador roba una carta." in kept_text(result)


def test_a_rule_about_a_version_of_the_game_stays() -> None:
    text = "REGLAS\n\nVersión del juego base: se juega con dos mazos.\n"
    assert "Versión del juego base: se juega con dos mazos." in kept_text(clean(raw_of(text)))


def test_a_documents_changelog_goes_heading_and_all_and_its_rules_stay() -> None:
    text = (
        "PREPARACIÓN\n\nCada jugador roba cinco cartas y elige una.\n\nREGISTRO DE CAMBIOS\n\n"
        "Versión 2.1 (03/05/2025): nueva errata de la carta Faro; aclarado el turno.\nVersión 2.0 (01/01/2025): primera versión.\n"
    )
    kept = kept_text(clean(raw_of(text)))
    assert "Cada jugador roba cinco cartas y elige una." in kept
    assert "REGISTRO DE CAMBIOS" not in kept and "nueva errata" not in kept


def test_a_steps_hanging_line_joins_the_step_whatever_it_opens_with() -> None:
    text = "PREPARACIÓN\n1. Coloca el tablero y pon\n   2 fichas en cada charca.\n2. Pon el marcador en la casilla\n   0 del contador.\n"
    kept = [line.text for line in clean(raw_of(text)).lines if line.text.strip()]
    assert kept[1:] == ["1. Coloca el tablero y pon 2 fichas en cada charca.", "2. Pon el marcador en la casilla 0 del contador."]


def test_a_credits_title_over_only_credit_lines_goes_with_them_to_the_footer() -> None:
    text = "FIN\nGana quien tenga más puntos.\n\nCRÉDITOS DE LA TRADUCCIÓN\nTraducción: Nerea Villalba\nMaquetación: Óscar Prieto\n"
    result = clean(raw_of(text))
    assert [line.text for line in result.lines if line.text.strip()] == ["FIN", "Gana quien tenga más puntos."]
    assert result.credits.translators == ("Nerea Villalba",)
    assert "Maquetación: Óscar Prieto" in result.credits.other
    kept = clean(raw_of("CRÉDITOS\nTraducción: Nerea Villalba\n\nLos créditos del juego van en la caja.\n"))
    assert [line.text for line in kept.lines if line.text.strip()][:1] == ["CRÉDITOS"]  # a rule under it: it stays


def test_a_changelog_goes_as_its_run_of_versions_and_the_section_after_it_stays() -> None:
    """'Registro de cambios' drops its heading and its versions and dates only: the list of a section after it
    ('Componentes', no sentence to end the changelog at) is rules."""
    text = (
        "Preparación\nCada jugador toma cinco cartas y las baraja antes de empezar la partida.\n\n"
        "Registro de cambios\nVersión 1.1 (15/03/2026): errata de una carta.\nVersión 1.0 (01/02/2026): primera versión.\n\n"
        "Componentes\n- 40 cartas de nave\n- 12 fichas de escudo\n"
    )
    kept = kept_text(clean(raw_of(text)))
    assert "40 cartas de nave" in kept and "12 fichas de escudo" in kept
    assert "primera versión" not in kept and "errata de una carta" not in kept and "Registro de cambios" not in kept


def test_a_role_line_is_a_credit_only_beside_other_credits() -> None:
    errata = "ERRATAS\nCorrección: Muro Defensivo\nLa carta debe decir «roba dos».\n\nCorrección: Ataque Furtivo\nEl coste es 3, no 2.\n"
    result = clean(raw_of(errata))
    assert "Corrección: Muro Defensivo" in kept_text(result) and "Corrección: Ataque Furtivo" in kept_text(result)
    assert not result.credits.other
    compact = clean(raw_of("ERRATAS\nCorrección: Muro Defensivo\nRoba dos.\nCorrección: Ataque Furtivo\nCuesta 3.\n"))
    assert "Corrección: Ataque Furtivo" in kept_text(compact) and not compact.credits.other  # a rule between them
    block = clean(raw_of("FIN\nGana quien más tenga.\n\nTraducción: Nerea Villalba\nMaquetación: Óscar Prieto\nRevisión: Dani Gil\n"))
    assert "Revisión: Dani Gil" in block.credits.other
    alone_under_title = clean(raw_of("FIN\nGana quien más tenga.\n\nCRÉDITOS\nMaquetación: Óscar Prieto\n"))
    assert "Maquetación: Óscar Prieto" in alone_under_title.credits.other
