"""A credits block: a credits title ("Créditos", "CRÉDITOS DE LA TRADUCCIÓN", "Staff") over nothing but credit lines
up to the next heading or the end: lines that each name a role and who filled it ("Diseño: Aurora Beltrán",
"Maquetación: Estudio Garza"), a copyright, a web address, or lines the furniture pass already sent to the credits
("Traducción: Nerea Villalba"). None of it is a rule: the role lines go to the credits (the sheet's footer prints
them) and the title goes with them, so the block makes no section. One line under the title that is none of those
(a sentence) leaves the whole block as it was: a section holding a rule is never taken as credits.
"""

from __future__ import annotations

import re

from pipeline.clean.resources import BARE_URL, COPYRIGHT_LINE
from pipeline.clean.state import State
from pipeline.modelkinds import CleaningAction
from pipeline.structure import heading_candidate
from pipeline.structure.patterns import CREDITS_TITLE

CREDITS_HEADING = re.compile(r"^\s*(?:#{1,6}\s*)?(?:cr[ée]ditos|staff|ficha t[ée]cnica)\s*:?\s*$", re.IGNORECASE)
CREDITS_TITLE_WORDS = 6  # "Créditos de la traducción al español": a longer line is a sentence about credits
ROLES = (
    r"dise[ñn]o(?:\s+gr[áa]fico|\s+del\s+juego)?|autor(?:a|es)?|ilustraci[óo]n(?:es)?|ilustrador(?:a|es)?|arte|"
    r"direcci[óo]n\s+de\s+arte|maquetaci[óo]n|desarrollo|edici[óo]n|editor(?:a|ial)?|revisi[óo]n|correcci[óo]n|"
    r"producci[óo]n|traducci[óo]n|traductor(?:a|es)?|pruebas|playtesting|gr[áa]ficos|portada|reglamento"
)
# "Diseño: Aurora Beltrán", "Ilustración y portada: Teo Maraña": a role, a colon, a short name (no sentence after it).
ROLE_LINE = re.compile(rf"^\s*(?:{ROLES})(?:\s*(?:,|y|e)\s*(?:{ROLES}))*\s*:\s*[^\s.!?][^.!?]{{0,60}}\.?\s*$", re.IGNORECASE)


def mark_credit_blocks(state: State) -> None:
    """Send each credits block's role lines and its title to the credits."""
    lines, fate = state.lines, state.fate
    for index, text in enumerate(lines):
        if index in fate or not _credits_title(text):
            continue
        block = _block_under(state, index)
        # A role line another pass misread ("Ilustración: Teo Maraña" as a picture's caption) is a credit here.
        roles = [line for line in block if ROLE_LINE.match(lines[line]) and fate.get(line, (None,))[0] is not CleaningAction.CREDIT]
        credited = roles or [line for line in block if fate.get(line, (None,))[0] is CleaningAction.CREDIT]
        if not credited or any(not _a_credit(state, line) for line in block):
            continue
        fate[index] = (CleaningAction.DROP, "title of the credits block (its lines are kept in the sheet footer)")
        for line in roles:
            fate[line] = (CleaningAction.CREDIT, "credit line kept in the sheet footer")
            state.other_credits.append(lines[line].strip().rstrip("."))


def _credits_title(text: str) -> bool:
    stripped = text.strip().lstrip("#").strip()
    return bool(CREDITS_HEADING.match(text)) or (
        bool(CREDITS_TITLE.match(stripped)) and len(stripped.split()) <= CREDITS_TITLE_WORDS and not stripped.endswith(".")
    )


def _block_under(state: State, index: int) -> list[int]:
    """The non-blank lines under the title, up to the next heading (one the furniture pass left) or the end."""
    block: list[int] = []
    for line in range(index + 1, len(state.lines)):
        text = state.lines[line]
        if not text.strip():
            continue
        if line not in state.fate and not ROLE_LINE.match(text) and heading_candidate(text, options=state.structure) is not None:
            break
        block.append(line)
    return block


def _a_credit(state: State, line: int) -> bool:
    """Already judged by the furniture pass (a translator's line, a copyright, a URL), or a role line, copyright or URL."""
    text = state.lines[line]
    return line in state.fate or bool(ROLE_LINE.match(text) or COPYRIGHT_LINE.match(text) or BARE_URL.match(text))
