"""Suspected typos: words of the cleaned text that Spanish word lists do not know (or know as rare) and that are
one or two edits from a word they know well or from a glossary term. Candidates only: nothing is ever applied.

Word lists: spaCy's Spanish lemma table (inflected forms, spacy-lookups-data), pyspellchecker's Spanish and
English lists, and spaCy's word probabilities to tell a common word from a rare one. A word is left alone
when it is a glossary term or variant, an English name of the glossary, an English word, a verb with its
pronouns attached ("colócalo", "hacerlo"), a diminutive, or a proper name (capitalised mid-sentence) that
is not one edit from a glossary term or an English word.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import overload
from dataclasses import dataclass
from pathlib import Path

from pipeline.desk.slips import rank_candidates, sound_variants
from pipeline.desk.verdicts import CountReads, verdicts_for
from pipeline.model import CleanText
from pipeline.text import fold, strip_accents
from pipeline.store import user_folder
from pipeline.wordstore import ENGLISH, FOLDED, KNOWN, WordStore, word_store

__all__ = ["Typo", "Lexicon", "lexicon", "find_typos", "judge_word", "corrections_yaml"]

WORD = re.compile(r"[^\W\d_]{3,}")
# log-probabilities (spaCy's es_lexeme_prob): above COMMON a word is everyday Spanish; below RARE it is a
# rarity that may well be a typo of a neighbour. Suggestions are at least wordstore.POOL.
COMMON, RARE = -9.5, -13.0
# A word this rare that is one same-length slip from a word 20 times as frequent in the same text is a typo
# even though it is a word ('nava' among a hundred 'nave': a valley in a spaceship game).
REAL_WORD_RARE, REAL_WORD_RATIO = -14.0, 20
# A rare word one b/v or g/j swap from a word this much more probable (log) is a spelling slip ("absorvido").
SWAP_GAIN = 2.0
ENGLISH_SWAP_GAIN = 4.0  # the same for a word the English list knows ('haver' / 'haber'): a Spanish text's English is mostly names
SWAPS = (("v", "b"), ("b", "v"), ("j", "g"), ("g", "j"), ("y", "ll"), ("ll", "y"))
CLITICS = re.compile(r"(?:me|te|se|nos|os|le|les|lo|los|la|las)$")
DIMINUTIVE = re.compile(r"(?:it|cit|ecit)([oa]s?)$")
PREFIXES = re.compile(r"^(?:re|anti|des|in|super|mega|hiper|auto|sub|pre|contra|sobre|inter|multi|semi)(?=\w{4})")
# Accented question words and a few everyday words spaCy's lemma table lacks.
EVERYDAY = frozenset("qué quién quiénes cuál cuáles cómo dónde adónde cuándo cuánto cuánta cuántos cuántas según".split())
NOT_WORDS = re.compile(r"^(?:(?:ja|je|ji)+|https?|www|html?|com)$")  # laughter, pieces of links
MAX_SUGGESTIONS = 3
# Word formation the lists do not spell out: an adjective in -able/-ible of a known verb ("jugable"), a verb in
# -ear made from a known noun ("rolear", "tuitear"), a compound of a verb form and a plural noun ("pasamanos").
ABLE = re.compile(r"^(\w{2,}?)(?:able|ible)(s?)$")
EAR_VERB = re.compile(r"^(\w{3,}?)e(?:ar|o|as|a|amos|áis|an|ando|ado|ada|ados|adas)$")
FUNCTION_WORD = -6.0  # log-probability above which a word is a preposition, article or the like ('para', 'que')
COMPOUND_NOUN = re.compile(r"^(\w{3,}?[ae])(\w{3,}s)$")



@dataclass(frozen=True)
class Typo:
    """A suspected misspelling at raw line `line`, with the words it may have meant (best first)."""

    line: int
    word: str
    suggestions: tuple[str, ...]
    count: int = 1  # occurrences in the text (the first one's line is `line`)


class _Flagged:
    """`word in lexicon.known` (or .folded, .english): one bit of the word's flags in the store."""

    def __init__(self, store: WordStore, bit: int) -> None:
        self._store, self._bit = store, bit

    def __contains__(self, word: str) -> bool:
        return bool(self._store.entry(word)[0] & self._bit)


class _Probabilities:
    """`lexicon.probability.get(word, default)`: spaCy's log-probability, for words not rarer than -16.5."""

    def __init__(self, store: WordStore) -> None:
        self._store = store

    @overload
    def get(self, word: str, default: float) -> float: ...
    @overload
    def get(self, word: str, default: None = None) -> float | None: ...

    def get(self, word: str, default: float | None = None) -> float | None:
        found = self._store.entry(word)[1]
        return default if found is None else found


