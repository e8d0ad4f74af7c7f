"""The sentence patterns a game's recipes give (`flavor_sentences`, `narration`): each matches a sentence as the
sheet prints it (corrected, accents restored) or, failing that, as the source wrote it, so that correcting a typo
in a sentence a pattern names does not print it again. One that matches no sentence either way is a mistake or was
left behind by an edit, and is reported as a stale correction is: a warning naming game.yaml, its line and the
sheet, an error with --strict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pipeline.learn.sentences import sentences
from pipeline.model import Document
from pipeline.split.follow import as_written

PATTERN_KEYS = ("flavor_sentences", "narration")


@dataclass(frozen=True)
class SentencePattern:
    """A recipe's pattern, asked of a sentence as printed and then of the same sentence as the source wrote it."""

    compiled: re.Pattern
    uncorrected: tuple[tuple[str, str], ...] = ()  # Document.uncorrected

    def search(self, sentence: str) -> re.Match | None:
        found = self.compiled.search(sentence)
        if found is None and self.uncorrected:
            written = as_written(sentence, self.uncorrected)
            if written != sentence:
                return self.compiled.search(written)
        return found


def sentence_patterns(patterns: tuple[str, ...], uncorrected: tuple[tuple[str, str], ...] = ()) -> tuple[SentencePattern, ...]:
    return tuple(SentencePattern(re.compile(pattern, re.IGNORECASE), uncorrected) for pattern in patterns)


def unmatched_patterns(document: Document, sheets, *, game_yaml: Path, display: str) -> list[str]:
    """A message for each recipe pattern (of any sheet, any paper) that matches no sentence of the document, as
    printed or as the source wrote it."""
    said = [block.text[start:end] for section in document.sections for block in section.blocks for start, end in sentences(block.text)]
    try:
        lines = game_yaml.read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    # Which texts the pattern was asked of: both, when corrections.yaml (or the restored accents) changed any word.
    texts = ("the text, neither as corrected (corrections.yaml, restored accents) nor as the source wrote it"
             if document.uncorrected else "the text")
    problems: list[str] = []
    for sheet in sheets:
        seen: set[tuple[str, str]] = set()
        for recipe in sheet.recipes.values():
            for key in PATTERN_KEYS:
                for pattern in getattr(recipe, key, ()) or ():
                    if (key, pattern) in seen:
                        continue
                    seen.add((key, pattern))
                    (compiled,) = sentence_patterns((pattern,), document.uncorrected)
                    if any(compiled.search(sentence) for sentence in said):
                        continue
                    line = next((number for number, text in enumerate(lines, start=1) if pattern in text), None)
                    where = f"{display}:{line}" if line else display
                    problems.append(
                        f"{where}: sheet {sheet.name!r}: {key} pattern {pattern!r} matches no sentence of {texts}"
                        " (an edit changed the sentence?): fix the pattern or remove it"
                    )
    return problems
