"""A PDF -> structural plain text, with pdfminer.six's layout analysis: text boxes in reading order (columns included), a
`Página N` line at each page break (page furniture: reported as a page break, never kept), larger type as headings,
and what repeats at the top or bottom of most pages (running headers and footers, page numbers) left out and reported.
Tables (rows of short cells standing in the same columns, found from the characters' positions) are written as
`a | b | c` rows, and lines after a bullet (a character, a symbol font's glyph or a small drawn shape) as `- item`.
The labels around a drawn figure's pictures (ingest/pdffigures.py) go; letter-spaced words are made whole (spacing.py).

A PDF has no lines of its own: the "original" lines the report speaks of are the extracted ones.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from pipeline.errors import InputError
from pipeline.ingest.artefacts import join_hyphenated
from pipeline.ingest.limits import DEFAULT, Limits, hostile, too_long
from pipeline.ingest.lines import Converted, tidy
from pipeline.ingest.pdfboxes import box_titles, rectangles_of, with_titles
from pipeline.ingest.pdfcolumns import gutter, level_rows, reading_order, side
from pipeline.ingest.pdffigures import Box, figure_labels, pictures_of
from pipeline.ingest.pdfstreams import Inflation, bounded_filters
from pipeline.ingest.spacing import LETTER_SPACED, join_letter_spaced_lines
from pipeline.modelkinds import Artefact

# A page's line: its text, its box's number, its type size, whether it is in the top/bottom margin or labels a drawn figure.
PageLine = tuple[str, int, float, bool, bool]
MARGIN = 0.09  # the top and bottom 9 % of a page hold its running header and footer
PAGE_NUMBER = re.compile(r"^(?:[-–—]\s*)?(?:p[áa]g(?:ina)?\.?\s*)?\d{1,3}(?:\s*[-–—])?(?:\s*/\s*\d{1,3})?$", re.IGNORECASE)
NAMES_ITS_PAGE = re.compile(r"\bp[áa]g(?:ina|\.)?\s*\d{1,3}\b", re.IGNORECASE)  # "Magos del Alba - página 1"
HEADING_RATIO = 1.15  # type this much larger than the body's is a heading
MAX_HEADING_WORDS = 12
MAX_PAGE_POINTS = 14_400  # the largest page PDF allows: 200 inches a side


def convert_pdf(data: bytes, *, display: str, limits: Limits = DEFAULT) -> tuple[list[str], Converted]:
    """(extracted lines, converted) for a PDF's bytes; an unreadable PDF is an InputError naming it."""
    pages = _pages(data, display=display, limits=limits)
    furniture = _running_lines(pages)
    body = _body_size(pages)
    # A page's headings: runs of large type (_heading_runs) short enough to be one; longer, a passage set large.
    large = body * HEADING_RATIO
    runs = [[run for run in _heading_runs(page, large=large) if sum(len(page[i][0].split()) for i in run) <= MAX_HEADING_WORDS]
            for page in pages]
    sizes = sorted({round(page[run[0]][2]) for page, found in zip(pages, runs) for run in found}, reverse=True)
    original: list[str] = []
    plan: list[tuple[str, int, int, str]] = []  # (text, original line, last original line, what) ; "" text = paragraph break
    breaks: set[int] = set()  # the original lines that say where a page starts
    for number, (page, page_runs) in enumerate(zip(pages, runs), start=1):
        original.append(f"Página {number}")
        breaks.add(len(original))
        plan.append(("", len(original), 0, "page break"))
        heading_at = {run[0]: run for run in page_runs}
        inside = {index for run in heading_at.values() for index in run[1:]}
        first = len(original) + 1
        previous_box = None
        for index, (text, box, size, edge, label) in enumerate(page):
            original.append(text)
            line = len(original)
            if label:
                plan.append(("", line, 0, "label of a drawn figure"))
                continue
            key = _furniture_key(text)
            if edge and (key in furniture or PAGE_NUMBER.match(text) or NAMES_ITS_PAGE.search(text)):
                plan.append(("", line, 0, "running header/footer or page number"))
                continue
            if index in inside:
                continue  # a wrapped heading's later line: written with its first
            if previous_box is not None and box != previous_box:
                plan.append(("", 0, 0, ""))
            previous_box = box
            if index in heading_at:
                run = heading_at[index]
                level = min(sizes.index(round(size)) + 1, 3)
                joined = " ".join(page[member][0] for member in run)
                plan.append(("#" * level + " " + joined, line, first + run[-1], f"heading (type {size:.0f} pt)"))
            else:
                plan.append((text, line, 0, ""))
        plan.append(("", 0, 0, ""))
    texts = [text for text, _, _, _ in plan]
    repairs = [(join_hyphenated(texts), "word hyphenated across lines made whole"), (join_letter_spaced_lines(texts), LETTER_SPACED)]
    for index, what in ((index, what) for changed, what in repairs for index in changed):
        plan[index] = (texts[index], plan[index][1], plan[index][2], f"pdf; {what}")
    plan = [(texts[index], line, through, what) for index, (_, line, through, what) in enumerate(plan)]
    out = Converted(original=original)
    for text, line, through, what in plan:
        if text:
            out.add(text, line, markup=what or "pdf", through=through)
        elif line and what:
            out.drop(line, what, Artefact.PAGE_BREAK if line in breaks else None)
        else:
            out.blank(line or (out.origins[-1] if out.origins else 1))
    return original, out


