"""The sentence patterns a game's recipes give (`flavor_sentences`, `narration`), checked against its text: one
that matches no sentence is a mistake or was left behind by an edit (a correction inside the sentence), and is
reported as a stale correction is: a warning naming game.yaml, its line and the sheet, an error with --strict.
"""

from __future__ import annotations

import re
from pathlib import Path

from pipeline.model import Document

PATTERN_KEYS = ("flavor_sentences", "narration")


def unmatched_patterns(document: Document, sheets, *, game_yaml: Path, display: str) -> list[str]:
    """A message for each recipe pattern (of any sheet, any paper) that matches no sentence of the document."""
    from pipeline.sheets.quickref.condense import sentences

    said = [block.text[start:end] for section in document.sections for block in section.blocks for start, end in sentences(block.text)]
    try:
        lines = game_yaml.read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    problems: list[str] = []
    for sheet in sheets:
        seen: set[tuple[str, str]] = set()
        for recipe in sheet.recipes.values():
            for key in PATTERN_KEYS:
                for pattern in getattr(recipe, key, ()) or ():
                    if (key, pattern) in seen:
                        continue
                    seen.add((key, pattern))
                    compiled = re.compile(pattern, re.IGNORECASE)
                    if any(compiled.search(sentence) for sentence in said):
                        continue
                    line = next((number for number, text in enumerate(lines, start=1) if pattern in text), None)
                    where = f"{display}:{line}" if line else display
                    problems.append(
                        f"{where}: sheet {sheet.name!r}: {key} pattern {pattern!r} matches no sentence of the text (an edit or a"
                        " correction changed the sentence?): fix the pattern or remove it"
                    )
    return problems
