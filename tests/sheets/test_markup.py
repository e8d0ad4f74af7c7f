"""How glossary terms and source text reach reportlab: escaped, English name once, never twice."""
from __future__ import annotations

from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from pipeline.model import Block, Section, TermHit
from pipeline.sheets.markup import bilingual_title, safe_text, term_markup, title_states
from pipeline.tag.kinds import read_term_kinds

STYLE = ParagraphStyle("term_en", fontName="Helvetica", fontSize=7)
TAGGED = read_term_kinds(Path(__file__).resolve().parents[2] / "glossaries").tagged  # the project's tagged kinds (common.yaml)


def _hit(text: str, surface: str, *, es: str, en: str, nth: int = 0, kind: str = "system") -> TermHit:
    start = -1
    for _ in range(nth + 1):
        start = text.index(surface, start + 1)
    return TermHit(es=es, en=en, start=start, end=start + len(surface), kind=kind)


def test_only_card_terms_get_their_english_name() -> None:
    """A phase, an action or a rule word reads as Spanish; a card, component or system term shows its printed name."""
    text = "En la fase de acción, compra un cohete."
    hits = [_hit(text, "fase de acción", es="fase de acción", en="Action Phase", kind="phase"),
            _hit(text, "compra", es="comprar", en="Buy", kind="action"), _hit(text, "cohete", es="cohete", en="Rocket", kind="component")]
    markup = term_markup(text, hits, shown=set(), term_style=STYLE, tagged=TAGGED)
    assert "‹Rocket›" in markup and "‹Action Phase›" not in markup and "‹Buy›" not in markup


def test_english_name_follows_only_the_first_occurrence() -> None:
    text = "Los escudos absorben daño. Los escudos se recargan."
    hits = [_hit(text, "escudos", es="escudo", en="Shields"), _hit(text, "escudos", es="escudo", en="Shields", nth=1)]
    markup = term_markup(text, hits, shown=set(), term_style=STYLE, tagged=TAGGED)
    assert markup.count("‹Shields›") == 1
    assert markup.index("‹Shields›") < markup.index("se recargan")


def test_english_name_already_stated_by_the_translator_is_not_repeated() -> None:
    text = "Los cohetes proporcionan 'empuje (thrust)' que se muestra abajo."
    shown: set[str] = set()
    markup = term_markup(text, [_hit(text, "empuje", es="empuje", en="Thrust")], shown=shown, term_style=STYLE, tagged=TAGGED)
    assert "‹Thrust›" not in markup
    assert "empuje" in shown  # and later occurrences stay plain too


def test_term_already_shown_in_the_section_stays_plain() -> None:
    text = "Coloca la sonda."
    markup = term_markup(text, [_hit(text, "sonda", es="sonda", en="Probe")], shown={"sonda"}, term_style=STYLE, tagged=TAGGED)
    assert "‹" not in markup


def test_markup_characters_in_the_source_are_escaped_and_parse() -> None:
    text = "Si a < b & c > d, el <b>daño</b> se dobla </para>"
    hits = [_hit(text, "daño", es="daño", en="Damage")]
    markup = term_markup(text, hits, shown=set(), term_style=STYLE, tagged=TAGGED)
    assert "&lt;b&gt;" in markup and "&amp;" in markup
    Paragraph(markup, STYLE)  # reportlab's parser accepts it
    assert safe_text("a\x00b\u200bc") == "abc"


def test_title_that_is_one_glossary_term_prints_bilingually() -> None:
    section = Section(
        id="platillo-giratorio", title="Platillo giratorio", level=2, kind="card",
        blocks=(Block("paragraph", "Texto.", 1, 1),), first=1, last=1,
        title_terms=(TermHit("platillo giratorio", "Spinning Saucer", 0, 18),),
    )
    assert bilingual_title(section) == "Platillo giratorio · Spinning Saucer"
    partial = Section(
        id="x", title="Reglas para los escudos de la nave", level=2, kind="rules", blocks=(), first=1, last=1,
        title_terms=(TermHit("escudo", "Shields", 16, 23),),
    )
    assert bilingual_title(partial) == partial.title


def _tagged(text: str, surface: str, *, es: str, en: str) -> str:
    return term_markup(text, [_hit(text, surface, es=es, en=en, kind="component")], shown=set(), term_style=STYLE, tagged=TAGGED)


def test_english_first_word_in_parentheses_after_the_term_is_not_repeated() -> None:
    text = "Baraja las cartas de 'resultados' (outcome), que indican el funcionamiento."
    assert "‹" not in _tagged(text, "cartas de 'resultados", es="carta de resultado", en="Outcome card")


def test_english_beside_a_slash_in_the_term_is_not_repeated() -> None:
    text = "y sus tres minimazos de hive/colmena. Puedes jugarlos"
    assert "‹" not in _tagged(text, "minimazos de hive/colmena", es="minimazo", en="Hive mini-deck")
    text = "Coloca el mazo de la Colmena/Hive junto al tablero."
    assert "‹" not in _tagged(text, "Colmena", es="colmena", en="Hive")


def test_english_in_quotes_beside_the_term_is_not_repeated() -> None:
    text = "Cada «escudo» “Shield” absorbe un daño."
    assert "‹" not in _tagged(text, "escudo", es="escudo", en="Shield generator")


def test_term_that_is_the_english_first_word_gets_no_tag() -> None:
    text = "Comprueba si hay L.O.S. al objetivo."
    markup = term_markup(text, [_hit(text, "L.O.S.", es="línea de visión", en="L.O.S. (line of sight)", kind="component")],
                         shown=set(), term_style=STYLE, tagged=TAGGED)
    assert "‹" not in markup


def test_tag_stays_when_the_english_is_not_beside_the_term() -> None:
    # 'final' is a word of the Spanish name, so "Final" in quotes proves nothing; "outcome" unmarked and far is no pair.
    text = "Derrota al “Enemigo Final” antes del turno diez."
    assert "‹Final Enemy›" in _tagged(text, "Enemigo Final", es="enemigo final", en="Final Enemy")
    text = "Roba una carta de resultado; cada carta tiene un texto distinto al final del juego (outcome)."
    assert "‹Outcome card›" in _tagged(text, "carta de resultado", es="carta de resultado", en="Outcome card")


def test_a_title_that_gives_the_english_spares_the_text_below() -> None:
    assert title_states("Activate/Activar", TermHit("activar", "Activate", 0, 8))
    assert not title_states("Activar cartas", TermHit("activar", "Activate", 0, 7))
    assert not title_states("Nuevas agendas, drones y strikes", TermHit("drone", "Drone", 15, 21))  # the Spanish plural


def test_a_term_that_holds_the_english_words_gets_no_tag() -> None:
    # The translator kept the English word inside the Spanish name: a tag would print it twice.
    text = "Roba dos cartas de loot y mira el mazo de raid/asalto antes de jugar."
    assert "‹" not in _tagged(text, "cartas de loot", es="carta de loot", en="Loot card")
    assert "‹" not in _tagged(text, "mazo de raid/asalto", es="mazo de raid", en="Raid deck")
    # Spelt as in Spanish (its accent), the word is no English: the tag stays.
    text = "Coloca un marcador de misión en la casilla."
    assert "‹Mision Marker›" in _tagged(text, "marcador de misión", es="marcador de misión", en="Mision Marker")
