"""Headings judged by their neighbours: which candidates of styles.py really open a section.

A line alone cannot say whether it is a heading; the lines around it can: a short line inside a run
of short lines is a list entry, a line after a phrase broken off mid-sentence or before a lower-case
continuation is a fragment, a title repeated under many sections is a sub-block label ("BÁSICA:"),
words in capitals stacked on their own lines are a diagram's labels.
"""
from __future__ import annotations

import re

from pipeline.structure.heading import Heading, readable_title
from pipeline.structure.lexicon import FUNCTION_WORDS
from pipeline.structure.options import SplitOptions
from pipeline.structure.patterns import BULLET, LETTERED, NUMBERED, PAGE, PAGE_MARKER, REPEATED_LABEL
from pipeline.structure.styles import heading_candidate, looks_like_sentence, starts_upper
from pipeline.text import fold, is_shouting

# Styles whose form is evidence enough: no neighbour can overrule them.
SELF_EVIDENT = ("markup", "page", "runin", "card", "chapter")
DOCUMENT_TITLE_WORDS = 12


def _ends_mid_sentence(text: str) -> bool:
    """A previous line that breaks off mid-phrase ("... la tirada de defensa. Si") cannot precede a heading."""
    stripped = text.rstrip()
    if not stripped:
        return False
    if stripped[-1] in ",;-–":
        return True
    last = stripped.split()[-1]
    return last.lower() in FUNCTION_WORDS or last.lower() in {"si", "cuando", "como"}


def repeated_titles(texts: list[str], *, options: SplitOptions) -> set[str]:
    """Folded titles that recur REPEATED_LABEL times or more: sub-block labels such as 'BÁSICA:'."""
    counts: dict[str, int] = {}
    for text in texts:
        found = heading_candidate(text, options=options)
        if found and found.style in ("caps", "title") and found.title:
            key = fold(found.title)
            counts[key] = counts.get(key, 0) + 1
    return {key for key, count in counts.items() if count >= REPEATED_LABEL}


def find_headings(texts: list[str], *, options: SplitOptions) -> list[Heading | None]:
    """One entry per line: the heading it opens, or None. Blank strings are paragraph breaks.

    The cleaner asks this of its raw lines (removed lines left out) and the splitter of the cleaned
    ones, so both stages agree on what a heading is."""
    labels = repeated_titles(texts, options=options)
    candidates = [heading_candidate(text, options=options) for text in texts]
    _document_title(texts, candidates)
    found: list[Heading | None] = []
    for index, heading in enumerate(candidates):
        if heading is not None and heading.style not in SELF_EVIDENT and _overruled(texts, candidates, index, options=options):
            heading = None
        if heading is not None and heading.style in ("caps", "title") and fold(heading.title) in labels:
            heading = Heading(heading.title, "label")
        found.append(heading)
    return found


def _overruled(texts: list[str], candidates: list[Heading | None], index: int, *, options: SplitOptions) -> bool:
    """Whether the neighbours of a caps, numbered, lettered or title candidate show it is no heading."""
    heading = candidates[index]
    previous = texts[index - 1].strip() if index > 0 else ""
    after = next((t.strip() for t in texts[index + 1 :] if t.strip()), "")
    if heading.style == "caps":
        return bool(after and after[0].islower() and not heading.title) or _in_label_run(texts, index)
    if _ends_mid_sentence(previous) or (
        after and not starts_upper(after) and not after[0].isdigit() and not BULLET.match(after) and not LETTERED.match(after)
    ):
        return True
    if previous.endswith(":") and not previous.startswith(("Página", "PÁGINA")) and heading_candidate(previous, options=options) is None:
        return True  # the entries of a list introduced by "...estos eventos:"
    if heading.style == "title" and _in_short_run(texts, index):
        return True
    above = candidates[index - 1] if index > 0 else None
    sentence = texts[index].rstrip().endswith(".") and len(texts[index].split()) >= 5
    if heading.style == "title" and sentence and above is not None and above.style != "page":
        return True  # "Fin" then "Tras ocho rondas gana quien tenga más monedas.": the heading's first sentence
    below = next((candidates[i] for i in range(index + 1, min(index + 3, len(texts))) if texts[i].strip()), None)
    # A line with no text of its own right before a bigger heading ("Reglamento" under the game's name).
    return heading.style == "title" and below is not None and below.style in ("numbered", "caps", "page", "chapter")


def _in_short_run(texts: list[str], index: int) -> bool:
    """Three or more consecutive short lines (no blank between) are a list, not a row of headings."""
    def short(i: int) -> bool:
        text = texts[i] if 0 <= i < len(texts) else ""
        if not text.strip() or BULLET.match(text) or NUMBERED.match(text.strip()) or LETTERED.match(text.strip()):
            return False
        if PAGE_MARKER.match(text.strip()) or PAGE.match(text.strip()):
            return False  # a page break between a title and its text is no list entry
        return len(text.split()) <= 12 and not is_shouting(text)

    start = index
    while short(start - 1):
        start -= 1
    end = index
    while short(end + 1):
        end += 1
    return end - start + 1 >= 3


def _in_label_run(texts: list[str], index: int) -> bool:
    """Three or more one- or two-word lines in capitals in a row: the labels of a diagram, not headings."""
    def label(i: int) -> bool:
        text = texts[i].strip() if 0 <= i < len(texts) else ""
        return bool(text) and len(text.split()) <= 2 and is_shouting(text) and not text.endswith(":")

    if not label(index):
        return False
    start = end = index
    while label(start - 1):
        start -= 1
    while label(end + 1):
        end += 1
    return end - start + 1 >= 3


def _document_title(texts: list[str], candidates: list[Heading | None]) -> None:
    """The text's first line, short and no sentence, is its title even with a colon in it
    ("Erratas y preguntas frecuentes: Jardines Flotantes"), which no title in the body may have."""
    first = next((index for index, text in enumerate(texts) if text.strip()), None)
    if first is None or candidates[first] is not None:
        return
    line = texts[first].strip()
    head, colon, tail = line.partition(":")
    if colon and tail.strip()[:1].isupper() and len(line.split()) <= DOCUMENT_TITLE_WORDS and not re.search(r"[.!?]\s|[.;,]$", line):
        if starts_upper(head) and not looks_like_sentence(head):
            candidates[first] = Heading(readable_title(line), "title")
