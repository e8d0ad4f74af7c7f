"""What the line labeller sees of each cleaned line: its shape, the recognisers' verdicts, its neighbours.

A unit is a non-blank cleaned line; blank lines are not units but their neighbours know of them
(`blank_before`, `blank_after`). Features are strings (crfsuite's attributes): the same line always gives
the same features, so a model's output is a function of the text alone.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from pipeline.structure import Heading, heading_candidate
from pipeline.structure.options import SplitOptions
from pipeline.structure.patterns import BULLET, LETTERED, MARKUP_HEADING, NUMBERED
from pipeline.text import fold, indent_width, is_shouting

# "-Objetivo del juego:", "– Fase de combate": an outline's entry written with a dash, a few capitalised words
# and at most a colon after them (a list item goes on after its colon or ends as a sentence).
OUTLINE_DASH = re.compile(r"^[-–—]\s*[A-ZÁÉÍÓÚÑ][^.:;!?]{0,60}:?$")
URL = re.compile(r"https?://|www\.|\.com\b|\.html?\b", re.IGNORECASE)
WORD = re.compile(r"\w+")
# Context: the features of the lines around a unit that it also sees, under a prefix.
NEIGHBOUR_FEATURES = ("words", "end", "start", "verdict", "caps", "blank_before", "kind")


@dataclass(frozen=True)
class Unit:
    """One cleaned line as the labeller reads it."""

    index: int  # into the cleaned lines
    text: str
    kind: str  # text, flavor, note
    verdict: Heading | None  # what find_headings made of it (in its context)
    blank_before: bool
    blank_after: bool
    indent: int = 0  # leading spaces of the cleaned line (a tab counts 4): a plain text's outline


def units_of(texts: list[str], kinds: list[str], verdicts: list[Heading | None]) -> list[Unit]:
    """The non-blank lines of a cleaned text, with what the recognisers made of each."""
    units = []
    for index, text in enumerate(texts):
        if not text.strip():
            continue
        units.append(
            Unit(
                index=index,
                text=text.strip(),
                kind=kinds[index],
                verdict=verdicts[index],
                blank_before=index == 0 or not texts[index - 1].strip(),
                blank_after=index + 1 >= len(texts) or not texts[index + 1].strip(),
                indent=indent_width(text),
            )
        )
    return units


def _bucket(value: int, edges: tuple[int, ...]) -> str:
    for edge in edges:
        if value <= edge:
            return str(edge)
    return f">{edges[-1]}"


def _char_class(char: str) -> str:
    if char.isupper():
        return "upper"
    if char.islower():
        return "lower"
    if char.isdigit():
        return "digit"
    if char.isspace():
        return "space"
    if char in "#|<>*-•·+¿¡([\"'“«":
        return char
    return "symbol" if not char.isalnum() else "other"


def own_features(unit: Unit, options: SplitOptions) -> dict[str, str]:
    candidate = heading_candidate(unit.text, options=options)
    first, rest = _shape(unit)
    return {**first, "candidate": candidate.style if candidate is not None else "none", **rest}


@lru_cache(maxsize=4096)  # more than the largest game's units (space-alert: ~1,150): a few MB
def _shape(unit: Unit) -> tuple[dict[str, str], dict[str, str]]:
    """What own_features sees of a unit but for the hints (which give only its `candidate`), in its order before and
    after it: remembered, as the splitter and the proof page read the same units with other hints (a followed hint
    is not the game.yaml one), and `watch` reads most of a game's units again on every save. Never mutated."""
    text = unit.text
    bare = MARKUP_HEADING.sub(r"\2", text).strip("*_ ")
    words = WORD.findall(bare)
    capitalised = sum(1 for word in words if word[0].isupper())
    digits = sum(char.isdigit() for char in bare)
    end = bare.rstrip()[-1:] or " "
    markup = MARKUP_HEADING.match(text)
    first = {
        "kind": unit.kind,
        "verdict": unit.verdict.style if unit.verdict is not None else "none",
    }
    rest = {
        "words": _bucket(len(words), (1, 2, 3, 4, 6, 8, 10, 14, 20, 40)),
        "chars": _bucket(len(bare), (10, 20, 40, 60, 80, 120, 200)),
        "end": end if end in ".:?!,;)\"”»" else _char_class(end),
        "start": _char_class(text[0]),
        "bare_start": _char_class(bare[0]) if bare else "none",
        "caps": "all" if is_shouting(bare) else _bucket(round(10 * capitalised / len(words)) if words else 0, (0, 3, 6, 9, 10)),
        "numbered": "yes" if NUMBERED.match(bare) else "no",
        "lettered": "yes" if LETTERED.match(bare) else "no",
        "bullet": "yes" if BULLET.match(text) else "no",
        "markup": str(len(markup.group(1))) if markup else "no",
        "bold": "yes" if text.startswith("**") else "no",
        "table": "yes" if "|" in text or "\t" in text else "no",
        "url": "yes" if URL.search(text) else "no",
        "digits": _bucket(round(10 * digits / max(1, len(bare))), (0, 1, 3, 6, 10)),
        "first_word": fold(words[0]) if words else "none",
        "outline_dash": "yes" if OUTLINE_DASH.match(text) else "no",
        "blank_before": str(unit.blank_before),
        "blank_after": str(unit.blank_after),
    }
    if unit.verdict is not None:
        rest["verdict_depth"] = str(unit.verdict.depth)
    return first, rest


def _outdent(units: list[Unit], position: int) -> str:
    """How the unit's indentation compares with the next unit's: a heading of a plain text's outline stands left of
    its body ("-Turnos:" at one space, its text at two)."""
    if position + 1 >= len(units):
        return "none"
    here, there = units[position].indent, units[position + 1].indent
    return "less" if here < there else "more" if here > there else "same"


def sequence_features(units: list[Unit], options: SplitOptions) -> list[list[str]]:
    """Each unit's features and its neighbours', as crfsuite attribute strings."""
    own = [own_features(unit, options) for unit in units]
    counts = Counter(fold(unit.text) for unit in units)
    total = len(units)
    sequence = []
    for position, (unit, features) in enumerate(zip(units, own)):
        items = [f"{name}={value}" for name, value in features.items()]
        items.append(f"repeated={_bucket(counts[fold(unit.text)], (1, 2, 4))}")
        items.append(f"position={_bucket(round(10 * position / max(1, total - 1)), (0, 1, 3, 7, 9, 10))}")
        if position == 0:
            items.append("first_unit")
        if position == total - 1:
            items.append("last_unit")
        for offset in (-2, -1, 1, 2):
            other = position + offset
            if 0 <= other < total:
                items += [f"{offset}:{name}={own[other][name]}" for name in NEIGHBOUR_FEATURES]
            else:
                items.append(f"{offset}:none")
        items.append(f"indent={_bucket(unit.indent, (0, 1, 3, 8))}")
        outdent = _outdent(units, position)
        items.append(f"outdent={outdent}")
        items.append(f"outdent|end={outdent}|{features['end']}")
        items.append(f"verdict|words={features['verdict']}|{features['words']}")
        items.append(f"end|next_start={features['end']}|{own[position + 1]['start'] if position + 1 < total else 'none'}")
        sequence.append(items)
    return sequence
