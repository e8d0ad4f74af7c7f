"""The cleaner's blunt rules on texts of games we never see: what each rule must keep, and what it must still remove."""

from __future__ import annotations

import pytest

from pipeline.clean import clean
from pipeline.model import CleanText, Document, GameInfo
from pipeline.split import split

from .test_clean import kept_text, raw_of

GAME = GameInfo(id="test", title_es="Juego", title_en="Game")
RULE = "Cada jugador roba dos cartas al empezar su turno y descarta una."


def sections(result: CleanText) -> dict[str, str]:
    document: Document = split(result, game=GAME)
    return {section.title: section.text for section in document.sections}


def lost(result: CleanText) -> list[tuple[str, str]]:
    return [(record.original, record.reason) for record in result.report if record.action in ("drop", "duplicate", "credit")]


# --- 1. a last section whose only rule is a short sentence --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "rule"),
    [
        (f"Preparación\n{RULE}\n\nFin\nGana quien más tenga.\n", "Fin", "Gana quien más tenga."),
        (f"Preparación\n{RULE}\n\nFIN DE LA PARTIDA\n\nGana quien más tenga.\n", "Fin de la partida", "Gana quien más tenga."),
        (f"Preparación\n{RULE}\n\nFin de la partida\nNadie gana.\n", "Fin de la partida", "Nadie gana."),
        (f"## Preparación\n\n{RULE}\n\n## Fin\n\nGana quien más tenga.\n", "Fin", "Gana quien más tenga."),
        # Not only at the end: between two headings the short sentence is the first one's rule, no title.
        (f"Preparación\n{RULE}\n\nFin\nGana quien más tenga.\n\nVariante\nSe juega en equipos de dos.\n", "Fin", "Gana quien más tenga."),
        # After a paragraph, the text's last line: a rule however short ("Ganas 2 puntos al final." was).
        (f"Preparación\n{RULE}\n\nNadie gana.\n", "Preparación", f"{RULE}\n\nNadie gana."),
    ],
    ids=["title", "caps-blank", "two-words", "markdown", "middle", "after-text"],
)
def test_a_last_section_whose_only_rule_is_a_short_sentence_keeps_its_heading(text: str, title: str, rule: str) -> None:
    result = clean(raw_of(text))
    assert not lost(result)
    assert sections(result)[title] == rule
    assert clean(raw_of(result.as_text())).as_text() == result.as_text()


def test_a_heading_the_translation_stops_at_still_goes_and_a_stopped_title_over_its_text_stays() -> None:
    result = clean(raw_of(f"Preparación\n{RULE}\n\nFin de la partida\nFin\n"))
    assert [reason for _, reason in lost(result)] == ["heading with no text after it (the translation stops here)"] * 2
    # "Entrar en fase." over its paragraph is a card's title (Space Alert's abilities end in a full stop).
    text = "AMENAZAS AMARILLAS\nEntrar en fase.\n\nLas amenazas con esta habilidad mueven todos los turnos.\n"
    assert "Entrar en fase" in sections(clean(raw_of(text)))


# --- 2. breadcrumb-shaped rule lines and navigation words over their text --------------------------------

MUST_STAY_NAVIGATION = [
    # A path of the game, an order of phases: breadcrumbs only on a site's page.
    (f"Movimiento\nLos exploradores avanzan por el mismo camino:\nInicio > Bosque > Montaña\n{RULE}\n", ["Inicio > Bosque > Montaña"]),
    (f"Recorrido\nLos exploradores siguen la ruta:\nPuerto » Bosque » Montaña » Cima\n{RULE}\n", ["Puerto » Bosque » Montaña » Cima"]),
    # Navigation words heading their rule past a blank line, or a list of them.
    ("Inicio\n\nAl inicio de la partida cada jugador roba cinco cartas.\n\nAyuda\n\nCada jugador puede pedir ayuda a otro una vez.\n",
     ["Inicio", "Ayuda"]),
    ("Inicio\n\n- Cada jugador roba cinco cartas.\n- El más joven empieza.\n\nPerfil\n\n- Cada personaje tiene un perfil propio.\n",
     ["Inicio", "Perfil"]),
    ("Acciones\nEn tu turno elige una de estas acciones:\nBuscar\nSalir\nDescansar\n\nFin\nGana quien salga primero.\n",
     ["Buscar", "Salir", "Descansar"]),
    # The top of a text is a page's only for breadcrumbs: a box's 'Edad: 8+' there is no member's profile.
    (f"Edad: 8+\nJugadores: 2 a 4\n\nPreparación\n{RULE}\n", ["Edad: 8+", "Jugadores: 2 a 4"]),
]


