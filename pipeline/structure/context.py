"""Headings judged by their neighbours: which candidates of styles.py really open a section.

A line alone cannot say whether it is a heading; the lines around it can: a short line inside a run
of short lines is a list entry, a line after a phrase broken off mid-sentence or before a lower-case
continuation is a fragment, a title repeated under many sections is a sub-block label ("BÁSICA:"),
words in capitals stacked on their own lines are a diagram's labels.
"""
from __future__ import annotations

import re
from dataclasses import replace

from pipeline.modelkinds import HeadingStyle
from pipeline.structure.heading import Heading, readable_title
from pipeline.structure.lexicon import FUNCTION_WORDS
from pipeline.structure.options import SplitOptions
from pipeline.structure.patterns import BULLET, EXAMPLE_LABEL, LETTERED, NUMBERED, PAGE, PAGE_MARKER, REPEATED_LABEL, SUBTITLE
from pipeline.structure.styles import heading_candidate, looks_like_sentence, starts_upper
from pipeline.text import fold, indent_width, is_shouting

# Styles whose form is evidence enough: no neighbour can overrule them.
# Styles whose form is evidence enough: no neighbour can overrule them.
SELF_EVIDENT = (HeadingStyle.MARKUP, HeadingStyle.PAGE, HeadingStyle.RUNIN, HeadingStyle.CARD, HeadingStyle.CHAPTER)
# Styles that state a heading whatever it says: a source's own outline mark and a chapter ("### Ejemplo" is a section).
STATED = (HeadingStyle.MARKUP, HeadingStyle.CHAPTER)
DOCUMENT_TITLE_WORDS = 12
MAX_SENTENCES_UNDER = 12  # (looked at no further: a run of a page of lines is no title's text)
CLOSING = "\"'”’»)]"  # what may close a sentence after its stop

HANGING_MARKER = re.compile(r"^ *(?:[-•·*+]|\d{1,2}[.)]) +(?=\S)")  # an item's marker and the spaces before its text
TITLE_LINE_WORDS = 8  # a first line standing alone with at most this many words is the document's title


def ends_mid_sentence(text: str) -> bool:
    """A previous line that breaks off mid-phrase ("... la tirada de defensa. Si") cannot precede a heading."""
    stripped = text.rstrip()
    if not stripped:
        return False
    if stripped[-1] in ",;-–":
        return True
    last = stripped.split()[-1]
    return last.lower() in FUNCTION_WORDS or last.lower() in {"si", "cuando", "como"}


def repeated_titles(candidates: list[Heading | None]) -> set[str]:
    """Folded titles that recur REPEATED_LABEL times or more among the lines' heading candidates: sub-block
    labels such as 'BÁSICA:'."""
    counts: dict[str, int] = {}
    for found in candidates:
        if found and found.style in (HeadingStyle.CAPS, HeadingStyle.TITLE) and found.title:
            key = fold(found.title)
            counts[key] = counts.get(key, 0) + 1
    return {key for key, count in counts.items() if count >= REPEATED_LABEL}


# The headings of a list of terms and their meanings.
GLOSSARY_TITLES = frozenset("glosario vocabulario terminos diccionario definiciones terminologia".split())


def find_headings(texts: list[str], *, options: SplitOptions) -> list[Heading | None]:
    """One entry per line: the heading it opens, or None. Blank strings are paragraph breaks.

    The cleaner asks this of its raw lines (removed lines left out) and the splitter of the cleaned
    ones, so both stages agree on what a heading is."""
    candidates = [heading_candidate(text, options=options) for text in texts]
    outline = _dash_outline(texts, candidates, options) | _spaced_numbers(texts, candidates, options)
    labels = repeated_titles(candidates)  # before _document_title, as when it read the lines again itself
    _document_title(texts, candidates)
    # What the neighbours of every line are, found in a few passes rather than by a scan per line (200,000
    # short lines would otherwise cost a scan of the rest of the text each).
    context = _Context(texts, candidates)
    entries = _parallel_entries(texts, candidates, context) | _field_list(texts, candidates) | _glossary_terms(texts, candidates)
    found: list[Heading | None] = []
    for index, heading in enumerate(candidates):
        judged = heading is not None and heading.style not in SELF_EVIDENT and index not in outline
        if judged and _overruled(texts, candidates, index, options, context):
            heading = None
        if index in entries or (heading is not None and heading.style not in STATED and EXAMPLE_LABEL.match(texts[index])):
            heading = None
        if heading is not None and heading.style in (HeadingStyle.CAPS, HeadingStyle.TITLE) and fold(heading.title) in labels:
            heading = Heading(heading.title, HeadingStyle.LABEL)
        found.append(heading)
    return found


