"""Text -> reportlab markup and styles shared by every sheet: escaping, fonts, paragraph styles, English names.

All source text reaches a Paragraph through `safe_text` (or `term_markup`, which uses it) before any
markup of ours is added, so "a < b" or "S&P" never reaches reportlab raw.
"""

from __future__ import annotations

import re
from functools import lru_cache
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pipeline.model import Section, TermHit
from pipeline.sheets.icons import in_text
from pipeline.tag.kinds import EVERYDAY
from pipeline.sheets.layout import Fonts, Layout, TextStyle
from pipeline.text import fold, printable


def safe_text(text: str) -> str:
    """NFC, no control or zero-width characters, XML-escaped: safe to put inside Paragraph markup."""
    return escape(printable(text))


# Widths one font remembers (a few games' words at every size the fit search tries): some tens of MB at most.
WIDTHS_KEPT = 200_000


class MeasuredTTFont(TTFont):
    """A TTFont that remembers the width of each (string, size) it has measured.

    Line breaking measures every word of every paragraph at every size the fit search tries, and
    reportlab sums the glyph widths in Python each time; the answer is reportlab's own, kept.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._widths: dict[tuple[str, float], float] = {}

    def stringWidth(self, text, size, encoding="utf8"):  # noqa: N802 - reportlab API
        key = (text, size)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) >= WIDTHS_KEPT:
                self._widths.clear()  # a worker that has typeset a great many games: start afresh, not grow
            width = self._widths[key] = super().stringWidth(text, size, encoding)
        return width


@lru_cache(maxsize=8)
def register_fonts(fonts: Fonts) -> dict[str, str]:
    """Register the four faces of a TTF family once; returns style -> registered font name."""
    names = {
        "regular": fonts.family,
        "bold": f"{fonts.family}-Bold",
        "italic": f"{fonts.family}-Italic",
        "bold_italic": f"{fonts.family}-BoldItalic",
    }
    for key, name in names.items():
        path = getattr(fonts, key)
        try:
            pdfmetrics.registerFont(MeasuredTTFont(name, str(path)))
        except Exception as exc:  # noqa: BLE001 - a damaged font fails inside reportlab in many ways; all are the file's fault
            raise fonts.problem(path, f"is not a usable TrueType font ({exc})") from None
    pdfmetrics.registerFontFamily(
        fonts.family, normal=names["regular"], bold=names["bold"], italic=names["italic"], boldItalic=names["bold_italic"]
    )
    return names


def font_for(style: TextStyle, names: dict[str, str]) -> str:
    key = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bold_italic"}
    return names[key[(style.bold, style.italic)]]


HEADING_BAND_PADDING = 2.5  # pt of band left of a banded heading's text


# The tight setting a sheet may take to save a nearly empty last page: the same type sizes, lines at 115 % of
# their size (not the scale's 120 %) and half the space between paragraphs and before headings.
TIGHT_LEADING = 1.15
TIGHT_SPACE = 0.5


def paragraph_styles(layout: Layout, *, body_size: float | None = None, tight: bool = False) -> dict[str, ParagraphStyle]:
    """ParagraphStyles for every template style; `body_size` rescales the text styles together; `tight`: the text
    styles at TIGHT_LEADING and TIGHT_SPACE (the page furniture keeps the scale)."""
    names = register_fonts(layout.fonts)
    scale = (body_size / layout.style("body").size) if body_size else 1.0
    styles: dict[str, ParagraphStyle] = {}
    for name, spec in layout.styles.items():
        furniture = name in ("header", "footer", "title", "subtitle")
        factor = 1.0 if furniture else scale
        squeeze = tight and not furniture
        leading = min(spec.leading, spec.size * TIGHT_LEADING) if squeeze else spec.leading
        space = TIGHT_SPACE if squeeze else 1.0
        styles[name] = ParagraphStyle(
            name=name,
            fontName=font_for(spec, names),
            fontSize=round(spec.size * factor, 2),
            leading=round(leading * factor, 2),
            textColor=HexColor(spec.color),
            spaceBefore=spec.space_before * factor * space,
            spaceAfter=spec.space_after * factor * space,
            alignment=TA_LEFT,
            # reportlab draws bullets in Helvetica by default: a font we do not embed.
            bulletFontName=names["regular"],
            bulletFontSize=round(spec.size * factor, 2),
        )
        # Boxed blocks (formulas) paint this behind their cell; a Paragraph backColor would not pad.
        styles[name].box_color = HexColor(spec.background) if spec.background else None
    body = styles["body"]
    styles["item"] = ParagraphStyle(
        "item", parent=body, leftIndent=body.fontSize * 1.5, bulletIndent=body.fontSize * 0.2, spaceAfter=body.spaceAfter * 0.6
    )
    # Lettered steps under a numbered one ("a) Naves capitales" under "4. Fase de movimiento").
    styles["subitem"] = ParagraphStyle("subitem", parent=styles["item"], leftIndent=body.fontSize * 2.9, bulletIndent=body.fontSize * 1.6)
    for name in ("body", "item", "subitem", "note"):
        # No single line of a paragraph alone at the top (a widow) or the foot (an orphan) of a column.
        styles[name].allowWidows = 0
        styles[name].allowOrphans = 0
    for level in (1, 2, 3):
        heading = styles[f"heading{level}"]
        heading.keepWithNext = 1
        if heading.box_color is not None:
            # A colour band behind the heading, the width of the column: the text indented inside it.
            heading.backColor = heading.box_color
            heading.leftIndent = HEADING_BAND_PADDING
            heading.borderPadding = (1, 0, 1.6, HEADING_BAND_PADDING)  # type: ignore[assignment]  # reportlab takes one per side too
            heading.spaceBefore += 1
    return styles


def term_markup(
    text: str, hits: list[TermHit], *, shown: set[str], term_style: ParagraphStyle, tagged: tuple[str, ...],
    strong: list[tuple[int, int]] | None = None,
) -> str:
    """Escaped text with the English name after the first occurrence of each term (per `shown`); the
    `strong` spans of `text` (its labels: roles.label_spans) in bold.

    Only terms of the `tagged` kinds are (common.yaml's tagged_kinds: never an everyday word, a phase, an action
    or a rule word); a term inside quotation marks gets its name after
    the closing mark ("'explorables' ‹explorable›"), never between the marks.
    """
    out: list[str] = []
    position = 0
    escape_piece = _bolding(text, strong) if strong else safe_text  # the text's own pieces, left to right
    for hit in sorted(hits, key=lambda h: h.start):
        if hit.start < position or hit.end > len(text) or hit.kind not in tagged:
            continue
        surface = text[hit.start : hit.end]
        if hit.es in shown or is_english(surface, hit.en):
            continue
        shown.add(hit.es)
        if states_english(text, hit):
            continue
        end = quote_end(text, hit.start, hit.end)
        out.append(escape_piece(text[position:end]))
        position = end
        out.append(
            f'<font name="{term_style.fontName}" size="{term_style.fontSize}" color="#{term_style.textColor.hexval()[2:]}">'
            f"\u00a0‹{safe_text(hit.en)}›</font>"
        )
    out.append(escape_piece(text[position:]))
    # The game's symbols before the phrases of the text that name them (game.yaml's icons' in_text), sized like the tags.
    return in_text("".join(out), term_style)


def is_english(surface: str, english: str) -> bool:
    """Is the term as written the English name, or the name before its gloss ('L.O.S.' of 'L.O.S. (line of sight)')?"""
    folded, name = fold(surface, keep_punctuation=True), fold(english, keep_punctuation=True)
    return folded in (name, name.split("(")[0].strip())


def _bolding(text: str, strong: list[tuple[int, int]]):
    """An escaper for the consecutive pieces term_markup cuts `text` into that sets the `strong` spans in bold."""
    cursor = 0  # where in `text` the next piece starts (term_markup escapes the text left to right, whole)

    def escape(piece: str) -> str:
        nonlocal cursor
        start, cursor = cursor, cursor + len(piece)
        marks = sorted({start, cursor, *(edge for span in strong for edge in span if start < edge < cursor)})
        out = []
        for left, right in zip(marks, marks[1:]):
            inside = any(a <= left and right <= b for a, b in strong)
            chunk = safe_text(text[left:right])
            out.append(f"<b>{chunk}</b>" if inside and chunk else chunk)
        return "".join(out)

    return escape


# Quotation marks a translator opens and closes around a name; straight quotes open after a space.
QUOTE_PAIRS = {"“": "”", "«": "»", "‘": "’", '"': '"', "'": "'"}
QUOTE_REACH = 80  # characters: a quotation longer than this is prose, not a name
CLOSING_QUOTES = frozenset("”»’")


def quote_end(text: str, start: int, end: int) -> int:
    """Where a tag for text[start:end] goes: after the closing mark when the term sits inside quotation
    marks ("‘explorables’" -> after ’), else right after the term."""
    # From the term's end back: a phrase may open its quotation inside ('fase de “Evento”').
    for opening in range(end - 1, max(-1, start - QUOTE_REACH), -1):
        mark = text[opening]
        if mark in CLOSING_QUOTES:
            return end  # a quotation closed before the term: it is outside
        if mark not in QUOTE_PAIRS:
            continue
        if mark in "\"'" and opening > 0 and text[opening - 1].isalnum():
            return end  # an apostrophe ("d'inicio") or a straight quote closing after a word
        closing = text.find(QUOTE_PAIRS[mark], end, start + QUOTE_REACH)
        return closing + 1 if closing >= 0 else end
    return end


# How far around a term we look for the English name the translator already wrote ("empuje (thrust)").
STATED_WINDOW = 40
# How many words either side of a term an English word set off by marks may stand ("'resultados' (outcome)").
STATED_WORDS = 4
# Marks that set off a name the translator gives beside a term: a slash on either side ("hive/colmena"), or a
# pair around it alone ("(outcome)", "'L.O.S.'").
SLASH = "/"
ENCLOSING = {"(": ")", "[": "]", '"': '"', "'": "'", "“": "”", "«": "»", "‘": "’"}
PIECE = re.compile(r"[^\s/()\[\]\"'“”«»‘’]+")  # what stands between spaces and those marks
TRAILING = ".,;:"
# What an English card name adds to the word that names the thing ("Strike deck", "Event card"): no name of its own.
COMPONENT_NOUNS = frozenset("deck card cards token tokens tile tiles board die dice marker markers counter counters pile".split())


def states_english(text: str, hit: TermHit) -> bool:
    """True when the text already gives the English name next to the term: no need to print it twice.

    Either the whole name within STATED_WINDOW characters, or its first word (when that is no word of the
    Spanish name: 'final' of 'enemigo final' proves nothing) within STATED_WORDS words, set off by a slash or
    enclosed in parentheses or quotes."""
    around = fold(text[max(0, hit.start - STATED_WINDOW) : hit.end + STATED_WINDOW], keep_punctuation=True)
    surface = fold(text[hit.start : hit.end], keep_punctuation=True)
    english = fold(hit.en, keep_punctuation=True)
    # "cartas de drone ‹Drone›", "mazo de strike/daño ‹Strike deck›": the term holds the English words already,
    # spelt as in English ("marcador de extensión" does not: its accent makes it Spanish).
    naming = [word for word in re.findall(r"\w+", hit.en.casefold()) if word not in COMPONENT_NOUNS]
    if naming and set(naming) <= set(re.findall(r"\w+", text[hit.start : hit.end].casefold())):
        return True
    if english not in surface and english in around.replace(surface, " ", 1):
        return True
    first = english.split()[0] if english.split() else ""
    if not first or first in fold(hit.es, keep_punctuation=True).split():
        return False
    reach = STATED_WINDOW * 3  # characters: more than STATED_WORDS words of any text
    words = [match.span() for match in re.compile(r"\w+").finditer(text, max(0, hit.start - reach), hit.end + reach)]
    before = [span for span in words if span[1] <= hit.start][-STATED_WORDS:]
    after = [span for span in words if span[0] >= hit.end][:STATED_WORDS]
    low, high = (before[0][0] if before else hit.start), (after[-1][1] if after else hit.end)
    for run in PIECE.finditer(text, low, high):
        if fold(run.group(), keep_punctuation=True).rstrip(TRAILING) == first.rstrip(TRAILING) and _set_off(text, *run.span()):
            return True
    return False


def _set_off(text: str, start: int, end: int) -> bool:
    """Is text[start:end] set off by a slash beside it, or enclosed alone in a pair of marks?"""
    left, right = text[:start].rstrip()[-1:], text[end:].lstrip()[:1]
    return SLASH in (left, right) or (left in ENCLOSING and ENCLOSING[left] == right)


def title_states(title: str, hit: TermHit) -> bool:
    """Does a title give a term's English name itself ("Activate/Activar" for activar)?"""
    english = re.escape(fold(hit.en, keep_punctuation=True))
    return re.search(rf"(?<!\w){english}(?!\w)", fold(title, keep_punctuation=True)) is not None


def bilingual_title(section: Section) -> str:
    """'Platillo giratorio · Spinning Saucer' when the title is (almost) one glossary term, unless the title
    already shows the English name ("Ranged/A distancia") or the term is an everyday word."""
    title = section.title.strip()
    for hit in section.title_terms:
        if hit.kind == EVERYDAY:
            continue
        covered = hit.end - hit.start
        letters = len(re.sub(r"[\W\d_]", "", title))
        english = fold(hit.en, keep_punctuation=True)
        if (
            covered >= 0.7 * max(letters, 1)
            and english != fold(title, keep_punctuation=True)
            and english not in fold(title, keep_punctuation=True)
        ):
            return f"{title} · {hit.en}"
    return title
