"""Card text measured at a body size: paragraphs, heights, and how much of a card fits a panel."""

from __future__ import annotations

from dataclasses import replace

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from pipeline.sheets.cards.geometry import CONT, CardOptions
from pipeline.modelkinds import BlockKind, PanelKind
from pipeline.sheets.cards.select import Card, PanelBlock
from pipeline.sheets.flowables import RUN_IN, list_marker, table_flowables, table_reference
from pipeline.sheets.icons import decorate, in_text
from pipeline.sheets.layout import Layout
from pipeline.sheets.markup import paragraph_styles, safe_text
from pipeline.sheets.roles import label_spans

# ----------------------------------------------------------------------------------- measuring


TABLE_GAP = 2.5  # pt above and below a table in a panel


LEADER_GAP = 4.0  # pt between a name, its leaders and its page


class LeaderLine(Flowable):
    """An index line: the name (wrapping if it must), dot leaders, the page at the right margin."""

    def __init__(self, name: str, page: str, style: ParagraphStyle) -> None:
        super().__init__()
        self.style = style
        self.page = page
        self.name = Paragraph(name, style)
        self.page_width = stringWidth(page, style.fontName, style.fontSize)
        self.last_line = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        room = available_width - self.page_width - LEADER_GAP
        _, self.height = self.name.wrap(room, available_height)
        lines = self.name.blPara.lines or [(room, [])]  # type: ignore[attr-defined]  # set by wrap(), absent from the stubs
        last = lines[-1]
        extra = last[0] if isinstance(last, tuple) else getattr(last, "extraSpace", 0)
        self.last_line, self.lines = room - (extra or 0), len(lines)
        return available_width, self.height

    def draw(self) -> None:
        self.name.drawOn(self.canv, 0, 0)
        style, canvas = self.style, self.canv
        # Paragraph sets its first baseline one font size under its top, the others a leading apart.
        baseline = self.height - style.fontSize - (self.lines - 1) * style.leading
        dot = stringWidth(". ", style.fontName, style.fontSize)
        start, end = self.last_line + LEADER_GAP / 2, self.width - self.page_width - LEADER_GAP / 2
        canvas.saveState()
        canvas.setFont(style.fontName, style.fontSize)
        canvas.setFillColor(style.textColor)
        if end - start > dot:
            canvas.drawString(start, baseline, ". " * int((end - start) / dot))
        canvas.drawRightString(self.width, baseline, self.page)
        canvas.restoreState()


def _with_labels(text: str) -> str:
    """`text` escaped, the labels that lead it or its sentences in bold."""
    out, position = [], 0
    for start, end in label_spans(text):
        out += [safe_text(text[position:start]), f"<b>{safe_text(text[start:end])}</b>"]
        position = end
    return "".join([*out, safe_text(text[position:])])


def gaps(flowable: Flowable) -> tuple[float, float]:
    """Space before and after a block in a panel: its paragraph style's, or TABLE_GAP around a table."""
    style = getattr(flowable, "style", None)
    if isinstance(style, ParagraphStyle):
        return style.spaceBefore, style.spaceAfter
    return TABLE_GAP, TABLE_GAP


