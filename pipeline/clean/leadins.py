"""Lead-ins left announcing nothing: "Si tienes preguntas o necesitas ayuda:" over a list of chatter that went; a
poster's words announcing the rules their post goes on with ("Sigo con la segunda parte:")."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from pipeline.clean.resources import CleanOptions, voice
from pipeline.clean.state import Unit
from pipeline.structure.patterns import LEAD_IN
from pipeline.modelkinds import CleaningAction, LineKind

# A lead-in is one short line; a longer paragraph that ends in a colon says more than what it announces.
MAX_LEAD_IN_WORDS = 12
MAX_POST_LEAD_IN_SENTENCES = 2  # a remark to the thread and what it announces ("Son 5, lo he comprobado. Sigo con…")
SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[¿¡A-ZÁÉÍÓÚÑ])")


def chatter_lead_ins(lines: list[str], units: list[Unit], headings: set[int]) -> list[int]:
    """The positions in `units` of the kept one-line lead-ins ("...ayuda:") whose every following unit up to the
    next heading was dropped as forum chatter: what they announce is gone, and so are they."""
    marks = sorted(headings)
    found = []
    for position, unit in enumerate(units):
        text = lines[unit.first].strip()
        if unit.kind != LineKind.TEXT or len(unit.lines) > 1 or not LEAD_IN.search(text) or len(text.split()) > MAX_LEAD_IN_WORDS:
            continue
        after = bisect_right(marks, unit.last)
        end = marks[after] if after < len(marks) else len(lines)
        following = [other for other in units[position + 1 :] if other.first < end]
        if following and all(other.kind == CleaningAction.DROP and other.reason.startswith("forum chatter") for other in following):
            found.append(position)
    return found


def post_lead_in(
    lines: list[str], units: list[Unit], firsts: list[int], span: tuple[int, int], options: CleanOptions
) -> int | None:
    """The position in `units` (whose first lines are `firsts`) of the paragraph a thread's poster writes right over
    their post's first heading (`span`: the line the post opens at, its first heading's) when it ends announcing it
    ("Y la última parte:", "Son 5, lo he comprobado. Sigo con la segunda parte:"): a sentence or two in the poster's
    own voice (the first person outweighs the rule words) or with no rule word. A rule's own lead-in ("Cada ronda
    tiene tres fases, en este orden:") speaks of the game, and stays. None when there is none."""
    start, first_heading = span
    position = bisect_left(firsts, first_heading) - 1
    if position < 0 or units[position].first <= start or units[position].kind != LineKind.TEXT:
        return None
    unit = units[position]
    text = " ".join(lines[index].strip() for index in unit.lines)
    right_over = all(not lines[index].strip() for index in range(unit.last + 1, first_heading))
    if not (right_over and LEAD_IN.search(text) and len(SENTENCE_SPLIT.split(text)) <= MAX_POST_LEAD_IN_SENTENCES):
        return None
    speaking = voice(text, options)
    return position if speaking.rules == 0 or speaking.narrative > speaking.rules else None
