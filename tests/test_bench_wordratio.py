"""bench/wordratio.py: what counts as a printed word of a sheet (English left out, index and furniture told apart)."""
from __future__ import annotations

from bench.wordratio import Printed, twice, words_of
from tests.rule_statements import read_statements

ENGLISH = frozenset({"refresh phase", "reinforcements", "medic", "hit"})
TITLE = "Juego de prueba"


def test_a_bilingual_title_loses_its_english_also_where_it_runs_on() -> None:
    text = "Fase de actualización · Refresh\nPhase\nRecarga las fichas\n"
    assert Printed.of(text, english=ENGLISH).printed == 6


def test_a_run_in_heading_keeps_the_text_after_its_english() -> None:
    assert Printed.of("Refuerzos · Reinforcements. Si has obtenido al\n", english=ENGLISH).printed == 5


def test_an_english_name_before_the_dot_goes_and_the_spanish_stays() -> None:
    assert Printed.of("Medic · Médico\n", english=ENGLISH).printed == 1


def test_the_index_and_the_furniture_are_counted_apart() -> None:
    text = (
        "=== page 1 ===\nTira un dado\nÍndice inglés · English index\nHIT\nimpacto\n"
        "Créditos. Traducción: foro\nJuego de prueba · Test Game\nReferencia rápida\n1 / 1\n"
    )
    printed = Printed.of(text, english=ENGLISH, title=TITLE, title_en="Test Game")
    assert (printed.printed, printed.index, printed.furniture) == (3 + 3 + 3 + 3 + 4, 3, 3 + 3 + 4)


def test_credits_and_footer_are_furniture_whole_their_dots_no_bilingual_pairs() -> None:
    """A credits line after the index ("Créditos. Juego © … · traducción de un foro") and the footer are furniture,
    every word of them: " · " there parts credits, not Spanish from English; only the English title goes."""
    text = (
        "=== page 1 ===\nTira un dado\nÍndice inglés · English index\nHIT\nimpacto\n"
        "Créditos. Juego © Editorial · traducción de un\nforo, sin firma\n"
        "Juego de prueba · Test\nGame\nReferencia rápida\nJuego © Editorial · traducción de un foro\n"
    )
    printed = Printed.of(text, english=ENGLISH, title=TITLE, title_en="Test Game")
    assert (printed.index, printed.furniture) == (3, (6 + 3) + (3 + 2 + 6))
    assert printed.printed == 3 + 3 + printed.furniture


def test_twice_counts_a_rule_statement_only_when_two_sheets_print_it() -> None:
    _, sentence = next((key, text) for key, text in read_statements("galaxy-defenders") if words_of(text) >= 6)
    assert twice("galaxy-defenders", {"quickref": sentence, "dice": "Otra cosa."}) == 0
    assert twice("galaxy-defenders", {"quickref": sentence, "dice": sentence}) == words_of(sentence)
