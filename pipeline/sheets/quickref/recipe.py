"""Sheet recipes: what a quick-reference sheet prints (sections, order, left-out kinds, page budget), read and checked.

A recipe is plain YAML data: the template's `options.recipe` gives every key its default (the one place
defaults live) and the game's `sheets[].recipe` overrides them key by key. `read_recipe` checks the
shape when the files are read (no document needed); `select_sections` resolves it against a document,
where an unknown section id is a ConfigError at the line that names it, with the closest ids.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from typing import Callable

from pipeline.errors import ConfigError, Problem
from pipeline.model import BLOCK_KINDS, SECTION_KINDS, Document, Section
from pipeline.schema import REQUIRED, Fields, regex_problem, shown
from pipeline.sheets.layout import MIN_BODY_SIZE, PAPER_SIZES
from pipeline.text import fold

CONDENSE_RULES = ("roles", "examples", "narration", "repeats", "asides", "directives")
# A term's English name is shown at its first use in each top-level section, once per sheet, or only in titles.
ENGLISH_NAMES = ("section", "sheet", "titles")
MAX_BODY_SIZE = 14.0  # pt: above this a sheet is no longer a quick reference
MAX_COLUMNS = 5
MAX_PAGES = 100


@dataclass(frozen=True)
class Selector:
    """One entry of `recipe.sections`: sections of some kinds (together, in source order) or one section and its subsections by id."""

    kinds: tuple[str, ...] = ()
    id: str = ""


@dataclass(frozen=True)
class Recipe:
    label: str
    covers: str
    sections: tuple[Selector, ...]
    leave_out: tuple[str, ...]
    leave_out_ids: tuple[str, ...]
    leave_out_blocks: tuple[str, ...]
    condense: tuple[str, ...]
    narration: tuple[str, ...]  # extra regexes: sentences that narrate a walkthrough (per game)
    pages: int | None  # page budget (at most) on the paper this recipe was read for; None = no budget
    columns: tuple[int, int]
    body_size: tuple[float, float]
    glossary: bool
    english_names: str = "section"
    run_in_headings: bool = False  # subsection titles open their first paragraph
    # Regexes: sentences of theme or motivation that state no rule ("El espacio es un lugar muy cruel"),
    # left out of this sheet. A per-game judgement, so it lives in the recipe, not in condense.py.
    flavor_sentences: tuple[str, ...] = ()
    # Section ids or titles in the order of play: each brings its subsections, sections it does not name
    # follow in reading order; a subsection named on its own is printed as a top-level entry.
    order: tuple[str, ...] = ()
    # (where, section id, file, line) of every id the recipe names, so a missing one is reported where it is written.
    named_ids: tuple[tuple[str, str, str | None, int | None], ...] = ()
    # The project's tagged kinds (common.yaml): the terms whose English name the text prints beside them.
    tagged_kinds: tuple[str, ...] = ()
    # Sections another sheet of the game names by id are left to it, with a pointer where they were (elsewhere.py).
    point_to_other_sheets: bool = True
    elsewhere: tuple[tuple[str, str], ...] = ()  # (section id, the label of the sheet naming it), set when the game loads


def read_recipe(
    fields: Fields, *, base: Recipe | None, paper: str, tagged_kinds: tuple[str, ...] = ()
) -> Recipe | None:
    """A recipe mapping -> Recipe for one paper; None when it has problems (recorded in `fields.problems`).

    Without `base` (a template's `options.recipe`) every key must be given; with one (a game's recipe)
    the keys it gives replace the base's. `pages` is a number, null (no budget), or a number per paper
    (`{a4: 4, letter: 5}`): Letter is shorter than A4, so the same text can need one page more.
    """
    before = len(fields.problems)
    values: dict = {}
    for key, read in _READERS.items():
        if base is not None and not fields.has(key):
            values[key] = getattr(base, key)
        else:
            values[key] = read(fields, key, paper)
    fields.finish()
    if len(fields.problems) > before:
        return None
    return Recipe(**values, named_ids=_named_ids(fields, base), tagged_kinds=tagged_kinds)


def _selectors(fields: Fields, key: str, paper: str) -> tuple[Selector, ...]:
    value = fields.raw(key)
    if not isinstance(value, list) or not value:
        fields.fail(key, f"must name section kinds (- kind: rules) or ids (- id: setup), got {shown(value)}")
        return ()
    selectors = []
    for index, item, line in fields.entries(key):
        where = f"{fields.label(key)}[{index}]"
        if isinstance(item, str) and item.strip():  # shorthand: a bare string is a section id
            selectors.append(Selector(id=item.strip()))
            continue
        if not isinstance(item, dict) or len(item) != 1 or not set(item) <= {"kind", "id"}:
            fields.problems.add(
                f"{where}: must be '- kind: <kind or [kinds]>' or '- id: <section id>', got {shown(item)}",
                path=fields.origin(key)[0],
                line=line,
            )
            continue
        entry = Fields(item, where=where, problems=fields.problems, path=fields.origin(key)[0], line=line)
        if "kind" in item:
            selectors.append(Selector(kinds=entry.texts("kind", REQUIRED, single=True, allowed=SECTION_KINDS)))
        else:
            selectors.append(Selector(id=(entry.text("id") or "").strip()))
    return tuple(selectors)


def _named_ids(fields: Fields, base: Recipe | None) -> tuple[tuple[str, str, str | None, int | None], ...]:
    """(where, id, file, line) of each section id named by `sections`, `leave_out_ids` and `order` (inherited ones
    from `base`); `order` may name a title instead, so its entries are checked where the order is resolved."""
    named: list[tuple[str, str, str | None, int | None]] = []
    for key in ("sections", "leave_out_ids", "order"):
        if base is not None and key not in fields.data:
            named.extend(item for item in base.named_ids if item[0].startswith(f"{key}["))
            continue
        for index, item, line in fields.entries(key):
            wanted = item.get("id") if isinstance(item, dict) else item
            if isinstance(wanted, str) and wanted.strip():
                named.append((f"{key}[{index}]", wanted.strip(), fields.origin(key)[0], line))
    return tuple(named)


def _pages(fields: Fields, key: str, paper: str) -> int | None:
    if not isinstance(fields.raw(key), dict):
        return fields.number(key, low=1, high=MAX_PAGES, whole=True, nullable=True)
    by_paper = fields.mapping(key)
    for name in by_paper.keys():
        if name not in PAPER_SIZES:
            by_paper.fail(name, f"not a paper{did_you_mean_paper(name)}")
    budgets = {name: by_paper.number(name, None, low=1, high=MAX_PAGES, whole=True) for name in PAPER_SIZES}
    return budgets[paper]


def did_you_mean_paper(name: str) -> str:
    close = difflib.get_close_matches(str(name), list(PAPER_SIZES), n=1, cutoff=0.5)
    return f" (did you mean {close[0]!r}?)" if close else f" (papers: {', '.join(PAPER_SIZES)})"


_Reader = Callable[[Fields, str, str], object]
_READERS: dict[str, _Reader] = {
    "label": lambda f, key, _: f.text(key),
    "covers": lambda f, key, _: f.text(key, empty=True),
    "sections": _selectors,
    "leave_out": lambda f, key, _: f.texts(key, REQUIRED, allowed=SECTION_KINDS),
    "leave_out_ids": lambda f, key, _: tuple(item.strip() for item in f.texts(key, REQUIRED) or ()),
    "leave_out_blocks": lambda f, key, _: f.texts(key, REQUIRED, allowed=BLOCK_KINDS),
    "condense": lambda f, key, _: f.texts(key, REQUIRED, allowed=CONDENSE_RULES),
    # Both kinds of sentence are matched in any case (condense.py compiles them with IGNORECASE).
    "narration": lambda f, key, _: f.texts(key, REQUIRED, check=lambda text: regex_problem(text, flags=re.IGNORECASE)),
    "flavor_sentences": lambda f, key, _: f.texts(key, REQUIRED, check=lambda text: regex_problem(text, flags=re.IGNORECASE)),
    "pages": _pages,
    "columns": lambda f, key, _: f.number_range(key, low=1, high=MAX_COLUMNS, whole=True),
    "body_size": lambda f, key, _: f.number_range(key, low=MIN_BODY_SIZE, high=MAX_BODY_SIZE, unit="pt"),
    "glossary": lambda f, key, _: f.flag(key),
    "english_names": lambda f, key, _: f.choice(key, ENGLISH_NAMES),
    "run_in_headings": lambda f, key, _: f.flag(key),
    "point_to_other_sheets": lambda f, key, _: f.flag(key),
    "order": lambda f, key, _: tuple(item.strip() for item in f.texts(key, REQUIRED) or ()),
}


def closest_ids(wanted: str, ids: list[str], *, count: int = 5) -> list[str]:
    """Ids that look like `wanted`: whole ids first, then ids whose last part matches."""
    close = difflib.get_close_matches(wanted, ids, n=count, cutoff=0.5)
    tail = wanted.rsplit("/", 1)[-1]
    for candidate in ids:
        if len(close) >= count:
            break
        if candidate not in close and candidate.rsplit("/", 1)[-1] in difflib.get_close_matches(
            tail, [candidate.rsplit("/", 1)[-1]], cutoff=0.6
        ):
            close.append(candidate)
    return close


def _subtree(document: Document, section_id: str) -> set[str]:
    """The section and every section under it."""
    chosen = {section_id}
    for section in document.sections:  # parents come before their children
        if section.parent in chosen:
            chosen.add(section.id)
    return chosen


def check_ids(document: Document, recipe: Recipe) -> None:
    """Every id the recipe names exists in the document, or a ConfigError at each line naming a missing one, with the closest ids."""
    ids = [section.id for section in document.sections]
    problems = []
    for where, wanted, source, line in recipe.named_ids:
        if wanted in ids or where.startswith("order["):
            continue
        problems.append(Problem(source, line, f"recipe.{where}: no section with id {wanted!r}{_missing_hint(document, wanted, ids)}"))
    if problems:
        raise ConfigError(problems=tuple(problems))


def _missing_hint(document: Document, wanted: str, ids: list[str]) -> str:
    """What to say after "no section with id X": the correction that renamed it, or the closest ids."""
    renamed = next((change for change in document.renamed_ids if change.old == wanted), None)
    if renamed is not None:
        return (
            f": the correction at {renamed.where} changed its heading, so its id is now {renamed.new!r} (it says `keep_id: false`);"
            f" drop that line of the correction, or name {renamed.new!r} here"
        )
    close = closest_ids(wanted, ids)
    return f" (closest: {', '.join(close)})" if close else f" (see `refsheets sections {document.game.id}`)"


def select_sections(document: Document, recipe: Recipe) -> list[Section]:
    """The sections a recipe prints, in recipe order (each selector contributes in source order, once)."""
    check_ids(document, recipe)
    left_out_ids: set[str] = set()
    for section_id in recipe.leave_out_ids:
        left_out_ids |= _subtree(document, section_id)
    claimed = _claimed(document, recipe, left_out=left_out_ids)
    for section_id in claimed:
        left_out_ids |= _subtree(document, section_id)
    # A left-out kind takes its subsections with it: a card's "Básica"/"Avanzada" parts are that card.
    for section in document.sections:
        if section.kind in recipe.leave_out:
            left_out_ids |= _subtree(document, section.id)
    chosen: list[Section] = []
    seen: set[str] = set()
    for selector in recipe.sections:
        wanted = _subtree(document, selector.id) if selector.id else None
        for section in document.sections:
            if section.id in seen or section.id in left_out_ids or section.kind in recipe.leave_out:
                continue
            if (wanted is not None and section.id in wanted) or section.kind in selector.kinds:
                chosen.append(section)
                seen.add(section.id)
    chosen = _with_pointers(document, chosen, claimed)
    lines = {item[1]: (item[2], item[3]) for item in recipe.named_ids if item[0].startswith("order[")}
    return in_order(document, chosen, recipe.order, lines=lines)


def _claimed(document: Document, recipe: Recipe, *, left_out: set[str]) -> dict[str, str]:
    """Section id -> the label of the other sheet that prints it, for the sections this sheet would print but leaves to
    it (the highest of a subtree only; sections this recipe names itself stay)."""
    own: set[str] = set()
    for selector in recipe.sections:
        if selector.id:
            own |= _subtree(document, selector.id)
    ids = {section.id for section in document.sections}
    wanted = {section_id: label for section_id, label in recipe.elsewhere if section_id in ids and section_id not in own}
    by_id = {section.id: section for section in document.sections}
    claimed = {}
    for section_id, label in wanted.items():
        ancestors, parent = set(), by_id[section_id].parent
        while parent is not None:
            ancestors.add(parent)
            parent = by_id[parent].parent
        selected = any(by_id[section_id].kind in selector.kinds for selector in recipe.sections)  # else the sheet never prints it
        if selected and section_id not in left_out and not ancestors & set(wanted) and by_id[section_id].kind not in recipe.leave_out:
            claimed[section_id] = label
    return claimed


def _with_pointers(document: Document, chosen: list[Section], claimed: dict[str, str]) -> list[Section]:
    """`chosen` with a pointer where each claimed section would have been (consecutive ones to one sheet on one line)."""
    from pipeline.sheets.quickref.pointers import pointer

    if not claimed:
        return chosen
    position = {section.id: index for index, section in enumerate(document.sections)}
    chosen_ids = {section.id for section in chosen}
    merged: list[Section] = []
    run: list[Section] = []
    for section in document.sections:
        if section.id in claimed:
            if run and claimed[run[0].id] != claimed[section.id]:
                merged.append(pointer(run, claimed[run[0].id]))
                run = []
            run.append(section)
        elif section.id in chosen_ids and run:
            merged.append(pointer(run, claimed[run[0].id]))
            run = []
    if run:
        merged.append(pointer(run, claimed[run[0].id]))
    return sorted([*chosen, *merged], key=lambda section: position[section.id])


def in_order(
    document: Document, chosen: list[Section], order: tuple[str, ...], *, lines: dict[str, tuple[str | None, int | None]] | None = None
) -> list[Section]:
    """`chosen` with the subtrees `order` names first, in that order, and the rest after them in reading order.

    An entry is a section id or a title (folded); a subsection named on its own moves with its subsections
    and prints as a top-level entry (its levels shifted), since its parent's heading is elsewhere.
    """
    if not order:
        return chosen
    base = min(section.level for section in chosen)
    roots = [_named_section(document, chosen, wanted, (lines or {}).get(wanted)) for wanted in order]
    trees = {root.id: _subtree(document, root.id) for root in roots}
    placed: set[str] = set()
    ordered: list[Section] = []
    for root in roots:
        # A subsection named later keeps its own place: it does not come along with its parent.
        reserved = set().union(*(trees[other.id] for other in roots if other.id != root.id and other.id in trees[root.id]))
        shift = root.level - base
        for section in chosen:
            if section.id in trees[root.id] and section.id not in reserved and section.id not in placed:
                ordered.append(replace(section, level=section.level - shift))
                placed.add(section.id)
    return ordered + [section for section in chosen if section.id not in placed]


def _named_section(document: Document, chosen: list[Section], wanted: str, origin: tuple[str | None, int | None] | None) -> Section:
    for section in chosen:  # an id first: titles repeat ("Misiones" and "Setup / Misiones")
        if section.id == wanted:
            return section
    for section in chosen:
        if fold(section.title) == fold(wanted):
            return section
    where, line = origin if origin is not None and origin[0] else (f"sources/{document.game.id}/game.yaml", None)
    hint = _missing_hint(document, wanted, [section.id for section in chosen])
    raise ConfigError(f"recipe.order: no printed section with id or title {wanted!r}{hint}", path=where, line=line)
