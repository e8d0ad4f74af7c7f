"""The titles of a PDF's framed or shaded boxes: a publisher sets a tip, a variant or an example apart in a drawn
rectangle under a short title of its own ("Consejo", "Variante"). Read as text the title is a one-word line over a
paragraph, which reads like a section's heading; it titles only the box, so it is written as the label of the box's
text, "Consejo: En la primera partida…" (a label and its value, as the real texts write them: the sheet sets the
label in bold, sheets/roles.py), and the text is kept with it.

A box title is a text box of one line of at most three words with no sentence ending, in type no larger than its
text's, at the top of a drawn rectangle that holds, under it, the next text box of the page (prose: several words),
and nothing else. The text must open as a sentence does, with a capital: a list under the title ("1. Roba una
carta", "• Roba…") keeps its first item its own, and a line in lower case ("Si el mazo" over "se acaba, baraja…")
goes on the sentence the short line began, no title.
"""

from __future__ import annotations

from pipeline.ingest.pdffigures import Box

MAX_TITLE_WORDS = 3
MIN_TEXT_WORDS = 4
TOP = 2.0  # type sizes at most between the rectangle's top and the title's
SLACK = 1.0  # points a box may stand out of its rectangle
LARGER = 1.15  # a title in type this much larger than its text's is a heading (ingest/pdf.py's HEADING_RATIO)


def rectangles_of(page) -> list[tuple[float, float, float, float]]:
    """The page's drawn rectangles (pdfminer's LTRect): frames and shading."""
    from pdfminer.layout import LTRect

    return [(element.x0, element.y0, element.x1, element.y1) for element in page
            if isinstance(element, LTRect) and element.height > 0 and element.width > 0]


def box_titles(boxes: list[Box], rectangles: list[tuple[float, float, float, float]]) -> set[int]:
    """The indexes of the text boxes (in reading order) that title the box after them, both in one rectangle."""
    titles: set[int] = set()
    for index, (title, text) in enumerate(zip(boxes, boxes[1:])):
        words = " ".join(title.lines).split()
        if len(title.lines) != 1 or not 0 < len(words) <= MAX_TITLE_WORDS or words[-1].endswith((".", ":", "!", "?", ";", ",")):
            continue
        if len(" ".join(text.lines).split()) < MIN_TEXT_WORDS or text.bbox[3] > title.bbox[1] + SLACK:
            continue  # the text is under the title, and prose
        if not _opens_a_sentence(text.lines[0]):
            continue  # a list's first item, or the rest of the short line's sentence
        if title.size > LARGER * text.size:
            continue  # a heading set large over its text, not a box's title
        for frame in rectangles:
            held = [box for box in boxes if _inside(box.bbox, frame)]
            if held == [title, text] and frame[3] - title.bbox[3] <= TOP * title.size:
                titles.add(index)  # the frame holds the title and its text alone: no page's background or border
    return titles


def _opens_a_sentence(line: str) -> bool:
    first = line.lstrip(" ¿¡«\"'(")
    return first[:1].isupper()


def _inside(box: tuple[float, float, float, float], frame: tuple[float, float, float, float]) -> bool:
    return (box[0] >= frame[0] - SLACK and box[1] >= frame[1] - SLACK and box[2] <= frame[2] + SLACK
            and box[3] <= frame[3] + SLACK)


def with_titles(lines: list, titles: set[int]) -> list:
    """The page's lines (with .box and .text), each box title written into the first line of its box's text."""
    out: list = []
    pending: dict[int, str] = {}
    for line in lines:
        if line.box in titles:
            pending[line.box + 1] = line.text
        elif line.box in pending:
            line.text = f"{pending.pop(line.box)}: {line.text}"
            out.append(line)
        else:
            out.append(line)
    return out