@pytest.mark.parametrize(
    ("text", "kept_lines"), MUST_STAY_NAVIGATION, ids=["path", "guillemets", "past-a-blank", "over-a-list", "actions", "box-at-top"]
)
def test_rule_lines_shaped_like_a_sites_navigation_stay(text: str, kept_lines: list[str]) -> None:
    result = clean(raw_of(text))
    assert not lost(result)
    kept = kept_text(result).split("\n")
    assert all(line in kept for line in kept_lines)


MUST_GO_NAVIGATION = [
    # A site's header: breadcrumbs above all the text, or over the page's title they end with; a menu.
    (f"Inicio > Juegos de mesa > Reglas de Faros\n\nReglas de Faros\n\n{RULE}\n", "Inicio > Juegos de mesa > Reglas de Faros"),
    (f"La Mazmorra del Friki\nInicio > Reseñas > Reglas de Faros\n\nReglas de Faros\n\n{RULE}\n", "Inicio > Reseñas > Reglas de Faros"),
    (f"Inicio\nForo\nAyuda\n\nReglas de Faros\n\n{RULE}\n", "Foro"),
    # Under a site's byline, 'Inicio' is its link even over a sentence past a blank line.
    ("Publicado por Bea el 3 de mayo de 2023\nInicio\n\nCosecha Lunar es un juego de cartas para dos jugadores.\n", "Inicio"),
]


@pytest.mark.parametrize(("text", "noise"), MUST_GO_NAVIGATION, ids=["top", "over-title", "menu", "under-byline"])
def test_a_sites_navigation_still_goes(text: str, noise: str) -> None:
    result = clean(raw_of(text))
    assert noise not in kept_text(result).split("\n")
    assert any(record.original == noise and record.reason.startswith("site navigation") for record in result.report)


# --- 5. thread detection demands a sign no rulebook makes ---------------------------------------------------


def test_two_navigation_words_heading_rules_make_no_thread() -> None:
    # Before: 'Inicio' and 'Ayuda' over no sentence right below were two signs of a thread, and in a thread
    # 'Votar' (a button) and '--' (a signature) went, with the rules under them.
    text = (
        "Inicio\n\n- Cada jugador roba cinco cartas.\n\nAyuda\n\n- Puedes pedir ayuda una vez por ronda.\n\n"
        "Votar\nCada jugador vota en secreto a otro jugador.\n--\nEl recuento\nGana quien tenga más votos.\n"
    )
    result = clean(raw_of(text))
    assert lost(result) == [("--", "a line with no words (a separator, specks of a scan or emoji)")]
    for line in ("Inicio", "Ayuda", "Votar", "Cada jugador vota en secreto a otro jugador.", "Gana quien tenga más votos."):
        assert line in kept_text(result).split("\n")


def test_a_menu_of_buttons_or_a_button_beside_a_post_is_still_a_thread() -> None:
    menu = "Citar\nResponder\n\nPreparación\nCada jugador roba una carta.\n--\nMi colección | Jugando ahora: Faros\n"
    assert "Mi colección" not in kept_text(clean(raw_of(menu)))
    beside = (
        "« en: 12 Marzo 2015, 10:22:31 »\nCitar\n\nPreparación\nCada jugador roba una carta.\n\nEn línea\nfantasmón\n\n"
        "Votar\n\n¿Alguien sabe si se puede repetir?\n"
    )
    kept = kept_text(clean(raw_of(beside)))
    assert "Cada jugador roba una carta." in kept and "fantasmón" not in kept and "Votar" not in kept


# --- 3. "(traducción no oficial)" in a heading says what the document is -----------------------------------


