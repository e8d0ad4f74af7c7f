"""Broken lines -> sentences: which lines of a cleaned block belong to one sentence or list item.

The forum copy of a PDF breaks sentences mid-phrase, puts a bullet on a line of its own and leaves page-break
debris ("barco.") on the next line. These helpers only decide groups of line indexes and their joined text;
the cleaner reports every join.
"""
from __future__ import annotations

import re

from pipeline.clean.resources import (
    DANGLING_WORDS,
    LIST_MARKER,
    LONE_BULLET,
)
from pipeline.model import CleaningRecord, CleanLine, LineKind
from pipeline.modelkinds import CleaningAction
from pipeline.structure import hangs_from
from pipeline.structure.notemarks import FOOTNOTE_LINE
from pipeline.structure.patterns import ROMAN_ITEM

# A line this long ending on an article or preposition is prose cut mid-sentence; CUT_WORDS never end one.
MIN_PROSE = 60
CUT_WORDS = frozenset("el la los las un una unos unas de del al a en con por para que y e o u ni su sus".split())
# A line this long without final punctuation is a paragraph broken by the PDF copy, not a heading or item.
LONG_LINE = 150
# "... aplica la última regla descrita en la carta como" / "- . En este caso, ...": a bullet followed by
# punctuation is no list item but what is left of an icon the copy lost (the PDF set it on a line of its
# own). The line carries on the sentence above it, and the hole is marked LOST so no fragment is printed
# as an item and a reader sees that something is missing (the cleaner warns, as for "( )").
ORPHAN_ITEM = re.compile(r"^\s*[-•·*]\s*(?=[.,;:])")
LOST = "[…]"
# "'x' se describe": a line that opens with a quoted word.
QUOTED = re.compile(r"^['\"«“‘]+\w")
QUOTED_LOWER = re.compile(r"^['\"«“‘]+[a-záéíóúüñ]")  # "'x' se describe": no sentence opens on a quoted small letter
# "... un mazo de Equilibrio +" / "Luz; ...": a line that ends on an operator has its other operand below.
OPERATOR_END = ("+", "=", "×")
SENTENCE_END = (".", "!", "?", ":", ";")
TITLE_LINE_WORDS = 6
PROSE_WORDS = 6  # a line of this many words cut without a stop is prose, not a title
SHOUTED_TERM_WORDS = 3  # "DAÑO PURO": words in capitals of one game term
TITLE_CONTINUATIONS = frozenset("de del y e o u en con por para a al sin sobre contra".split())
# A phrase cut before a game term in capitals ends on a word that needs its noun: an article, a preposition or a
# determiner ("... puede atacar a otro" / "CABALLERO o a un MAGO"); "... de cuatro colores" / "PNJ de cartón" is a list.
MID_PHRASE_WORDS = CUT_WORDS | frozenset(
    "otro otra otros otras este esta estos estas ese esa esos esas aquel aquella cada cualquier cualquiera todo toda todos"
    " todas ningún ninguna algún alguna mi mis tu tus nuestro nuestra nuestros nuestras vuestro vuestra sobre contra sin"
    " entre hacia hasta desde tras".split()
)
MAX_ACRONYM = 3  # "PV", "PNJ": a short word in capitals opens a line of its own (a list's item, a sentence)
BRACKET_LINES = 2  # a bracket left open pulls in this many lines at most, and no sentence: a stray "(ver el dibujo" no more


def join_groups(lines: list[str], indexes: list[int]) -> list[list[int]]:
    """Lines of one unit (removed lines between them do not count) that belong to one sentence or item."""
    groups: list[list[int]] = []
    # The length of a group's joined text is counted as lines join it, never measured again: a block of
    # 200,000 broken lines joined anew at every line would cost quadratic time.
    length = 0
    depth = 0  # brackets the group's text opened and has not closed, counted the same way
    pulled = 0  # lines joined while a bracket was left open: it stops pulling after BRACKET_LINES
    for index in indexes:
        text = lines[index].strip()
        last = lines[groups[-1][-1]].strip() if groups else ""
        bracketed = depth > 0 and pulled < BRACKET_LINES
        if groups and (
            hangs_from(lines[groups[-1][0]], lines[index])
            or _continues(length, last, single=len(groups[-1]) == 1, following=text, bracketed=bracketed)
        ):
            groups[-1].append(index)
            length += 1 + len(text)
            opened = depth > 0
            depth = max(depth + text.count("(") - text.count(")"), 0)
            pulled = pulled + 1 if opened and depth else 0
        else:
            groups.append([index])
            length = len(text)
            depth, pulled = max(text.count("(") - text.count(")"), 0), 0
    return groups


