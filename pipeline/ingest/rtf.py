"""An RTF file (WordPad, old Word) -> structural plain text: a small reader of the RTF groups and control words
writes the HTML docx.py gets from mammoth (headings by \\outlinelevel or a "heading N" style, bold runs in
<strong>, large type as a font size, list items, table rows, footnotes "(1) text" at the end), which
html.py reads like any page.

Text is decoded as RTF says: \\'xx bytes in the \\ansicpg code page (or a font's \\fcharset), \\uN
characters with their \\ucN fallbacks skipped, so Spanish accents survive. Font and colour tables, pictures,
objects, fields' instructions (a HYPERLINK's address goes to the links, as an <a href>'s does), headers,
footers, comments and every \\* destination it does not know go. The "original" lines of the report are
that HTML, one block element per line; \\info's \\title is the title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from pipeline.errors import InputError
from pipeline.ingest.html import convert_html
from pipeline.ingest.limits import DEFAULT, MAX_NESTING, Limits, hostile, too_long
from pipeline.ingest.lines import HEADING_STYLE, Converted, tidy

FIX = "open it in WordPad, Word or LibreOffice and save it again (as .rtf, .odt or .docx)"
# One token: a control word with its number, a \'xx byte, a control symbol, a brace, a line end (no text in
# RTF), or a run of text. The file is read as latin-1, one character a byte, so \'xx keep their bytes.
TOKEN = re.compile(r"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\([^a-zA-Z])|([{}])|[\r\n]+|([^\\{}\r\n]+)")
SKIP = frozenset(
    "fonttbl colortbl stylesheet info pict object header headerl headerr headerf footer footerl footerr footerf "
    "themedata colorschememapping latentstyles datastore listtable listoverridetable rsidtbl generator "
    "xmlnsdecl mmathPr filetbl revtbl pgdsctbl bkmkstart bkmkend annotation atnid atnauthor atndate atnref "
    "pn pntxta pntxtb shp shpinst nonshppict userprops docvar xe tc txe ftnsep ftnsepc ftncn aftnsep aftnsepc".split()
)
SYMBOLS = {
    "tab": " ", "emdash": "—", "endash": "–", "bullet": "•", "lquote": "‘", "rquote": "’", "ldblquote": "“",
    "rdblquote": "”", "emspace": " ", "enspace": " ", "qmspace": " ", "zwj": "", "zwnj": "",
}
CONTROL_SYMBOLS = {"~": "\u00a0", "_": "-", "-": "", "\\": "\\", "{": "{", "}": "}", "|": "", ":": ""}
CHARSETS = {161: "cp1253", 162: "cp1254", 177: "cp1255", 178: "cp1256", 186: "cp1257", 204: "cp1251", 222: "cp874", 238: "cp1250"}
# Destinations read for what they say, not printed (\fldinst usually comes as an optional one, {\*\fldinst ...}).
TABLES = {"fonttbl": "font", "stylesheet": "style", "info": "info", "fldinst": "field"}
HYPERLINK = re.compile(r'HYPERLINK\s+"([^"]+)"')
LIST_NUMBER = re.compile(r"^\(?[0-9a-zA-Z]{1,3}[.)]")
BIG_HALF_POINTS = 30  # 15 pt: what html.py reads as large type
# \uN is a signed 16-bit number (RTF 1.9): -32768..65535 once negatives are read as their unsigned
# values. Anything else is no character (chr() of it raises); a surrogate left without its pair is none
# either (no file can hold it). Both become U+FFFD, as a decoder writes what it cannot read.
UNICODE_RANGE = range(-32768, 65536)
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class _TooDeep(Exception):
    """The groups nest deeper than MAX_NESTING: no document does, a file made to exhaust the reader does."""


class _TooLong(Exception):
    """The file holds more than one game's rules (its size, as the message says)."""


@dataclass(frozen=True)
class _Group:
    """What a group sets for the text inside it (restored at its closing brace)."""

    skip: bool = False
    dest: str = ""  # "", "marker" (a list item's number), "note", "title", "style", "font"
    bold: bool = False
    size: int = 24  # half-points
    font: int = 0
    uc: int = 1


@dataclass
class _Style:
    name: str = ""
    outline: int = -1
    bold: bool = False


