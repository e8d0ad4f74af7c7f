"""A publisher's credits block: a "Créditos" heading over lines that each name a role and who filled it
("Diseño: Aurora Beltrán", "Maquetación: Estudio Garza"), with the copyright and the web address. None of it is a
rule: the role lines go to the credits (the sheet's footer prints them) and the heading goes with them, so the
block makes no section. A line of the block that is no credit (a sentence), or a sentence right after the block (a
rule the heading heads), leaves the whole block as it was.
"""

from __future__ import annotations

import re

from pipeline.clean.resources import BARE_URL, COPYRIGHT_LINE
from pipeline.clean.state import State
from pipeline.modelkinds import CleaningAction

CREDITS_HEADING = re.compile(r"^\s*(?:#{1,6}\s*)?(?:cr[ée]ditos|staff|ficha t[ée]cnica)\s*:?\s*$", re.IGNORECASE)
ROLES = (
    r"dise[ñn]o(?:\s+gr[áa]fico|\s+del\s+juego)?|autor(?:a|es)?|ilustraci[óo]n(?:es)?|ilustrador(?:a|es)?|arte|"
    r"direcci[óo]n\s+de\s+arte|maquetaci[óo]n|desarrollo|edici[óo]n|editor(?:a|ial)?|revisi[óo]n|correcci[óo]n|"
    r"producci[óo]n|traducci[óo]n|traductor(?:a|es)?|pruebas|playtesting|gr[áa]ficos|portada|reglamento"
)
# "Diseño: Aurora Beltrán", "Ilustración y portada: Teo Maraña": a role, a colon, a short name (no sentence after it).
ROLE_LINE = re.compile(rf"^\s*(?:{ROLES})(?:\s*(?:,|y|e)\s*(?:{ROLES}))*\s*:\s*[^\s.!?][^.!?]{{0,60}}\.?\s*$", re.IGNORECASE)


def mark_credit_blocks(state: State) -> None:
    """Send each credits block's role lines and its heading to the credits."""
    lines, fate = state.lines, state.fate
    for index, text in enumerate(lines):
        if not CREDITS_HEADING.match(text):
            continue
        block = _block_under(lines, index)
        roles = [line for line in block if ROLE_LINE.match(lines[line])]
        if not roles or any(not (ROLE_LINE.match(lines[line]) or _other_credit(lines[line])) for line in block):
            continue
        if _a_sentence_after(lines, block[-1]):
            continue  # a rule under the heading, past the credits: the heading heads it ("Los créditos del juego van…")
        fate[index] = (CleaningAction.DROP, "heading of the credits block (its lines are kept in the sheet footer)")
        for line in roles:
            fate[line] = (CleaningAction.CREDIT, "credit line kept in the sheet footer")
            state.other_credits.append(lines[line].strip().rstrip("."))


def _block_under(lines: list[str], index: int) -> list[int]:
    """The non-blank lines under the heading, up to a blank line after some of them."""
    block: list[int] = []
    for line in range(index + 1, len(lines)):
        if not lines[line].strip():
            if block:
                break
            continue
        block.append(line)
    return block


def _a_sentence_after(lines: list[str], last: int) -> bool:
    """Whether the first line after the block, before any heading-like line, is a sentence (it ends as one)."""
    following = next((text.strip() for text in lines[last + 1 :] if text.strip()), "")
    return following.endswith((".", "!", "?"))


def _other_credit(text: str) -> bool:
    return bool(COPYRIGHT_LINE.match(text) or BARE_URL.match(text))
