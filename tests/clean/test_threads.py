"""Copied threads and chats: message headers, reactions, signatures, like buttons; and what is never one."""

from __future__ import annotations

import pytest

from pipeline.clean import clean

from .test_clean import kept_text, raw_of

CHAT = """[14/03/2024 18:32] Marta
os paso las reglas

[14/03/2024 18:33] Marta
Preparación
Cada jugador toma dos monedas.

{Reactions}
👍 (4)

[14/03/2024 18:35] Kiko
una duda, ¿se puede pasar?
"""


def test_a_chat_export_keeps_the_translators_messages_only() -> None:
    kept = kept_text(clean(raw_of(CHAT)))
    assert "Cada jugador toma dos monedas." in kept
    for noise in ("Marta", "Kiko", "se puede pasar", "Reactions", "👍"):
        assert noise not in kept


def test_a_signature_goes_in_a_thread_but_a_dash_line_in_rules_separates_only() -> None:
    thread = THREAD_OPENING + "--\nMi colección | Jugando ahora: Faros\n\nThumb up\n3\n"
    kept = kept_text(clean(raw_of(thread)))
    assert "Cada jugador roba una carta." in kept and "Mi colección" not in kept and "Thumb up" not in kept and "3" not in kept.split()
    rules = "Preparación\nCada jugador roba una carta.\n--\nEl turno\nJuega una carta y roba otra.\n"
    assert "Juega una carta y roba otra." in kept_text(clean(raw_of(rules)))


def test_a_line_of_no_words_goes() -> None:
    kept = kept_text(clean(raw_of("*****************\nEl turno\nRoba una carta.\n' . , ~\n")))
    assert "*" not in kept and "~" not in kept and "Roba una carta." in kept


def test_a_buttons_word_is_a_heading_outside_a_thread() -> None:
    kept = kept_text(clean(raw_of("Votar\nCada jugador vota en secreto a otro jugador.\n\nGuardar\nGuarda una carta en tu reserva.\n")))
    assert "Votar" in kept and "Guardar" in kept


def test_prose_cut_before_a_number_is_joined_but_a_list_of_numbers_is_not() -> None:
    text = "El turno\nSi un camello termina en un oasis de la ruta, puedes cambiar\n2 fichas de ámbar por 1 punto.\n"
    assert "puedes cambiar 2 fichas de ámbar por 1 punto." in kept_text(clean(raw_of(text)))
    items = "Material\n- Un tablero de desierto con cinco oasis en el centro\n- 20 camellos de madera\n\nFin\nGana quien más tenga.\n"
    assert "- 20 camellos de madera" in kept_text(clean(raw_of(items))).split("\n")


def test_an_email_thread_keeps_the_message_with_the_rules_and_drops_headers_and_sign_offs() -> None:
    text = (
        "De: Jaime <j@correo.example>\nPara: grupo@listas.example\nAsunto: RE: Reglas\n\nGracias, lo imprimo.\n\n"
        "-----Mensaje original-----\nDe: Clara <c@correo.example>\nPara: grupo@listas.example\nAsunto: Reglas\n\n"
        "Preparación\nCada jugador toma 6 arqueros.\n\nUn saludo,\nClara\n"
    )
    kept = kept_text(clean(raw_of(text)))
    assert "Cada jugador toma 6 arqueros." in kept
    for noise in ("Jaime", "Asunto", "lo imprimo", "Mensaje original", "Un saludo", "Clara"):
        assert noise not in kept


# A copied thread's first post: the forum's buttons ("Citar", "Respuesta") over a heading and its rule.
THREAD_OPENING = "Citar\nRespuesta\n\nPreparación\nCada jugador roba una carta.\n"


