"""The blocks of a worked example that a label opens on a line of its own ("Ejemplo:"), which condensing leaves out.

A sentence-by-sentence reading misses them: the label is one block, the example's situation another ("Una arquera
dispara una carta de 6 flechas:") and its outcomes a list ("• Contra un gigante → le resta 6 puntos"), each of which reads
like a rule on its own.
"""
from __future__ import annotations

from pipeline.model import Section
from pipeline.modelkinds import BlockKind
from pipeline.structure.patterns import EXAMPLE_LABEL


def example_blocks(section: Section) -> frozenset[int]:
    """Indices of the section's blocks that belong to a labelled example: the label, the paragraph after it, and
    the list items that follow (the example ends at the next paragraph after its list, or a table)."""
    found: set[int] = set()
    blocks = section.blocks
    for index, block in enumerate(blocks):
        if block.kind != BlockKind.PARAGRAPH or not EXAMPLE_LABEL.match(block.text):
            continue
        found.add(index)
        after = index + 1
        if after < len(blocks) and blocks[after].kind == BlockKind.PARAGRAPH and blocks[after].text.rstrip().endswith(":"):
            found.add(after)  # the situation the example's list works out
            after += 1
        while after < len(blocks) and blocks[after].kind == BlockKind.ITEM:
            found.add(after)
            after += 1
    return frozenset(found)