def convert_rtf(data: bytes, *, display: str, limits: Limits = DEFAULT) -> tuple[list[str], Converted]:
    if len(data) > limits.rtf_bytes:
        raise too_long(f"{len(data):,} bytes of RTF", display=display, limits=limits)
    if not data.lstrip(b"\xef\xbb\xbf \r\n\t").startswith(b"{\\rtf"):
        raise InputError(f"is not an RTF file (it does not start with '{{\\rtf'): {FIX}", path=display)
    reader = _Reader(limits)
    try:
        reader.read(data.decode("latin-1"))
    except _TooLong as exc:
        raise too_long(str(exc), display=display, limits=limits) from None
    except _TooDeep:
        raise hostile(f"its groups nest more than {MAX_NESTING:,} deep", display=display) from None
    html = LONE_SURROGATE.sub("\ufffd", reader.html())
    original = html.split("\n")
    out = Converted(original=original)
    convert_html(html, out)
    out.title = tidy(LONE_SURROGATE.sub("\ufffd", reader.title)) or out.title
    out.links.extend((LONE_SURROGATE.sub("\ufffd", text), LONE_SURROGATE.sub("\ufffd", url)) for text, url in reader.links)
    if not any(text.strip() for text in out.texts):
        raise InputError(f"has no text (only pictures or objects?): {FIX}", path=display)
    return original, out


