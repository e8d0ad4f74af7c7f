"""Accents a translation dropped or misplaced, restored in the cleaned text: 'despues' -> 'después', 'DIFICIL' ->
'DIFÍCIL', 'Actua' -> 'Actúa', 'heróicos' -> 'heroicos'. Forum translations often type without accents.

A word is restored when no word list knows it as a Spanish form (the typo finder's lists, desk/typos.py; not spaCy's
word probabilities: careless writing makes 'despues' a common token) nor as an English word, and exactly one
Spanish form has its letters once accents are folded (text.strip_accents: á é í ó ú ü ñ), a common one (it or
its lemma at least wordstore.POOL probable) and the likelier spelling (`_likelier`). Left alone: a word that is
a word (esta/está, termino/término), a word of a glossary term or English name (`keep`), a word a correction
writes (`written`; what a correction finds is gone by then: accents come after the corrections), an acronym, a
word in code (between backticks) or a link, the words of a line more English than Spanish, a word whose twin is
ambiguous (cañon: canon or cañón; báse: base or basé) or whose written accent fits a sound-alike word better
('hechó': 'echó', not 'hecho'), an accent typed on purpose ('cuán', 'podés') or on a capitalised word where
Spanish's stress rules write one (a name: 'Tomás', 'Óscar'; 'Heróicas' is no name). Every change is a `correct` record
of the cleaning report, like a correction's.
"""
from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Container
from itertools import product

from pipeline.model import CleaningRecord, CleanLine, CorrectedLine
from pipeline.modelkinds import CleaningAction
from pipeline.text import is_shouting, strip_accents
from pipeline.wordstore import POOL

