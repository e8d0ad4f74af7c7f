"""Who wrote or translated the text, said in a sentence of its opening prose rather than on a credit line of its own:
'La traducción al español se realizó por Ana Ruiz y Luis Gil.', 'El autor principal del sistema es Marta Soto.',
'Este documento tiene licencia Creative Commons (CC BY-SA)'. Only the text's opening lines are read: further on,
'creado por' and 'de Sarah Newton' are a rule's words or another game's author.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# What ends a name: for whom it was made ("Chema Ruiz para la comunidad hispana"), a bracket, a '·' and what follows;
# only such a phrase ("Jugando en Pareja" is a name whole).
NAME_TAIL = re.compile(
    r"\s+(?:para|en|con|desde)\s+(?:(?:el|la|los|las|todo|toda|nuestr[oa]s?)\s+)?(?:comunidad|foro|web|blog|gente|usuarios|grupo)\b.*$"
    r"|\s+a partir\s.*$|\s*\([^()]*\)|\s+[·•|]\s.*$",
    re.IGNORECASE,
)
# The opening of the text where a document names its makers (counted in lines that hold text).
PREAMBLE_LINES = 40
# 'traducción ... (se) realizó/hizo por', 'traducido/a por', 'traducción a cargo de', 'traducción de X' is no credit.
TRANSLATED_BY = re.compile(
    r"\btraducci[óo]n\b[^.;]{0,80}?\b(?:se\s+)?(?:realiz[óo]|hizo|hicieron|realizaron|(?:fue\s+)?(?:realizada|hecha))\s+por\s+(?P<names>[^.;]+)"
    r"|\btraducci[óo]n\b[^.;]{0,80}?\b(?:corri[óo]|estuvo)\s+a\s+cargo\s+de\s+(?P<charge>[^.;]+)"
    r"|\btraducid[oa]s?\b[^.;]{0,60}?\bpor\s+(?P<by>[^.;]+)",
    re.IGNORECASE,
)
# 'El autor (principal) del sistema X es Ana', 'escrito por Ana', 'diseñado por Ana' (of the text itself).
WRITTEN_BY = re.compile(
    r"\b(?:el|la)\s+(?:autor|autora|dise[ñn]ador|dise[ñn]adora)(?:\s+principal)?\b[^.;,]{0,60}?\bes\s+(?P<names>[^.;]+)"
    r"|\b(?:este|el)\s+(?:documento|juego|reglamento|sistema)\b[^.;]{0,40}?\b(?:escrito|dise[ñn]ado|creado)\s+por\s+(?P<by>[^.;]+)",
    re.IGNORECASE,
)
# 'Las correcciones del texto estuvieron a cargo de Ana', 'revisión de Ana'.
REVISED_BY = re.compile(
    r"\b(?:correcci[óo]n|correcciones|revisi[óo]n)\b[^.;]{0,60}?\b(?:a\s+cargo\s+de|(?:hecha|realizada)s?\s+por)\s+(?P<names>[^.;]+)",
    re.IGNORECASE,
)
LICENCE = re.compile(r"\blicencia\b", re.IGNORECASE)
LICENCE_NAME = re.compile(r"\bCC[\s-]BY(?:[\s-](?:SA|NC|ND))*(?:\s+\d\.\d)?\b|\bCC0\b", re.IGNORECASE)
NAME_SEPARATOR = re.compile(r"\s*,\s*(?:y\s+|e\s+)?|\s+(?:y|e)\s+")
MAX_NAME_WORDS = 5
MAX_NAMES = 6


@dataclass(frozen=True)
class Bylines:
    translators: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    other: tuple[str, ...] = ()  # "Revisión: Ana Ruiz", "Licencia CC BY-SA"

    def __bool__(self) -> bool:
        return bool(self.translators or self.authors or self.other)


def bylines(text: str) -> Bylines:
    """The makers a line of prose names: translators, authors, revisers and the text's licence."""
    translated = TRANSLATED_BY.search(text)
    written = WRITTEN_BY.search(text)
    revised = REVISED_BY.search(text)
    other = [f"Revisión: {', '.join(names)}"] if revised and (names := _names(revised.group("names"))) else []
    licence = LICENCE_NAME.search(text) if LICENCE.search(text) else None
    if licence:
        other.append("Licencia " + _licence_name(licence.group(0)))
    return Bylines(
        translators=_names(_group(translated)),
        authors=_names(_group(written)),
        other=tuple(other),
    )


def _licence_name(found: str) -> str:
    """'CC-BY-SA 4.0', 'cc by-sa' -> 'CC BY-SA 4.0', 'CC BY-SA': as Creative Commons writes them."""
    parts = re.split(r"[\s-]+", found.upper())
    version = [part for part in parts if part[:1].isdigit()]
    terms = [part for part in parts[1:] if not part[:1].isdigit()]
    return " ".join([parts[0], "-".join(terms), *version]).strip()


def _group(found: re.Match[str] | None) -> str:
    if found is None:
        return ""
    return next((value for value in found.groupdict().values() if value), "")


def _names(text: str) -> tuple[str, ...]:
    """'La esquina del rol, Antigona, y Alinel' -> its names, without what follows a name ('para la comunidad', a
    bracket); () when a piece is no name (lower case, long, a phrase)."""
    text = NAME_TAIL.sub("", text).strip(" .,*_")  # "Aitana Berrocal para la comunidad", "Ana (revisión: Luis)"
    names = [name.strip(" .,*_") for name in NAME_SEPARATOR.split(text) if name.strip(" .,*_")]
    if not names or len(names) > MAX_NAMES:
        return ()
    if any(not name[:1].isupper() or len(name.split()) > MAX_NAME_WORDS for name in names):
        return ()
    return tuple(names)
