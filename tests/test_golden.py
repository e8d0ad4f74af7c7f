"""Every real source against its golden files (tests/golden/<game>/); `--update-goldens` rewrites them."""
from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.model import outline_text, sections_json

from .conftest import GAMES
from .golden_cases import GOLDEN, case_files


@pytest.mark.parametrize("game", GAMES)
def test_golden_case(built_project: Path, real_tagged, game: str, update_goldens: bool) -> None:
    _, _, document = real_tagged(game)  # the document the session build made its sheets from (same inputs)
    actual = case_files(built_project / "output", game, outline=outline_text(document), sections_json=sections_json(document))
    folder = GOLDEN / game
    if update_goldens:
        folder.mkdir(parents=True, exist_ok=True)
        for stale in set(p.name for p in folder.iterdir()) - set(actual):
            (folder / stale).unlink()
        for name, content in actual.items():
            (folder / name).write_text(content, encoding="utf-8")
        return
    expected = {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()} if folder.is_dir() else {}
    assert sorted(expected) == sorted(actual), f"golden files of {game} differ in name (run pytest --update-goldens)"
    for name in actual:
        assert actual[name] == expected[name], f"tests/golden/{game}/{name} differs (review, then pytest --update-goldens)"
