"""A translator's or editor's note, in one place: the words that open one and the shapes it takes in a text.

Read by the readers (a note in square brackets, ingest/lines.py), the cleaner (a note in brackets inside a rule, a
paragraph that is a note, a footnote, the editor's remarks: clean/notes.py, clean/headings.py, clean/units.py), the headings (a
remark in a title is no part of it, structure/heading.py) and the sentence model's features (learn/sentences.py).
Whatever is recognised here becomes a NOTE line (a note block of its section), never a rule; a sheet prints a note
block whole in its note style (sheets/quickref/condense.py), or leaves notes out (`leave_out_blocks: [note]`).
"""
from __future__ import annotations

import re

# "N. del T.", "n del t", "NdT", "N.T.:", "Nota del traductor", "Nota de (la) traducción", "N. del E." (the editor's
# abbreviation; "Nota del editor" is the publisher speaking: PUBLISHER_NOTE), "Errata:" and "Fe de erratas".
NOTE_WORDS = (
    r"(?:n\.?\s*del?\s*(?:t(?:raductor)?|e)\b\.?|nd[te]\b|n\.\s*t\.(?=\s*:)|nota\s+del\s+traductor\b"
    r"|nota\s+de\s+(?:la\s+)?traducci[óo]n\b|errata\s*:|fe\s+de\s+erratas\b)"
)
# "rule (n. del t: ...) rest": a note in brackets inside a rule (read from the bracket's first characters).
NOTE_OPEN = re.compile(rf"\(\s*{NOTE_WORDS}\s*[:.,]?", re.IGNORECASE)
# "N. del T. Debido a ...", "**Errata:** la carta ...": a paragraph that is a note.
NOTE_PARAGRAPH = re.compile(rf"^\s*\**{NOTE_WORDS}", re.IGNORECASE)
# "[NOTA: ...]", "[N. del T.: ...]": a note the readers find set in square brackets (its words are group 2, if any).
BRACKET_NOTE_OPEN = re.compile(rf"^(\s*)\[\s*(?:(?:NOTA|NOTE)\s*:|({NOTE_WORDS}\s*[:.]?))\s*(?=[^\s\]])", re.IGNORECASE)
# "... 60 fichas [N. del T.: el original dice ...]. Cada ...": a note in square brackets inside a rule (at most 400
# characters, none of them a bracket). The space before it is stripped by who takes it out: a leading \s* would be
# tried at every space of a run of them.
BRACKET_NOTE_INSIDE = re.compile(rf"\[\s*{NOTE_WORDS}[^\[\]]{{0,400}}\]", re.IGNORECASE)
# A translator's remark inside a heading is not part of its title: "(n del t. es un término...)".
TRANSLATOR_REMARK = re.compile(rf"\s*\(\s*{NOTE_WORDS}.*$", re.IGNORECASE)
# "Notas del traductor", "NOTAS DE LA TRADUCCIÓN:": a heading over the translator's notes, each of them a note.
NOTES_HEADING = re.compile(
    r"^\W*(?:notas?\s+(?:del\s+traductor|de\s+(?:la\s+)?traducci[óo]n)|n\.?\s*del?\s*t\.?)\W*$", re.IGNORECASE
)
# "NOTA DEL DISTRIBUIDOR:", "Nota del editor": the publisher speaking about the product, not the translator.
PUBLISHER_NOTE = re.compile(r"^\s*nota\s+(?:del|de la)\s+(?:distribuidora?|editor(?:ial|a)?|edici[óo]n)\b", re.IGNORECASE)
# "(2) Sin embargo...": a footnote, placed after the paragraph that carries its marker.
FOOTNOTE_LINE = re.compile(r"^\s*\((\d{1,2})\)\s+\S")
# The editor (whoever typed the text up) speaking of the text, not of the game: a paragraph reporting the rulebook's
# wording ("Actualmente el reglamento dice: ...", "El original pone: ..."), a parenthesis about the copy ("(la copia
# solo conservó ...)", "(en el original, ...)") and one standing between two sentences that says the same again
# ("... turno 6. (Otra vez la versión ...). Y ...").
EDITOR_REMARK = re.compile(
    r"^\W*(?:\w+\s+){0,2}?(?:el|la|este|esta)\s+(?:reglamento|manual|libro de reglas|texto|copia|traducci[óo]n|versi[óo]n|original)"
    r"(?:\s+(?:original|oficial|ingl[ée]s|en ingl[ée]s|actual|impres[oa]))?\s+(?:dice|pone|dec[íi]a|pon[íi]a|indica)\s*:",
    re.IGNORECASE,
)
EDITOR_ASIDE = re.compile(
    r"\(\s*(?:en|seg[úu]n)?\s*(?:el|la|esta|este)\s+(?:copia|original|texto original|escaneo|reglamento original|versi[óo]n original"
    r"|versi[óo]n (?:en )?ingl[ée]s[a]?)\b",
    re.IGNORECASE,
)
EDITOR_AGAIN = re.compile(r"\(\s*(?:otra vez|de nuevo|nuevamente)\s+(?:el|la|los|las|lo)\b", re.IGNORECASE)
