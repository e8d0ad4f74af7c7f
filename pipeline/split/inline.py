"""Structure hidden inside run-on paragraphs -> list and table blocks (forum copies of PDFs lose line breaks).

Each recogniser takes one paragraph and returns the blocks it stands for, or None to leave it alone;
every word of the paragraph stays, in order (only list markers and cell boundaries are added):
- an outline after a colon: "...es la siguiente: Fase de borde Fase de potencia ... a. Naves capitales b. ..."
- "label: value" runs: "...se ve afectado. Aturdimiento: Sin efecto. Herida: ... Mortal: ... Crítico: ..."
- relation runs: "Potencia de fuego ligera 1 Asombroso = 1 muerte 1 Bueno = 1 muerte ..."
- value pairs after a colon: "...a continuación: Daño base Pequeño 2d4m Ligero 3d4m Medio 3d8m"
- arrow chains: "MAS SENCILLO: SOLO BLANCAS -> BLANCAS Y AMARILLAS -> ... -> ROJAS"
and runs of items that open with a count ("1 punto si...", "2 puntos si...") become a table, as do runs that end with
one under a heading row naming it ("Jugada Valor en piedras" / "El Par 1 piedra" / "Las Medias 2 piedras": a table
pasted with spaces for its cells).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from pipeline.model import TABLE_CELL, Block
from pipeline.modelkinds import BlockKind
from pipeline.text import has_debris

CAPITAL = "A-ZÁÉÍÓÚÑ"
# "a. Naves capitales": a lettered step inside a paragraph (the letter after a space, a capital after it).
LETTER_MARK = re.compile(rf"(?:(?<=\s)|^)([a-h])\.\s+(?=[{CAPITAL}])")
# Words after which a capital does not start a new entry ("Fase de Fuego", "Rayos y Proyectiles").
FUNCTION_WORDS = frozenset("de del la las el los y o e u con a al en para por sin su sus".split())
# "Aturdimiento: " after a sentence end: a label of one to three words opening a value.
INLINE_LABEL = re.compile(rf"(?:(?<=[.;!?)»”])\s+|^)([{CAPITAL}][\w\-]*(?:\s[\w\-]+){{0,2}}):\s+(?=\S)")
# " • ": a bullet inside a line, after a space (a middle dot "·" separates names and is left alone).
INLINE_BULLET = re.compile(r"(?:^|\s+)[•▪●]\s+")
# "1 Asombroso = 1 muerte", "Cada golpe = 1 muerte": a conversion between two counted things.
CONVERSION = re.compile(r"(\S+\s+\S+)\s+=\s+(\d+\s+\w+)")
# "Pequeño 2d4m", "Ligero 15%": a name and its value (dice, a number, a percentage).
VALUE = r"(?:\d*d\d+[\w+\-]*|\d+(?:[.,]\d+)?%?)"
VALUE_PAIR = re.compile(rf"([{CAPITAL}][\w\-]*)\s+({VALUE})(?=\s|$)")
ARROW = re.compile(r"\s*(?:->|→)\s*")
# "1 punto si...", "10 puntos si ...": an entry that opens with a count of something.
COUNTED = re.compile(r"^(\d+)\s+(\w+?)(s?)\s+(\S.*)$")
# "Las Medias 2 piedras", "Juego de 31 3 piedras": an entry that ends with a count of something.
COUNTED_LAST = re.compile(r"^(\S.*?)\s+(\d+(?:[.,]\d+)?)\s+([^\W\d_]+?)(s?)$")
MAX_LABEL_WORDS = 6  # a row's label is a name, not a sentence
MIN_ENTRIES = 3
MIN_LABELS = 3


def restructure(blocks: tuple[Block, ...], *, labels: frozenset[str] = frozenset()) -> tuple[Block, ...]:
    """The blocks with every paragraph's hidden structure made explicit; `labels` are value labels the
    document uses in longer runs (a paragraph carrying only one or two of them is the same table)."""
    out: list[Block] = []
    for block in blocks:
        found = _recognise(block, labels) if block.kind == BlockKind.PARAGRAPH else None
        out.extend(found or _bullet_run(block) or [block])
    return tuple(_merge_tables(_column_after_pairs(_counted_last(_counted_items(out)))))


def label_vocabulary(blocks: list[Block]) -> frozenset[str]:
    """Labels that open rows of two or more tables made from label runs (the damage levels of every system)."""
    counts = Counter(row[0] for block in blocks if block.kind == BlockKind.TABLE and not block.header for row in block.rows())
    return frozenset(label for label, count in counts.items() if count >= 2)


def _bullet_run(block: Block) -> list[Block] | None:
    """'• Coloca el tablero. • Cada jugador toma…' (a list whose line breaks a copy lost): one item per bullet,
    the words before the first bullet a paragraph leading in ('Necesitas: • 3 dados • 1 tablero')."""
    least = 2 if block.kind == BlockKind.PARAGRAPH else 1  # an item's own bullet is gone: one more is a run
    if block.kind not in (BlockKind.PARAGRAPH, BlockKind.ITEM) or len(INLINE_BULLET.findall(block.text)) < least:
        return None
    lead, *items = INLINE_BULLET.split(block.text)
    if block.kind == BlockKind.ITEM:
        lead, items = "", [lead, *items]  # the item's own bullet is gone: its first words are the first item
    if any(not item.strip() for item in items):
        return None
    first = [replace(_piece(block, BlockKind.ITEM, items[0], depth=block.depth), marker=block.marker)]
    return _lead(block, lead) + first + [_piece(block, BlockKind.ITEM, item, depth=block.depth) for item in items[1:]]


def _recognise(block: Block, labels: frozenset[str]) -> list[Block] | None:
    if has_debris(block.text):
        return None  # a paragraph with a 100 KB "word" holds no table, and the patterns would rescan the word per letter
    for recogniser in (_outline, _arrow_chain, _conversions, _value_pairs):
        found = recogniser(block)
        if found:
            return found
    return _label_run(block, labels)


def _piece(block: Block, kind: BlockKind, text: str, **fields) -> Block:
    return Block(kind, text.strip(), block.first, block.last, **fields)


def _lead(block: Block, text: str) -> list[Block]:
    return [_piece(block, BlockKind.PARAGRAPH, text)] if text.strip() else []


def _table(block: Block, rows: list[list[str]], *, header: bool = False) -> Block:
    width = max(len(row) for row in rows)
    text = "\n".join(TABLE_CELL.join(row + [""] * (width - len(row))) for row in rows)
    return Block(BlockKind.TABLE, text, block.first, block.last, header=header)


# ------------------------------------------------------------------------------ outlines, chains


def _outline(block: Block) -> list[Block] | None:
    """'...la siguiente: Fase A Fase B a. Paso b. Paso c. Paso Fase C' -> lead, numbered entries, lettered steps."""
    text = block.text
    first_mark = LETTER_MARK.search(text)
    colon = text.rfind(": ", 0, first_mark.start() + 1) if first_mark else -1
    if colon < 0:
        return None
    tail = text[colon + 2 :]
    marks = list(LETTER_MARK.finditer(tail))
    letters = [mark.group(1) for mark in marks]
    if len(marks) < MIN_ENTRIES or re.search(r"[.!?;]", LETTER_MARK.sub(" ", tail)) or not _counts_up(letters):
        return None
    entries: list[tuple[int, str]] = [(0, phrase) for phrase in phrases(tail[: marks[0].start()])]
    for number, mark in enumerate(marks):
        end = marks[number + 1].start() if number + 1 < len(marks) else len(tail)
        step, *after = phrases(tail[mark.end() : end]) or [""]
        entries.append((1, f"{mark.group(1)}\u0000{step}"))
        entries.extend((0, phrase) for phrase in after)
    nested = any(depth == 0 for depth, _ in entries)
    out, count = _lead(block, text[: colon + 1]), 0
    for depth, entry in entries:
        if depth == 1:
            letter, step = entry.split("\u0000")
            out.append(_piece(block, BlockKind.ITEM, step, marker=letter, depth=1 if nested else 0))
        else:
            count += 1
            out.append(_piece(block, BlockKind.ITEM, entry, marker=str(count)))
    return out


def _counts_up(letters: list[str]) -> bool:
    """a, b, c ... (restarting at a for the next step's sub-list)."""
    return letters[0] == "a" and all(b == "a" or ord(b) == ord(a) + 1 for a, b in zip(letters, letters[1:]))


def phrases(text: str) -> list[str]:
    """'Fase de borde Fase de potencia Fase de Fuego' -> ['Fase de borde', 'Fase de potencia', 'Fase de Fuego']:
    a capital after a lower-case word that is not a function word starts the next entry."""
    words = text.split()
    found: list[list[str]] = []
    for index, word in enumerate(words):
        previous = words[index - 1] if index else ""
        starts = word[:1].isupper() and previous[:1].islower() and previous.lower() not in FUNCTION_WORDS
        if not found or starts:
            found.append([])
        found[-1].append(word)
    return [" ".join(phrase) for phrase in found if phrase]


def _arrow_chain(block: Block) -> list[Block] | None:
    """'...la siguiente: FÁCIL: A -> B -> C -> D' -> the lead and the steps, numbered in the chain's order."""
    text = block.text
    first = ARROW.search(text)
    if not first or len(ARROW.findall(text)) < MIN_ENTRIES - 1:
        return None
    colon = text.rfind(": ", 0, first.start())
    lead, chain = (text[: colon + 1], text[colon + 2 :]) if colon >= 0 else ("", text)
    steps = [step.strip() for step in ARROW.split(chain)]
    if len(steps) < MIN_ENTRIES or any(not step or re.search(r"[.!?]\s", step) for step in steps):
        return None
    return _lead(block, lead) + [_piece(block, BlockKind.ITEM, step, marker=str(number)) for number, step in enumerate(steps, start=1)]


# ------------------------------------------------------------------------------ tables in a line


def _label_run(block: Block, labels: frozenset[str]) -> list[Block] | None:
    """'Intro. Aturdimiento: x. Herida: y. Mortal: z.' -> the intro and a table of label | value."""
    marks = list(INLINE_LABEL.finditer(block.text))
    known = len(labels) >= MIN_LABELS and marks and all(mark.group(1) in labels for mark in marks)
    if len(marks) < MIN_LABELS and not known:
        return None
    if len({mark.group(1) for mark in marks}) < len(marks):
        return None  # a label twice is prose ("Nota: ... Nota: ..."), not one row per label
    rows = []
    for number, mark in enumerate(marks):
        end = marks[number + 1].start() if number + 1 < len(marks) else len(block.text)
        rows.append([mark.group(1), block.text[mark.end() : end].strip()])
    return _lead(block, block.text[: marks[0].start()]) + [_table(block, rows)]


def _conversions(block: Block) -> list[Block] | None:
    """'Potencia X 1 Asombroso = 1 muerte 2 Bueno = 1 muerte ... Resto.' -> rows of label | conversions."""
    found = list(CONVERSION.finditer(block.text))
    if len(found) < MIN_ENTRIES:
        return None
    text = block.text
    start = max((text.rfind(mark, 0, found[0].start()) + 2 for mark in (". ", ": ") if mark in text[: found[0].start()]), default=0)
    rows: list[list[str]] = []
    position = start
    for match in found:
        label = text[position : match.start()].strip()
        if label or not rows:
            rows.append([label, match.group(0)])
        else:
            rows[-1][1] += f"; {match.group(0)}"
        position = match.end()
    if any(not row[0] or len(row[0].split()) > 8 for row in rows):
        return None
    return _lead(block, text[:start]) + [_table(block, rows)] + _lead(block, text[position:])


def _value_pairs(block: Block) -> list[Block] | None:
    """'...a continuación: Daño base Pequeño 2d4m Ligero 3d4m Medio 3d8m' -> lead and a two-column table."""
    text = block.text
    colon = text.rfind(": ")
    if colon < 0:
        return None
    tail = text[colon + 2 :]
    pairs = list(VALUE_PAIR.finditer(tail))
    if len(pairs) < MIN_ENTRIES or tail[pairs[-1].end() :].strip():
        return None
    first = pairs[0].start()
    if any(a.end() != b.start() - 1 for a, b in zip(pairs, pairs[1:])):
        return None  # the pairs must follow one another
    heading = tail[:first].strip()
    rows = [["", heading]] if heading else []
    rows += [[pair.group(1), pair.group(2)] for pair in pairs]
    return _lead(block, text[: colon + 1]) + [_table(block, rows, header=bool(heading))]


def _column_after_pairs(blocks: list[Block]) -> list[Block]:
    """A paragraph right after a pairs table that ends in one word per row ('Potencia de fuego base Media
    Pesada S-Pesada ...') is that table's next column, its first words the column's heading."""
    out: list[Block] = []
    for block in blocks:
        previous = out[-1] if out else None
        if previous is not None and previous.kind == BlockKind.TABLE and previous.header and block.kind == BlockKind.PARAGRAPH:
            rows = previous.rows()
            words = block.text.split()
            count = len(rows) - 1
            if count >= MIN_ENTRIES and len(words) > count and len(words) - count <= 6 and not re.search(r"[.:;]", block.text):
                values = words[-count:]
                if all(value[:1].isupper() for value in values):
                    cells = [rows[0] + [" ".join(words[:-count])]] + [row + [value] for row, value in zip(rows[1:], values)]
                    out[-1] = replace(_table(previous, cells, header=True), last=block.last)
                    continue
        out.append(block)
    return out


def _counted_items(blocks: list[Block]) -> list[Block]:
    """Three or more items in a row opening with a count of the same thing ('1 punto si ...', '2 puntos si ...')
    -> a table of count | condition. An item ending in ':' ('7 cartas especiales:') introduces the items under it:
    it ends the run and stays an item, its list with it (a table row would leave them stranded after the table)."""
    out: list[Block] = []
    index = 0
    while index < len(blocks):
        run: list[tuple[Block, re.Match[str]]] = []
        while index + len(run) < len(blocks):
            block = blocks[index + len(run)]
            found = COUNTED.match(block.text) if block.kind == BlockKind.ITEM and not block.marker else None
            if not found or found.group(4).rstrip().endswith(":") or (run and found.group(2).lower() != run[0][1].group(2).lower()):
                break
            run.append((block, found))
        if len(run) >= MIN_ENTRIES:
            rows = [[f"{found.group(1)} {found.group(2)}{found.group(3)}", found.group(4)] for _, found in run]
            out.append(replace(_table(run[0][0], rows), last=run[-1][0].last))
            index += len(run)
            continue
        out.append(blocks[index])
        index += 1
    return out


def _counted_last(blocks: list[Block]) -> list[Block]:
    """A bare item naming two columns ('Jugada Valor en piedras': no number, its last word the unit the rows count)
    over three or more bare items that each end with a count of that unit ('El Par 1 piedra', 'Las Medias 2
    piedras') -> a table with that heading row ('Jugada' | 'Valor en piedras', split at its last capital)."""
    out: list[Block] = []
    index = 0
    while index < len(blocks):
        head = blocks[index]
        run: list[re.Match[str]] = []
        while index + 1 + len(run) < len(blocks):
            block = blocks[index + 1 + len(run)]
            found = COUNTED_LAST.match(block.text.strip()) if block.kind == BlockKind.ITEM and not block.marker else None
            if not found or len(found.group(1).split()) > MAX_LABEL_WORDS or (run and found.group(3).lower() != run[0].group(3).lower()):
                break
            run.append(found)
        header = _count_header(head, run[0].group(3)) if len(run) >= MIN_ENTRIES else None
        if header is None:
            out.append(head)
            index += 1
            continue
        rows = [header] + [[found.group(1), f"{found.group(2)} {found.group(3)}{found.group(4)}"] for found in run]
        out.append(replace(_table(head, rows, header=True), last=blocks[index + len(run)].last))
        index += 1 + len(run)
    return out


def _count_header(block: Block, unit: str) -> list[str] | None:
    """'Jugada Valor en piedras' over rows counting 'piedra' -> ['Jugada', 'Valor en piedras']; None when the block
    is no such heading row (a number in it, another last word, no capital to split at)."""
    words = block.text.split()
    if block.kind != BlockKind.ITEM or block.marker or re.search(r"\d", block.text) or len(words) < 2:
        return None
    if words[-1].lower().rstrip("s") != unit.lower().rstrip("s"):
        return None
    split = max((at for at in range(1, len(words)) if words[at][:1].isupper()), default=0)
    return [" ".join(words[:split]), " ".join(words[split:])] if split else None


def _merge_tables(blocks: list[Block]) -> list[Block]:
    """Consecutive label tables of one width (a system's damage levels split over two lines) are one table."""
    out: list[Block] = []
    for block in blocks:
        previous = out[-1] if out else None
        if (
            previous is not None
            and block.kind == previous.kind == BlockKind.TABLE
            and not block.header
            and not previous.header
            and len(block.rows()[0]) == len(previous.rows()[0]) == 2
        ):
            out[-1] = Block(BlockKind.TABLE, f"{previous.text}\n{block.text}", previous.first, block.last)
            continue
        out.append(block)
    return out
