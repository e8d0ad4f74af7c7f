"""OCR confusions, fixed only in a text that shows them and only where the result is a Spanish word and the
original is not: "Ia" -> "la", "EI" -> "El", "iCada" -> "¡Cada", "0" -> "o", "acci6n" -> "acción", "tumo" -> "turno".
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from pipeline.structure.lexicon import DETERMINERS, FUNCTION_WORDS, SENTENCE_STARTS
from pipeline.text import is_shouting

# OCR: a capital I read for an l ("Ia", "EI", "cuaIquier"), an i for ¡ ("iCada"), a 0 for the word o.
OCR_I = re.compile(r"\b\w*[a-záéíóúñ]I\w*\b|\bI[a-záéíóúñ]+\b|\b[A-Z]I\b")
OCR_EXCLAMATION = re.compile(r"(?<![\w¡])i([A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)")
# A 0 read for the word o: between two words ("semilla 0 mover", "uno 0 dos"), not a quantity ("0 puntos").
OCR_ZERO = re.compile(r"\b([a-záéíóúñ]{2,}) 0 ([a-záéíóúñ]+)\b(?! \d)")
NUMBER_WORDS = frozenset("uno una dos tres cuatro cinco seis siete ocho nueve diez".split())
# After an OCR'd "o" a new phrase may begin with a pronoun ("roba una carta 0 la descarta", "0 se retira").
ZERO_PRONOUNS = frozenset("se lo le les me te nos".split())
# OCR fixes are made only in a text that shows them at least this often: a clean text is left alone.
MIN_OCR_SIGNS = 2
OCR_SIGN = re.compile(
    r"\b(?:Ia|Ias|Io|Ios|EI|eI|aI|deI|AI|DeI)\b|(?<![\w¡])i[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+"
    r"|\b[^\W\d_]{2,}[016][^\W\d_]+\b|\b[^\W\d_]{3,}1\b|\b(?:E1|e1|1as?|1os?)\b"  # "acci6n", "co1oca", "fina1", "E1", "1a"
)
# OCR: digits read for letters inside a word ("acci6n", "co1oca", "Reg1as", "fina1"), and the words "E1", "1a", "1o".
OCR_DIGIT_WORD = re.compile(r"\b(?=[^\W_]*[^\W\d_]{2})(?=[^\W_]*[016])[^\W_]{3,}\b")
OCR_DIGIT_LETTERS = str.maketrans({"1": "l", "0": "o", "6": "ó"})
OCR_SHORT = re.compile(r"(?<![\w.,])(E1|e1|1as?|1os?)(?![\w.,ºª°])")
# Before "1a" these make it an ordinal ("la 1a ronda"), not an OCR'd "la".
ORDINAL_BEFORE = frozenset("el la los las un una su sus tu tus mi mis cada esta este en de del".split())
# OCR: "rn" read as "m" ("tumo" for "turno") and "m" as "rn" ("rnazo" for "mazo").
MAX_WORD = 30  # longer words are never looked up as OCR confusions
RN_COMMONER = 50  # a known word is read as its rn/m twin only when the twin is this many times more common
OCR_RN = re.compile(r"\b[^\W\d_]*(?:rn|m)[^\W\d_]*\b", re.IGNORECASE)


def fix_ocr(text: str) -> str:
    """The line with its OCR confusions fixed (call only for a text that shows them: `shows_ocr`)."""
    text = _ocr_letters(text)
    if not (OCR_I.search(text) or OCR_EXCLAMATION.search(text) or OCR_ZERO.search(text)):
        return text
    known = is_spanish_word

    def fix_i(match: re.Match[str]) -> str:
        word = match.group(0)
        if known(word) or is_shouting(word) and len(word) > 2:
            return word
        candidate = word[0] + word[1:].replace("I", "l") if word[0] != "I" else "l" + word[1:].replace("I", "l")
        if word[0] == "I" and word[1:2].islower() and match.start() == 0 or word[0] == "I" and _sentence_start(text, match.start()):
            candidate = "L" + candidate[1:]
        return candidate if known(candidate) else word

    def fix_exclamation(match: re.Match[str]) -> str:
        return f"¡{match.group(1)}" if known(match.group(1)) else match.group(0)

    def fix_zero(match: re.Match[str]) -> str:
        before, after = match.group(1), match.group(2)
        return f"{before} o {after}" if _coordination(before, after) else match.group(0)

    text = OCR_I.sub(fix_i, text)
    text = OCR_EXCLAMATION.sub(fix_exclamation, text)
    return OCR_ZERO.sub(fix_zero, text)


def _ocr_letters(text: str) -> str:
    """Digits read for letters and "rn" read for "m" (or "m" for "rn"), fixed where the result is a Spanish
    word and the original is not; a word in capitals stays in capitals ("PREPARACI6N" -> "PREPARACIÓN")."""
    def known(word: str) -> bool:
        return is_spanish_word(word) or _frequency(word) > 0

    def cased(word: str, fixed: str) -> str:
        return fixed.upper() if word.isupper() or word[:1].isdigit() and word[1:].isupper() else fixed

    def fix_digits(match: re.Match[str]) -> str:
        word = match.group(0)
        if len(word) > MAX_WORD:
            return word
        fixed = word.lower().translate(OCR_DIGIT_LETTERS)
        fixed = fixed[:1].upper() + fixed[1:] if word[:1].isupper() else fixed
        return cased(word, fixed) if known(fixed) else word

    def fix_short(match: re.Match[str]) -> str:
        word = match.group(1)
        before = text[: match.start()].split()[-1:]
        if word[0] == "1" and before and before[0].lower() in ORDINAL_BEFORE:
            return word  # "la 1a ronda": an ordinal
        if word == "E1" and not _sentence_start(text, match.start()):
            return word  # "la casilla E1": a square of a grid
        return word.translate(OCR_DIGIT_LETTERS).replace("E", "E")

    def fix_rn(match: re.Match[str]) -> str:
        word = match.group(0)
        if not 3 <= len(word) <= MAX_WORD:
            return word  # (a 100 KB "word" would make a candidate per "m" in it)
        lowered = word.lower()
        candidates = {lowered.replace("rn", "m")} if "rn" in lowered else set()
        candidates |= {lowered[:at] + "rn" + lowered[at + 1 :] for at, letter in enumerate(lowered) if letter == "m"}
        # A rare word ("tumo") beside a common one ("turno") is the common one misread.
        floor = RN_COMMONER * (_frequency(lowered) + 1) if known(lowered) else 0
        found = sorted(c for c in candidates if c != lowered and known(c) and _frequency(c) >= floor)
        if len(found) != 1:
            return word
        fixed = found[0][:1].upper() + found[0][1:] if word[:1].isupper() else found[0]
        return cased(word, fixed)

    text = OCR_DIGIT_WORD.sub(fix_digits, text) if re.search(r"[016]", text) else text
    text = OCR_SHORT.sub(fix_short, text) if "1" in text else text
    return OCR_RN.sub(fix_rn, text)


def _coordination(before: str, after: str) -> bool:
    """Whether 'before 0 after' is two words joined by an OCR'd "o" ("uno 0 dos", "una semilla 0 mover un
    druida", "una carta 0 la descarta"), not a rule's value: a 0 after a verb or a preposition ("inflige 0
    daño", "con 0 energía") or before a noun is a quantity, and a rule may never lose its number."""
    if before in NUMBER_WORDS:
        return after in NUMBER_WORDS
    if before in FUNCTION_WORDS or before in DETERMINERS or verb_form(before):
        return False  # "tiene 0 energía", "con 0 monedas", "la 0"
    if before.endswith(("ar", "er", "ir")) and not _infinitive(after):
        return False  # "infligir 0 daño"; "mover 0 plantar" is a coordination of two actions
    return _infinitive(after) or after in DETERMINERS or after in ZERO_PRONOUNS


