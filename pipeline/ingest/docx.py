"""A Word .docx -> structural plain text: mammoth turns its paragraph styles into HTML (Heading 1 -> <h1>,
lists -> <li>, tables -> <tr>), which html.py reads like any page.

The "original" lines the report speaks of are mammoth's HTML, one block element per line.
"""

from __future__ import annotations

import io
import re

from pipeline.errors import InputError
from pipeline.ingest.html import convert_html
from pipeline.ingest.lines import Converted

BLOCK_END = re.compile(r"(</(?:p|h[1-6]|li|tr|table|ul|ol|blockquote)>)")


def convert_docx(data: bytes, *, display: str) -> tuple[list[str], Converted]:
    import mammoth

    try:
        result = mammoth.convert_to_html(io.BytesIO(data))
    except Exception as exc:  # noqa: BLE001 - a damaged or non-Word zip raises many types
        raise InputError(f"cannot read this .docx ({type(exc).__name__}); save it again from Word or LibreOffice", path=display) from None
    html = BLOCK_END.sub(r"\1\n", result.value)
    original = html.split("\n")
    out = Converted(original=original)
    convert_html(html, out)
    return original, out
