"""RawText -> CleanText: drop forum noise, keep rules, mark flavour and notes, and account for every input line.

Every raw line ends up either kept as it is (a CleanLine with the same text; blank lines are kept as
paragraph separators) or named in the report with an action and a reason a person can read. The cleaner
judges blocks of lines (units between blank lines and headings), not single lines, the way boilerplate
removers such as jusText do: forum furniture first, then posts, then each block's voice, then duplicates.
"""
# long: the cleaner's passes over blocks and their order, in one place; the next module to split (issue 12)
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
from pipeline.clean.joins import titles_joined
from pipeline.clean.leadins import SENTENCE_SPLIT, chatter_lead_ins, post_lead_in
from pipeline.clean.notes import emit_unit, split_inline_note
from pipeline.clean.offtopic import PLANS_REASON, PRODUCT_PRESENTED, PRODUCT_PROMOTION, RULE_PRESENTED, SPECULATION, off_topic_sections
from pipeline.clean.origins import original_reason, source_links, to_original_lines
from pipeline.clean.resources import (
    APP_PROMOTION,
    CREDIT_LABEL,
    LONE_BULLET,
    META_WORDS,
    MODAL_VERBS,
    RULEBOOK_OPINION,
    TRANSLATION_TALK,
    URL,
    KEYS as CLEAN_KEYS,
    CleanOptions,
    chatter_reason,
    voice,
)
from pipeline.structure.notemarks import EDITOR_REMARK, FOOTNOTE_LINE, NOTE_PARAGRAPH, NOTES_HEADING, PUBLISHER_NOTE
from pipeline.clean.state import State, Unit
from pipeline.errors import ConfigError
from pipeline.clean.stories import judge_stories
from pipeline.clean.threads import copied_thread
from pipeline.split.runon import looks_run_together, run_together_cells
from pipeline.model import CleaningRecord, CleanLine, CleanText, Credits, RawText, Uncorrected
from pipeline.schema import written_at
from pipeline.modelkinds import Artefact, CleaningAction, HeadingStyle, LineKind
from pipeline.structure import (
    STYLES_WITH_BODY,
    SUBTITLE,
    Heading,
    SplitOptions,
    find_headings,
    hanging_step,
    heading_candidate,
    in_numbered_list,
)
from pipeline.text import fold, words

# Only a printed document has them, or a wiki page (copied as text, it shows no other sign of a site's page).
PUBLISHED_SIGNS = frozenset((Artefact.PAGE_NUMBER, Artefact.RUNNING_HEADER, Artefact.CONTENTS, Artefact.WIKI_FURNITURE))
SENTENCE_END = re.compile(r"[.!]\s*$")
MIN_RULE_WORDS = 2  # rule words that make a sentence of a chatty paragraph a rule
MAX_UNFINISHED = 2  # headings with no text after them that a translation stopping at its end leaves
# "( )", "[ ]": the place of an icon the copy lost.
ICON_HOLE = re.compile(r"\(\s*\)|\[\s+\]|(?<=\w )\[…\](?=[.,;:])")  # the last: joins.LOST
# Chatter a title may carry and still be a title ("MINAS DE COBRE - Reglas traducidas").
TITLE_TALK = (TRANSLATION_TALK, RULEBOOK_OPINION)
# ...unless nothing else is in it: "Traducción completa de las reglas al castellano (v1.1)" names no game, it is
# a thread's subject, not a title.
ONLY_TALK = re.compile(
    r"^(?:(?:traducci[óo]n|traducid[oa]s?|reglas|reglamento|manual|completa|completo|oficial|no|al|del?|las?|los|en"
    r"|castellano|español|v?\d+(?:\.\d+)*|versi[óo]n|y|\W+)\s*)+$",
    re.IGNORECASE,
)
# Longer lines are never headings nor title-shaped replies: only shorter ones are asked whether they are chatter.
MAX_CHATTER_LINE = 300
# A publisher's note with less rule vocabulary per word than this is about the product (dropped), not errata.
PUBLISHER_RULE_SHARE = 0.06


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
    _find_headings(state)
    _find_units(state)
    _judge_units(state)
    _judge_posts(state, posts)
    _prose_credits(state)
    _mark_duplicates(state)
    _settle_headings(state)
    return state, posts


