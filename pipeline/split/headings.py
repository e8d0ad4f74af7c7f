"""Heading recognition: which cleaned lines open a section, in which style, with which title.

Pure functions over line texts; the splitter (split.py) turns the styles into levels and a tree;
the run-in rule lives in runin.py and the Spanish word lists in lexicon.py.
Styles: page ("Página 25 - MANIOBRAS"), numbered ("2.1. Promoción"), lettered ("a. Movimiento"),
caps ("AMENAZAS EXTERNAS:"), title ("Platillo giratorio:"), label (a sub-block title repeated under
many sections, "BÁSICA:"), runin (heading words that start a long line, "Acumulación de potencia Algunos
sistemas...") and card (a "Name: text" line whose name the game's YAML lists as a card).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.schema import Fields, regex_problem
from pipeline.split.lexicon import (
    FUNCTION_WORDS,
    IMPERATIVE_OBJECTS,
    SENTENCE_STARTS,
    SENTENCE_VERBS,
)
from pipeline.split.runin import split_run_in
from pipeline.text import fold, is_shouting

CHAPTER = re.compile(r"^(?:Cap[íi]tulo|CAP[ÍI]TULO|Chapter|Parte|PARTE)\s+\w+\s*[:.\-–]?\s+\S")
PAGE = re.compile(r"^P[áa]gina\s+(\d+)(?:\s*y\s*\d+)?\s*(?:[-–—:]\s*(.*))?$", re.IGNORECASE)
NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)\.\s+(\S.*)$")
LETTERED = re.compile(r"^([a-z])[.)]\s+(\S.*)$")
TABLE_CAPTION = re.compile(r"^(?:Tabla|TABLA|Table|TABLE)\s+\d+\s*[-–—]?\s*\d*\s*:")
BULLET = re.compile(r"^\s*(?:[-•*+·▪–]\s*|\d+[)º]\s+|[a-z]\)\s+)")
# A translator's remark inside a heading is not part of its title: "(n del t. es un término...)".
TRANSLATOR_REMARK = re.compile(r"\s*\(\s*n\.?\s*del?\s*t\b.*$", re.IGNORECASE)
TRAILING_PAREN = re.compile(r"\s*\([^()]*\)\s*$")
BILINGUAL = re.compile(r"^[\"'“”‘’]?[A-ZÁÉÍÓÚÑ][\w\-]*(?: [\w\-]+)*/[\w\-]+(?: [\w\-]+)*[\"'“”‘’]?$")
QUOTED_NAME = re.compile(r"^[\"'“‘]")
QUOTES = "\"'“”‘’«»"
# A title that asks a question or names an optional rule ("Combate cercano? (regla opcional)",
# "¿Y si juegas solo?") qualifies the section it sits in rather than opening a new topic.
MINOR_TITLE = re.compile(r"\?\s*(?:\([^()]*\))?$|\([^()]*\b(?:opcional|optativa|variante|optional|variant)\b[^()]*\)$", re.IGNORECASE)

MAX_TITLE_WORDS = 9
MAX_TITLE_CHARS = 80
REPEATED_LABEL = 3  # a heading title seen this often is a sub-block label ("BÁSICA:")


@dataclass(frozen=True)
class SplitOptions:
    """Per-game hints from `options: {split: ...}` in game.yaml (all regular expressions)."""

    chapters: tuple[re.Pattern, ...] = ()  # headings that open a top-level chapter
    card_groups: tuple[re.Pattern, ...] = ()  # sections whose following headings are cards
    cards: tuple[re.Pattern, ...] = ()  # headings (or "Name: text" line starts) that are cards
    run_in: tuple[re.Pattern, ...] = ()  # line starts that are run-in headings ("Ataque.")
    not_headings: tuple[re.Pattern, ...] = ()  # lines that look like headings but are not


SPLIT_FIELDS = ("chapters", "card_groups", "cards", "run_in", "not_headings")


def read_split_options(fields: Fields) -> SplitOptions:
    """`options.split` of a game.yaml -> SplitOptions: each key a regular expression or a list of them."""
    compiled: dict[str, tuple[re.Pattern, ...]] = {}
    for name in SPLIT_FIELDS:
        # Chapters match the line as written (an ALL-CAPS chapter title, not a sentence-case list label
        # with the same words); the other hints match the display title in any case.
        flags = 0 if name == "chapters" else re.IGNORECASE
        patterns = fields.texts(name, single=True, check=lambda text, flags=flags: regex_problem(text, flags=flags))
        compiled[name] = tuple(re.compile(pattern, flags) for pattern in patterns)
    fields.finish()
    return SplitOptions(**compiled)


@dataclass(frozen=True)
class Heading:
    """A recognised heading: its display title, style, outline depth and the body text left on its line."""

    title: str
    style: str  # page, numbered, lettered, caps, title, label, runin, card
    depth: int = 1  # numbered outlines: "2.1." -> 2
    page: int | None = None
    rest: str = ""  # body text that shares the heading's line (run-in headings, "Name: text" cards)
    card: bool = False  # the heading itself names a card (bilingual keyword, quoted name, YAML hint)
    shout: bool = False  # written in ALL CAPS (a page title in capitals opens a chapter)
    minor: bool = False  # a question or optional-rule title: it nests inside the section it follows
    letter: str = ""  # lettered outlines: "c. Acción" -> "c"




def readable_title(text: str) -> str:
    """A heading's display title: no trailing colon/full stop, no enclosing quotes, ALL CAPS in sentence case."""
    title = TRANSLATOR_REMARK.sub("", text.strip())
    title = title.strip().rstrip(":.;,").strip()
    if len(title) > 1 and title[0] in QUOTES and title[-1] in QUOTES:
        title = title[1:-1].strip()
    if is_shouting(title) and (len(title.split()) > 1 or len(title) > 4):  # "FTL" stays an acronym
        lowered = title.lower()
        title = lowered[0].upper() + lowered[1:]
    return re.sub(r"\s+", " ", title)


