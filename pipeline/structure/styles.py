"""Heading styles a line can have on its own: one recogniser per style, tried in the order of STYLES.

Each recogniser looks at one stripped line and answers a Heading (the line is a heading of its style),
NOT_A_HEADING (the line has the style's form but fails it, and no later style may take it: "2. Roba
una carta." is a numbered list item, not a title) or None (not this style's business). A new heading
style is one more function and one more entry in STYLES; context.py then judges the candidates by
their neighbours. Styles: markup ("## Preparación", as ingest/ writes a marked-up heading), bold run-in
("**Combate.** El atacante..."), page ("Página 25 - MANIOBRAS"), chapter ("Capítulo 2: ...", or a YAML hint),
hinted run-in ("Ataque. Elige...", YAML), card ("Impacto: sin efecto", YAML), numbered ("2.1. Promoción"),
lettered ("a. Movimiento"), run-in (heading words that start a long line, "Acumulación de potencia
Algunos sistemas..."), caps ("AMENAZAS EXTERNAS:") and title ("Platillo giratorio:").
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from pipeline.modelkinds import HeadingStyle
from pipeline.structure.heading import Heading, readable_title
from pipeline.structure.lexicon import (
    ARTICLES,
    DETERMINERS,
    FUNCTION_WORDS,
    IMPERATIVE_OBJECTS,
    RULE_MODALS,
    SENTENCE_STARTS,
    SENTENCE_VERBS,
)
from pipeline.structure.options import SplitOptions
from pipeline.structure.patterns import (
    ARTICLE_TITLE,
    BILINGUAL,
    BOLD_RUN_IN,
    BULLET,
    CAPITAL_LETTERED,
    CHAPTER,
    FORMULA,
    INTERROGATIVE_TITLE,
    LETTERED,
    MARKUP_HEADING,
    MAX_TITLE_CHARS,
    MAX_TITLE_WORDS,
    MINOR_TITLE,
    NUMBERED,
    NUMBERED_DASH,
    NUMBERED_CAPS,
    ORDINAL,
    PAGE,
    PAGE_MARKER,
    QUESTION,
    QUOTED_NAME,
    QUOTES,
    ROMAN,
    TABLE_CAPTION,
    TRAILING_PAREN,
)
from pipeline.structure.runin import shouted_head, split_run_in
from pipeline.text import is_shouting


class _NotAHeading:
    """The answer of a style that claims a line and rejects it (see the module docstring)."""

    def __repr__(self) -> str:
        return "NOT_A_HEADING"


NOT_A_HEADING = _NotAHeading()
LONG_STOPPED_TITLE = 7  # a line of this many words with a full stop is a sentence, not a title
MAX_REMEMBERED = 2000  # lines up to this long have their verdicts remembered
SHOUTED_RULE_WORDS = 5  # a sentence in capitals this long, with a modal and a full stop, is a rule shouted
Verdict = Heading | _NotAHeading | None
Recogniser = Callable[[str, SplitOptions], Verdict]


def _words(text: str) -> list[str]:
    return re.findall(r"[\wÁÉÍÓÚÑáéíóúñü]+", text)


ARTICLE_TITLE_WORDS = 5


# "Juego No", "Pares y Juego Sí": a game's call named with the negation or the assent, capitalised inside a title.
NAMED_CALLS = frozenset(("no", "sí", "si"))


def looks_like_sentence(text: str) -> bool:
    """Whether the line opens as a sentence or has a verb. "No" or "Sí" capitalised after the first word is a call's
    name ("Juego No", "Pares y Juego Sí"), not the negation; any other capitalised verb counts ("Robar Es Obligatorio")."""
    words = _words(text)
    if not words:
        return True
    unnamed = words[:1] + [word for word in words[1:] if not (_capitalised(word) and word.lower() in NAMED_CALLS)]
    return words[0].lower() in SENTENCE_STARTS or any(word.lower() in SENTENCE_VERBS for word in unnamed)


def _capitalised(word: str) -> bool:
    """'No', 'Sí': a capital and small letters (a word in capitals, 'NO', is a shouted sentence's as much as a name's)."""
    return word[0].isupper() and not word.isupper()


def starts_upper(text: str) -> bool:
    stripped = text.lstrip(QUOTES + "¿¡(")
    return bool(stripped) and stripped[0].isupper()


# "(Wandering Hive)", "(NUEVO)": a name's aside in brackets, a few words and no comma ("(juego de cartas, 2 jugadores)").
NAME_ASIDE = re.compile(r"\([^(),]{1,25}\)")


def _short(text: str) -> bool:
    """Few words, those in brackets not counted: a card's English name or a mark ('Colmena Errante (Wandering Hive) —
    Caja básica, n.º 103 (NUEVO)') make no sentence of a title."""
    return len(text) <= MAX_TITLE_CHARS and len(NAME_ASIDE.sub(" ", text).split()) <= MAX_TITLE_WORDS + 1