class Lexicon:
    """The word lists, asked a word at a time (wordstore.py keeps them in a file, not in memory)."""

    def __init__(self, store: WordStore) -> None:
        self.store = store
        self.stamp = store.stamp
        self.known = _Flagged(store, KNOWN)  # lower-case Spanish forms
        self.folded = _Flagged(store, FOLDED)  # the same, accents stripped (pronoun-attached forms take an accent)
        self.english = _Flagged(store, ENGLISH)
        self.probability = _Probabilities(store)
        self.by_length = store.by_length  # probable known words by length: where suggestions come from
        self._pools: dict[tuple[int, int], list[str]] = {}
        self._positions: dict[str, tuple[int, int]] = {}  # pool word -> (its length, its place among that length's)

    def pool(self, length: int, max_distance: int) -> list[str]:
        """The probable known words whose length is within `max_distance` of `length`, shortest first."""
        key = (length, max_distance)
        if key not in self._pools:
            lengths = range(length - max_distance, length + max_distance + 1)
            self._pools[key] = [candidate for size in lengths for candidate in self.by_length.get(size, ())]
        return self._pools[key]

    def within_one(self, word: str) -> list[tuple[str, int, int]]:
        """What process.extract(word, self.pool(len(word), 1), scorer=OSA.distance, score_cutoff=1, limit=12) gives,
        (word, distance, index in that pool) nearest and then first in the pool, from the store's index."""
        from rapidfuzz.distance import OSA

        if not self._positions:
            self._positions = {found: (length, position) for length, words in self.by_length.items()
                               for position, found in enumerate(words)}
        offsets, offset = {}, 0
        for length in range(len(word) - 1, len(word) + 2):
            offsets[length] = offset
            offset += len(self.by_length.get(length, ()))
        scored = []
        for candidate in self.store.near(word):
            length, position = self._positions[candidate]
            distance = OSA.distance(word, candidate, score_cutoff=1)
            if distance <= 1 and length in offsets:
                scored.append((distance, offsets[length] + position, candidate))
        return [(candidate, distance, index) for distance, index, candidate in sorted(scored)[:12]]


def lexicon(cache_dir: Path | None = None) -> Lexicon:
    """The word lists (pipeline/wordstore.py: a SQLite file in `cache_dir`, read a word at a time), once per process."""
    if not _LOADED:
        _LOADED.append(Lexicon(word_store(cache_dir)))
    return _LOADED[0]


_LOADED: list[Lexicon] = []


def _is_form(word: str, words: Lexicon) -> bool:
    """A Spanish form the lists know: directly, as an everyday word, or once its attached pronouns, diminutive
    ending, adverb ending (-mente) or prefix (re-, anti-, mega- ...) are taken off."""
    if word in words.known or word in EVERYDAY or words.probability.get(word, -20.0) > COMMON:
        return True
    stem = word
    for _ in range(2):  # "dáselo": -lo, then -se
        stem, cut = CLITICS.subn("", stem)
        if not cut or len(stem) < 2:
            break
        if strip_accents(stem) in words.folded:
            return True
    base = DIMINUTIVE.sub(r"\1", word)
    if base != word and base in words.known:
        return True
    if word.endswith("mente") and strip_accents(word[:-5]) in words.folded:
        return True
    unprefixed = PREFIXES.sub("", word)
    if unprefixed != word and unprefixed in words.known:
        return True
    return _formed(word, words)


def _formed(word: str, words: Lexicon) -> bool:
    """A word made by the rules of word formation from words the lists know (ABLE, EAR_VERB, COMPOUND_NOUN)."""
    able = ABLE.match(word)
    if able and any(able.group(1) + ending in words.known for ending in ("ar", "er", "ir")):
        return True
    made = EAR_VERB.match(word)
    if made and made.group(1) in words.known and not made.group(1).endswith(("a", "e", "i", "o", "u")):
        return True  # rol -> rolear, but not a vowel-final stem (that is an ordinary -ar verb's slip)
    compound = COMPOUND_NOUN.match(word)
    if not compound or compound.group(1) not in words.known or compound.group(2) not in words.known:
        return False
    # Both halves everyday words, the first no function word ('para' + 'cartas' is a lost space, not a compound).
    verb, noun = (words.probability.get(part, -20.0) for part in compound.groups())
    return COMMON < verb < FUNCTION_WORD and noun > COMMON