def _overruled(texts: list[str], candidates: list[Heading | None], index: int, options: SplitOptions, context: _Context) -> bool:
    """Whether the neighbours of a caps, numbered, lettered or title candidate show it is no heading."""
    heading = candidates[index]
    if heading is None:  # only candidates are judged
        return False
    previous = texts[index - 1].strip() if index > 0 else ""
    after = context.following[index]
    if heading.style == HeadingStyle.CAPS:
        # (a word in capitals after a phrase broken off, "Al atacar a un" / "CABALLERO" / "le", is that phrase's word)
        return bool(after and after[0].islower() and not heading.title) or context.in_label_run(index) or ends_mid_sentence(previous)
    if heading.style == HeadingStyle.NUMBERED and in_numbered_list(texts, index):
        return True  # "1. Un tablero" / "2. Veinte camellos": entries counting up with no text between are a list
    if hanging_step(texts, index):
        return True  # a step whose sentence goes on in a hanging line under it ("   2 fichas..."): an item, not a title
    if ends_mid_sentence(previous) or (
        after and not starts_upper(after) and not after[0].isdigit() and not BULLET.match(after) and not LETTERED.match(after)
    ):
        return True
    if previous.endswith(":") and not previous.startswith(("Página", "PÁGINA")) and heading_candidate(previous, options=options) is None:
        return True  # the entries of a list introduced by "...estos eventos:"
    if heading.style == HeadingStyle.TITLE and context.in_short_run(index) and not (not previous and _heads_sentences(texts, index, after)):
        return True  # (a title that opens a block over a sentence introducing its list, or over sentences, heads them)
    above = candidates[index - 1] if index > 0 else None
    if heading.style == HeadingStyle.TITLE and context.marked and previous and not previous.endswith(("!", "?")) and above is None:
        return True  # the source's markup states its headings: a plain line glued under a sentence continues it
    if heading.style == HeadingStyle.TITLE and context.marked and texts[index].rstrip().endswith(":") and BULLET.match(after):
        return True  # and "Efecto global:" over its items, a plain line, is the lead-in of that list, not one more heading
    sentence = texts[index].rstrip().endswith(".") and len(texts[index].split()) >= 5
    if heading.style == HeadingStyle.TITLE and sentence and above is not None and above.style != HeadingStyle.PAGE:
        return True  # "Fin" then "Tras ocho rondas gana quien tenga más monedas.": the heading's first sentence
    if heading.style == HeadingStyle.TITLE and _stopped(texts[index]) and _heads_nothing(candidates, index, context):
        return True  # "Fin" then "Gana quien más tenga.", then the next heading or the end: the heading's only rule
    below = next((candidates[i] for i in range(index + 1, min(index + 3, len(texts))) if texts[i].strip()), None)
    # A line with no text of its own right before a bigger heading ("Reglamento" under the game's name).
    return (
        heading.style == HeadingStyle.TITLE
        and below is not None
        and below.style in (HeadingStyle.NUMBERED, HeadingStyle.CAPS, HeadingStyle.PAGE, HeadingStyle.CHAPTER)
    )


# "-Objetivo del juego:" over its text indented further: an entry of an outline written with dashes, a few words
# and at most a colon (an item that says something goes on after its colon or is a sentence).
OUTLINE_DASH = re.compile(r"^[-–—]\s*(?=[A-ZÁÉÍÓÚÑ])([^.:;!?]{1,60}):?$")
OUTLINE_ENTRIES = 2  # a text's outline has this many dash entries over indented text, or it has none


