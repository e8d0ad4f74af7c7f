"""The document model: frozen, JSON-friendly dataclasses that flow from stage to stage.

load -> RawText -> clean -> CleanText -> split -> Document -> tag -> Document (with TermHits)
No spaCy or reportlab objects live here, so every stage result can be cached, diffed and asserted.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# What the cleaner may say about an input line (the cleaning report's `action` column).
CLEANING_ACTIONS = ("drop", "duplicate", "flavor", "note", "credit", "correct", "join")

# Kinds of text a cleaned line carries into the splitter.
LINE_KINDS = ("text", "flavor", "note")

# Kinds of section in the tree.
SECTION_KINDS = ("rules", "flavor", "example", "card", "table", "note", "credits")

# Kinds of block inside a section.
BLOCK_KINDS = ("paragraph", "item", "table", "formula", "note")


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
class CorrectedLine:
    """A cleaned line that corrections.yaml changed: the text before and after, and which entries did it."""

    first: int  # the raw.txt line the cleaned line starts on
    before: str
    after: str
    entries: tuple[int, ...]  # correction numbers (1-based, in file order)
    where: str = ""  # "sources/x/corrections.yaml:12" of the first entry
    keep_id: bool | str = False  # an entry's `keep_id:`: a heading it corrects keeps its section id


@dataclass(frozen=True)
class CleanText:
    game: str
    lines: tuple[CleanLine, ...]
    report: tuple[CleaningRecord, ...]
    credits: Credits = field(default_factory=Credits)
    warnings: tuple[str, ...] = ()
    corrected: tuple[CorrectedLine, ...] = ()

    def as_text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True)
class TermHit:
    """A glossary term found in a section: offsets are into `Section.text` (or the title)."""

    es: str  # the glossary entry's Spanish lemma
    en: str
    start: int
    end: int
    kind: str = ""
    in_title: bool = False


@dataclass(frozen=True)
class Block:
    kind: str  # one of BLOCK_KINDS
    text: str
    first: int
    last: int


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
    terms: tuple[TermHit, ...] = ()

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
            "terms": [
                {"es": hit.es, "en": hit.en, "start": hit.start, "end": hit.end}
                for hit in self.terms
                if not hit.in_title
            ],
            "title_terms": [
                {"es": hit.es, "en": hit.en, "start": hit.start, "end": hit.end}
                for hit in self.terms
                if hit.in_title
            ],
        }


BLOCK_SEPARATOR = "\n\n"


def block_join(blocks: tuple[Block, ...] | list[Block]) -> str:
    """The section text: blocks separated by a blank line, so term offsets address one string."""
    return BLOCK_SEPARATOR.join(block.text for block in blocks)


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

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)
