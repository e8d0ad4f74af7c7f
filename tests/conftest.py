"""Shared fixtures: the real project, disposable copies of it, one build of every game per session, real documents."""
from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import os

import pytest
from hypothesis import settings

# `make test` runs the property tests on a fixed sequence of examples, on CI and on anyone's machine, so a
# result is never decided by the luck of a random draw. REFSHEETS_EXPLORE=1 draws new examples each run (to
# hunt for bugs; the local .hypothesis/ database then replays what failed).
settings.register_profile("fixed", derandomize=True, print_blob=True)
if not os.environ.get("REFSHEETS_EXPLORE"):
    settings.load_profile("fixed")

# A sheet prints the date its revision was first built (build/manifest.py build_date). The suite builds from
# nothing, so without a fixed date the goldens would hold the day they were written and fail the next day (and two
# builds either side of midnight would differ). Every build the tests make, in this process or a child, is dated
# 2026-01-01; a test of the dating itself sets its own SOURCE_DATE_EPOCH.
os.environ["SOURCE_DATE_EPOCH"] = "1767225600"

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("space-alert", "legendary-alien", "alternity-warships", "leaving-earth", "galaxy-defenders")
INPUTS = ("sources", "glossaries", "templates")  # what a project is made of; output/ and .refsheets-cache/ are made from them


def copy_project(source: Path, target: Path, *, built: bool = False) -> Path:
    """Copy a project's inputs (and with `built`, its output/ and .refsheets-cache/) to `target`.

    copytree keeps modification times (copy2), so a copied build is exactly as up to date as the original.
    """
    for name in INPUTS + ((("output", ".refsheets-cache") if built else ())):
        if (source / name).exists():
            shutil.copytree(source / name, target / name)
    (target / "output").mkdir(exist_ok=True)
    return target


def tree_digest(root: Path) -> dict[str, str]:
    """sha256 of every file under `root`, by relative path."""
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="session")
def project_root() -> Path:
    """The checkout itself: read it, never build in it (use project_copy, built_copy or real_inputs)."""
    return ROOT


@pytest.fixture(scope="session", autouse=True)
def checkout_untouched() -> Iterator[None]:
    """The suite writes no output or cache into the checkout (a build or a stage there would)."""
    made = ("output", ".refsheets-cache")
    before = {name: tree_digest(ROOT / name) if (ROOT / name).is_dir() else {} for name in made}
    yield
    after = {name: tree_digest(ROOT / name) if (ROOT / name).is_dir() else {} for name in made}
    changed = [name for name in made if before[name] != after[name]]
    assert not changed, f"a test wrote into the checkout's {', '.join(changed)}/ (give it project_copy or built_copy)"


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    """A copy of sources/, glossaries/ and templates/ (nothing built yet) that a test may change freely."""
    return copy_project(ROOT, tmp_path)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true", help="Rewrite tests/golden/ from what the code makes now.")


@pytest.fixture(scope="session")
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))


@dataclass(frozen=True)
class SessionBuild:
    root: Path
    output: str  # what `refsheets build` printed on stdout: a later cold build of the same inputs must print the same


@pytest.fixture(scope="session")
def session_build(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SessionBuild]:
    """Every game built once, cold, in one process, with the real command line; checked untouched when the
    session ends. (One process: test_end_to_end builds the same inputs again with --jobs 2 against it.)"""
    from click.testing import CliRunner

    from pipeline.cli import main

    root = copy_project(ROOT, tmp_path_factory.mktemp("built"))
    result = CliRunner().invoke(main, ["--root", str(root), "build", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    before = tree_digest(root)
    yield SessionBuild(root, result.stdout)
    after = tree_digest(root)
    changed = sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))
    assert not changed, f"a test changed the shared built project (use built_copy instead): {changed[:10]}"


@pytest.fixture(scope="session")
def built_project(session_build: SessionBuild) -> Path:
    """One copy of the project, every game built once, shared by the tests that only read outputs."""
    return session_build.root


@pytest.fixture
def built_copy(built_project: Path, tmp_path: Path) -> Path:
    """A private copy of built_project, outputs and cache included: a build in it re-renders only what the test changes."""
    return copy_project(built_project, tmp_path / "project", built=True)


@pytest.fixture(scope="session")
def real_inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the real project's inputs for the stages to read (and keep their stage cache in), not the checkout."""
    return copy_project(ROOT, tmp_path_factory.mktemp("real"))


@pytest.fixture(scope="session")
def real_game(real_inputs: Path) -> Callable[[str], tuple]:
    """game id -> (GameConfig, CleanText, untagged Document) of a real source, made once per session.

    The model is frozen, so tests share these safely; this is `pipeline.build.prepare` on the real inputs.
    """
    from pipeline.build import prepare
    from pipeline.project import Project

    made: dict[str, tuple] = {}

    def get(game_id: str) -> tuple:
        if game_id not in made:
            made[game_id] = prepare(Project(real_inputs), game_id)
        return made[game_id]

    return get


@pytest.fixture(scope="session")
def real_tagged(real_inputs: Path) -> Callable[[str], tuple]:
    """game id -> (GameConfig, CleanText, tagged Document) of a real source, made once per session
    (`pipeline.build.tagged_document` on the real inputs, as `refsheets build` makes it)."""
    from pipeline.build import tagged_document
    from pipeline.project import Project

    made: dict[str, tuple] = {}

    def get(game_id: str) -> tuple:
        if game_id not in made:
            made[game_id] = tagged_document(Project(real_inputs), game_id)
        return made[game_id]

    return get
