"""What an untitled game takes from its text (pipeline.build.defaults)."""

from __future__ import annotations

import pytest

from pipeline.build.defaults import names_a_section


@pytest.mark.parametrize(
    "title",
    ["Introducción", "El turno", "Objetivo del juego", "Preparación de la partida", "Reglas del juego", "Componentes",
     "Desarrollo de una ronda", "Reglas básicas", "Fin de la partida"],
)
def test_a_text_that_opens_with_a_usual_section_has_no_title_line(title: str) -> None:
    assert names_a_section(title)


@pytest.mark.parametrize("title", ["Reglas de Faro Lejano", "Cazadores de nubes", "Juego de Tronos", "Piratas de Papel"])
def test_a_game_named_after_its_rules_is_a_title(title: str) -> None:
    assert not names_a_section(title)
