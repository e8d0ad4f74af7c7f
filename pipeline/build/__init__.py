"""Run the stages for the games whose inputs changed and write their sheets, reports and manifests.

load -> clean -> split -> tag -> typeset -> output, skipped for every sheet whose cache key (keys.py)
is the one its manifest records; deciding that imports neither spaCy nor reportlab. Here: which games
(plan.py) and where they run (in this process, or a pool of forked workers); game.py makes one game.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterator

from pipeline.build.cache import PROOF
from pipeline.build.lock import build_lock
from pipeline.build.game import make_game
from pipeline.build.keys import ParseMemo, project_store
from pipeline.build.manifest import build_date
from pipeline.build.plan import GamePlan, SheetResult, plan_game, proof_key, say_again
from pipeline.build.report import (
    BuildReport, GameOutcome, Progress, ProgressSink, Stage, failed_game, no_progress, outcome_of, record_outcome,
)
from pipeline.build.stages import cleaning_report_tsv, merge_credits, prepare, tagged_document
from pipeline.project import Project

__all__ = ["build", "prepare", "tagged_document", "cleaning_report_tsv", "merge_credits", "BuildReport", "SheetResult"]


def build(
    project: Project,
    game_ids: list[str],
    *,
    out_dir: Path,
    paper: str | None = None,
    force: bool = False,
    jobs: int = 1,
    wait: bool = True,
    strict: bool = False,
    progress: ProgressSink = no_progress,
    notice: Callable[[str], None] = lambda message: None,
    debug: bool = False,
) -> BuildReport:
    """Build the sheets of `game_ids` whose inputs changed (all with `force`), `jobs` games at a time.

    With `strict`, a correction that no longer matches fails its game (exit 2) before anything is made.
    Holds the project's build lock throughout (`notice` hears that it waits for another build).
    `progress` hears each game enter each stage (with several jobs: when it starts and ends); results
    come back in the report in the order of `game_ids`, whatever the number of jobs.
    """
    report = BuildReport()
    with build_lock(project.root, wait=wait, on_wait=notice):
        plans: dict[str, GamePlan | GameOutcome] = {}
        memo = ParseMemo(project.root)
        # Every game's configuration (game.yaml, recipes, templates) is read and checked before any text is cleaned.
        for game_id in game_ids:
            try:
                plans[game_id] = plan_game(project, game_id, out_dir=out_dir, paper=paper, force=force, memo=memo)
            except Exception as exc:  # noqa: BLE001 - see make_game
                plans[game_id] = failed_game(game_id, exc, root=project.root, debug=debug)
        for game_id, plan in plans.items():
            if strict and isinstance(plan, GamePlan):
                try:
                    # Corrections are checked even when every sheet is up to date and nothing is cleaned.
                    prepare(project, game_id, strict=True, config=plan.config)
                except Exception as exc:  # noqa: BLE001 - see make_game
                    plans[game_id] = failed_game(game_id, exc, root=project.root, debug=debug)
        work = [plan for plan in plans.values() if isinstance(plan, GamePlan) and plan.refresh]
        outcomes = _run(project, work, out_dir=out_dir, force=force, today=build_date(), jobs=jobs, progress=progress, debug=debug)
        for game_id in game_ids:
            plan = plans[game_id]
            if isinstance(plan, GamePlan) and not plan.refresh:
                say_again(plan.recorded, report.warnings)
                report.add_sheets(plan.fresh)
                report.typos[game_id] = plan.typos
                continue
            outcome = plan if isinstance(plan, GameOutcome) else next(outcomes)
            record_outcome(report, outcome)
    return report


def _run(
    project: Project, work: list[GamePlan], *, out_dir: Path, force: bool, today: str, jobs: int, progress: ProgressSink, debug: bool
) -> Iterator[GameOutcome]:
    """The outcomes of `work`, in its order: in this process, or in a pool of `jobs` processes."""
    if jobs <= 1 or len(work) <= 1:
        return _run_here(project, work, out_dir=out_dir, force=force, today=today, progress=progress, debug=debug)
    return _run_pool(project, work, out_dir=out_dir, force=force, today=today, jobs=min(jobs, len(work)), progress=progress, debug=debug)


def _finished(outcome: GameOutcome, done: int, total: int) -> Progress:
    failed = outcome.error is not None or bool(outcome.failed_sheets)
    return Progress(outcome.game, Stage.FAILED if failed else Stage.DONE, done, total)


def _run_here(
    project: Project, work: list[GamePlan], *, out_dir: Path, force: bool, today: str, progress: ProgressSink, debug: bool
) -> Iterator[GameOutcome]:
    for done, plan in enumerate(work):
        def stage(name: Stage, sheet: str, game: str = plan.game, done: int = done) -> None:
            progress(Progress(game, name, done, len(work), sheet))

        outcome = make_game(project, plan, out_dir=out_dir, force=force, today=today, stage=stage, debug=debug)
        progress(_finished(outcome, done + 1, len(work)))
        yield outcome


def _finished_count(finished: set[int], futures) -> int:
    """How many of a pool's games are finished, whatever their order: outcomes are taken in the build's order
    (alphabetical) while the longest games run first, so counting the outcomes taken would show [1/500] until the
    first game in that order is done. A future counts once, when its done-callback (the pool's thread) adds it to
    `finished` or this sees it done first, so the count never steps back."""
    finished.update(id(future) for future in futures if future.done())
    return len(finished)


def _run_pool(
    project: Project, work: list[GamePlan], *, out_dir: Path, force: bool, today: str, jobs: int, progress: ProgressSink, debug: bool
) -> Iterator[GameOutcome]:
    """Progress: each worker's stages through the relay (forked workers), each game's end from here."""
    from concurrent.futures import ProcessPoolExecutor

    from pipeline.build import warm
    from pipeline.build.relay import relay
    from pipeline.build.workers import after_a_killed_worker, broken, run_game, start_worker

    tagging, layouts = warm.needs(project, work, force=force)
    progress(Progress("", Stage.WARM, 0, len(work)))  # seconds of loading before any game starts: say so
    proofs = any(not project_store(project.root).has(PROOF, proof_key(plan), plan.game) for plan in work)
    warm.load(project, tagging=tagging, layouts=layouts, proofs=proofs)  # once here, not once per worker
    context = warm.fork_context()
    finished: set[int] = set()  # the futures done (_finished_count)
    running = context.Array("i", len(work), lock=False)  # game index -> pid of the worker making it (workers.py)
    with relay(context, lambda game, name, sheet: progress(Progress(game, name, len(finished), len(work), sheet))) as relayed:
        # Workers die with this process and give up its lock: a killed build leaves nothing running (workers.py).
        executor = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=start_worker, initargs=(os.getpid(), running))
        try:
            # The longest games start first, so no long game is left to run alone at the end.
            longest_first = sorted(work, key=lambda plan: -warm.cost(project, plan))
            number = {plan.game: index for index, plan in enumerate(work)}
            futures = {
                plan.game: executor.submit(run_game, number[plan.game], make_game, project, plan, out_dir=out_dir, force=force, today=today,
                                           debug=debug)
                for plan in longest_first
            }
            for future in futures.values():
                future.add_done_callback(lambda future: finished.add(id(future)))
            processes = dict(getattr(executor, "_processes", None) or {})  # pid -> Process, for their exit codes
            if not relayed:
                for plan in longest_first[:jobs]:
                    progress(Progress(plan.game, Stage.LOAD, 0, len(work)))
            again: dict[str, GameOutcome] | None = None
            for done, plan in enumerate(work):
                if again is None and broken(futures[plan.game]):
                    executor.shutdown(wait=True)
                    processes.update(getattr(executor, "_processes", None) or {})
                    again = after_a_killed_worker(
                        work, futures, running, processes,
                        lambda plan, stage: make_game(project, plan, out_dir=out_dir, force=force, today=today, stage=stage, debug=debug),
                        progress=progress,
                    )
                outcome = (again or {}).get(plan.game) or outcome_of(futures[plan.game], plan.game, root=project.root, debug=debug)
                # After a killed worker every future is done: the games made again here count one by one.
                count = done + 1 if again is not None else max(done + 1, _finished_count(finished, futures.values()))
                progress(_finished(outcome, count, len(work)))
                if done == len(work) - 1:  # never resumed after it: reap the workers (and count their CPU) before os._exit
                    executor.shutdown(wait=True)
                yield outcome
        except BaseException:
            # Ctrl-C: workers got the signal too; each write is atomic, so just stop handing out games.
            executor.shutdown(wait=False, cancel_futures=True)
            raise

