"""Hostile raw texts made at test time: each a function of a size n, deterministic, shaped to hit one kind of pass.

The sizes the tests use are moderate; the shapes are those of the inputs that once hung the tool (200,000 short
lines as paragraphs or as one broken sentence, a 100 KB word) and others that stress a single stage.
"""
# ruff: noqa: S311 - seeded pseudo-random words make test texts, nothing secret
from __future__ import annotations

import random
from typing import Callable

SYLLABLES = "ba ce di fo gu la me ni po ru sa te vi zo cha que lle rra mon tel bar des pin cor".split()
RULE_WORDS = "jugador carta turno ronda dado ficha tablero puntos mazo fase".split()


def sentence(rng: random.Random, words: int = 9) -> str:
    """A made-up Spanish-looking sentence with rule vocabulary (so no cleaner takes it for a story)."""
    made = ["".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 2))) for _ in range(words)]
    made[1:1] = [rng.choice(RULE_WORDS) for _ in range(max(1, words // 4))]
    return made[0].capitalize() + " " + " ".join(made[1:]) + "."


def paragraphs(n: int) -> str:
    """n distinct short paragraphs under one heading."""
    rng = random.Random(n)
    return "REGLAS\n\n" + "".join(sentence(rng) + "\n\n" for _ in range(n))


def short_paragraphs(n: int) -> str:
    """n distinct paragraphs of three or four words, each of which looks like a title on its own."""
    rng = random.Random(n)
    return "REGLAS\n\n" + "".join(sentence(rng, 3) + "\n\n" for _ in range(n))


def broken_sentence(n: int) -> str:
    """One sentence broken into n lines (each carries on in lower case)."""
    rng = random.Random(n)
    return "REGLAS\n\nEl jugador\n" + "".join(sentence(rng, 3).lower().rstrip(".") + "\n" for _ in range(n)) + "y termina.\n"


def long_word(n: int) -> str:
    """A word of n letters with no space (a dump that lost its spaces), inside a rule."""
    letters = ("abcdefghijklmnopqrstuvwxyz" * (n // 26 + 1))[:n]
    return f"REGLAS\n\nEl jugador roba {letters} una carta.\n"


def brackets(n: int) -> str:
    """n opening brackets that never close, inside a rule."""
    return "REGLAS\n\nEl jugador roba " + "(" * n + " una carta.\n"


def headings(n: int) -> str:
    """n sections, each a heading in capitals over one rule."""
    rng = random.Random(n)
    return "".join(f"SECCION {index}\n\n{sentence(rng)}\n\n" for index in range(n))


def label_rows(n: int) -> str:
    """n 'label: value' lines that share no pattern (never a table)."""
    rng = random.Random(n)
    rows = (f"{rng.choice(SYLLABLES).capitalize()}{rng.choice(SYLLABLES)} {index}: {sentence(rng, 3)}\n" for index in range(n))
    return "REGLAS\n\n" + "".join(rows)


def stories(n: int) -> str:
    """n sections, each opening with a short first-person story before its rule."""
    rng = random.Random(n)
    return "".join(
        f"SECCION {index}\n\nYo era joven y Sergei me dijo que {sentence(rng, 5).lower()}\n\n{sentence(rng)}\n\n" for index in range(n)
    )


def copies(n: int) -> str:
    """n paragraphs, each a copy of the one before cut short or complete (duplicates to resolve)."""
    rng = random.Random(n)
    lines = []
    for _ in range(n // 2):
        text = sentence(rng, 14)
        lines += [text[: len(text) * 2 // 3], text]
    return "REGLAS\n\n" + "".join(line + "\n\n" for line in lines)


def one_line(n: int) -> str:
    """n sentences on one line (a dump that lost its line breaks)."""
    rng = random.Random(n)
    return "REGLAS\n" + " ".join(sentence(rng) for _ in range(n)) + "\n"


def inline_notes(n: int) -> str:
    """One line of n sentences, each with a translator's note inside."""
    rng = random.Random(n)
    return "REGLAS\n\n" + " ".join(f"{sentence(rng)} (n. del t: nota {index})" for index in range(n)) + "\n"


# name -> (text of size n, the size the tests start from: small but well above the measuring noise)
def version_numbers(n: int) -> str:
    """A remark on the translation with n dotted numbers that is not one (it ends in another word): a pattern
    that reads "1.1" as one number or as "1", ".", "1" tries every split before it fails."""
    return f"REGLAS\n\nEl jugador roba una carta (traducción {'1.' * n}1 beta) y la mira.\n"


SHAPES: dict[str, tuple[Callable[[int], str], int]] = {
    "paragraphs": (paragraphs, 100),
    "short-paragraphs": (short_paragraphs, 150),
    "broken-sentence": (broken_sentence, 200),
    "long-word": (long_word, 5_000),
    "brackets": (brackets, 2500),
    "headings": (headings, 75),
    "label-rows": (label_rows, 150),
    "stories": (stories, 50),
    "copies": (copies, 100),
    "inline-notes": (inline_notes, 60),
    "one-line": (one_line, 100),
    "version-numbers": (version_numbers, 2),
}
