"""An OpenDocument text (.odt, LibreOffice's own) -> structural plain text: its XML is written as the HTML that
docx.py gets from mammoth (headings <hN>, lists <ul>/<ol>, tables <tr>, bold <strong>, footnotes "(1) text"
paragraphs at the end), which html.py reads like any page.

What a paragraph is comes from its styles (styles.xml's named ones, content.xml's automatic ones, each with
its parent): a heading by <text:h>'s outline level or a "Heading N"/"Título N" style, bold and large type by
the style's text properties. Frames, pictures, comments, tracked changes, an index and page breaks go. The
"original" lines of the report are that HTML, one block element per line; meta.xml's dc:title is the title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator
from xml.sax.saxutils import escape, quoteattr

from pipeline.errors import InputError
from pipeline.ingest.html import STYLE_BIG, convert_html
from pipeline.ingest.limits import DEFAULT, Limits
from pipeline.ingest.lines import HEADING_STYLE, Converted, tidy

if TYPE_CHECKING:
    import zipfile

    from lxml import etree

NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "manifest": "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0",
    "xlink": "http://www.w3.org/1999/xlink",
}
TEXT_MIME = ("application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.text-template")
KINDS = {"spreadsheet": "a spreadsheet", "presentation": "a presentation", "graphics": "a drawing", "formula": "a formula"}
FIX = "open it in LibreOffice and save it again as an OpenDocument text (.odt)"
TITLE_STYLE = re.compile(r"^(?:title|t[ií]tulo)$", re.IGNORECASE)
# Block elements that hold no text of the rules: an index or table of contents, tracked changes, declarations.
SKIP_BLOCKS = frozenset(
    f"{{{NS['text']}}}{name}"
    for name in (
        "table-of-content", "alphabetical-index", "illustration-index", "table-index", "object-index", "user-index",
        "bibliography", "tracked-changes", "sequence-decls", "variable-decls", "user-field-decls", "soft-page-break",
    )
)


def _tag(prefix: str, name: str) -> str:
    return f"{{{NS[prefix]}}}{name}"


def _number(value: str | None, default: int) -> int:
    """An attribute that should be a small count or level; anything else (a hand-edited file's "uno") is the default."""
    return min(int(value), 99) if value and value.strip().isdigit() else default


@dataclass
class _Style:
    parent: str = ""
    names: tuple[str, ...] = ()  # its name and display name
    outline: int = 0  # style:default-outline-level
    bold: bool | None = None
    size: str = ""  # fo:font-size as written ("16pt", "150%")
    numbered: dict[int, bool] = field(default_factory=dict)  # a list style: level -> numbered?


def convert_odt(data: bytes, *, display: str, limits: Limits = DEFAULT) -> tuple[list[str], Converted]:
    from pipeline.ingest.package import check_size, open_zip, read_xml

    archive = open_zip(data, display=display, kind="an OpenDocument text", fix=FIX, limits=limits)
    _check_kind(archive, display=display)
    check_size(archive, lambda name: name in ("content.xml", "styles.xml"), display=display, limits=limits)
    content = read_xml(archive, "content.xml", display=display, fix=FIX, limits=limits)
    styles: dict[tuple[str, str], _Style] = {}
    names = archive.namelist()
    if "styles.xml" in names:
        _read_styles(read_xml(archive, "styles.xml", display=display, fix=FIX, limits=limits), styles)
    _read_styles(content, styles)
    body = content.find(f"{_tag('office', 'body')}/{_tag('office', 'text')}")
    if body is None:
        raise InputError(f"holds no text document (content.xml has no office:text): {FIX}", path=display)
    writer = _Writer(styles)
    writer.blocks(body)
    html = writer.html()
    original = html.split("\n")
    out = Converted(original=original)
    convert_html(html, out)
    title = _title(archive, display=display) if "meta.xml" in names else ""
    out.title = title or out.title
    if not any(text.strip() for text in out.texts):
        raise InputError("has no text (only pictures, frames or empty pages?): put the translation's text in the document", path=display)
    return original, out


def _check_kind(archive: zipfile.ZipFile, *, display: str) -> None:
    """An .odt that is another OpenDocument (a spreadsheet), a Word file, or one saved with a password."""
    from pipeline.ingest.package import peek

    names = set(archive.namelist())
    if "mimetype" in names:
        mime = peek(archive, "mimetype", 100).decode("ascii", "replace").strip()
        if mime not in TEXT_MIME:
            kind = next((what for key, what in KINDS.items() if key in mime), f"a {mime or 'file of unknown type'}")
            raise InputError(f"is {kind}, not a text document: copy its text into a LibreOffice Writer document (.odt)", path=display)
    elif "word/document.xml" in names:
        raise InputError("is a Word document, not an OpenDocument text: rename it raw.docx", path=display)
    if "content.xml" not in names:
        raise InputError(f"is not an OpenDocument text (no content.xml inside): {FIX}", path=display)
    if "META-INF/manifest.xml" in names and b"encryption-data" in peek(archive, "META-INF/manifest.xml", 1_000_000):
        raise InputError(
            "is protected by a password: open it in LibreOffice and save a copy without one "
            "(File > Save As, untick 'Save with password')",
            path=display,
        )


def _read_styles(root: etree._Element, styles: dict[tuple[str, str], _Style]) -> None:
    for element in root.iter(_tag("style", "style"), _tag("text", "list-style")):
        name = element.get(_tag("style", "name")) or ""
        if element.tag == _tag("text", "list-style"):
            levels = {
                _number(level.get(_tag("text", "level")), 1): level.tag == _tag("text", "list-level-style-number")
                for level in element
                if isinstance(level.tag, str)
            }
            styles[("list", name)] = _Style(numbered=levels)
            continue
        props = element.find(_tag("style", "text-properties"))
        weight = props.get(_tag("fo", "font-weight")) if props is not None else None
        styles[(element.get(_tag("style", "family")) or "", name)] = _Style(
            parent=element.get(_tag("style", "parent-style-name")) or "",
            names=(name, element.get(_tag("style", "display-name")) or name),
            outline=_number(element.get(_tag("style", "default-outline-level")), 0),
            bold=None if weight is None else weight == "bold" or weight.isdigit() and int(weight) >= 600,
            size=(props.get(_tag("fo", "font-size")) or "") if props is not None else "",
        )


def _title(archive: zipfile.ZipFile, *, display: str) -> str:
    from pipeline.ingest.package import read_xml

    meta = read_xml(archive, "meta.xml", display=display, fix=FIX)
    found = meta.find(f".//{_tag('dc', 'title')}")
    return tidy(found.text or "") if found is not None else ""


class _Writer:
    """content.xml's body -> HTML lines: one block element a line, notes gathered for the end."""

    def __init__(self, styles: dict[tuple[str, str], _Style]) -> None:
        self.styles = styles
        self.lines: list[str] = []
        self.notes: list[tuple[str, str]] = []  # (mark, text)

    def html(self) -> str:
        notes = [f"<p>({mark}) {body}</p>" for mark, body in self.notes]
        return "\n".join([*self.lines, *notes])

    def _chain(self, family: str, name: str) -> Iterator[_Style]:
        """A style and its parents, nearest first (a missing style ends the chain, and so does a loop)."""
        seen = set()
        while name and name not in seen and (family, name) in self.styles:
            seen.add(name)
            yield self.styles[(family, name)]
            name = self.styles[(family, name)].parent

    def _style(self, family: str, name: str, what: str) -> object:
        """A property of a style, looked up its parent chain (the first style that sets it; bold False is said:
        normal weight over a bold parent)."""
        return next((value for style in self._chain(family, name) if (value := getattr(style, what)) is not None and value != ""), None)

    def _heading(self, name: str) -> int:
        """The heading level a paragraph style gives (0: none; -1: the document's Title style)."""
        for style in self._chain("paragraph", name):
            if style.outline:
                return style.outline
            for each in style.names:
                if TITLE_STYLE.match(each):
                    return -1
                found = HEADING_STYLE.match(each)
                if found:
                    return int(found.group(1))
        return 0

    def blocks(self, parent: etree._Element, *, level: int = 0, list_style: str = "") -> None:
        for element in parent:
            if not isinstance(element.tag, str) or element.tag in SKIP_BLOCKS:
                continue
            if element.tag in (_tag("text", "p"), _tag("text", "h")):
                self.paragraph(element)
            elif element.tag == _tag("text", "list"):
                self.list(element, level=level + 1, list_style=element.get(_tag("text", "style-name")) or list_style)
            elif element.tag == _tag("table", "table"):
                self.table(element)
            elif element.tag in (_tag("text", "section"), _tag("text", "index-body")):
                self.blocks(element, level=level, list_style=list_style)
            # else: a frame, a picture, a form, a comment at block level: nothing of the rules' text

    def paragraph(self, element: etree._Element) -> None:
        style = element.get(_tag("text", "style-name")) or ""
        level = self._heading(style)
        if element.tag == _tag("text", "h"):
            level = _number(element.get(_tag("text", "outline-level")), 0) or max(level, 1)
        text = self.inline(element, bold=bool(self._style("paragraph", style, "bold")))
        size = self._style("paragraph", style, "size")
        if size and level == 0 and STYLE_BIG.search(f"font-size:{size}"):  # (only what html.py calls large type)
            text = f'<span style="font-size:{size}">{text}</span>'
        tag = f"h{min(max(level, 1), 6)}" if level else "p"  # -1, the Title style: <h1>
        self.lines.append(f"<{tag}>{text}</{tag}>")

    def inline(self, element: etree._Element, *, bold: bool) -> str:
        """A paragraph's runs as inline HTML: bold runs in <strong>, links kept, notes as " (N)" marks."""
        parts = [self._run(element.text, bold)]
        for child in element:
            tag = child.tag if isinstance(child.tag, str) else ""
            if tag == _tag("text", "span"):
                name = child.get(_tag("text", "style-name")) or ""
                own = self._style("text", name, "bold")
                parts.append(self.inline(child, bold=bold if own is None else bool(own)))
            elif tag == _tag("text", "a"):
                href = child.get(_tag("xlink", "href")) or ""
                parts.append(f"<a href={quoteattr(href)}>{self.inline(child, bold=bold)}</a>" if href else self.inline(child, bold=bold))
            elif tag == _tag("text", "s"):
                parts.append(" " * min(_number(child.get(_tag("text", "c")), 1), 8))
            elif tag in (_tag("text", "tab"), _tag("text", "line-break")):
                parts.append(" " if tag.endswith("tab") else "<br>")
            elif tag == _tag("text", "note"):
                parts.append(self._note(child))
            elif tag and tag.startswith(f"{{{NS['text']}}}") and not tag.endswith(("bookmark", "bookmark-start", "bookmark-end")):
                parts.append(self.inline(child, bold=bold))  # a field, a reference mark: its text
            # a frame (a picture in the line), a comment (office:annotation), a change mark: nothing of the text
            parts.append(self._run(child.tail, bold))
        return "".join(parts)

    @staticmethod
    def _run(text: str | None, bold: bool) -> str:
        if not text:
            return ""
        return f"<strong>{escape(text)}</strong>" if bold and text.strip() else escape(text)

    def _note(self, note: etree._Element) -> str:
        """A footnote's mark stays in its sentence, written " (N)", and its text becomes "(N) text" at the end."""
        citation = note.find(_tag("text", "note-citation"))
        mark = tidy((citation.get(_tag("text", "label")) or citation.text or "") if citation is not None else "")
        mark = mark or str(len(self.notes) + 1)
        body = note.find(_tag("text", "note-body"))
        paragraphs = [self.inline(p, bold=False) for p in body.iter(_tag("text", "p"))] if body is not None else []
        self.notes.append((mark, " ".join(paragraphs)))
        return f" ({escape(mark)})"

    def list(self, element: etree._Element, *, level: int, list_style: str) -> None:
        numbered = self.styles.get(("list", list_style), _Style()).numbered.get(level, False)
        tag = "ol" if numbered else "ul"
        self.lines.append(f"<{tag}>")
        for item in element:
            if item.tag not in (_tag("text", "list-item"), _tag("text", "list-header")):
                continue
            headings = [child for child in item if child.tag == _tag("text", "h")]
            if headings:  # a numbered outline: headings written in a list are headings
                self.blocks(item, level=level, list_style=list_style)
                continue
            texts = [self.inline(child, bold=False) for child in item if child.tag == _tag("text", "p")]
            self.lines.append("<li>" + "<br>".join(texts))
            for child in item:
                if child.tag == _tag("text", "list"):
                    self.list(child, level=level + 1, list_style=child.get(_tag("text", "style-name")) or list_style)
            self.lines.append("</li>")
        self.lines.append(f"</{tag}>")

    def table(self, element: etree._Element) -> None:
        self.lines.append("<table>")
        for row in element.iter(_tag("table", "table-row")):
            cells = []
            for cell in row:
                if cell.tag != _tag("table", "table-cell"):
                    continue  # a covered cell (under a merged one) holds nothing
                text = " ".join(self.inline(p, bold=False) for p in cell.iter(_tag("text", "p"), _tag("text", "h")))
                cells.append(f"<td>{text}</td>")
            while cells and cells[-1] == "<td></td>":
                cells.pop()  # LibreOffice repeats empty cells to the sheet's width
            if cells:
                self.lines.append("<tr>" + "".join(cells) + "</tr>")
        self.lines.append("</table>")
