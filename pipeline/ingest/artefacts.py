"""Extraction artefacts of a text copied out of a PDF or an OCR run, repaired in general and each repair reported.

Page numbers on their own lines and the running header or footer beside them go; a page number glued
to a line's end ("COMODÍN2", "puntuación.3") comes off; a word hyphenated across lines is made whole;
a table of contents goes (the sheet has its own structure); OCR confusions are fixed only where the
result is a Spanish word and the original is not ("Ia" -> "la", "EI" -> "El", "iCada" -> "¡Cada");
a page that is one long line is cut before each heading inside it; a letter-spaced word ("h o r a") is made
whole where it spells a Spanish word (spacing.py). A text with none of these is
left exactly as it is.
"""

from __future__ import annotations

import re

from pipeline.ingest.chat import split_chat
from pipeline.ingest.code import drop_drawings, lead_ins
from pipeline.ingest.lines import editorial_marks, left_out
from pipeline.ingest.columns import split_columns
from pipeline.ingest.frames import unframe
from pipeline.ingest.ocr import fix_ocr, shows_ocr
from pipeline.ingest.pagemarks import page_furniture, page_heads
from pipeline.ingest.wikipage import page_address, unmarked, wiki_furniture
from pipeline.ingest.spacing import LETTER_SPACED, join_letter_spaced
from pipeline.model import CleaningRecord
from pipeline.modelkinds import Artefact, CleaningAction
from pipeline.structure.lexicon import SENTENCE_STARTS
from pipeline.structure.patterns import PAGE_MARKER
from pipeline.structure.runin import run_in_head, shouted_opening
from pipeline.text import fold, is_shouting

SETEXT = re.compile(r"^\s*(?:={3,}|-{3,})\s*$")
REVIEW_COMMENT = re.compile(r"^\[([a-z]{1,2})\](?=\S)[^\[\]]{0,40}?:\s")  # "[a]Óscar: ...": a reviewer's comment
GLYPH = re.compile("[\uE000-\uF8FF■□●○◦➢➤►▶✓✔]")
GLYPH_BULLET = re.compile("^\\s*[\uE000-\uF8FF■□●○◦➢➤►▶]\\s*")
PRIVATE_USE = re.compile("[\uE000-\uF8FF]")
# "...puntuación.3", "COMODÍN2": a page number glued to the end of a sentence or of a heading in capitals.
GLUED_AFTER_STOP = re.compile(r"(?<=[a-záéíóúñ\)][.!?])(\d{1,3})\s*$")
GLUED_TO_CAPS = re.compile(r"(?<=[A-ZÁÉÍÓÚÑ]{4})(\d{1,3})\s*$")
HYPHENATED = re.compile(r"(?<![\w-])([A-Za-zÁÉÍÓÚÑáéíóúñü]?[a-záéíóúñü]+)-\s*$")
WORD_START = re.compile(r"^\s*([a-záéíóúñü]+)([,.;:!?]?)(\s+|$)")
# A word in capitals hyphenated the same way ("un CABALLE-" / "RO o a un MAGO"): its halves both in capitals.
HYPHENATED_CAPS = re.compile(r"(?<![\w-])([A-ZÁÉÍÓÚÑÜ]{2,})-\s*$")
WORD_START_CAPS = re.compile(r"^\s*([A-ZÁÉÍÓÚÑÜ]+)([,.;:!?)]?)(\s+|$)")
# A table of contents: "Preparación ........ 3", or a line of titles each followed by its page number.
TOC_DOTS = re.compile(r"\.{4,}\s*\d{1,3}\s*$|…{2,}\s*\d{1,3}\s*$")
TOC_NUMBERS = re.compile(r"(?:\s\d{1,3}\s*\.){3,}")
TOC_TITLE = re.compile(r"^\s*(?:[ÍI]NDICE|[íi]ndice|CONTENIDOS?|Contenidos?|Tabla de contenidos?|SUMARIO|Sumario)\b")
PAGE_LINE, PAGE_SHARE = 800, 0.7  # with no page markers: lines this long holding this share of the text are pages
MIN_ONE_LINE_PAGE = 100  # shorter lines between page markers are a caption or a stray line, not a page