@pytest.mark.parametrize("line", ["Juego de Tronos (traducción no oficial)", "# Juego de Tronos (Traducción al castellano)"])
def test_a_remark_on_the_translation_in_a_heading_stays_on_its_line_and_out_of_the_title(line: str) -> None:
    result = clean(raw_of(f"{line}\n\nPreparación\n{RULE}\n"))
    assert not result.report  # no note lifted off, nothing dropped
    assert result.lines[0].text == line and result.lines[0].kind == "text"
    assert list(sections(result))[:2] == ["Juego de Tronos", "Preparación"]
    assert clean(raw_of(result.as_text())).as_text() == result.as_text()


def test_the_translators_aside_in_a_heading_is_still_a_note_and_cleaning_it_again_loses_no_rule() -> None:
    result = clean(raw_of(f"Preparación\n{RULE}\n\nCombate (traducción libre, jeje)\nEl atacante tira dos dados.\n"))
    assert [(line.text, line.kind) for line in result.lines][3:6] == [
        ("Combate", "text"), ("(traducción libre, jeje)", "note"), ("El atacante tira dos dados.", "text")
    ]
    # Cleaned again, the aside on its own line was judged with the rule under it: both went as chatter.
    again = clean(raw_of(result.as_text()))
    assert again.as_text() == result.as_text() and not lost(again)


# --- 4. a story under its own title ---------------------------------------------------------------------------

STORY = "Me encontré con Alice en el bar. Era tarde y estábamos cansados, así que me fui pronto. Yo no sabía lo que pasaba."


def test_a_story_under_its_own_title_keeps_the_title() -> None:
    text = f"Preparación\n{RULE}\n\nLa última misión\n{STORY}\n\nTurno\nEl jugador activo juega una carta y resuelve su efecto.\n"
    document = split(clean(raw_of(text)), game=GAME)
    story = next(section for section in document.sections if section.kind == "flavor")
    assert (story.title, story.text, story.parent) == ("La última misión", STORY, "preparacion")


@pytest.mark.parametrize(
    "opening",
    ["La noche en que me encontré con Alice", "Me encontré con Alice en el bar,", "Era tarde."],
    ids=["clause", "comma", "sentence"],
)
def test_a_story_whose_first_line_is_prose_is_still_a_relato(opening: str) -> None:
    text = f"Preparación\n{RULE}\n\n{opening}\nYo no sabía lo que pasaba. Estábamos cansados y me fui pronto a casa.\n"
    document = split(clean(raw_of(text)), game=GAME)
    story = next(section for section in document.sections if section.kind == "flavor")
    assert story.title == "Relato" and story.text.startswith(opening)


@pytest.mark.parametrize(
    "text",
    [
        # A table of ranks: 'Nivel 1' over 'Novato' is shaped like a Reddit comment's 'level 1' over its author, and
        # three of them made the text a thread (the ranks went as posts); then as headings with nothing under them.
        "Rangos\nCada héroe empieza en el nivel 1 y sube al ganar combates.\n\nNivel 1\nNovato\n\nNivel 2\nVeterano\n\nNivel 3\nÉlite\n",
        # 'Ordenar por: ...' as a rule's sentence is no thread's sort order.
        "Orden\nOrdenar por: iniciativa de mayor a menor.\n\nInicio\n\n- Cada jugador roba cinco cartas.\n\nVotar\nCada jugador vota.\n",
        # A rank's value under 'Nivel N' is no member's handle under a comment's level: a die, points, a capital abbreviation.
        "Daño por nivel\nEl daño del héroe depende de su nivel:\nNivel 1\n1d6\nNivel 2\n2d6\nNivel 3\n3d6\n",
        "Vida por nivel\nLos puntos de vida dependen del nivel:\n\nNivel 1\n3PV\n\nNivel 2\nPNJ\n\nNivel 3\n7PV\n",
    ],
    ids=["ranks", "sort-order-rule", "dice-per-level", "values-per-level"],
)
def test_plain_rules_with_a_threads_shapes_make_no_thread(text: str) -> None:
    result = clean(raw_of(text))
    assert not lost(result)
    assert not result.credits.translators