def verb_form(word: str) -> bool:
    """'tiene', 'inflige', 'cuesta', 'gana': a verb conjugated (its lemma an infinitive other than itself)."""
    lemma = _lexicon()[0].get(word)
    return bool(lemma) and lemma != word and str(lemma).endswith(("ar", "er", "ir"))


def _infinitive(word: str) -> bool:
    """'mover', 'plantar', 'robarla': an action, which a noun never is (the lemma table names it a lemma)."""
    bare = re.sub(r"(?<=[aei]r)(?:se|la|las|lo|los|le|les)$", "", word)
    return bare.endswith(("ar", "er", "ir")) and bare in _lexicon()[1] and _lexicon()[0].get(bare) in (None, bare)


def _sentence_start(text: str, position: int) -> bool:
    before = text[:position].rstrip()
    return not before or before[-1] in ".!?¡¿:"


@lru_cache(maxsize=1)
def _frequencies() -> dict[str, int]:
    """pyspellchecker's Spanish words and how often each is seen (asked only of a text that shows OCR errors)."""
    from spellchecker import SpellChecker

    return dict(SpellChecker(language="es").word_frequency.items())


def _frequency(word: str) -> int:
    return _frequencies().get(word.casefold(), 0)


@lru_cache(maxsize=1)
def _lexicon():
    """spaCy's Spanish lemma lookup table (inflected form -> lemma) and the set of its lemmas, read as a dict from
    spacy-lookups-data (the same table spaCy's `load_lookups` gives, without importing spaCy: 0.5 s)."""
    import spacy_lookups_data

    from pipeline.wordstore import read_table

    table = read_table(Path(spacy_lookups_data.__file__).parent / "data", "es_lemma_lookup")
    return table, frozenset(str(value).casefold() for value in table.values())


def is_spanish_word(word: str) -> bool:
    """A form the lemma table knows (as a form or a lemma), or one of our function words."""
    lowered = word.casefold()
    if lowered in FUNCTION_WORDS or lowered in SENTENCE_STARTS or lowered in {"o", "y", "e", "u", "ni", "que", "cada"}:
        return True
    table, lemmas = _lexicon()
    return lowered in table or lowered in lemmas


def is_known_word(word: str) -> bool:
    """A Spanish word by the lemma table or by pyspellchecker's frequencies ("fin" is only in the second)."""
    return is_spanish_word(word) or _frequency(word) > 0


def shows_ocr(lines: list[str]) -> bool:
    """Whether the text shows OCR confusions often enough to have them fixed."""
    return sum(1 for line in lines if OCR_SIGN.search(line)) >= MIN_OCR_SIGNS
