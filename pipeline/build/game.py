"""One game's build: its stale sheets from the cache or typeset, then its reports, manifest and proof page.

make_game is what a build runs for each game whose inputs changed, in its own process or in a pool's worker;
pipeline/build/__init__.py decides which games, and where they run.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Callable

from pipeline import __version__
from pipeline.build.cache import CachedSheet, SheetCache, sheet_group
from pipeline.build.changes import (
    SectionDigest,
    SheetStatus,
    add_history,
    changes_markdown,
    compare,
    describe,
    digest_changes,
    history_entry,
    printed_changes,
    section_digests,
    why,
)
from pipeline.build.keys import SheetKey, sheet_key, tool_fingerprint
from pipeline.build.manifest import manifest_sheet, read_manifest, write_if_changed
from pipeline.build.plan import GamePlan, SheetResult, proof_file, report_file, say_again, sheet_file
from pipeline.build.output import inside_project, remove_dropped_sheets
from pipeline.build.proofpage import proof_page
from pipeline.build.report import GameOutcome, Stage, failed_game
from pipeline.build.stages import cleaning_report_tsv, prepare, tagged_document
from pipeline.errors import RefsheetsError
from pipeline.model import Document
from pipeline.project import GameConfig, Project
from pipeline.store import sweep_temp_files

StageSink = Callable[[Stage, str], None]  # (stage, sheet) as a game enters it; see report.Progress


def make_game(
    project: Project, plan: GamePlan, *, out_dir: Path, force: bool, today: str, stage: StageSink | None = None, debug: bool = False
) -> GameOutcome:
    """Make a game's stale sheets (from the cache when it has them), then its report and manifest.

    A top-level function of picklable arguments, so a process pool can run it; errors come back as
    data because an exception's file and line do not survive pickling. Any error fails this game only
    (with `debug`, a bug is raised with its traceback). `stage` (in-process only) hears each stage as
    the game enters it.
    """
    from pipeline.build.relay import worker_stage

    stage = stage or worker_stage(plan.game) or (lambda name, sheet: None)  # in a pool's worker: via the relay
    try:
        return _make_game(project, plan, out_dir=out_dir, force=force, today=today, stage=stage)
    except Exception as exc:  # noqa: BLE001 - one game's failure, whatever it is, must not cost the others theirs
        return failed_game(plan.game, exc, root=project.root, debug=debug)


def _make_game(  # long: one game's outputs in their order (cache, render, report, manifest), sharing what each made
    project: Project, plan: GamePlan, *, out_dir: Path, force: bool, today: str, stage: StageSink
) -> GameOutcome:
    game_out = out_dir / plan.game
    if out_dir.absolute().is_relative_to(project.root.absolute()):  # output/<game> a link out of the project: refused
        inside_project(project.root, game_out, display=project.display(game_out))
    cache = SheetCache(project.root)
    for folder, within in ((game_out, ""), (cache.store.folder, f"*/{plan.game}/**/")):  # a killed build's leftovers
        sweep_temp_files(folder, within)
    made: dict[str, tuple[CachedSheet, SheetStatus]] = {}
    to_render: list[SheetKey] = []
    failures: dict[str, RefsheetsError] = {}
    for key in plan.keys:
        if key.sheet in plan.stale:
            cached = None if force else cache.get(key.digest, sheet_group(key.game, key.sheet, key.paper))
            if cached is not None:
                stage(Stage.RESTORE, key.sheet)
                made[key.sheet] = (cached, SheetStatus.RESTORED)
            else:
                to_render.append(key)
    document: Document | None = None
    previous = read_manifest(game_out)
    if to_render:
        config, cleaned, document = tagged_document(project, plan.game, config=plan.config, on_stage=lambda name: stage(name, ""))
        made.update(
            _render_sheets(
                project, config, document, to_render, cache=cache, failures=failures, stage=stage, previous=previous, today=today,
                force=force,
            )
        )
    else:
        config, cleaned, prepared = prepare(project, plan.game, config=plan.config, on_stage=lambda name: stage(name, ""))
    game = config.game
    if failures and not made:
        # Nothing new to show for this game: leave its outputs exactly as they were.
        return GameOutcome(plan.game, failed_sheets=[(sheet, str(error), error.exit_code) for sheet, error in failures.items()])
    stage(Stage.WRITE, "")
    report_tsv = cleaning_report_tsv(cleaned)
    write_if_changed(game_out / report_file(plan.game), report_tsv)

    # The document's warnings are the cleaner's and the splitter's (a chunk pattern that matched nothing); then each
    # sheet's own, made or restored (a glyph warning shared by sheets in the same fonts is said once).
    split_warnings = (document if document is not None else prepared).warnings
    sheet_warnings = dict.fromkeys(message for key in plan.keys if key.sheet in made for message in made[key.sheet][0].warnings)
    outcome = GameOutcome(plan.game, warnings=[*plan.warnings, *split_warnings, *sheet_warnings], notices=list(cleaned.notices))
    fresh = {result.sheet: result for result in plan.fresh}
    sheets_json: list[dict] = []
    for key in plan.keys:
        path = game_out / sheet_file(plan.game, key.sheet, paper=key.paper, default_paper=plan.default_paper)
        old = manifest_sheet(previous, key.sheet, file=path.name)
        if key.sheet in failures:
            # The previous PDF (if any) stays as it is, and so does its manifest entry: the next build retries.
            if old is not None:
                sheets_json.append(old)
            error = failures[key.sheet]
            outcome.failed_sheets.append((key.sheet, str(error), error.exit_code))
            continue
        if key.sheet in fresh:  # up to date: its manifest entry is there, and its warnings (said again, for the proof page too)
            if old is not None:
                sheets_json.append(old)
            outcome.results.append(fresh[key.sheet])
            say_again(fresh[key.sheet].warnings, outcome.warnings)
            continue
        entry, how = made[key.sheet]
        written = write_if_changed(path, entry.pdf, display=project.display(path))
        reasons = why(previous, old, inputs=key.inputs, tool=_tool_id(), paper=key.paper) if not force else ("--force",)
        sheet_json, result = _sheet_outcome(project, plan, key, entry, how, old=old, previous=previous, cache=cache, path=path,
                                            reasons=reasons, today=today, written=written)
        sheets_json.append(sheet_json)
        outcome.results.append(result)
    sheets_json += _other_papers(previous, plan, game_out)
    # game.yaml order, the game's own paper first: the same manifest whichever paper was built last.
    order: dict[object, int] = {key.sheet: index for index, key in enumerate(plan.keys)}
    sheets_json.sort(key=lambda entry: (order.get(entry.get("name"), len(order)), entry.get("paper") != plan.default_paper))
    inputs = {path: found for key in plan.keys for path, found in key.inputs.items()}
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
    write_if_changed(game_out / "changes.md", changes_markdown(game.title_es, [entry for entry in sheets_json if entry]))
    page, outcome.typos = proof_page(project, plan, cache=cache, cleaned=cleaned, document=document, made=made, previous=previous,
                                     warnings=outcome.warnings, stage=stage)
    manifest["typos"] = outcome.typos  # said again by every build that leaves the game be
    manifest["warnings"] = list(dict.fromkeys(split_warnings))  # and so are these
    write_if_changed(game_out / proof_file(plan.game), page)
    # The manifest last: until it is written the next build sees this game as unfinished and makes it again.
    write_if_changed(game_out / "manifest.json", json.dumps(manifest, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    for name in remove_dropped_sheets(previous, {key.sheet for key in plan.keys}, game_out):
        outcome.warnings.append(f"{plan.game}: removed {name}: its sheet is no longer in sources/{plan.game}/game.yaml")
    return outcome


def _changed_on(old: dict | None, revision: str, *, today: str) -> str:
    """The day a sheet's content last changed: its previous manifest entry's date while the revision is the same,
    else today. The PDF prints it, so an unchanged sheet keeps its bytes."""
    if old is not None and old.get("revision") == revision and isinstance(old.get("changed"), str):
        return old["changed"]
    return today


def _sheet_outcome(
    project: Project, plan: GamePlan, key: SheetKey, entry: CachedSheet, how: SheetStatus, *, old: dict | None, previous: dict | None,
    cache: SheetCache, path: Path, reasons: tuple[str, ...], today: str, written: bool,
) -> tuple[dict, SheetResult]:
    """The manifest entry and the result (with its change report in words) of a sheet just made or restored.

    A sheet made again to the very bytes its file holds (`written` false: a correction that changes nothing it
    prints) is up to date, and said so with the reasons it was made again: there is nothing new to print."""
    printed = [tuple(part[:3]) for part in entry.printed]
    before = _previous_printed(cache.recorded(plan.game, old))
    if before is not None and printed:
        sections = printed_changes(before, printed)
    else:
        printed_ids = {part[3] for part in entry.printed} or {section["id"] for section in entry.sections}
        digests = tuple(SectionDigest(s["id"], s["title"], s["digest"]) for s in entry.sections)
        sections = digest_changes((previous or {}).get("sections"), digests, printed_ids=printed_ids)
    label = f"{plan.game}/{key.sheet}" + (f" ({key.paper})" if key.paper != plan.default_paper else "")
    changes = compare(old, game=plan.game, sheet=key.sheet, how=how, sections=sections, pages=entry.pages, revision=entry.revision,
                      reasons=reasons, label=label)
    sheet_json = {
        "name": key.sheet,
        "file": path.name,
        "pages": entry.pages,
        "paper": entry.paper,
        "revision": entry.revision,
        "changed": _changed_on(old, entry.revision, today=today),
        "key": entry.key,
        "pdf_sha256": hashlib.sha256(entry.pdf).hexdigest(),
        "history": add_history((old or {}).get("history"), history_entry(changes, date=today)),
    }
    if entry.warnings:  # said again by the builds that leave this sheet up to date (plan.recorded_warnings)
        sheet_json["warnings"] = list(entry.warnings)
    status = how
    if not written and not changes.first_build and not changes.content_changed:
        status, changes = SheetStatus.SAME_CONTENT, replace(changes, how=SheetStatus.SAME_CONTENT)
    result = SheetResult(
        plan.game, key.sheet, project.display(path), entry.pages, entry.revision, status, tuple(describe(changes)), key.paper,
        entry.warnings,
    )
    return sheet_json, result


def _previous_printed(previous: CachedSheet | None) -> list[tuple[str, str, str]] | None:
    """What the previous build of a sheet printed, from the cache entry its manifest names (None: not known)."""
    if previous is None or not previous.printed:
        return None
    return [tuple(part[:3]) for part in previous.printed if isinstance(part, list) and len(part) >= 3]


def _other_papers(previous: dict | None, plan: GamePlan, game_out: Path) -> list[dict]:
    """Manifest entries of this game's sheets on the other paper, kept while their PDFs are there.

    `--paper letter` writes `<game>-<sheet>-letter.pdf` beside the A4 file; either build keeps the other's entry.
    """
    names = {key.sheet for key in plan.keys}
    current = {sheet_file(plan.game, key.sheet, paper=key.paper, default_paper=plan.default_paper) for key in plan.keys}
    kept = []
    for entry in (previous or {}).get("sheets", []):
        if not isinstance(entry, dict) or entry.get("name") not in names or not isinstance(entry.get("file"), str):
            continue
        if entry["file"] not in current and (game_out / entry["file"]).is_file():
            kept.append(entry)
    return kept


def _tool_id() -> str:
    return tool_fingerprint()[:16]


def _render_sheets(
    project: Project,
    config: GameConfig,
    document: Document,
    keys: list[SheetKey],
    *,
    cache: SheetCache,
    failures: dict[str, RefsheetsError],
    stage: StageSink,
    previous: dict | None,
    today: str,
    force: bool = False,
) -> dict[str, tuple[CachedSheet, SheetStatus]]:
    """Render each sheet (one whose printed content is unchanged comes from the printed index, but with `force`),
    its warnings in its entry; one that fails is recorded in `failures` and does not stop the others."""
    from pipeline.build.cache import typeset
    from pipeline.sheets.glyphs import cover_layout
    from pipeline.sheets.icons import check_letters

    sections = tuple(digest.to_json() for digest in section_digests(document))
    made = {}
    covered: dict = {}  # layout.fonts -> cover_layout's (document, warning)
    for key in keys:
        sheet = config.sheet(key.sheet)
        layout = sheet.layouts[key.paper]
        stage(Stage.TYPESET, key.sheet)
        try:
            # An icon's letter is configuration: one the font lacks is an error at its game.yaml line, not a '?'.
            check_letters(document.game.icons, font_path=str(layout.fonts.bold), game=config.game.id)
            if layout.fonts not in covered:  # the same for every sheet in the same fonts: map the document once
                covered[layout.fonts] = cover_layout(document, layout)  # characters the font lacks -> a visible mark
            sheet_document, missing = covered[layout.fonts]
            entry, remember = typeset(cache, key, sheet_document, sheet=sheet, sections=sections,
                                     dated=partial(_changed_on, manifest_sheet(previous, key.sheet), today=today),
                                     root=project.root, force=force)
        except RefsheetsError as exc:
            failures[key.sheet] = exc
            continue
        # (A recipe pattern that matches nothing is the document's warning, said once: sheets/patterns.py.)
        entry = replace(entry, warnings=(missing,) if missing else ())
        # An input saved while we rendered: the PDF may mix old and new, so it must not be filed
        # under either key; an empty key in the manifest makes the next build make it again.
        if sheet_key(project, config.game.id, sheet.spec, paper=key.paper, template_files=layout.files).digest == key.digest:
            cache.put(entry)
            remember()
        else:
            entry = replace(entry, key="")
        made[key.sheet] = (entry, SheetStatus.BUILT)
    return made