def repair(lines: list[str]) -> tuple[list[str], list[int], list[CleaningRecord]] | None:
    """(lines, each one's original line, what was done) after the repairs; None when nothing needed one.
    A chat export's messages (chat.py), pages in two columns side by side (columns.py) and boxes framed in
    box-drawing characters (frames.py) are rewritten first."""
    texts, source = list(lines), list(range(len(lines)))
    reasons: dict[int, list[str]] = {}
    for rewrite, reason in REWRITES:
        rewritten = rewrite(texts)
        if rewritten is None:
            continue
        first_piece: dict[int, int] = {}
        for position, index in enumerate(rewritten[1]):
            first_piece.setdefault(index, position)
        for index, position in first_piece.items():
            if texts[index].strip() and rewritten[0][position] != texts[index]:
                reasons.setdefault(source[index], []).append(reason)
        texts, source = rewritten[0], [source[index] for index in rewritten[1]]
    if not reasons:
        return _repair(lines)
    out, origins, records = _repair(texts) or (texts, list(range(1, len(texts) + 1)), [])
    kept = {source[origin - 1] for origin, text in zip(origins, out) if text.strip()}
    for record in records:
        reasons.setdefault(source[record.line - 1], []).append(record.reason)
    found_as = {source[record.line - 1]: record.artefact for record in reversed(records) if record.artefact}  # the first one wins
    merged = [
        CleaningRecord(
            index + 1,
            CleaningAction.CORRECT if index in kept else CleaningAction.DROP,
            "; ".join(dict.fromkeys(found)),
            lines[index],
            found_as.get(index),
        )
        for index, found in sorted(reasons.items())
    ]
    return out, [source[origin - 1] + 1 for origin in origins], merged


# Whole-text rewrites made before the repairs, each a (lines -> (lines, each one's index) or None) and its reason.
REWRITES = (
    (split_chat, "a chat message's header put on a line of its own"),
    (split_columns, "a page in two columns read column by column (left, then right)"),
    (unframe, "a box's frame in box-drawing characters taken off its text"),
)


def _repair(lines: list[str]) -> tuple[list[str], list[int], list[CleaningRecord]] | None:
    records: dict[int, CleaningRecord] = {}
    texts = list(lines)
    ocr = shows_ocr(lines)
    breaks = _page_breaks(texts, records)
    dropped = breaks | page_furniture(texts, records) | _table_of_contents(texts, records) | _setext(texts, lines, records)
    drawn = drop_drawings(texts, records)
    dropped |= _review_comments(texts, records) | drawn | _editorial_marks(texts, lines, records)
    wiki = wiki_furniture(texts)
    for index, reason in wiki.items():
        records[index + 1] = CleaningRecord(index + 1, CleaningAction.DROP, reason, texts[index], Artefact.WIKI_FURNITURE)
    dropped |= set(wiki)
    for index in lead_ins(texts, drawn, dropped):
        texts[index] = left_out(texts[index], "figura")
        _correct(records, index, lines[index], "lead-in of a drawing left out, marked")
    for index, text in enumerate(texts):
        if index in dropped:
            continue
        if wiki and (address := page_address(text)):
            text = texts[index] = address
            _correct(records, index, lines[index], "the wiki page's address (\"Obtenido de\"), kept for the credits")
        elif wiki and (bare := unmarked(text)) != text:
            text = texts[index] = bare
            _correct(records, index, lines[index], "a wiki's markup left in the copy removed (reference marks, quotes, '==')")
        unglued = _glued_page_number(_glyph_bullet(text))
        read = fix_ocr(unglued) if ocr else unglued
        fixed = join_letter_spaced(read)
        reasons = ["page number glued to the line's end removed"] if unglued != _glyph_bullet(text) else []
        reasons += ["a symbol font's bullet written as a bullet"] if _glyph_bullet(text) != text else []
        reasons += ["OCR confusion fixed (the result is a Spanish word, the original is not)"] if read != unglued else []
        reasons += [LETTER_SPACED] if fixed != read else []
        if reasons:
            texts[index] = fixed
            _correct(records, index, lines[index], "; ".join(reasons), Artefact.PAGE_NUMBER if unglued != _glyph_bullet(text) else None)
    _dehyphenate(texts, lines, dropped, records)
    out_texts: list[str] = []
    origins: list[int] = []
    headed = {index: page for index, page in page_heads(texts).items() if index not in dropped}
    for index, (_, rest) in headed.items():
        texts[index] = rest
        _correct(records, index, lines[index], "running head and page number opening the page removed", Artefact.RUNNING_HEADER)
    # The first page's running head stays, on a line of its own: it names the document ("GUÍA DE REGLAS - X").
    title_head = {min(headed): headed[min(headed)][0]} if headed else {}
    pages = _one_line_pages(texts, dropped - breaks, breaks) | set(headed)
    for index, text in enumerate(texts):
        if index in dropped:
            continue
        pieces = _cut_at_headings(text) if index in pages else [text]
        pieces = [title_head[index], *pieces] if index in title_head else pieces
        if len(pieces) > 1:
            _correct(records, index, lines[index], f"a page on one line cut before its {len(pieces) - 1} heading(s) inside it")
        for piece in pieces:
            out_texts.append(piece)
            origins.append(index + 1)
    if not records:
        return None
    return out_texts, origins, sorted(records.values(), key=lambda record: record.line)