def _clean_again(texts: list[str], options: CleanOptions, structure: SplitOptions, views: dict) -> tuple[list, list, Reading]:
    state, _ = _clean_lines(list(texts), options, structure, views, links=[])
    kept, report = _emit(state)
    return kept, report, _reading(state, kept)


def _reads(texts: list[str], options: CleanOptions, structure: SplitOptions, views: dict) -> Reading:
    """How the lines read, as `_reading` tells: the recogniser, the thread's signs, the site's navigation, and
    whether headings among them would still go as `_settle_headings` drops them."""
    headings = set(_read_headings(texts, (), options, structure, views))
    return headings, copied_thread(texts), navigation_left(texts, options), _unsettled(texts, headings)


def _unsettled(texts: list[str], headings: set[int]) -> bool:
    """Whether `_settle_headings` would drop one of these lines: a heading repeated over its twin, or one of the
    last (a heading or two) with no text after them."""
    text_at = [index for index, text in enumerate(texts) if text.strip() and index not in headings]
    last_text = max(text_at + [index for index in headings if _stopped_or_listed(texts, index)], default=-1)
    trailing = [index for index in headings if index > last_text]
    if 0 < len(trailing) <= MAX_UNFINISHED:
        return True
    ordered = sorted(headings | set(text_at))
    return any(
        a in headings and b in headings and fold(texts[a]) == fold(texts[b]) for a, b in zip(ordered, ordered[1:])
    )


def _stopped_or_listed(texts: list[str], index: int) -> bool:
    return bool(SENTENCE_END.search(texts[index])) and len(texts[index].split()) >= 2 or in_numbered_list(texts, index)


def _reading(state: State, kept: list[CleanLine]) -> Reading:
    """How the cleaner read the text, in terms of the kept lines: the positions of those it read as headings (or
    run-in headings), whether they read as a copied thread, and those of them that are site navigation."""
    heads = state.headings | state.openers
    headed = {position for position, line in enumerate(kept) if line.kind != LineKind.NOTE and line.first - 1 in heads}
    # What was a thread's or a site's furniture is gone: the kept lines show no thread and no navigation.
    return headed, False, set(), False


# --- 2. units and headings -------------------------------------------------------------------------------


def _find_headings(state: State) -> None:
    """Ask the structure recogniser about the lines as the splitter will see them: headings are kept whole,
    run-in headings open a block."""
    for index, heading in _read_headings(state.lines, state.fate, state.options, state.structure, state.views).items():
        (state.openers if heading.style in STYLES_WITH_BODY else state.headings).add(index)


def _read_headings(
    lines: list[str], removed: Container[int], options: CleanOptions, structure: SplitOptions, views: dict[str, str | None]
) -> dict[int, Heading]:
    """Line index -> the heading it is. Removed lines and chatter (dropped later) are left out, translator's
    asides lifted off and notes blanked (the splitter reads a note as a paragraph break). `views` remembers each
    line's view (None: left out), for the kept lines are read again (fixpoint.py)."""
    view: list[int] = []
    texts: list[str] = []
    for index, text in enumerate(lines):
        if not text.strip():
            view.append(index)
            texts.append("")
            continue
        if index in removed:
            continue
        if text not in views:
            views[text] = _view_of(text, options)
        view_text = views[text]
        if view_text is not None:
            view.append(index)
            texts.append(view_text)
    found: dict[int, Heading] = {}
    for position, (index, text, heading) in enumerate(zip(view, texts, find_headings(texts, options=structure))):
        if heading is None and text and not hanging_step(texts, position):
            # A numbered outline line keeps its own line even where its neighbours make the splitter read it as
            # text: which neighbours it has is only settled after this (replies go later), and joined or judged
            # with them it would clean differently a second time ("2.1. Refuerzos" + "x" reads as an empty heading).
            candidate = heading_candidate(text, options=structure)
            heading = candidate if candidate is not None and candidate.style == HeadingStyle.NUMBERED else None
        if heading is not None:
            found[index] = heading
    return found


