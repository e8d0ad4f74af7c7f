"""A zip-based document (.docx, .odt, .epub): opened, its parts measured before any parser reads them, and a
damaged, foreign or encrypted archive refused with an InputError that names the file and the fix.

Every part is measured, not only the document's own XML: [Content_Types].xml, _rels/.rels or a manifest
is parsed as surely as the text, so a bomb in any of them is refused before anything is unpacked. The sizes
a zip's directory gives are binding: zipfile never yields more than a part's stated size (and checks its
CRC), so measuring them first bounds everything mammoth or lxml will read."""

from __future__ import annotations

import io
import zipfile
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from pipeline.errors import InputError
from pipeline.ingest.limits import DEFAULT, MAX_ZIP_RATIO, RATIO_FROM_BYTES, XML_PART_SUFFIXES, Limits, hostile, too_long

if TYPE_CHECKING:
    from lxml import etree


# What reading a damaged part raises: zlib.error for deflate data that is wrong inside (a flipped bit), RuntimeError
# for a member encrypted with a zip password, NotImplementedError for a compression zipfile lacks.
UNREADABLE = (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError, zlib.error)


def open_zip(data: bytes, *, display: str, kind: str, fix: str, limits: Limits = DEFAULT) -> zipfile.ZipFile:
    """The archive, its parts measured (check_parts), or an InputError: `kind` names the format ("an
    OpenDocument text"), `fix` how to get a good file."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise InputError(f"is not {kind} (not a zip archive, or a damaged one): {fix}", path=display) from None
    check_parts(archive, display=display, limits=limits)
    return archive


def check_parts(archive: zipfile.ZipFile, *, display: str, limits: Limits = DEFAULT) -> None:
    """Every part of the archive, by the sizes its directory states: none unpacking to a bomb's ratio, none
    read as XML past the document-XML limit, all of them together within the package limit."""
    total = 0
    for info in archive.infolist():
        if info.file_size >= RATIO_FROM_BYTES and info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1):
            ratio = info.file_size // max(info.compress_size, 1)
            raise hostile(f"{info.filename} inside it unpacks to {ratio:,} times its size ({info.file_size:,} bytes)", display=display)
        if info.filename.lower().endswith(XML_PART_SUFFIXES) and info.file_size > limits.xml_bytes:
            raise too_long(f"{info.filename} inside it: {info.file_size:,} bytes of document XML", display=display, limits=limits)
        total += info.file_size
    if total > limits.package_bytes:
        raise too_long(f"{total:,} bytes unpacked", display=display, limits=limits)


def check_size(archive: zipfile.ZipFile, wanted: Callable[[str], bool], *, display: str, limits: Limits = DEFAULT) -> None:
    """Refuse a document whose XML is past the limit before it is parsed (parsing is what takes the time); the
    sizes are the archive's own word for them, and read_part() holds the parts to it."""
    size = sum(info.file_size for info in archive.infolist() if wanted(info.filename))
    if size > limits.xml_bytes:
        raise too_long(f"{size:,} bytes of document XML", display=display, limits=limits)


def read_part(archive: zipfile.ZipFile, name: str, *, display: str, fix: str, limits: Limits = DEFAULT) -> bytes:
    """One part, read no further than the limit (a zip may lie about its sizes); None-safe errors as InputError."""
    try:
        with archive.open(name) as part:
            data = part.read(limits.xml_bytes + 1)
    except KeyError:
        raise InputError(f"has no {name} inside: {fix}", path=display) from None
    except UNREADABLE as exc:
        raise InputError(f"cannot read {name} inside it ({type(exc).__name__}): {fix}", path=display) from None
    if len(data) > limits.xml_bytes:
        raise too_long(f"more than {limits.xml_bytes:,} bytes of document XML", display=display, limits=limits)
    return data


def peek(archive: zipfile.ZipFile, name: str, size: int) -> bytes:
    """The first `size` bytes of a small part read to tell what the archive is (b"" if it cannot be read)."""
    try:
        with archive.open(name) as part:
            return part.read(size)
    except (KeyError, *UNREADABLE):
        return b""


def read_xml(archive: zipfile.ZipFile, name: str, *, display: str, fix: str, limits: Limits = DEFAULT) -> etree._Element:
    """One XML part, read within the limit and parsed."""
    return parse_xml(read_part(archive, name, display=display, fix=fix, limits=limits), name, display=display, fix=fix)


def parse_xml(data: bytes, name: str, *, display: str, fix: str) -> etree._Element:
    """An XML part as an lxml tree (no network, no entities expanded), or an InputError naming the part."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True)
    try:
        return etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise InputError(f"{name} inside it is damaged ({exc.msg}): {fix}", path=display) from None
