"""Sections -> the same sections without placeholders, and without a heading that has nothing under it to print.

A draft's section may hold only a placeholder for text still to write ("...", "…basado"): a player reading
«Dificultades» over "...basado" learns nothing, and the headings above it («Tiradas», «Acciones») print as stubs
with no rule under them. A placeholder is a block that opens with an ellipsis and says at most PLACEHOLDER_WORDS
words after it; it is left out, and then every section with no block of its own and no printed subsection.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pipeline.model import Block, Section
from pipeline.modelkinds import BlockKind

PLACEHOLDER_WORDS = 2
PLACEHOLDER = re.compile(r"^\s*(?:\.{3,}|…)\W*(?P<rest>.*?)\W*$", re.DOTALL)


def is_placeholder(block: Block) -> bool:
    """A paragraph or item that is an ellipsis and a word or two at most ("...", "...basado")."""
    if block.kind not in (BlockKind.PARAGRAPH, BlockKind.ITEM, BlockKind.NOTE):
        return False
    match = PLACEHOLDER.match(block.text)
    return match is not None and len(match.group("rest").split()) <= PLACEHOLDER_WORDS


def without_stubs(sections: list[Section]) -> list[Section]:
    """`sections` without placeholder blocks, then without the headings left with nothing to print under them."""
    kept = [replace(section, blocks=tuple(block for block in section.blocks if not is_placeholder(block))) for section in sections]
    return with_something_under(kept)


def with_something_under(sections: list[Section]) -> list[Section]:
    """`sections` without a heading that has no block of its own and no subsection with one."""
    parents = {section.id: section.parent for section in sections}
    printed: set[str] = set()
    for section in sections:
        ancestor = section.id if section.blocks else None
        while ancestor is not None and ancestor not in printed:
            printed.add(ancestor)
            ancestor = parents.get(ancestor)
    return [section for section in sections if section.id in printed]