def _view_of(text: str, options: CleanOptions) -> str | None:
    """What the recogniser reads of a line: its asides lifted off, a note blank, a reply's chatter nothing (None)."""
    bare = split_inline_note(text, options, heading=True)[0]
    reason = chatter_reason(bare, options) if len(bare) <= MAX_CHATTER_LINE else None
    if reason and (reason not in TITLE_TALK or ONLY_TALK.match(bare.strip())):
        return None  # "Muchísimas gracias por el esfuerzo.": a reply shaped like a title is judged as text
    return "" if FOOTNOTE_LINE.match(text) or NOTE_PARAGRAPH.match(text) else bare


def _find_units(state: State) -> None:
    current: list[int] = []
    for index, text in enumerate(state.lines):
        if index in state.fate and text.strip():
            continue  # a removed line does not split a paragraph: what it interrupted reads on
        if index in state.fate or not text.strip() or index in state.headings or index in state.openers:
            if current:
                state.units.append(Unit(current))
                current = []
            if index in state.openers:
                current.append(index)
            continue
        if FOOTNOTE_LINE.match(text) or _a_note_alone(text, state.options):
            # A footnote is judged on its own: it belongs to the paragraph with its marker, not to its neighbours.
            # So is a line that is only the translator's aside (where a first cleaning moved it): judged with the
            # rule below it, its chatter would take the rule along ("(traducción libre, jeje)" / "El atacante...").
            if current:
                state.units.append(Unit(current))
                current = []
            state.units.append(Unit([index]))
            continue
        current.append(index)
    if current:
        state.units.append(Unit(current))


def _a_note_alone(text: str, options: CleanOptions) -> bool:
    stripped = text.strip()
    return stripped.startswith("(") and stripped.endswith(")") and split_inline_note(stripped, options) == ("", [stripped])


# --- 3. each unit's voice ----------------------------------------------------------------------------------


def _judge_units(state: State) -> None:
    noted = _under_notes_headings(state, sorted(state.headings))
    for unit in state.units:
        # Judge the text without the translator's asides: a rule with a note in it is still a rule.
        text = split_inline_note(" ".join(state.lines[index].strip() for index in unit.lines), state.options)[0]
        if all(LONE_BULLET.match(state.lines[index]) for index in unit.lines):
            unit.kind, unit.reason = CleaningAction.DROP, "empty bullet (its text is missing in the source)"
            continue
        tokens = words(text)
        rule_words = sum(token in state.options.rules for token in tokens)
        url_share = sum(len(url) for url in URL.findall(text)) / max(len(text), 1)
        if URL.search(text) and rule_words <= 1 and (META_WORDS.search(text) or url_share > 0.3):
            for url in URL.findall(text):
                state.urls.append(("", url.rstrip(".")))
            unit.kind, unit.reason = CleaningAction.CREDIT, "note about the source document; its link is kept in credits"
            continue
        if NOTE_PARAGRAPH.match(text) or unit.first in noted:
            unit.kind, unit.reason = LineKind.NOTE, "translator's note"
            continue
        if EDITOR_REMARK.match(text):
            unit.kind, unit.reason = LineKind.NOTE, "editor's remark on the rulebook's wording"
            continue
        if SUBTITLE.match(text.strip()):
            unit.kind, unit.reason = CleaningAction.DROP, "subtitle: what the document is (a rulebook), no rule"
            continue
        reason = chatter_reason(text, state.options)
        if reason and (reason == APP_PROMOTION or not _a_rule_inside(text, state.options)):
            unit.kind, unit.reason = CleaningAction.DROP, f"forum chatter: {reason}"
            continue
        if PRODUCT_PRESENTED.search(text) and not MODAL_VERBS.intersection(tokens) and not RULE_PRESENTED.search(text):
            unit.kind, unit.reason = CleaningAction.DROP, PRODUCT_PROMOTION
            continue
        if voice(text, state.options).flavor:
            unit.kind, unit.reason = LineKind.FLAVOR, "story (first-person narrative, not rules)"
    _judge_publisher_notes(state)
    _judge_off_topic(state)
    _judge_stories(state)
    for position in chatter_lead_ins(state.lines, state.units, state.headings):
        state.units[position].kind, state.units[position].reason = CleaningAction.DROP, "forum chatter: the lead-in of chatter that went"