def test_a_reddit_comment_over_its_authors_handle_is_still_a_thread() -> None:
    text = "level 1\nludofilo_82\n\nMil gracias, justo lo que buscaba.\n\nlevel 2\nmeeple_sur\n\n¿Alguien tiene las cartas?\n"
    kept = kept_text(clean(raw_of(text)))
    assert "ludofilo_82" not in kept and "level 1" not in kept


# --- the lead's note of 15:29 (formats2): a rule paragraph ending in chatter -----------------------------------


def test_a_rule_paragraph_whose_last_sentence_is_chatter_keeps_its_rule() -> None:
    text = f"Preparación\n{RULE} Más traducciones en la web de Ludotradus.\n\nFin\nGana quien tenga más puntos al final.\n"
    result = clean(raw_of(text))
    assert RULE in kept_text(result) and not lost(result)  # the chatter stays with it: a rule is never lost for it
    chatter = "Muchas gracias por la traducción. Me ha venido genial para la partida de ayer."  # no rule in any sentence
    assert chatter not in kept_text(clean(raw_of(f"Preparación\n{RULE}\n\n{chatter}\n")))


def test_an_app_advert_goes_whole_though_it_names_the_game_it_sells() -> None:
    advert = ("Os presentamos el nuevo juego de cartas de la baraja española: la Brisca de cuatro jugadores. "
              "Ya puedes descargarlo gratis para Android desde Google Play.")
    result = clean(raw_of(f"Preparación\n{RULE}\n\n{advert}\n"))
    assert "Google Play" not in kept_text(result) and RULE in kept_text(result)
    assert any(record.reason == "forum chatter: promotion of an app" for record in result.report)


@pytest.mark.parametrize(
    ("text", "chatter"),
    [
        ("Muchas gracias por la traducción.", True),
        ("La traducción en castellano la hice yo en dos tardes.", True),
        ("No sé si se traduce como Ataque o Asalto.", True),
        # Tapiz: "traducirse en" is "result in", a rule's word.
        ("Esto se traduce en modificadores a la tirada de acción como un bonus de rasgo más.", False),
    ],
)
def test_talk_about_the_translation_is_chatter_a_rule_that_results_in_something_is_not(text: str, chatter: bool) -> None:
    from pipeline.clean.resources import CleanOptions, chatter_reason

    assert (chatter_reason(text, CleanOptions()) is not None) is chatter


@pytest.mark.parametrize(
    ("text", "story"),
    [
        ("Me encontré con Erik en el bar. Pensé que era una broma, pero no lo era.", True),
        # Uno Xtreme: a past tense inside a rule ("después de que apoyó y soltó la carta") is no narrator.
        ("Se recomienda dejar pasar 2 segundos luego de que el jugador apoyó y soltó la carta antes del anuncio.", False),
        ("Después de que apoyó y soltó la carta, el jugador puede decir Uno sin consecuencias.", False),
    ],
)
def test_a_story_is_told_a_rule_says_what_a_player_may_do(text: str, story: bool) -> None:
    from pipeline.clean.resources import CleanOptions, voice

    assert voice(text, CleanOptions()).flavor is story


def test_a_chat_assistants_preface_and_offer_around_the_rules_go_and_the_rules_stay() -> None:
    """La Campaña's rules came out of a chat assistant: "Perfecto ✅" / "A continuación te dejo todo el texto..."
    over them, "¿Querés que te prepare también una versión...? Puedo hacerlo..." under them."""
    preface = "A continuación te dejo el texto completo en formato Markdown, sin alterar el contenido original:"
    offer = "¿Querés que te prepare también una versión para imprimir? Puedo hacerlo sin alterar el contenido."
    text = f"Perfecto ✅\n{preface}\n\nPreparación\n{RULE}\n\nFin\nGana quien tenga más puntos al final.\n\n{offer}\n"
    kept = kept_text(clean(raw_of(text)))
    assert RULE in kept and "Gana quien tenga más puntos al final." in kept
    assert "Perfecto" not in kept and preface not in kept and offer not in kept
    perfect = "Un lanzamiento perfecto otorga 3 puntos."
    assert perfect in kept_text(clean(raw_of(f"Preparación\n{RULE}\n{perfect}\n")))