def _neighbours(word: str, words: Lexicon, *, max_distance: int, extra: tuple[str, ...] = ()) -> list[str]:
    """Known words (and glossary words) at most `max_distance` edits away, nearest and most probable first."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    if max_distance == 1 and not extra:  # most calls: the store's index answers them as extract would
        found = words.within_one(word)
    else:
        pool = words.pool(len(word), max_distance)
        found = process.extract(word, pool + list(extra) if extra else pool, scorer=OSA.distance, score_cutoff=max_distance, limit=12)
    # Accent-only fixes first (asked of the lists directly: a rare form such as 'obtén' is in no pool), then the
    # likeliest slip (keyboard- and sound-aware) of the more probable word.
    names = _accented(word, words) + sorted(form for form in sound_variants(word) if form in words.known) + [name for name, _, _ in found]
    return rank_candidates(word, [name for name in dict.fromkeys(names) if name != word], words.probability)


_ACCENTED = {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú"}


def _accented(word: str, words: Lexicon) -> list[str]:
    """The known words that are `word` with one vowel accented, or with its accent moved or taken away."""
    plain = strip_accents(word)
    forms = [plain] + [plain[:i] + _ACCENTED[ch] + plain[i + 1:] for i, ch in enumerate(plain) if ch in _ACCENTED]
    return [form for form in forms if form != word and form in words.known]


def _swapped(word: str, words: Lexicon, *, gain: float = SWAP_GAIN) -> str | None:
    """The spelling one b/v, g/j or y/ll swap away that is `gain` (log) more probable ('protejer' -> 'proteger'), if any."""
    own = words.probability.get(word, -20.0)
    swapped = [word[: match.start()] + new + word[match.end():] for old, new in SWAPS for match in re.finditer(old, word)]
    gains = [(words.probability.get(candidate, -20.0) - own, candidate) for candidate in swapped if candidate in words.known]
    best = max(gains, key=lambda found: found[0], default=None)  # the first of equal gains
    return best[1] if best is not None and best[0] >= gain else None


def judge_word(
    word: str, *, sentence_start: bool, glossary: frozenset[str], glossary_words: tuple[str, ...], words: Lexicon,
    in_text: "dict[str, int] | CountReads | None" = None,
) -> tuple[str, ...]:
    """The suggestions for one word of the text, in the word's case ('DIFICIL' -> 'DIFÍCIL'), or () when it is no suspected typo."""
    found = _judge(word, sentence_start=sentence_start, glossary=glossary, glossary_words=glossary_words, words=words, in_text=in_text)
    return tuple(dict.fromkeys(_in_case_of(word, suggestion) for suggestion in found))


def _in_case_of(word: str, suggestion: str) -> str:
    if len(word) > 1 and word.isupper():
        return suggestion.upper()
    if word[:1].isupper():
        return suggestion[:1].upper() + suggestion[1:]
    return suggestion


def _judge(
    word: str, *, sentence_start: bool, glossary: frozenset[str], glossary_words: tuple[str, ...], words: Lexicon,
    in_text: "dict[str, int] | CountReads | None" = None,
) -> tuple[str, ...]:
    """The suggestions for one word of the text (lower case but for a name's), or () when it is no suspected typo.

    `in_text`: how often each lower-case word occurs in the same text (a word used again and again is
    the translator's on purpose, unless it is one slip from an everyday word).
    """
    lower = word.lower()
    counts = in_text or {}
    if fold(word) in glossary or NOT_WORDS.match(lower):
        return ()
    if len(word) >= 4 and word[:2].isupper() and word[2:].islower() and lower in words.known:
        return (word[0] + word[1:].lower(),)  # 'ESto': a finger held on shift
    if word.isupper() and len(word) <= 5:
        return ()  # an acronym
    own = words.probability.get(lower)
    if lower not in words.known and lower not in EVERYDAY and not (word[:1].isupper() and not sentence_start):
        # Common in careless writing ('despues', 'tambien') but no list's word: the accented form it lacks.
        accented = [form for form in _accented(lower, words) if words.probability.get(form, -20.0) > (own or -20.0)]
        if accented:
            return (max(accented, key=lambda form: words.probability.get(form, -20.0)),)
    if _is_form(lower, words):
        if own is not None and own > RARE:
            return ()
        swapped = _swapped(lower, words)
        if swapped:
            return (swapped,)
        if own is None or own >= REAL_WORD_RARE:
            return ()
        # A rare real word one same-length slip from a word the text uses far more ('uan' / 'una', 'nava' / 'nave').
        mine = counts.get(lower, 1)
        for neighbour in _neighbours(lower, words, max_distance=1):
            if len(neighbour) == len(lower) and counts.get(neighbour, 0) >= REAL_WORD_RATIO * mine:
                return (neighbour,)
        return ()
    if lower in words.english:
        # An English rarity that is an everyday Spanish word spelt by ear ('haver'): the Spanish word.
        swapped = _swapped(lower, words, gain=ENGLISH_SWAP_GAIN)
        return (swapped,) if swapped else ()
    capitalised = word[0].isupper() and not word.isupper()
    if capitalised and not sentence_start:
        # A proper name, unless it is one slip from a glossary term or an English word ('Landindg').
        close = _neighbours(lower, words, max_distance=1, extra=glossary_words)
        close = [n for n in close if n in glossary_words or n in words.english]
        return tuple(n.capitalize() for n in close[:MAX_SUGGESTIONS]) if len(lower) >= 6 else ()
    distance = 1 if len(lower) <= 4 else 2
    found = _neighbours(lower, words, max_distance=distance, extra=glossary_words)
    if counts.get(lower, 1) >= 3:
        # Used again and again: a word of the translator's (droide), unless an everyday word is one slip away.
        found = [n for n in _neighbours(lower, words, max_distance=1) if words.probability.get(n, -20.0) > -10.5]
    return tuple(found[:MAX_SUGGESTIONS])


