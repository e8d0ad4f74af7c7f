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


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true", help="Rewrite tests/golden/ from what the code makes now.")


@pytest.fixture(scope="session")
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))


@pytest.fixture(scope="session")
def built_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the project, every game built once, shared by the tests that only read outputs."""
    from click.testing import CliRunner

    from pipeline.cli import main

    root = tmp_path_factory.mktemp("built")
    for name in ("sources", "glossaries", "templates"):
        shutil.copytree(ROOT / name, root / name)
    result = CliRunner().invoke(main, ["--root", str(root), "build"])
    assert result.exit_code == 0, result.output
    return root
