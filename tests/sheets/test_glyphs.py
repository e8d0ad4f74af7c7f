"""Characters the sheet's font lacks (pipeline.sheets.glyphs), on made-up strings."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pipeline.sheets.glyphs import coverage, cover_text

FONT = Path(__file__).resolve().parents[2] / "templates" / "fonts" / "DejaVuSansCondensed.ttf"


@pytest.mark.parametrize(
    ("text", "drawn", "missing"),
    [
        ("✅ Sí | ❌ No", "✔ Sí | ✘ No", {}),  # a table's yes and no keep their meaning
        ("✨ Reglas especiales ⭐", "✶ Reglas especiales ★", {}),
        ("Roba 中 cartas", "Roba \ufffd cartas", {"中": 1}),  # no look-alike: replaced, and reported
        ("Roba ✔ una carta", "Roba ✔ una carta", {}),  # one the font has stays
    ],
    ids=["yes-no", "decoration", "no-look-alike", "drawn"],
)
def test_an_emoji_mark_the_font_lacks_is_drawn_as_its_plain_look_alike(text: str, drawn: str, missing: dict[str, int]) -> None:
    found: Counter[str] = Counter()
    assert cover_text(text, coverage(str(FONT)), found) == drawn
    assert dict(found) == missing
    assert len(cover_text(text, coverage(str(FONT)))) == len(text)  # term offsets stay valid
