"""How much a game's source may hold, checked before the expensive reading, so no build works for minutes.

The longest translations we know are about 150,000 characters on 1,300 lines; a quick reference of four
times that is already a book, and past these sizes a build takes more than half a minute: a source this
long is several games in one file, or the wrong file. A .docx, .odt, .epub, .rtf or .pdf is measured before it
is converted (the XML inside the zip, the RTF's bytes, the pages of the PDF), since converting is what takes the time.
"""

from __future__ import annotations

from pipeline.errors import InputError

MAX_SOURCE_CHARS = 600_000
MAX_SOURCE_LINES = 25_000
MAX_SOURCE_BYTES = 64 * 1024 * 1024  # read no further: no translation's file is this big
MAX_XML_BYTES = 8 * 1024 * 1024  # a .docx/.odt/.epub's XML, unzipped (Word writes ~10 bytes of XML per character)
# An RTF spends ~5-20 bytes per character on control words, and pictures are written in hex (a photo is megabytes).
MAX_RTF_BYTES = 32 * 1024 * 1024
# Reading costs per control word and run of text, not per byte (30 MB of a picture's hex take half a second,
# 30 MB of text half a minute): Word spends ~100 of them on a paragraph, the longest translation has 1,300.
MAX_RTF_TOKENS = 3_000_000
MAX_PDF_PAGES = 400

TOO_LONG = (
    f"longer than one game's rules (refsheets reads up to {MAX_SOURCE_CHARS:,} characters on {MAX_SOURCE_LINES:,} lines): "
    "check that this is the translation, or split it into one game per book or expansion"
)


def too_long(size: str, *, display: str) -> InputError:
    """The error for a source of `size` ("13,377,399 bytes", "812 pages") past the limits."""
    return InputError(f"{size}: {TOO_LONG}", path=display)


def check_length(text: str, *, display: str) -> None:
    """A converted text past the character or line limit is an InputError naming its file."""
    lines = text.count("\n") + 1
    if len(text) > MAX_SOURCE_CHARS or lines > MAX_SOURCE_LINES:
        raise too_long(f"{len(text):,} characters on {lines:,} lines", display=display)
