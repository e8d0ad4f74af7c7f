"""Makers named in a sentence of a text's opening prose (made-up texts)."""
from __future__ import annotations

import pytest

from pipeline.clean import clean
from pipeline.clean.bylines import Bylines, bylines
from pipeline.model import Credits, RawText
from pipeline.sheets.pagefurniture import credits_line, short_credits


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "La traducción al castellano de Torres de Arena se realizó por Grupo Dado Rojo, Nuria y Pedro Gil.",
            Bylines(translators=("Grupo Dado Rojo", "Nuria", "Pedro Gil")),
        ),
        ("Estas reglas fueron traducidas del inglés por Marta Soler.", Bylines(translators=("Marta Soler",))),
        ("Traducido por Irene Soto para la comunidad. Faros es una marca registrada.", Bylines(translators=("Irene Soto",))),
        ("La traducción estuvo a cargo de Iker Ruiz (@iker).", Bylines(translators=("Iker Ruiz",))),
        # A name of several words with 'en' in it is the whole name; only a phrase for whom it was made goes.
        ("Traducido por Jugando en Pareja.", Bylines(translators=("Jugando en Pareja",))),
        ("Traducido por Jugando en Pareja para el foro.", Bylines(translators=("Jugando en Pareja",))),
        (
            "Este sistema se inspira en otros juegos. El autor principal del sistema Faro es Lucía Prado.",
            Bylines(authors=("Lucía Prado",)),
        ),
        ("Este documento tiene licencia Creative Commons (cc by-nc 4.0) y puede copiarse.", Bylines(other=("Licencia CC BY-NC 4.0",))),
        ("La revisión del texto fue realizada por Ana Gil.", Bylines(other=("Revisión: Ana Gil",))),
        # No credit: a rule's words, a lower-case phrase after "por", another game's author.
        ("El efecto creado por la carta dura un turno.", Bylines()),
        ("La traducción se hizo por encargo de la tienda.", Bylines()),
        ("Está inspirado en Dunas, de Carla Vidal, y en Mareas.", Bylines()),
        ("Cada jugador tiene licencia para mover dos fichas.", Bylines()),
    ],
)
def test_bylines(text: str, expected: Bylines) -> None:
    assert bylines(text) == expected


def raw_of(text: str) -> RawText:
    return RawText(game="test", path="raw.md", text=text, encoding="utf-8", sha256="0", format="markdown")


def test_the_opening_names_the_makers_and_a_rule_further_on_does_not() -> None:
    opening = [
        "# Faro",
        "",
        "El autor principal del sistema Faro es Lucía Prado. Este documento tiene licencia CC BY-SA.",
        "",
        "La traducción se realizó por Grupo Dado Rojo y Nuria.",
        "",
        "## Turno",
        "",
    ]
    rules = [f"Cada jugador roba {n} cartas y descarta una." for n in range(2, 60)]
    text = "\n".join([*opening, *rules, "", "El autor principal del turno es Pedro Gil."])
    credits = clean(raw_of(text)).credits
    assert credits.authors == ("Lucía Prado",) and credits.translators == ("Grupo Dado Rojo", "Nuria")
    assert "Licencia CC BY-SA" in credits.other


def test_the_footer_names_the_author_when_no_translator_is_named() -> None:
    assert credits_line(Credits(authors=("Lucía Prado",), forum=False)).startswith("Autoría: Lucía Prado")
    both = credits_line(Credits(translators=("Nuria",), authors=("Lucía Prado",), forum=False))
    assert both.startswith("Traducción: Nuria · Autoría: Lucía Prado")


def test_an_unsigned_translation_is_said_last_after_what_is_known() -> None:
    site = Credits(source_url="https://www.dadosyfichas.example/2019/03/reglas-de-faro", forum=False)
    assert credits_line(site, publisher="Editorial Faro") == (
        "Fuente: dadosyfichas.example/2019/03/reglas-de-faro · Juego © Editorial Faro · traducción sin firma"
    )
    assert short_credits(site, publisher="Editorial Faro") == "Fuente: dadosyfichas.example · traducción sin firma"
    thread = Credits(other=("Licencia CC BY-SA 4.0",))
    assert credits_line(thread) == "Licencia CC BY-SA 4.0 · traducción de un foro, sin firma"
    assert short_credits(thread, publisher="Editorial Faro") == "Juego © Editorial Faro · traducción de un foro, sin firma"


def test_a_text_that_names_nothing_says_only_that_its_translation_is_unsigned() -> None:
    assert credits_line(Credits(forum=False)) == short_credits(Credits(forum=False)) == "Traducción sin firma"
    assert credits_line(Credits()) == "Traducción de un foro, sin firma"
    # An author and no translator: perhaps an original in Spanish, so nothing is said of a translation.
    assert "sin firma" not in credits_line(Credits(authors=("Lucía Prado",), forum=False), publisher="Editorial Faro")


def test_the_day_a_post_was_published_joins_its_credits() -> None:
    raw = RawText(game="test", path="raw.md", text="# Faro\n\nCada jugador roba una carta.\n", encoding="utf-8", sha256="0",
                  format="markdown", date="2019-03-07")
    credits = clean(raw).credits
    assert "Publicado el 07/03/2019" in credits.other
    assert credits_line(credits) == "Publicado el 07/03/2019 · traducción sin firma"


def test_a_credits_block_goes_to_the_credits_and_its_heading_with_it() -> None:
    """Round 15: a "Créditos" heading over role lines, a copyright and a web address is no section; a "Créditos"
    heading over a sentence of rules keeps its lines."""
    text = (
        "## Fin\n\nGana quien tenga más puntos.\n\n### Créditos\nDiseño: Aurora Beltrán\nIlustración: Teo Maraña\n"
        "Maquetación: Estudio Garza\n© 2026 Estudio Garza. Todos los derechos reservados.\nwww.estudio.example\n"
    )
    cleaned = clean(raw_of(text))
    assert [line.text for line in cleaned.lines if line.text.strip()] == ["## Fin", "Gana quien tenga más puntos."]
    assert {"Diseño: Aurora Beltrán", "Ilustración: Teo Maraña", "Maquetación: Estudio Garza"} <= set(cleaned.credits.other)
    kept = clean(raw_of("### Créditos\nDiseño: Aurora Beltrán\nQuien gane la última ronda recibe dos puntos más.\n"))
    assert "Diseño: Aurora Beltrán" in [line.text for line in kept.lines]


def test_a_translators_name_with_en_in_it_is_credited_whole() -> None:
    text = "Preparación\nCada jugador roba una carta y la pone boca abajo.\n\nTraducido por Jugando en Pareja\n"
    assert clean(RawText(game="t", path="raw.txt", text=text, encoding="utf-8", sha256="0")).credits.translators == ("Jugando en Pareja",)