def _heading_runs(page: list[PageLine], *, large: float) -> list[list[int]]:
    """The page's lines in type at least `large`, in runs of one size: a heading wrapped over lines or set in
    boxes side by side ("mkdir" / "backup" / "DESACTIVACIÓN") is one run, and so is a passage set large (a
    callout). A run goes on into the next box only from a box it fills, and never past a full stop."""
    runs: list[list[int]] = []
    for index, (text, box, size, _, label) in enumerate(page):
        if size < large or label:
            continue
        run = runs[-1] if runs else []
        follows = bool(run) and run[-1] == index - 1 and round(page[index - 1][2]) == round(size)
        if follows and page[index - 1][0].endswith((".", ":", "!", "?")) or text.startswith("- "):
            follows = False
        if follows and page[index - 1][1] != box and run[0] and page[run[0] - 1][1] == page[run[0]][1]:
            follows = False  # the run began inside a box of text: it ends with that box
        if follows:
            run.append(index)
        else:
            runs.append([index])
    return runs


def _pages(data: bytes, *, display: str, limits: Limits) -> list[list[PageLine]]:
    """Per page, its lines (PageLine)."""
    from pdfminer.layout import LAParams, LTTextBoxHorizontal, LTTextLineHorizontal

    pages: list[list[PageLine]] = []
    characters = 0
    try:
        # Page by page, so a document past the limits is refused as soon as it is (pdfminer takes ~0.1 s a page).
        with bounded_filters(Inflation(limits, display=display)):
            for page in _layouts(data, laparams=LAParams(), maxpages=limits.pdf_pages + 1, display=display):
                pages.append(_page_lines(page, LTTextBoxHorizontal, LTTextLineHorizontal))
                characters += sum(len(text) + 1 for text, *_ in pages[-1])
                if len(pages) > limits.pdf_pages:
                    raise too_long(f"more than {limits.pdf_pages} pages", display=display, limits=limits)
                if characters > limits.characters:
                    raise too_long(f"{characters:,} characters in its first {len(pages)} pages", display=display, limits=limits)
    except InputError:
        raise
    except (MemoryError, RecursionError, OverflowError):
        raise  # read_source names the limit
    except Exception as exc:  # noqa: BLE001 - pdfminer raises many types on damaged files
        raise InputError(
            f"cannot read this PDF ({type(exc).__name__}); save it again or paste its text into raw.txt", path=display
        ) from None
    if not any(pages):
        raise InputError("this PDF has no text layer (a scan?): run OCR on it first, or paste its text into raw.txt", path=display)
    return pages


