"""A game's proof page within a build, with its count of suspected typos (the build says it): from the store when
the same sheet keys made them before, else made now."""
from __future__ import annotations

from typing import Callable

from pipeline.build.cache import PROOF, SheetCache
from pipeline.build.manifest import manifest_sheet
from pipeline.build.plan import GamePlan, proof_key
from pipeline.build.report import Stage
from pipeline.build.stages import tagged_document
from pipeline.model import CleanText, Document
from pipeline.project import Project, load_game
from pipeline.store import memoized


def proof_page(
    project: Project, plan: GamePlan, *, cache: SheetCache, cleaned: CleanText, document: Document | None, made: dict,
    previous: dict | None, warnings: list[str], stage: Callable[[Stage, str], None],
) -> tuple[str, int]:
    """The game's proof page and how many suspected typos it lists: from the store when these sheet keys made
    them before, else made now (tagging if need be)."""

    def make() -> tuple[str, int]:
        from pipeline.desk.proof import game_proof

        tagged = document
        if tagged is None:  # every sheet came from the cache: the proof still wants the tagged document
            _, shown, tagged = tagged_document(project, plan.game, config=plan.config, on_stage=lambda name: stage(name, ""))
        else:
            shown = cleaned
        stage(Stage.PROOF, "")
        printed_by = {}
        for key in plan.keys:
            entry = made[key.sheet][0] if key.sheet in made else cache.recorded(plan.game, manifest_sheet(previous, key.sheet))
            printed_by[key.sheet] = {part[3] for part in entry.printed if len(part) > 3} if entry else set()
        config = plan.config or load_game(project, plan.game)  # a worker's plan carries none: read once here
        return game_proof(project, plan.game, cleaned=shown, document=tagged, printed_by=printed_by, warnings=warnings,
                          options=config.split)

    return memoized(cache.store, PROOF, proof_key(plan), make, group=plan.game, load=_page,
                    dump=lambda made: {"page": made[0], "typos": made[1]})


def _page(stored: object) -> tuple[str, int]:
    """A stored proof page and its typo count; an entry of another shape (a page alone, as kept before) is a miss."""
    if not isinstance(stored, dict) or not isinstance(stored.get("page"), str) or not isinstance(stored.get("typos"), int):
        raise TypeError("not a proof page")
    return stored["page"], stored["typos"]
