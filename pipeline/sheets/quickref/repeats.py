"""Repeated statements on a sheet: whether a statement says again what an earlier one said (condense's `repeats`).

The same statement give or take a typo ("masa"/"mass") or a changed function word is a repeat; two that differ in
a number ("tira 2 dados" / "tira 3 dados") or each name a different thing ("Arquero" / "Mago") are two rules.
"""
from __future__ import annotations

import difflib
import heapq
import math
import re
from collections import Counter

from pipeline.text import fold

REPEAT_RATIO = 0.9
# The numbers of a statement, in figures (with their sign) or words: two statements that differ in one are never repeats.
NUMBER = re.compile(r"[+-]?\d+|\b(?:cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|veinte|cien|mitad|doble|triple)\b")
# Share of their words two statements must have in common before difflib compares them.
WORD_SHARE = 0.6
# Statements longer than this are repeats only when equal (difflib on two long texts costs their product).
MAX_COMPARED_CHARS = 5000
# Earlier statements a new one is compared with, at most (see Statements).
MAX_CANDIDATES = 16


# A plus or minus that is no figure's sign: inside a word or range ("anti-nave", "2-4") or standing alone.
_NOT_A_SIGN = re.compile(r"(?<=\w)[+-]|[+-](?!\d)")


def statement_key(text: str) -> str:
    """What `same` compares of a statement: its folded words (formulas' "=<>≤" kept) and its figures' signs, so two
    tables of modifiers alike but for them ("+2 a la defensa" / "-2 a la defensa") are two rules."""
    key = fold(text, keep="=<>≤+-−").replace("−", "-")
    return " ".join(_NOT_A_SIGN.sub(" ", key).split())


def same(a: str, b: str, *, words_a: set[str] | None = None, words_b: set[str] | None = None) -> bool:
    """The same statement, give or take a typo ("masa"/"mass") or a changed word (`words_*`: their word sets,
    when the caller has them already)."""
    if a == b:
        return True
    if min(len(a), len(b)) < 12 or abs(len(a) - len(b)) > 0.2 * max(len(a), len(b)):
        return False
    if NUMBER.findall(a) != NUMBER.findall(b):
        return False  # "tira 2 dados" and "tira 3 dados" are two rules, however alike they read
    if max(len(a), len(b)) > MAX_COMPARED_CHARS:
        return False  # difflib's cost grows with the product of the lengths: long statements repeat only exactly
    words_a, words_b = words_a if words_a is not None else set(a.split()), words_b if words_b is not None else set(b.split())
    if len(words_a & words_b) < WORD_SHARE * len(words_a | words_b):  # cheap test before the exact one
        return False
    if _swaps_a_word(words_a - words_b, words_b - words_a):
        return False  # "Los reyes valen como los treses" and "Los doses valen como los ases": two rules
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() >= REPEAT_RATIO


# A word of at least this many letters that one statement has in place of another's is a different thing named
# ("Arquero"/"Mago", "reyes"/"doses"), unless the two are spelt alike (a typo: "masa"/"mass", ratio 0.75).
SWAPPED_WORD_LETTERS = 4
TYPO_RATIO = 0.75


def _swaps_a_word(only_a: set[str], only_b: set[str]) -> bool:
    """Whether each statement has a word of its own the other has no look-alike of: a noun changed, not a typo
    (a word only added on one side, "Recuerda que...", is no swap)."""
    def unmatched(words: set[str], others: set[str]) -> bool:
        return any(
            len(word) >= SWAPPED_WORD_LETTERS
            and not any(difflib.SequenceMatcher(None, word, other).ratio() >= TYPO_RATIO for other in others)
            for word in words
        )

    return bool(only_a and only_b) and unmatched(only_a, only_b) and unmatched(only_b, only_a)


class Statements:
    """The statements already on a sheet, indexed so a new one is compared only with those it may repeat.

    `same` needs WORD_SHARE of the two statements' words in common, so two statements it calls the same
    share one of the first words of each, in one fixed order (rarest on the sheet first, so the lists stay
    short): only the statements found under a new one's first words can be the same. Of those, the latest
    MAX_CANDIDATES under each word are gathered and at most MAX_CANDIDATES (sharing the most first words)
    compared, so a sheet of a thousand near-copies does not compare every pair.
    """

    def __init__(self, frequency: Counter) -> None:
        self.frequency = frequency  # in how many statements of the sheet each word appears
        self.exact: set[str] = set()
        self.texts: list[str] = []
        self.words: list[set[str]] = []  # each statement's words, for same
        self.by_word: dict[str, list[int]] = {}

    def _first_words(self, statement: str) -> list[str]:
        words = sorted(set(statement.split()), key=lambda word: (self.frequency[word], word))
        shared = max(1, math.floor(WORD_SHARE * len(words)))  # `same` needs at least this many in common
        return words[: len(words) - shared + 1]

    def repeats(self, statement: str) -> bool:
        if statement in self.exact:
            return True
        # The latest MAX_CANDIDATES statements under each word: a word on every line of a made-up sheet must not
        # make each statement look at all the others (a repeat sits near what it repeats, or shares rarer words).
        shared = Counter(number for word in self._first_words(statement) for number in self.by_word.get(word, ())[-MAX_CANDIDATES:])
        closest = heapq.nsmallest(MAX_CANDIDATES, shared, key=lambda number: (-shared[number], number))
        words = set(statement.split())
        return any(same(statement, self.texts[number], words_a=words, words_b=self.words[number]) for number in closest)

    def add(self, statement: str) -> None:
        self.exact.add(statement)
        number = len(self.texts)
        self.texts.append(statement)
        self.words.append(set(statement.split()))
        for word in self._first_words(statement):
            self.by_word.setdefault(word, []).append(number)
