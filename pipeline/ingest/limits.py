"""How much a game's source may hold and how much its readers may inflate, checked before the expensive
reading, so no file (a rulebook too long, or a few KB built to unpack into gigabytes) makes a build work for
minutes or fill the memory. Every limit and the message that refuses it live here (docs/limits.md).

Two kinds of limit:
- the *length* of the rules (characters, lines) and what follows from it (bytes of the file, of a document's
  XML, of an RTF, PDF pages and streams): right for one game, and raised in game.yaml (`limits:`) or with
  `refsheets new --max-characters/--max-lines` for a campaign or core book. `Limits.raised()` scales them all.
- the *shape* of a hostile file (a zip part unpacking hundreds of times its size, an RTF \\uN past Unicode):
  never raised, since no document needs it; the message says the file is damaged or built to do harm.

The longest translations we know are about 150,000 characters on 1,300 lines; a quick reference of four
times that is already a book, and past these sizes a build takes more than half a minute.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, fields
from pathlib import Path, PurePosixPath

from pipeline.errors import FileAccessError, InputError

MAX_SOURCE_CHARS = 600_000
MAX_SOURCE_LINES = 25_000
# A zip part that unpacks to this many times its packed size is a bomb (Word's XML packs 5-20 times, a
# page of repeated table markup 60; a deflate bomb 1,000); only parts of a megabyte or more are judged.
MAX_ZIP_RATIO = 200
RATIO_FROM_BYTES = 1024 * 1024
# Parts read as XML or text (the rest are pictures and fonts, which mammoth may read as they are).
XML_PART_SUFFIXES = (".xml", ".rels", ".xhtml", ".html", ".htm", ".opf", ".ncx", ".svg", ".txt", "mimetype")
# Groups inside groups: Word and WordPad nest RTF a dozen deep, a table in a footnote in a field a few dozen.
# (lxml refuses XML and HTML past 256 levels on its own; markdown-it caps its nesting.)
MAX_NESTING = 1_000
GAME_YAML_HINT = "sources/<game>/game.yaml"


@dataclass(frozen=True)
class Limits:
    """What one game's source may hold. The defaults suit one game's rules; `raised()` makes them larger
    for a longer book, every derived limit in proportion."""

    characters: int = MAX_SOURCE_CHARS
    lines: int = MAX_SOURCE_LINES
    source_bytes: int = 64 * 1024 * 1024  # read no further: no translation's file is this big
    # A .docx/.odt/.epub's document XML, unzipped (Word writes ~10 bytes of XML per character)...
    xml_bytes: int = 8 * 1024 * 1024
    # ...and every part of its zip together (pictures included: mammoth reads them), each part at most this.
    package_bytes: int = 64 * 1024 * 1024
    # An RTF spends ~5-20 bytes per character on control words, and pictures are written in hex (a photo is megabytes).
    rtf_bytes: int = 32 * 1024 * 1024
    # Reading costs per control word and run of text, not per byte (30 MB of a picture's hex take half a second,
    # 30 MB of text half a minute): Word spends ~100 of them on a paragraph, the longest translation has 1,300.
    rtf_tokens: int = 3_000_000
    pdf_pages: int = 400
    # A PDF's streams, inflated: a page's content is tens of KB, an embedded font a few MB; the whole
    # document's streams together. pdfminer parses a content stream at a few MB a second.
    pdf_stream_bytes: int = 16 * 1024 * 1024
    pdf_bytes: int = 128 * 1024 * 1024

    @classmethod
    def raised(cls, *, characters: int | None = None, lines: int | None = None) -> Limits:
        """The limits for a source of up to `characters` or `lines` (never below the defaults): every limit,
        the other of the two included, grows in the proportion of the larger raise."""
        default = cls()
        scale = max((characters or 0) / default.characters, (lines or 0) / default.lines, 1)
        if scale == 1:
            return default
        grown = {field.name: int(getattr(default, field.name) * scale) for field in fields(cls)}
        grown["characters"] = max(characters or 0, grown["characters"])
        grown["lines"] = max(lines or 0, grown["lines"])
        return cls(**grown)


DEFAULT = Limits()


def too_long(size: str, *, display: str, limits: Limits = DEFAULT) -> InputError:
    """The error for a source of `size` ("13,377,399 bytes", "812 pages") past the limits: what they are,
    and the two ways on (the right file split by book, or the limits raised, with values that would do)."""
    game_yaml = str(PurePosixPath(display).with_name("game.yaml")) if display.startswith("sources/") else GAME_YAML_HINT
    return InputError(
        f"{size}: longer than one game's rules (refsheets reads up to {limits.characters:,} characters on "
        f"{limits.lines:,} lines): check that this is the translation, or split it into one game per book or expansion, "
        f"or raise the limits in {game_yaml} (limits: {{characters: {limits.characters * 4}, lines: {limits.lines * 4}}}; "
        "`refsheets new` takes --max-characters and --max-lines)",
        path=display,
    )


def check_length(text: str, *, display: str, limits: Limits = DEFAULT) -> None:
    """A text past the character or line limit is an InputError naming its file."""
    lines = text.count("\n") + 1
    if len(text) > limits.characters or lines > limits.lines:
        raise too_long(f"{len(text):,} characters on {lines:,} lines", display=display, limits=limits)


def hostile(what: str, *, display: str) -> InputError:
    """The error for a file shaped to do harm, or damaged past reading (`what`: "a part unpacks 1,032 times
    its size"); no limit is raised for it, since no real document needs one."""
    return InputError(f"{what}: a damaged file, or one made to exhaust the machine; save the document again", path=display)


def out_of_resources(exc: BaseException, *, display: str) -> InputError:
    """MemoryError, RecursionError or OverflowError met while a source was read or a game made, as the one-line
    error a person can act on: its memory, nesting or numbers are past what refsheets holds."""
    what = {
        "MemoryError": "it needs more memory than this machine gives",
        "RecursionError": "it nests deeper than refsheets reads",
        "OverflowError": "it holds a number too large to read",
    }.get(type(exc).__name__, type(exc).__name__)
    return InputError(
        f"cannot read it: {what} ({type(exc).__name__}): save the document again, or split it into smaller games", path=display
    )


def read_bounded(path: Path, *, display: str, limits: Limits = DEFAULT) -> bytes:
    """A source's bytes, read no further than the limit. Only a regular file is read: a device (/dev/zero
    never ends), a pipe (it waits for a writer forever, so it is opened without waiting) or a folder is
    refused; a file the user may not read is bad input with the fix, not a failed build."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except PermissionError:
        raise InputError(
            f"cannot read: permission denied: give yourself read permission (chmod u+r {display}) or copy the file in again", path=display
        ) from None
    except FileNotFoundError:
        raise InputError("cannot read: the file is gone (a broken link?): put the translation's file there", path=display) from None
    except OSError as exc:
        raise FileAccessError(f"cannot read: {exc.strerror}", path=display) from None
    with os.fdopen(descriptor, "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise InputError(
                "is not a regular file (a device, a pipe, a socket or a folder): give the translation's own file", path=display
            )
        if status.st_size > limits.source_bytes:
            raise too_long(f"{status.st_size:,} bytes", display=display, limits=limits)
        try:
            data = file.read(limits.source_bytes + 1)
        except OSError as exc:
            raise FileAccessError(f"cannot read: {exc.strerror}", path=display) from None
    if len(data) > limits.source_bytes:  # it grew while it was read
        raise too_long(f"more than {limits.source_bytes:,} bytes", display=display, limits=limits)
    return data
