"""The sentence patterns a game's recipes give (`flavor_sentences`, `narration`): each matches a sentence as the
sheet prints it (corrected, accents restored) or, failing that, as the source wrote it, so that correcting a typo
in a sentence a pattern names does not print it again. One that matches no sentence either way is a mistake or was
left behind by an edit, and is reported as a stale correction is: a warning naming game.yaml, its line and the
sheet, an error with --strict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from pipeline.learn.sentences import sentences
from pipeline.model import Block, CorrectedLine, Document
from pipeline.split.follow import as_written, uncorrected_words

PATTERN_KEYS = ("flavor_sentences", "narration")


@dataclass(frozen=True)
class SentencePattern:
    """A recipe's pattern, asked of a sentence as printed and then of the same sentence as the source wrote it."""

    compiled: re.Pattern
    written: tuple[tuple[str, str], ...] = ()  # (corrected words, the source's words) of the sentence's block

    def search(self, sentence: str) -> re.Match | None:
        found = self.compiled.search(sentence)
        if found is None and self.written:
            before = as_written(sentence, self.written)
            if before != sentence:
                return self.compiled.search(before)
        return found


def sentence_patterns(patterns: tuple[str, ...]) -> tuple[SentencePattern, ...]:
    return tuple(SentencePattern(re.compile(pattern, re.IGNORECASE)) for pattern in patterns)


def in_block(patterns: tuple[SentencePattern, ...], block: Block, corrected: tuple[CorrectedLine, ...]) -> tuple[SentencePattern, ...]:
    """The patterns as they are asked of `block`'s sentences: knowing the words corrections changed in its lines
    (Document.corrected), and only those, so that another sentence is never read with a typo it did not have."""
    here = [line for line in corrected if block.first <= line.first <= block.last] if patterns else []
    written = uncorrected_words(here) if here else ()
    return tuple(replace(pattern, written=written) for pattern in patterns) if written else patterns


def unmatched_patterns(document: Document, sheets, *, game_yaml: Path, display: str) -> list[str]:
    """A message for each recipe pattern (of any sheet, any paper) that matches no sentence of the document, as
    printed or as the source wrote it."""
    blocks = [block for section in document.sections for block in section.blocks]
    said = [(block, [block.text[start:end] for start, end in sentences(block.text)]) for block in blocks]
    try:
        lines = game_yaml.read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    # Which texts the pattern was asked of: both, when corrections.yaml (or the restored accents) changed any word.
    texts = ("the text, neither as corrected (corrections.yaml, restored accents) nor as the source wrote it"
             if document.corrected else "the text")
    problems: list[str] = []
    for sheet in sheets:
        seen: set[tuple[str, str]] = set()
        for recipe in sheet.recipes.values():
            for key in PATTERN_KEYS:
                for pattern in getattr(recipe, key, ()) or ():
                    if (key, pattern) in seen:
                        continue
                    seen.add((key, pattern))
                    asked = sentence_patterns((pattern,))
                    if any(in_block(asked, block, document.corrected)[0].search(sentence) for block, found in said for sentence in found):
                        continue
                    line = next((number for number, text in enumerate(lines, start=1) if pattern in text), None)
                    where = f"{display}:{line}" if line else display
                    problems.append(
                        f"{where}: sheet {sheet.name!r}: {key} pattern {pattern!r} matches no sentence of {texts}"
                        " (an edit changed the sentence?): fix the pattern or remove it"
                    )
    return problems
