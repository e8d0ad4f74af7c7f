"""game.yaml's `icons:` -> Icons (every problem at its YAML line), and which icon a printed title or label names.

Plain data only (no reportlab): project.py reads the icons with the rest of game.yaml before any stage
runs; sheets/icons.py draws them. An icon names a title when the title *starts* with one of its `match`
phrases, compared folded and by whole words ("Amenazas blancas", "Impacto · HIT", "Aterrizaje"): a rule
that cannot fire in the middle of a sentence, where an icon would only be noise.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, Iterator
from xml.sax.saxutils import escape

from pipeline.model import Icon
from pipeline.modelkinds import BlockKind
from pipeline.schema import Fields
from pipeline.text import fold

if TYPE_CHECKING:
    from pipeline.sheets.cards.select import CardSet

# What an icon's outline may be; a shape is how the icon reads on a black-and-white copy, with its letter.
SHAPES = ("circle", "square", "rounded", "diamond", "triangle", "hexagon", "octagon", "star", "shield")
MAX_LETTER = 3  # characters: more would not fit inside a body-size symbol
DARK = "#1d1d1d"
LIGHT = "#ffffff"
ICON_NAME_CHARS = "lower-case letters, digits and '-'"


def read_icons(fields: Fields) -> tuple[Icon, ...]:
    """The `icons:` mapping (name -> shape, fill, stroke, letter, ink, match, meaning), each key checked at its line."""
    icons: list[Icon] = []
    claimed: dict[str, str] = {}  # folded match phrase -> the icon that has it
    for name in fields.keys():
        entry = fields.mapping(name)  # a value that is not a mapping is reported here
        if not _is_name(name):
            fields.fail(name, f"icon name {name!r} must be {ICON_NAME_CHARS} (e.g. {fold(name).replace(' ', '-')!r})")
            continue
        if fields.raw(name) is None:
            fields.fail(name, "has no value: give the icon's shape, fill and letter")
        if not isinstance(fields.raw(name), dict):
            continue
        icon = _read_icon(entry, name=name)
        entry.finish()
        if icon is None:
            continue
        for phrase in icon.match:
            key = fold(phrase)
            if key in claimed:
                entry.fail("match", f"{phrase!r} already names the icon {claimed[key]!r}: a title can show one icon")
            claimed.setdefault(key, name)
        icons.append(icon)
    for key in fields.data:
        if not isinstance(key, str):
            fields.fail(str(key), f"icon name {key!r} must be text ({ICON_NAME_CHARS})")
    return tuple(icons)


def _is_name(name: str) -> bool:
    return bool(name) and name[0].isalnum() and all(ch.isascii() and (ch.isalnum() and not ch.isupper() or ch == "-") for ch in name)


def _read_icon(entry: Fields, *, name: str) -> Icon | None:
    shape = entry.choice("shape", SHAPES)
    fill = entry.colour("fill")
    stroke = entry.colour("stroke", None)
    ink = entry.colour("ink", None)
    letter = entry.text("letter", "", empty=True)
    if letter and (len(letter.strip()) > MAX_LETTER or letter != letter.strip()):
        entry.fail("letter", f"{letter!r} must be 1 to {MAX_LETTER} characters without spaces around them (it is drawn inside the symbol)")
        letter = None
    match = entry.texts("match", (), single=True)
    if entry.has("match") and not match and isinstance(entry.raw("match"), list):
        entry.fail("match", "must name at least one word or phrase that a title starts with")
    meaning = entry.text("meaning", None)
    in_text = entry.texts("in_text", (), single=True)
    if shape is None or fill is None or letter is None:
        return None
    match = match or (name.replace("-", " "),)
    return Icon(
        name=name,
        shape=shape,
        fill=fill.lower(),
        stroke=(stroke or _darker(fill)).lower(),
        ink=(ink or (LIGHT if luminance(fill) < 0.5 else DARK)).lower(),
        letter=letter,
        match=tuple(match),
        meaning=meaning or match[0],
        in_text=tuple(in_text),
        line=entry.origin("letter")[1] or entry.line or 0,
    )


def luminance(colour: str) -> float:
    """0 (black) to 1 (white): how light the colour prints on a black-and-white copy (Rec. 601 weights)."""
    red, green, blue = (int(colour[index : index + 2], 16) / 255 for index in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue


def _darker(colour: str) -> str:
    """The outline a fill gets when none is given: the same hue at half its lightness (a white fill gets a dark grey)."""
    if luminance(colour) > 0.85:
        return "#555555"
    return "#" + "".join(f"{int(colour[index : index + 2], 16) // 2:02x}" for index in (1, 3, 5))


NAME_SEPARATOR = " · "  # "Impacto · HIT", "Spinning Saucer · Platillo giratorio": either name may name the icon


def icon_for(icons: Iterable[Icon], text: str) -> Icon | None:
    """The icon whose `match` phrase `text` (or one of its " · " names) starts with, whole words, folded; the longest phrase wins."""
    icons = tuple(icons)
    return _icon_for(icons, text) if icons else None


@lru_cache(maxsize=8192)  # the fit search typesets the same titles and labels at every size it tries
def _icon_for(icons: tuple[Icon, ...], text: str) -> Icon | None:
    names = [fold(part) for part in text.split(NAME_SEPARATOR)]
    best: tuple[int, Icon] | None = None
    for key, icon in _phrases(icons):
        if (best is None or len(key) > best[0]) and any(name == key or name.startswith(key + " ") for name in names):
            best = (len(key), icon)
    return best[1] if best else None


@lru_cache(maxsize=32)
def _phrases(icons: tuple[Icon, ...]) -> tuple[tuple[str, Icon], ...]:
    """(folded match phrase, its icon) for every icon: folded once per game, not per title."""
    return tuple((key, icon) for icon in icons for phrase in icon.match if (key := fold(phrase)))


def icons_named(icons: Iterable[Icon], texts: Iterable[str]) -> list[Icon]:
    """The icons that `texts` (titles, labels, table cells) name, in the order of `icons` (the legend's order)."""
    icons = tuple(icons)
    found = {icon.name for text in texts if (icon := icon_for(icons, text)) is not None} if icons else set()
    return [icon for icon in icons if icon.name in found]


@lru_cache(maxsize=32)  # asked for every paragraph of every fit trial: one pattern per game's icons
def text_pattern(icons: tuple[Icon, ...]) -> tuple[re.Pattern[str] | None, dict[str, Icon]]:
    """One pattern for every `in_text` phrase (escaped as markup, whole words, any case, longest first) and
    the icon of each phrase by its lower-cased markup; (None, {}) when no icon has any."""
    by_phrase = {escape(phrase).casefold(): icon for icon in icons for phrase in icon.in_text}
    if not by_phrase:
        return None, {}
    alternatives = "|".join(re.escape(phrase) for phrase in sorted(by_phrase, key=len, reverse=True))
    return re.compile(f"(?<!\\w)(?:{alternatives})(?!\\w)", re.IGNORECASE), by_phrase


def icons_in_text(icons: Iterable[Icon], texts: Iterable[str]) -> set[str]:
    """The names of the icons whose `in_text` phrases occur in `texts` (plain text)."""
    pattern, by_phrase = text_pattern(tuple(icons))
    if pattern is None:
        return set()
    return {by_phrase[found.group().casefold()].name for text in texts for found in pattern.finditer(escape(text))}


def section_texts(sections: Iterable) -> Iterator[str]:  # model.Section
    """The running text of a quick reference's sections (where `in_text` phrases are looked for)."""
    for section in sections:
        yield from (block.text for block in section.blocks if block.kind != BlockKind.TABLE)


def card_texts(card_set: CardSet) -> Iterator[str]:
    for card in card_set.cards:
        yield from (block.text for block in card.blocks if block.kind != BlockKind.TABLE)


def section_labels(sections: Iterable) -> Iterator[str]:  # model.Section
    """What a quick reference prints where an icon may go: its titles, and its tables' row labels and header names."""
    for section in sections:
        yield section.title
        yield from _table_labels(section.blocks)


def card_labels(card_set: CardSet) -> Iterator[str]:
    """What a card sheet prints where an icon may go: group headings, card names and groups, table labels."""
    for group in card_set.groups or ():
        yield group.heading
    for card in card_set.cards:
        yield from (card.title, card.title_en, card.group)
        yield from _table_labels(card.blocks)


def _table_labels(blocks: Iterable) -> Iterator[str]:
    for block in blocks:
        if block.kind == BlockKind.TABLE:
            rows = block.rows()
            if block.header and rows:
                yield from rows[0]
            yield from (row[0] for row in rows if row)
