"""Fixtures of the hostile-input suite: a project with one tiny made-up game, built once."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .helpers import TINY, run


@pytest.fixture
def tiny(tmp_path: Path, project_root: Path) -> Path:
    """A project with one small made-up game `tiny` (real templates, no glossary) already built once."""
    shutil.copytree(project_root / "templates", tmp_path / "templates")
    (tmp_path / "glossaries").mkdir()
    (tmp_path / "sources" / "tiny").mkdir(parents=True)
    (tmp_path / "sources" / "tiny" / "raw.txt").write_text(TINY, encoding="utf-8")
    result = run(tmp_path, "build", "tiny")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "tiny" / "tiny-quickref.pdf").is_file()
    return tmp_path
