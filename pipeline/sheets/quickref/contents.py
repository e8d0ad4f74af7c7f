"""Where a sheet's headings land, and the "Contenido" line made from them: a player finds a rule by its heading.

The doc templates (typeset.py, probe.py) note every heading as it lands on a page (`note_landing`); a sheet whose
recipe says nothing of what it `covers` prints its headings of the first level instead, on a sheet of several
pages grouped by page ("Contenido: p. 1: Introducción · Tipos de cartas — p. 2: Combate · Índice inglés"). When
the first level holds fewer than FEW headings (a text under one or two chapters), the second level is listed too,
as much of it as keeps the line under CONTENTS_CHARS (cut from its end, the chapters kept, and ending with "…");
a first level too long for MAX_CONTENTS_CHARS is cut, ending with "…".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

FEW = 4
CONTENTS_CHARS = 420  # about three lines of the title block: the most a second level may bring
MAX_CONTENTS_CHARS = 640  # about five lines: a longer first level (a flat outline of forty headings) is cut
PARENTHESIS = re.compile(r"\s*\([^()]*\)")


@dataclass(frozen=True)
class Landed:
    """One heading as the layout placed it."""

    key: str  # the section id ("glossary": the English index)
    title: str
    level: int  # 0: a chapter's band
    page: int
    visible: bool  # printed as a heading or a run-in lead (not the invisible anchor of an untitled opening box)


def note_landing(doc, flowable) -> None:
    """Called by a doc template after each flowable: a heading (or a run-in lead's anchor) is noted with its page."""
    key = getattr(flowable, "outline_key", None)
    if key is None:
        return
    landed = doc.__dict__.setdefault("landed", [])
    if all(entry.key != key for entry in landed):
        landed.append(Landed(key, flowable.outline_title, flowable.outline_level, doc.page, getattr(flowable, "outline_visible", True)))


def pages_of(landed: list[Landed]) -> dict[str, int]:
    """Section id -> the page its heading is on."""
    return {entry.key: entry.page for entry in landed}


def contents_line(landed: list[Landed], *, pages: int) -> str:
    """The sheet's headings to list after "Contenido:", grouped by page when the sheet has more than one; a list
    longer than MAX_CONTENTS_CHARS is cut at a heading and ends with "…" (a flat outline of forty headings)."""
    shown = [replace(entry, title=_short(entry.title)) for entry in landed if entry.visible]
    chosen = [entry for entry in shown if entry.level == 0]
    deeper = [entry for entry in shown if entry.level <= 1]
    # Too long a second level is cut from its end, its chapters kept: a text under one title and a closing
    # chapter ("Resumen de reglas", on the last page) would otherwise list that chapter alone.
    while len(_line(deeper, pages)) > CONTENTS_CHARS and any(entry.level == 1 for entry in deeper):
        deeper.pop(max(index for index, entry in enumerate(deeper) if entry.level == 1))
    cut = len(deeper) < len([entry for entry in shown if entry.level <= 1])
    if len(chosen) < FEW and len(deeper) > len(chosen):
        chosen = deeper
    else:
        cut = False
    while len(chosen) > 1 and len(_line(chosen, pages)) > MAX_CONTENTS_CHARS:
        chosen, cut = chosen[:-1], True
    return _line(chosen, pages) + (" …" if cut or len(chosen) < len([entry for entry in shown if entry.level == 0]) else "")


def _short(title: str) -> str:
    """A title without its parenthesised remark: "Orden de las cartas (de mayor a menor)" -> "Orden de las cartas"."""
    return PARENTHESIS.sub("", title).strip() or title.strip()


def _line(entries: list[Landed], pages: int) -> str:
    """The titles joined by " · ", on a sheet of several pages grouped by page: "p. 1: Mesa · Combate — p. 2: Mazo"."""
    if pages <= 1:
        return " · ".join(entry.title.strip() for entry in entries)
    groups: dict[int, list[str]] = {}
    for entry in entries:
        groups.setdefault(entry.page, []).append(entry.title.strip())
    return " — ".join(f"p.\u00a0{page}: " + " · ".join(titles) for page, titles in groups.items())
