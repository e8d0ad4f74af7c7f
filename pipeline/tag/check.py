"""Document + Glossary -> GlossaryReport: entries the text never uses, and the bilingual pairs the text
itself states ('hive/colmena', 'Spacecraft = nave espacial', 'Lunar Orbit (Órbita lunar)') checked
against the glossary.

Which side of a pair is English is decided per word, in this order: the glossary (a Spanish form or an
English name it holds), spelling (ñ, accents, ¿¡ are Spanish; 'th', 'ph', 'w', 'k' are English), then
word frequencies of both languages from spacy-lookups-data. A pair needs one English and one Spanish
side; 'películas/escenarios' or 'Disparo único (Modo F)' are not pairs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from difflib import SequenceMatcher

from pipeline.model import Document
from pipeline.tag.frequencies import UNSEEN
from pipeline.tag.glossary import Glossary, Term, form_key
from pipeline.tag.kinds import DEFAULT_KIND
from pipeline.text import fold

# A separator between the two names of a pair, with the side that must follow it.
_WORD = re.compile(r"[^\W\d_]+(?:[-'’´][^\W\d_]+)*")
_SLASH = re.compile(r"(?<=[^\W\d_])[\"'”’]?\s?/\s?[\"'“‘]?(?=[^\W\d_])")
_EQUALS = re.compile(r"(?<=[^\W\d_])\s+=\s+(?=[^\W\d_])")
_PAREN = re.compile(r"(?<=[^\W\d_])[\"'”’]?\s*\(\s*[\"'“‘]?([^()\d\n,;:.!?]{2,60}?)[\"'”’]?\s*\)")
_URL = re.compile(r"\b(?:https?://|www\.)\S+")

# Words that end a name when reading away from the separator (the middle 'de' of 'zona de combate' stays).
_STOP = frozenset(
    "el la los las un una unos unas lo al en y o e u que con por para sin sobre su sus tu tus mi mis este esta "
    "estos estas ese esa esos esas se es son no ni como cada cualquier nuevo nuevos nueva nuevas ver "
    "the a an and or of to in on for with is are your its".split()
)
_JOINERS = frozenset({"de", "del", "of"})
_MAX_WORDS = 4
_SPANISH_LETTERS = re.compile(r"[ñáéíóúü¿¡]")
_ENGLISH_SPELLING = re.compile(r"th|ph|sh|w|k|y$|ck|ing$|tion$")


class PairStatus(StrEnum):
    """What the glossary says of a pair the text states: it agrees, it has no entry, or its entry names something else."""

    KNOWN = "known"
    MISSING = "missing"
    CONTRADICTION = "contradiction"


@dataclass(frozen=True)
class StatedPair:
    """A Spanish/English pair written in the text, where it was found and what the glossary says."""

    es: str
    en: str
    line: int
    context: str
    status: PairStatus = PairStatus.MISSING
    term: Term | None = None  # the entry that knows (or contradicts) the pair
    explained: bool = False  # a note of the entry mentions the pair


@dataclass(frozen=True)
class GlossaryReport:
    game: str
    entries: int
    game_entries: int
    unused: tuple[Term, ...]
    pairs: tuple[StatedPair, ...]
    risky: tuple[tuple[Term, str], ...] = field(default=())  # (entry, form) that is a bare function word

    @property
    def contradictions(self) -> tuple[StatedPair, ...]:
        return tuple(pair for pair in self.pairs if pair.status == PairStatus.CONTRADICTION and not pair.explained)

    @property
    def missing(self) -> tuple[StatedPair, ...]:
        return tuple(pair for pair in self.pairs if pair.status == PairStatus.MISSING)


def _frequencies():
    """(Spanish, English) log-probabilities, each a `dict.get` (tag/frequencies.py: a word at a time from a file
    made once per user); tests put small tables here."""
    from pipeline.tag.frequencies import frequencies

    return frequencies()


class LanguageGuess:
    """Says 'es', 'en' or None (cannot tell) for a word or a run of words."""

    def __init__(self, glossary: Glossary | None = None, *, frequencies=None) -> None:
        self.es_words: set[str] = set()
        self.en_words: set[str] = set()
        for term in glossary.terms if glossary else ():
            self.es_words |= set(re.findall(r"\w+", fold(term.es, keep_punctuation=True)))
            self.en_words |= set(re.findall(r"\w+", fold(term.en, keep_punctuation=True)))
        self.frequencies = frequencies

    def word(self, word: str) -> str | None:
        lower = word.lower()
        if _SPANISH_LETTERS.search(lower):
            return "es"
        folded = fold(lower, keep_punctuation=True)
        in_es, in_en = folded in self.es_words, folded in self.en_words
        if in_es != in_en:
            return "es" if in_es else "en"
        es_table, en_table = self.frequencies or _frequencies()
        es_prob, en_prob = es_table.get(lower, UNSEEN), en_table.get(lower, UNSEEN)
        if es_prob > en_prob + 2:
            return "es"
        if en_prob > es_prob + 2:
            return "en"
        if es_prob == en_prob == UNSEEN and _ENGLISH_SPELLING.search(lower):
            return "en"  # unknown to both tables: a typo or a name ('Xenomotph')
        return None

    def words(self, words: list[str]) -> str | None:
        votes = [self.word(word) for word in words if word.lower() not in _STOP and word.lower() not in _JOINERS]
        es, en = votes.count("es"), votes.count("en")
        if es == en:
            return "mixed" if es else None  # 'Obtener GD-Wings': no name of one language
        return "es" if es > en else "en"


def _run(text: str, start: int, end: int, *, backwards: bool, guess: LanguageGuess) -> tuple[str, str | None]:
    """The name next to a separator: words read away from it while only spaces separate them, the
    language does not flip, no function word is reached, and (when the first word is capitalised in
    running text) the words stay capitalised."""
    words = list(_WORD.finditer(text[:start] if backwards else text[end:]))
    if backwards:
        words.reverse()
    offset = 0 if backwards else end
    taken: list[str] = []
    language = None
    edge = start if backwards else end
    for match in words:
        gap = text[match.end() + offset : edge] if backwards else text[edge : match.start() + offset]
        allowed = " " if taken else " \"'“”‘’"  # quotes may sit between a name and its separator
        if gap.strip(allowed):
            break
        word = match.group()
        lower = word.lower()
        if lower in _STOP or len(taken) == _MAX_WORDS:
            break
        if taken and lower not in _JOINERS:
            if taken[0][:1].isupper() and not word[:1].isupper():
                break
            this = guess.word(word)
            if language and this and this != language:
                break
            if this is None and not taken[0][:1].isupper():
                break  # a lower-case word of no known language ('habildad') is not part of a name
        if not taken:
            language = guess.word(word)
        elif language is None:
            language = guess.word(word) if lower not in _JOINERS else None
        taken.append(word)
        edge = match.start() + offset if backwards else match.end() + offset
    while taken and taken[-1].lower() in _JOINERS:
        taken.pop()
    if backwards:
        taken.reverse()
    return " ".join(taken), guess.words(taken) if taken else None


def mine_pairs(text: str, *, first_line: int = 1, guess: LanguageGuess) -> list[tuple[str, str, int, str]]:
    """(es, en, line, context) for every pair `text` states; lines counted from `first_line`."""
    found: list[tuple[str, str, int, str]] = []
    original = text
    text = _URL.sub(lambda match: " " * len(match.group()), text)  # 'boardgamegeek.com/thread' is no pair

    def add(left: str, left_lang: str | None, right: str, right_lang: str | None, at: int, *, both_known: bool = False) -> None:
        if not _is_name(left) or not _is_name(right) or fold(left, keep_punctuation=True) == fold(right, keep_punctuation=True):
            return
        if "mixed" in (left_lang, right_lang):
            return
        if both_known and None in (left_lang, right_lang):
            return  # a parenthesis mostly explains in Spanish: both languages must be clear
        if left_lang == right_lang:
            return  # both Spanish, both English, or neither known: no pair
        # One side known is enough: the other is the other language.
        es, en = (left, right) if left_lang == "es" or right_lang == "en" else (right, left)
        line_start = text.rfind("\n", 0, at) + 1
        line_end = text.find("\n", at)
        context = original[line_start : line_end if line_end >= 0 else len(text)].strip()
        if len(context) > 90:
            left_edge = max(0, at - line_start - 45)
            context = "…" + context[left_edge : left_edge + 90] + "…"
        found.append((es, en, first_line + text.count("\n", 0, at), context))

    for separator in (_SLASH, _EQUALS):
        for match in separator.finditer(text):
            left, left_lang = _run(text, match.start(), match.end(), backwards=True, guess=guess)
            right, right_lang = _run(text, match.start(), match.end(), backwards=False, guess=guess)
            add(left, left_lang, right, right_lang, match.start())
    for match in _PAREN.finditer(text):
        left, left_lang = _run(text, match.start(), match.start(), backwards=True, guess=guess)
        inner = _WORD.findall(match.group(1))
        if inner and inner[0].lower() in _STOP:
            inner = inner[1:]  # '(una sonda)', '(o centro delantero)'
        if not inner or len(inner) > _MAX_WORDS or any(word.lower() in _STOP for word in inner):
            continue  # a Spanish aside ('(así como unos accesorios ...)'), not a name
        inner_lang = guess.words(inner)
        # An undecided side still counts when it is set off as a name: quoted ''probe' (una sonda)'
        # or in capitals ('zona FC (o centro delantero)'); a lower-case aside ('(o superior)') does not.
        quoted = match.group()[:1] in "\"'”’" or bool(left) and text[max(0, match.start() - len(left) - 1)] in "\"'“‘"
        if left_lang is None and (quoted or left[:1].isupper()):
            left_lang = "en" if inner_lang == "es" else None
        add(left, left_lang, " ".join(inner), inner_lang, match.start(), both_known=True)
    return found


def _is_name(side: str) -> bool:
    """Single lower-case letters ('acciones (x, y o z)') name nothing; acronyms ('FC', 'HQ') do."""
    return any(len(word) > 2 or word.isupper() for word in side.split())


def _en_agrees(term: Term, en: str) -> bool:
    """The stated English is the entry's name, or its name with/without a word ('Outcome card'), or a typo of it.
    (A variant is no evidence: it may be the very English word the translator kept.)"""
    stated = {_singular(word) for word in re.findall(r"\w+", fold(en, keep_punctuation=True))}
    named = {_singular(word) for word in re.findall(r"\w+", fold(term.en, keep_punctuation=True))}
    if stated == named:
        return True
    if SequenceMatcher(None, fold(en, keep_punctuation=True), fold(term.en, keep_punctuation=True)).ratio() >= 0.85:
        return True  # the translator's typo of the printed name ('Stacionary', 'Mega-Ehnanced')
    return bool(stated) and (stated <= named or named <= stated)


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _mentions(note: str, *texts: str) -> bool:
    """Whether the note holds every one of `texts` as whole words (folded: case and accents aside)."""
    folded = fold(note or "", keep_punctuation=True)
    return bool(folded) and all(
        re.search(rf"(?<!\w){re.escape(fold(text, keep_punctuation=True))}(?!\w)", folded) for text in texts if text.strip()
    )


def judge(es: str, en: str, *, glossary: Glossary, tagger) -> tuple[PairStatus, Term | None, bool]:
    """(status, entry, explained): 'known' when an entry found in the Spanish side (or holding the
    English as a variant) agrees with the English; 'contradiction' when an entry covers the whole
    Spanish side and names something else; 'missing' otherwise."""
    hits = tagger.find(es) + tagger.find(en)
    terms = [term for hit in hits for term in glossary.terms if term.es == hit.es]
    for term in terms:
        if _en_agrees(term, en):
            return PairStatus.KNOWN, term, False
    whole = [term for hit in tagger.find(es) if hit.start == 0 and hit.end == len(es) for term in glossary.terms if term.es == hit.es]
    if whole:
        term = whole[0]
        # Explained: a note names the pair itself, both sides as whole words ('Spacecraft = nave espacial'); a note
        # that only happens to contain the English word ('not to be confused with Ship') explains nothing.
        mentioned = _mentions(term.note, en, es) or any(_mentions(other.note, en, es) for other in glossary.terms if _en_agrees(other, en))
        return PairStatus.CONTRADICTION, term, mentioned
    for term in glossary.terms:
        if _en_agrees(term, en) and fold(es, keep_punctuation=True) in fold(term.note, keep_punctuation=True):
            return PairStatus.KNOWN, term, True
    return PairStatus.MISSING, None, False


def check_glossary(document: Document, *, glossary: Glossary, tagger) -> GlossaryReport:
    """Unused entries of the game's own glossary, and every pair the text states, judged."""
    guess = LanguageGuess(glossary)
    used = {hit.es for section in document.sections for hit in (*section.title_terms, *section.text_terms())}
    game_terms = [term for term in glossary.terms if term.source != "common"]
    unused = tuple(term for term in game_terms if term.es not in used)
    pairs: dict[tuple[str, str], StatedPair] = {}
    for section in document.sections:
        texts = [(section.title, section.first)] + [(block.text, block.first) for block in section.blocks]
        for text, first_line in texts:
            for es, en, line, context in mine_pairs(text, first_line=first_line, guess=guess):
                key = (form_key(es), form_key(en))
                if key not in pairs:
                    status, term, explained = judge(es, en, glossary=glossary, tagger=tagger)
                    pairs[key] = StatedPair(es, en, line, context, status, term, explained)
    return GlossaryReport(
        game=document.game.id,
        entries=len(glossary.terms),
        game_entries=len(game_terms),
        unused=unused,
        pairs=tuple(sorted(pairs.values(), key=lambda pair: pair.line)),
        risky=risky_forms(glossary),
    )


