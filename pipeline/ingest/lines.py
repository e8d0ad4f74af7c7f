"""The converters' common output: lines of structural plain text, each with its original line, and a record
of what the conversion did to every original line it did not pass on unchanged.

Structure is written one way whatever the source format, the way pipeline.structure reads it:
`## Title` (a heading of level 2), `- item`, `a | b | c` (a table row), `**Run-in.** text`,
`Cita de: NAME` (a quoted post, up to the next blank line), `Página N` (a page break).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from pipeline.model import CleaningRecord
from pipeline.modelkinds import Artefact, CleaningAction
from pipeline.structure.notemarks import BRACKET_NOTE_OPEN
from pipeline.structure.patterns import LEAD_IN

CONTENTS_TITLE = re.compile(r"^(?:[íi]ndice(?: de contenidos?)?|contenidos?|tabla de contenidos?|sumario)\s*:?\s*$", re.IGNORECASE)
# Pictographs (the technical symbols shown as emoji by default too: ⌚ ⌛ ⏩-⏬ ⏰ ⏳), and symbols asked to show
# as emoji (U+FE0F), with their joiners; "★" or "✓" alone stay (icons).
EMOJI = re.compile(
    "[\U0001F000-\U0001FAFF\u2B50\u2B55\u231A\u231B\u23E9-\u23EC\u23F0\u23F3]\uFE0F?|[\u2300-\u23FF\u2600-\u27BF]\uFE0F|[\uFE0F\u200D]"
)
# A word processor's heading style by name (an .odt's, an RTF's): "Heading 1", "Título 2", LibreOffice's "Heading_20_1".
HEADING_STYLE = re.compile(r"^(?:heading|t[ií]tulo|encabezado)(?:_20_|\s|_)?([1-6])$", re.IGNORECASE)
# An image's alt text that only names the file or says "image": no words of the text (HTML's alt, Markdown's ![...]).
IMAGE_NAME = re.compile(r"\.(?:png|jpe?g|gif|svg|webp)$|^(?:image|imagen|img|foto)\b", re.IGNORECASE)
SPACES = re.compile(r"[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+")  # HTML whitespace, line breaks included


# An author's marks for the editor, in any format: "[TODO: revisar...]" is a reminder (it goes), "[NOTA: ...]" a
# note set in brackets, maybe over several paragraphs (its text stays, as "Nota: ..."), "@Tabla: Impedimento" a
# caption's tag ("Tabla: Impedimento").
AUTHOR_TODO = re.compile(r"^\s*\[\s*(?:TODO|FIXME|PENDIENTE|POR HACER)\b[^\]]*\]\s*$", re.IGNORECASE)
NOTE_CLOSE = re.compile(r"\](?=[.;]?\s*$)")
MAX_NOTE_LINES = 12  # a bracketed note is a few paragraphs at most: a "]" further down closes something else
CAPTION_TAG = re.compile(r"^(\s*)@([^\W\d_]{3,})\s*:\s*(?=\S)")


def _opened_note(found: re.Match[str]) -> str:
    """"[NOTA: ..." opens as "Nota: ...", a translator's or editor's note ("[N. del T.: ...") with its own words."""
    return f"{found[1]}{(found[2] or 'Nota:').rstrip()} "


def editorial_marks(lines: list[str]) -> dict[int, tuple[str | None, str]]:
    """Index -> (the line without an author's editorial marks, or None when it is only a reminder to the author;
    what was done), for the lines that have any."""
    found: dict[int, tuple[str | None, str]] = {}
    for index, text in enumerate(lines):
        if AUTHOR_TODO.match(text):
            found[index] = None, "an author's reminder ([TODO: ...])"
        elif CAPTION_TAG.match(text):
            found[index] = CAPTION_TAG.sub(r"\1\2: ", text), "a caption's tag (@Tabla:) written as its word"
        elif BRACKET_NOTE_OPEN.match(text):
            close = next(
                (at for at in range(index, min(index + MAX_NOTE_LINES, len(lines)))
                 if NOTE_CLOSE.search(lines[at]) and (at == index or "[" not in lines[at])),
                None,
            )
            if close is None:
                continue
            reason = "a note's brackets ([NOTA: ...]) left out"
            opened = BRACKET_NOTE_OPEN.sub(_opened_note, text)
            found[index] = (NOTE_CLOSE.sub("", opened) if close == index else opened), reason
            if close != index:
                found[close] = NOTE_CLOSE.sub("", lines[close]), reason
    return found


# "<summary>Expandir para ver el ejemplo</summary>": the label of a page's button that shows what it hides. On paper
# nothing is hidden: the label goes (a summary that names what it holds, "Ejemplo de combate", stays).
TOGGLE_LABEL = re.compile(
    r"^\W*(?:(?:haz|hacer)\s+)?(?:clic|click|pulsa|pulsar|toca|tocar)?\W*(?:\w+\s+){0,2}?"
    r"(?:expandir|desplegar|mostrar|ocultar|ver|leer|expand|show|hide|toggle|view)\b",
    re.IGNORECASE,
)


def left_out(text: str, what: str) -> str:
    """A lead-in whose drawing or code went, saying so: "... siguen el mismo patrón: (figura en el original)"."""
    return f"{text.rstrip()} ({what} en el original)"


# The first line of another member's quoted post: "Pepe escribió:", "**Alba** dijo:", "Pepe escribió: ¿Se puede…?"
# (the quoted words may follow the colon on the same line).
QUOTE_AUTHOR = re.compile(r"^(?:\*\*)?(.{2,40}?)(?:\*\*)?\s+(?:escribió|escribio|dijo|wrote)\s*(?::.*)?$", re.IGNORECASE)


def tidy(text: str) -> str:
    """One space between words (no-break and other wide spaces too), none at the ends; no emoji (a converted
    page's decoration, "## 🎲 Preparación": the sheet's fonts have none of them)."""
    return SPACES.sub(" ", EMOJI.sub("", text)).strip()


# A pipe between words inside a cell (Markdown's "&#124;" or "\|", a "|" typed in an HTML cell) is the cell's own
# divider ("Herida: tira 1d6 &#124; 1-3: brazo, 4-6: pierna" is one cell), not a column: ingest's rows split at " | ".
CELL_PIPE = re.compile(r"\s+\|\s+")


def table_row(cells: list[str]) -> str:
    """A table row as the converters write it, "a | b | c": an empty cell as "-", a cell's own pipe as a dash."""
    return " | ".join(CELL_PIPE.sub(" — ", cell.strip("| ")) or "-" for cell in cells)


