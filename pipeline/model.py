"""The document model: frozen, JSON-friendly dataclasses that flow from stage to stage.

load -> RawText -> clean -> CleanText -> split -> Document -> tag -> Document (with TermHits)
No spaCy or reportlab objects live here, so every stage result can be cached, diffed and asserted.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

# What the cleaner may say about an input line (the cleaning report's `action` column).
CLEANING_ACTIONS = ("drop", "duplicate", "flavor", "note", "credit", "correct", "join")

# Kinds of text a cleaned line carries into the splitter.
LINE_KINDS = ("text", "flavor", "note")

# Kinds of section in the tree.
SECTION_KINDS = ("rules", "flavor", "example", "card", "table", "note", "credits")

# Kinds of block inside a section. A `table` holds rows ("\n") of cells ("\t"); a `table-ref` is a numbered
# table of the rulebook whose cells the text lost (its caption and the debris, which a sheet does not print).
BLOCK_KINDS = ("paragraph", "item", "table", "table-ref", "formula", "note")
TABLE_CELL = "\t"


@dataclass(frozen=True)
class Credits:
    """Who made the translation and where it came from; printed on every sheet."""

    translators: tuple[str, ...] = ()
    source_url: str = ""
    rulebook_url: str = ""
    other: tuple[str, ...] = ()  # e.g. "Descarga del reglamento cortesía de Munny"


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
    options: dict = field(default_factory=dict)  # per-game hints for the stages (validated by each stage)


@dataclass(frozen=True)
class SheetSpec:
    """One sheet to make for a game: its name (file suffix), its template and its recipe."""

    name: str
    template: str = "quickref"
    recipe: dict = field(default_factory=dict)


@dataclass(frozen=True)
class RawText:
    game: str
    path: str
    text: str
    encoding: str
    sha256: str
    warnings: tuple[str, ...] = ()

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")


@dataclass(frozen=True)
class CleaningRecord:
    """One line of the cleaning report: what happened to input line `line` and why."""

    line: int  # 1-based line number in raw.txt
    action: str  # one of CLEANING_ACTIONS
    reason: str
    original: str


@dataclass(frozen=True)
class CleanLine:
    """A line of cleaned text; `first`..`last` are the raw.txt lines it came from (joins span several)."""

    text: str
    first: int
    last: int
    kind: str = "text"  # one of LINE_KINDS


@dataclass(frozen=True)
class CleanText:
    game: str
    lines: tuple[CleanLine, ...]
    report: tuple[CleaningRecord, ...]
    credits: Credits = field(default_factory=Credits)
    warnings: tuple[str, ...] = ()

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
    kind: str  # one of BLOCK_KINDS
    text: str
    first: int
    last: int
    terms: tuple[TermHit, ...] = ()  # glossary terms in `text`, offsets into `text`
    marker: str = ""  # an item's marker as the list counts it ("1", "a"); "" for a bulleted item
    depth: int = 0  # an item's nesting: 1 for the lettered steps under a numbered one
    header: bool = False  # a table whose first row names its columns

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
    kind: str  # one of SECTION_KINDS
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

    A hit that would cross from one block into the next belongs to neither (it cannot be printed).
    """
    placed = []
    for offset, block in zip(block_offsets(blocks), blocks):
        end = offset + len(block.text)
        mine = tuple(replace(hit, start=hit.start - offset, end=hit.end - offset) for hit in hits if offset <= hit.start and hit.end <= end)
        placed.append(replace(block, terms=mine))
    return tuple(placed)


def block_offsets(blocks: tuple[Block, ...] | list[Block]) -> list[int]:
    """Where each block starts in `block_join(blocks)`: the one place that knows the separator's length."""
    offsets, position = [], 0
    for block in blocks:
        offsets.append(position)
        position += len(block.text) + len(BLOCK_SEPARATOR)
    return offsets


@dataclass(frozen=True)
class Document:
    game: GameInfo
    sections: tuple[Section, ...]
    credits: Credits = field(default_factory=Credits)
    warnings: tuple[str, ...] = ()

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)
