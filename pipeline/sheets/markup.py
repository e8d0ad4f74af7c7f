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


def paragraph_styles(layout: Layout, *, body_size: float | None = None) -> dict[str, ParagraphStyle]:
    """ParagraphStyles for every template style; `body_size` rescales the text styles together."""
    names = register_fonts(layout.fonts)
    scale = (body_size / layout.style("body").size) if body_size else 1.0
    styles: dict[str, ParagraphStyle] = {}
    for name, spec in layout.styles.items():
        factor = 1.0 if name in ("header", "footer", "title", "subtitle") else scale
        styles[name] = ParagraphStyle(
            name=name,
            fontName=font_for(spec, names),
            fontSize=round(spec.size * factor, 2),
            leading=round(spec.leading * factor, 2),
            textColor=HexColor(spec.color),
            spaceBefore=spec.space_before * factor,
            spaceAfter=spec.space_after * factor,
            alignment=TA_LEFT,
            # reportlab draws bullets in Helvetica by default: a font we do not embed.
            bulletFontName=names["regular"],
        )
        # Boxed blocks (formulas) paint this behind their cell; a Paragraph backColor would not pad.
        styles[name].box_color = HexColor(spec.background) if spec.background else None
    body = styles["body"]
    styles["item"] = ParagraphStyle(
        "item", parent=body, leftIndent=body.fontSize * 1.1, bulletIndent=body.fontSize * 0.2, spaceAfter=body.spaceAfter * 0.6
    )
    for level in (1, 2, 3):
        styles[f"heading{level}"].keepWithNext = 1
    return styles


def term_markup(text: str, hits: list[TermHit], *, shown: set[str], term_style: ParagraphStyle) -> str:
    """Escaped text with the English name after the first occurrence of each term (per `shown`)."""
    out: list[str] = []
    position = 0
    for hit in sorted(hits, key=lambda h: h.start):
        if hit.start < position or hit.end > len(text):
            continue
        out.append(safe_text(text[position:hit.end]))
        position = hit.end
        surface = text[hit.start : hit.end]
        if hit.es in shown or fold(surface, keep_punctuation=True) == fold(hit.en, keep_punctuation=True):
            continue
        shown.add(hit.es)
        if _states_english(text, hit):
            continue
        out.append(
            f'<font name="{term_style.fontName}" size="{term_style.fontSize}" color="#{term_style.textColor.hexval()[2:]}">'
            f"\u00a0‹{safe_text(hit.en)}›</font>"
        )
    out.append(safe_text(text[position:]))
    return "".join(out)


# How far around a term we look for the English name the translator already wrote ("empuje (thrust)").
STATED_WINDOW = 40


def _states_english(text: str, hit: TermHit) -> bool:
    """True when the text already gives the English name next to the term: no need to print it twice."""
    around = fold(text[max(0, hit.start - STATED_WINDOW) : hit.end + STATED_WINDOW], keep_punctuation=True)
    surface = fold(text[hit.start : hit.end], keep_punctuation=True)
    english = fold(hit.en, keep_punctuation=True)
    return english in around.replace(surface, " ", 1) if english not in surface else False


def bilingual_title(section: Section) -> str:
    """'Platillo giratorio · Spinning Saucer' when the title is (almost) one glossary term."""
    title = section.title.strip()
    for hit in section.title_terms:
        covered = hit.end - hit.start
        letters = len(re.sub(r"[\W\d_]", "", title))
        if covered >= 0.7 * max(letters, 1) and fold(hit.en, keep_punctuation=True) != fold(title, keep_punctuation=True):
            return f"{title} · {hit.en}"
    return title
