"""A roll table of repeated column groups too wide for its column is folded, never cut (sheets/tablefold.py)."""
from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle

from pipeline.sheets.flowables import table_flowables
from pipeline.sheets.tablefold import column_groups, fitting_rows, folded

STYLE = ParagraphStyle("t", fontName="Helvetica", fontSize=7.5, leading=9)
# Synthetic names as long as a d100 spell table's longest ("Antropomorfizar", "Teletransportar").
NAMES = ("Transmogrificar", "Esculpir materia", "Intercambiarse", "Oír susurros")


def d100() -> list[list[str]]:
    return [[cell for part, name in enumerate(NAMES) for cell in (str(n + 25 * part), f"{name} {n}")] for n in range(1, 26)]


def test_a_table_of_number_and_name_pairs_repeats_a_group_of_two_and_others_repeat_none() -> None:
    assert column_groups(d100(), header=False) == 2
    assert column_groups([["1-5", "6-13", "14-17"], ["Daga", "Espada", "Hacha"]], header=True) == 0
    assert column_groups([["Escudo", "10", "Yelmo", "10"], ["Lanza", "10", "Arco", "20"]], header=False) == 0  # names first
    assert column_groups([["Acción", "Coste", "Efecto"], ["Robar", "1", "Una carta"]], header=True) == 0
    header = [["d", "Tesoro", "d", "Tesoro"], ["1", "Copa", "2", "Anillo"]]
    assert column_groups(header, header=True) == 2
    assert column_groups([["d", "Tesoro", "d", "Arma"], ["1", "Copa", "2", "Daga"]], header=True) == 0  # headers differ


def test_folding_keeps_every_entry_in_reading_order() -> None:
    rows = folded(d100(), size=2, header=False)
    assert len(rows) == 50 and all(len(row) == 4 for row in rows)
    entries = [(row[start], row[start + 1]) for half in (rows[:25], rows[25:]) for start in (0, 2) for row in half]
    assert [number for number, _ in entries] == [str(n) for n in range(1, 101)]


def test_a_table_that_fits_is_not_folded() -> None:
    narrow = [row[:4] for row in d100()]
    assert fitting_rows(narrow, STYLE, 300, header=False) == narrow


def test_a_d100_table_in_a_narrow_column_prints_every_entry_with_its_words_whole() -> None:
    table = table_flowables(d100(), STYLE, header=False, escape=str)[1]
    table.wrap(150, 2000)
    made = table.table
    assert made is not None and len(made._cellvalues) == 50
    cells = [cell[0] for row in made._cellvalues for cell in row]
    for cell in cells:
        assert [word for _, words in cell.blPara.lines for word in words] == cell.text.split()  # no word broken
    assert {cell.text for cell in cells} >= {f"{name} {n}" for name in NAMES for n in range(1, 26)}