WORD = re.compile(r"[^\W\d_]{3,}")  # the typo finder's words (desk/typos.py)
# Spans whose words are not prose: inline code, links and addresses.
PROTECTED = re.compile(r"`[^`\n]*`|\b(?:https?://|www\.)\S+|[\w.+-]{1,64}@[\w-]{1,63}\.[\w.-]{1,200}")  # bounded: linear on debris
_ACUTE = {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú"}
MAX_OPTIONAL = 6  # n/ñ and u/ü choices tried per word (2**6 spellings at most): no Spanish word has more
LONGEST = 30  # letters: no Spanish word has more ('electroencefalografista' has 23); a longer run is debris
ACRONYM = 5  # an all-capitals word this short is an acronym, unless its whole line is in capitals
# A word written with an accent loses or moves it only for a twin this much more probable (log): 'váis' -> 'vais'.
ACCENT_MARGIN = 1.0
WRITTEN_ACCENTS = frozenset("áéíóúü")
ACCENTED = frozenset("áéíóú")
VOWELS = frozenset("aeiouáéíóúü")
VOWEL_GROUP = re.compile("[aeiouáéíóúü]+")
SHOUTING_LINE = 12  # letters of a line in capitals for its short capitalised words to be words, not acronyms

__all__ = ["restore_accents", "accented", "corrected_lines", "written_words", "glossary_words"]


def restore_accents(
    lines: list[CleanLine], raw_lines: list[str], *, keep: Container[str] = frozenset(), written: Container[str] = frozenset()
) -> tuple[list[CleanLine], list[CleaningRecord]]:
    """The lines with each restorable word restored (see the module), and one `correct` record per changed line.
    `keep`, `written`: lower-case words left as they are."""
    from pipeline.desk.typos import lexicon
    from pipeline.store import user_folder

    words = lexicon(user_folder())
    text_words = {match.group().lower() for line in lines for match in WORD.finditer(line.text) if len(match.group()) <= LONGEST}
    words.store.prefetch(text_words)  # the text's words, then the twins of those no list knows: a few queries in all
    words.store.prefetch({form for word in text_words if word not in words.known for form in _spellings(word)})
    verdicts: dict[str, str | None] = {}
    out: list[CleanLine] = []
    records: list[CleaningRecord] = []
    for line in lines:
        text, changes = _restore_line(line.text, words, keep=keep, written=written, verdicts=verdicts)
        if changes:
            shown = ", ".join(f"{old} → {new}" + (f" ×{count}" if count > 1 else "") for (old, new), count in changes.items())
            records.append(CleaningRecord(line.first, CleaningAction.CORRECT, f"accent restored: {shown}", raw_lines[line.first - 1]))
            line = CleanLine(text, line.first, line.last, line.kind)
        out.append(line)
    return out, records


def _restore_line(
    text: str, words, *, keep: Container[str], written: Container[str], verdicts: dict[str, str | None]
) -> tuple[str, dict[tuple[str, str], int]]:
    """One line's text restored, and how often each (old, new) change was made in it."""
    found: list[tuple[int, int, str, str]] = []  # (start, end, old, new) of each word with a verdict: most lines have none
    for match in WORD.finditer(text):
        word = match.group()
        if word not in verdicts:
            plain = word.lower() in keep or word.lower() in written or len(word) > LONGEST
            verdicts[word] = None if plain else accented(word, words)
        new = verdicts[word]
        if new is not None:
            found.append((match.start(), match.end(), word, new))
    if not found or _more_english(text, words):
        return text, {}
    protected = [span.span() for span in PROTECTED.finditer(text)]
    shouting = is_shouting(text, min_letters=SHOUTING_LINE)
    changes: dict[tuple[str, str], int] = {}
    pieces, at = [], 0
    for start, end, word, new in found:
        if any(left <= start < right for left, right in protected) or word.isupper() and len(word) <= ACRONYM and not shouting:
            continue
        pieces += [text[at:start], new]
        at = end
        changes[(word, new)] = changes.get((word, new), 0) + 1
    return "".join(pieces) + text[at:], changes


def accented(word: str, words) -> str | None:
    """`word` with its accents restored, in its case ('DIFICIL' -> 'DIFÍCIL'), or None (see the module)."""
    from pipeline.desk.slips import sound_variants
    from pipeline.desk.typos import EVERYDAY

    lower = word.lower()
    if not (word.islower() or word.isupper() or word[:1].isupper() and word[1:].islower()):
        return None  # 'ESto', 'McDonald': another slip, or a name
    if lower in words.known or lower in EVERYDAY or lower in words.english:
        return None
    twins = _twins(lower, words)
    if len(twins) != 1:
        return None
    twin = twins[0]
    if word[:1].isupper() and not word.isupper() and twin == strip_accents(lower) and _accent_fits_stress(lower):
        # 'Tomás', 'Óscar': a name's accent where Spanish writes one, its twin the same letters bare ('tomas'); a
        # twin with the accent elsewhere ('Despúes': 'después') corrects a slip, whatever the case
        return None
    if not _common(twin, words) or not _likelier(lower, twin, words):
        return None
    if lower != strip_accents(lower) and any(form in words.known for form in sound_variants(lower) if form != lower):
        return None  # the writer's accent fits another word ('hechó' / 'echó'): a slip of another kind
    if word.isupper():
        return twin.upper()
    return twin[:1].upper() + twin[1:] if word[:1].isupper() else twin


def _accent_fits_stress(lower: str) -> bool:
    """Whether the word has one written accent and Spanish's stress rules call for it where it is: on the last
    syllable of a word ending in a vowel, n or s ('Tomás'), on the one before of a word ending otherwise ('Óscar'),
    earlier ('Páramo'), or on a weak vowel beside another vowel ('María'). 'Heróicas' has one where none is written."""
    marked = [at for at, letter in enumerate(lower) if letter in ACCENTED]
    if len(marked) != 1:
        return False
    at = marked[0]
    if lower[at] in "íú" and (lower[at - 1:at] in VOWELS or lower[at + 1:at + 2] in VOWELS):
        return not _bare_stress_on(lower, at)  # a hiatus moving the stress: 'Lucía' (bare: 'LUcia'), not 'Recúerda'
    after = len(VOWEL_GROUP.findall(lower[at + 1:]))
    if lower[at + 1:at + 2] in VOWELS:
        after -= 1  # the accented vowel's own group goes on after it ('ói' of 'heróicas')
    ends_open = strip_accents(lower)[-1:] in "aeiouns"
    return after >= 2 or (after == 1 and not ends_open) or (after == 0 and ends_open)


def _bare_stress_on(lower: str, at: int) -> bool:
    """Whether the word without its accent is stressed on the vowel group holding letter `at`: the one before the
    last of a word ending in a vowel, n or s, else the last ('recuerda': 'cue', so 'Recúerda' only misplaces it)."""
    groups = [group.span() for group in VOWEL_GROUP.finditer(strip_accents(lower))]
    stressed = groups[-2] if len(groups) > 1 and strip_accents(lower)[-1:] in "aeiouns" else groups[-1]
    return stressed[0] <= at < stressed[1]


def _twins(lower: str, words) -> list[str]:
    """The Spanish forms other than `lower` whose letters, accents folded, are its own (one acute accent at most,
    any n as n or ñ, a u between g and e/i as u or ü)."""
    forms = _spellings(lower)
    words.store.prefetch(forms)
    return [form for form in forms if form in words.known]


def _spellings(lower: str) -> list[str]:
    """The spellings other than `lower` with its letters once accents are folded (see `_twins`)."""
    plain = strip_accents(lower)
    optional = [at for at, letter in enumerate(plain)
                if letter == "n" or letter == "u" and plain[at - 1:at] == "g" and plain[at + 1:at + 2] in ("e", "i")][:MAX_OPTIONAL]
    found = []
    for choice in product(*(((plain[at], "ñ") if plain[at] == "n" else (plain[at], "ü")) for at in optional)):
        letters = list(plain)
        for at, letter in zip(optional, choice):
            letters[at] = letter
        base = "".join(letters)
        found.append(base)
        found += [base[:at] + _ACUTE[letter] + base[at + 1:] for at, letter in enumerate(base) if letter in _ACUTE]
    return [form for form in dict.fromkeys(found) if form != lower]


def _likelier(lower: str, twin: str, words) -> bool:
    """Whether the twin is the likelier spelling (spaCy's probabilities): more probable than the word as written
    ('osea' is 'o sea', not 'ósea'), or the word never seen. A written accent was typed on purpose: the word keeps it
    when it is not rare ('cuán', the voseo's 'podés', 'dió') or the twin is not clearly more probable ('samuráis')."""
    from pipeline.desk.typos import RARE

    own = words.probability.get(lower)
    if own is None:
        return True
    if any(letter in WRITTEN_ACCENTS for letter in lower):
        return own < RARE and words.probability.get(twin, -20.0) >= own + ACCENT_MARGIN
    return words.probability.get(twin, -20.0) > own


def _common(form: str, words) -> bool:
    """Whether a form is everyday Spanish: it, or its lemma ('cumplirás': cumplir), at least POOL probable."""
    lemma = words.store.lemma(form)
    return max(words.probability.get(form, -20.0), words.probability.get(lemma, -20.0) if lemma else -20.0) >= POOL


def _more_english(text: str, words) -> bool:
    """A line more English than Spanish (a table of English names, a quoted English rule): its words are left."""
    english = spanish = 0
    for match in WORD.finditer(text):
        lower = match.group().lower()
        if lower in words.known:
            spanish += 1
        elif lower in words.english:
            english += 1
    return english > spanish


def written_words(corrections) -> frozenset[str]:
    """The lower-case words the corrections write (their `replace:`): the translator's choice, never re-accented."""
    return frozenset(match.group().lower() for correction in corrections for match in WORD.finditer(correction.replace))


def glossary_words(glossary) -> frozenset[str]:
    """The lower-case words of a glossary's Spanish terms and English names, as the glossary spells them (its
    variants are the text's spellings, slips and all: 'capitan' beside 'capitán', so they protect nothing)."""
    return frozenset(match.group().lower() for term in getattr(glossary, "terms", ()) or () for form in (term.es, term.en)
                     for match in WORD.finditer(form))


def corrected_lines(before: list[CleanLine], after: list[CleanLine], corrected: list[CorrectedLine]) -> list[CorrectedLine]:
    """The corrections' changed lines (`corrected`, from `before`) with the accents' changes (`after`, the same
    lines in the same order) added: a line the accents alone changed names no correction."""
    by_line = {(line.first, line.before): line for line in corrected}
    out = []
    for old, new in zip(before, after):
        found = by_line.get((old.first, old.text))
        if found is not None:
            out.append(replace(found, after=new.text))
        elif new.text != old.text:
            out.append(CorrectedLine(old.first, old.text, new.text, ()))
    return out