# --- the styles, in the order they are tried ------------------------------------------------------------


def markup(line: str, options: SplitOptions) -> Verdict:
    """'## Preparación': a heading the source marked up (Markdown, <h2>, [size]; ingest/ writes them all so)."""
    found = MARKUP_HEADING.match(line)
    if not found:
        return None
    text = found.group(2).replace("**", "")
    label = RUN_IN_LABEL.match(text)
    if label and _prose(label.group(2)):  # "RECURSOS: Son utilizados por...": large type ran on into the first sentence
        return Heading(readable_title(label.group(1)), HeadingStyle.MARKUP, depth=len(found.group(1)), rest=label.group(2).strip())
    title = readable_title(text)
    return Heading(title, HeadingStyle.MARKUP, depth=len(found.group(1))) if title else NOT_A_HEADING


# A label in capitals and a colon opening a marked-up heading's line.
RUN_IN_LABEL = re.compile(r"^([A-ZÁÉÍÓÚÑÜ][A-ZÁÉÍÓÚÑÜ ]{2,40}):\s+(\S.*)$")


def _prose(text: str) -> bool:
    """Words of a sentence: three or more, mostly in lower case, opening as a sentence does or with a verb."""
    words = _words(text)
    return len(words) >= 3 and sum(word.islower() for word in words) * 2 >= len(words) and looks_like_sentence(text)


def bold_run_in(line: str, options: SplitOptions) -> Verdict:
    """'**Combate.** El atacante tira...': a bold phrase opening a paragraph is its run-in heading."""
    found = BOLD_RUN_IN.match(line)
    if not found:
        return None
    return Heading(readable_title(found.group(1)), HeadingStyle.RUNIN, rest=found.group("rest").strip())


def page(line: str, options: SplitOptions) -> Verdict:
    """'Página 25 - MANIOBRAS': a page reference, with the page's title when it has one; '===== PAGINA 3 ====='
    and '- 3 -' are page breaks only (a footer's number says nothing of the page that follows)."""
    marker = PAGE_MARKER.match(line)
    if marker and not PAGE.match(line):
        number = marker.group(1) or marker.group(3)
        return Heading("", HeadingStyle.PAGE, page=int(number) if number else None)
    found = PAGE.match(line)
    if not found:
        return None
    title = (found.group(2) or "").strip()
    if title and (len(_words(title)) > MAX_TITLE_WORDS + 2 or ". " in title.rstrip(". ")):
        title = ""  # "Página 30 y 31: Se corresponden al esquema resumen..." is a remark, not a title
    return Heading(readable_title(title) if title else "", HeadingStyle.PAGE, page=int(found.group(1)), shout=is_shouting(title))


def chapter(line: str, options: SplitOptions) -> Verdict:
    """'Capítulo 2: Combate', or a line the game's `options.split.chapters` names."""
    if CHAPTER.match(line) and _short(line) and not re.search(r"[.!?]\s+\S", line):
        return Heading(readable_title(line), HeadingStyle.CHAPTER)
    if any(pattern.search(line.rstrip(":. ")) for pattern in options.chapters) and _short(line):
        return Heading(readable_title(line), HeadingStyle.CHAPTER, shout=is_shouting(line))
    return None


def hinted_run_in(line: str, options: SplitOptions) -> Verdict:
    """'Ataque. Elige un arma...' when the game's `options.split.run_in` names the heading words."""
    for pattern in options.run_in:
        found = pattern.match(line)
        if found and found.end() < len(line):
            return Heading(readable_title(found.group(0)), HeadingStyle.RUNIN, rest=line[found.end():].strip())
    return None


def card_line(line: str, options: SplitOptions) -> Verdict:
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
        return Heading(readable_title(name), HeadingStyle.CARD, rest=found.group(2).strip(), card=True)
    return None


