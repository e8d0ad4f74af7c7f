"""The labels of a PDF's drawn figures: the short captions set around the pictures of a diagram ("Jugador",
"Oponente", "6 de vida" beside drawn cards; "Mazo Central" in a drawn table layout). Read as text they are
fragments in the middle of the rules, so the PDF reader leaves them out and reports them.

A label is a text box of at most two lines of at most three words each, with no sentence ending, set right
beside a picture that has another picture near it; a page's labels count only when it has three or more. A
heading beside a lone icon is no label: its picture has no neighbour, and a page's headings are apart.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_LABEL_LINES = 2
MAX_LABEL_WORDS = 3
MIN_LABELS = 3  # a figure is labelled more than once; one or two short boxes by pictures are something else
MIN_PICTURE_POINTS = 15.0  # smaller drawings are bullets and rules
MAX_PICTURE_SHARE = 0.4  # of the page's width or height: larger pictures are backgrounds and frames
NEAR = 2.0  # type sizes of white space at most between a label and its picture
PICTURES_NEAR = 3.0  # the smaller picture's sizes of white space at most between two pictures of one figure


@dataclass(frozen=True)
class Box:
    """A text box: its lines' texts, its type size and where it is (x0, y0, x1, y1, in points)."""

    lines: tuple[str, ...]
    size: float
    bbox: tuple[float, float, float, float]


def pictures_of(page) -> list[tuple[float, float, float, float]]:
    """The bounding boxes of the page's pictures (pdfminer's figures and images) a diagram can be made of."""
    from pdfminer.layout import LTFigure, LTImage

    found: list[tuple[float, float, float, float]] = []
    for element in page:
        if isinstance(element, (LTFigure, LTImage)):
            small = element.width <= page.width * MAX_PICTURE_SHARE and element.height <= page.height * MAX_PICTURE_SHARE
            if small and min(element.width, element.height) >= MIN_PICTURE_POINTS:
                x0, y0, x1, y1 = element.bbox
                found.append((x0, y0, x1, y1))
    return found


def figure_labels(boxes: list[Box], pictures: list[tuple[float, float, float, float]]) -> set[int]:
    """The indexes of the boxes that label a drawn figure."""
    grouped = [picture for picture in pictures if any(other is not picture and _near_pictures(picture, other) for other in pictures)]
    labels = {index for index, box in enumerate(boxes) if _label_shaped(box) and any(_beside(box, picture) for picture in grouped)}
    return labels if len(labels) >= MIN_LABELS else set()


def _label_shaped(box: Box) -> bool:
    lines = [line for line in box.lines if line.strip()]
    return (
        0 < len(lines) <= MAX_LABEL_LINES
        and all(len(line.split()) <= MAX_LABEL_WORDS for line in lines)
        and not lines[-1].rstrip().endswith((".", ":", ";", "!", "?", ","))
    )


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return min(a1, b1) - max(a0, b0)


def _gap(a0: float, a1: float, b0: float, b1: float) -> float:
    """White space between two spans on one axis (negative when they overlap)."""
    return max(a0, b0) - min(a1, b1)


def _beside(box: Box, picture: tuple[float, float, float, float]) -> bool:
    """The box stands right above, below or beside the picture, level with it."""
    x0, y0, x1, y1 = box.bbox
    p0, q0, p1, q1 = picture
    reach = NEAR * max(box.size, 1.0)
    stacked = _overlap(x0, x1, p0, p1) >= 0.5 * min(x1 - x0, p1 - p0) and _gap(y0, y1, q0, q1) <= reach
    side_by_side = _overlap(y0, y1, q0, q1) >= 0.5 * min(y1 - y0, q1 - q0) and _gap(x0, x1, p0, p1) <= reach
    return stacked or side_by_side


def _near_pictures(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Two pictures of one figure: apart by no more than three times the smaller one's size, on both axes."""
    reach = PICTURES_NEAR * min(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1])
    return _gap(a[0], a[2], b[0], b[2]) <= reach and _gap(a[1], a[3], b[1], b[3]) <= reach