def find_typos(cleaned: CleanText, *, project=None, game_id: str | None = None, glossary=None) -> list[Typo]:
    """Suspected typos of a game's cleaned text, each with its first raw line and its count, in text order."""
    if glossary is None and project is not None and game_id is not None:
        from pipeline.tag.glossary import load_glossary

        glossary = load_glossary(project.glossaries, game_id, display_root=project.root)
    words = lexicon(user_folder())
    folded, glossary_words, slips = _glossary_words(glossary, words)
    in_text = Counter(match.group().lower() for line in cleaned.lines for match in WORD.finditer(line.text))
    words.store.prefetch(in_text)  # the text's words in a few queries, not one each
    verdicts = verdicts_for(project, game_id, stamp=words.stamp, glossary=(folded, glossary_words, slips))
    seen: dict[str, list] = {}
    for line in cleaned.lines:
        for match in WORD.finditer(line.text):
            word = match.group()
            if word in seen:
                seen[word][1] += 1
                continue
            if len(word) <= 4 and line.text[match.end():match.end() + 1] == ".":
                continue  # an abbreviation ('pág.', 'máx.'), not a misspelt word
            before = line.text[: match.start()].rstrip()
            sentence_start = not before or before[-1] in ".:!?¡¿-–—•*(\"«“"
            if fold(word) in slips:
                seen[word] = [line.first, 1, (_same_case(slips[fold(word)], word),)]
                continue
            def afresh(counts: CountReads, word: str = word, start: bool = sentence_start) -> tuple[str, ...]:
                return judge_word(word, sentence_start=start, glossary=folded, glossary_words=glossary_words, words=words, in_text=counts)

            seen[word] = [line.first, 1, verdicts.judge(word, sentence_start=sentence_start, counts=in_text, afresh=afresh)]
    verdicts.save()
    return [Typo(first, word, suggestions, count) for word, (first, count, suggestions) in seen.items() if suggestions]


def _glossary_words(glossary, words: Lexicon) -> tuple[frozenset[str], tuple[str, ...], dict[str, str]]:
    """Folded words of every glossary term, variant and English name; their lower-case forms to suggest; and the
    variants that are slips of their own term (a variant 'landindg' of 'Landing', kept so the tagger finds the
    typo in the text): folded slip -> the term's form it misspells."""
    from rapidfuzz.distance import OSA

    folded, plain, slips = set(), set(), {}
    for term in getattr(glossary, "terms", ()) or ():
        for variant in term.variants:
            lower = variant.lower()
            if " " in lower or _is_form(lower, words) or lower in words.english:
                continue
            near = [form for form in (term.en, term.es) if form.lower() != lower and OSA.distance(lower, form.lower()) <= 2]
            if near:
                slips[fold(variant)] = near[0]
        for form in (term.es, term.en, *term.variants):
            for word in re.findall(r"[^\W\d_]+", form):
                folded.add(fold(word))
                if len(word) >= 3:
                    plain.add(word.lower())
    return frozenset(folded - set(slips)), tuple(sorted(plain - {slip for slip in slips})), slips


def _same_case(suggestion: str, word: str) -> str:
    return suggestion.capitalize() if word[:1].isupper() else suggestion.lower()


def corrections_yaml(typos: list[Typo]) -> str:
    """Ready-to-paste corrections.yaml entries, one per typo with a suggestion (the first: check it)."""
    import yaml

    entries = []
    for typo in typos:
        if not typo.suggestions:
            continue
        entry = {"regex": rf"\b{re.escape(typo.word)}\b", "replace": typo.suggestions[0], "expect": typo.count,
                 "note": f"typo (refsheets typos; line {typo.line}{_also(typo)})"}
        entries.append(entry)
    return yaml.safe_dump(entries, allow_unicode=True, sort_keys=False, width=110) if entries else ""


def _also(typo: Typo) -> str:
    return f"; also: {', '.join(typo.suggestions[1:])}" if len(typo.suggestions) > 1 else ""