# --- plain rules text that no thread shows: a forum's heuristics must lose nothing of it ----------------
# (review of 13:40, finding 1: each of these lost a heading or a rule, or made a rule the translator's name)
MUST_STAY_RULES = [
    ("Avatar\nEl avatar es la figura que representa a cada jugador en el tablero.\n\nTurno\nMueve tu avatar dos casillas.\n",
     ["Avatar", "El avatar es la figura que representa a cada jugador en el tablero.", "Mueve tu avatar dos casillas."]),
    ("Nivel 1\nLos enemigos tienen 2 puntos de vida.\n\nNivel 2\nLos enemigos tienen 4 puntos de vida.\n\n"
     "Nivel 3\nLos enemigos tienen 6 puntos de vida y atacan dos veces.\n",
     ["Nivel 1", "Los enemigos tienen 2 puntos de vida.", "Nivel 2", "Los enemigos tienen 4 puntos de vida.", "Nivel 3",
      "Los enemigos tienen 6 puntos de vida y atacan dos veces."]),
    ("Recompensas\nCada estrella vale corazones:\n3 ⭐ = 1 ❤️\n5 ⭐ → 2 ❤️\nGana quien tenga más corazones.\n",
     ["3 ⭐ = 1 ❤️", "5 ⭐ → 2 ❤️", "Gana quien tenga más corazones."]),
    ("Ordenar por iniciativa\nAntes de cada ronda, los jugadores se ordenan por iniciativa de mayor a menor.\n\n"
     "El turno\nJuega una carta.\n",
     ["Ordenar por iniciativa", "Antes de cada ronda, los jugadores se ordenan por iniciativa de mayor a menor."]),
    ("Novedades de la versión 2.0\nAhora cada jugador roba dos cartas al inicio de su turno.\n\n"
     "Compatibilidad con la versión 1.5 del juego base\nPuedes mezclar las cartas de ambas versiones.\n",
     ["Novedades de la versión 2.0", "Compatibilidad con la versión 1.5 del juego base"]),
    ("Reglas de la expansión (v2.0)\nCada jugador roba dos cartas al empezar su turno.\n\nFin\nGana quien tenga más puntos al final.\n",
     ["Reglas de la expansión (v2.0)", "Cada jugador roba dos cartas al empezar su turno."]),
    ("Buscar\nBusca en el mazo una carta de tesoro y muéstrala.\n\nSalir\nUn jugador puede salir de la mazmorra.\n\n"
     "Me gusta\nCada jugador dice en secreto qué carta le gusta más.\n",
     ["Buscar", "Salir", "Me gusta", "Un jugador puede salir de la mazmorra."]),
    ("Caja\nJugadores: 2 a 4\nEdad: 8+\n\nCombate\nEn: la fase de combate, cada jugador tira 2 dados.\n",
     ["Edad: 8+", "Combate", "En: la fase de combate, cada jugador tira 2 dados."]),
]


RULE_CASES = ["avatar", "nivel", "emoji-rule", "ordenar-por", "version", "version-heading", "buttons", "profile"]


@pytest.mark.parametrize(("text", "kept_lines"), MUST_STAY_RULES, ids=RULE_CASES)
def test_plain_rules_text_is_no_thread_and_loses_nothing(text: str, kept_lines: list[str]) -> None:
    result = clean(raw_of(text))
    kept = kept_text(result).split("\n")
    for line in kept_lines:
        assert line in kept, (line, [(record.original, record.reason) for record in result.report])
    assert not result.credits.translators
    assert not [record for record in result.report if record.action in ("drop", "credit")]


def test_the_thread_signs_still_mark_a_copied_thread() -> None:
    """The same lines that are rules above are furniture where the page shows it is a thread."""
    thread = (
        "Citar\nRespuesta\n\nAvatar\nAlba_Tradu\nSpain\n\nPreparación\nCada jugador roba una carta.\n\n"
        "Thumb up\n3\n\nOrdenar por: mejores\n\nlevel 1\nludofilo_82\n· hace 3 a\n\nMil gracias, justo lo que buscaba\n"
    )
    result = clean(raw_of(thread))
    kept = kept_text(result)
    assert "Cada jugador roba una carta." in kept
    for noise in ("Avatar", "Ordenar por", "level 1", "ludofilo_82", "Mil gracias"):
        assert noise not in kept


