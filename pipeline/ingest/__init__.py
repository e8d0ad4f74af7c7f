"""Source files -> RawText: every format a translation arrives in becomes lines of structural plain text.

A game's source is exactly one of SOURCE_NAMES. A raw.txt is sniffed (sniff.py) for the Markdown, HTML or
BBCode inside it; template tags ({% %}, {{ }}) go from any text. Plain text passes through untouched, line
for line; every other format is converted (markdown.py, html.py, bbcode.py, pdf.py, docx.py, odt.py,
epub.py, rtf.py) into lines whose structure pipeline.structure reads, each with
its original line, and the conversion reports what it did to every original line (lines.py).
"""

from __future__ import annotations

import hashlib
import os
from importlib import import_module
from pathlib import Path
from typing import Callable

from pipeline.errors import InputError
from pipeline.ingest.limits import DEFAULT, Limits, check_length, out_of_resources, read_bounded, too_long
from pipeline.ingest.lines import Converted
from pipeline.model import CleaningRecord, RawText
from pipeline.text import without_ligatures

# The readers (encoding, sniff, artefacts, the format converters) are imported where a source is read:
# finding games (`refsheets list`, a no-op build) needs only the file names.

SOURCE_NAMES = ("raw.txt", "raw.md", "raw.html", "raw.pdf", "raw.docx", "raw.odt", "raw.epub", "raw.rtf")
# The names as a person reads them in a message: "raw.txt, raw.md, ... or raw.rtf".
SOURCE_LIST = ", ".join(SOURCE_NAMES[:-1]) + " or " + SOURCE_NAMES[-1]
SUFFIX_LIST = ", ".join(name[3:] for name in SOURCE_NAMES[:-1]) + " or " + SOURCE_NAMES[-1][3:]  # ".txt, .md, ... or .rtf"
# A file `refsheets new` copies in, by its suffix: the source name it gets.
SOURCE_SUFFIXES = {
    **{"." + name.split(".")[1]: name for name in SOURCE_NAMES},
    ".text": "raw.txt",
    ".markdown": "raw.md",
    ".htm": "raw.html",
    ".xhtml": "raw.html",
}
# The readers, registered by what they read: (module of pipeline.ingest, function), imported only when a source of
# that kind is read. A document by its suffix, read as bytes (no text decoding, no limit on bytes per character):
BINARY_READERS = {
    ".pdf": ("pdf", "convert_pdf"),
    ".docx": ("docx", "convert_docx"),
    ".odt": ("odt", "convert_odt"),
    ".epub": ("epub", "convert_epub"),
    ".rtf": ("rtf", "convert_rtf"),
}
# A text by its markup (a raw.md, a raw.html, or what sniff.py finds in a raw.txt); plain "text" needs none.
TEXT_READERS = {
    "markdown": ("markdown", "convert_markdown"),
    "html": ("html", "convert_html"),
    "bbcode": ("bbcode", "convert_bbcode"),
    "wikitext": ("wikitext", "convert_wikitext"),
}
BINARY = tuple(BINARY_READERS)
# Files beside the source that look like another copy of a translation (warned about, never read).
LOOKS_LIKE_TEXT = (".txt", ".md", ".markdown", ".htm", ".html", ".pdf", ".docx", ".doc", ".odt", ".rtf", ".epub", ".pages")
NOT_SOURCES = ("game.yaml", "corrections.yaml")


def source_files(folder: Path) -> list[Path]:
    """The source files a game folder holds (one is right; none or several is the user's to fix)."""
    return [folder / name for name in SOURCE_NAMES if (folder / name).is_file()]


def source_file(folder: Path, *, display: str) -> Path:
    """The game's one source file; an InputError naming the folder when there is none or more than one.

    Any other raw.* entry is a second source, even one that cannot be read (a link whose file is gone, a folder
    named raw.txt): refsheets will not guess which the translator meant, since a link left behind may name the
    newer text, and sheets printed from the wrong one look right."""
    found = source_files(folder)
    entries = [folder / name for name in SOURCE_NAMES if (folder / name).is_symlink() or (folder / name).exists()]
    names = "; ".join(_described(path) for path in entries)
    if not found:
        rest = ", ".join(SOURCE_NAMES[1:])
        unread = f"no readable source file ({names})" if entries else "no source file"
        raise InputError(f"{unread}: put the translation in {display}/raw.txt (or {rest})", path=display)
    if len(entries) > 1:
        unreadable = [path for path in entries if path not in found]
        example = (f": `rm {display}/{unreadable[0].name}` if {found[0].name} is the translation"
                   if len(found) == 1 and len(unreadable) == 1 and unreadable[0].is_symlink() else "")
        raise InputError(f"several source files ({names}): a game reads exactly one raw.* file; remove the others or"
                         f" move them out of the folder{example}", path=display)
    return found[0]


def _described(path: Path) -> str:
    """A raw.* entry as a message names it: a link says where it leads, and whether anything is there."""
    if path.is_symlink():
        target = os.readlink(path)
        return f"{path.name}, a link to {target}{'' if path.exists() else ', which does not exist'}"
    return path.name if path.is_file() else f"{path.name}, not a file"


def stray_files(folder: Path, source: Path) -> list[str]:
    """Other files in the folder that look like a translation: named in a warning, in case the wrong one is read."""
    return sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.is_file() and entry != source and entry.name not in NOT_SOURCES and entry.suffix.lower() in LOOKS_LIKE_TEXT
    )


