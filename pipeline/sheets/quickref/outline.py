"""The flowables that put a quick reference's headings in the PDF outline (typeset.py's doc template adds the entries)."""
from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph


class Heading(Paragraph):
    """A heading paragraph that adds an outline entry when it lands on a page."""

    def __init__(self, text: str, style: ParagraphStyle, *, outline_title: str, level: int, key: str) -> None:
        super().__init__(text, style)
        self.outline_title = outline_title
        self.outline_level = level
        self.outline_key = key
        self.outline_visible = True


class OutlineAnchor(Flowable):
    """An invisible mark that adds an outline entry where it lands (for run-in headings); `visible`: it stands for a
    printed lead, listed in the contents line (not for an untitled opening box or a table's row labels)."""

    def __init__(self, *, outline_title: str, level: int, key: str, visible: bool = True) -> None:
        super().__init__()
        self.outline_title = outline_title
        self.outline_level = level
        self.outline_key = key
        self.outline_visible = visible

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        pass
