"""What a game without a title in game.yaml takes from its own text: the document's title, else its first heading.

The title comes from the source's metadata (front matter `title:`, <h1>, <title>, or the one level-1 heading
the converted text has: a Markdown `# X`, a Word Title) when it has some, or
from a heading that opens the text with little under it (a title line, not a chapter). The folder name
("ho-high-moon" -> "Ho High Moon") is the last resort.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pipeline.clean.threads import page_subject, reply_subjects
from pipeline.model import Document, GameInfo, RawText
from pipeline.modelkinds import BlockKind, SectionKind
from pipeline.project import default_title
from pipeline.structure import readable_title
from pipeline.structure.lexicon import ARTICLES, DETERMINERS, FUNCTION_WORDS, SECTION_OPENERS
from pipeline.structure.patterns import MARKUP_HEADING
from pipeline.text import fold

MAX_TITLE_TEXT = 400  # a title heading has at most a short intro under it
MAX_TITLE_CHARS = 90
PREPOSITIONS = frozenset("a al ante con contra de del desde en entre hacia hasta para por segun sin sobre tras".split())
MAX_OPENING_WORDS = 8  # an opening line this short may be the title ("Reglamento de Open Wars")
FIRST_HEADINGS = 3  # the headings a title that names the game's rules may be (a chat's preface may come first)
# "Reglas de X", "Reglamento completo de X", "Cómo jugar al X", "Manual de reglas", "Documento de referencia del
# sistema X": words about the rules, around the game's name; they part a title like a separator.
RULES_OF = re.compile(
    r"\b(?:(?:reglas|reglamento|manual|instrucciones)(?:\s+(?:completas?|completo|b[áa]sicas|r[áa]pid[oa]s?|oficial(?:es)?|de\s+reglas|del\s+juego))*"
    r"(?:\s+(?:de\s+los|de\s+las|del|de))?"
    r"|c[óo]mo\s+(?:se\s+)?(?:jugar?|juega)(?:\s+(?:al|a\s+la|a\s+los|a\s+las|a))?"
    r"|documento\s+de\s+referencia(?:\s+del\s+(?:sistema|juego))?"
    r"|juegos?\s+de\s+(?:cartas|dados|mesa|tablero|rol)(?:\s+(?:de|del))?"
    r"|(?:gu[íi]a|chuleta|hoja|resumen|libro)(?:\s+r[áa]pida)?\s+de\s+reglas(?:\s+(?:de|del))?"
    r"|preguntas\s+frecuentes(?:\s+y\s+aclaraciones)?(?:\s+(?:de|del|sobre))?"
    r"|(?:en|al)\s+(?:espa[ñn]ol|castellano)"
    r"|traducci[óo]n(?:\s+(?:de\s+las\s+reglas|de\s+reglas|del\s+reglamento|reglas))?(?:\s+(?:de|del))?(?=\s*:|\s))\b",
    re.IGNORECASE,
)
# "La Campaña es un juego de cartas...", "La Brisca pertenece a la familia de juegos...", "las reglas oficiales para
# La Generala y El 10.000": a sentence of the opening paragraphs that names the game.
NAME = r"(?:(?:El|La|Los|Las)\s+)?[A-ZÁÉÍÓÚÑ0-9][\w'’.-]*(?:\s+(?:(?:El|La|Los|Las)\s+)?(?:[A-ZÁÉÍÓÚÑ0-9][\w'’.-]*|de|del|y)){0,4}"
DEFINES_GAME = re.compile(
    rf"(?:^|[.!?]\s+)({NAME})\s+(?:es\s+un\s+juego|pertenece\s+a\s+(?:la\s+)?(?:\w+\s+)?familia)\b"
    rf"|\breglas\s+(?:oficiales\s+|completas\s+)?(?:de|del|para)\s+({NAME})"
    rf"|^En\s+({NAME}),?\s+(?:cada\s+jugador|los\s+jugadores|sois|eres)\b"  # "En Carcassonne, los jugadores..."
)
OPENING_PARAGRAPHS = 3  # the paragraphs of the text's opening that may name the game
NAME_SEPARATOR = re.compile(rf"\s+[-–—|]\s+|:\s+|\s*\|\s*|{RULES_OF.pattern}", re.IGNORECASE)
VERSION = re.compile(r"\((?:v(?:ersi[óo]n)?\.?\s*[\d.]+|[^()]*\b(?:edit|beta|borrador)\b)[^()]*\)|\bv\.?\d+(?:\.\d+)*\b", re.IGNORECASE)
PARENTHESES = re.compile(r"\([^()]*\)")
DECORATION = re.compile(r"[^\w\s.,;:'’()¿?¡!&+\-–—|]")  # emoji, stars, frames ('=', '*'): not a name's
# A rulebook's own parts, never a game's name even where a source states one as its title.
RULEBOOK_PARTS = frozenset("introduccion indice resumen contenido contenidos".split())
# Words a section's name goes on with ("Preparación de la partida", "Reglas básicas").
SECTION_WORDS = SECTION_OPENERS | {"partida", "jugador", "jugadores", "ronda", "basicas", "basicos", "avanzadas", "generales"}


def untitled(game: GameInfo) -> bool:
    return game.title_es == default_title(game.id)


def titled(game: GameInfo, title: str) -> GameInfo:
    english = game.title_en if game.title_en != default_title(game.id) else title
    return replace(game, title_es=title, title_en=english)


def title_from_text(raw: RawText, document: Document) -> str:
    """The game's name as its text gives it, or '' when it does not say one.

    A title that says it is the rules of something ("Reglas completas del mus", "Manual de Reglas – La Campaña")
    names the game wherever it stands among the first headings or as the text's opening line; else the metadata's
    title, else a heading that opens the text with little under it. Each is cut to the game's name (`game_name`)."""
    heads = [
        s
        for s in document.sections[:FIRST_HEADINGS]
        if s.title != document.game.title_es and s.kind not in (SectionKind.FLAVOR, SectionKind.CREDITS)
    ]
    stated = stated_title(raw)
    if not raw.title and stated and _heads_the_text(raw, stated) and not about_the_rules(stated) and game_name(stated):
        return game_name(stated)  # "# Lanzas de Cobre" over the whole text names it, before "Reglamento en español · …"
    candidates = [stated] + [section.title for section in heads] + [_opening_line(document), _thread_subject(raw)]
    for candidate in candidates:
        if RULES_OF.search(candidate) and game_name(candidate):
            return game_name(candidate)
    if game_name(stated):
        return game_name(stated)
    if stated and _heads_the_text(raw, stated) and not about_the_rules(stated):
        return game_name(stated, section_words=True)  # "# Juego" over the whole text: its title, however plain
    first = document.sections[0] if document.sections else None
    if first is None or first not in heads or len(first.text) > MAX_TITLE_TEXT or names_a_section(first.title):
        return _defined_name(document)  # the text opens with prose (the preamble) or a chapter, not with a title
    return game_name(first.title) or _defined_name(document)


