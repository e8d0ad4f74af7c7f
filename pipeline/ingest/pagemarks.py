"""A printed document's page furniture, copied out of a PDF with its text: page numbers on lines of their own
and the running header or footer beside them or breaking into its sentences. Each line found goes, recorded as
what it is (`Artefact`): the cleaner takes them for the signs of a published document.
"""

from __future__ import annotations

import re
from collections import Counter

from pipeline.model import CleaningRecord
from pipeline.modelkinds import Artefact, CleaningAction
from pipeline.structure.patterns import PAGE_MARKER

MIN_PAGE_LINE = 200  # a page's line in a viewer's copy: longer than a paragraph's
MIN_HEAD_WORDS, MAX_HEAD_WORDS = 2, 10  # a running head's words before the page number
MIN_RUNNING = 3  # a running header without page numbers shows itself by repeating at least this often
BARE_NUMBER = re.compile(r"^\s*(\d{1,3})(?:\s*(?:/|de)\s*\d{1,3})?\s*$")  # "3", and "3/12" or "3 de 12"
# A page number set apart from the running title on the same line, after it or before it.
FOOTER_NUMBER = re.compile(r"^\s*(\d{1,3})\s{3,}(\S.{2,80}?)\s*$|^\s*(\S.{2,80}?)\s{3,}(\d{1,3})\s*$")
# The same pasted without the layout's spaces: 'Faros del Norte - Reglas 1', '2 Faros del Norte - Reglas'. A
# heading may end with a number too ('Carta de evento 2'), so these count only as a title and a part set apart by
# a dash, a dot or a bar, the way a running footer names the book and its chapter.
TIGHT_FOOTER = re.compile(r"^\s*(\d{1,3})\s(\S.{2,80}?\s[-–—·|]\s.{2,80}?)\s*$|^\s*(\S.{2,80}?\s[-–—·|]\s.{2,80}?)\s(\d{1,3})\s*$")