def numbered(line: str, options: SplitOptions) -> Verdict:
    """'2.1. Promoción': a numbered outline entry (a numbered sentence is a list item); '2 COMPONENTES', a
    number and a title in capitals, too."""
    found = NUMBERED.match(line) or NUMBERED_CAPS.match(line) or NUMBERED_DASH.match(line)
    if not found:
        return None
    title = found.group(2).strip()
    if QUESTION.match(title) and len(title.split()) <= 16:
        return Heading(readable_title(title), HeadingStyle.TITLE, minor=True)  # "2. ¿Qué pasa si...?": a numbered FAQ's question
    if _short(title) and not title.endswith(".") or is_shouting(title):
        sentence = looks_like_sentence(title) and not is_shouting(title) and not _article_title(title)
        if starts_upper(title) and not sentence:
            return Heading(readable_title(title), HeadingStyle.NUMBERED, depth=found.group(1).count(".") + 1, shout=is_shouting(title))
    return NOT_A_HEADING


def _article_title(title: str) -> bool:
    """'El tablero', 'Los jugadores': an article and a few words with no verb, a numbered entry's title (an article
    opens a sentence elsewhere, so `looks_like_sentence` says so)."""
    words = [word.lower() for word in _words(title)]
    return 2 <= len(words) <= ARTICLE_TITLE_WORDS and words[0] in ARTICLES and not any(word in SENTENCE_VERBS for word in words)


def roman(line: str, options: SplitOptions) -> Verdict:
    """'IV. DESARROLLO DE LA PARTIDA': a chapter numbered in Roman numerals, a numbered entry of the top level."""
    found = ROMAN.match(line)
    if not found or not found.group(1):
        return None
    title = found.group(2).strip()
    if _short(title) and not title.endswith(".") and starts_upper(title) and not (looks_like_sentence(title) and not is_shouting(title)):
        return Heading(readable_title(title), HeadingStyle.NUMBERED, depth=1, shout=is_shouting(title))
    return NOT_A_HEADING


def capital_lettered(line: str, options: SplitOptions) -> Verdict:
    """'A. Fase de tormenta': a step lettered in capitals, of a few words."""
    found = CAPITAL_LETTERED.match(line)
    if not found:
        return None
    title = found.group(2).strip()
    if len(title.split()) <= 6 and starts_upper(title) and not title.endswith(".") and not looks_like_sentence(title):
        return Heading(readable_title(title), HeadingStyle.LETTERED, letter=found.group(1).lower())
    return None


def ordinal(line: str, options: SplitOptions) -> Verdict:
    """'1ª fase: Navegación', 'Fase 2 - Abordaje': a numbered step, ranked like a numbered outline entry."""
    found = ORDINAL.match(line)
    if not found or not _short(line) or re.search(r"[.!?]\s+\S", line):
        return None
    return Heading(readable_title(line), HeadingStyle.NUMBERED, shout=is_shouting(line))


def question(line: str, options: SplitOptions) -> Verdict:
    """'¿Cómo se juega una carta de Mercader?': a question standing alone heads its answer (FAQ style)."""
    if not QUESTION.match(line) or len(line.split()) > 16:
        return None
    return Heading(readable_title(line.rstrip()), HeadingStyle.TITLE, minor=True)


def lettered(line: str, options: SplitOptions) -> Verdict:
    """'a. Movimiento': a lettered outline entry of a few words."""
    found = LETTERED.match(line)
    if not found:
        return None
    title = found.group(2).strip()
    if len(title.split()) <= 6 and starts_upper(title) and not looks_like_sentence(title):
        return Heading(readable_title(title), HeadingStyle.LETTERED, letter=found.group(1).lower())
    return NOT_A_HEADING


def run_in(line: str, options: SplitOptions) -> Verdict:
    """A long line is never a title; it may open with run-in heading words (runin.py)."""
    if _short(line):
        return None
    found = split_run_in(line)
    return Heading(readable_title(found[0]), HeadingStyle.RUNIN, rest=found[1], shout=shouted_head(found[0])) if found else NOT_A_HEADING


def caps(line: str, options: SplitOptions) -> Verdict:
    """'AMENAZAS EXTERNAS:': a short line in capitals (not a sentence, an aside or a cry)."""
    if not is_shouting(line):
        return None
    if line[0] in "([" or line.endswith("!") or re.search(r"[.!?]\s+\S", line.rstrip(". ")):
        return NOT_A_HEADING
    if line.endswith("...") and len(line.split()) > 6:
        return NOT_A_HEADING
    if line.count(",") >= 2 and len(re.findall(r"\d+", line)) >= 2:
        return NOT_A_HEADING  # "PG 3, FUE 4, DES 17": a creature's values, not a heading
    if line.endswith((".", "!")) and len(line.split()) >= SHOUTED_RULE_WORDS and any(word.lower() in RULE_MODALS for word in _words(line)):
        return NOT_A_HEADING  # "NUNCA PUEDES ABORDAR UN BARCO QUE ESTÉ EN UN PUERTO.": a rule written in capitals
    return Heading(readable_title(line), HeadingStyle.CAPS, shout=True)


