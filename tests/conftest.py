"""Shared fixtures: the real project root and a disposable copy of it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("space-alert", "legendary-alien", "alternity-warships", "leaving-earth", "galaxy-defenders")


@pytest.fixture(scope="session")
def project_root() -> Path:
    return ROOT


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    """A copy of sources/, glossaries/ and templates/ that a test may change freely."""
    for name in ("sources", "glossaries", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "output").mkdir()
    return tmp_path
