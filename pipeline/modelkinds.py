"""The document model's kinds, typed: what a cleaning record did, what a cleaned line, a section and a block
are, a recognised heading's style, and what a card sheet's panel prints besides blocks.

`StrEnum`s: every member equals its string ("paragraph" == BlockKind.PARAGRAPH), prints as it and travels
through JSON and YAML as it, so a stage result, a recipe's `kind: card` and a cached entry read the same.
Code names a kind by its member, so a misspelt one is a type checker's error, not a branch that never runs.
"""
from __future__ import annotations

from enum import StrEnum


class CleaningAction(StrEnum):
    """What the cleaner did to an input line (the cleaning report's `action` column). `markup`: the line's
    markup (a Markdown, HTML or BBCode source) became structure (heading, item, table row) or went."""

    DROP = "drop"
    DUPLICATE = "duplicate"
    FLAVOR = "flavor"
    NOTE = "note"
    CREDIT = "credit"
    CORRECT = "correct"
    JOIN = "join"
    MARKUP = "markup"


class Artefact(StrEnum):
    """What ingest found an input line to be, for the decisions that ask (a record's `reason` is the report's
    words, and no decision reads them): a printed document's page number, running header or footer or table of
    contents, a wiki page's furniture (the cleaner takes them for signs of a published document or a site's page, not a
    forum's), or a markup element with
    no text (which gives way to another element on its line that gives text)."""

    PAGE_NUMBER = "page-number"
    PAGE_BREAK = "page-break"  # "Página 3" alone on a line: the record's `original` gives the page number
    RUNNING_HEADER = "running-header"
    CONTENTS = "contents"
    WIKI_FURNITURE = "wiki-furniture"  # MediaWiki's own lines: a site's page, no forum's thread
    EMPTY_ELEMENT = "empty-element"


class LineKind(StrEnum):
    """The kind of text a cleaned line carries into the splitter."""

    TEXT = "text"
    FLAVOR = "flavor"
    NOTE = "note"


class SectionKind(StrEnum):
    RULES = "rules"
    FLAVOR = "flavor"
    EXAMPLE = "example"
    CARD = "card"
    TABLE = "table"
    NOTE = "note"
    CREDITS = "credits"


class BlockKind(StrEnum):
    """A block inside a section. A `table` holds rows ("\\n") of cells ("\\t"); a `table-ref` is a numbered table of
    the rulebook whose cells the text lost (its caption and the debris, which a sheet does not print)."""

    PARAGRAPH = "paragraph"
    ITEM = "item"
    TABLE = "table"
    TABLE_REF = "table-ref"
    FORMULA = "formula"
    NOTE = "note"


class HeadingStyle(StrEnum):
    """How a line reads as a heading (structure/styles.py recognises each; split/__init__.py ranks them).
    `label` is a title the context judged a list's label; `preamble` is the splitter's own root."""

    MARKUP = "markup"
    CHAPTER = "chapter"
    PAGE = "page"
    NUMBERED = "numbered"
    LETTERED = "lettered"
    CAPS = "caps"
    TITLE = "title"
    LABEL = "label"
    RUNIN = "runin"
    CARD = "card"
    PREAMBLE = "preamble"


class PanelKind(StrEnum):
    """What a card sheet prints beside the model's block kinds: a sub-heading inside a card ("BÁSICA"), the rest of
    a list item continued on the next panel, the index's group names and entries, and a list's label (roles.py)."""

    HEADING = "heading"
    ITEM_CONT = "item-cont"
    INDEX_HEADING = "index-heading"
    INDEX = "index"
    LABEL = "label"