def test_talk_about_the_repository_a_rulebook_lives_in_goes() -> None:
    """A game's README: "Reportar Bugs: Crear un issue en el repositorio", "Contribuir: Revisar las guías de contribución"."""
    lines = ["- Reportar Bugs: Crear un issue en el repositorio", "- Contribuir: Revisar las guías de contribución"]
    kept = kept_text(clean(raw_of(f"Preparación\n{RULE}\n\n" + "\n".join(lines) + "\n")))
    assert RULE in kept and not any(line[2:] in kept for line in lines)


def test_a_section_of_the_projects_plans_goes_with_the_report_saying_so() -> None:
    """A "TODO" section (or "Hoja de ruta", "Futuras expansiones"): what the author means to add is no rule yet."""
    plans = "¿Qué hacer con las cartas que sobran? Se podría pensar en repartirlas más tarde."
    end = "Gana quien tenga más puntos al final de la ronda."
    for title in ("TODO", "Hoja de ruta", "Futuras expansiones", "Por hacer"):
        result = clean(raw_of(f"## Preparación\n{RULE}\n\n## {title}\n{plans}\n\n## Final\n{end}\n"))
        kept = kept_text(result)
        assert RULE in kept and end in kept and plans not in kept and title not in kept
        reasons = {record.original: record.reason for record in result.report}
        assert reasons[f"## {title}"] == f"a section of the project's plans ({title!r}), not rules"


@pytest.mark.parametrize("title", ["Futuras partidas", "Futuros turnos", "Próximamente", "Pendientes", "En el futuro"])
def test_a_campaigns_rules_under_a_title_that_reads_like_plans_stay(title: str) -> None:
    """A campaign's rules for the next game are no plans of the project: "Futuras partidas" with a rule in it stays."""
    campaign = "Al terminar la partida, guarda las cartas de mejora. Esas cartas se usan en la siguiente partida de la campaña."
    end = "Gana quien tenga más puntos al final de la ronda."
    kept = kept_text(clean(raw_of(f"## Preparación\n{RULE}\n\n## {title}\n{campaign}\n\n## Final\n{end}\n")))
    assert RULE in kept and campaign in kept and title in kept and end in kept


def test_a_todo_asking_and_hedging_about_the_cards_left_over_goes() -> None:
    """A to-do list speaks of the game's cards too ("las dos cartas que sobran"), but it asks and hedges."""
    plans = "Qué pasa con las dos cartas que sobran si se juega de a 3. Se podría pensar agregarlas a la mesa en la partida."
    more = "También puede pensarse en agregarlas la primera ronda para el cuarto jugador."
    kept = kept_text(clean(raw_of(f"## Preparación\n{RULE}\n\n## TODO\n{plans}\n\n{more}\n")))
    assert RULE in kept and plans not in kept and more not in kept


@pytest.mark.parametrize("title", ["Todo o nada", "Pendientes del tablero", "El futuro"])
def test_a_rule_sections_title_that_only_starts_like_plans_stays(title: str) -> None:
    kept = kept_text(clean(raw_of(f"## {title}\n{RULE}\n")))
    assert RULE in kept and title in kept


def test_the_makers_presenting_their_app_go_a_variant_they_added_with_a_rule_stays() -> None:
    promotion = "Pues espera a probar la versión que hemos creado. Hay tres niveles de bots y treinta logros."
    variant = "Hemos añadido una variante: cada jugador puede robar dos cartas en su primer turno."
    result = clean(raw_of(f"Preparación\n{RULE}\n\n{promotion}\n\n{variant}\n"))
    kept = kept_text(result)
    assert RULE in kept and variant in kept and promotion not in kept
    assert any(record.reason == "the makers presenting their product (an app, an edition), not rules" for record in result.report)


@pytest.mark.parametrize("variant", [
    "Hemos añadido una variante para dos jugadores. Cada jugador roba dos cartas al inicio de su turno y descarta una.",
    "Hemos incluido una regla opcional: el jugador que gana la baza roba la primera carta del mazo.",
])
def test_a_rule_the_makers_added_stays_without_a_modal_verb(variant: str) -> None:
    assert variant in kept_text(clean(raw_of(f"Preparación\n{RULE}\n\n{variant}\n")))
