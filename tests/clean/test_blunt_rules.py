"""The cleaner's blunt rules on texts of games we never see: what each rule must keep, and what it must still remove."""

from __future__ import annotations

import pytest

from pipeline.clean import clean
from pipeline.model import CleanText, Document, GameInfo
from pipeline.split import split

from .test_clean import kept_text, raw_of  # noqa: F401 - kept_text: the later items

GAME = GameInfo(id="test", title_es="Juego", title_en="Game")
RULE = "Cada jugador roba dos cartas al empezar su turno y descarta una."


def sections(result: CleanText) -> dict[str, str]:
    document: Document = split(result, game=GAME)
    return {section.title: section.text for section in document.sections}


def lost(result: CleanText) -> list[tuple[str, str]]:
    return [(record.original, record.reason) for record in result.report if record.action in ("drop", "duplicate", "credit")]


# --- 1. a last section whose only rule is a short sentence --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "rule"),
    [
        (f"Preparación\n{RULE}\n\nFin\nGana quien más tenga.\n", "Fin", "Gana quien más tenga."),
        (f"Preparación\n{RULE}\n\nFIN DE LA PARTIDA\n\nGana quien más tenga.\n", "Fin de la partida", "Gana quien más tenga."),
        (f"Preparación\n{RULE}\n\nFin de la partida\nNadie gana.\n", "Fin de la partida", "Nadie gana."),
        (f"## Preparación\n\n{RULE}\n\n## Fin\n\nGana quien más tenga.\n", "Fin", "Gana quien más tenga."),
        # Not only at the end: between two headings the short sentence is the first one's rule, no title.
        (f"Preparación\n{RULE}\n\nFin\nGana quien más tenga.\n\nVariante\nSe juega en equipos de dos.\n", "Fin", "Gana quien más tenga."),
        # After a paragraph, the text's last line: a rule however short ("Ganas 2 puntos al final." was).
        (f"Preparación\n{RULE}\n\nNadie gana.\n", "Preparación", f"{RULE}\n\nNadie gana."),
    ],
    ids=["title", "caps-blank", "two-words", "markdown", "middle", "after-text"],
)
def test_a_last_section_whose_only_rule_is_a_short_sentence_keeps_its_heading(text: str, title: str, rule: str) -> None:
    result = clean(raw_of(text))
    assert not lost(result)
    assert sections(result)[title] == rule
    assert clean(raw_of(result.as_text())).as_text() == result.as_text()


def test_a_heading_the_translation_stops_at_still_goes_and_a_stopped_title_over_its_text_stays() -> None:
    result = clean(raw_of(f"Preparación\n{RULE}\n\nFin de la partida\nFin\n"))
    assert [reason for _, reason in lost(result)] == ["heading with no text after it (the translation stops here)"] * 2
    # "Entrar en fase." over its paragraph is a card's title (Space Alert's abilities end in a full stop).
    text = "AMENAZAS AMARILLAS\nEntrar en fase.\n\nLas amenazas con esta habilidad mueven todos los turnos.\n"
    assert "Entrar en fase" in sections(clean(raw_of(text)))
