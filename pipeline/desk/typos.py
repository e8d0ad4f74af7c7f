"""Suspected typos: words of the cleaned text that Spanish word lists do not know (or know as rare) and that are
one or two edits from a word they know well or from a glossary term. Candidates only: nothing is ever applied.

Word lists: spaCy's Spanish lemma table (inflected forms, spacy-lookups-data), pyspellchecker's Spanish and
English lists, and spaCy's word probabilities to tell a common word from a rare one. A word is left alone
when it is a glossary term or variant, an English name of the glossary, an English word, a verb with its
pronouns attached ("colócalo", "hacerlo"), a diminutive, or a proper name (capitalised mid-sentence) that
is not one edit from a glossary term or an English word.
"""
from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from pathlib import Path

from pipeline.model import CleanText
from pipeline.text import fold, strip_accents

WORD = re.compile(r"[^\W\d_]{3,}")
# log-probabilities (spaCy's es_lexeme_prob): above COMMON a word is everyday Spanish; below RARE it is a
# rarity that may well be a typo of a neighbour; suggestions must be at least POOL.
COMMON, RARE, POOL = -9.5, -13.0, -14.0
# A word this rare that is one same-length slip from a word 20 times as frequent in the same text is a typo
# even though it is a word ('nava' among a hundred 'nave': a valley in a spaceship game).
REAL_WORD_RARE, REAL_WORD_RATIO = -14.0, 20
# A rare word one b/v or g/j swap from a word this much more probable (log) is a spelling slip ("absorvido").
SWAP_GAIN = 2.0
SWAPS = (("v", "b"), ("b", "v"), ("j", "g"), ("g", "j"), ("y", "ll"), ("ll", "y"))
CLITICS = re.compile(r"(?:me|te|se|nos|os|le|les|lo|los|la|las)$")
DIMINUTIVE = re.compile(r"(?:it|cit|ecit)([oa]s?)$")
PREFIXES = re.compile(r"^(?:re|anti|des|in|super|mega|hiper|auto|sub|pre|contra|sobre|inter|multi|semi)(?=\w{4})")
# Accented question words and a few everyday words spaCy's lemma table lacks.
EVERYDAY = frozenset("qué quién quiénes cuál cuáles cómo dónde adónde cuándo cuánto cuánta cuántos cuántas según".split())
NOT_WORDS = re.compile(r"^(?:(?:ja|je|ji)+|https?|www|html?|com)$")  # laughter, pieces of links
MAX_SUGGESTIONS = 3


@dataclass(frozen=True)
class Typo:
    """A suspected misspelling at raw line `line`, with the words it may have meant (best first)."""

    line: int
    word: str
    suggestions: tuple[str, ...]
    count: int = 1  # occurrences in the text (the first one's line is `line`)


@dataclass(frozen=True)
class Lexicon:
    known: frozenset[str]  # lower-case Spanish forms
    folded: frozenset[str]  # the same, accents stripped (for pronoun-attached forms, which take an accent)
    english: frozenset[str]
    probability: dict[str, float]
    by_length: dict[int, tuple[str, ...]]  # probable known words by length: where suggestions come from


# Bump when Lexicon changes shape: an older saved file is then ignored and made again.
LEXICON_FORMAT = 2


_LOADED: list[Lexicon] = []  # the process's word lists, whichever project's cache they came from


