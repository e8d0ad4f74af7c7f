"""A table too wide for its column is set as entries, and a short row's last words span the empty cells after them
(sheets/tableentries.py). Synthetic tables."""
from __future__ import annotations

import io

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import SimpleDocTemplate

from pipeline.sheets.flowables import table_flowables
from pipeline.sheets.tableentries import best_form, entry_form, ragged_rows
from pipeline.sheets.tablewidths import RUN_IN, cell_runs

from ..golden_cases import pdf_text

STYLE = ParagraphStyle("t", fontName="Helvetica", fontSize=7.5, leading=9)
NARROW = 175.0  # a quickref column's width in points

# Five columns of prose, as a carrying table sets its loads (synthetic wording).
LOADS = [
    ["Peso llevado", "En la batalla", "Fuera de la batalla", "Estado", "Notas"],
    ["Hasta tu Fuerza", "Sin efecto", "Sin efecto", "Normal", "-"],
    ["Hasta el doble de tu Fuerza", "Un dado menos en las tiradas de ataque y de defensa",
     "Avanzas la mitad de casillas por turno", "Lento", "Descansa una hora tras cada jornada de marcha"],
    ["Más del doble de tu Fuerza", "Dos dados menos en todas las tiradas de la batalla",
     "Avanzas una casilla por turno como mucho", "Agotado", "Descansa dos horas tras cada hora de marcha"],
]


def test_a_short_rows_last_words_span_its_empty_cells_once() -> None:
    rows = [["1", "Tropiezo: pierdes el turno y la siguiente carta.", "", ""], ["2", "Caída", "Tira 1d6", "Pierdes 1d6 de vida."]]
    spread = ragged_rows(rows)
    assert spread[1] == rows[1]
    assert cell_runs(spread[0]) == [(0, 0), (1, 3)]  # printed once, across three columns
    # A label alone, a number last or a full row stays as it is.
    assert ragged_rows([["Fase", "", ""], ["Ronda", "3", ""]]) == [["Fase", "", ""], ["Ronda", "3", ""]]


def test_entries_put_each_label_across_and_its_values_under_it() -> None:
    form = entry_form(LOADS, header=True)
    assert form is not None
    assert form[0] == [f"Peso llevado{RUN_IN}"] * 4 and form[1] == LOADS[0][1:]
    assert form[2] == [f"Hasta tu Fuerza{RUN_IN}"] * 4 and form[3] == LOADS[1][1:]


def test_tables_whose_rows_are_no_entries_keep_their_columns() -> None:
    assert entry_form([["1-3", "4-9", "10"], ["Nada", "Escudo", "Yelmo"]], header=False) is None  # two rows: read down
    assert entry_form([["1", "Trampa", "Pierdes un turno."]] * 4, header=False) is None  # a numbered roll table
    assert entry_form([["Cuerda", "5", "Farol", "10"]] * 4, header=False) is None  # name | price repeated
    assert entry_form([["Robar", "Una carta."]] * 4, header=False) is None  # two columns


def test_a_wide_table_of_prose_prints_as_entries_in_a_column_and_a_short_one_in_its_columns() -> None:
    assert best_form([LOADS, entry_form(LOADS, header=True)], STYLE, NARROW) == 1
    short = [["Carta", "Coste", "Efecto", "Tipo"], *[[f"Carta {n}", str(n), "Roba una", "Acción"] for n in range(1, 5)]]
    assert best_form([short, entry_form(short, header=True)], STYLE, NARROW) == 0


def printed_words(rows: list[list[str]], *, header: bool) -> list[str]:
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=(NARROW + 20, 800), leftMargin=10, rightMargin=10, invariant=1)
    doc.build(table_flowables(rows, STYLE, header=header, escape=str, entries=True))
    return [word for line in pdf_text(out).splitlines() if not line.startswith("===") for word in line.split()]


def test_every_word_of_a_table_set_as_entries_is_printed_once_in_its_rows_order() -> None:
    assert printed_words(LOADS, header=True) == " ".join(" ".join(row) for row in LOADS).split()


def test_a_spanned_cell_is_printed_once() -> None:
    rows = [["1", "Tropiezo: pierdes el turno.", "", ""], ["2", "Caída", "Tira 1d6", "Pierdes vida."], ["3", "Nada", "", ""]]
    assert sorted(printed_words(rows, header=False)) == sorted(" ".join(" ".join(row) for row in rows).split())


def test_a_form_much_taller_than_the_columns_is_not_chosen() -> None:
    """A deck whose long names wrap in their column: as entries a tenth taller and uncramped (chosen); a form more
    than a quarter taller never is, however it reads."""
    deck = [["Valor", "Criatura", "Virtud", "Descripción"],
            *[["Guardián del Alba Eterna", "Guardián", "Paz", "Vela por los suyos y comparte su luz"] for _ in range(7)]]
    entries = entry_form(deck, header=True)
    assert entries is not None and best_form([deck, entries], STYLE, NARROW) == 1
    assert best_form([deck, entries + entries[2:]], STYLE, NARROW) == 0