class Typesetter:
    """Paragraphs for card text at a given body size (styles cached per size)."""

    def __init__(self, layout: Layout, options: CardOptions) -> None:
        self.layout = layout
        self.options = options
        self._styles: dict[float, dict[str, ParagraphStyle]] = {}
        self.base_size = layout.style("body").size
        # (block, size, width) -> (height, space before, space after): planning and balancing a sheet measure
        # the same blocks at the same widths many times over (the game's icons are fixed for a Typesetter's life).
        self._measured: dict[tuple[PanelBlock, float, float], tuple[float, float, float]] = {}
        self._headers: dict[tuple, float] = {}  # a panel header's height, by what it prints and its width
        # fill()'s answers: a third of a sheet's fills ask again what an earlier plan asked (the index's re-plans)
        self._filled: dict[tuple, tuple[list[PanelBlock], list[PanelBlock]]] = {}

    def styles(self, size: float) -> dict[str, ParagraphStyle]:
        if size not in self._styles:
            self._styles[size] = paragraph_styles(self.layout, body_size=size)
        return self._styles[size]

    def paragraph(self, block: PanelBlock, size: float) -> Flowable:
        """The flowable a panel draws for `block` (a Paragraph, or a Table for a table block)."""
        styles = self.styles(size)
        # The game's symbols before the phrases that name them; a "Label: text" lead in bold (roles.py).
        labelled = block.kind in (BlockKind.PARAGRAPH, BlockKind.ITEM, PanelKind.ITEM_CONT)
        text = in_text(_with_labels(block.text) if labelled else safe_text(block.text), styles["body"])
        item = styles["subitem"] if block.depth else styles["item"]
        if block.kind == BlockKind.ITEM:
            return Paragraph(text, item, bulletText=list_marker(block.marker))
        if block.kind == PanelKind.ITEM_CONT:
            return Paragraph(text, item)
        if block.kind == BlockKind.TABLE:
            whole = replace(block, text=block.whole).rows() if block.whole else None
            return table_flowables(block.rows(), styles["table"], header=block.header, escape=safe_text, width_rows=whole)[1]
        if block.kind == BlockKind.TABLE_REF:
            return Paragraph(safe_text(table_reference(block.text)), styles["note"])
        if block.kind == PanelKind.HEADING:
            return Paragraph(text, styles["card_heading"])
        if block.kind == PanelKind.INDEX_HEADING:
            return Paragraph(decorate(block.text, styles["index"], markup=f"<b>{text}</b>"), styles["index"])
        if block.kind == PanelKind.INDEX:
            name, _, page = block.text.partition("\t")
            return LeaderLine(decorate(name, styles["index"]), safe_text(page), styles["index"])
        if block.kind == PanelKind.LABEL:  # the label of the list under it (roles.py)
            return Paragraph(f"<b>{text}</b>", styles["body"])
        return Paragraph(text, styles["note" if block.kind == BlockKind.NOTE else "body"])

    def header(self, card: Card, *, continued: bool, width: float) -> list[Paragraph]:
        styles = self.styles(self.base_size)  # the name never shrinks: it is what players look for
        tone = self.options.tone(card.tone)
        title_style = ParagraphStyle("t", parent=styles["card_title"], textColor=HexColor(tone["color"]))
        title = decorate(card.title, title_style) + (f' <font size="{styles["card_subtitle"].fontSize}">{CONT}</font>' if continued else "")
        parts = [Paragraph(title, title_style)]
        subtitle = []
        if card.title_en:
            subtitle.append(f"<i>{safe_text(card.title_en)}</i>")
        if card.group:
            group = f'<font color="{tone["color"]}">{safe_text(card.group.upper())}</font>'
            subtitle.append(decorate(card.group, styles["card_subtitle"], markup=group))
        if subtitle:
            parts.append(Paragraph(" · ".join(subtitle), styles["card_subtitle"]))
        return parts

    def header_height(self, card: Card, *, continued: bool, width: float) -> float:
        key = (card.key, card.title, card.title_en, card.group, card.tone, continued, width)  # what a header prints
        if key not in self._headers:
            inner = width - 2 * self.options.padding
            parts = self.header(card, continued=continued, width=width)
            self._headers[key] = 2 * self.options.padding * 0.75 + sum(p.wrap(inner, 10_000)[1] for p in parts)
        return self._headers[key]

    def body_height(self, blocks: list[PanelBlock], size: float, width: float) -> float:
        return sum(self._block_heights(blocks, size, width))

    def _block_heights(self, blocks: list[PanelBlock], size: float, width: float) -> list[float]:
        heights = []
        for index, block in enumerate(blocks):
            height, before, after = self._measure(block, size, width)
            if index:
                height += before
            if index < len(blocks) - 1:
                height += after
            heights.append(height)
        return heights

    def _measure(self, block: PanelBlock, size: float, width: float) -> tuple[float, float, float]:
        key = (block, size, width)
        found = self._measured.get(key)
        if found is None:
            paragraph = self.paragraph(block, size)
            found = (paragraph.wrap(width, 100_000)[1], *gaps(paragraph))
            self._measured[key] = found
        return found

    def fill(self, blocks: list[PanelBlock], size: float, width: float, height: float) -> tuple[list[PanelBlock], list[PanelBlock]]:
        """As much of `blocks` as fits `height` (a block may be cut between words) and the rest."""
        key = (tuple(blocks), size, width, height)
        if key not in self._filled:
            self._filled[key] = self._fill(blocks, size, width, height)
        placed, rest = self._filled[key]
        return list(placed), list(rest)

    def _fill(self, blocks: list[PanelBlock], size: float, width: float, height: float) -> tuple[list[PanelBlock], list[PanelBlock]]:
        placed: list[PanelBlock] = []
        for index, block in enumerate(blocks):
            if self.body_height(placed + [block], size, width) <= height:
                placed.append(block)
                continue
            if block.kind == BlockKind.TABLE:
                return self._fill_table(placed, block, list(blocks[index + 1 :]), size, width, height)
            words = block.text.split()
            low, high = 0, len(words) - 1  # largest prefix that fits, never the whole block
            while low < high:
                middle = (low + high + 1) // 2
                trial = replace(block, text=" ".join(words[:middle]))
                if self.body_height(placed + [trial], size, width) <= height:
                    low = middle
                else:
                    high = middle - 1
            if low:
                placed.append(replace(block, text=" ".join(words[:low])))
                rest_kind = PanelKind.ITEM_CONT if block.kind == BlockKind.ITEM else block.kind
                rest = [replace(block, kind=rest_kind, text=" ".join(words[low:]))] + list(blocks[index + 1 :])
            else:
                rest = list(blocks[index:])
            while placed and placed[-1].kind in (PanelKind.HEADING, PanelKind.INDEX_HEADING):  # no heading ends a panel
                rest.insert(0, placed.pop())
            return placed, rest
        return placed, []

    def _fill_table(
        self, placed: list[PanelBlock], table: PanelBlock, after: list[PanelBlock], size: float, width: float, height: float
    ) -> tuple[list[PanelBlock], list[PanelBlock]]:
        """A table cut between rows (the header row repeated on the rest); never inside a row."""
        rows = table.text.split("\n")
        head = rows[:1] if table.header else []
        body = rows[len(head) :]
        whole = table.whole or table.text

        def fitting(keep_entries: bool) -> int:
            fits = 0
            for count in range(1, len(body)):
                if keep_entries and RUN_IN in body[count - 1]:
                    continue  # an entry row and its values row (matrix.py) are not cut apart...
                trial = replace(table, text="\n".join(head + body[:count]), whole=whole)  # measured as it is drawn
                if self.body_height(placed + [trial], size, width) > height:
                    break
                fits = count
            return fits

        fits = fitting(True) or (fitting(False) if not placed else 0)  # ...unless the pair is taller than a panel
        if not fits:
            return placed, [table, *after]
        first = replace(table, text="\n".join(head + body[:fits]), whole=whole)
        rest = replace(table, text="\n".join(head + body[fits:]), whole=whole)
        return placed + [first], [rest, *after]
