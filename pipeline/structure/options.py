"""`options.split` of a game.yaml -> SplitOptions: the per-game heading hints the cleaner and the splitter both read."""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.errors import ConfigError
from pipeline.model import GameInfo


@dataclass(frozen=True)
class SplitOptions:
    """Per-game hints from `options: {split: ...}` in game.yaml (all regular expressions)."""

    chapters: tuple[re.Pattern, ...] = ()  # headings that open a top-level chapter
    card_groups: tuple[re.Pattern, ...] = ()  # sections whose following headings are cards
    cards: tuple[re.Pattern, ...] = ()  # headings (or "Name: text" line starts) that are cards
    run_in: tuple[re.Pattern, ...] = ()  # line starts that are run-in headings ("Ataque.")
    not_headings: tuple[re.Pattern, ...] = ()  # lines that look like headings but are not


SPLIT_FIELDS = ("chapters", "card_groups", "cards", "run_in", "not_headings")


def split_options(game: GameInfo) -> SplitOptions:
    """Read and check `options.split` of a game; a bad entry is a ConfigError naming game.yaml."""
    data = (game.options or {}).get("split") or {}
    display = f"sources/{game.id}/game.yaml"
    line = getattr(data, "line", None) or getattr(game.options, "line", None)
    if not isinstance(data, dict):
        raise ConfigError("options.split: expected a mapping", path=display, line=line)
    unknown = sorted(set(data) - set(SPLIT_FIELDS))
    if unknown:
        raise ConfigError(f"options.split: unknown field {unknown[0]!r} (allowed: {', '.join(SPLIT_FIELDS)})", path=display, line=line)
    compiled: dict[str, tuple[re.Pattern, ...]] = {}
    for name in SPLIT_FIELDS:
        value = data.get(name) or []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ConfigError(f"options.split.{name}: expected a list of regular expressions", path=display, line=line)
        patterns = []
        for item in value:
            try:
                # Chapters match the line as written (an ALL-CAPS chapter title, not a sentence-case
                # list label with the same words); the other hints match the display title in any case.
                patterns.append(re.compile(item) if name == "chapters" else re.compile(item, re.IGNORECASE))
            except re.error as exc:
                raise ConfigError(f"options.split.{name}: bad regular expression {item!r}: {exc}", path=display, line=line) from None
        compiled[name] = tuple(patterns)
    return SplitOptions(**compiled)