def test_a_phpbb_thread_copied_as_text_is_a_thread_by_its_post_counts_and_reply_subjects() -> None:
    text = (
        "Reglas: Caravanas\n| Autor |\nmeeple_sur\nRegistrado: 02 Mar 2012, 11:40 Mensajes: 418\n|\n\n"
        "PREPARACIÓN\nCada jugador toma una caravana de su color.\n|\n| 14 Feb 2021, 18:52 |\n|\n"
        "duna_roja\nHabitual\nRegistrado: 20 Ago 2015, 09:13 Mensajes: 57\n|\n Re: Reglas: Caravanas\n¿Y los camellos?\n"
    )
    kept = kept_text(clean(raw_of(text)))
    assert "Cada jugador toma una caravana de su color." in kept
    for noise in ("Mensajes: 57", "14 Feb 2021", "Re: Reglas"):
        assert noise not in kept


def test_a_title_set_over_two_lines_in_capitals_is_joined_and_a_footer_named_translator_credited() -> None:
    text = "LOS FAROS\nDEL NORTE\nReglas del juego - traducción de Irene Calvo\n\nCOMPONENTES\nUn tablero y seis faros.\n"
    result = clean(raw_of(text))
    assert kept_text(result).split("\n")[0] == "LOS FAROS DEL NORTE"
    assert result.credits.translators == ("Irene Calvo",)
    assert "EL TURNO" in kept_text(clean(raw_of("COMPONENTES\nEL TURNO\nRoba una carta.\n"))).split("\n")


def test_thanks_to_the_readers_is_chatter_and_a_rules_owing_to_is_not() -> None:
    from pipeline.clean.resources import CleanOptions, chatter_reason

    assert chatter_reason("Antes de nada, gracias a todos los que comentasteis la entrada anterior.", CleanOptions()) == "thanks"
    assert chatter_reason("Ignoras el primer golpe de cada ronda gracias a tu escudo.", CleanOptions()) is None


def test_a_page_name_over_its_own_title_an_advert_label_and_a_letter_index_go() -> None:
    text = ("relojeros de praga\n\nAnuncio\nRELOJEROS DE PRAGA\nReglas traducidas al español por Marta Figueroa\n\n"
            "PREPARACIÓN\nCada jugador toma diez engranajes.\n\nGLOSARIO\n\nA | B | C | F\n\nEngranaje:\nUna pieza de latón.\n")
    result = clean(raw_of(text))
    kept = kept_text(result).split("\n")
    assert "relojeros de praga" not in kept and "Anuncio" not in kept and "A | B | C | F" not in kept
    assert "RELOJEROS DE PRAGA" in kept and result.credits.translators == ("Marta Figueroa",)


PHPBB_POSTS = (
    "Caravanas de sal\nResponder al tema   [ 3 mensajes ]\n\nAutor\tMensaje\nduna_roja\nTraductora\n\n"
    "Registrado: 02 Mar 2012 11:40\nMensajes: 418\nPublicado: 14 Feb 2021 18:52\nCitar\n"
    "PREPARACIÓN\nCada jugador toma una caravana de su color.\n____________________\nMis juegos: ejemplo.example\nArriba\n\n"
    "Beduino\nNovato\n\nRegistrado: 20 Ago 2015 09:13\nMensajes: 57\nPublicado: 14 Feb 2021 19:01\nCitar\n"
    "duna_roja escribió:\nCada jugador toma una caravana de su color.\n\nEn mi caja vienen dos camellos por caravana.\nArriba\n\n"
    "duna_roja\nTraductora\n\nRegistrado: 02 Mar 2012 11:40\nMensajes: 418\nPublicado: 14 Feb 2021 19:20\nCitar\n"
    "Beduino escribió:\nEn mi caja vienen dos camellos por caravana.\n\nDos, lo he mirado en la caja. Sigo con el resto:\n\n"
    "EL TURNO\nMueve tu caravana a un oasis vecino.\n\nNotas del traductor\n1. He traducido «caravan» como «caravana».\n\n"
    "Mostrar mensajes de: Todos los mensajes  Ordenar por: Fecha\n¿Quién está conectado?\n"
)


