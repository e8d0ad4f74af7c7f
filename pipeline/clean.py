"""RawText -> CleanText: drop forum noise, keep rules, and account for every input line.

Every raw line ends up either kept as it is (a CleanLine with the same text, blank lines included as
paragraph separators) or named in the report with an action and a reason a person can read.
"""
from __future__ import annotations

import re

from .model import CleaningRecord, CleanLine, CleanText, Credits, RawText

BRACKETED_USERNAME = re.compile(r"^\s*\[[^\[\]\n]{2,40}\]\s*$")
BARE_URL = re.compile(r"^\s*(https?://|www\.)\S+\s*$", re.IGNORECASE)
NAVIGATION_WORDS = frozenset(
    word.casefold()
    for word in ("Inicio", "Foro", "Ezine", "Ingresar", "Registrarse", "Webchat", "Ayuda", "Buscar", "Portal")
)


def clean(raw: RawText) -> CleanText:
    """Remove what is not rule text; keep an account of every removed line."""
    kept: list[CleanLine] = []
    report: list[CleaningRecord] = []
    translators: list[str] = []
    urls: list[str] = []
    for number, line in enumerate(raw.lines, start=1):
        text = line.rstrip()
        if BRACKETED_USERNAME.match(text):
            name = text.strip()[1:-1].strip()
            if name not in translators:
                translators.append(name)
            report.append(CleaningRecord(number, "credit", "forum username (kept in credits)", line))
        elif BARE_URL.match(text):
            urls.append(text.strip())
            report.append(CleaningRecord(number, "credit", "bare URL (kept in credits)", line))
        elif text.strip().casefold() in NAVIGATION_WORDS:
            report.append(CleaningRecord(number, "drop", "site navigation", line))
        else:
            kept.append(CleanLine(text=text, first=number, last=number))
    credits = Credits(translators=tuple(translators), source_url=urls[0] if urls else "", other=tuple(urls[1:]))
    return CleanText(game=raw.game, lines=tuple(kept), report=tuple(report), credits=credits, warnings=raw.warnings)
