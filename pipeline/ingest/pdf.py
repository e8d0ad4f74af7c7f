"""A PDF -> structural plain text, with pdfminer.six's layout analysis: text boxes in reading order (columns
included), a `Página N` line at each page break, larger type as headings, and what repeats at the top or
bottom of most pages (running headers and footers, page numbers) left out and reported.

A PDF has no lines of its own: the "original" lines the report speaks of are the extracted ones.
"""

from __future__ import annotations

import io
import re
from collections import Counter

from pipeline.errors import InputError
from pipeline.ingest.artefacts import join_hyphenated
from pipeline.ingest.limits import DEFAULT, Limits, too_long
from pipeline.ingest.lines import Converted, tidy

MARGIN = 0.09  # the top and bottom 9 % of a page hold its running header and footer
PAGE_NUMBER = re.compile(r"^(?:[-–—]\s*)?(?:p[áa]g(?:ina)?\.?\s*)?\d{1,3}(?:\s*[-–—])?(?:\s*/\s*\d{1,3})?$", re.IGNORECASE)
NAMES_ITS_PAGE = re.compile(r"\bp[áa]g(?:ina|\.)?\s*\d{1,3}\b", re.IGNORECASE)  # "Magos del Alba - página 1"
HEADING_RATIO = 1.15  # type this much larger than the body's is a heading
MAX_HEADING_WORDS = 12


def convert_pdf(data: bytes, *, display: str, limits: Limits = DEFAULT) -> tuple[list[str], Converted]:
    """(extracted lines, converted) for a PDF's bytes; an unreadable PDF is an InputError naming it."""
    pages = _pages(data, display=display, limits=limits)
    furniture = _running_lines(pages)
    body = _body_size(pages)
    sizes = sorted({round(size) for page in pages for _, _, size, _ in page if size >= body * HEADING_RATIO}, reverse=True)
    original: list[str] = []
    plan: list[tuple[str, int, str]] = []  # (text, original line, what) ; "" text = paragraph break
    for number, page in enumerate(pages, start=1):
        original.append(f"Página {number}")
        plan.append((f"Página {number}", len(original), ""))
        previous_box = None
        for text, box, size, edge in page:
            original.append(text)
            line = len(original)
            key = _furniture_key(text)
            if edge and (key in furniture or PAGE_NUMBER.match(text) or NAMES_ITS_PAGE.search(text)):
                plan.append(("", line, "running header/footer or page number"))
                continue
            if previous_box is not None and box != previous_box:
                plan.append(("", 0, ""))
            previous_box = box
            if size >= body * HEADING_RATIO and len(text.split()) <= MAX_HEADING_WORDS and sizes:
                level = min(sizes.index(round(size)) + 1, 3) if round(size) in sizes else 3
                plan.append(("#" * level + " " + text, line, f"heading (type {size:.0f} pt)"))
            else:
                plan.append((text, line, ""))
        plan.append(("", 0, ""))
    texts = [text for text, _, _ in plan]
    for index in join_hyphenated(texts):
        plan[index] = (texts[index], plan[index][1], "pdf; word hyphenated across lines made whole")
    plan = [(texts[index], line, what) for index, (_, line, what) in enumerate(plan)]
    out = Converted(original=original)
    for text, line, what in plan:
        if text:
            out.add(text, line, markup=what or "pdf")
        elif line and what:
            out.drop(line, what)
        else:
            out.blank(line or (out.origins[-1] if out.origins else 1))
    return original, out


def _pages(data: bytes, *, display: str, limits: Limits) -> list[list[tuple[str, int, float, bool]]]:
    """Per page, its lines as (text, box number, type size, in the top/bottom margin)."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LAParams, LTTextBoxHorizontal, LTTextLineHorizontal

    pages: list[list[tuple[str, int, float, bool]]] = []
    characters = 0
    try:
        # Page by page, so a document past the limits is refused as soon as it is (pdfminer takes ~0.1 s a page).
        for page in extract_pages(io.BytesIO(data), laparams=LAParams(), maxpages=limits.pdf_pages + 1):
            pages.append(_page_lines(page, LTTextBoxHorizontal, LTTextLineHorizontal))
            characters += sum(len(text) + 1 for text, *_ in pages[-1])
            if len(pages) > limits.pdf_pages:
                raise too_long(f"more than {limits.pdf_pages} pages", display=display, limits=limits)
            if characters > limits.characters:
                raise too_long(f"{characters:,} characters in its first {len(pages)} pages", display=display, limits=limits)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - pdfminer raises many types on damaged files
        raise InputError(
            f"cannot read this PDF ({type(exc).__name__}); save it again or paste its text into raw.txt", path=display
        ) from None
    if not any(pages):
        raise InputError("this PDF has no text layer (a scan?): run OCR on it first, or paste its text into raw.txt", path=display)
    return pages


def _page_lines(page, box_type, line_type) -> list[tuple[str, int, float, bool]]:
    """A page's lines as (text, box number, type size, in the top/bottom margin)."""
    height = page.height or 1
    lines = []
    for box_number, box in enumerate(element for element in page if isinstance(element, box_type)):
        for line in box:
            if not isinstance(line, line_type):
                continue
            text = tidy(line.get_text())
            if not text:
                continue
            size = max((char.size for char in line if hasattr(char, "size")), default=0.0)
            edge = line.y1 > height * (1 - MARGIN) or line.y0 < height * MARGIN
            lines.append((text, box_number, size, edge))
    return lines


def _furniture_key(text: str) -> str:
    return re.sub(r"\d+", "#", text.casefold())


def _running_lines(pages: list[list[tuple[str, int, float, bool]]]) -> set[str]:
    """Texts in the margins that recur on at least half the pages (two at least): headers and footers."""
    seen = Counter(key for page in pages for key in {_furniture_key(text) for text, _, _, edge in page if edge})
    need = max(2, (len(pages) + 1) // 2)
    return {key for key, count in seen.items() if count >= need}


def _body_size(pages: list[list[tuple[str, int, float, bool]]]) -> float:
    weights = Counter()
    for page in pages:
        for text, _, size, _ in page:
            weights[round(size, 1)] += len(text)
    return weights.most_common(1)[0][0] if weights else 10.0
