"""What a build loads before it forks its workers: only what its games will need (build/warm.py)."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pipeline.build.keys import ParseMemo
from pipeline.build.plan import plan_game
from pipeline.build.warm import cost, needs
from pipeline.cli import main
from pipeline.project import Project

from .test_stage_cache import tiny  # noqa: F401 - the two-game project fixture


def plans(root: Path, *, force: bool = False):
    project = Project(root)
    memo = ParseMemo(root)
    return project, [plan_game(project, game, out_dir=root / "output", paper=None, force=force, memo=memo) for game in ("a", "b")]


def test_a_cold_build_needs_tagging_and_the_templates_fonts(tiny: Path) -> None:  # noqa: F811
    project, work = plans(tiny)
    tagging, layouts = needs(project, work, force=False)
    assert tagging and layouts == {("quickref", "a4")}


def test_what_the_caches_hold_is_not_loaded(tiny: Path) -> None:  # noqa: F811
    assert CliRunner().invoke(main, ["--root", str(tiny), "build", "--jobs", "1"]).exit_code == 0
    (tiny / "sources" / "a" / "raw.txt").unlink()
    (tiny / "sources" / "a" / "raw.txt").write_text("REGLAS\n\nOtra regla distinta.\n", encoding="utf-8")
    project, work = plans(tiny)
    assert needs(project, work, force=False) == (True, {("quickref", "a4")})  # game a changed: tag and typeset it
    project, work = plans(tiny, force=True)
    work = [plan for plan in work if plan.game == "b"]
    assert needs(project, work, force=False) == (False, set())  # b's sheet and tagged document are cached
    assert needs(project, work, force=True) == (False, {("quickref", "a4")})  # --force typesets again, still no tagging
    assert cost(project, work[0]) > 0