def _layouts(data: bytes, *, laparams, maxpages: int, display: str) -> Iterator:
    """pdfminer's extract_pages, each page's size checked before its layout is analysed: the layout grid spans
    the page in 50-point cells, so a MediaBox of 1e23 points made one text line's analysis loop for ever."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    manager = PDFResourceManager(caching=True)
    device = PDFPageAggregator(manager, laparams=laparams)
    interpreter = PDFPageInterpreter(manager, device)
    for number, page in enumerate(PDFPage.get_pages(io.BytesIO(data), maxpages=maxpages, caching=True), start=1):
        x0, y0, x1, y1 = page.mediabox
        width, height = abs(x1 - x0), abs(y1 - y0)
        if not (width <= MAX_PAGE_POINTS and height <= MAX_PAGE_POINTS):  # also NaN
            size = f"page {number} is {width:,.0f} by {height:,.0f} points (a PDF page is at most {MAX_PAGE_POINTS:,})"
            raise hostile(size, display=display)
        interpreter.process_page(page)
        yield device.get_result()


def _page_lines(page, box_type, line_type) -> list[PageLine]:
    """A page's lines (PageLine): its tables as `a | b | c` rows and its bulleted items as `- item` lines, the way
    every converter writes them (ingest/lines.py), and which of them label a drawn figure."""
    from pdfminer.layout import LTCurve

    height = page.height or 1
    found: list[_Line] = []
    markers: list[tuple[float, float, float, float]] = []  # bullets drawn apart from their item's text
    shapes: list[Box] = []  # each text box, for the figure labels
    boxes = 0
    texts = [element for element in page if isinstance(element, box_type)]
    at = gutter([element.bbox for element in texts], page.width or 1)  # two columns: read left before right
    for element in reading_order(texts, at) + [element for element in page if not isinstance(element, box_type)]:
        if isinstance(element, box_type):
            lines = [line for line in element if isinstance(line, line_type)]
            start = len(found)
            for line in lines:
                _add_line(found, line, boxes, height, side(element.bbox[0], at))
            size = max((line.size for line in found[start:]), default=1.0)
            shapes.append(Box(tuple(line.get_text() for line in lines), size, tuple(element.bbox)))
            boxes += 1
        elif isinstance(element, line_type) and _is_marker(element):
            markers.append(element.bbox)
        elif isinstance(element, LTCurve) and 1 < element.width <= MAX_MARKER and 1 < element.height <= MAX_MARKER:
            markers.append(element.bbox)  # a bullet drawn as a small shape
    labels = figure_labels(shapes, pictures_of(page))
    found = with_titles(found, box_titles(shapes, rectangles_of(page)))  # a shaded box's title is its label
    for line in found:
        line.label = line.box in labels
        if BULLET_MARK.match(line.text):
            line.text = "- " + BULLET_MARK.sub("", line.text, count=1)
        elif any(_marks(marker, line) for marker in markers):
            line.text = "- " + line.text
    return _with_tables(found, first_box=boxes)


MAX_MARKER = 8.0  # pt: a bullet glyph or shape is no wider or taller than this
BULLET_MARK = re.compile(r"^[•◦▪▫■□●○‣⁃∙·●►▸➢✓✔]\s*(?=\S)")
CELL_GAP = 1.0  # ems of white space between two words that puts them in different table cells
MAX_CELL_WORDS = 12
MAX_MEDIAN_CELL_WORDS = 4  # a table's cells are short: two columns of prose side by side are not a table


@dataclass
class _Line:
    """One text line of a page: its text, its cells (words apart by more than CELL_GAP), where it is."""

    text: str
    box: int
    size: float
    edge: bool
    x0: float
    x1: float
    y0: float
    y1: float
    cells: list[tuple[float, float, str]]  # (x0, x1, text)
    side: int = 0  # its column on a page of two (ingest/pdfcolumns.py): lines level across the gutter are no table row
    label: bool = False  # labels a drawn figure (ingest/pdffigures.py)


def _add_line(found: list[_Line], line, box: int, height: float, column: int) -> None:
    text = tidy(line.get_text())
    if not text:
        return
    chars = [char for char in line if hasattr(char, "size")]
    # The type of the line's letters: a step's number set large ("1  Saca de la baraja...") heads no section.
    letters = [char.size for char in chars if char.get_text().isalpha()] or [char.size for char in chars]
    size = max(letters, default=0.0)
    edge = line.y1 > height * (1 - MARGIN) or line.y0 < height * MARGIN
    found.append(_Line(text, box, size, edge, line.x0, line.x1, line.y0, line.y1, _cells(chars, size), column))


def _cells(chars: list, size: float) -> list[tuple[float, float, str]]:
    """The line's runs of characters separated by more than CELL_GAP ems of white space."""
    cells: list[tuple[float, float, str]] = []
    run: list = []
    for char in chars:
        if run and char.x0 - run[-1].x1 > CELL_GAP * max(size, 1.0):
            cells.append((run[0].x0, run[-1].x1, tidy("".join(c.get_text() for c in run))))
            run = []
        elif run and char.x0 - run[-1].x1 > 0.15 * max(size, 1.0) and not run[-1].get_text().isspace():
            run.append(_Space(run[-1].x1))  # a word gap the PDF drew as space, not as a character
        run.append(char)
    if run:
        cells.append((run[0].x0, run[-1].x1, tidy("".join(c.get_text() for c in run))))
    return [cell for cell in cells if cell[2]]


