"""Fixtures of the hostile-input suite: a project with one tiny made-up game, built once."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .helpers import OTRO, TINY, run


@pytest.fixture(scope="session")
def tiny_base(tmp_path_factory: pytest.TempPathFactory, project_root: Path) -> Path:
    """A project with one small made-up game `tiny` (real templates, no glossary), built once per session."""
    root = tmp_path_factory.mktemp("tiny-base")
    shutil.copytree(project_root / "templates", root / "templates")
    (root / "glossaries").mkdir()
    (root / "sources" / "tiny").mkdir(parents=True)
    (root / "sources" / "tiny" / "raw.txt").write_text(TINY, encoding="utf-8")
    result = run(root, "build", "tiny")
    assert result.exit_code == 0, result.output
    assert (root / "output" / "tiny" / "tiny-quickref.pdf").is_file()
    return root


@pytest.fixture
def tiny(tiny_base: Path, tmp_path: Path) -> Path:
    """A copy of the built `tiny` project (outputs and cache included) that a test may change."""
    root = tmp_path / "project"
    shutil.copytree(tiny_base, root, symlinks=True)
    return root


@pytest.fixture
def two_games(tiny: Path) -> Path:
    """`tiny` and a second small game, `otro`, both built once."""
    (tiny / "sources" / "otro").mkdir()
    (tiny / "sources" / "otro" / "raw.txt").write_text(OTRO, encoding="utf-8")
    result = run(tiny, "build")
    assert result.exit_code == 0, result.output
    return tiny
