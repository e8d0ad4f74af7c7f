"""What a player sees on the built sheets (read back from the PDFs with pypdf): no debris, real tables and lists."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import GAMES


def _sheets(root: Path) -> dict[str, list[str]]:
    """'game/sheet' -> the text of each page."""
    found = {}
    for pdf in sorted((root / "output").glob("*/*.pdf")):
        game = pdf.parent.name
        found[f"{game}/{pdf.stem.removeprefix(game + '-')}"] = [page.extract_text() or "" for page in PdfReader(pdf).pages]
    return found


@pytest.fixture(scope="module")
def sheets(built_project: Path) -> dict[str, list[str]]:
    return _sheets(built_project)


def test_every_game_has_its_sheets(sheets) -> None:
    assert {name.split("/")[0] for name in sheets} == set(GAMES)
    assert len(sheets) == 11


def test_no_pilcrow_is_ever_printed(sheets) -> None:
    """A paragraph break is a paragraph break: '¶' joined paragraphs to save lines (item 2 of issue 14)."""
    assert [name for name, pages in sheets.items() if any("¶" in page for page in pages)] == []


def test_a_lost_table_points_to_the_rulebook_instead_of_printing_debris(sheets) -> None:
    text = " ".join(sheets["alternity-warships/quickref"])
    assert "Tabla 2–1: Ataques a minas — ver el reglamento" in text
    assert "Verificar resultado M O G" not in text and "Un – – –" not in text


def test_the_sequence_of_play_is_a_numbered_list(sheets) -> None:
    text = sheets["alternity-warships/quickref"][0]
    for step in ("1. Fase de borde", "4. Fase de movimiento", "a) Naves capitales", "5. Fase de Fuego", "8. Órdenes especiales"):
        assert step in text


def test_die_faces_and_system_damage_are_tables(sheets) -> None:
    dice = " ".join(sheets["galaxy-defenders/dice"]).split()
    assert dice[dice.index("Cara") + 1] == "Efecto"  # the table's header row
    damage = " ".join(sheets["alternity-warships/system-damage"])
    assert "Sistema Efecto Aturdimiento Herida Mortal Crítico" in " ".join(damage.split())
    quickref = sheets["galaxy-defenders/quickref"][0]
    assert "Impacto · HIT" in quickref and "Munición · Ammo" in quickref
