"""A list's label and a bullet standing alone, judged from their neighbours (pipeline/sheets/roles.py)."""

from __future__ import annotations

import pytest

from pipeline.model import Block
from pipeline.sheets.roles import is_list_label, lone_items_as_paragraphs


def _p(text: str) -> Block:
    return Block("paragraph", text, 1, 1)


def _i(text: str, marker: str = "", depth: int = 0) -> Block:
    return Block("item", text, 1, 1, marker=marker, depth=depth)


@pytest.mark.parametrize(
    "label, expected",
    [
        ("Especialización.", True),  # a box's contents per expansion
        ("Nuevas amenazas:", True),
        ("Sistema de Experiencia.", True),
        ("ocurre una de estas cosas:", False),  # a sentence that announces a list, not a label
        ("Si el dado muestra un escudo, tira otra vez:", False),
        ("Tira 1DR. Si sale:", False),  # two phrases: a rule
        ("Especialización", False),  # no closing mark: a heading's business
    ],
)
def test_a_short_phrase_over_a_list_is_its_label(label: str, expected: bool) -> None:
    assert is_list_label(_p(label), _i("20 cartas de acción especial")) is expected


def test_a_label_needs_the_list_under_it() -> None:
    assert not is_list_label(_p("Especialización."), _p("La especialización sustituye..."))
    assert not is_list_label(_p("Especialización."), None)


def test_a_bullet_alone_is_a_paragraph_but_a_list_or_an_announced_entry_stays() -> None:
    alone = lone_items_as_paragraphs([_i("Activar una habilidad, destreza, táctica mejorada u objeto.")])
    assert [block.kind for block in alone] == ["paragraph"]
    listed = lone_items_as_paragraphs([_p("Texto."), _i("uno"), _i("dos")])
    assert [block.kind for block in listed] == ["paragraph", "item", "item"]
    announced = lone_items_as_paragraphs([_p("Un buque averiado sufre las siguientes penas:"), _i("Los enemigos...")])
    assert [block.kind for block in announced] == ["paragraph", "item"]
    labelled = lone_items_as_paragraphs([_p("Chapas de tripulación."), _i('7 "chapas-tokens"')])
    assert [block.kind for block in labelled] == ["paragraph", "item"]
    numbered = lone_items_as_paragraphs([_i("Ejecuta la primera acción", marker="1")])
    assert [block.kind for block in numbered] == ["item"]


@pytest.mark.parametrize(
    "text, labels",
    [
        ("Tropas espaciales: en lugar de una cápsula...", ["Tropas espaciales:"]),
        ("Consulta la entrada. Degradado: algunos efectos. Noqueado: fuera de línea.", ["Degradado:", "Noqueado:"]),
        ("Nota: los novatos no pueden enrolarse.", ["Nota:"]),
        ("El abordaje se resuelve en tres pasos: acercamiento, entrada y asalto.", []),  # a sentence, not a label
        ("Tira 1DR: si sale un escudo, repite.", ["Tira 1DR:"]),
        ("a las 12:30 empieza", []),
        ("ROJAS : MÁS DIFICIL", []),  # a step of a ladder
        ('Actualmente el reglamento dice: "Dentro de la nave..."', []),  # it introduces a quotation
        ("Amenazas que llaman a otras amenazas: las que convocan.", []),  # five words: a sentence's subject
    ],
)
def test_a_label_leads_a_paragraph_or_a_sentence(text: str, labels: list[str]) -> None:
    from pipeline.sheets.roles import label_spans

    assert [text[start:end] for start, end in label_spans(text)] == labels


def test_term_markup_sets_the_labels_in_bold_and_keeps_the_english_names() -> None:
    from reportlab.lib.styles import ParagraphStyle

    from pipeline.model import TermHit
    from pipeline.sheets.markup import term_markup
    from pipeline.sheets.roles import label_spans

    tagged = ("component",)  # as common.yaml lists it

    text = "Cápsulas de embarque: las cápsulas <se> despliegan."
    hits = [TermHit("cápsula de embarque", "boarding pod", 0, 20, "component")]
    markup = term_markup(text, hits, shown=set(), term_style=ParagraphStyle("t"), tagged=tagged, strong=label_spans(text))
    assert markup.startswith("<b>Cápsulas de embarque</b>") and "‹boarding pod›" in markup
    assert "<b>:</b> las cápsulas &lt;se&gt; despliegan." in markup


def test_a_short_phrase_alone_over_a_long_paragraph_is_its_label_but_not_a_run_of_short_lines() -> None:
    from pipeline.sheets.roles import is_label

    rules = _p("En las rondas de acción dispones, además de tus cartas de acción, de una o dos cartas de especialización.")
    assert is_label(_p("Rondas de acción."), _p("Texto anterior, una frase larga que no es un rótulo."), rules)
    assert not is_label(_p("Comprar un componente."), _p("Investigar un avance tecnológico."), rules)
    assert not is_label(_p("Ese jugador revela su mano entera."), None, rules)  # five words: a sentence
    assert not is_label(_p("Rondas de acción."), None, _p("Corto."))
    assert is_label(_p("Durante la misión:"), None, rules)
    # A title the splitter left in the text, with no stop, between two paragraphs (Leaving Earth's "Suministros 1 vs 5").
    assert is_label(_p("Monedas 1 y 3"), _p("Texto anterior, una frase larga que no es un rótulo."), rules)
    assert not is_label(_p("Cartas de oro 1 y 3"), None, rules)  # six words: a sentence that lost its stop
    assert not is_label(_p("Monedas 1 y 3"), None, _p("Corto"))
    # A longer title left in the text, every longer word capitalised, labels even a short paragraph; a sentence
    # of the same length with a capitalised term does not.
    short = _p("Estas reglas permiten jugar con las fichas sin el mazo.")
    assert is_label(_p("Juego de las Fichas sin el Mazo de Eventos."), None, short)
    assert not is_label(_p("Cada jugador roba una carta del Mazo de Eventos."), None, rules)
