"""Every rule statement of a seed game (tests/sentences/<game>.rules.txt) is printed on one of its sheets (≥ 0.95 of them)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import GAMES
from ..golden_cases import pdf_text
from ..rule_statements import REQUIRED, missing


@pytest.mark.parametrize("game", GAMES)
def test_the_sheets_print_the_rule_statements(built_project: Path, game: str) -> None:
    folder = built_project / "output" / game
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    texts = {sheet["name"]: pdf_text(folder / sheet["file"]) for sheet in manifest["sheets"]}
    total, absent = missing(game, texts)
    shown = "\n".join(f"  {key}: {sentence[:100]}" for key, sentence in absent)
    assert total - len(absent) >= REQUIRED * total, f"{game}: {len(absent)} of {total} rule statements on no sheet:\n{shown}"