def _under_notes_headings(state: State, headings: list[int]) -> set[int]:
    """The lines under a heading of the translator's notes ("Notas del traductor"), each a note whatever it says,
    up to the next heading or the first furniture the cleaner removed (a post's signature, the next post's header).
    One walk over each such section."""
    noted: set[int] = set()
    for position, heading in enumerate(headings):
        if not NOTES_HEADING.match(state.lines[heading]):
            continue
        end = headings[position + 1] if position + 1 < len(headings) else len(state.lines)
        for index in range(heading + 1, end):
            if index in state.fate and state.lines[index].strip():
                break
            noted.add(index)
    return noted


def _a_rule_inside(text: str, options: CleanOptions) -> bool:
    """'Cada jugador roba dos cartas. Más traducciones en la web de ...': a paragraph with a sentence of rules that
    no chatter touches is a rule, its chatter kept with it rather than the rule lost."""
    sentences = SENTENCE_SPLIT.split(text)
    return len(sentences) > 1 and any(_a_rule_sentence(sentence, options) for sentence in sentences)


def _a_rule_sentence(sentence: str, options: CleanOptions) -> bool:
    """A sentence of rule words that no chatter touches."""
    return sum(token in options.rules for token in words(sentence)) >= MIN_RULE_WORDS and chatter_reason(sentence, options) is None


def _plans_with_a_rule(state: State, heading: int, end: int) -> bool:
    """A section under a plans title ("Pendientes", "Próximamente") that states a rule, neither asked nor hedged
    ("Al terminar la partida, guarda las cartas de mejora…"), is the game's: only one of questions and maybes goes."""
    text = " ".join(state.lines[index].strip() for index in range(heading + 1, end + 1) if index not in state.fate)
    return any(_a_rule_sentence(sentence, state.options) and not SPECULATION.search(sentence) for sentence in SENTENCE_SPLIT.split(text))


def _judge_off_topic(state: State) -> None:
    """Opinion, rating, download and comment sections of a blog or fan page go, heading and all; so do the project's
    plans (a "TODO" section)."""
    headings = sorted(state.headings)
    firsts = [unit.first for unit in state.units]  # in line order: bisect finds a section's units and headings
    for heading, (end, reason) in off_topic_sections(state.lines, headings, state.fate).items():
        if reason.startswith(PLANS_REASON) and _plans_with_a_rule(state, heading, end):
            continue
        state.fate[heading] = (CleaningAction.DROP, reason)
        for unit in state.units[bisect_right(firsts, heading) : bisect_right(firsts, end)]:
            if unit.kind != CleaningAction.DROP:
                unit.kind, unit.reason = CleaningAction.DROP, reason
        for index in headings[bisect_right(headings, heading) : bisect_right(headings, end)]:
            if index in state.headings:
                state.fate[index] = (CleaningAction.DROP, reason)
                state.headings.discard(index)
        state.headings.discard(heading)