def shared_cache_dir() -> Path:
    """Where the word lists are kept: one copy per user, not per project (they depend on library versions only),
    so a new project's first build does not spend seconds making them. REFSHEETS_CACHE_DIR overrides it."""
    import os

    override = os.environ.get("REFSHEETS_CACHE_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "refsheets"


def lexicon(cache_dir: Path | None = None) -> Lexicon:
    """The word lists, loaded once per process (every project of a process shares them).

    Reading spaCy's tables takes seconds; the lists derived from them are kept in `cache_dir`
    (.refsheets-cache/) as JSON tagged with the libraries' versions, which loads in under one. JSON, not a
    pickle: a project folder may come from anyone, and loading a pickle found in it would run its code.
    """
    if not _LOADED:
        _LOADED.append(_cached_lexicon(cache_dir))
    return _LOADED[0]


def _cached_lexicon(cache_dir: Path | None) -> Lexicon:
    import json

    stamp = f"{LEXICON_FORMAT} {_versions()}"
    path = cache_dir / "typos-lexicon.json" if cache_dir is not None else None
    if path is not None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("stamp") == stamp:
                return Lexicon(
                    known=frozenset(data["known"]),
                    folded=frozenset(data["folded"]),
                    english=frozenset(data["english"]),
                    probability={str(word): float(p) for word, p in data["probability"].items()},
                    by_length={int(length): tuple(words) for length, words in data["by_length"].items()},
                )
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            pass  # a missing, truncated or foreign cache file is simply made again
    words = _load_lexicon()
    if path is not None:
        from pipeline.build.output import write_atomic

        data = {
            "stamp": stamp,
            "known": sorted(words.known),
            "folded": sorted(words.folded),
            "english": sorted(words.english),
            "probability": words.probability,
            "by_length": {str(length): list(found) for length, found in words.by_length.items()},
        }
        try:
            write_atomic(path, json.dumps(data, ensure_ascii=False))
        except Exception:  # noqa: BLE001, S110 - a read-only project still gets its typos, only slower
            pass
    return words


def _versions() -> str:
    from importlib.metadata import version

    return f"{LEXICON_FORMAT} " + " ".join(f"{name}={version(name)}" for name in ("spacy-lookups-data", "pyspellchecker"))


def _load_lexicon() -> Lexicon:
    import spacy_lookups_data
    from spellchecker import SpellChecker

    data = Path(spacy_lookups_data.__file__).parent / "data"
    lemmas = json.loads(gzip.open(data / "es_lemma_lookup.json.gz").read())
    probability = json.loads(gzip.open(data / "es_lexeme_prob.json.gz").read())
    known = set(lemmas) | set(lemmas.values()) | set(SpellChecker(language="es").word_frequency.keys())
    by_length: dict[int, list[str]] = {}
    for word, value in probability.items():
        if value >= POOL and word in known and word.isalpha():
            by_length.setdefault(len(word), []).append(word)
    return Lexicon(
        known=frozenset(known),
        folded=frozenset(strip_accents(word) for word in known),
        english=frozenset(SpellChecker(language="en").word_frequency.keys()),
        # Rarer than this, a word's probability tells nothing the thresholds above use.
        probability={word: value for word, value in probability.items() if value >= -16.5},
        by_length={length: tuple(words) for length, words in by_length.items()},
    )


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
    return unprefixed != word and unprefixed in words.known


def _neighbours(word: str, words: Lexicon, *, max_distance: int, extra: tuple[str, ...] = ()) -> list[str]:
    """Known words (and glossary words) at most `max_distance` edits away, nearest and most probable first."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    lengths = range(len(word) - max_distance, len(word) + max_distance + 1)
    pool = [candidate for length in lengths for candidate in words.by_length.get(length, ())]
    found = process.extract(word, pool + list(extra), scorer=OSA.distance, score_cutoff=max_distance, limit=12)
    # Nearest first; among equals a slip that keeps the length ('uan' -> 'una'), then the more probable word.
    ranked = sorted({name: distance for name, distance, _ in found}.items(),
                    key=lambda item: (item[1], len(item[0]) != len(word), -words.probability.get(item[0], -20.0)))
    return [name for name, _ in ranked if name != word]


def _swapped(word: str, words: Lexicon) -> str | None:
    """The much more probable spelling one b/v, g/j or y/ll swap away ('protejer' -> 'proteger'), if any."""
    own = words.probability.get(word, -20.0)
    best = None
    for old, new in SWAPS:
        for match in re.finditer(old, word):
            candidate = word[: match.start()] + new + word[match.end():]
            gain = words.probability.get(candidate, -20.0) - own
            if candidate in words.known and gain >= SWAP_GAIN and (best is None or gain > best[1]):
                best = (candidate, gain)
    return best[0] if best else None


def judge_word(
    word: str, *, sentence_start: bool, glossary: frozenset[str], glossary_words: tuple[str, ...], words: Lexicon,
    in_text: dict[str, int] | None = None,
) -> tuple[str, ...]:
    """The suggestions for one word of the text, or () when it is no suspected typo.

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
        return ()
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
    if glossary is None and project is not None:
        from pipeline.tag.glossary import load_glossary

        glossary = load_glossary(project.glossaries, game_id, display_root=project.root)
    words = lexicon(shared_cache_dir())
    folded, glossary_words, slips = _glossary_words(glossary, words)
    in_text: dict[str, int] = {}
    for line in cleaned.lines:
        for match in WORD.finditer(line.text):
            in_text[match.group().lower()] = in_text.get(match.group().lower(), 0) + 1
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
            seen[word] = [line.first, 1, judge_word(word, sentence_start=sentence_start, glossary=folded,
                                                    glossary_words=glossary_words, words=words, in_text=in_text)]
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
