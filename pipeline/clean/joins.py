"""Broken lines -> sentences: which lines of a cleaned block belong to one sentence or list item.

The forum copy of a PDF breaks sentences mid-phrase, puts a bullet on a line of its own and leaves page-break
debris ("barco.") on the next line. These helpers only decide groups of line indexes and their joined text;
the cleaner reports every join.
"""
from __future__ import annotations

from pipeline.clean.resources import (
    DANGLING_WORDS,
    FOOTNOTE_LINE,
    LIST_MARKER,
    LONE_BULLET,
)

# A line this long ending on an article or preposition is prose cut mid-sentence; CUT_WORDS never end one.
MIN_PROSE = 60
CUT_WORDS = frozenset("el la los las un una unos unas de del al a en con por para que y e o u ni su sus".split())
# A line this long without final punctuation is a paragraph broken by the PDF copy, not a heading or item.
LONG_LINE = 150


def join_groups(lines: list[str], indexes: list[int]) -> list[list[int]]:
    """Lines of one unit (removed lines between them do not count) that belong to one sentence or item."""
    groups: list[list[int]] = []
    for index in indexes:
        if groups and continues(joined_text(lines, groups[-1]), lines[index]):
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


def continues(previous: str, following: str) -> bool:
    """Whether `following` carries on the sentence or item that `previous` started."""
    before, after = previous.strip(), following.strip()
    if not after or LONE_BULLET.match(after):
        return False
    if LONE_BULLET.match(before):
        return True  # a bullet on a line of its own takes the next line as its text
    if LIST_MARKER.match(after) or FOOTNOTE_LINE.match(after):
        return False
    if after[0].islower():
        return True  # a sentence (or page-break debris such as "barco.") carried over to the next line
    # A long line cut after a word no sentence ends with ("... unos minutos antes") goes on below.
    last_word = before.rsplit(None, 1)[-1].casefold() if before else ""
    if len(before) >= LONG_LINE and last_word in DANGLING_WORDS and len(after) >= 80:
        return True
    # A sentence broken before a capitalised game term ("... varias cartas de" / "Camino en la mano."): a line
    # of prose that ends on an article or preposition cannot end there, whatever the next line starts with.
    return len(before) >= MIN_PROSE and last_word in CUT_WORDS and not before.endswith((":", ";")) and after[0].isupper()


def joined_text(lines: list[str], group: list[int]) -> str:
    text = lines[group[0]].rstrip()
    for index in group[1:]:
        text = f"{text} {lines[index].strip()}"
    return text