def _judge_stories(state: State) -> None:
    """Stories told to the reader, or with little first person, are found through characters and neighbours."""
    units = state.units
    texts = [split_inline_note(" ".join(state.lines[index].strip() for index in unit.lines), state.options)[0] for unit in units]
    headings = sorted(state.headings)
    sections = [bisect_left(headings, unit.first) for unit in units]  # how many headings precede the unit
    found = judge_stories(texts, [unit.kind for unit in units], sections, options=state.options)
    for position, reason in found.items():
        units[position].kind, units[position].reason = LineKind.FLAVOR, reason


def _judge_publisher_notes(state: State) -> None:
    """A publisher's note ("NOTA DEL DISTRIBUIDOR:") about the product is dropped; one with rules is a note."""
    headings = sorted(state.headings)
    for unit in state.units:
        if unit.kind != LineKind.TEXT:
            continue
        before = bisect_left(headings, unit.first)
        heading = headings[before - 1] if before else None
        text = " ".join(state.lines[index].strip() for index in unit.lines)
        opened = heading is not None and PUBLISHER_NOTE.match(state.lines[heading])
        if not (opened or PUBLISHER_NOTE.match(text)):
            continue
        tokens = words(text)
        if sum(token in state.options.rules for token in tokens) / max(len(tokens), 1) < PUBLISHER_RULE_SHARE:
            unit.kind, unit.reason = CleaningAction.DROP, "publisher's note about the product, not a rule"
        else:
            unit.kind, unit.reason = LineKind.NOTE, "publisher's note"
        if opened and heading is not None and heading not in state.fate:
            state.fate[heading] = (CleaningAction.DROP, f"heading of a publisher's note (line {unit.first + 1}: {unit.kind})")
            state.headings.discard(heading)


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


def _settle_headings(state: State) -> None:
    """A heading repeated after forum posts, or with no text after it, does not stand alone."""
    order = sorted(
        [(index, "heading") for index in state.headings]
        + [(unit.first, "unit") for unit in state.units if unit.kind in (LineKind.TEXT, LineKind.FLAVOR, LineKind.NOTE)]
    )
    # The last text (found once, not by a scan of the rest per heading): a unit, or a heading-shaped last rule.
    last_text = max(
        (position for position, (index, what) in enumerate(order) if what == "unit" or _a_last_rule(state, index)), default=-1
    )
    # A translation that stops leaves a heading or two; more, with nothing under any, are the text itself (a
    # table of ranks, "Nivel 1" / "Novato" / "Nivel 2" / "Veterano", read as headings), kept.
    unfinished = len(order) - 1 - last_text <= MAX_UNFINISHED
    for position, (index, what) in enumerate(order):
        if what != "heading":
            continue
        following = order[position + 1] if position + 1 < len(order) else None
        if position > last_text:
            if unfinished:
                state.fate[index] = (CleaningAction.DROP, "heading with no text after it (the translation stops here)")
        elif following is not None and following[1] == "heading" and fold(state.lines[following[0]]) == fold(state.lines[index]):
            state.fate[index] = (CleaningAction.DUPLICATE, f"heading repeated at line {following[0] + 1}, where its text follows")
    state.headings -= set(state.fate)


def _a_last_rule(state: State, index: int) -> bool:
    """A line read as a heading that is a rule when nothing follows it: a sentence ("Ganas 2 puntos al final.",
    "Nadie gana."; never lost, however short), a numbered list's last entry ("2. Veinte camellos de madera"),
    its neighbours the lines left beside it (a removed line between two entries does not part them)."""
    text = state.lines[index]
    if SENTENCE_END.search(text) and len(text.split()) >= 2:
        return True
    return in_numbered_list([_kept_beside(state, index, -1), text, _kept_beside(state, index, 1)], 1)


def _kept_beside(state: State, index: int, step: int) -> str:
    """The line next to this one once the removed lines are gone ("" at either end)."""
    other = index + step
    while 0 <= other < len(state.lines) and other in state.fate and state.lines[other].strip():
        other += step
    return state.lines[other] if 0 <= other < len(state.lines) else ""


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
