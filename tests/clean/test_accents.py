"""Accents a translation dropped or misplaced, restored by the cleaner (clean/accents.py), each change in the report."""
from __future__ import annotations

import pytest

from pipeline.clean import clean
from pipeline.clean.accents import restore_accents
from pipeline.clean.corrections import Correction
from pipeline.model import CleanLine, RawText
from pipeline.modelkinds import CleaningAction


def raw_of(text: str) -> RawText:
    return RawText(game="test", path="raw.txt", text=text, encoding="utf-8", sha256="0")


def restored(text: str, **options) -> str:
    lines, _ = restore_accents([CleanLine(text, 1, 1)], [text], **options)
    return lines[0].text


# (sentence, as the cleaner leaves it): sentences of our own making.
RESTORED = [
    ("Despues de robar, el piloto avanza por el tunel.", "Después de robar, el piloto avanza por el túnel."),
    ("NIVEL DIFICIL: cada jugador roba dos cartas.", "NIVEL DIFÍCIL: cada jugador roba dos cartas."),
    ("Actua antes que el capitan.", "Actúa antes que el capitán."),
    ("La eleccion es facil y tambien rapida.", "La elección es fácil y también rápida."),
    ("Roba la mísma carta.", "Roba la misma carta."),  # an accent Spanish does not write
    ("Los pilotos heróicos sobreviven.", "Los pilotos heroicos sobreviven."),
    ("Roba cartas Heróicas.", "Roba cartas Heroicas."),  # capitalised, but Spanish writes no accent there: no name
    ("Despúes roba una carta.", "Después roba una carta."),  # capitalised, but its twin has the accent elsewhere
    ("Recúerda robar una carta.", "Recuerda robar una carta."),  # a hiatus where the bare word has its stress anyway
    ("Obten una carta y seran dos.", "Obtén una carta y serán dos."),
    ("Pierdes un punto de daño en la senal.", "Pierdes un punto de daño en la señal."),
]

UNCHANGED = [
    "Esta carta está en juego y el termino del turno llega al término.",  # words in their own right
    "Si el jugador esta listo, publico la regla en el publico.",
    "El cañon dispara dos veces.",  # cañon: canon or cañón, which is not said
    "Coloca la báse de la nave.",  # base, or basé (of basar)
    "La nave se hechó abajo en la tormenta.",  # hechó: 'echó' (a slip of another kind), not 'hecho'
    "The Captain takes the Action card after the Pilot.",  # English
    "Usa el comando `despues` en la consola.",  # code
    "Ver https://ejemplo.org/despues-de-todo para mas.",  # a link (and 'mas' is a word)
    "Escribe a despues@ejemplo.org si dudas.",  # an address
    "La OTAN y la ONU no juegan.",  # acronyms
    "Martin y Simon juegan contra Maria.",  # names the English list knows
    "Roba una carta, osea, la primera.",  # 'o sea' run together, likelier than 'ósea'
    "Vos podés robar dos cartas y cuán fácil es.",  # accents typed on purpose: the voseo, a word the lists lack
    "Los samuráis atacan primero.",  # 'samurais' no likelier
    "Irene vuela a la charca de Tomás; Óscar pesca.",  # a name's written accent, though the lists know 'Tomas', 'Oscar'
    "Lucía roba una carta.",  # a hiatus moving the bare word's stress ('lucia'): a name's accent
]


@pytest.mark.parametrize(("text", "expected"), RESTORED)
def test_a_dropped_or_misplaced_accent_is_restored_in_the_words_case(text: str, expected: str) -> None:
    assert restored(text) == expected


@pytest.mark.parametrize("text", UNCHANGED)
def test_a_word_a_word_list_knows_an_ambiguous_one_and_code_stay(text: str) -> None:
    assert restored(text) == text


def test_a_line_more_english_than_spanish_keeps_its_words() -> None:
    text = "Tunel: the tunnel card, played after the threat"
    assert restored(text) == text


def test_glossary_words_and_words_a_correction_writes_stay() -> None:
    text = "Despues viene el tunel."
    assert restored(text, keep=frozenset({"tunel"})) == "Después viene el tunel."
    assert restored(text, written=frozenset({"despues"})) == "Despues viene el túnel."


def test_every_change_is_a_correct_record_of_the_cleaning_report() -> None:
    text = "REGLAS\n\nDespues de la fase, el capitan roba una carta y despues la juega.\n"
    cleaned = clean(raw_of(text))
    assert cleaned.lines[2].text == "Después de la fase, el capitán roba una carta y después la juega."
    records = [record for record in cleaned.report if record.action == CleaningAction.CORRECT]
    assert [(record.line, record.reason, record.original) for record in records] == [
        (3, "accent restored: Despues → Después, capitan → capitán, despues → después", text.splitlines()[2])
    ]
    assert [(line.first, line.before, line.after, line.entries) for line in cleaned.corrected] == [
        (3, text.splitlines()[2], cleaned.lines[2].text, ())
    ]


def test_accents_come_after_the_corrections_and_leave_their_words() -> None:
    text = "REGLAS\n\nEl capitan roba despues una carta.\n"
    fix = Correction(index=1, pattern="roba despues", replace="roba despues,", where="c.yaml:1")
    cleaned = clean(raw_of(text), corrections=(fix,))
    assert cleaned.lines[2].text == "El capitán roba despues, una carta."
    reasons = [record.reason for record in cleaned.report if record.action == CleaningAction.CORRECT]
    assert reasons[0].startswith("corrections.yaml #1") and reasons[1] == "accent restored: capitan → capitán"
    assert [(line.entries, line.after) for line in cleaned.corrected] == [((1,), cleaned.lines[2].text)]
