"""The document model: frozen, JSON-friendly dataclasses that flow from stage to stage.

load -> RawText -> clean -> CleanText -> split -> Document -> tag -> Document (with TermHits)
No spaCy or reportlab objects live here, so every stage result can be cached, diffed and asserted;
`to_data`/`from_data` turn any of them into JSON data and back (the one place that knows how).
"""
from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import Enum
from types import UnionType
from typing import Union, get_args, get_origin, get_type_hints

from pipeline.modelkinds import Artefact, BlockKind, CleaningAction, LineKind, SectionKind

# The kinds a recipe may name (modelkinds.py says what each is).
SECTION_KINDS = tuple(kind.value for kind in SectionKind)
BLOCK_KINDS = tuple(kind.value for kind in BlockKind)
TABLE_CELL = "\t"


@dataclass(frozen=True)
class Credits:
    """Who made the translation and where it came from; printed on every sheet."""

    translators: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()  # who wrote the text (a Spanish original, or the game it translates, as the text says)
    source_url: str = ""
    rulebook_url: str = ""
    other: tuple[str, ...] = ()  # e.g. "Descarga del reglamento cortesía de Munny"
    forum: bool = True  # the text came from a forum thread (an unsigned one is the forum's fans' work)


@dataclass(frozen=True)
class Icon:
    """A small symbol a sheet draws before a title, a table label or an index line that names it
    (a die face, a threat level, a hazard): a shape, its colours and a letter, all from game.yaml."""

    name: str
    shape: str  # one of sheets.icondata.SHAPES
    fill: str  # "#rrggbb"
    stroke: str
    ink: str  # the letter's colour
    letter: str  # 1-3 characters, drawn in the sheet's bold face
    match: tuple[str, ...]  # the words a title or label starts with when it names this icon
    meaning: str  # the legend's words
    in_text: tuple[str, ...] = ()  # phrases of the running text the symbol is drawn before ("símbolo nube")
    line: int = 0  # game.yaml's line of its letter (else of the icon): a letter the sheet's font lacks is reported there


@dataclass(frozen=True)
class GameInfo:
    """What `sources/<id>/game.yaml` says about a game (or the defaults when it is absent)."""

    id: str
    title_es: str
    title_en: str
    publisher: str = ""
    paper: str = "a4"
    sheets: tuple["SheetSpec", ...] = ()
    credits: Credits = field(default_factory=Credits)
    icons: tuple["Icon", ...] = ()  # game.yaml's `icons:` (sheets/icondata.py reads them, sheets/icons.py draws them)
    # Each stage's per-game options and each sheet's recipe are typed objects of project.GameConfig,
    # read with this before any stage runs; the model itself stays plain data.


@dataclass(frozen=True)
class SheetSpec:
    """One sheet to make for a game: its name (file suffix) and its template (its recipe is in sheets.config.SheetConfig)."""

    name: str
    template: str = "quickref"


@dataclass(frozen=True)
class RawText:
    """A translation as lines of plain text (ingest/ turns every source format into this).

    For a plain-text source the lines are the file's own. For a marked-up one (Markdown, HTML, BBCode, PDF, .docx) they are the
    text with its structure written the one way the recogniser reads (`## Title`, `- item`, `a | b` rows, `**Run-in.** text`,
    `Cita de: NAME`, `Página N`): `origins` gives each line's line in the original file and `markup` reports what the conversion
    did to original lines (so the cleaning report still accounts for every one of them).
    """

    game: str
    path: str
    text: str
    encoding: str
    sha256: str
    warnings: tuple[str, ...] = ()
    notices: tuple[str, ...] = ()  # how the file was read ("read as bbcode"): a note, neither counted nor an error
    format: str = "text"  # text, markdown, html, bbcode, pdf, docx, odt, epub, rtf
    origins: tuple[int, ...] = ()  # 1-based original line of each line of `text`; () means the same lines
    markup: tuple["CleaningRecord", ...] = ()  # original lines the conversion dropped or rewrote
    title: str = ""  # the document's own title (front matter, <title>/<h1>), when it has one
    date: str = ""  # the day it was published, as its metadata states it (front matter, a post's date): "2018-04-13"
    links: tuple[tuple[str, str], ...] = ()  # (link text, URL) of the source's links, for the credits
    # The lines `origins` count in, when `text` is a conversion: the file's own (the extracted text's, for a
    # .pdf or .docx). () when `text` is the file's lines. What a person reads beside the cleaning report.
    original: tuple[str, ...] = ()
    leads: tuple[tuple[str, str], ...] = ()  # (a list item's text, the bold lead its markup opens it with)

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    @property
    def original_lines(self) -> list[str]:
        """The lines the cleaning report's line numbers count: the original file's."""
        return list(self.original) if self.original else self.lines

    def origin(self, line: int) -> int:
        """The original file's line for 1-based line `line` of `text`."""
        return self.origins[line - 1] if self.origins and 0 < line <= len(self.origins) else line