def _dash_outline(texts: list[str], candidates: list[Heading | None], options: SplitOptions) -> set[int]:
    """The lines of a plain text's dash outline (" -Turnos:" at one space, its text at two): each a title that stands
    left of the paragraph (or the list of another mark) under it, which is no list item. Fills in their candidates; the indexes, which their
    neighbours do not judge (" ... se pueden clasificar en:" over " -Criaturas:" introduces the outline's entries)."""
    found: dict[int, Heading] = {}
    for index, text in enumerate(texts):
        entry = OUTLINE_DASH.match(text.strip())
        if entry is None or candidates[index] is not None:
            continue
        after = next((other for other in texts[index + 1 : index + 3] if other.strip()), "")
        nested_list = BULLET.match(after) and after.strip()[:1] == text.strip()[:1]  # "- Fase:" over "  - paso": a list
        if not after or nested_list or indent_width(after) <= indent_width(text):
            continue
        heading = heading_candidate(entry.group(1).strip() + ":", options=options)
        if heading is not None and heading.style == HeadingStyle.TITLE:
            found[index] = heading
    if len(found) < OUTLINE_ENTRIES:
        return set()
    for index, heading in found.items():
        candidates[index] = replace(heading, outline=True)
    return set(found)


# "1) Grande" over its paragraph, "2) Chica" over its own: numbered titles with text between them (a list's items
# stand one after the other), as a reader writes "1. Grande" of a text that is no Markdown.
SPACED_NUMBER = re.compile(r"^(\d{1,2})\)\s+(\S.*)$")
SPACED_NUMBERS = 3


def _spaced_numbers(texts: list[str], candidates: list[Heading | None], options: SplitOptions) -> set[int]:
    """The lines of a run "1) Title", text, "2) Title", text, ... counting up from 1, each entry a title: each made
    a minor title heading (its number kept), so the run nests in the section it follows ("Las jugadas": "1. Grande",
    "2. Chica"), whatever blank lines a reader wrote around a list's items."""
    found: dict[int, Heading] = {}
    expected, last = 1, -1
    for index, text in enumerate(texts):
        entry = SPACED_NUMBER.match(text.strip())
        if entry is None:
            continue
        heading = heading_candidate(entry.group(2), options=options)
        spaced = last < 0 or any(t.strip() and not SPACED_NUMBER.match(t.strip()) for t in texts[last + 1 : index])
        if int(entry.group(1)) == expected and spaced and heading is not None and heading.style == HeadingStyle.TITLE:
            found[index] = Heading(f"{entry.group(1)}. {heading.title}", HeadingStyle.TITLE, minor=True)
            expected, last = expected + 1, index
    if len(found) < SPACED_NUMBERS:
        return set()
    for index, heading in found.items():
        candidates[index] = heading
    return set(found)



PARALLEL_ENTRIES = 3  # title lines in a row, nothing between them, opening with the same word: a list's entries


def _parallel_entries(texts: list[str], candidates: list[Heading | None], context: _Context) -> set[int]:
    """Title lines one after the other with no text between, opening with the same word ("Mazo Gnomos (...)",
    "Mazo Vampiros (...)", "Mazo Hadas (...)"): the entries of a list, each heading nothing."""
    entries: set[int] = set()
    run: list[int] = []
    for index, heading in enumerate(candidates):
        if heading is None or heading.style != HeadingStyle.TITLE:
            continue
        if run and context.next_index[run[-1]] == index and _first_word(texts[index]) == _first_word(texts[run[-1]]):
            run.append(index)
            continue
        if len(run) >= PARALLEL_ENTRIES:
            entries.update(run)
        run = [index]
    if len(run) >= PARALLEL_ENTRIES:
        entries.update(run)
    return entries


MAX_FIELD_WORDS = 8


def _field_list(texts: list[str], candidates: list[Heading | None]) -> set[int]:
    """'**Edad:** A partir de 5 años' over '**Jugadores:** 2 o más', no blank line between: the fields of a
    game's box (labels with short values), not run-in headings, which open paragraphs."""
    def field(index: int) -> bool:
        heading = candidates[index] if 0 <= index < len(texts) else None
        return (heading is not None and heading.style == HeadingStyle.RUNIN and texts[index].lstrip().startswith("**")
                and texts[index].split("**")[1].rstrip().endswith(":") and len(heading.rest.split()) <= MAX_FIELD_WORDS)
    return {index for index in range(len(texts)) if field(index) and (field(index - 1) or field(index + 1))}