@dataclass
class _Space:
    x1: float

    def get_text(self) -> str:
        return " "


def _is_marker(line) -> bool:
    """A line that is only a bullet: '•', or a symbol font's glyph pdfminer cannot name ('(cid:127)')."""
    text = line.get_text().strip()
    return line.width <= MAX_MARKER and (bool(re.fullmatch(r"[•◦▪▫■□●○‣⁃∙·►▸➢✓✔-]|\(cid:\d+\)", text)))


def _marks(marker: tuple[float, float, float, float], line: _Line) -> bool:
    """A bullet just left of a line's start, level with its first line."""
    x0, y0, x1, y1 = marker
    return x1 <= line.x0 + 1 and line.x0 - x1 <= 3 * max(line.size, 1.0) and min(y1, line.y1) - max(y0, line.y0) > 0


def _with_tables(lines: list[_Line], *, first_box: int) -> list[PageLine]:
    """The lines in reading order, those of each table replaced by its rows (`a | b | c`) where its first line was."""
    rows = level_rows(lines)
    tables = _tables(rows)
    taken: dict[int, tuple[int, list[str]]] = {}  # id(line) -> (table number, its rows' texts) for a table's first line
    consumed: set[int] = set()
    position = {id(line): index for index, line in enumerate(lines)}  # reading order, asked once per table line
    for number, table in enumerate(tables):
        members = [line for row in table for line in row]
        first = min(members, key=lambda member: position[id(member)])
        cells = [[text for _, _, text in _row_cells(row, _columns(table))] for row in table]
        texts = _numbered_items(cells) or [" | ".join(row) for row in cells]
        taken[id(first)] = (number, texts)
        consumed |= {id(line) for line in members}
    out: list[PageLine] = []
    for line in lines:
        if id(line) in taken:
            number, texts = taken[id(line)]
            size = min(member.size for row in tables[number] for member in row)
            edge = all(member.edge for row in tables[number] for member in row)
            out.extend((text, first_box + number, size, edge, False) for text in texts)
        elif id(line) not in consumed:
            out.append((line.text, line.box, line.size, line.edge, line.label))
    return out