@dataclass(frozen=True)
class CleaningRecord:
    """One line of the cleaning report: what happened to input line `line` and why."""

    line: int  # 1-based line number in raw.txt
    action: CleaningAction
    reason: str
    original: str
    artefact: Artefact | None = None  # what ingest found the line to be, where a decision asks (never `reason`)


@dataclass(frozen=True)
class CleanLine:
    """A line of cleaned text; `first`..`last` are the raw.txt lines it came from (joins span several)."""

    text: str
    first: int
    last: int
    kind: LineKind = LineKind.TEXT


@dataclass(frozen=True)
class CorrectedLine:
    """A cleaned line that corrections.yaml changed: the text before and after, and which entries did it."""

    first: int  # the raw.txt line the cleaned line starts on
    before: str
    after: str
    entries: tuple[int, ...]  # correction numbers (1-based, in file order)
    where: str = ""  # "sources/x/corrections.yaml:12" of the first entry
    keep_id: bool | str = True  # the entries' `keep_id:`: a heading they correct keeps its section id (False: takes its new title's)


@dataclass(frozen=True)
class Uncorrected:
    """The cleaner's work before the corrections (they come last): kept lines, report, the lines it read, credits."""

    lines: tuple[CleanLine, ...]
    report: tuple[CleaningRecord, ...]
    raw_lines: tuple[str, ...]  # the raw lines as the cleaner read them (what a correction record quotes)
    credits: Credits = field(default_factory=Credits)


@dataclass(frozen=True)
class CleanText:
    game: str
    lines: tuple[CleanLine, ...]
    report: tuple[CleaningRecord, ...]
    credits: Credits = field(default_factory=Credits)
    warnings: tuple[str, ...] = ()
    corrected: tuple[CorrectedLine, ...] = ()
    notices: tuple[str, ...] = ()  # the source's (RawText.notices)
    leads: tuple[tuple[str, str], ...] = ()  # the source's (RawText.leads)

    def as_text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True)
class TermHit:
    """A glossary term found in a text: `start`..`end` index the text it was found in (a block's or a title)."""

    es: str  # the glossary entry's Spanish lemma
    en: str
    start: int
    end: int
    kind: str = ""


@dataclass(frozen=True)
class Block:
    kind: BlockKind
    text: str
    first: int
    last: int
    terms: tuple[TermHit, ...] = ()  # glossary terms in `text`, offsets into `text`
    marker: str = ""  # an item's marker as the list counts it ("1", "a"); "" for a bulleted item
    depth: int = 0  # an item's nesting: 1 for the lettered steps under a numbered one
    header: bool = False  # a table whose first row names its columns
    lead: str = ""  # an item's opening words its source set in bold ("Robar."): the sheet sets them so

    def rows(self) -> list[list[str]]:
        """A table's cells, every row as wide as the widest."""
        rows = [[cell.strip() for cell in row.split(TABLE_CELL)] for row in self.text.split("\n") if row.strip()]
        width = max((len(row) for row in rows), default=0)
        return [row + [""] * (width - len(row)) for row in rows]


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    level: int
    kind: SectionKind
    blocks: tuple[Block, ...]
    first: int
    last: int
    parent: str | None = None
    page: int | None = None  # source page reference ("Página 25 - ...")
    title_terms: tuple[TermHit, ...] = ()  # glossary terms in `title` (the blocks carry their own)

    @property
    def text(self) -> str:
        return block_join(self.blocks)

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "level": self.level,
            "kind": self.kind,
            "text": self.text,
            "lines": [self.first, self.last],
            "page": self.page,
            "parent": self.parent,
            # Offsets into `text` (the blocks joined), so a JSON reader needs no block arithmetic.
            "terms": [
                {"es": hit.es, "en": hit.en, "start": offset + hit.start, "end": offset + hit.end}
                for offset, block in zip(block_offsets(self.blocks), self.blocks)
                for hit in block.terms
            ],
            "title_terms": [{"es": hit.es, "en": hit.en, "start": hit.start, "end": hit.end} for hit in self.title_terms],
        }

    def text_terms(self) -> tuple[TermHit, ...]:
        """Every term of the section's blocks, in reading order (offsets relative to each block)."""
        return tuple(hit for block in self.blocks for hit in block.terms)


BLOCK_SEPARATOR = "\n\n"


def block_join(blocks: tuple[Block, ...] | list[Block]) -> str:
    """The section text: blocks separated by a blank line."""
    return BLOCK_SEPARATOR.join(block.text for block in blocks)


def place_terms(blocks: tuple[Block, ...] | list[Block], hits: list[TermHit] | tuple[TermHit, ...]) -> tuple[Block, ...]:
    """The blocks carrying the hits found in their joined text (`block_join`), re-based onto each block.

    A hit that would cross from one block into the next belongs to neither (it cannot be printed). Each hit
    is placed by bisection, in the order given: a section of 200,000 paragraphs must not look at every hit
    for every block.
    """
    offsets = block_offsets(blocks)
    mine: list[list[TermHit]] = [[] for _ in blocks]
    for hit in hits:
        index = bisect_right(offsets, hit.start) - 1
        if index >= 0 and hit.end <= offsets[index] + len(blocks[index].text):
            mine[index].append(replace(hit, start=hit.start - offsets[index], end=hit.end - offsets[index]))
    return tuple(replace(block, terms=tuple(terms)) for block, terms in zip(blocks, mine))


