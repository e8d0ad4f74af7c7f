"""A line of running text with its emphasis -> structural plain text (what emphasis means, not how it looked).

Every converter (Markdown, HTML, BBCode) hands its line over as segments of (text, bold). A line that is
nothing but a short bold phrase is a heading ("**Combate**" alone, "[b]Fase de acción[/b]"); a bold phrase
that opens a line is a run-in heading ("**Combate.** Cada jugador...", or "**Combate**. Cada…" with the stop
outside the bold), written `**Combate.** Cada...`;
any other emphasis is only typography and goes.
"""

from __future__ import annotations

import re

from pipeline.ingest.lines import tidy
from pipeline.structure import looks_like_sentence
from pipeline.structure.patterns import FORMULA

EMPHASIS_HEADING = "###### "  # a bold line is a heading below every marked-up level
MAX_RUN_IN_WORDS = 8
# The full stop a bold lead's writer set just outside the bold ("**Comprar**. Paga…"), not an ellipsis. A colon outside
# ("**Fuerza**: se usa…") is left as it is: the real texts write label and value so, not a section (and the sheet
# sets a "Label:" lead in bold whatever its type, sheets/roles.py).
STOP_AFTER_BOLD = re.compile(r"\.(?!\.)")
MAX_HEADING_WORDS = 10
# Bold words that flag a sentence rather than title a section (a note keeps its run-in form: the cleaner marks it).
CALLOUT_LABELS = frozenset(
    "importante atención atencion ojo recuerda recordad aviso advertencia cuidado aclaración aclaracion excepción excepcion".split()
)


def render(segments: list[tuple[str, bool]], *, item: bool = False, leads: dict[str, str] | None = None) -> tuple[str, str]:
    """(line, what the emphasis became: 'bold heading', 'bold run-in heading' or ''). A list item's bold
    label ("[*][b]Excavar:[/b] cada jugador...") is no heading (items never are): its words stay the item's
    text, and the label is noted in `leads` (the item's text -> its bold lead) for the sheet to set in bold."""
    text = tidy("".join(part for part, _ in segments))
    if not text or item:
        if text and item and leads is not None and (lead := _run_in(segments, text)):
            leads.setdefault(text, lead[0])
        return text, ""
    bold = tidy("".join(part for part, strong in segments if strong))
    if bold and bold == text and _heading_like(bold):
        return EMPHASIS_HEADING + bold, "bold heading"
    head, rest = _bold_opening(segments, text)
    if head.rstrip(".: ").casefold() in CALLOUT_LABELS and rest:
        return text, "bold label"  # "**Importante:** cada vez que...": a warning inside the rules, no section
    if _titles_what_follows(head, rest):
        return f"**{head}** {rest}", "bold run-in heading"
    return text, ""


def _run_in(segments: list[tuple[str, bool]], text: str) -> tuple[str, str] | None:
    """(bold lead, the rest) when the line opens with a bold phrase that titles what follows it."""
    head, rest = _bold_opening(segments, text)
    return (head, rest) if _titles_what_follows(head, rest) else None


def _bold_opening(segments: list[tuple[str, bool]], text: str) -> tuple[str, str]:
    """The bold phrase the line opens with and the rest of it ('' and '' when it opens in plain type)."""
    first = next((index for index, (part, _) in enumerate(segments) if part.strip()), None)
    if first is None or not segments[first][1]:
        return "", ""
    opening = []
    for part, strong in segments[first:]:
        if not strong and part.strip():
            break
        opening.append(part)
    head = tidy("".join(opening))
    if not text.startswith(head):
        return head, ""
    rest = text[len(head) :]
    if STOP_AFTER_BOLD.match(rest) and not head.endswith((".", ":")):  # "**Comprar**. Paga…" is "**Comprar.** Paga…"
        head, rest = head + rest[0], rest[1:]
    return head, rest.strip()


def _titles_what_follows(head: str, rest: str) -> bool:
    # "**Combate.** El atacante...", "**Nota:** guarda...": a heading closes with its stop or a new sentence
    # starts; "**Mareas de Cristal** es un juego..." is the sentence's subject in bold, not a heading.
    closed = head.endswith((".", ":")) or rest[:1].isupper() or rest[:1] in "¿¡"
    return bool(head and rest and closed and len(head.split()) <= MAX_RUN_IN_WORDS and not head.endswith(","))


def _heading_like(text: str) -> bool:
    words = text.split()
    if len(words) > MAX_HEADING_WORDS or text.endswith((",", ";")):
        return False
    body = text.rstrip(":")
    if FORMULA.search(body):
        return False  # "**resultado total = puntos de efecto**": a formula set in bold, no heading
    return not (body.endswith(".") and len(words) > 3) and not (looks_like_sentence(body) and len(words) > 4)