def _glossary_terms(texts: list[str], candidates: list[Heading | None]) -> set[int]:
    """'Bruma:' over its definition, under a 'Glosario' heading: a term the glossary defines, not a section (up to
    the next heading that is no such term)."""
    terms: set[int] = set()
    inside = False
    for index, heading in enumerate(candidates):
        if heading is None:
            continue
        term = heading.style == HeadingStyle.TITLE and texts[index].rstrip().endswith(":")
        if inside and term:
            terms.add(index)
        else:
            inside = fold(heading.title).split()[:1] in ([word] for word in GLOSSARY_TITLES)
    return terms


def _first_word(text: str) -> str:
    words = re.findall(r"\w+", text)
    return fold(words[0]) if words else ""


def _number(text: str) -> tuple[int, ...] | None:
    found = NUMBERED.match(text.strip())
    return tuple(int(part) for part in found.group(1).split(".")) if found else None


def in_numbered_list(texts: list[str], index: int) -> bool:
    """Whether the line before or after this numbered line is the entry before or after it at the same depth
    ('2.' right after '1.', '1.3' right before '1.4'): headings have text between them, a list's entries do not."""
    this = _number(texts[index])
    if this is None:
        return False
    for neighbour, step in ((index - 1, -1), (index + 1, 1)):
        other = _number(texts[neighbour]) if 0 <= neighbour < len(texts) else None
        if other is not None and len(other) == len(this) and other[:-1] == this[:-1] and other[-1] == this[-1] + step:
            return True
    return False


def hangs_from(item: str, following: str) -> bool:
    """'1. Coloca el tablero y pon' / '   2 fichas en cada charca.': a line set in exactly to the text of the list
    item above it (its marker's width, as a column of `pdftotext -layout` sets a step's hanging lines) is that
    item's own next line, whatever it opens with."""
    marker = HANGING_MARKER.match(item)
    if marker is None or not following.strip() or BULLET.match(following) or NUMBERED.match(following.strip()):
        return False
    return len(following) - len(following.lstrip(" ")) == marker.end()


def hanging_step(texts: list[str], index: int) -> bool:
    """Whether the line is a list item whose sentence goes on in a hanging line under it that opens with no capital
    ("1. Coloca el tablero y pon" / "   2 fichas..."): an outline's title over its indented text is no such item."""
    return index + 1 < len(texts) and hangs_from(texts[index], texts[index + 1]) and not starts_upper(texts[index + 1].strip())


def _heads_nothing(candidates: list[Heading | None], index: int, context: _Context) -> bool:
    """Whether this line, read as a title, would head nothing: it ends the text, or it sits between a heading
    (not a page's; a blank line between or not) and another ("Entrar en fase." over its paragraph heads one)."""
    above, below = context.previous[index], context.next_index[index]
    if below is None:
        return True
    if above is None or (over := candidates[above]) is None or over.style == HeadingStyle.PAGE:
        return False
    return candidates[below] is not None


def _stopped(text: str) -> bool:
    """'Gana quien más tenga.', 'Nadie gana.': two words or more and a full stop (or '!'), a sentence's shape."""
    stripped = text.rstrip()
    return stripped.endswith((".", "!")) and not stripped.endswith("...") and len(stripped.split()) >= 2


def _heads_sentences(texts: list[str], index: int, after: str) -> bool:
    """Whether the lines right under this one (to the next blank line) introduce a list, or are each a sentence
    ('Dice: «Coste: 2 energía.»' / 'Debería decir: «Coste: 3 energía.»' under a card's name): text under a title,
    not entries of a list with it."""
    if _introduces(after):
        return True
    below = []
    for text in texts[index + 1 : index + 1 + MAX_SENTENCES_UNDER]:
        if not text.strip():
            break
        below.append(text.strip().rstrip(CLOSING))
    return bool(below) and len(below) < MAX_SENTENCES_UNDER and all(_stopped(text) for text in below)


def _introduces(text: str) -> bool:
    """'En tu turno puedes hacer hasta dos acciones distintas:': a sentence, not one more entry of a list."""
    return len(text.split()) >= 4 and text.rstrip().endswith((".", ":")) and looks_like_sentence(text)


MARKED_HEADINGS = 3


