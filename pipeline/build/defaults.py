"""What a game without a title in game.yaml takes from its own text: the document's title, else its first heading.

The title comes from the source's metadata (front matter `title:`, <h1>, <title>) when it has some, or
from a heading that opens the text with little under it (a title line, not a chapter). The folder name
("ho-high-moon" -> "Ho High Moon") is the last resort.
"""

from __future__ import annotations

from dataclasses import replace

from pipeline.model import Document, GameInfo, RawText
from pipeline.project import default_title
from pipeline.structure.lexicon import FUNCTION_WORDS, SECTION_OPENERS
from pipeline.text import fold

MAX_TITLE_TEXT = 400  # a title heading has at most a short intro under it
MAX_TITLE_CHARS = 90
# Words a section's name goes on with ("Preparación de la partida", "Reglas básicas").
SECTION_WORDS = SECTION_OPENERS | {"partida", "jugador", "jugadores", "ronda", "basicas", "basicos", "avanzadas", "generales"}


def untitled(game: GameInfo) -> bool:
    return game.title_es == default_title(game.id)


def titled(game: GameInfo, title: str) -> GameInfo:
    english = game.title_en if game.title_en != default_title(game.id) else title
    return replace(game, title_es=title, title_en=english)


def title_from_text(raw: RawText, document: Document | None) -> str:
    """The document's own title, or '' when it does not say one."""
    if raw.title.strip() and len(raw.title) <= MAX_TITLE_CHARS:
        return " ".join(raw.title.split())
    if document is None or not document.sections:
        return ""
    first = document.sections[0]
    if first.title == document.game.title_es or first.kind in ("flavor", "credits") or len(first.title) > MAX_TITLE_CHARS:
        return ""  # the text opens with prose (the preamble), not with a title
    if len(first.text) > MAX_TITLE_TEXT or names_a_section(first.title):
        return ""
    return first.title


def names_a_section(title: str) -> bool:
    """'Introducción', 'El turno', 'Objetivo del juego', 'Reglas del juego': the name of a rulebook's section,
    not of a game ('Reglas de Faro Lejano' names one)."""
    words = [word for word in fold(title).split() if word not in FUNCTION_WORDS]
    return bool(words) and words[0] in SECTION_OPENERS and all(word in SECTION_WORDS for word in words)