def _thread_subject(raw: RawText) -> str:
    """The subject a forum thread's replies repeat ('Re: Traducción: Mercaderes del Desierto'), whose first post the
    cleaner may have dropped with its header; else the one its page shows over its count of posts."""
    lines = raw.text.split("\n")
    subjects = reply_subjects(lines)
    return max(set(subjects), key=lambda subject: (subjects.count(subject), subject)) if subjects else page_subject(lines)


def stated_title(raw: RawText) -> str:
    """The title the source states: its metadata's, else its one top-level heading (ingest writes every format's
    as `# X`: Markdown's own, an <h1>, Word's Title style), however much text stands under it. Several are
    chapters (Word's Heading 1 throughout), none of them the title."""
    if raw.title or raw.format in ("", "text"):
        return raw.title
    tops = [found.group(2) for found in map(MARKUP_HEADING.match, raw.text.split("\n")) if found and found.group(1) == "#"]
    return tops[0] if len(tops) == 1 else ""


def _heads_the_text(raw: RawText, stated: str) -> bool:
    """Whether the source's one level-1 heading `stated` is the first heading it has: every other stands below it."""
    first = next((found for found in map(MARKUP_HEADING.match, raw.text.split("\n")) if found), None)
    return first is not None and first.group(1) == "#" and first.group(2) == stated