class _Context:
    """Per line: the next non-blank line and the one before, and how far runs of short lines and of capital labels reach."""

    def __init__(self, texts: list[str], candidates: list[Heading | None]) -> None:
        # Whether the source's markup states headings ("## ", <h2>, a PDF's larger type): enough of them to say so.
        self.marked = sum(1 for heading in candidates if heading is not None and heading.style == HeadingStyle.MARKUP) >= MARKED_HEADINGS
        self.following = [""] * len(texts)  # the next non-blank line after each (stripped), or ""
        after = ""
        for index in range(len(texts) - 1, -1, -1):
            self.following[index] = after
            after = texts[index].strip() or after
        # The indexes of the non-blank lines before and after each (None at either end).
        self.previous: list[int | None] = [None] * len(texts)
        self.next_index: list[int | None] = [None] * len(texts)
        before: int | None = None
        for index, text in enumerate(texts):
            self.previous[index] = before
            before = index if text.strip() else before
        later: int | None = None
        for index in range(len(texts) - 1, -1, -1):
            self.next_index[index] = later
            later = index if texts[index].strip() else later
        self.short = _streaks([_short_line(text) for text in texts])
        self.labels = _streaks([_label_line(text) for text in texts])
        self.is_label = [_label_line(text) for text in texts]

    def in_short_run(self, index: int) -> bool:
        """Three or more consecutive short lines (no blank between) are a list, not a row of headings."""
        before, after = self.short
        return _at(before, index - 1) + 1 + _at(after, index + 1) >= 3

    def in_label_run(self, index: int) -> bool:
        """Three or more one- or two-word lines in capitals in a row: the labels of a diagram, not headings."""
        before, after = self.labels
        return self.is_label[index] and _at(before, index - 1) + 1 + _at(after, index + 1) >= 3


def _short_line(text: str) -> bool:
    if not text.strip() or BULLET.match(text) or NUMBERED.match(text.strip()) or LETTERED.match(text.strip()):
        return False
    if PAGE_MARKER.match(text.strip()) or PAGE.match(text.strip()):
        return False  # a page break between a title and its text is no list entry
    return len(text.split()) <= 12 and not is_shouting(text)


def _label_line(text: str) -> bool:
    text = text.strip()
    return bool(text) and len(text.split()) <= 2 and is_shouting(text) and not text.endswith(":")


def _streaks(flags: list[bool]) -> tuple[list[int], list[int]]:
    """For each line, how many lines in a row with the flag end there (looking back) and start there (ahead)."""
    before, after = [0] * len(flags), [0] * len(flags)
    for index, flag in enumerate(flags):
        before[index] = (before[index - 1] + 1 if index else 1) if flag else 0
    for index in range(len(flags) - 1, -1, -1):
        after[index] = (after[index + 1] + 1 if index + 1 < len(flags) else 1) if flags[index] else 0
    return before, after


def _at(counts: list[int], index: int) -> int:
    return counts[index] if 0 <= index < len(counts) else 0


def _document_title(texts: list[str], candidates: list[Heading | None]) -> None:
    """The text's first line, short and no sentence, is its title even with a colon in it
    ("Erratas y preguntas frecuentes: Jardines Flotantes"), which no title in the body may have."""
    first = next((index for index, text in enumerate(texts) if text.strip()), None)
    second = next((index for index in range(first + 1, len(texts)) if texts[index].strip()), None) if first is not None else None
    if second is not None and (under := candidates[second]) is not None and under.style in (HeadingStyle.TITLE, HeadingStyle.CAPS):
        if SUBTITLE.match(texts[second].strip()):
            candidates[second] = None  # "Reglas del juego" under the game's name: what the document is, no section
    if first is None or candidates[first] is not None:
        return
    line = texts[first].strip()
    alone = first + 1 >= len(texts) or not texts[first + 1].strip()
    if alone and len(line.split()) <= TITLE_LINE_WORDS and starts_upper(line) and not re.search(r"[.!?]\s|[.;,:!]$", line):
        # "La Marca de Vhorn" over a blank line: the text's first line, a few words standing alone, names it
        # (its article would make it a sentence's start anywhere else).
        candidates[first] = Heading(readable_title(line), HeadingStyle.TITLE)
        return
    head, colon, tail = line.partition(":")
    if colon and tail.strip()[:1].isupper() and len(line.split()) <= DOCUMENT_TITLE_WORDS and not re.search(r"[.!?]\s|[.;,]$", line):
        if starts_upper(head) and not looks_like_sentence(head):
            candidates[first] = Heading(readable_title(line), HeadingStyle.TITLE)
