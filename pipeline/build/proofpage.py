"""A game's proof page within a build: from the cache when the same sheet keys made it before, else made now."""
from __future__ import annotations

from typing import Callable

from pipeline.build.cache import SheetCache
from pipeline.build.manifest import manifest_sheet
from pipeline.build.plan import GamePlan, proof_key
from pipeline.build.stages import tagged_document
from pipeline.model import CleanText, Document
from pipeline.project import Project, load_game


def proof_page(
    project: Project, plan: GamePlan, *, cache: SheetCache, cleaned: CleanText, document: Document | None, made: dict,
    previous: dict | None, warnings: list[str], stage: Callable[[str, str], None],
) -> str:
    """The game's proof page: from the cache when these sheet keys made it before, else made now (tagging if need be)."""
    key = proof_key(plan)
    page = cache.get_proof(plan.game, key)
    if page is not None:
        return page
    from pipeline.desk.proof import game_proof

    if document is None:  # every sheet came from the cache: the proof still wants the tagged document
        _, cleaned, document = tagged_document(project, plan.game, config=plan.config, on_stage=lambda name: stage(name, ""))
    stage("proof", "")
    printed_by = {}
    for sheet_key_ in plan.keys:
        entry = made[sheet_key_.sheet][0] if sheet_key_.sheet in made else None
        if entry is None:
            old = manifest_sheet(previous, sheet_key_.sheet)
            entry = cache.recorded(plan.game, old)
        printed_by[sheet_key_.sheet] = {part[3] for part in entry.printed if len(part) > 3} if entry else set()
    config = plan.config or load_game(project, plan.game)  # a worker's plan carries none: read once here
    page = game_proof(
        project, plan.game, cleaned=cleaned, document=document, printed_by=printed_by, warnings=warnings, options=config.split
    )
    cache.put_proof(plan.game, key, page)
    return page