def title(line: str, options: SplitOptions) -> Verdict:
    """A short sentence-case title line ("Platillo giratorio:", "Escape/escapar", "'Probe' (sonda)")."""
    if not starts_upper(line):
        return None
    body = line.rstrip()
    if " | " in body:
        return None  # "Jugadores | 2-4": a table row (ingest/ writes every marked-up row so)
    if ":" in body[:-1] or re.search(r"=|->|→|<|>|\s[-–]\s", body) or re.search(r"[.!]\s+\S", body) or body.endswith(("...", ";", ",")):
        return None
    if body.endswith(".") and (len(body.split()) > MAX_TITLE_WORDS or "," in body):
        return None
    words = body.split()
    if words[-1] in FUNCTION_WORDS:
        return None  # "Echa un vistazo a las tres siguientes cartas del": a line broken off mid-phrase
    if body.endswith(".") and len(words) > 1 and words[1].lower().strip(".") in IMPERATIVE_OBJECTS:
        return None  # "Repara un daño.", "Roba dos cartas.": an instruction, not a title
    if body.endswith(":") and len(words) > 2 and words[1].lower() in DETERMINERS:
        return None  # "Vende tus peces según la tabla:": an instruction that introduces what follows
    bare = body.rstrip(":.").strip()
    if _table_row_like(bare):
        return None
    named = _quoted_name(bare)
    plain_title = ARTICLE_TITLE.match(TRAILING_PAREN.sub("", body)) or (INTERROGATIVE_TITLE.match(body) and not body.endswith("."))
    if looks_like_sentence(TRAILING_PAREN.sub("", body)) and not BILINGUAL.match(bare) and not named and not plain_title:
        return None
    if body.endswith(".") and len(words) >= LONG_STOPPED_TITLE:
        return None  # "Actualizado con la errata de la segunda edición.": a sentence, however verbless
    if QUOTED_NAME.match(bare) and not named:
        return None  # '“Refrescar” poderes y objetos': a quoted word opening a sentence
    card = bool(BILINGUAL.match(bare)) or named or any(p.search(bare) for p in options.cards)
    return Heading(readable_title(body), HeadingStyle.TITLE, card=card, minor=bool(MINOR_TITLE.search(bare)))


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


# The order matters: a YAML hint outranks the general forms, an outline number outranks the words after it,
# and "title" is the weakest guess. Add a style here (and its rank in split/__init__.py) to teach a new form.
STYLES: tuple[tuple[str, Recogniser], ...] = (
    ("markup", markup),
    ("bold run-in", bold_run_in),
    ("page", page),
    ("chapter", chapter),
    ("hinted run-in", hinted_run_in),
    ("card", card_line),
    ("ordinal", ordinal),
    ("numbered", numbered),
    ("roman", roman),
    ("lettered", lettered),
    ("capital lettered", capital_lettered),
    ("run-in", run_in),
    ("question", question),
    ("caps", caps),
    ("title", title),
)


def heading_candidate(text: str, *, options: SplitOptions) -> Heading | None:
    """The heading this line would be on its own, before looking at its neighbours (remembered: the cleaner
    asks again of the lines it kept, and the splitter of the same lines; a line of a page's length is not kept)."""
    return _candidate(text, options) if len(text) <= MAX_REMEMBERED else _candidate.__wrapped__(text, options)


@lru_cache(maxsize=1 << 16)
def _candidate(text: str, options: SplitOptions) -> Heading | None:
    line = text.strip()
    if not line or TABLE_CAPTION.match(line):
        return None
    if BULLET.match(text) and not line.startswith("**") and not PAGE_MARKER.match(line):
        return None  # an item, but "- 3 -" is a page's number, not a list item
    if any(pattern.search(line) for pattern in options.not_headings):
        return None
    for _, recognise in STYLES:
        verdict = recognise(line, options)
        if isinstance(verdict, _NotAHeading):  # NOT_A_HEADING, the one instance
            return None
        if verdict is not None and FORMULA.search(verdict.title) and verdict.style != HeadingStyle.MARKUP:
            return None  # "PUNTOS = NIVEL X 2", "Daño = ataque - armadura": a formula to apply, no title
        if verdict is not None:
            return verdict
    return None