def read_source(path: Path, *, game: str, display: str, limits: Limits = DEFAULT) -> RawText:
    """Read and convert one source file; an unreadable, empty or too long file is an InputError naming it.

    What can be known before the work is checked first: the file's size, then a text's characters and lines
    once decoded, before its markup is converted. Whatever the readers meet past their own limits (memory,
    nesting, numbers: MemoryError, RecursionError, OverflowError) is this file's error too, never a bug's."""
    data = read_bounded(path, display=display, limits=limits)
    suffix = path.suffix.lower()
    if suffix not in BINARY and len(data) > 4 * limits.characters:
        raise too_long(f"{len(data):,} bytes", display=display, limits=limits)  # no encoding packs more text
    try:
        text, encoding, warnings, fmt, original, converted = _convert(data, suffix, display=display, limits=limits)
    except (MemoryError, RecursionError, OverflowError) as exc:
        raise out_of_resources(exc, display=display) from None
    stray = stray_files(path.parent, path)
    if stray:
        warnings.append(f"{display}: read this file; also in the folder, not read: {', '.join(stray)}")
    if converted is None:
        return RawText(
            game=game, path=display, text=text, encoding=encoding, sha256=hashlib.sha256(data).hexdigest(), warnings=tuple(warnings)
        )
    notices: tuple[str, ...] = ()
    if suffix == ".txt" and fmt != "text":  # a raw.txt that holds markup: say how it was read (a note, not a warning)
        notices = (f"{display}: read as {fmt}; `refsheets clean {game} --report` shows what became of each line",)
    return RawText(
        game=game,
        path=display,
        text=without_ligatures("\n".join(converted.texts)),
        encoding=encoding,
        sha256=hashlib.sha256(data).hexdigest(),
        warnings=tuple(warnings),
        notices=notices,
        format=fmt,
        origins=tuple(converted.origins),
        markup=converted.account(),
        title=converted.title,
        date=converted.date,
        links=tuple(converted.links),
        original=tuple(original),
        leads=tuple(converted.leads.items()),
    )


def _convert(data: bytes, suffix: str, *, display: str, limits: Limits) -> tuple:
    """(text, encoding, warnings, format, original lines, converted) of a source's bytes, its length checked."""
    from pipeline.ingest.encoding import decode
    from pipeline.ingest.sniff import sniff

    if suffix in BINARY:
        original, document = _binary(data, suffix, display=display, limits=limits)
        check_length("\n".join(document.texts), display=display, limits=limits)
        return "", "binary", [], suffix[1:], original, document
    text, encoding, warnings = decode(data, display=display)
    check_length(text, display=display, limits=limits)  # before any markup is read: that is what takes the time
    fmt = {".md": "markdown", ".html": "html"}.get(suffix) or sniff(text)
    original, converted = _text(text, fmt)
    if converted is not None:
        check_length("\n".join(converted.texts), display=display, limits=limits)
    return text, encoding, warnings, fmt, original, converted


def _text(text: str, fmt: str) -> tuple[list[str], Converted | None]:
    """A text source as it is (None: plain text with nothing to convert) or converted from its markup."""
    from pipeline.ingest.templates import strip_template_tags

    # A wiki page's "{{templates}}" nest over lines: its reader reads them (a site template's "{{ tag }}" does not nest).
    bare, tags = (text, {}) if fmt == "wikitext" else strip_template_tags(text)
    original = text.split("\n")
    if fmt == "text":
        return original, _plain_text(original, bare, tags)
    out = Converted(original=original)
    for line, tag in tags.items():
        out.drop(line, f"template tag {tag}")
    reader(TEXT_READERS, fmt, "text format")(bare, out)
    return original, out


def _plain_text(original: list[str], bare: str, tags: dict[int, str]) -> Converted | None:
    """Plain text: template tags out, extraction artefacts repaired; None if it needs nothing. Entities stay:
    in a text that is no HTML, "&amp;" may be what the author wrote (markup formats decode theirs)."""
    from pipeline.ingest.artefacts import repair

    lines = bare.split("\n")
    repaired = repair(lines)
    if repaired is None and not tags and lines == original:
        return None
    texts, origins, records = repaired or (lines, list(range(1, len(lines) + 1)), [])
    out = Converted(original=original)
    for record in records:
        out.records[record.line] = record
    for line, tag in tags.items():
        out.drop(line, f"template tag {tag}")
    for text, origin in zip(texts, origins):
        out.add(text, origin, markup="template tag" if origin in tags else "")
    return out


def _binary(data: bytes, suffix: str, *, display: str, limits: Limits) -> tuple[list[str], Converted]:
    """A document read by its own reader: its lines and the conversion."""
    return reader(BINARY_READERS, suffix, "document format", display=display)(data, display=display, limits=limits)


def reader(readers: dict[str, tuple[str, str]], name: str, what: str, *, display: str | None = None) -> Callable:
    """The registered reader of `name`; an InputError listing the registered ones for any other, never a guess."""
    if name not in readers:
        raise InputError(f"no reader for the {what} {name!r} (readers: {', '.join(readers)})", path=display)
    module, function = readers[name]
    return getattr(import_module(f"pipeline.ingest.{module}"), function)


__all__ = ["SOURCE_LIST", "SOURCE_NAMES", "SOURCE_SUFFIXES", "SUFFIX_LIST", "CleaningRecord", "read_source", "source_file", "source_files"]
