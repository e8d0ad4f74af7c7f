"""`options.split` of a game.yaml -> SplitOptions: the per-game heading hints the cleaner and the splitter both read."""
from __future__ import annotations

import re
from functools import partial
from dataclasses import dataclass, field

from pipeline.schema import Fields, regex_problem


@dataclass(frozen=True)
class SplitOptions:
    """Per-game hints from `options: {split: ...}` in game.yaml (all regular expressions)."""

    chapters: tuple[re.Pattern, ...] = ()  # headings that open a top-level chapter
    card_groups: tuple[re.Pattern, ...] = ()  # sections whose following headings are cards
    cards: tuple[re.Pattern, ...] = ()  # headings (or "Name: text" line starts) that are cards
    run_in: tuple[re.Pattern, ...] = ()  # line starts that are run-in headings ("Ataque.")
    not_headings: tuple[re.Pattern, ...] = ()  # lines that look like headings but are not
    # The first lines of the chunks of a text posted out of order, in reading order (split/order.py).
    chunks: tuple[re.Pattern, ...] = ()
    # (hint, pattern, game.yaml line) of every pattern, for the warning about one that matches nothing: no part of
    # what the options mean (moving a hint to another line changes nothing they do).
    lines: tuple[tuple[str, str, int], ...] = field(default=(), compare=False, hash=False)


SPLIT_FIELDS = ("chapters", "card_groups", "cards", "run_in", "not_headings", "chunks")


def read_split_options(fields: Fields) -> SplitOptions:
    """`options.split` of a game.yaml -> SplitOptions: each key a regular expression or a list of them."""
    compiled: dict[str, tuple[re.Pattern, ...]] = {}
    lines: list[tuple[str, str, int]] = []
    for name in SPLIT_FIELDS:
        # Chapters match the line as written (an ALL-CAPS chapter title, not a sentence-case list label
        # with the same words); the other hints match the display title in any case.
        flags = 0 if name in ("chapters", "chunks") else re.IGNORECASE
        patterns = fields.texts(name, single=True, check=partial(regex_problem, flags=flags))
        compiled[name] = tuple(re.compile(pattern, flags) for pattern in patterns)
        lines += fields.text_lines(name)
    fields.finish()
    return SplitOptions(**compiled, lines=tuple(lines))