def _tables(rows: list[list[_Line]]) -> list[list[list[_Line]]]:
    """Runs of two or more rows of two or more cells whose cells stand in the same columns, cells short."""
    tables: list[list[list[_Line]]] = []
    run: list[list[_Line]] = []
    for row in rows + [[]]:
        cells = [cell for line in row for cell in line.cells]
        if len(cells) >= 2 and run and _continues(run, row) and not any(line.text.startswith("- ") for line in row):
            run.append(row)
            continue
        if len(run) >= 2 and _short_cells(run):
            tables.append(run)
        run = [row] if len(cells) >= 2 and not any(line.text.startswith("- ") for line in row) else []
    return tables


def _continues(run: list[list[_Line]], row: list[_Line]) -> bool:
    """The row is close below the run's last row and each of its cells falls in one column of the run's."""
    last = run[-1]
    gap = min(line.y0 for line in last) - max(line.y1 for line in row)
    if gap > 2.5 * max(line.size for line in row):
        return False
    columns = _columns(run)
    used = set()
    for x0, x1, _ in (cell for line in row for cell in line.cells):
        hits = [number for number, (c0, c1) in enumerate(columns) if min(x1, c1) - max(x0, c0) > -2]
        if len(hits) != 1 or hits[0] in used:
            return False
        used.add(hits[0])
    return True


def _columns(run: list[list[_Line]]) -> list[tuple[float, float]]:
    """The x-ranges of the run's columns: its first row's cells, widened by the cells below that fall in them."""
    columns = [(x0, x1) for line in run[0] for x0, x1, _ in line.cells]
    for row in run[1:]:
        for x0, x1, _ in (cell for line in row for cell in line.cells):
            for number, (c0, c1) in enumerate(columns):
                if min(x1, c1) - max(x0, c0) > -2:
                    columns[number] = (min(c0, x0), max(c1, x1))
                    break
    return columns


def _row_cells(row: list[_Line], columns: list[tuple[float, float]]) -> list[tuple[float, float, str]]:
    """A row's cells, one per column ('-' for an empty one, as the other converters write it)."""
    cells = ["-"] * len(columns)
    for x0, x1, text in (cell for line in row for cell in line.cells):
        for number, (c0, c1) in enumerate(columns):
            if min(x1, c1) - max(x0, c0) > -2:
                cells[number] = text if cells[number] == "-" else f"{cells[number]} {text}"
                break
    return [(c0, c1, text) for (c0, c1), text in zip(columns, cells)]


STEP_NUMBER = re.compile(r"\d{1,2}[.)]?")


def _numbered_items(cells: list[list[str]]) -> list[str]:
    """A two-column "table" whose first column only counts (1, 2, 3 … a number apart from its text, one step a line)
    as the ordered list it is, its items written as every reader writes them ("2) Mueve tu ficha."); else []."""
    if any(len(row) != 2 or not STEP_NUMBER.fullmatch(row[0]) or row[1] == "-" for row in cells):
        return []
    numbers = [int(row[0].rstrip(".)")) for row in cells]
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return []
    return [f"{number}) {text}" for number, (_, text) in zip(numbers, cells)]


def _short_cells(run: list[list[_Line]]) -> bool:
    counts = sorted(len(text.split()) for row in run for line in row for _, _, text in line.cells)
    return counts[-1] <= MAX_CELL_WORDS and counts[len(counts) // 2] <= MAX_MEDIAN_CELL_WORDS


def _furniture_key(text: str) -> str:  # "Página 3 de 9" and "Página 4 de 9" are one running line
    return re.sub(r"\d+", "#", text.casefold())


def _running_lines(pages: list[list[PageLine]]) -> set[str]:
    """Texts in the margins that recur on at least half the pages (two at least): headers and footers."""
    seen = Counter(key for page in pages for key in {_furniture_key(text) for text, _, _, edge, _ in page if edge})
    need = max(2, (len(pages) + 1) // 2)
    return {key for key, count in seen.items() if count >= need}


def _body_size(pages: list[list[PageLine]]) -> float:
    weights: Counter[float] = Counter()
    for text, _, size, _, _ in (line for page in pages for line in page):
        weights[round(size, 1)] += len(text)
    return weights.most_common(1)[0][0] if weights else 10.0