def page_furniture(texts: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    """Bare page numbers that count up through the text, the short lines repeated beside them, and short
    lines repeated through the text that break into the middle of a sentence (a header with no number)."""
    footers = _numbered_footers(texts, records)
    found = _numbered_pages(texts, records) | _interrupting_headers(texts, records) | set(footers)
    return found | _pages_among_footers(texts, records, footers) | _heads_beside_markers(texts, records)


def _heads_beside_markers(texts: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    """'SENDEROS DE NIEBLA' right after '- 2 -' and again after '- 3 -' (blank lines between them): the running
    header of each new page. Only the lines beside a marker go; the same words where the text opens are its title."""
    markers = [index for index, text in enumerate(texts) if PAGE_MARKER.match(text.strip())]
    beside: dict[str, list[int]] = {}
    for index in markers:
        for step in (-1, 1):
            other = index + step
            while 0 <= other < len(texts) and not texts[other].strip():
                other += step
            if 0 <= other < len(texts) and other not in markers and len(texts[other].strip()) <= 80:
                beside.setdefault(texts[other].strip(), []).append(other)
    dropped: set[int] = set()
    for lines in beside.values():
        if len(set(lines)) >= 2:
            for index in sorted(set(lines)):
                dropped.add(index)
                reason = "running header or footer (repeated beside the page markers)"
                records[index + 1] = CleaningRecord(index + 1, CleaningAction.DROP, reason, texts[index], Artefact.RUNNING_HEADER)
    return dropped


def _pages_among_footers(texts: list[str], records: dict[int, CleaningRecord], footers: dict[int, int]) -> set[int]:
    """A bare number on the page after the last numbered footer ('2 Faros del Norte - Reglas' … '3'): the last page,
    whose footer the copy kept without its words."""
    numbered = sorted(footers.items())
    dropped: set[int] = set()
    for index, text in enumerate(texts):
        bare = BARE_NUMBER.match(text)
        before = [number for at, number in numbered if at < index]
        after = [number for at, number in numbered if at > index]
        if bare and before and 0 < int(bare.group(1)) - before[-1] <= 2 and all(number > int(bare.group(1)) for number in after):
            dropped.add(index)
            reason = "page number (a line of its own)"
            records[index + 1] = CleaningRecord(index + 1, CleaningAction.DROP, reason, text, Artefact.PAGE_NUMBER)
    return dropped


def _numbered_footers(texts: list[str], records: dict[int, CleaningRecord]) -> dict[int, int]:
    """'Caravanas de Ámbar · Reglamento      2': the same words beside a page number that rises, on one line
    (as `pdftotext -layout` sets a footer), repeated on two pages or more."""
    where: dict[str, list[tuple[int, int]]] = {}
    for index, text in enumerate(texts):
        found = FOOTER_NUMBER.match(text) or TIGHT_FOOTER.match(text)
        if found:
            words = (found.group(2) or found.group(3)).strip()
            where.setdefault(words, []).append((index, int(found.group(1) or found.group(4))))
    dropped: dict[int, int] = {}  # footer line -> its page number
    for lines in where.values():
        numbers = [number for _, number in lines]
        if len(lines) >= 2 and all(0 < b - a <= 2 for a, b in zip(numbers, numbers[1:])):
            for index, number in lines:
                dropped[index] = number
                reason = "running header or footer with its page number on the same line"
                records[index + 1] = CleaningRecord(index + 1, CleaningAction.DROP, reason, texts[index], Artefact.RUNNING_HEADER)
    return dropped


def _interrupting_headers(texts: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    """'CORSARIOS DEL SUR – Reglamento' three times, once between 'El jugador' and 'inicial resuelve...':
    a line that repeats and cuts a sentence in two is the page's running header, wherever it stands."""
    where: dict[str, list[int]] = {}
    for index, text in enumerate(texts):
        stripped = text.strip()
        if 8 <= len(stripped) <= 80 and not stripped.endswith(":"):
            where.setdefault(stripped, []).append(index)
    dropped: set[int] = set()
    for indexes in where.values():
        if len(indexes) < MIN_RUNNING:
            continue
        cuts = sum(1 for index in indexes if _cuts_a_sentence(texts, index))
        if cuts:
            dropped.update(indexes)
            for index in indexes:
                reason = "running header or footer (repeated, breaking into sentences)"
                records[index + 1] = CleaningRecord(index + 1, CleaningAction.DROP, reason, texts[index], Artefact.RUNNING_HEADER)
    return dropped


def _cuts_a_sentence(texts: list[str], index: int) -> bool:
    before = texts[index - 1].rstrip() if index > 0 else ""
    after = texts[index + 1].lstrip() if index + 1 < len(texts) else ""
    return bool(before) and bool(after) and before[-1:].isalpha() and after[:1].islower()


def _numbered_pages(texts: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    found = [(index, bare) for index, text in enumerate(texts) if (bare := BARE_NUMBER.match(text))]
    numbers = [index for index, _ in found]
    values = [int(bare.group(1)) for _, bare in found]
    rising = sum(1 for a, b in zip(values, values[1:]) if 0 < b - a <= 2)
    if len(numbers) < 2 or rising < len(numbers) - 1 - len(numbers) // 4:
        return set()
    dropped = set(numbers)
    for index in numbers:
        records[index + 1] = CleaningRecord(
            index + 1, CleaningAction.DROP, "page number (a line of its own)", texts[index], Artefact.PAGE_NUMBER
        )
    beside = Counter(
        texts[other].strip() for index in numbers for other in (index - 1, index + 1) if 0 <= other < len(texts) and texts[other].strip()
    )
    for index, text in enumerate(texts):
        stripped = text.strip()
        if beside.get(stripped, 0) >= 2 and len(stripped) <= 80 and index not in dropped:
            dropped.add(index)
            records[index + 1] = CleaningRecord(
                index + 1, CleaningAction.DROP, "running header or footer (repeated beside the page numbers)", text, Artefact.RUNNING_HEADER
            )
    return dropped


def page_heads(texts: list[str]) -> dict[int, tuple[str, str]]:
    """Lines that are each a whole page opening with the running head and the page's number, which rises
    ('GUÍA DE REGLAS - LA ISLA 1 OBJETIVO…', 'GUÍA DE REGLAS - LA ISLA 2 EL TURNO…': a PDF viewer's copy, one line
    a page): line index -> (the running head, the page's text without it and its number)."""
    found: dict[str, list[tuple[int, int, str]]] = {}  # running head -> (line, page number, the rest) of each page
    for index, text in enumerate(texts):
        words = text.split()
        if len(text) < MIN_PAGE_LINE:
            continue
        for size in range(MIN_HEAD_WORDS, min(MAX_HEAD_WORDS, len(words) - 2) + 1):
            if re.fullmatch(r"\d{1,3}", words[size]):
                found.setdefault(" ".join(words[:size]), []).append((index, int(words[size]), " ".join(words[size + 1 :])))
    pages: dict[int, tuple[str, str]] = {}
    for head, lines in found.items():
        numbers = [number for _, number, _ in lines]
        if len(lines) >= 2 and all(0 < b - a <= 2 for a, b in zip(numbers, numbers[1:])):
            pages.update({index: (head, rest) for index, _, rest in lines if index not in pages})
    return pages
