"""Which of the cleaner's lines are headings: read as the splitter will read them (the structure recogniser, over each
line's view), and settled at the end (a heading repeated over its twin, or left with no text after it, goes).

The cleaner keeps headings whole and out of the noise judgements; `unsettled` tells the fixpoint (fixpoint.py)
whether the kept lines would still lose a heading as `settle_headings` drops them.
"""
from __future__ import annotations

import re
from collections.abc import Container

from pipeline.clean.notes import split_inline_note
from pipeline.clean.resources import RULEBOOK_OPINION, TRANSLATION_TALK, CleanOptions, chatter_reason
from pipeline.clean.state import State
from pipeline.modelkinds import CleaningAction, HeadingStyle, LineKind
from pipeline.structure import STYLES_WITH_BODY, Heading, SplitOptions, find_headings, hanging_step, heading_candidate, in_numbered_list
from pipeline.structure.notemarks import FOOTNOTE_LINE, NOTE_PARAGRAPH
from pipeline.text import fold

SENTENCE_END = re.compile(r"[.!]\s*$")
MAX_UNFINISHED = 2  # headings with no text after them that a translation stopping at its end leaves
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


def unsettled(texts: list[str], headings: set[int]) -> bool:
    """Whether `settle_headings` would drop one of these lines: a heading repeated over its twin, or one of the
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



def mark_headings(state: State) -> None:
    """Ask the structure recogniser about the lines as the splitter will see them: headings are kept whole,
    run-in headings open a block."""
    for index, heading in read_headings(state.lines, state.fate, state.options, state.structure, state.views).items():
        (state.openers if heading.style in STYLES_WITH_BODY else state.headings).add(index)


def read_headings(
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



def settle_headings(state: State) -> None:
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
