"""text.tokenize: the tagger's tokens, for glossary forms and text alike."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.text import tokenize


def texts(text: str) -> list[str]:
    return [token for token, _ in tokenize(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("la acción Z.", ["la", "acción", "Z", "."]),  # a letter before a full stop is a word, not an abbreviation
        ("escudos.(De forma", ["escudos", ".", "(", "De", "forma"]),  # punctuation glued to words
        ("([PE])en", ["(", "[", "PE", "]", ")", "en"]),
        ("Stealth Fighter- Caza", ["Stealth", "Fighter", "-", "Caza"]),
        ("-Desencasquillar.", ["-", "Desencasquillar", "."]),  # a list dash glued to its word
        ("D'Artagnan D´artagnan d’Artagnan", ["D'Artagnan", "D´artagnan", "d’Artagnan"]),  # apostrophes inside a word
        ("anti-nave 1-2", ["anti-nave", "1-2"]),  # a hyphen inside a word
        ("«Acción» ¿Daño? ñandú", ["«", "Acción", "»", "¿", "Daño", "?", "ñandú"]),  # accents, Spanish marks
        ("fase de “Evento”", ["fase", "de", "“", "Evento", "”"]),
        ("", []),
    ],
)
def test_words_and_punctuation(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_offsets_and_whitespace_other_than_one_space() -> None:
    """One plain space is no token; a line break, a blank line or a double space is one (no term spans it)."""
    assert tokenize("amenaza  interna\n\nfase\nde") == [
        ("amenaza", 0), ("  ", 7), ("interna", 9), ("\n\n", 16), ("fase", 18), ("\n", 22), ("de", 23)
    ]


@given(st.text(alphabet=st.sampled_from(list("aZé1 \n.-'´(«_")), max_size=40))
def test_every_character_but_a_lone_space_is_in_one_token_at_its_offset(text: str) -> None:
    found = tokenize(text)
    assert found == tokenize(text)  # deterministic
    covered = [index for token, start in found for index in range(start, start + len(token))]
    assert all(text[start : start + len(token)] == token for token, start in found)
    assert covered == sorted(set(covered))  # in order, never overlapping
    assert {index for index, character in enumerate(text) if character != " "} <= set(covered)
