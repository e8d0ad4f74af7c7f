"""Layout-only passes for the fit search: place every flowable exactly as a render would, draw nothing.

A probe gives the exact page count of a layout (the frames, wraps and splits are reportlab's own) and
how full its last page is, at a fraction of a render's cost: no drawing, no page furniture, no PDF.
"""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame


def _no_draw(*args, **kwargs) -> None:
    return None


class ProbeFrame(Frame):
    """A frame that places flowables exactly as Frame does (wrap, split, spacing) but draws nothing."""

    def _add(self, flowable: Flowable, canv, trySplit: int = 0) -> int:  # noqa: N803 - reportlab's name
        flowable.drawOn = _no_draw  # type: ignore[method-assign]  # shadows the method on this instance only, for this placement
        try:
            return super()._add(flowable, canv, trySplit)  # type: ignore[misc]  # reportlab's own, absent from its stubs
        finally:
            del flowable.drawOn

    add = _add  # type: ignore[assignment]  # Frame binds `add` to its own _add at class creation


class ProbeCanvas(Canvas):
    """A canvas that keeps no page and writes no PDF: layout needs its font metrics only."""

    def showPage(self) -> None:  # noqa: N802 - reportlab API
        self._startPage()  # type: ignore[attr-defined]  # reportlab's own, absent from its stubs

    def save(self) -> None:
        pass


class ProbeDocTemplate(BaseDocTemplate):
    """Lays out like SheetDocTemplate and remembers where the last flowable ended (for the fill)."""

    fill = 0.0

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 - reportlab hook name
        from pipeline.sheets.quickref.contents import note_landing

        note_landing(self, flowable)
        frames, frame = self.pageTemplate.frames, getattr(self, "frame", None)
        if frame is None or frame not in frames:
            return  # an action between pages (a template switch): nothing was placed
        used = min(max((frame._y2 - frame._y) / frame._height, 0.0), 1.0) if frame._height else 1.0
        self.fill = self.page - 1 + (frames.index(frame) + used) / len(frames)
