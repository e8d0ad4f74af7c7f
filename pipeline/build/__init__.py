"""Run the stages for the games whose inputs changed and write their sheets, reports and manifests.

load -> clean -> split -> tag -> typeset -> output, skipped for every sheet whose cache key (keys.py)
is the one its manifest records; deciding that imports neither spaCy nor reportlab.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterator

from pipeline import __version__
from pipeline.build.cache import CachedSheet, SheetCache, sweep_temp_files
from pipeline.build.changes import SectionDigest, compare, describe, section_digests, why
from pipeline.build.keys import ParseMemo, SheetKey, sheet_key, tool_fingerprint
from pipeline.build.manifest import build_date, manifest_sheet, read_manifest, write_if_changed
from pipeline.build.plan import GamePlan, SheetResult, plan_game, report_file, sheet_file
from pipeline.build.report import BuildReport, GameOutcome, record_outcome
from pipeline.build.stages import cleaning_report_tsv, merge_credits, prepare, tagged_document
from pipeline.errors import RefsheetsError
from pipeline.model import Document
from pipeline.project import GameConfig, Project

__all__ = ["build", "prepare", "tagged_document", "cleaning_report_tsv", "merge_credits", "BuildReport", "SheetResult"]


def make_game(project: Project, plan: GamePlan, *, out_dir: Path, force: bool, today: str) -> GameOutcome:
    """Make a game's stale sheets (from the cache when it has them), then its report and manifest.

    A top-level function of picklable arguments, so a process pool can run it; errors come back as
    data because an exception's file and line do not survive pickling.
    """
    try:
        return _make_game(project, plan, out_dir=out_dir, force=force, today=today)
    except RefsheetsError as exc:
        return GameOutcome(plan.game, error=str(exc), exit_code=exc.exit_code)


def _make_game(  # long: one game's outputs in their order (cache, render, report, manifest), sharing what each made
    project: Project, plan: GamePlan, *, out_dir: Path, force: bool, today: str
) -> GameOutcome:
    game_out = out_dir / plan.game
    sweep_temp_files(game_out)
    cache = SheetCache(project.root)
    made: dict[str, tuple[CachedSheet, str]] = {}
    to_render: list[SheetKey] = []
    glyph_warnings: list[str] = []
    failures: dict[str, RefsheetsError] = {}
    for key in plan.keys:
        if key.sheet in plan.stale:
            cached = None if force else cache.get(key.digest)
            if cached is not None and (cached.game, cached.sheet) == (key.game, key.sheet):
                made[key.sheet] = (cached, "restored from cache")
            else:
                to_render.append(key)
    if to_render:
        config, cleaned, document = tagged_document(project, plan.game, config=plan.config)
        dated = _dating(read_manifest(game_out), today)
        made.update(
            _render_sheets(project, config, document, to_render, cache=cache, warnings=glyph_warnings, failures=failures, dated=dated)
        )
    else:
        config, cleaned, _ = prepare(project, plan.game, config=plan.config)
    game = config.game
    if failures and not made:
        # Nothing new to show for this game: leave its outputs exactly as they were.
        return GameOutcome(plan.game, failed_sheets=[(sheet, str(error), error.exit_code) for sheet, error in failures.items()])
    report_tsv = cleaning_report_tsv(cleaned)
    write_if_changed(game_out / report_file(plan.game), report_tsv)

    previous = read_manifest(game_out)
    outcome = GameOutcome(plan.game, warnings=list(cleaned.warnings) + glyph_warnings)
    fresh = {result.sheet: result for result in plan.fresh}
    sheets_json = []
    for key in plan.keys:
        path = game_out / sheet_file(plan.game, key.sheet)
        old = manifest_sheet(previous, key.sheet)
        if key.sheet in failures:
            # The previous PDF (if any) stays as it is, and so does its manifest entry: the next build retries.
            if old is not None:
                sheets_json.append(old)
            error = failures[key.sheet]
            outcome.failed_sheets.append((key.sheet, str(error), error.exit_code))
            continue
        if key.sheet in fresh:
            sheets_json.append(old)
            outcome.results.append(fresh[key.sheet])
            continue
        entry, how = made[key.sheet]
        write_if_changed(path, entry.pdf, display=project.display(path))
        changes = compare(
            old,
            (previous or {}).get("sections"),
            game=plan.game,
            sheet=key.sheet,
            how=how,
            sections=tuple(SectionDigest(s["id"], s["title"], s["digest"]) for s in entry.sections),
            pages=entry.pages,
            revision=entry.revision,
            reasons=why(previous, old, inputs=key.inputs, tool=_tool_id(), paper=key.paper) if not force else ("--force",),
        )
        kept = old is not None and old.get("revision") == entry.revision and isinstance(old.get("changed"), str)
        sheets_json.append(
            {
                "name": key.sheet,
                "file": path.name,
                "pages": entry.pages,
                "paper": entry.paper,
                "revision": entry.revision,
                "changed": old["changed"] if kept else today,
                "key": entry.key,
                "pdf_sha256": hashlib.sha256(entry.pdf).hexdigest(),
            }
        )
        status = "restored" if how == "restored from cache" else "built"
        outcome.results.append(
            SheetResult(plan.game, key.sheet, project.display(path), entry.pages, entry.revision, status, tuple(describe(changes)))
        )
    inputs: dict[str, str] = {}
    for key in plan.keys:
        inputs.update(key.inputs)
    manifest = {
        "game": plan.game,
        "title_es": game.title_es,
        "title_en": game.title_en,
        "tool_version": __version__,
        "tool": _tool_id(),
        "inputs": inputs,
        "cleaning_report_sha256": hashlib.sha256(report_tsv.encode("utf-8")).hexdigest(),
        # One list per game: every sheet of a game is made from the same document.
        "sections": list(next(iter(made.values()))[0].sections) if made else (previous or {}).get("sections", []),
        "sheets": sheets_json,
    }
    write_if_changed(game_out / "manifest.json", json.dumps(manifest, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    return outcome


def _dating(previous: dict | None, today: str):
    """sheet name -> (revision -> the day that content last changed): the previous manifest's date while
    the revision is the same, else today. The PDF prints it, so an unchanged sheet keeps its bytes."""

    def dated_for(sheet: str):
        old = manifest_sheet(previous, sheet)

        def dated(revision: str) -> str:
            if old is not None and old.get("revision") == revision and isinstance(old.get("changed"), str):
                return old["changed"]
            return today

        return dated

    return dated_for


def _tool_id() -> str:
    return tool_fingerprint()[:16]


def _render_sheets(
    project: Project,
    config: GameConfig,
    document: Document,
    keys: list[SheetKey],
    *,
    cache: SheetCache,
    warnings: list[str],
    failures: dict[str, RefsheetsError],
    dated,
) -> dict[str, tuple[CachedSheet, str]]:
    """Render each sheet; one that fails is recorded in `failures` and does not stop the others."""
    from pipeline.sheets import render
    from pipeline.sheets.glyphs import cover_layout

    sections = tuple(digest.to_json() for digest in section_digests(document))
    made = {}
    covered: dict = {}  # layout.fonts -> cover_layout's (document, warning)
    for key in keys:
        sheet = config.sheet(key.sheet)
        layout = sheet.layouts[key.paper]
        try:
            if layout.fonts not in covered:  # the same for every sheet in the same fonts: map the document once
                covered[layout.fonts] = cover_layout(document, layout)  # characters the font lacks -> a visible mark
            sheet_document, missing = covered[layout.fonts]
            if missing and missing not in warnings:  # once per build, even when several sheets meet them
                warnings.append(missing)
            rendered = render(sheet_document, sheet=sheet, paper=key.paper, dated=dated(key.sheet))
        except RefsheetsError as exc:
            failures[key.sheet] = exc
            continue
        entry = CachedSheet(
            key=key.digest,
            game=key.game,
            sheet=key.sheet,
            pdf=rendered.pdf,
            pages=rendered.pages,
            revision=rendered.revision,
            paper=layout.paper,
            sections=sections,
        )
        # An input saved while we rendered: the PDF may mix old and new, so it must not be filed
        # under either key; an empty key in the manifest makes the next build make it again.
        if sheet_key(project, config.game.id, sheet.spec, paper=key.paper).digest == key.digest:
            cache.put(entry)
            cache.prune(key.game, key.sheet)
        else:
            entry = replace(entry, key="")
        made[key.sheet] = (entry, "rebuilt")
    return made


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
    progress: Callable[[str], None] = lambda message: None,
) -> BuildReport:
    """Build the sheets of `game_ids` whose inputs changed (all with `force`), `jobs` games at a time.

    With `strict`, a correction that no longer matches fails its game (exit 2) before anything is made.
    Holds the project's build lock throughout. Report lines reach `progress` game by game in the
    order of `game_ids`, whatever the number of jobs.
    """
    report = BuildReport()
    with SheetCache(project.root).lock(wait=wait, on_wait=progress):
        plans: dict[str, GamePlan | GameOutcome] = {}
        memo = ParseMemo(project.root)
        # Every game's configuration (game.yaml, recipes, templates) is read and checked before any text is cleaned.
        for game_id in game_ids:
            try:
                plans[game_id] = plan_game(project, game_id, out_dir=out_dir, paper=paper, force=force, memo=memo)
            except RefsheetsError as exc:
                plans[game_id] = GameOutcome(game_id, error=str(exc), exit_code=exc.exit_code)
        for game_id, plan in plans.items():
            if strict and isinstance(plan, GamePlan):
                try:
                    # Corrections are checked even when every sheet is up to date and nothing is cleaned.
                    prepare(project, game_id, strict=True, config=plan.config)
                except RefsheetsError as exc:
                    plans[game_id] = GameOutcome(game_id, error=str(exc), exit_code=exc.exit_code)
        memo.save()
        work = [plan for plan in plans.values() if isinstance(plan, GamePlan) and plan.refresh]
        outcomes = _run(project, work, out_dir=out_dir, force=force, today=build_date(), jobs=jobs)
        for game_id in game_ids:
            plan = plans[game_id]
            if isinstance(plan, GamePlan) and not plan.refresh:
                report.up_to_date.extend(plan.fresh)
                continue
            outcome = plan if isinstance(plan, GameOutcome) else next(outcomes)
            record_outcome(report, outcome, progress)
    return report


def _run(project: Project, work: list[GamePlan], *, out_dir: Path, force: bool, today: str, jobs: int) -> Iterator[GameOutcome]:
    """The outcomes of `work`, in its order: in this process, or in a pool of `jobs` processes."""
    if jobs <= 1 or len(work) <= 1:
        return (make_game(project, plan, out_dir=out_dir, force=force, today=today) for plan in work)
    return _run_pool(project, work, out_dir=out_dir, force=force, today=today, jobs=min(jobs, len(work)))


def _run_pool(project: Project, work: list[GamePlan], *, out_dir: Path, force: bool, today: str, jobs: int) -> Iterator[GameOutcome]:
    from concurrent.futures import ProcessPoolExecutor

    from pipeline.build import warm

    tagging, layouts = warm.needs(project, work, force=force)
    warm.load(project, tagging=tagging, layouts=layouts)  # once here, not once per worker
    executor = ProcessPoolExecutor(max_workers=jobs, mp_context=warm.fork_context())
    try:
        # The longest games start first, so no long game is left to run alone at the end.
        longest_first = sorted(work, key=lambda plan: -warm.cost(project, plan))
        futures = {
            plan.game: executor.submit(make_game, project, plan, out_dir=out_dir, force=force, today=today) for plan in longest_first
        }
        for plan in work:
            yield futures[plan.game].result()
    except BaseException:
        # Ctrl-C: workers got the signal too; each write is atomic, so just stop handing out games.
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    executor.shutdown(wait=True)