def card_title(title: str) -> str:
    """A card's name only: quotes and a trailing explanation in brackets go ("'Probe' (sonda)" -> "Probe")."""
    name = TRAILING_PAREN.sub("", title).strip() or title
    name = name.strip(QUOTES + " ").rstrip(":.").strip()
    return name or title


def _words(text: str) -> list[str]:
    return re.findall(r"[\wÁÉÍÓÚÑáéíóúñü]+", text)


def looks_like_sentence(text: str) -> bool:
    words = [word.lower() for word in _words(text)]
    if not words:
        return True
    return words[0] in SENTENCE_STARTS or any(word in SENTENCE_VERBS for word in words)


def _starts_upper(text: str) -> bool:
    stripped = text.lstrip(QUOTES + "¿¡(")
    return bool(stripped) and stripped[0].isupper()


def _ends_mid_sentence(text: str) -> bool:
    """A previous line that breaks off mid-phrase ("... la tirada de defensa. Si") cannot precede a heading."""
    stripped = text.rstrip()
    if not stripped:
        return False
    if stripped[-1] in ",;-–":
        return True
    last = stripped.split()[-1]
    return last.lower() in FUNCTION_WORDS or last.lower() in {"si", "cuando", "como"}


def _short(text: str) -> bool:
    return len(text) <= MAX_TITLE_CHARS and len(text.split()) <= MAX_TITLE_WORDS + 1


def heading_candidate(text: str, *, options: SplitOptions) -> Heading | None:
    """The heading this line would be on its own, before looking at its neighbours."""
    line = text.strip()
    if not line or TABLE_CAPTION.match(line) or BULLET.match(text):
        return None
    if any(pattern.search(line) for pattern in options.not_headings):
        return None
    page = PAGE.match(line)
    if page:
        title = (page.group(2) or "").strip()
        if title and (len(_words(title)) > MAX_TITLE_WORDS + 2 or ". " in title.rstrip(". ")):
            title = ""  # "Página 30 y 31: Se corresponden al esquema resumen..." is a remark, not a title
        return Heading(readable_title(title) if title else "", "page", page=int(page.group(1)), shout=is_shouting(title))
    if CHAPTER.match(line) and _short(line) and not re.search(r"[.!?]\s+\S", line):
        return Heading(readable_title(line), "chapter")
    if any(pattern.search(line.rstrip(":. ")) for pattern in options.chapters) and _short(line):
        return Heading(readable_title(line), "chapter", shout=is_shouting(line))
    for pattern in options.run_in:
        found = pattern.match(line)
        if found and found.end() < len(line):
            return Heading(readable_title(found.group(0)), "runin", rest=line[found.end():].strip())
    card = _card_line(line, options)
    if card:
        return card
    numbered = NUMBERED.match(line)
    if numbered:
        title = numbered.group(2).strip()
        if _short(title) and not title.endswith(".") or is_shouting(title):
            if _starts_upper(title) and not (looks_like_sentence(title) and not is_shouting(title)):
                return Heading(readable_title(title), "numbered", depth=numbered.group(1).count(".") + 1, shout=is_shouting(title))
        return None
    lettered = LETTERED.match(line)
    if lettered:
        title = lettered.group(2).strip()
        if len(title.split()) <= 6 and _starts_upper(title) and not looks_like_sentence(title):
            return Heading(readable_title(title), "lettered", letter=lettered.group(1).lower())
        return None
    if not _short(line):
        found = split_run_in(line)
        return Heading(readable_title(found[0]), "runin", rest=found[1]) if found else None
    if is_shouting(line):
        # A sentence in capitals, a bracketed aside or a trailing ellipsis is not a heading.
        if line[0] in "([" or line.endswith("!") or re.search(r"[.!?]\s+\S", line.rstrip(". ")):
            return None
        if line.endswith("...") and len(line.split()) > 6:
            return None
        return Heading(readable_title(line), "caps", shout=True)
    return _title(line, options)


