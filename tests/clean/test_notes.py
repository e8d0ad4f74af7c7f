"""Translator's and editor's notes (structure/notemarks.py): every shape is recognised in one place, becomes a note
line (a note block in the section), never a rule, and a sheet prints it whole in its note style.

The wording of every case is our own (synthetic), in the shapes the seeds and the corpus write notes in.
"""
from __future__ import annotations

import pytest

from pipeline.clean import clean
from pipeline.clean.notes import split_inline_note
from pipeline.clean.resources import CleanOptions
from pipeline.ingest.lines import editorial_marks
from pipeline.model import Block, RawText, Section
from pipeline.sheets.quickref.condense import CondenseOptions, condense
from pipeline.split.blocks import build_blocks
from pipeline.structure.heading import readable_title
from pipeline.structure.notemarks import NOTE_OPEN, NOTE_PARAGRAPH

FIXTURE = """Cada jugador roba dos fichas al empezar su turno.

N. del T. En la edición inglesa las fichas se llaman de otra manera; aquí uso el nombre de la caja.

Nota del traductor: he dejado los nombres de los mazos como estaban.

Errata: la carta del puente dice alcance 2; el alcance correcto es 3 y el mazo lleva una de cada.

El reglamento original dice: "ningún tripulante puede llevar armas"

Si la nave salta, mueve el marcador en el turno 4. (Otra vez la versión corta, sin efecto ninguno). Después descarta la carta.

Coloca la tabla junto al tablero (la copia solo conservó la mitad de sus filas) y tira un dado.
"""


def _raw() -> RawText:
    return RawText(game="notas", path="raw.txt", text=FIXTURE, encoding="utf-8", sha256="0")


def _lines() -> list[tuple[str, str]]:
    return [(line.text, line.kind) for line in clean(_raw()).lines if line.text]


def test_each_note_shape_is_a_note_line_and_the_rules_around_it_stay_rules() -> None:
    lines = _lines()
    notes = [text for text, kind in lines if kind == "note"]
    rules = [text for text, kind in lines if kind == "text"]
    assert [note.split()[0] for note in notes] == ["N.", "Nota", "Errata:", "El", "(Otra", "(la"]
    assert notes[-2] == "(Otra vez la versión corta, sin efecto ninguno)."  # a sentence of its own takes its stop
    assert rules == [
        "Cada jugador roba dos fichas al empezar su turno.",
        "Si la nave salta, mueve el marcador en el turno 4. Después descarta la carta.",
        "Coloca la tabla junto al tablero y tira un dado.",
    ]


def test_an_aside_follows_the_paragraph_it_was_taken_from() -> None:
    lines = _lines()
    at = lines.index(("Si la nave salta, mueve el marcador en el turno 4. Después descarta la carta.", "text"))
    assert lines[at + 1] == ("(Otra vez la versión corta, sin efecto ninguno).", "note")


@pytest.mark.parametrize(
    ("text", "notes"),
    [
        ("Roba una carta (n. del t: en inglés, draw) y pasa.", ["(n. del t: en inglés, draw)"]),
        ("Roba una carta (NdT: o coge) y pasa.", ["(NdT: o coge)"]),
        ("Roba una carta (N. del E.: así en la caja) y pasa.", ["(N. del E.: así en la caja)"]),
        ("Roba una carta (errata: dice tres) y pasa.", ["(errata: dice tres)"]),
        ("Roba una carta (en el original, draw) y pasa.", ["(en el original, draw)"]),
        ("Roba una carta [N. del T.: en inglés, draw; o coge] y pasa.", ["[N. del T.: en inglés, draw; o coge]"]),
        ("Roba una carta [NdT: o coge] (n. del t: en inglés, draw).", ["[NdT: o coge]", "(n. del t: en inglés, draw)"]),
        ("Roba una carta [la del mazo] y pasa.", []),  # a rule's own square brackets
        # Not an editor's aside: a rule's own parenthesis, "de nuevo" inside a sentence.
        ("Roba una carta (de nuevo la del mazo) y pasa.", []),
        ("Roba una carta (la del mazo) y pasa.", []),
    ],
)
def test_notes_in_brackets_inside_a_rule(text: str, notes: list[str]) -> None:
    rule, found = split_inline_note(text, CleanOptions())
    assert found == notes
    assert rule.startswith("Roba una carta") and not any(note in rule for note in notes)


@pytest.mark.parametrize(
    ("text", "note"),
    [("N. del T. algo", True), ("Nota de traducción: algo", True), ("**Errata:** algo", True), ("Fe de erratas", True),
     ("Nada de tres", False), ("Nota: roba una carta", False), ("Errata la carta", False)],
)
def test_a_paragraph_that_is_a_note(text: str, note: bool) -> None:
    assert bool(NOTE_PARAGRAPH.match(text)) is note


def test_the_same_words_open_a_note_in_brackets_in_a_heading_and_in_square_brackets() -> None:
    assert NOTE_OPEN.match("(N. del T.: x)") and NOTE_OPEN.match("(nota del traductor, x)")
    assert readable_title("Acoplamientos (n del t. un término francés)") == "Acoplamientos"
    marks = editorial_marks(["[NOTA: una nota del autor]", "[N. del T.: una del traductor]", "[Errata: la carta dice 3]"])
    assert [text for text, _ in marks.values()] == ["Nota: una nota del autor", "N. del T.: una del traductor", "Errata: la carta dice 3"]


def test_a_note_block_is_printed_whole_by_a_condensed_sheet_unless_the_recipe_leaves_notes_out() -> None:
    blocks = build_blocks(list(clean(_raw()).lines))
    assert [block.kind for block in blocks].count("note") == 6
    note = Block(kind="note", text="(Otra vez la versión corta, sin efecto ninguno).", first=1, last=1)
    rule = Block(kind="paragraph", text="Cada jugador roba dos fichas al empezar su turno.", first=1, last=1)
    section = Section(id="turno", title="Turno", level=1, kind="rules", blocks=(rule, note), first=1, last=1)
    (kept,) = condense([section], options=CondenseOptions(roles=True))
    assert [(block.kind, block.text) for block in kept.blocks] == [("paragraph", rule.text), ("note", note.text)]
    (kept,) = condense([section], options=CondenseOptions(roles=True, leave_out_blocks=("note",)))
    assert [block.kind for block in kept.blocks] == ["paragraph"]


def test_a_note_in_square_brackets_goes_with_the_space_before_it_in_linear_time() -> None:
    """'… fichas [N. del T.: …] y …': the note is lifted out with the space before it; a run of 50,000 spaces
    before a bracket costs one pass (no leading space in the pattern tried at every space)."""
    import time

    rule, found = split_inline_note("Toma 60 fichas [N. del T.: el original dice 50] y roba una carta.", CleanOptions())
    assert rule == "Toma 60 fichas y roba una carta." and found == ["[N. del T.: el original dice 50]"]
    started = time.process_time()
    split_inline_note("Toma 60 fichas" + " " * 50_000 + "[x] y roba.", CleanOptions())
    assert time.process_time() - started < 0.2
