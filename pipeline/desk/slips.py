"""How likely a misspelling is to be a slip for a candidate word: an edit distance whose costs follow how people
mistype Spanish (accents, neighbouring keys, sound-alike letters, swapped letters), and the ranking of a suspected
typo's candidates by it and by how common each candidate is."""

from __future__ import annotations

import re
from functools import lru_cache

from pipeline.text import strip_accents

# Edit costs of the distance suggestions are ranked by: an accent added or taken away is hardly an edit, a
# neighbouring key or a sound-alike letter (b/v, g/j, c/s/z, y/ll) is a likelier slip than any other letter.
ACCENT_COST, NEAR_KEY_COST, SOUND_COST, SWAP_COST = 0.1, 0.6, 0.6, 0.5
DOUBLE_COST = 0.5  # a letter typed twice ('defensaa') or once where it is double: a key held or bounced
# Spellings Spanish says alike, written the one for the other ('haver', 'llendo', 'hechar'): one of them replaced.
SOUND_SPELLINGS = (("b", "v"), ("v", "b"), ("g", "j"), ("j", "g"), ("ll", "y"), ("y", "ll"), ("s", "z"), ("z", "s"), ("s", "c"), ("c", "s"))
KEYBOARD_ROWS = ("qwertyuiop", "asdfghjklñ", "zxcvbnm")
SOUND_ALIKE = (frozenset("bv"), frozenset("gj"), frozenset("cs"), frozenset("sz"), frozenset("cz"), frozenset("yi"), frozenset("hx"))
FREQUENCY_WEIGHT = 0.5  # at most this much is added to a rare candidate's distance (spaCy log-probability -20 .. -3)


def _near_keys() -> dict[str, frozenset[str]]:
    """Each letter's neighbours on a Spanish keyboard (same row, and the keys above and below)."""
    where = {letter: (row, column) for row, keys in enumerate(KEYBOARD_ROWS) for column, letter in enumerate(keys)}
    return {
        letter: frozenset(other for other, (at_row, at_column) in where.items()
                          if other != letter and abs(at_row - row) <= 1 and abs(at_column - column) <= 1)
        for letter, (row, column) in where.items()
    }


NEAR_KEYS = _near_keys()


@lru_cache(maxsize=1 << 14)  # pairs of letters: a suspected typo's candidates ask the same few hundred again and again
def _substitution(a: str, b: str) -> float:
    if a == b:
        return 0.0
    if strip_accents(a) == strip_accents(b):
        return ACCENT_COST
    plain_a, plain_b = strip_accents(a), strip_accents(b)
    if plain_b in NEAR_KEYS.get(plain_a, ()):
        return NEAR_KEY_COST
    if frozenset((plain_a, plain_b)) in SOUND_ALIKE:
        return SOUND_COST
    return 1.0


@lru_cache(maxsize=4096)
def sound_variants(word: str) -> frozenset[str]:
    """`word` with one sound-alike spelling replaced by the other (SOUND_SPELLINGS) or one silent h put in or
    taken out ('aora' -> 'ahora', 'hiba' -> 'iba'): the spellings a person who writes by ear may have meant."""
    vowels = "aeiouáéíóú"
    found = {word[:at] + word[at + 1:] for at, letter in enumerate(word) if letter == "h" and word[at - 1:at] != "c"}  # (not a ch)
    found |= {word[:at] + "h" + word[at:] for at in range(len(word)) if at == 0 or word[at] in vowels and word[at - 1] in vowels}
    found |= {word[:at.start()] + new + word[at.start() + len(old):]
              for old, new in SOUND_SPELLINGS for at in re.finditer(f"(?={old})", word)}  # every place, overlapping too
    return frozenset(found - {word})


def _indel(text: str, at: int) -> float:
    """What putting in or leaving out text[at] costs: less when it doubles the letter before it."""
    return DOUBLE_COST if at > 0 and text[at] == text[at - 1] else 1.0


def slip_distance(word: str, candidate: str) -> float:
    """An edit distance (optimal string alignment) weighted by how likely each slip is: accents, neighbouring
    keys, sound-alike letters and doubled letters cost less than other edits ('atras' -> 'atrás' 0.1, 'atras' ->
    'otras' 1); a spelling by ear (sound_variants: 'llendo' -> 'yendo') costs what a sound-alike letter does."""
    if candidate in sound_variants(word):
        return SOUND_COST
    rows = [[float(column) for column in range(len(candidate) + 1)]]
    for i in range(1, len(word) + 1):
        row = [rows[i - 1][0] + _indel(word, i - 1)] + [0.0] * len(candidate)
        for j in range(1, len(candidate) + 1):
            row[j] = min(rows[i - 1][j] + _indel(word, i - 1), row[j - 1] + _indel(candidate, j - 1),
                         rows[i - 1][j - 1] + _substitution(word[i - 1], candidate[j - 1]))
            if i > 1 and j > 1 and word[i - 1] == candidate[j - 2] and word[i - 2] == candidate[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + SWAP_COST)
        rows.append(row)
    return rows[-1][-1]


def rank_candidates(word: str, candidates: list[str], probability) -> list[str]:
    """Candidates best first: an accent-only fix first of all, then by slip distance plus a rarity penalty."""
    def key(candidate: str) -> tuple[bool, float, str]:
        prob = probability.get(candidate, -20.0)
        rarity = FREQUENCY_WEIGHT * min(max((-3.0 - prob) / 17.0, 0.0), 1.0)
        return strip_accents(candidate) != strip_accents(word), slip_distance(word, candidate) + rarity, candidate

    return sorted(candidates, key=key)
