"""The text toolkit: the only place that folds case and accents, makes slugs, splits words and tests for capitals.

Every stage compares text through these functions, so "the same words" means the same thing in the
cleaner, the splitter, the tagger and the renderers. Where a stage needs a different comparison it says
so with a keyword option (`keep_punctuation`, `keep`, `min_letters`), never with a function of its own.
"""
from __future__ import annotations

import re
import unicodedata

# Combining marks left by NFKD: the accents of á, é, ñ, ü ... (and of any other Latin letter).
_COMBINING = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_APOSTROPHES = str.maketrans({"´": "'", "`": "'", "’": "'", "‘": "'"})
_NOT_WORD = re.compile(r"[\W_]+")
# Characters that are never printed: C0/C1 controls (but \t and \n), zero-width and direction marks, BOM.
_INVISIBLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]")


def strip_accents(text: str) -> str:
    """'Aceleración' -> 'Aceleracion' (compatibility forms too: 'ª' -> 'a', '²' -> '2')."""
    return _COMBINING.sub("", unicodedata.normalize("NFKD", text))


def fold(text: str, *, keep_punctuation: bool = False, keep: str = "") -> str:
    """The comparison key of a text: casefolded and accent-free.

    By default every run of characters that are not letters or digits (nor in `keep`, e.g. "=<>" for
    formulas) becomes one space, so 'Fase de Acción:' and 'fase de accion' are equal. With
    `keep_punctuation` only case, accents and apostrophe variants are folded and the text keeps its
    punctuation and spacing ('Space-Time Vortex' stays distinct from 'Space Time Vortex').
    """
    folded = strip_accents(text.translate(_APOSTROPHES).casefold())
    if keep_punctuation:
        return folded.strip()
    if keep:
        pattern = re.compile(f"[^\\w{re.escape(keep)}]+|_+")
        return " ".join(pattern.sub(" ", folded).split())
    return " ".join(_NOT_WORD.sub(" ", folded).split())


def slug(text: str, *, max_length: int = 60, default: str = "seccion") -> str:
    """A stable id from a title: 'Fase de acción (2)' -> 'fase-de-accion-2' (ASCII, lower case, hyphens)."""
    ascii_text = strip_accents(text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:max_length].strip("-") or default


def words(text: str) -> list[str]:
    """The casefolded words of a text, accents kept ('Él tiró' -> ['él', 'tiró'])."""
    return [word.casefold() for word in re.findall(r"\w+", text)]


# The tagger's tokens, for glossary forms and text alike: a word (letters and digits, with the hyphens and
# apostrophes inside it: 'anti-nave', "D'Artagnan", 'D´artagnan'), one other visible character, or whitespace other
# than one plain space (a line break, the blank line between blocks, a double space), which no term spans.
_TOKEN = re.compile(r"\w+(?:[-'’´]\w+)*|[^\w\s]|\s{2,}|[^\S ]")


def tokenize(text: str) -> list[tuple[str, int]]:
    """(token, offset) pairs of `text` (see _TOKEN): 'la acción Z.' -> la, acción, Z, '.'; one plain space is no token."""
    return [(found.group(), found.start()) for found in _TOKEN.finditer(text)]


def is_shouting(text: str, *, min_letters: int = 3) -> bool:
    """Written in capitals: at least `min_letters` letters, more than 85 % of them upper case.

    `min_letters` tells an acronym ('FTL', 3 letters) from a shouted word; callers that must not take
    acronyms for headings ask for more letters.
    """
    letters = "".join(filter(str.isalpha, text))  # filter and map loop in C: a heading test runs on every line
    return len(letters) >= min_letters and sum(map(str.isupper, letters)) / len(letters) > 0.85


# Typographic ligatures a PDF's fonts or an OCR leave as one character ("ﬁcha"): NFC keeps them, a reader (and the
# spell checker, the glossary) wants the letters.
LIGATURES = str.maketrans({"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"})


def without_ligatures(text: str) -> str:
    return text.translate(LIGATURES)


def printable(text: str) -> str:
    """NFC text without the characters a page never shows (controls, zero-width and direction marks)."""
    return _INVISIBLE.sub("", unicodedata.normalize("NFC", text))


# No real word is longer: Spanish's longest have some 25 letters and a long URL about 200 characters. A "word"
# past this is debris (a dump that lost its spaces, a run of brackets): it is set as text, but kept away
# from per-character work and from the tagger (no glossary term hides in it).
LONGEST_WORD = 200
_DEBRIS = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")


def blank_debris(text: str) -> str:
    """`text` with every word longer than LONGEST_WORD replaced by as many spaces (offsets stay valid)."""
    return _DEBRIS.sub(lambda found: " " * len(found.group()), text) if len(text) > LONGEST_WORD else text


def has_debris(text: str) -> bool:
    """Whether `text` holds a word longer than LONGEST_WORD (see blank_debris)."""
    return len(text) > LONGEST_WORD and _DEBRIS.search(text) is not None


def indent_width(text: str) -> int:
    """How far a line stands in: its leading spaces, a tab counted as four (a plain text's outline indents its body)."""
    expanded = text.expandtabs(4)
    return len(expanded) - len(expanded.lstrip(" "))
