"""A PDF page set in two columns, its text boxes put in the order the page is read: pdfminer's own order can take a
right column's boxes before the left's (a table or shaded box in the left column breaks its flow), and its rows of
text level with each other across the gutter are no table's rows.

The gutter is a band down the page's middle that no text box crosses but a full-width one (a title over both
columns, a running footer); the boxes are then read band by band between the full-width ones, the left column's
top to bottom before the right's.
"""

from __future__ import annotations

MIDDLE = (0.3, 0.7)  # of the page's width: where a gutter may run
MIN_GUTTER = 6.0  # points of white between the columns
MIN_BOXES = 2  # text boxes on each side
MIN_COLUMN = 0.3  # of the page's width: a column of prose has a box this wide (a table's column of cells has none)
LEVEL_TOPS = 2.0  # points between the tops of two boxes set in one row
MIN_ROWS = 3  # boxes of one side level with one of the other's: a table's rows, cells of prose (when most of them are)
ROW_SHARE = 2 / 3  # of the side with fewer boxes: two columns of prose meet level only at their tops, or by chance


def gutter(boxes: list[tuple[float, float, float, float]], width: float) -> float | None:
    """The x of the page's gutter between two columns of text boxes (x0, y0, x1, y1), or None for one column.

    A box crossing the gap is a full-width one only when no box of either column is level with it: one beside
    a box is text across the gap (a table's cells under a paragraph of one column), and the gap no gutter."""
    low, high = MIDDLE[0] * width, MIDDLE[1] * width
    edges = sorted({x for x0, _, x1, _ in boxes for x in (x0, x1) if low <= x <= high} | {low, high})
    best: tuple[float, float] | None = None
    for left_edge, right_edge in zip(edges, edges[1:]):
        if right_edge - left_edge < MIN_GUTTER:
            continue
        middle = (left_edge + right_edge) / 2
        left = [box for box in boxes if box[2] <= left_edge]
        right = [box for box in boxes if box[0] >= right_edge]
        across = [box for box in boxes if box[0] < left_edge and box[2] > right_edge]
        if not (_column(left, width) and _column(right, width)) or _rows_of_a_table(left, right):
            continue
        if any(_level_with(box, left + right) for box in across):
            continue
        if best is None or right_edge - left_edge > best[1]:
            best = (middle, right_edge - left_edge)
    return best[0] if best else None


def _column(boxes: list[tuple[float, float, float, float]], width: float) -> bool:
    return len(boxes) >= MIN_BOXES and max(x1 - x0 for x0, _, x1, _ in boxes) >= MIN_COLUMN * width


def _rows_of_a_table(left: list[tuple[float, float, float, float]], right: list[tuple[float, float, float, float]]) -> bool:
    """Most boxes of one side start level with one of the other's: a table's rows of wide cells on a page of one
    column ("Mover la ficha… | Cuesta un punto…"), read row by row, not a gutter between two columns of prose."""
    fewer, more = sorted((left, right), key=len)
    level = sum(any(abs(box[3] - other[3]) <= LEVEL_TOPS for other in more) for box in fewer)
    return level >= MIN_ROWS and level >= ROW_SHARE * len(fewer)


def _level_with(box: tuple[float, float, float, float], others: list[tuple[float, float, float, float]]) -> bool:
    return any(min(box[3], other[3]) - max(box[1], other[1]) > 0 for other in others)


def side(x0: float, at: float | None) -> int:
    """0 for the left column (or a line across the gutter, or a page of one column), 1 for the right column."""
    return 1 if at is not None and x0 >= at else 0


def reading_order(elements: list, at: float | None) -> list:
    """The page's text boxes (with .bbox) in reading order about the gutter `at`: bands between the boxes that
    cross it, each band's left column top to bottom, then its right column. No gutter: pdfminer's own order."""
    if at is None:
        return elements
    ordered: list = []
    band: tuple[list, list] = ([], [])
    for element in sorted(elements, key=lambda element: -element.bbox[3]):
        x0, _, x1, _ = element.bbox
        if x0 < at < x1:
            ordered.extend(band[0] + band[1])
            band = ([], [])
            ordered.append(element)
        else:
            band[side(x0, at)].append(element)
    return ordered + band[0] + band[1]


def level_rows(lines: list) -> list[list]:
    """A page's lines (with .y0, .y1, .x0, .size and .side) grouped into rows, lines level with each other in one
    column, top to bottom (the left column's rows before the right's), each row left to right."""
    rows: list[list] = []
    for line in sorted(lines, key=lambda line: (line.side, -(line.y0 + line.y1) / 2, line.x0)):
        middle = (line.y0 + line.y1) / 2
        if rows:
            last = rows[-1][0]
            if last.side == line.side and abs((last.y0 + last.y1) / 2 - middle) <= 0.4 * max(last.size, line.size, 1.0):
                rows[-1].append(line)
                continue
        rows.append([line])
    return [sorted(row, key=lambda line: line.x0) for row in rows]