def _continues(length: int, last_line: str, *, single: bool, following: str, bracketed: bool = False) -> bool:
    """Whether `following` carries on the sentence or item of a text of `length` characters (stripped) that ends with
    `last_line` (stripped); `single`: the text is that one line (only a line on its own can be a bullet with no text);
    `bracketed`: the text opened a bracket it has not closed."""
    after = following.strip()
    if not after or LONE_BULLET.match(after):
        return False
    if single and LONE_BULLET.match(last_line):
        return True  # a bullet on a line of its own takes the next line as its text
    if ORPHAN_ITEM.match(after) and last_line and last_line[-1].isalnum():
        return True
    if LIST_MARKER.match(after) or ROMAN_ITEM.match(after) or FOOTNOTE_LINE.match(after):
        return False
    if after[0].islower():
        return True  # a sentence (or page-break debris such as "barco.") carried over to the next line
    if _title_goes_on(last_line, after):
        return True
    if QUOTED_LOWER.match(after) and last_line[-1:].isalnum():
        return True  # "... donde el eje" / "'x' se describe ...": a quoted lower-case word carries the sentence on
    if length >= MIN_PROSE and not last_line.endswith(SENTENCE_END) and (
        last_line.endswith(OPERATOR_END) or _closes_bracket(last_line, after)
        or (bracketed and last_line[-1:].isalnum() and not _opens_a_sentence(after))
    ):
        return True  # prose cut before an operand, or inside a bracket it opened ("(por ejemplo: ... una carta de 8" / "ESPADAS a ...")
    if _shouted_term_goes_on(last_line, after):
        return True
    if after[0].isdigit() and length >= MIN_PROSE and last_line[-1:].isalpha() and " | " not in last_line + after:
        return True  # "... puedes cambiar" / "2 fichas de ámbar por...": prose cut before a number
    # A long line cut after a word no sentence ends with ("... unos minutos antes") goes on below.
    last_word = last_line.rsplit(None, 1)[-1].casefold() if last_line else ""
    if length >= LONG_LINE and last_word in DANGLING_WORDS and len(after) >= 80:
        return True
    # A sentence broken before a capitalised game term ("... varias cartas de" / "Camino en la mano.") or a quoted
    # word ("... cuya 'x' e" / "'y' sean la misma."): a line of prose that ends on an article, a preposition or a
    # conjunction cannot end there, whatever the next line starts with.
    opens = after[0].isupper() or bool(QUOTED.match(after))
    return length >= MIN_PROSE and last_word in CUT_WORDS and not last_line.endswith((":", ";")) and opens


def _opens_a_sentence(text: str) -> bool:
    """'Cada jugador roba…': a capitalised word, not a game term in capitals ('ESPADAS a…'), opens a sentence."""
    first = text.split(None, 1)[0]
    return first[:1].isupper() and not _shouted(first)


def _shouted_term_goes_on(last_line: str, after: str) -> bool:
    """'Ahora bien, un CABALLERO puede atacar a otro' / 'CABALLERO o a un MAGO, ...': a line of prose cut mid-phrase,
    then a game term the text writes in capitals ('DAÑO PURO, es decir') and lower-case words after it, which no sentence
    or heading opens with."""
    if len(last_line.split()) < PROSE_WORDS or not last_line[-1:].isalpha():
        return False
    last_word = last_line.rsplit(None, 1)[-1]
    if not (last_word.casefold() in MID_PHRASE_WORDS or _shouted(last_word)):
        return False  # "... de cuatro colores" / "PNJ de cartón": the line before was whole; "... DAÑO" / "LEVE, es decir" goes on
    words = after.split(None, SHOUTED_TERM_WORDS + 1)
    if len(words[0].rstrip(",;")) <= MAX_ACRONYM:
        return False
    shouted = 0
    while shouted < min(len(words) - 1, SHOUTED_TERM_WORDS) and _shouted(words[shouted]):
        shouted += 1
    return shouted > 0 and words[shouted][:1].islower()


def _shouted(word: str) -> bool:
    term = word.rstrip(",;")
    return len(term) >= 2 and term.isalpha() and term.isupper()


def _title_goes_on(last_line: str, after: str) -> bool:
    """'LOS FAROS' / 'DEL NORTE': a title in capitals set over two lines, the second opening with a word no heading
    opens with (a preposition or conjunction: 'EL TURNO' under 'COMPONENTES' is a heading of its own)."""
    first_word = after.split(None, 1)[0].casefold()
    shouted = all(line.isupper() and len(line.split()) <= TITLE_LINE_WORDS for line in (last_line, after))
    return shouted and first_word in TITLE_CONTINUATIONS and not last_line.endswith((*SENTENCE_END, ","))


def titles_joined(kept: list[CleanLine], report: list[CleaningRecord]) -> tuple[list[CleanLine], list[CleaningRecord]]:
    """Kept lines with a title set over two lines ('LOS FAROS' / 'DEL NORTE') made one line, each join reported: the
    recognisers read each half as a heading of its own, so no paragraph joined them."""
    out: list[CleanLine] = []
    for line in kept:
        before = out[-1] if out else None
        if (before is not None and before.kind == line.kind == LineKind.TEXT and line.first == before.last + 1
                and line.text.strip() and before.text.strip() and _title_goes_on(before.text.strip(), line.text.strip())):
            span = f"lines {before.first}-{line.last}"
            report.append(CleaningRecord(before.first, CleaningAction.JOIN, f"title set over two lines joined ({span})", before.text))
            report.append(CleaningRecord(line.first, CleaningAction.JOIN, f"continues line {before.first}; joined ({span})", line.text))
            out[-1] = CleanLine(f"{before.text.rstrip()} {line.text.strip()}", before.first, line.last, before.kind)
        else:
            out.append(line)
    return out, sorted(report, key=lambda record: record.line) if len(out) < len(kept) else report


def _closes_bracket(last_line: str, after: str) -> bool:
    """'(como por ejemplo' / 'Bendición y Maldición) solo ...': the next line closes the bracket the line opened."""
    opened = last_line.count("(") > last_line.count(")")
    close, start = after.find(")"), after.find("(")
    return opened and close > 0 and (start < 0 or close < start)


def joined_text(lines: list[str], group: list[int]) -> str:
    return " ".join([lines[group[0]].rstrip(), *(ORPHAN_ITEM.sub(LOST, lines[index].strip(), count=1) for index in group[1:])])
