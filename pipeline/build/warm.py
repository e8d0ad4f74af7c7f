"""Heavy resources loaded once per process: the lemma table, reportlab, the fonts, the word lists.

A build with several jobs loads what its games will need before the pool forks (every worker then
inherits them instead of loading its own), and `watch` loads them once for all its rebuilds. What a
build will need is decided from cache file names alone: a sheet the cache holds needs no typesetting,
a game whose tagged document the stage cache holds needs no lemma table.
"""
from __future__ import annotations

import multiprocessing

from pipeline.build.cache import SHEET, sheet_group
from pipeline.build.plan import GamePlan
from pipeline.build.keys import TAG, project_store, stage_key
from pipeline.project import Project


def needs(project: Project, work: list[GamePlan], *, force: bool) -> tuple[bool, set[tuple[str, str]]]:
    """(whether any game must be tagged, the (template, paper) of every sheet that must be typeset)."""
    from pipeline.build.keys import ParseMemo

    store, memo = project_store(project.root), ParseMemo(project.root)
    tagging, layouts = False, set()
    for plan in work:
        to_render = [
            key for key in plan.keys
            if key.sheet in plan.stale and (force or not store.has(SHEET, key.digest, sheet_group(key.game, key.sheet, key.paper)))
        ]
        if not to_render:
            continue
        tagging = tagging or not store.has(TAG, stage_key(project, plan.game, TAG), plan.game)
        _, sheets = memo.game_sheets(project, plan.game)  # one memo for all games: it reads every game's entries
        templates = {sheet.name: sheet.template for sheet in sheets}
        layouts |= {(templates.get(key.sheet, "quickref"), key.paper) for key in to_render}
    return tagging, layouts


def load(project: Project, *, tagging: bool, layouts: set[tuple[str, str]], proofs: bool = False) -> None:
    """Import and build what `needs` named (and the word lists when `proofs`, proof pages to make); each loader caches
    its result for the life of the process."""
    if tagging:
        from pipeline.tag.matcher import lemma_table

        lemma_table()
    if layouts:
        import pipeline.sheets.cards.draw  # reportlab and the renderers, imported once
        import pipeline.sheets.quickref.typeset  # noqa: F401
        from pipeline.errors import RefsheetsError
        from pipeline.sheets.layout import load_layout
        from pipeline.sheets.markup import register_fonts

        for template, paper in sorted(layouts):
            try:
                register_fonts(load_layout(project.templates, template, paper=paper).fonts)
            except RefsheetsError:
                continue  # the game's own build reports it, with its name
    if layouts or proofs:  # every game whose sheets are made gets a proof page, whose typo search reads the word lists
        from pipeline.desk.typos import lexicon
        from pipeline.store import user_folder

        lexicon(user_folder())  # where find_typos reads them (made here the first time, not by each worker)


def cost(project: Project, plan: GamePlan) -> int:
    """How long a game will take, roughly (its raw text's size): the pool starts the longest first."""
    try:
        return (project.sources / plan.game / "raw.txt").stat().st_size * max(len(plan.stale), 1)
    except OSError:
        return 0


def fork_context():
    """Workers forked from this process share what it loaded; where fork is missing, the default start."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork") if "fork" in methods else multiprocessing.get_context()


def keep_warm(project: Project, game_ids: list[str], *, paper: str | None = None) -> None:
    """Everything a rebuild of `game_ids` may need, loaded now: `watch` then answers a save at once.

    The lemma table, each game's glossary tagger, reportlab, the fonts of every template the
    games use and the word lists of the proof page's typo search. A game whose files are broken is
    skipped here: its build says what is wrong.
    """
    from pipeline.build.keys import ParseMemo
    from pipeline.errors import RefsheetsError
    from pipeline.tag.glossary import load_glossary
    from pipeline.tag.matcher import tagger_for

    memo, layouts = ParseMemo(project.root), set()
    for game_id in game_ids:
        try:
            game_paper, sheets = memo.game_sheets(project, game_id)
            layouts |= {(sheet.template, paper or game_paper) for sheet in sheets}
            tagger_for(load_glossary(project.glossaries, game_id, display_root=project.root))
        except RefsheetsError:
            continue
    load(project, tagging=True, layouts=layouts)