def block_offsets(blocks: tuple[Block, ...] | list[Block]) -> list[int]:
    """Where each block starts in `block_join(blocks)`: the one place that knows the separator's length."""
    offsets, position = [], 0
    for block in blocks:
        offsets.append(position)
        position += len(block.text) + len(BLOCK_SEPARATOR)
    return offsets


@dataclass(frozen=True)
class RenamedId:
    """A section id that a correction of its heading changed (a recipe naming the old id is told so)."""

    old: str
    new: str
    where: str  # the correction: "sources/x/corrections.yaml:12"


@dataclass(frozen=True)
class Document:
    game: GameInfo
    sections: tuple[Section, ...]
    credits: Credits = field(default_factory=Credits)
    warnings: tuple[str, ...] = ()
    renamed_ids: tuple[RenamedId, ...] = ()
    corrected: tuple[CorrectedLine, ...] = ()  # the lines corrections (and restored accents) changed: sheets/patterns.py

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)


def sections_json(document: Document) -> str:
    """`sections --json`: every section in reading order, with its text and glossary terms."""
    return json.dumps([section.to_json() for section in document.sections], ensure_ascii=False, indent=2) + "\n"


def outline_text(document: Document) -> str:
    """`sections`: the section tree as an indented outline, one section a line."""
    lines = []
    for section in document.sections:
        indent = "  " * (section.level - 1)
        page = f"  (p. {section.page})" if section.page else ""
        lines.append(f"{indent}{section.title}  [{section.kind}] {section.id}  lines {section.first}-{section.last}{page}\n")
    return "".join(lines)


# --- the model as JSON data (the stage cache stores stage results this way) ----------------------------

_PLAIN_TYPES = frozenset((str, int, float, bool))
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # dataclass -> its field names, in order


def to_data(value):
    """A model value as JSON data: dataclasses become objects of their fields, tuples become lists."""
    if value is None or type(value) in _PLAIN_TYPES:  # most of a document: asked first (a build converts ~50,000 values)
        return value
    names = _FIELD_NAMES.get(type(value))
    if names is None and is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES[type(value)] = tuple(item.name for item in fields(value))
    if names is not None:
        return {name: to_data(getattr(value, name)) for name in names}
    if isinstance(value, (tuple, list)):
        return [to_data(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_data(item) for key, item in value.items()}
    return value


def from_data(cls: type, data: dict, **given):
    """The inverse of `to_data` for dataclass `cls`, checked field by field against its type hints.

    `given` fields are taken as they are (objects that do not travel as JSON, such as a GameInfo whose
    mappings remember their YAML lines). Data that does not fit the types raises TypeError or
    ValueError, so a damaged cache entry is told from a good one.
    """
    if not isinstance(data, dict):
        raise TypeError(f"{cls.__name__}: expected an object, got {type(data).__name__}")
    hints = _hints(cls)
    unknown = set(data) - set(hints)
    if unknown:
        raise ValueError(f"{cls.__name__}: unknown fields {sorted(unknown)}")
    values = {name: _from_data(hints[name], item) for name, item in data.items() if name not in given}
    return cls(**values, **given)


_HINTS: dict[type, dict] = {}


def _hints(cls: type) -> dict:
    """Field name -> resolved type (the annotations are strings: `from __future__ import annotations`)."""
    if cls not in _HINTS:
        resolved = get_type_hints(cls)
        _HINTS[cls] = {item.name: resolved[item.name] for item in fields(cls)}
    return _HINTS[cls]


def _from_data(hint, data):
    origin, args = get_origin(hint), get_args(hint)
    if isinstance(hint, type) and is_dataclass(hint):
        return from_data(hint, data)
    if origin is tuple:  # tuple[X, ...]
        if not isinstance(data, list):
            raise TypeError(f"expected a list, got {type(data).__name__}")
        return tuple(_from_data(args[0], item) for item in data)
    if origin in (Union, UnionType):  # X | None, or plain values of several types (bool | str)
        if data is None and type(None) in args:
            return None
        kinds = [arg for arg in args if arg is not type(None)]
        if len(kinds) > 1:
            if any(isinstance(kind, type) and not is_dataclass(kind) and isinstance(data, kind) for kind in kinds):
                return data
            raise TypeError(f"expected {' or '.join(getattr(kind, '__name__', str(kind)) for kind in kinds)}, got {type(data).__name__}")
        return _from_data(kinds[0], data)
    if origin is dict or hint is dict:
        if not isinstance(data, dict):
            raise TypeError(f"expected an object, got {type(data).__name__}")
        return dict(data)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(data)  # a value it does not list raises ValueError
    if hint in (str, int, float, bool) and not isinstance(data, hint):
        raise TypeError(f"expected {hint.__name__}, got {type(data).__name__}")
    return data
