"""RawText -> CleanText: drop forum noise, keep rules, mark flavour and notes, and account for every input line.

Every raw line ends up either kept as it is (a CleanLine with the same text; blank lines are kept as
paragraph separators) or named in the report with an action and a reason a person can read. The cleaner
judges blocks of lines (units between blank lines and headings), not single lines, the way boilerplate
removers such as jusText do: forum furniture first, then posts, then each block's voice, then duplicates.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Container
from dataclasses import replace

from pipeline.clean.accents import corrected_lines, restore_accents, written_words
from pipeline.clean.bylines import PREAMBLE_LINES, bylines
from pipeline.clean.corrections import Correction, check_counts, correct_lines
from pipeline.clean.creditblock import mark_credit_blocks
from pipeline.clean.duplicates import find_duplicates
from pipeline.clean.fixpoint import Reading, settle
from pipeline.clean.furniture import mark_furniture, navigation_left
from pipeline.clean.headings import mark_headings, read_headings, settle_headings, unsettled
from pipeline.clean.joins import titles_joined
from pipeline.clean.leadins import post_lead_in
from pipeline.clean.notes import emit_unit, split_inline_note
from pipeline.clean.origins import original_reason, source_links, to_original_lines
from pipeline.clean.resources import (
    CREDIT_LABEL,
    KEYS as CLEAN_KEYS,
    CleanOptions,
)
from pipeline.clean.state import State, Unit
from pipeline.errors import ConfigError
from pipeline.clean.threads import copied_thread
from pipeline.clean.units import find_units, judge_units
from pipeline.split.runon import looks_run_together, run_together_cells
from pipeline.model import CleaningRecord, CleanLine, CleanText, Credits, RawText, Uncorrected
from pipeline.schema import written_at
from pipeline.modelkinds import Artefact, CleaningAction, LineKind
from pipeline.structure import SplitOptions
from pipeline.text import fold

# Only a printed document has them, or a wiki page (copied as text, it shows no other sign of a site's page).
PUBLISHED_SIGNS = frozenset((Artefact.PAGE_NUMBER, Artefact.RUNNING_HEADER, Artefact.CONTENTS, Artefact.WIKI_FURNITURE))
# "( )", "[ ]": the place of an icon the copy lost.
ICON_HOLE = re.compile(r"\(\s*\)|\[\s+\]|(?<=\w )\[…\](?=[.,;:])")  # the last: joins.LOST


def clean(
    raw: RawText,
    *,
    corrections: tuple[Correction, ...] = (),
    options: CleanOptions | None = None,
    split_options: SplitOptions | None = None,
    strict: bool = False,
    uncorrected: Uncorrected | None = None,
    keep: Container[str] = frozenset(),
) -> CleanText:
    """Remove what is not rule text, mark flavour and notes, apply corrections, restore dropped accents
    (accents.py); report every change.

    `split_options` are the game's heading hints: the cleaner protects the headings the splitter will see.
    `uncorrected`: what `clean_uncorrected` gave for this raw text and these options (the build keeps it, so a
    correction costs only its own work). `keep`: lower-case words never given accents (a glossary's, accents.glossary_words)."""
    before = uncorrected if uncorrected is not None else clean_uncorrected(raw, options=options, split_options=split_options)
    raw_lines = list(before.raw_lines)
    kept, corrected, counts, changed_lines = correct_lines(list(before.lines), corrections, raw_lines, display=raw.path, origin=raw.origin)
    accented, restored = restore_accents(kept, raw_lines, keep=keep, written=written_words(corrections))
    changed_lines = corrected_lines(list(before.lines), accented, changed_lines) if restored else changed_lines
    kept, corrected = accented, corrected + restored
    told = original_reason(raw)
    removed = (CleaningAction.DROP, CleaningAction.DUPLICATE)
    dropped = {record.line: told(record.reason) for record in before.report if record.action in removed}
    warnings = list(raw.warnings) + check_counts(
        corrections, counts, strict=strict, raw_lines=raw_lines, dropped=dropped, origin=raw.origin,
        changed={line.first: line.entries for line in changed_lines})
    warnings += _icon_holes(raw, kept)
    warnings += _glued_tables(raw, kept)
    warnings += _unused_hints(raw, options or CleanOptions(), strict=strict)
    report = sorted(list(before.report) + corrected, key=lambda record: record.line)
    kept, report = to_original_lines(raw, kept, report)
    if raw.origins:  # corrected lines are named by the source's own line numbers too (a converted .md, .html ...)
        changed_lines = [replace(line, first=raw.origin(line.first)) for line in changed_lines]
    return CleanText(
        game=raw.game,
        lines=tuple(kept),
        report=tuple(report),
        credits=before.credits,
        warnings=tuple(warnings),
        corrected=tuple(changed_lines),
        notices=raw.notices,
        leads=raw.leads,
    )


def _unused_hints(raw: RawText, options: CleanOptions, *, strict: bool) -> list[str]:
    """A warning for each `options.clean` word or phrase the text never uses (it does nothing); an error when strict."""
    text = raw.text.casefold()
    problems = [
        f"{written_at(options.lines, f'sources/{raw.game}/game.yaml', key, phrase)}: options.clean.{key}: {phrase!r} occurs nowhere"
        " in the text; the hint does nothing:"
        " fix its spelling or remove it"
        for key in CLEAN_KEYS for phrase in getattr(options, key) if phrase.casefold() not in text
    ]
    if strict and problems:
        raise ConfigError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return problems


def clean_uncorrected(raw: RawText, *, options: CleanOptions | None = None, split_options: SplitOptions | None = None) -> Uncorrected:
    """Every step before the corrections (which come last, on the kept lines): what a correction cannot change."""
    lines = [line.rstrip() for line in raw.lines]
    options, structure = options or CleanOptions(), split_options or SplitOptions()
    views: dict[str, str | None] = {}  # each line's view for the heading recogniser, asked again of the kept lines
    state, posts = _clean_lines(lines, options, structure, views, links=source_links(raw))
    kept, report = _emit(state)
    credits = replace(_credits(state, published=raw.date), forum=_from_a_forum(raw, state, posts))
    # Cleaned again when the kept lines read otherwise (fixpoint.py): cleaning the cleaned text changes nothing.
    kept, report = settle(
        kept, report, lines, reading=_reading(state, kept),
        again=lambda texts: _clean_again(texts, options, structure, views),
        reads=lambda texts: _reads(texts, options, structure, views),
    )
    return Uncorrected(lines=tuple(kept), report=tuple(report), raw_lines=tuple(lines), credits=credits)


def _clean_lines(lines: list[str], options: CleanOptions, structure: SplitOptions, views: dict, *, links: list) -> tuple[State, list]:
    """The cleaner's passes over the lines, in order: furniture, headings, blocks and their voice, posts, duplicates."""
    state = State(lines=lines, options=options, structure=structure, views=views)
    posts = mark_furniture(state)
    mark_credit_blocks(state)
    state.urls[:0] = links  # a converted page's own address comes first: it is the source
    mark_headings(state)
    find_units(state)
    judge_units(state)
    _judge_posts(state, posts)
    _prose_credits(state)
    _mark_duplicates(state)
    settle_headings(state)
    return state, posts


def _clean_again(texts: list[str], options: CleanOptions, structure: SplitOptions, views: dict) -> tuple[list, list, Reading]:
    state, _ = _clean_lines(list(texts), options, structure, views, links=[])
    kept, report = _emit(state)
    return kept, report, _reading(state, kept)


def _reads(texts: list[str], options: CleanOptions, structure: SplitOptions, views: dict) -> Reading:
    """How the lines read, as `_reading` tells: the recogniser, the thread's signs, the site's navigation, and
    whether headings among them would still go as `settle_headings` drops them."""
    headings = set(read_headings(texts, (), options, structure, views))
    return headings, copied_thread(texts), navigation_left(texts, options), unsettled(texts, headings)



def _reading(state: State, kept: list[CleanLine]) -> Reading:
    """How the cleaner read the text, in terms of the kept lines: the positions of those it read as headings (or
    run-in headings), whether they read as a copied thread, and those of them that are site navigation."""
    heads = state.headings | state.openers
    headed = {position for position, line in enumerate(kept) if line.kind != LineKind.NOTE and line.first - 1 in heads}
    # What was a thread's or a site's furniture is gone: the kept lines show no thread and no navigation.
    return headed, False, set(), False




def _judge_posts(state: State, posts: list[tuple[int, int, str]]) -> None:
    """A post with no heading is a reply in the thread; a post with headings is the translator's."""
    headings = sorted(state.headings)
    firsts = [unit.first for unit in state.units]  # in line order: bisect finds a post's units
    for start, end, author in posts:
        translator = bisect_left(headings, end) > bisect_right(headings, start)
        if translator:
            # Only a post's own header credits its author: a quoted member ("Cita de: X") wrote none of it.
            if start in state.post_headers:
                if author not in state.translators:
                    state.translators.append(author)
                if state.fate[start][0] == CleaningAction.DROP:
                    state.fate[start] = (CleaningAction.CREDIT, f"forum post header: {author} (credited as translator)")
            lead_in = post_lead_in(state.lines, state.units, firsts, (start, headings[bisect_right(headings, start)]), state.options)
            if lead_in is not None:
                state.units[lead_in].kind = CleaningAction.DROP
                state.units[lead_in].reason = "forum chatter: the poster's words to the thread, over their post's rules"
            continue
        if start in state.post_headers:
            state.fate[start] = (CleaningAction.DROP, f"forum post header: {author} (a reply)")
        for unit in state.units[bisect_right(firsts, start) : bisect_left(firsts, end)]:
            if unit.kind in (LineKind.TEXT, LineKind.FLAVOR):
                unit.kind, unit.reason = CleaningAction.DROP, f"forum reply by {author}"
            elif unit.kind == CleaningAction.DROP:
                unit.reason += f" (reply by {author})"


def _prose_credits(state: State) -> None:
    """Makers named in a sentence of the text's opening prose ('La traducción se realizó por Ana y Luis.'): to the
    credits. A line the cleaner dropped as talk about the translation is reported as the credit it is."""
    texts = 0
    for unit in state.units:
        texts += len(unit.lines)
        if texts > PREAMBLE_LINES:
            break
        found = bylines(" ".join(state.lines[index] for index in unit.lines))
        if not found:
            continue
        for names, into in ((found.translators, state.translators), (found.authors, state.authors), (found.other, state.other_credits)):
            into.extend(name for name in names if name not in into)
        if unit.kind == CleaningAction.DROP:
            unit.kind, unit.reason = CleaningAction.CREDIT, "who made the text, named in its opening (kept in the sheet footer)"


# --- 4. duplicates -----------------------------------------------------------------------------------------


def _mark_duplicates(state: State) -> None:
    """A block seen before is a duplicate; a truncated copy yields to the complete one wherever it is."""
    blocks: list[tuple[int, str, Unit | None]] = []  # (first line, folded text, unit or None for heading)
    for each in state.units:
        blocks.append((each.first, fold(" ".join(state.lines[i] for i in each.lines)), each))
    for index in state.headings:
        blocks.append((index, fold(state.lines[index]), None))
    blocks.sort(key=lambda block: block[0])
    duplicate = find_duplicates([key for _, key, _ in blocks])
    for position, kept in duplicate.items():
        first, _, unit = blocks[position]
        original = blocks[kept][2]
        span = (
            f"lines {original.first + 1}-{original.last + 1}"
            if original and original.last > original.first
            else f"line {blocks[kept][0] + 1}"
        )
        reason = f"duplicate of {span}"
        if unit is None:
            state.fate[first] = (CleaningAction.DUPLICATE, reason)
            state.headings.discard(first)
        else:
            unit.kind, unit.reason = CleaningAction.DUPLICATE, reason
    _page_name(state)


def _page_name(state: State) -> None:
    """'relojeros de praga' over 'RELOJEROS DE PRAGA', the text's first heading: the site's name of the page, repeated."""
    kept = [unit for unit in state.units if unit.kind == LineKind.TEXT]
    first = min(kept, key=lambda unit: unit.first, default=None)
    heading = min((index for index in state.headings if first is not None and index > first.first), default=None)
    if first is None or heading is None or len(first.lines) != 1 or any(first.first < unit.first < heading for unit in kept):
        return
    if fold(state.lines[first.first]) == fold(state.lines[heading]):
        first.kind, first.reason = CleaningAction.DROP, f"the page's name, which the title at line {heading + 1} repeats"


# --- 5. output: joins, notes, the report ------------------------------------------------------------------


def _emit(state: State) -> tuple[list[CleanLine], list[CleaningRecord]]:
    lines = state.lines
    report: list[CleaningRecord] = []
    unit_at = {unit.first: unit for unit in state.units}
    pending_notes: dict[int, list[CleanLine]] = {}  # index of a unit's last line -> notes placed after it
    unit_end = {index: unit.last for unit in state.units for index in unit.lines}
    body: list[tuple[int, list[CleanLine]]] = []  # (index after which notes go, lines)

    for index, text in enumerate(lines):
        if index in state.fate:
            action, reason = state.fate[index]
            report.append(CleaningRecord(index + 1, CleaningAction(action), reason, text))
        elif not text.strip():
            body.append((index, [CleanLine(text="", first=index + 1, last=index + 1)]))
        elif index in state.headings:
            heading, notes = split_inline_note(text, state.options, heading=True)
            if notes:
                report.append(
                    CleaningRecord(index + 1, CleaningAction.NOTE, "translator's note moved to its own line after the heading", text)
                )
            out = [CleanLine(heading, index + 1, index + 1)] if heading else []
            out += [CleanLine(note, index + 1, index + 1, LineKind.NOTE) for note in notes]
            body.append((index, out))
        elif index in unit_at:
            unit = unit_at[index]
            if unit.kind in (CleaningAction.DROP, CleaningAction.CREDIT, CleaningAction.DUPLICATE):
                for member in unit.lines:
                    report.append(CleaningRecord(member + 1, CleaningAction(unit.kind), unit.reason, lines[member]))
                continue
            out = emit_unit(
                lines, unit, removed=state.fate, options=state.options, report=report, pending_notes=pending_notes, unit_end=unit_end
            )
            body.append((unit.last, out))
    kept: list[CleanLine] = []
    for after, out in body:
        kept.extend(out)
        kept.extend(pending_notes.pop(after, []))
    for leftover in pending_notes.values():  # notes whose target was not emitted stay at the end
        kept.extend(leftover)
    return titles_joined(kept, report)


def _from_a_forum(raw: RawText, state: State, posts: list) -> bool:
    """Whether an unsigned text is the forum's fans' work: a thread, BBCode, or plain text that shows no sign
    of a published document (a copyright line, page numbers and running headers of a PDF copy) or of a wiki page."""
    if posts or raw.format == "bbcode":
        return True
    published = any(record.artefact in PUBLISHED_SIGNS for record in raw.markup)
    copyright_line = any(credit.startswith(("©", "(c)", "Copyright")) for credit in state.other_credits)
    return raw.format == "text" and not published and not copyright_line


def _icon_holes(raw: RawText, kept: list[CleanLine]) -> list[str]:
    """'Puntos de Victoria ( )': an icon the copy lost. Left as it is, and said, so a person can fill it in."""
    return [
        f"{raw.path}:{raw.origin(line.first)}: an icon seems missing here ('{hole.group(0)}'): check the original"
        for line in kept
        if (hole := ICON_HOLE.search(line.text))
    ]


def _glued_tables(raw: RawText, kept: list[CleanLine]) -> list[str]:
    """'PosiciónValor1º (mejor)312º...': a table pasted with its cells run together that cannot be cut back into
    cells (the splitter cuts those it can). Left as it is, and said."""
    return [
        f"{raw.path}:{raw.origin(line.first)}: a table's cells seem run together here ('{line.text.strip()[:40]}…'): "
        "type it as rows in corrections.yaml (docs/translators.md)"
        for line in kept
        if line.kind == LineKind.TEXT and looks_run_together(line.text) and not run_together_cells(line.text)
    ]


# --- 6. credits ----------------------------------------------------------------------------


def _credits(state: State, *, published: str = "") -> Credits:
    """The makers the text names, its addresses, and the day its metadata says it was published (`published`,
    "2018-04-13": printed "Publicado el 13/04/2018")."""
    source = rulebook = ""
    other = list(state.other_credits)
    if published:
        year, month, day = published.split("-")
        other.append(f"Publicado el {day}/{month}/{year}")
    for label, url in state.urls:
        if ".pdf" in url.casefold() and not rulebook:
            rulebook = url
        elif label and CREDIT_LABEL.match(label) and "cortes" in label.casefold():
            other.append(f"{label}: {url}")
        elif not source:
            source = url
        elif url not in other:
            other.append(url)
    return Credits(
        translators=tuple(state.translators), authors=tuple(state.authors), source_url=source, rulebook_url=rulebook, other=tuple(other)
    )
