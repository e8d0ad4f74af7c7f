"""A web table pasted as text, its cells run together on one line: 'NombreValorRojo3 puntosAzul5 puntos'.

A page copied from a browser loses the cells' borders and the spaces between them, but not where one cell ends
and the next begins: a lower-case letter (or a full stop, a closing bracket) glued to a capital ('RojoAzul',
'puntos.Azul'), or a word glued to a number ('Rojo3'). Cut there, the pieces are the cells in reading order; the
table has as many columns as the smallest count that gives a header row of short labels and columns whose cells
agree (every cell a number, or none). Where numbers ran into each other ('(mejor)312º323º'), a first column that
counts its rows ('1º', '2º', '3º'…) still tells them apart: each row starts at the next count. A line that looks run
together but cuts into no such table is left as it is, and the cleaner says so (`looks_run_together`).
"""

from __future__ import annotations

import re

# Where two cells were glued: "rojoAzul", "puntos.Azul", "(envido)Es"; "Rojo3" (a word of two or more letters
# before a number: "d6" and "2d10" are dice, no cells).
GLUED_CAPITAL = re.compile(r"(?<=[a-záéíóúüñ.)])(?=[A-ZÁÉÍÓÚÜÑ¿¡])")
GLUED_NUMBER = re.compile(r"(?<=[A-Za-zÁÉÍÓÚÜÑáéíóúüñ][a-záéíóúüñ])(?=\d)")
# Glued digits ('(mejor)312º323º'): a number run into the next cell's number, no longer cut.
GLUED_DIGITS = re.compile(r"[º%)](?=\d)")
# The first count of a column that counts its rows ("1º (mejor)", "1ª"), not glued to a number before it.
FIRST_COUNT = re.compile(r"(?<!\d)1([ºª])")
# A line with this many glued places is a run-together table, not a name such as "McAllister" in prose.
MIN_GLUED = 4
MAX_COLUMNS = 6
MIN_BODY_ROWS = 2
MAX_HEADER_WORDS = 4


def _glued(text: str) -> int:
    return len(GLUED_CAPITAL.findall(text)) + len(GLUED_NUMBER.findall(text)) + len(GLUED_DIGITS.findall(text))


def looks_run_together(text: str) -> bool:
    """Whether a line reads as table cells run together ('CartaValorRey10 puntosTres10 puntos...')."""
    return _glued(text) >= MIN_GLUED


def run_together_cells(text: str) -> list[list[str]]:
    """The rows of cells (a header row first) of a run-together table line; [] when the line is no such table or
    its cells cannot be told apart."""
    if not looks_run_together(text):
        return []
    pieces = _cut(text)
    if any(not piece for piece in pieces):
        return _counted_rows(text.strip())
    for width in range(2, MAX_COLUMNS + 1):
        if len(pieces) % width or len(pieces) // width < 1 + MIN_BODY_ROWS:
            continue
        rows = [pieces[start : start + width] for start in range(0, len(pieces), width)]
        if _header(rows[0]) and all(_agrees([row[column] for row in rows[1:]]) for column in range(width)):
            return rows
    return _counted_rows(text.strip())


def _cut(text: str) -> list[str]:
    return [piece.strip() for piece in re.split(f"{GLUED_CAPITAL.pattern}|{GLUED_NUMBER.pattern}", text.strip())]


def _counted_rows(text: str) -> list[list[str]]:
    """'PuestoPuntos1º (mejor)312º303º (peor)29' -> [['Puesto', 'Puntos'], ['1º (mejor)', '31'], ['2º', '30'], ...]:
    rows whose first cell counts them (an ordinal, with what its brackets add), found in turn; [] if the line has
    no such count, or its rows do not fill the header's columns."""
    first = FIRST_COUNT.search(text)
    if not first:
        return []
    header, mark = _cut(text[: first.start()]), first.group(1)
    starts, position = [first.start()], first.end()
    while (found := text.find(f"{len(starts) + 1}{mark}", position)) >= 0:
        starts.append(found)
        position = found + len(f"{len(starts)}{mark}")
    if len(header) < 2 or not _header(header) or len(starts) < 1 + MIN_BODY_ROWS:
        return []
    rows = [header]
    for number, (start, end) in enumerate(zip(starts, [*starts[1:], len(text)]), start=1):
        key = re.match(rf"{number}{mark}\s*(?:\([^()]*\))?", text[start:end])
        rest = text[start + key.end() : end].strip() if key else ""
        row = [key.group(0).strip(), *_cut(rest)] if key and rest else []
        if len(row) != len(header) or not all(row):
            return []
        rows.append(row)
    return rows if all(_agrees([row[column] for row in rows[1:]]) for column in range(1, len(header))) else []


def _header(cells: list[str]) -> bool:
    """Column headings: short labels, no numbers, no sentence, none twice."""
    return len(set(cells)) == len(cells) and all(
        len(cell.split()) <= MAX_HEADER_WORDS and not re.search(r"\d", cell) and not cell.endswith(".") for cell in cells
    )


def _agrees(column: list[str]) -> bool:
    """A column's cells are all numbers ('10 puntos') or none is, and a column of numbers holds no sentence."""
    numbers = [cell[:1].isdigit() for cell in column]
    return all(numbers) or not any(numbers)
