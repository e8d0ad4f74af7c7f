"""Every rule statement of a seed game (tests/sentences/<game>.rules.txt) is printed on one of its sheets (≥ 0.95 of them),
and hardly any on two."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import GAMES
from ..golden_cases import pdf_text
from ..rule_statements import REQUIRED, TWICE, missing, printed_twice, read_statements, words


def _texts(built_project: Path, game: str) -> dict[str, str]:
    folder = built_project / "output" / game
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return {sheet["name"]: pdf_text(folder / sheet["file"]) for sheet in manifest["sheets"]}


@pytest.mark.parametrize("game", GAMES)
def test_the_sheets_print_the_rule_statements(built_project: Path, game: str) -> None:
    texts = _texts(built_project, game)
    total, absent = missing(game, texts)
    shown = "\n".join(f"  {key}: {sentence[:100]}" for key, sentence in absent)
    assert total - len(absent) >= REQUIRED * total, f"{game}: {len(absent)} of {total} rule statements on no sheet:\n{shown}"


@pytest.mark.parametrize("game", GAMES)
def test_no_sheet_reprints_the_rules_of_another(built_project: Path, game: str) -> None:
    twice = printed_twice(game, _texts(built_project, game))
    repeated = sum(len(words(sentence)) for _, sentence, _ in twice)
    total = sum(len(words(sentence)) for _, sentence in read_statements(game))
    shown = "\n".join(f"  {key} on {', '.join(on)}: {sentence[:80]}" for key, sentence, on in twice)
    assert repeated <= TWICE * total, f"{game}: {repeated} of {total} rule-statement words printed on two sheets:\n{shown}"