def test_a_phpbb_member_block_over_its_profile_opens_a_post_and_its_author_is_credited() -> None:
    """phpBB's name and rank over a blank line and 'Registrado:' open a post: a reply goes, the translator's
    post is credited; the '____' signature, the page's counts and options go; the translator's lead-in to the
    rules of a later post goes, and the translator's notes under their heading stay, as notes."""
    cleaned = clean(raw_of(PHPBB_POSTS))
    kept = kept_text(cleaned)
    for rule in ("Cada jugador toma una caravana de su color.", "Mueve tu caravana a un oasis vecino."):
        assert rule in kept
    for noise in ("Traductora", "Novato", "Beduino", "Autor", "camellos", "Sigo con el resto", "3 mensajes", "Mis juegos",
                  "Mostrar mensajes", "conectado"):
        assert noise not in kept, noise
    assert "He traducido «caravan» como «caravana»." in kept_text(cleaned, "note")
    assert cleaned.credits.translators == ("duna_roja",)


def test_a_quote_nested_in_a_quote_takes_the_outer_ones_words_along() -> None:
    """'Luis escribió:' under 'Ana escribió:' is a quote inside a quote: the inner one ends at the blank line, the
    outer one's words follow it, and both go; the translator's own paragraph after them stays."""
    text = (
        THREAD_OPENING + "\n"
        "Ana escribió:\nLuis escribió:\n¿Cuántas cartas se roban?\n\nSe roban tres en la variante.\n\n"
        "El turno\nJuega una carta y roba otra.\n"
    )
    kept = kept_text(clean(raw_of(text)))
    assert "Juega una carta y roba otra." in kept and "Cada jugador roba una carta." in kept
    assert "Se roban tres" not in kept and "Cuántas" not in kept


def test_an_underscore_rule_over_rules_separates_only_and_its_signature_goes_only_at_a_posts_end() -> None:
    """'____' opens a signature only when what is under it is one or two short lines and the post ends right after
    (a button, the next member, the end); over a heading and its rule it is a separator: only that line goes."""
    thread = (
        THREAD_OPENING + "____________\nFIN DE LA PARTIDA\n"
        "Gana quien tenga más barcos al acabar el mazo.\n\nThumb up\n3\n"
    )
    kept = kept_text(clean(raw_of(thread)))
    assert "FIN DE LA PARTIDA" in kept and "Gana quien tenga más barcos al acabar el mazo." in kept
    assert "____" not in kept
    signed = THREAD_OPENING + "____________\nMis juegos: ejemplo.example\nArriba\n"
    kept = kept_text(clean(raw_of(signed)))
    assert "Cada jugador roba una carta." in kept and "Mis juegos" not in kept


def test_a_rules_own_lead_in_over_a_heading_in_the_translators_post_stays() -> None:
    """Only the poster's own words over their post's first heading go ('Sigo con la segunda parte:'): a rule's
    lead-in there ('Cada ronda tiene tres fases, en este orden:') speaks of the game, not to the thread."""
    thread = (
        THREAD_OPENING + "\nmeeple_sur\nTraductor\n\n"
        "Registrado: 02 Mar 2012 11:40\nMensajes: 418\nPublicado: 14 Feb 2021 18:52\n\n"
        "Cada ronda tiene tres fases, en este orden:\n\nFase de robo\nCada jugador roba dos cartas del mazo.\n"
    )
    kept = kept_text(clean(raw_of(thread)))
    assert "Cada ronda tiene tres fases, en este orden:" in kept and "Cada jugador roba dos cartas del mazo." in kept


def test_a_run_of_spaces_costs_the_thread_patterns_linear_time() -> None:
    """A line of 50,000 spaces and a letter: the thread's furniture and its count of posts are matched in one pass
    (no space before the options tried at every split of the run), as 8,000 spaces took 0.15 s and 20,000 9 s."""
    import time

    from pipeline.clean.threads import POST_COUNT_LINE, copied_thread

    line = " " * 50_000 + "x"
    started = time.process_time()
    copied_thread([line, "[ 3 mensajes ]" + line])
    POST_COUNT_LINE.match(line)
    assert time.process_time() - started < 0.2