def about_the_rules(title: str) -> bool:
    """'Reglas básicas', 'Reglamento oficial', 'Índice', 'Introducción': words about the rulebook itself, no game's
    name even as a document's only title ('Juego', 'Combate' may be one)."""
    words = fold(title).split()
    return bool(RULES_OF.search(title)) or not words or words[0] in RULEBOOK_PARTS


def _defined_name(document: Document) -> str:
    """The name a sentence of the text's opening paragraphs gives the game: 'La Campaña es un juego de cartas...'."""
    opening = [[block.text for block in s.blocks if block.kind == BlockKind.PARAGRAPH][:OPENING_PARAGRAPHS] for s in document.sections[:2]]
    said = " ".join(" ".join(paragraphs) for paragraphs in opening)
    for paragraph in (paragraph for paragraphs in opening for paragraph in paragraphs):
        found = DEFINES_GAME.search(paragraph.strip())
        if found and (name := game_name((found.group(1) or found.group(2) or found.group(3)).strip(" .,;:"))):
            # A sentence's capital article is the name's only if the text never writes it small ("en la Brisca").
            article, _, rest = name.partition(" ")
            lowered_in_text = f" {article.lower()} {rest}" in said
            return rest if found.group(1) and article.istitle() and article.lower() in ARTICLES and lowered_in_text else name
    return ""


def _opening_line(document: Document) -> str:
    """The text's first line when it stands alone, short and unstopped ('Reglamento de Open Wars' over the rules)."""
    blocks = document.sections[0].blocks if document.sections else ()
    text = blocks[0].text.strip() if blocks and blocks[0].kind == BlockKind.PARAGRAPH else ""
    alone = "\n" not in text and len(text.split()) <= MAX_OPENING_WORDS and not text.endswith((".", ":", ";", ","))
    return text if alone else ""


def game_name(title: str, *, section_words: bool = False) -> str:
    """A title cut to the game's name: 'Reglamento Completo - Torre de los Pecados' -> 'Torre de los Pecados',
    'Tute Subastado: El Nuevo Juego…' -> 'Tute Subastado', 'JUEGO DE CARTAS MYSTIC' -> 'Mystic'; '' for the name of
    a section ('Reglas básicas') or a title too long to be a name. `section_words`: a name may be a section's
    words, as the one heading a source states over all its others may ('# Juego')."""
    if names_a_section(title) and not section_words:  # "Reglas generales" is no game's
        return ""
    text = DECORATION.sub(" ", VERSION.sub(" ", title))
    text = PARENTHESES.sub(" ", text) if PARENTHESES.sub("", text).strip() else text  # "(Edición de 5 rondas)" is no name
    parts = NAME_SEPARATOR.split(text)
    for part in parts:
        name = " ".join(part.split()).strip(" .,;:-–—")
        opens_phrase = bool(name) and fold(name.split()[0]) in PREPOSITIONS  # "para 2-4 jugadores" names no game
        # "y erratas de cartas", left of "Preguntas frecuentes y erratas…" by a cut: a phrase that joins what was cut
        # off (a piece may open with an article, "la Básica"; a whole title with a word like "ni", "Ni no Kuni")
        opens_phrase = opens_phrase or (len(parts) > 1 and bool(name) and fold(name.split()[0]) in FUNCTION_WORDS - DETERMINERS)
        # "Reseña y" of "Reseña y reglas: X": a phrase cut before what it joins, no name
        opens_phrase = opens_phrase or (bool(name) and fold(name.split()[-1]) in FUNCTION_WORDS)
        if name and not opens_phrase and (section_words or not names_a_section(name)) and any(char.isalpha() for char in name):
            name = readable_title(name)
            name = name[0].upper() + name[1:]
            return name if len(name) <= MAX_TITLE_CHARS else ""
    return ""


def names_a_section(title: str) -> bool:
    """'Introducción', 'El turno', 'Objetivo del juego', 'Reglas del juego': the name of a rulebook's section,
    not of a game ('Reglas de Faro Lejano' names one)."""
    words = [word for word in fold(title).split() if word not in FUNCTION_WORDS]
    return bool(words) and words[0] in SECTION_OPENERS and all(word in SECTION_WORDS for word in words)
