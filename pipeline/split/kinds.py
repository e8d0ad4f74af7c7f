"""A section's title and blocks -> its kind (rules, flavor, example, card, table, note, credits)."""

from __future__ import annotations

import re

from pipeline.model import Block
from pipeline.modelkinds import BlockKind, SectionKind
from pipeline.structure.patterns import CREDITS_TITLE

EXAMPLE_TITLE = re.compile(r"^(?:por\s+)?ejemplos?\b", re.IGNORECASE)
# Words of a translator's or collector's note ("Traducción casera...", "cortesía de Munny", "gracias a Munny",
# "gracias a todos"): thanks to someone, not a rule's "gracias a una audaz maniobra".
CREDIT_WORDS = re.compile(
    r"\b(?:(?i:traducci[óo]n|traducido|cortes[íi]a|recogido|ficha en)"
    r"|(?i:gracias)\s+a\s+(?:[A-ZÁÉÍÓÚÑ]|(?i:todos|todas|vosotros|ustedes|quienes|los que|las que|mi|mis|nuestr[oa]s?)\b))"
)
MAX_CREDITS_CHARS = 500


def section_kind(title: str, blocks: tuple[Block, ...], *, card: bool, has_text: bool, has_flavor: bool) -> SectionKind:
    """What a section is, from its title and blocks: a card, an example, credits, flavour, a table, a note, or rules."""
    if card:
        return SectionKind.CARD
    if EXAMPLE_TITLE.match(title):
        return SectionKind.EXAMPLE
    if CREDITS_TITLE.match(title):
        return SectionKind.CREDITS
    if has_flavor and not has_text:
        return SectionKind.FLAVOR
    text = " ".join(block.text for block in blocks)
    if blocks and len(text) <= MAX_CREDITS_CHARS and CREDIT_WORDS.search(text) and all(b.kind == BlockKind.PARAGRAPH for b in blocks):
        return SectionKind.CREDITS
    if blocks and all(block.kind == BlockKind.TABLE for block in blocks):
        return SectionKind.TABLE
    if blocks and all(block.kind == BlockKind.NOTE for block in blocks):
        return SectionKind.NOTE
    return SectionKind.RULES