def _card_line(line: str, options: SplitOptions) -> Heading | None:
    """'Impacto: sin efecto en defensa' when the game lists 'Impacto' as a card."""
    if not options.cards:
        return None
    found = re.match(r"^([^:.]{1,40}?)\s*[:.]\s+(\S.*)$", line)
    if not found:
        return None
    name = found.group(1).strip()
    if name[:1] in QUOTES:
        return None  # '“Energía”: elige entre...' quotes a result inside a rule, it does not name an entry
    if any(pattern.search(name) for pattern in options.cards):
        return Heading(readable_title(name), "card", rest=found.group(2).strip(), card=True)
    return None


def _title(line: str, options: SplitOptions) -> Heading | None:
    """A short sentence-case title line ("Platillo giratorio:", "Escape/escapar", "'Probe' (sonda)")."""
    if not _starts_upper(line):
        return None
    body = line.rstrip()
    if ":" in body[:-1] or re.search(r"=|->|→|<|>|\s[-–]\s", body) or re.search(r"[.!]\s+\S", body) or body.endswith(("...", ";", ",")):
        return None
    if body.endswith(".") and (len(body.split()) > MAX_TITLE_WORDS or "," in body):
        return None
    words = body.split()
    if body.endswith(".") and len(words) > 1 and words[1].lower().strip(".") in IMPERATIVE_OBJECTS:
        return None  # "Repara un daño.", "Roba dos cartas.": an instruction, not a title
    bare = body.rstrip(":.").strip()
    if _table_row_like(bare):
        return None
    named = _quoted_name(bare)
    if looks_like_sentence(TRAILING_PAREN.sub("", body)) and not BILINGUAL.match(bare) and not named:
        return None
    if QUOTED_NAME.match(bare) and not named:
        return None  # '“Refrescar” poderes y objetos': a quoted word opening a sentence
    card = bool(BILINGUAL.match(bare)) or named or any(p.search(bare) for p in options.cards)
    return Heading(readable_title(body), "title", card=card, minor=bool(MINOR_TITLE.search(bare)))


def _table_row_like(text: str) -> bool:
    """'Convierte 0,005 0,010 0,015', 'Potencia de fuego base Media Pesada S-Pesada S-Pesada': a table row."""
    tokens = text.split()
    numbers = sum(1 for token in tokens if re.search(r"\d", token))
    content = [token.lower() for token in tokens if token.lower() not in FUNCTION_WORDS]
    return numbers >= 2 or len(content) - len(set(content)) >= 2


def _quoted_name(text: str) -> bool:
    """The whole line is a quoted name, maybe with a bracketed gloss: "'Probe' (sonda)", '"Rush/ímpetu"'."""
    name = TRAILING_PAREN.sub("", text).strip()
    return len(name) > 2 and name[0] in QUOTES and (name[-1] in QUOTES or "(" in text)


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
    """One entry per line: the heading it opens, or None. Neighbours decide what a lone line cannot:
    a short line inside a run of short lines is a list entry, a line after a phrase broken off
    mid-sentence or before a lower-case continuation is a fragment."""
    labels = repeated_titles(texts, options=options)
    candidates = [heading_candidate(text, options=options) for text in texts]
    found: list[Heading | None] = []
    for index, text in enumerate(texts):
        heading = candidates[index]
        if heading is None or heading.style in ("page", "runin", "card", "chapter"):
            found.append(heading)
            continue
        previous = texts[index - 1].strip() if index > 0 else ""
        after = next((t.strip() for t in texts[index + 1 :] if t.strip()), "")
        if heading.style != "caps":
            if _ends_mid_sentence(previous) or (after and not _starts_upper(after) and not after[0].isdigit() and not BULLET.match(after) and not LETTERED.match(after)):
                found.append(None)
                continue
            if previous.endswith(":") and not previous.startswith(("Página", "PÁGINA")) and heading_candidate(previous, options=options) is None:
                found.append(None)  # the entries of a list introduced by "...estos eventos:"
                continue
            if heading.style == "title" and _in_short_run(texts, index):
                found.append(None)
                continue
            below = candidates[index + 1] if index + 1 < len(texts) else None
            if heading.style == "title" and below is not None and below.style in ("numbered", "caps", "page", "chapter"):
                found.append(None)  # a line with no text of its own right before a bigger heading
                continue
        elif after and after[0].islower() and not heading.title:
            found.append(None)
            continue
        if heading.style in ("caps", "title") and fold(heading.title) in labels:
            heading = Heading(heading.title, "label")
        found.append(heading)
    return found


def _in_short_run(texts: list[str], index: int) -> bool:
    """Three or more consecutive short lines (no blank between) are a list, not a row of headings."""
    def short(i: int) -> bool:
        text = texts[i] if 0 <= i < len(texts) else ""
        if not text.strip() or BULLET.match(text) or NUMBERED.match(text.strip()) or LETTERED.match(text.strip()):
            return False
        return len(text.split()) <= 12 and not is_shouting(text)

    start = index
    while short(start - 1):
        start -= 1
    end = index
    while short(end + 1):
        end += 1
    return end - start + 1 >= 3
