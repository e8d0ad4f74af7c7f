"""A Word .docx -> structural plain text: mammoth turns its paragraph styles into HTML (Heading 1 -> <h1>,
lists -> <li>, tables -> <tr>, Title -> <h1>), which html.py reads like any page (a document without heading
styles: its bold paragraphs in large type by their size, docxsizes.py); footnotes are written
"(1) text", the way the cleaner reads them.

The "original" lines the report speaks of are mammoth's HTML, one block element per line.
"""

from __future__ import annotations

import io
import re

from pipeline.errors import InputError
from pipeline.ingest.docxsizes import sized_headings
from pipeline.ingest.html import convert_html
from pipeline.ingest.limits import DEFAULT, Limits
from pipeline.ingest.lines import Converted

BLOCK_END = re.compile(r"(</(?:p|h[1-6]|li|tr|table|ul|ol|blockquote)>)")
# Word's title style is the document's title; mammoth's default map leaves it a plain paragraph.
STYLE_MAP = "p[style-name='Title'] => h1:fresh"
# mammoth writes a footnote's mark as <sup><a href="#footnote-1">[1]</a></sup> and the notes as a list at the
# end, each with a back link "↑". Written as the cleaner reads footnotes (as markdown.py does): " (1)" and "(1) text".
NOTE_MARK = re.compile(r'<sup><a href="#(?:foot|end)note-(\d+)"[^>]*>\[\d+\]</a></sup>')
NOTE_ITEM = re.compile(
    r'<li id="(?:foot|end)note-(\d+)">\s*<p>\s*(.*?)\s*<a href="#(?:foot|end)note-ref-\d+">↑</a>\s*</p>\s*</li>', re.DOTALL
)
NOTE_LIST = re.compile(r"<ol>((?:<p>\(\d+\) .*?</p>)+)</ol>", re.DOTALL)


def convert_docx(data: bytes, *, display: str, limits: Limits = DEFAULT) -> tuple[list[str], Converted]:
    import mammoth

    _check_size(data, display=display, limits=limits)
    try:
        result = mammoth.convert_to_html(io.BytesIO(data), style_map=STYLE_MAP)
    except (MemoryError, RecursionError, OverflowError):
        raise  # read_source names the limit
    except Exception as exc:  # noqa: BLE001 - a damaged or non-Word zip raises many types
        raise InputError(f"cannot read this .docx ({type(exc).__name__}); save it again from Word or LibreOffice", path=display) from None
    html = NOTE_MARK.sub(lambda match: f" ({match.group(1)})", result.value)
    html = NOTE_LIST.sub(r"\1", NOTE_ITEM.sub(lambda match: f"<p>({match.group(1)}) {match.group(2)}</p>", html))
    html = BLOCK_END.sub(r"\1\n", html)
    original = html.split("\n")
    out = Converted(original=original)
    convert_html("\n".join(sized_headings(data, original)), out)
    return original, out


def _check_size(data: bytes, *, display: str, limits: Limits) -> None:
    """Refuse a document whose XML is past the limit before mammoth reads it (it reads ~0.3 MB of XML a second),
    and one with any part a bomb or too large ([Content_Types].xml and _rels/.rels are parsed too)."""
    import zipfile

    from pipeline.ingest.package import check_parts, check_size

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return  # not a zip: mammoth says so, in its own words
    check_parts(archive, display=display, limits=limits)
    check_size(archive, lambda name: name.startswith("word/") and name.endswith(".xml"), display=display, limits=limits)