def _editorial_marks(texts: list[str], lines: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    """An author's reminders go and the brackets of notes and tags of captions (lines.editorial_marks) with them."""
    dropped = set()
    for index, (marked, reason) in editorial_marks(texts).items():
        if index + 1 in records:
            continue
        if marked is None:
            records[index + 1] = CleaningRecord(index + 1, CleaningAction.DROP, reason, lines[index])
            dropped.add(index)
        else:
            texts[index] = marked
            _correct(records, index, lines[index], reason)
    return dropped


def _correct(records: dict[int, CleaningRecord], index: int, original: str, reason: str, artefact: Artefact | None = None) -> None:
    previous = records.get(index + 1)
    if previous is not None and previous.action == CleaningAction.CORRECT:
        artefact = previous.artefact or artefact
        reason = reason if reason in previous.reason else f"{previous.reason}; {reason}"
    records[index + 1] = CleaningRecord(index + 1, CleaningAction.CORRECT, reason, original, artefact)


def _table_of_contents(texts: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    dropped: set[int] = set()
    for index, text in enumerate(texts):
        numbers = TOC_NUMBERS.search(text)
        if TOC_DOTS.search(text) or (numbers and (TOC_TITLE.match(text) or len(numbers.group(0)) > 12)):
            dropped.add(index)
        elif TOC_TITLE.match(text) and len(text.split()) <= 3:
            dropped.add(index)
            dropped |= _entries_without_pages(texts, index)
    if dropped == {index for index in dropped if TOC_TITLE.match(texts[index]) and len(texts[index].split()) <= 3}:
        # A lone "Índice" heading with no entries after it is a heading, not a table of contents.
        dropped = {index for index in dropped if any(other in dropped for other in (index + 1, index + 2))}
    for index in dropped:
        records[index + 1] = CleaningRecord(
            index + 1, CleaningAction.DROP, "table of contents (the sheet has its own structure)", texts[index], Artefact.CONTENTS
        )
    return dropped


def _review_comments(texts: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    """A Google Docs document saved as text: its comments come last ('[a]Óscar: ¿"aves" o "pájaros"?') and
    their anchors stay in the text ('pájaros[a]'). The comments go; the anchors come off the lines."""
    comments = {index: found.group(1) for index, text in enumerate(texts) if (found := REVIEW_COMMENT.match(text))}
    anchors = set(comments.values())
    marked = {index for index, text in enumerate(texts) if index not in comments and any(f"[{a}]" in text for a in anchors)}
    if not comments or not marked:
        return set()
    for index in comments:
        records[index + 1] = CleaningRecord(
            index + 1, CleaningAction.DROP, "a reviewer's comment on the document (Google Docs)", texts[index]
        )
    for index in marked:
        original = texts[index]
        for anchor in anchors:
            texts[index] = texts[index].replace(f"[{anchor}]", "")
        _correct(records, index, original, "a comment's anchor removed ([a])")
    return set(comments)


def _entries_without_pages(texts: list[str], title: int) -> set[int]:
    """'ÍNDICE' over 'I. Introducción' / 'II. Componentes' ...: entries with no page number are the contents
    when most of them come back later as the text's own lines ('I. INTRODUCCIÓN')."""
    entries: list[int] = []
    for index in range(title + 1, len(texts)):
        if not texts[index].strip():
            if entries:
                break
            continue
        entries.append(index)
    later = {_entry_key(text) for text in texts[(entries[-1] + 1 if entries else title + 1) :] if text.strip()}
    found = [index for index in entries if len(texts[index].split()) <= 8 and _entry_key(texts[index]) in later]
    return set(entries) if len(entries) >= 2 and len(found) * 3 >= len(entries) * 2 else set()


def _entry_key(text: str) -> str:
    return fold(re.sub(r"^\s*(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Za-z])[.)]?\s+", "", text))


def _setext(texts: list[str], lines: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    """'Preparación' over '-----------': the title is a heading ('## Preparación'), the underline goes; a
    line of dashes under prose or a blank line only separates (it goes too, said as such)."""
    dropped: set[int] = set()
    for index in range(len(texts)):
        above = texts[index - 1].strip() if index else ""
        if not SETEXT.match(texts[index]):
            continue
        heading_like = above and len(above.split()) <= 10 and not above.endswith((".", ",", ";")) and not SETEXT.match(above)
        if not heading_like:
            records[index + 1] = CleaningRecord(index + 1, CleaningAction.DROP, "separator line", lines[index])
            dropped.add(index)
        elif not above.startswith("#"):
            level = "#" if texts[index].strip().startswith("=") else "##"
            texts[index - 1] = f"{level} {above}"
            _correct(records, index - 1, lines[index - 1], f"heading underlined with {texts[index].strip()[0] * 3}")
            records[index + 1] = CleaningRecord(index + 1, CleaningAction.DROP, "heading underline", lines[index])
            dropped.add(index)
    return dropped


# --- inside a line ------------------------------------------------------------------------------------------


def _glyph_bullet(text: str) -> str:
    """' 45 cartas': a bullet of a symbol font (a private-use character, '■', '➢') copied out of a PDF is a
    list item's bullet; other private-use characters are glyphs no font here has, and go."""
    if not GLYPH.search(text):
        return text
    return PRIVATE_USE.sub("", GLYPH_BULLET.sub("- ", text, count=1))


def _glued_page_number(text: str) -> str:
    if GLUED_AFTER_STOP.search(text):
        return GLUED_AFTER_STOP.sub("", text)
    if is_shouting(text) and GLUED_TO_CAPS.search(text) and len(text.split()) <= 8:
        return GLUED_TO_CAPS.sub("", text)
    return text


def join_hyphenated(texts: list[str]) -> list[int]:
    """Make whole the words hyphenated across these lines (in place); the indexes of the lines changed."""
    changed: set[int] = set()
    records: dict[int, CleaningRecord] = {}
    _dehyphenate(texts, texts[:], set(), records)
    changed.update(record.line - 1 for record in records.values())
    return sorted(changed)


def _dehyphenate(texts: list[str], lines: list[str], dropped: set[int], records: dict[int, CleaningRecord]) -> None:
    """'El jugador ini-' / 'cial resuelve...' -> 'El jugador inicial' / 'resuelve...'."""
    for index, text in enumerate(texts):
        found, starts = HYPHENATED.search(text), WORD_START
        if not found:
            found, starts = HYPHENATED_CAPS.search(text), WORD_START_CAPS
        if not found or index in dropped:
            continue
        following = next(
            (other for other in range(index + 1, min(index + 3, len(texts))) if other not in dropped and texts[other].strip()), None
        )
        if following is None:
            continue
        start = starts.match(texts[following])
        if not start:
            continue
        texts[index] = text[: found.start()] + found.group(1) + start.group(1) + start.group(2)
        texts[following] = texts[following][start.end() :]
        _correct(records, index, lines[index], f"word hyphenated across lines made whole ({found.group(1)}-{start.group(1)})")
        _correct(records, following, lines[following], "its first word joined to the line before (hyphenated)")


# --- one-line pages -----------------------------------------------------------------------------------------


def _page_breaks(texts: list[str], records: dict[int, CleaningRecord]) -> set[int]:
    """'Página 3', '===== PAGINA 3 =====', '- 3 -' alone on a line of a copied PDF or an OCR run: page furniture,
    dropped and recorded as a page break, as the PDF reader records its own (the splitter reads the page number
    back from the record, for the sections that start on that page)."""
    found = {index for index, text in enumerate(texts) if PAGE_MARKER.match(text.strip())}
    for index in found:
        records[index + 1] = CleaningRecord(index + 1, CleaningAction.DROP, "page break", texts[index], Artefact.PAGE_BREAK)
    return found


def _one_line_pages(texts: list[str], dropped: set[int], breaks: set[int]) -> set[int]:
    """Lines that are a whole page: long and alone between page breaks (or the text's ends), or, in a text
    with no breaks, the very long lines that hold most of it (an OCR run that lost every line break)."""
    kept = [index for index, text in enumerate(texts) if index not in dropped and text.strip()]
    if not breaks:
        huge = {index for index in kept if len(texts[index]) >= PAGE_LINE}
        total = sum(len(texts[index]) for index in kept)
        return huge if huge and sum(len(texts[index]) for index in huge) >= PAGE_SHARE * total else set()
    pages = set()
    for position, index in enumerate(kept):
        before = kept[position - 1] if position else None
        after = kept[position + 1] if position + 1 < len(kept) else None
        bounded = all(other is None or other in breaks for other in (before, after))
        if bounded and len(texts[index]) >= MIN_ONE_LINE_PAGE and index not in breaks:
            pages.add(index)
    return pages


SENTENCE_END = re.compile(r"(?<=[.!?»”\"])\s+(?=[A-ZÁÉÍÓÚÑ¿¡])")
# "ISLAS DE SAL Reglamento Introducción...": the document's title in capitals (and its "Reglamento").
TITLE_OPENING = re.compile(
    r"^([A-ZÁÉÍÓÚÑÜ]{2,}(?:\s+[A-ZÁÉÍÓÚÑÜ]{2,}){0,7}(?:\s+(?:Reglamento|Reglas|Manual|Instrucciones|Resumen))?)"
    r"\s+(?=[A-ZÁÉÍÓÚÑ][a-záéíóúñ])"
)
# "El turno En tu turno...": an article and a noun before a capitalised sentence opener.
ARTICLE_HEAD = re.compile(r"^((?:El|La|Los|Las)\s+[a-záéíóúñ]+(?:\s+(?:de|del|de la)\s+[a-záéíóúñ]+)?)\s+(?=([A-ZÁÉÍÓÚÑ][a-záéíóúñ]*)\s)")


def _cut_at_headings(text: str) -> list[str]:
    """A page-long line cut into heading and body lines where a heading starts it or follows a sentence's
    end: 'Introducción En El Bosque...' -> 'Introducción' / 'En El Bosque...'. A title in capitals that
    opens the page ('ISLAS DE SAL Reglamento ...') is cut off first."""
    pieces: list[str] = []
    start = 0
    title = TITLE_OPENING.match(text)
    if title:
        pieces.append(title.group(1))
        start = title.end()
    positions = [start] + [boundary.end() for boundary in SENTENCE_END.finditer(text) if boundary.end() > start]
    for position in positions:
        if position < start:
            continue
        head = _inline_heading(text[position : position + 400])
        if head:
            pieces += [text[start:position].strip(), head]
            start = position + len(head)
    pieces.append(text[start:].strip())
    return [piece for piece in pieces if piece]


def _inline_heading(rest: str) -> str | None:
    """The heading words that open `rest`, when a sentence starts right after them."""
    tokens = rest.split()
    shouted = shouted_opening(tokens)
    after = tokens[len(shouted) : len(shouted) + 2]
    if shouted and len(after) == 2 and after[0][:1].isupper() and not after[0].isupper() and run_in_head(shouted):
        return " ".join(shouted)  # "FIN DE LA PARTIDA El primer…": all the words in capitals, not "FIN"
    article = ARTICLE_HEAD.match(rest)
    if article and article.group(2).casefold() in SENTENCE_STARTS:
        return article.group(1)
    for size in range(1, min(4, len(tokens) - 2) + 1):
        head, following = tokens[:size], tokens[size:]
        opener = following[0]
        starts = opener[:1].isupper() and (opener.casefold() in SENTENCE_STARTS or following[1][:1].islower())
        if starts and run_in_head(head) and not head[-1].endswith((".", ",", ":")):
            return " ".join(head)
    return None
