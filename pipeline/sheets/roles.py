"""What a block or a phrase is to a reader: the label of the list under it, a "Label: text" lead, a bullet standing alone.

The splitter gives a box's contents as a short paragraph ("Especialización." / "Nuevas amenazas:") over
its items; printed as body text the label is lost among the entries, so a sheet sets it in bold, and so
the label that opens a paragraph or a sentence ("Cápsulas de embarque: las cápsulas...", "Nota: ...",
"Degradado: ..."). A bulleted item with no other item beside it is no list: it is printed as a paragraph
(Galaxy Defenders' "Llevar a cabo una Acción" card held a panel of one bullet). Quickref and card sheets ask here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, ClassVar, Protocol, Sequence, TypeVar

from pipeline.modelkinds import BlockKind, PanelKind
from pipeline.text import words

MAX_LABEL_WORDS = 4  # "Sistema de Experiencia.", "Chapas de tripulación.": a label, not a sentence
# A label leading a paragraph or a sentence: a capital, a few words without a stop, a colon, then the text
# (not a quotation: 'Actualmente el reglamento dice: "Dentro de la nave..."' introduces one).
# "ROJAS : MÁS DIFICIL", a colon set off by a space, is a step of a ladder, not a label.
LEAD_LABEL = re.compile(r"(?:^|(?<=[.!?] ))([¿\"“«]?[A-ZÁÉÍÓÚÑÜ][^.:;!?\n]{0,40}?(?<!\s):)(?= [^\s\"“«'‘])")


def label_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of the labels that lead `text` or one of its sentences ("Nota:", "Tropas espaciales:"), colon included."""
    return [match.span(1) for match in LEAD_LABEL.finditer(text) if len(words(match.group(1))) <= MAX_LABEL_WORDS]


def item_spans(text: str, lead: str) -> list[tuple[int, int]]:
    """label_spans of a list item's text, and its bold lead where the source set one ("Robar." of
    "1. **Robar.** Roba dos cartas"; Block.lead) and the text still opens with it."""
    spans = label_spans(text)
    if lead and text.startswith(lead) and not any(start < len(lead) for start, _ in spans):
        spans.insert(0, (0, len(lead)))
    return spans


def is_list_label(block, following) -> bool:
    """A short paragraph ending in '.' or ':' right above an item: the label of the list it opens."""
    text = block.text.strip()
    return (
        block.kind == BlockKind.PARAGRAPH
        and following is not None
        and following.kind == BlockKind.ITEM
        and text.endswith((".", ":"))
        and text[:1].isupper()
        and 0 < len(words(text)) <= MAX_LABEL_WORDS
        and not any(mark in text[:-1] for mark in ".:;?!")  # one phrase: "Tira 1DR. Si sale:" is a rule
    )


LABEL_SHARE = 3  # the paragraph a label heads is at least this many times as long as the label


def is_label(block, before, following) -> bool:
    """The label of what follows: of the list under it (is_list_label), or a short phrase alone over a much
    longer paragraph ("Rondas de acción.", "Durante la misión:", an unstopped "Cartas de oro" over their rules, a title
    left in the text: _titled),
    but not one of a run of short lines (a list that lost its markers: "Comprar un componente." / "Ensamblar una nave.")."""
    if is_list_label(block, following):
        return True
    text = block.text.strip()
    short_before = before is not None and before.kind == BlockKind.PARAGRAPH and len(words(before.text)) <= 2 * MAX_LABEL_WORDS
    short = 0 < len(words(text)) <= MAX_LABEL_WORDS and following is not None and len(following.text) >= LABEL_SHARE * len(text)
    return (
        block.kind == BlockKind.PARAGRAPH
        and following is not None
        and following.kind == BlockKind.PARAGRAPH
        # "Durante la misión:" over the paragraph it heads; or a title the splitter left in the text, unstopped
        # between two paragraphs ("Suministros 1 vs 5")
        and (text.endswith((".", ":")) or text[-1:].isalnum())
        and text[:1].isupper()
        and (short or _titled(text))
        and not any(mark in text[:-1] for mark in ".:;?!")
        and not short_before
    )


TITLE_WORD_LETTERS = 4  # "de", "la", "sin" stay in lower case in a title; "Sistema", "Experiencia" do not
MAX_TITLE_WORDS = 10


def _titled(text: str) -> bool:
    """A longer phrase written as a title, every word of TITLE_WORD_LETTERS letters or more capitalised ("Uso de la
    Especialización sin el Sistema de Experiencia."): a title the splitter left in the text, not a sentence."""
    found = re.findall(r"\w+", text)
    long = [word for word in found if len(word) >= TITLE_WORD_LETTERS]
    return MAX_LABEL_WORDS < len(found) <= MAX_TITLE_WORDS and len(long) >= 3 and all(word[:1].isupper() for word in long)


class _Piece(Protocol):
    """What a list item is read by: a model Block or a card panel's block (dataclasses both)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def kind(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def marker(self) -> str: ...
    @property
    def depth(self) -> int: ...


Piece = TypeVar("Piece", bound=_Piece)


def lone_items_as_paragraphs(blocks: Sequence[Piece]) -> list[Piece]:
    """`blocks` with every bulleted item that has no item before or after it (and opens no list that a
    label or a paragraph ending in ':' announced) turned into a paragraph. Numbered and nested items stay items."""
    result = list(blocks)
    for index, block in enumerate(blocks):
        if block.kind != BlockKind.ITEM or block.marker or block.depth:
            continue
        before = blocks[index - 1] if index else None
        after = blocks[index + 1] if index + 1 < len(blocks) else None
        beside = [other for other in (before, after) if other is not None and other.kind in (BlockKind.ITEM, PanelKind.ITEM_CONT)]
        announced = before is not None and (before.text.rstrip().endswith(":") or is_list_label(before, block))
        if not beside and not announced:
            result[index] = replace(block, kind=BlockKind.PARAGRAPH)
    return result
