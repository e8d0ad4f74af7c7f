"""Lead-ins left announcing nothing: "Si tienes preguntas o necesitas ayuda:" over a list of chatter that went."""
from __future__ import annotations

from bisect import bisect_right

from pipeline.clean.state import Unit
from pipeline.structure.patterns import LEAD_IN
from pipeline.modelkinds import CleaningAction, LineKind

# A lead-in is one short line; a longer paragraph that ends in a colon says more than what it announces.
MAX_LEAD_IN_WORDS = 12


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
