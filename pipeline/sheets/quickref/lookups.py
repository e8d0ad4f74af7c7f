"""Whether a sentence only sends the reader elsewhere ("Consulte la TABLA 24.", "Se explica más adelante."): condense
leaves such a sentence out unless it names a section the sheet prints. A sheet has no page 24 nor "later on".

Two shapes, both whole sentences with nothing else in them: an order to look something up ("Consulta la descripción
del resultado en el siguiente apartado.") and a note that something is explained elsewhere ("Algunos logros se
explican con detalle posteriormente."). A sentence that also says what to do ("Consulta la tabla y tira un dado.")
or allows or requires something is a rule and stays.
"""
from __future__ import annotations

import re

from pipeline.text import fold

MAX_WORDS = 20
LOOK_UP = re.compile(
    r"^\W*(?:consulta|consulte|consultad|véase|vease|ver|mira|mire)\s+(?:la|el|los|las|tu|su)\s+"
    r"(?:tabla|secci[óo]n|apartado|p[áa]gina|cap[íi]tulo|descripci[óo]n|hoja|lista|reglas?)\b",
    re.IGNORECASE,
)
EXPLAINED_ELSEWHERE = re.compile(
    r"\b(?:se (?:explica|describe|detalla|resume|explicará|describirá|verá)n?|(?:está|están) (?:resumid|explicad|descrit)[oa]s?"
    r"|hay una explicación)\b.*\b(?:más adelante|posteriormente|después|más abajo|en (?:la|el|tu|su) (?:secci[óo]n|apartado"
    r"|cap[íi]tulo|p[áa]gina|hoja))\b",
    re.IGNORECASE,
)
BRACKETS = re.compile(r"\([^()]*\)")
# What makes a sentence more than a pointer: another clause or a rule's verb.
MORE_THAN_A_POINTER = re.compile(r"\s(?:y|e|para|pero|si|cuando)\s|\b(?:puede|pueden|puedes|debe|deben|debes|tira|roba)\b", re.IGNORECASE)
# The heading a pointer names: "en la sección Sistema de experiencia", "(véase el apartado «Daño»)".
NAMED = re.compile(r"\b(?:secci[óo]n|apartado|cap[íi]tulo)\s+(?:de\s+)?[\"“«']?(?P<target>[^\"”»'.]+)", re.IGNORECASE)


def only_points_elsewhere(sentence: str, titles: frozenset[str] = frozenset()) -> bool:
    """Whether `sentence` only points elsewhere, at no heading among `titles` (folded titles of the sheet's sections)."""
    if len(sentence.split()) > MAX_WORDS or MORE_THAN_A_POINTER.search(sentence):
        return False
    # A pointer in brackets is an aside of a sentence that says something else ("Es una excepción (se describe
    # después).": condense cuts the bracket out, CROSS_REFERENCE); only what is outside brackets is judged.
    outside = BRACKETS.sub(" ", sentence)
    if not (LOOK_UP.match(outside) or EXPLAINED_ELSEWHERE.search(outside)):
        return False
    named = NAMED.search(sentence)
    return not (named and fold(named.group("target")) in titles)
