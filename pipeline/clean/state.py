"""The cleaner's working state: the raw lines, what has been decided about each, and the blocks being judged."""
from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.clean.resources import CleanOptions
from pipeline.modelkinds import CleaningAction, LineKind
from pipeline.structure import SplitOptions

# What is decided about a unit: kept as a kind of line (text, flavor, note), or removed by an action (drop, credit, duplicate).
UnitKind = LineKind | CleaningAction


@dataclass
class Unit:
    """A block of consecutive text lines (no blank line, no heading inside) judged as a whole."""

    lines: list[int]  # 0-based indexes into the raw lines
    kind: UnitKind = LineKind.TEXT
    reason: str = ""

    @property
    def first(self) -> int:
        return self.lines[0]

    @property
    def last(self) -> int:
        return self.lines[-1]


@dataclass
class State:
    lines: list[str]
    options: CleanOptions
    structure: SplitOptions = field(default_factory=SplitOptions)  # the game's options.split
    fate: dict[int, tuple[CleaningAction, str]] = field(default_factory=dict)  # removed line -> (action, reason)
    post_headers: set[int] = field(default_factory=set)  # lines marked as a forum post's header (its author is judged later)
    headings: set[int] = field(default_factory=set)  # heading lines: never joined, never judged as noise
    openers: set[int] = field(default_factory=set)  # run-in heading lines: they open a block of their own
    units: list[Unit] = field(default_factory=list)
    translators: list[str] = field(default_factory=list)
    authors: list[str] = field(default_factory=list)
    urls: list[tuple[str, str]] = field(default_factory=list)  # (label, url)
    other_credits: list[str] = field(default_factory=list)
    views: dict[str, str | None] = field(default_factory=dict)  # line -> its view for the heading recogniser