# An element with no text in it ("<div>", spaces between tags): the line gave nothing, unless a later element on it does.
NO_TEXT = "no text (tags or spaces only)"

@dataclass
class Converted:
    """Lines being written by a converter; `original` are the source file's own lines (for the report)."""

    original: list[str]
    texts: list[str] = field(default_factory=list)
    origins: list[int] = field(default_factory=list)
    records: dict[int, CleaningRecord] = field(default_factory=dict)
    title: str = ""
    date: str = ""  # the day it was published (ISO: "2018-04-13"), from its metadata
    links: list[tuple[str, str]] = field(default_factory=list)
    written: set[int] = field(default_factory=set)  # the original lines `origins` holds, to ask in O(1)
    # "written at line N": lines an element spread over; a line's own record or text, found later, wins.
    spread: dict[int, CleaningRecord] = field(default_factory=dict)
    leads: dict[str, str] = field(default_factory=dict)  # a list item's text -> the bold lead it opens with (inline.render)

    def add(self, text: str, origin: int, *, markup: str = "", through: int = 0) -> None:
        """Write one line taken from original line `origin` (1-based, up to `through` for an element spread
        over several lines); `markup` names what it was written from."""
        if "\n" in text:  # a line is one line: each piece keeps the same original line
            for piece in text.split("\n"):
                self.add(piece, origin, markup=markup, through=through)
            return
        self.texts.append(text)
        self.origins.append(origin)
        self.written.add(origin)
        if markup and text.strip() != self._original(origin).strip():
            if origin in self.records and self.records[origin].artefact == Artefact.EMPTY_ELEMENT:
                del self.records[origin]  # the line's first element was empty; this one is what it gave
            self.records.setdefault(origin, CleaningRecord(origin, CleaningAction.MARKUP, markup, self._original(origin)))
        for number in range(origin + 1, through + 1):
            if self._original(number).strip():
                self.spread.setdefault(
                    number,
                    CleaningRecord(number, CleaningAction.MARKUP, f"{markup or 'text'} written at line {origin}", self._original(number)),
                )

    def blank(self, origin: int = 0) -> None:
        """A paragraph break (one, however many are asked for in a row)."""
        if not self.texts or self.texts[-1]:
            self.texts.append("")
            self.origins.append(origin or (self.origins[-1] if self.origins else 1))

    def drop(self, origin: int, reason: str, artefact: Artefact | None = None) -> None:
        """Original line `origin` gave nothing to the text: say which markup it was."""
        if origin not in self.records or self.records[origin].action != CleaningAction.DROP:
            self.records[origin] = CleaningRecord(origin, CleaningAction.DROP, f"markup: {reason}", self._original(origin), artefact)

    def mark_lead_in(self, what: str) -> None:
        """The last line written announces ("...este patrón:") what is being left out (a drawing, code): say so."""
        last = next((index for index in range(len(self.texts) - 1, -1, -1) if self.texts[index].strip()), None)
        if last is None or not LEAD_IN.search(self.texts[last]) or self.texts[last].lstrip().startswith("#"):
            return
        self.texts[last] = left_out(self.texts[last], what)
        origin = self.origins[last]
        reason = f"lead-in of a {'drawing' if what == 'figura' else 'program'} left out, marked"
        previous = self.records.get(origin)
        if previous is not None and previous.action != CleaningAction.DROP:
            self.records[origin] = replace(previous, reason=f"{previous.reason}; {reason}")
        else:
            self.records[origin] = CleaningRecord(origin, CleaningAction.CORRECT, reason, self._original(origin))

    def drop_empty(self, origin: int) -> None:
        """Original line `origin` holds an element with no text: it gave nothing, unless another element on it
        gives text (one before it, or one after it, whose record takes the place of this one: `add`)."""
        if origin not in self.records and origin not in self.written and origin not in self.spread:
            self.drop(origin, NO_TEXT, Artefact.EMPTY_ELEMENT)

    def contents_entry(self, origin: int) -> None:
        """Original line `origin` is an entry of a table of contents (a link to a heading of the page): it
        goes, and so does the "Índice" heading just written over the entries."""
        self.drop(origin, "table of contents (the sheet has its own structure)")
        last = next((index for index in range(len(self.texts) - 1, -1, -1) if self.texts[index].strip()), None)
        if last is not None and CONTENTS_TITLE.match(self.texts[last].lstrip("# ")):
            self.records[self.origins[last]] = CleaningRecord(
                self.origins[last], CleaningAction.DROP, "markup: table of contents (its title)", self._original(self.origins[last])
            )
            self.texts[last] = ""

    def _original(self, origin: int) -> str:
        return self.original[origin - 1] if 0 < origin <= len(self.original) else ""

    def account(self) -> tuple[CleaningRecord, ...]:
        """A record for every original line that no written line carries: the report misses none."""
        written = set(self.origins[index] for index, text in enumerate(self.texts) if text.strip())
        for number, record in self.spread.items():
            if number not in written and number not in self.records:
                self.records[number] = record  # the line's text went on with an element that began above it
        for number, line in enumerate(self.original, start=1):
            if line.strip() and number not in written and number not in self.records:
                self.records[number] = CleaningRecord(number, CleaningAction.DROP, "markup: nothing of this line is text", line)
        # A line whose text went on gets no 'drop': only lines that gave nothing are dropped.
        for number in written:
            if number in self.records and self.records[number].action == CleaningAction.DROP:
                record = self.records[number]
                self.records[number] = replace(record, action=CleaningAction.MARKUP, reason=record.reason.removeprefix("markup: "))
        return tuple(sorted(self.records.values(), key=lambda record: record.line))
