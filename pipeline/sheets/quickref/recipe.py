"""Sheet recipes: validate what a quick-reference sheet prints (sections, order, left-out kinds, page budget).

A recipe is plain YAML data: the template's `options.recipe` gives the defaults and the game's
`sheets[].recipe` overrides them key by key. `parse_recipe` checks the shape (no document needed);
`select_sections` resolves it against a document, where an unknown section id is a ConfigError that
lists the closest ids, so a renamed section is easy to fix in the recipe.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from pipeline.errors import ConfigError
from pipeline.model import BLOCK_KINDS, SECTION_KINDS, Document, Section
from pipeline.sheets.layout import MIN_BODY_SIZE
from pipeline.yamlio import check_fields

PAPERS = ("a4", "letter")
CONDENSE_RULES = ("examples", "narration", "repeats", "asides")
RECIPE_FIELDS = (
    "label",
    "covers",
    "sections",
    "leave_out",
    "leave_out_ids",
    "leave_out_blocks",
    "condense",
    "narration",
    "flavor_sentences",
    "pages",
    "columns",
    "body_size",
    "glossary",
    "english_names",
    "run_in_headings",
    "run_on_paragraphs",
)
# A term's English name is shown at its first use in each section, once per sheet, or only in titles.
ENGLISH_NAMES = ("section", "sheet", "titles")
DEFAULT_RECIPE = {
    "label": "Referencia rápida",
    "sections": [{"kind": ["rules", "card", "table", "note"]}],
    "leave_out": ["flavor", "example", "credits"],
    "condense": [],
    "columns": [2, 2],
    "body_size": [8.0, 8.0],
    "glossary": True,
}


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
    pages: int | None  # page budget (at most); None = no budget
    columns: tuple[int, int]
    body_size: tuple[float, float]
    glossary: bool
    english_names: str = "section"
    run_in_headings: bool = False  # subsection titles open their first paragraph
    # Regexes: sentences of theme or motivation that state no rule ("El espacio es un lugar muy cruel"),
    # left out of this sheet. A per-game judgement, so it lives in the recipe, not in condense.py.
    flavor_sentences: tuple[str, ...] = ()
    run_on_paragraphs: bool = False  # a section's paragraphs set as one, split by ¶ (saves a ragged line each)


def parse_recipe(  # long: every field of a recipe checked in one place, in the order the messages should come
    data: dict | None, *, defaults: dict | None = None, display: str, line: int | None = None, paper: str | None = None
) -> Recipe:
    """Recipe data (game overrides on top of template defaults) -> a validated Recipe.

    `pages` is a number, or a number per paper (`{a4: 4, letter: 5}`): Letter is shorter than A4, so the
    same text can need one page more; `paper` picks the budget for the sheet being made.
    """
    merged = {**DEFAULT_RECIPE, **(defaults or {}), **(data or {})}
    if isinstance(merged.get("pages"), dict):
        by_paper = merged["pages"]
        unknown = sorted(set(by_paper) - set(PAPERS))
        if unknown:
            raise ConfigError(f"recipe: 'pages' names unknown paper {unknown[0]!r} (papers: {', '.join(PAPERS)})", path=display, line=line)
        merged["pages"] = by_paper.get(paper or "a4")
    where = "recipe"
    try:
        check_fields(
            merged,
            display=display,
            where=where,
            optional=RECIPE_FIELDS,
            types={
                "label": str,
                "covers": str,
                "sections": list,
                "leave_out": list,
                "leave_out_ids": list,
                "leave_out_blocks": list,
                "condense": list,
                "narration": list,
                "flavor_sentences": list,
                "pages": int,
                "columns": (int, list),
                "body_size": (int, float, list),
                "glossary": bool,
                "english_names": str,
                "run_in_headings": bool,
                "run_on_paragraphs": bool,
            },
        )
    except ConfigError as exc:
        raise ConfigError(str(exc).split(": ", 1)[-1], path=display, line=line) from None

    def fail(message: str) -> ConfigError:
        return ConfigError(f"{where}: {message}", path=display, line=line)

    selectors = tuple(_selector(entry, index, fail) for index, entry in enumerate(merged["sections"]))
    if not selectors:
        raise fail("'sections' is empty: name section kinds (- kind: rules) or ids (- id: setup)")
    leave_out = _names(merged.get("leave_out") or [], "leave_out", SECTION_KINDS, fail)
    leave_out_blocks = _names(merged.get("leave_out_blocks") or [], "leave_out_blocks", BLOCK_KINDS, fail)
    condense = _names(merged.get("condense") or [], "condense", CONDENSE_RULES, fail)
    if merged.get("english_names", "section") not in ENGLISH_NAMES:
        raise fail(f"'english_names' must be one of {', '.join(ENGLISH_NAMES)}, got {merged['english_names']!r}")
    leave_out_ids = tuple(_text(value, f"leave_out_ids[{i}]", fail) for i, value in enumerate(merged.get("leave_out_ids") or []))
    narration = tuple(_regex(value, f"narration[{i}]", fail) for i, value in enumerate(merged.get("narration") or []))
    flavor_sentences = tuple(_regex(value, f"flavor_sentences[{i}]", fail) for i, value in enumerate(merged.get("flavor_sentences") or []))
    pages = merged.get("pages")
    if pages is not None and (isinstance(pages, bool) or pages < 1):
        raise fail(f"'pages' must be a whole number of pages >= 1, got {pages!r}")
    columns = _range(merged["columns"], "columns", int, fail)
    if not 1 <= columns[0] <= columns[1] <= 5:
        raise fail(f"'columns' must be within 1..5, got {list(columns)}")
    body_size = _range(merged["body_size"], "body_size", float, fail)
    if body_size[0] < MIN_BODY_SIZE:
        raise fail(f"'body_size' must not go below {MIN_BODY_SIZE:g} pt, got {body_size[0]:g}")
    if body_size[1] > 14:
        raise fail(f"'body_size' above 14 pt is not a quick reference, got {body_size[1]:g}")
    return Recipe(
        label=merged.get("label") or DEFAULT_RECIPE["label"],
        covers=merged.get("covers") or "",
        sections=selectors,
        leave_out=leave_out,
        leave_out_ids=leave_out_ids,
        leave_out_blocks=leave_out_blocks,
        condense=condense,
        narration=narration,
        pages=pages,
        columns=(int(columns[0]), int(columns[1])),
        body_size=(float(body_size[0]), float(body_size[1])),
        glossary=merged.get("glossary", True),
        english_names=merged.get("english_names", "section"),
        run_in_headings=merged.get("run_in_headings", False),
        flavor_sentences=flavor_sentences,
        run_on_paragraphs=merged.get("run_on_paragraphs", False),
    )


def _selector(entry, index: int, fail) -> Selector:
    where = f"sections[{index}]"
    if isinstance(entry, str):  # shorthand: a bare string is a section id
        return Selector(id=_text(entry, where, fail))
    if not isinstance(entry, dict) or len(entry) != 1 or not set(entry) <= {"kind", "id"}:
        raise fail(f"{where} must be '- kind: <kind or [kinds]>' or '- id: <section id>', got {entry!r}")
    if "kind" in entry:
        kinds = entry["kind"] if isinstance(entry["kind"], list) else [entry["kind"]]
        for kind in kinds:
            if kind not in SECTION_KINDS:
                raise fail(f"{where}: unknown section kind {kind!r} (kinds: {', '.join(SECTION_KINDS)})")
        return Selector(kinds=tuple(kinds))
    return Selector(id=_text(entry["id"], where, fail))


def _names(values: list, key: str, allowed: tuple[str, ...], fail) -> tuple[str, ...]:
    for value in values:
        if value not in allowed:
            raise fail(f"{key}: unknown value {value!r} (allowed: {', '.join(allowed)})")
    return tuple(values)


def _text(value, where: str, fail) -> str:
    if not isinstance(value, str) or not value.strip():
        raise fail(f"{where} must be a non-empty text, got {value!r}")
    return value.strip()


def _regex(value, where: str, fail) -> str:
    text = _text(value, where, fail)
    try:
        re.compile(text)
    except re.error as exc:
        raise fail(f"{where}: not a valid regular expression ({exc})") from None
    return text


def _range(value, key: str, cast, fail) -> tuple:
    """`8` or `[7, 9]` -> (low, high)."""
    values = value if isinstance(value, list) else [value]
    if len(values) not in (1, 2) or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        raise fail(f"'{key}' must be a number or [min, max], got {value!r}")
    if cast is int and not all(float(v).is_integer() for v in values):
        raise fail(f"'{key}' must be whole numbers, got {value!r}")
    low, high = cast(values[0]), cast(values[-1])
    if low > high:
        raise fail(f"'{key}' must be [min, max] with min <= max, got {value!r}")
    return low, high


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


def check_ids(document: Document, recipe: Recipe, *, display: str, line: int | None = None) -> None:
    """Every id the recipe names exists in the document, or a ConfigError lists the closest ids."""
    ids = [section.id for section in document.sections]
    named = [(f"sections[{i}]", s.id) for i, s in enumerate(recipe.sections) if s.id]
    named += [(f"leave_out_ids[{i}]", value) for i, value in enumerate(recipe.leave_out_ids)]
    for where, wanted in named:
        if wanted in ids:
            continue
        renamed = next((change for change in document.renamed_ids if change.old == wanted), None)
        if renamed is not None:
            raise ConfigError(
                f"recipe.{where}: no section with id {wanted!r}: the correction at {renamed.where} changed its heading, "
                f"so its id is now {renamed.new!r}; add `keep_id: true` to that correction, or name {renamed.new!r} here",
                path=display, line=line,
            )
        close = closest_ids(wanted, ids)
        hint = f"closest: {', '.join(close)}" if close else "see `refsheets sections " + document.game.id + "`"
        raise ConfigError(f"recipe.{where}: no section with id {wanted!r} ({hint})", path=display, line=line)


def select_sections(document: Document, recipe: Recipe, *, display: str, line: int | None = None) -> list[Section]:
    """The sections a recipe prints, in recipe order (each selector contributes in source order, once)."""
    check_ids(document, recipe, display=display, line=line)
    left_out_ids: set[str] = set()
    for section_id in recipe.leave_out_ids:
        left_out_ids |= _subtree(document, section_id)
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
    return chosen