class _Reader:
    """RTF tokens -> paragraphs of inline HTML, with the state RTF keeps per group and per paragraph."""

    def __init__(self, limits: Limits = DEFAULT) -> None:
        self.limits = limits
        self.group = _Group()
        self.stack: list[_Group] = []
        self.codepage = "cp1252"
        self.fonts: dict[int, str] = {}  # font number -> its code page ("symbol" for a symbol font)
        self.styles: dict[int, _Style] = {}
        self.style = _Style()  # the style being defined in the stylesheet, and its number (\sN)
        self.style_number = 0
        self.host: tuple[list, dict] = ([], {})  # the paragraph a footnote interrupts
        self.cell: list[str] = []  # the paragraphs of the table cell being read
        self.font_number = 0
        self.bytes = bytearray()  # \'xx bytes waiting to be decoded together (a multi-byte code page)
        self.fallback = 0  # characters still to skip after a \uN
        self.runs: list[tuple[str, bool, int]] = []  # the paragraph's text: (text, bold, size)
        self.para: dict = {}  # style, outline, table, list
        self.marker = ""
        self.note: list[str] = []
        self.notes: list[str] = []
        self.cells: list[str] = []
        self.lines: list[str] = []
        self.open_list = ""  # "ul"/"ol" while items are being written
        self.in_table = False
        self.title = ""
        self.chars = 0  # characters of text read so far
        self.field = ""  # a field's instruction being read ('HYPERLINK "https://…"')
        self.links: list[tuple[str, str]] = []
        self.first_word = False  # the next control word is the first of its group (its destination)

    def read(self, text: str) -> None:
        for count, match in enumerate(TOKEN.finditer(text)):
            if count > self.limits.rtf_tokens:  # stop early: the rest is what would take the time
                raise _TooLong(f"more than {self.limits.rtf_tokens:,} RTF control words and runs")
            if self.chars > self.limits.characters:
                raise _TooLong(f"more than {self.limits.characters:,} characters of text")
            word, param, byte, symbol, brace, chunk = match.groups()
            if byte is not None:
                self._byte(int(byte, 16))
                continue
            self._flush_bytes()
            if word is not None:
                self._control(word, int(param) if param is not None else None)
            elif chunk is not None:
                self._chars(chunk)
            elif brace == "{":
                if len(self.stack) >= MAX_NESTING:
                    raise _TooDeep
                self.stack.append(self.group)
                self.first_word = True
            elif brace == "}":
                self._close()
            elif symbol is not None:
                if symbol == "*":
                    self.group = replace(self.group, skip=True)  # an optional destination: known ones undo this
                else:
                    self._chars(CONTROL_SYMBOLS.get(symbol, ""), literal=True)
            if brace != "{" and match.group(0).strip():
                self.first_word = self.first_word and symbol == "*"
        self._flush_bytes()
        self._end_paragraph()

    def _close(self) -> None:
        group = self.group
        outer = self.stack[-1] if self.stack else _Group()
        if group.dest == "style" and outer.dest == "style":  # one style of the stylesheet ends
            self.style.name = self.style.name.split(";")[0]
            self.styles[self.style_number] = self.style
            self.style, self.style_number = _Style(), 0
        if group.dest == "field" and outer.dest != "field":  # a HYPERLINK field's address: for the credits
            found = HYPERLINK.search(self.field)
            if found:
                self.links.append((found.group(1), found.group(1)))
        if group.dest == "note" and outer.dest != "note":  # the footnote ends: the paragraph it sat in goes on
            self._end_paragraph()
            self.notes.append(tidy(" ".join(self.note)))
            self.note, (self.runs, self.para) = [], self.host
        self.group = self.stack.pop() if self.stack else _Group()

    def _control(self, word: str, param: int | None) -> None:  # one branch per control word RTF uses for text
        first, self.first_word = self.first_word, False
        group = self.group
        if first and word in TABLES and not (self.stack and self.stack[-1].skip):
            self.group = replace(group, skip=False, dest=TABLES[word])
            return
        if first and (word in SKIP or group.skip):
            self.group = replace(group, skip=True)
            return
        if group.skip:
            return
        if word in ("pntext", "listtext"):
            self.group, self.marker = replace(group, dest="marker"), ""
        elif word == "footnote":
            self.group = replace(group, dest="note")
            self.note, self.host = [f"({len(self.notes) + 1})"], (self.runs, self.para)
            self.runs, self.para = [], {}
        elif word == "title" and group.dest == "info":
            self.group = replace(group, dest="title")
        elif group.dest == "info":
            self.group = replace(group, skip=True)  # \author, \company, dates: nothing of the rules
        elif group.dest == "field":
            return  # a field's instruction: its switches are no text
        elif group.dest == "font":
            self._font_control(word, param)
        elif group.dest == "style":
            self._style_control(word, param)
        else:
            self._text_control(word, param)

    def _font_control(self, word: str, param: int | None) -> None:
        if word == "f":
            self.font_number = param or 0
        elif word == "fcharset":
            self.fonts[self.font_number] = "symbol" if param == 2 else CHARSETS.get(param or 0, "")

    def _style_control(self, word: str, param: int | None) -> None:
        if word in ("s", "cs", "ds", "ts"):
            self.style_number = (param or 0) if word == "s" else -1 - (param or 0)
        elif word == "outlinelevel":
            self.style.outline = param or 0
        elif word == "b":
            self.style.bold = param != 0

    def _text_control(self, word: str, param: int | None) -> None:  # the paragraph, character and text words
        group = self.group
        if word in ("ansicpg",) and param:
            self.codepage = f"cp{param}"
        elif word in ("mac", "pc", "pca"):
            self.codepage = {"mac": "mac_roman", "pc": "cp437", "pca": "cp850"}[word]
        elif word == "par":
            self._end_paragraph()
        elif word == "line":
            self._chars("\n", literal=True)
        elif word == "pard":
            self._end_paragraph()
            self.para = {}
        elif word == "s":
            self.para["style"] = param or 0
        elif word == "outlinelevel":
            self.para["outline"] = param or 0
        elif word == "intbl":
            self.para["table"] = True
        elif word in ("ls", "ilvl"):
            self.para["list"] = True
        elif word == "cell":
            self.cells.append(" ".join(self.cell + [self._inline()]).strip())
            self.runs, self.cell = [], []
        elif word == "row":
            self._row()
        elif word == "plain":
            self.group = replace(group, bold=False, size=24, font=0)
        elif word == "b":
            self.group = replace(group, bold=param != 0)
        elif word == "fs":
            self.group = replace(group, size=param or 24)
        elif word == "f":
            self.group = replace(group, font=param or 0)
        elif word == "uc":
            self.group = replace(group, uc=max(param or 0, 0))
        elif word == "u" and param is not None:
            self._unicode(param)
        elif word == "chftn":
            if group.dest != "note":  # the mark in the text; in the note it is written "(N)" already
                self._chars(f" ({len(self.notes) + 1})", literal=True)
        elif word in SYMBOLS:
            self._chars(SYMBOLS[word], literal=True)

    def _unicode(self, value: int) -> None:
        value = (value + 65536 if value < 0 else value) if value in UNICODE_RANGE else 0xFFFD
        if 0xDC00 <= value <= 0xDFFF and self.runs and 0xD800 <= ord(self.runs[-1][0][-1:] or "\0") <= 0xDBFF:
            last = self.runs[-1]
            high = ord(last[0][-1])
            self.runs[-1] = (last[0][:-1] + chr(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)), last[1], last[2])
        else:
            self._chars(chr(value), literal=True)
        self.fallback = self.group.uc

    def _byte(self, value: int) -> None:
        if self.fallback:
            self.fallback -= 1
            return
        self.bytes.append(value)

    def _flush_bytes(self) -> None:
        if not self.bytes:
            return
        data, self.bytes = bytes(self.bytes), bytearray()
        page = self.fonts.get(self.group.font) or self.codepage
        if page == "symbol":
            self._chars("•" if data in (b"\xb7", b"\xa7", b"\xfc") else "", literal=True)
            return
        try:
            self._chars(data.decode(page), literal=True)
        except (LookupError, UnicodeDecodeError):
            self._chars(data.decode("cp1252", "replace"), literal=True)

    def _chars(self, text: str, *, literal: bool = False) -> None:
        if not literal and self.fallback:
            skipped = min(self.fallback, len(text))
            text, self.fallback = text[skipped:], self.fallback - skipped
        if not text or self.group.skip:
            return
        dest = self.group.dest
        if dest == "style":
            self.style.name += text
        elif dest == "title":
            self.title += text
        elif dest == "marker":
            self.marker += text
        elif dest == "field":
            self.field += text
        elif dest in ("", "note"):
            self.chars += len(text)
            run = (self.group.bold, self.group.size)
            if self.runs and self.runs[-1][1:] == run:  # "JARD", "Í", "N": one run, however RTF split it
                self.runs[-1] = (self.runs[-1][0] + text, *run)
            else:
                self.runs.append((text, *run))

    def _inline(self) -> str:
        parts = []
        for text, bold, size in self.runs:
            piece = escape(text).replace("\n", "<br>")
            if bold and text.strip():
                piece = f"<strong>{piece}</strong>"
            if size >= BIG_HALF_POINTS and text.strip():
                piece = f'<span style="font-size:{size / 2:g}pt">{piece}</span>'
            parts.append(piece)
        return "".join(parts)

    def _end_paragraph(self) -> None:  # a paragraph is a heading, an item, a cell or a paragraph
        if self.group.dest == "note":
            self.note.append(self._inline())
            self.runs = []
            return
        text = self._inline()
        self.runs = []
        if self.para.get("table"):
            if text.strip():
                self.cell.append(text)  # a paragraph inside a cell, before its \cell
            return
        if self.in_table:
            self.lines.append("</table>")
            self.in_table = False
        marker, self.marker = tidy(self.marker), ""
        kind = ("ol" if LIST_NUMBER.match(marker) else "ul") if (marker or self.para.get("list")) and text.strip() else ""
        if kind != self.open_list:
            if self.open_list:
                self.lines.append(f"</{self.open_list}>")
            if kind:
                self.lines.append(f"<{kind}>")
            self.open_list = kind
        if not text.strip():
            return
        if kind:
            self.lines.append(f"<li>{text}</li>")
            return
        level = self._level()
        self.lines.append(f"<h{level}>{text}</h{level}>" if level else f"<p>{text}</p>")

    def _level(self) -> int:
        """The heading level of the paragraph: its own \\outlinelevel, else its style's (0-based in RTF)."""
        style = self.styles.get(self.para.get("style", -999), _Style())
        outline = self.para.get("outline", style.outline)
        if 0 <= outline <= 5:
            return outline + 1
        found = HEADING_STYLE.match(tidy(style.name))
        return int(found.group(1)) if found else 0

    def _row(self) -> None:
        cells, self.cells = self.cells, []
        while cells and not cells[-1].strip():
            cells.pop()
        if not cells:
            return
        if not self.in_table:
            if self.open_list:
                self.lines.append(f"</{self.open_list}>")
                self.open_list = ""
            self.lines.append("<table>")
            self.in_table = True
        self.lines.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")

    def html(self) -> str:
        closing = [f"</{self.open_list}>"] if self.open_list else []
        closing += ["</table>"] if self.in_table else []
        notes = [f"<p>{note}</p>" for note in self.notes]
        return "\n".join(self.lines + closing + notes)
