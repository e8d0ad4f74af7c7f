"""What a recognised heading is (the Heading value) and how its display title is made from the line."""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.modelkinds import HeadingStyle
from pipeline.structure.lexicon import FUNCTION_WORDS
from pipeline.structure.notemarks import TRANSLATOR_REMARK
from pipeline.structure.patterns import QUOTES, TRAILING_PAREN, TRANSLATION_REMARK
from pipeline.text import is_shouting

# Styles, in the order the splitter ranks them when it builds the tree (split/__init__.py):
# markup (by its depth), chapter, caps, page, numbered, lettered, title, runin, card, label.
STYLES_WITH_BODY = (HeadingStyle.RUNIN, HeadingStyle.CARD)  # the heading shares its line with body text (`Heading.rest`)


@dataclass(frozen=True)
class Heading:
    """A recognised heading: its display title, style, outline depth and the body text left on its line."""

    title: str
    style: HeadingStyle  # markup, chapter, page, numbered, lettered, caps, title, label, runin, card (preamble: the splitter's own)
    depth: int = 1  # numbered outlines: "2.1." -> 2; markup: "### " -> 3
    page: int | None = None
    rest: str = ""  # body text that shares the heading's line (run-in headings, "Name: text" cards)
    card: bool = False  # the heading itself names a card (bilingual keyword, quoted name, YAML hint)
    shout: bool = False  # written in ALL CAPS (a page title in capitals opens a chapter)
    minor: bool = False  # a question or optional-rule title: it nests inside the section it follows
    letter: str = ""  # lettered outlines: "c. Acción" -> "c"
    outline: bool = False  # an entry of the text's own outline, its titles set left of their indented text


# An outline's dash before a heading ("-Criaturas:", "– Fase de juego"), and a banner's frame ("| Mystic |").
OUTLINE_MARK = re.compile(r"^[-–—|]+\s*(?=[^\W\d_])|(?<=\w)\s*\|+$|^\|\s*(?=[\w¿¡])")


def readable_title(text: str) -> str:
    """A heading's display title: no trailing colon/full stop, no enclosing quotes, no remark on the translation,
    ALL CAPS in sentence case."""
    title = TRANSLATOR_REMARK.sub("", text.strip())
    title = TRANSLATION_REMARK.sub("", title) or title  # "Juego de Tronos (traducción no oficial)" -> "Juego de Tronos"
    title = title.strip().rstrip(":.;,").strip()
    title = OUTLINE_MARK.sub("", title) or title  # "-Objetivo del juego", "| Juego de cartas |": the outline's marks
    if len(title) > 1 and title[0] in QUOTES and title[-1] in QUOTES:
        title = title[1:-1].strip()
    if (is_shouting(title) and (len(title.split()) > 1 or len(title) > 4)) or _caps_font(title):  # "FTL" stays an acronym
        lowered = title.lower()
        title = lowered[0].upper() + lowered[1:]
    return re.sub(r"\s+", " ", title)


CASE_FOLD_ARTEFACT = re.compile(r"[a-zá-úñü][A-ZÁ-ÚÑÜ]")  # "AtAQUE", "eLEMENtOS": a lower-case letter before a capital
CAPS_SHARE = 0.6


def _caps_font(title: str) -> bool:
    """A title set in a display font of capitals that the extraction gave in mixed case ("eLEMENtOS del JUEGO",
    "TURNO de CADA JUGADOR"): mostly capitals, and a word cased against itself or only small words in lower case."""
    letters = [char for char in title if char.isalpha()]
    if len(letters) < 4 or sum(char.isupper() for char in letters) < CAPS_SHARE * len(letters):
        return False
    words = re.findall(r"[^\W\d_]+", title)
    if any(CASE_FOLD_ARTEFACT.search(word) for word in words):
        return True
    lowered = [word for word in words if not word.isupper()]
    return bool(lowered) and all(word in FUNCTION_WORDS for word in lowered) and sum(len(word) > 1 for word in words if word.isupper()) >= 2


def card_title(title: str) -> str:
    """A card's name only: quotes and a trailing explanation in brackets go ("'Probe' (sonda)" -> "Probe")."""
    name = TRAILING_PAREN.sub("", title).strip() or title
    name = name.strip(QUOTES + " ").rstrip(":.").strip()
    return name or title
