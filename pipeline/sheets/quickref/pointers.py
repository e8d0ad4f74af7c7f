"""The one-line pointer a quickref prints where a section another sheet of its game prints would be (sheets/elsewhere.py)."""
from __future__ import annotations

from pipeline.model import Block, Section
from pipeline.modelkinds import BlockKind, SectionKind

POINTER = "{titles} → hoja «{label}»"


def pointer(sections: list[Section], label: str) -> Section:
    """One untitled section saying where `sections` (consecutive, left to the sheet `label`) are printed."""
    first = sections[0]
    text = POINTER.format(titles=", ".join(section.title.strip() for section in sections), label=label)
    block = Block(BlockKind.PARAGRAPH, text, first.first, sections[-1].last)
    return Section(first.id, "", first.level, SectionKind.RULES, (block,), first.first, sections[-1].last, parent=first.parent)


def is_pointer(section: Section) -> bool:
    """A pointer section (no section of a text is untitled: the splitter titles every one)."""
    return not section.title
