"""game.yaml's `options.split` patterns follow corrections.yaml: a pattern that named a line before a correction
changed it still names it after, so correcting a heading a hint names ("^RECOMPENSAS POR CAMPAÑAS$" as a
chapter, a chunk's first line, a card) keeps the structure the hint gave, without the user editing game.yaml.
The correction knows the old text: each corrected line's texts (the line, its title) map back to the old ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from typing import Iterable

from pipeline.model import CorrectedLine
from pipeline.structure import SplitOptions, heading_candidate

# The hints whose patterns are only asked whether they match (run_in's match end cuts its line: not followed).
FOLLOWED = ("chapters", "card_groups", "cards", "not_headings", "chunks")
_CARD_NAME = re.compile(r"^([^:.]{1,40}?)\s*[:.]\s+\S")


@dataclass(frozen=True)
class Followed:
    """A compiled pattern that also matches a corrected text when it matched the text before the correction."""

    compiled: re.Pattern
    pairs: tuple[tuple[str, str], ...]  # (corrected text, the same text before the corrections): hashable, as options are
    before: dict[str, str] = field(init=False, compare=False, hash=False, repr=False)
    hashed: int = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "before", dict(self.pairs))
        object.__setattr__(self, "hashed", hash((self.compiled, self.pairs)))

    def __hash__(self) -> int:
        # The dataclass's own hash, made once: options are hashed on every line the recognisers look at (their
        # lru_cache), and hashing the pairs again each time was a third of a corrected game's find_headings.
        return self.hashed

    @property
    def pattern(self) -> str:
        return self.compiled.pattern

    def search(self, text: str, *args: int) -> re.Match | None:
        found = self.compiled.search(text, *args)
        if found is None and text in self.before:
            return self.compiled.search(self.before[text])
        return found


def follow_corrections(options: SplitOptions, corrected: Iterable[CorrectedLine]) -> SplitOptions:
    """`options` with its matching-only patterns following the corrections (unchanged when none touched a hint's line)."""
    before: dict[str, str] = {}
    for line in corrected:
        for after, old in zip(_texts(line.after, options), _texts(line.before, options)):
            if after and old and after != old:
                before.setdefault(after, old)
    if not before:
        return options
    changes = {}
    for name in FOLLOWED:
        patterns = getattr(options, name)
        if not patterns:
            continue
        changes[name] = tuple(Followed(pattern, tuple(before.items())) for pattern in patterns)
    # A Followed matches as a compiled pattern does (search): SplitOptions' fields take it as one.
    return replace(options, **changes) if changes else options  # type: ignore[arg-type]


def _texts(text: str, options: SplitOptions) -> tuple[str, str, str, str]:
    """The forms of a line the hints are matched against: as written, without a closing colon or stop, its
    heading's title, a card line's name."""
    heading = heading_candidate(text, options=options)
    name = _CARD_NAME.match(text.strip())
    return text.strip(), text.strip().rstrip(":. "), heading.title if heading else "", name.group(1).strip() if name else ""


# The hints checked for use: each names lines (or their titles) of the text; one that names none does nothing.
CHECKED = ("chapters", "card_groups", "cards", "run_in", "not_headings")


def unmatched_hints(lines, options: SplitOptions) -> list[tuple[str, str]]:
    """(hint, pattern) of every `options.split` pattern (but chunks, which split() checks) that matches no line of
    the text in any of the forms it is matched against: a mistake, or a line an edit changed."""
    if not any(getattr(options, name) for name in CHECKED):
        return []
    texts = [line.text.strip() for line in lines if line.text.strip()]
    forms = {form for text in texts for form in _texts(text, options) if form}
    unmatched = []
    for name in CHECKED:
        for pattern in getattr(options, name):
            if name == "run_in":
                used = any(pattern.match(text) for text in texts) if hasattr(pattern, "match") else True
            else:
                used = any(pattern.search(form) for form in forms)
            if not used:
                unmatched.append((name, pattern.pattern))
    return unmatched


def uncorrected_words(corrected: Iterable[CorrectedLine]) -> tuple[tuple[str, str], ...]:
    """(corrected words, the same words as the source wrote them) of every change made inside the lines, longest
    first: a game.yaml sentence pattern (`flavor_sentences`, `narration`) written against the source still names its
    sentence after a correction fixed a word in it (sheets/patterns.py). A word put in or taken out comes with a word
    either side, so that putting it back is anchored to its place."""
    pairs: dict[tuple[str, str], None] = {}
    for line in corrected:
        old, new = line.before.split(), line.after.split()
        for tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
            if tag == "equal":
                continue
            if i1 == i2 or j1 == j2:
                i1, i2, j1, j2 = max(i1 - 1, 0), i2 + 1, max(j1 - 1, 0), j2 + 1
            after, before = " ".join(new[j1:j2]), " ".join(old[i1:i2])
            if after and after != before:
                pairs[after, before] = None
    return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))


def as_written(text: str, pairs: tuple[tuple[str, str], ...]) -> str:
    """`text` with each corrected word put back as the source wrote it (uncorrected_words)."""
    for after, before in pairs:
        if after in text:
            text = text.replace(after, before)
    return text