def risky_forms(glossary: Glossary) -> tuple[tuple[Term, str], ...]:
    """One-word forms on spaCy's Spanish stop list ('da', 'bueno'): they would tag ordinary prose."""
    from pipeline.tag.frequencies import stop_words
    from pipeline.tag.matcher import PARTICIPLE_ENDINGS

    spanish_stop_words = stop_words()

    # Participles ('dado') are safe: the tagger skips them where they are verbs ('han dado', 'dado que').
    return tuple(
        (term, form)
        for term in glossary.terms
        for form in term.forms
        if fold(form, keep_punctuation=True) in spanish_stop_words
        and not form.isupper()
        and not fold(form, keep_punctuation=True).endswith(PARTICIPLE_ENDINGS)
    )


def suggestions(report: GlossaryReport) -> list[dict]:
    """Glossary entries (plain dicts, ready for YAML) for the pairs the glossary lacks."""
    entries: dict[str, dict] = {}
    for pair in report.missing:
        key = form_key(pair.es)
        if key in entries:
            continue
        entries[key] = {
            "es": pair.es.lower() if not pair.es.isupper() and not pair.es[:1].isupper() else pair.es,
            "en": pair.en,
            "kind": DEFAULT_KIND,
            "verified": False,
            "note": f"Stated in the text (line {pair.line}): {pair.context}",
        }
    return list(entries.values())
