"""An e-book (.epub) -> structural plain text: the spine's XHTML documents in reading order (container.xml ->
the package's OPF -> its spine), each read by html.py as a page of its own; the OPF's dc:title is the
title and its dc:creator (or a contributor marked as translator) the translator.

The "original" lines of the report are the OPF's lines followed by every spine document's, in order: a
credit taken from the package points at its <dc:creator> line. The navigation document and an EPUB 2
contents page (the guide's "toc") are skipped: the sheet has its own structure. In an e-book an <aside>
is part of the text (a sidebar, a footnote), not a web page's furniture; footnotes become "(N) text".
"""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING
from urllib.parse import unquote

from pipeline.errors import InputError
from pipeline.ingest.html import convert_html
from pipeline.ingest.limits import DEFAULT, Limits
from pipeline.ingest.lines import Converted, tidy

if TYPE_CHECKING:
    import zipfile

    from lxml import etree

FIX = "export it again from the program that made it (Sigil, Calibre, LibreOffice), or give its .odt/.docx"
OPF = "{http://www.idpf.org/2007/opf}"
DC = "{http://purl.org/dc/elements/1.1/}"
CONTAINER = "{urn:oasis:names:tc:opendocument:xmlns:container}"
DOCUMENT_TYPES = ("application/xhtml+xml", "text/html")
FONT_OBFUSCATION = ("http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC")  # fonts only: not DRM
CREDIT_ROLES = ("", "aut", "trl")  # a fan e-book's maker is its translator; an illustrator or editor is not
# Line-preserving rewrites of a spine document before html.py reads it (each keeps the lines it spans).
ASIDE = re.compile(r"<(/?)aside\b", re.IGNORECASE)
NOTE_REF = re.compile(
    r"(?:<sup[^>]*>\s*)?<a\b[^>]*(?:epub:type|role)=\"[^\"]*noteref[^\"]*\"[^>]*>\s*\[?([^<\]]{1,4})\]?\s*</a>(?:\s*</sup>)?", re.IGNORECASE
)
# Word's marks as Calibre or LibreOffice convert them: a link to a place, "[1]", often in <sup>; the note's own
# paragraph opens with the same link back. Both are written "(1)", as a footnote's mark is everywhere else.
BRACKET_MARK = re.compile(
    r"(?:<sup[^>]*>\s*)?<a\b[^>]*href=\"[^\"]*#[^\"]+\"[^>]*>\s*(?:<sup[^>]*>\s*)?\[(\d{1,3}|[*†])\](?:\s*</sup>)?\s*</a>(?:\s*</sup>)?",
    re.IGNORECASE,
)
NOTE_START = re.compile(
    r"(<(?:aside|div|li|p|section)\b[^>]*(?:epub:type|role)=\"[^\"]*(?:foot|end|rear)note\b[^\"]*\"[^>]*>(?:\s*<p\b[^>]*>)?)", re.IGNORECASE
)
NOTE_ID = re.compile(r"\bid=\"([^\"]+)\"")
BACK_LINK = re.compile(r"<a\b[^>]*(?:epub:type|role)=\"[^\"]*(?:backlink|referrer)[^\"]*\"[^>]*>.*?</a>", re.IGNORECASE | re.DOTALL)


def convert_epub(data: bytes, *, display: str, limits: Limits = DEFAULT) -> tuple[list[str], Converted]:
    from pipeline.ingest.package import check_size, open_zip, parse_xml, peek, read_part, read_xml

    archive = open_zip(data, display=display, kind="an e-book (EPUB)", fix=FIX, limits=limits)
    names = set(archive.namelist())
    if "mimetype" in names and not peek(archive, "mimetype", 100).strip().startswith(b"application/epub+zip"):
        raise InputError(f"is not an e-book (its mimetype is not application/epub+zip): {FIX}", path=display)
    container = read_xml(archive, "META-INF/container.xml", display=display, fix=FIX, limits=limits)
    rootfile = container.find(f".//{CONTAINER}rootfile")
    opf_name = rootfile.get("full-path") if rootfile is not None else None
    if not opf_name:
        raise InputError(f"META-INF/container.xml names no package (.opf): {FIX}", path=display)
    opf_data = read_part(archive, opf_name, display=display, fix=FIX, limits=limits)
    package = parse_xml(opf_data, opf_name, display=display, fix=FIX)
    documents = _spine(package, posixpath.dirname(opf_name), names)
    _check_drm(archive, names, documents, display=display)
    check_size(archive, lambda name: name in documents or name == opf_name, display=display, limits=limits)
    texts = [(name, _decode(read_part(archive, name, display=display, fix=FIX, limits=limits))) for name in documents]
    opf_lines = opf_data.decode("utf-8", "replace").split("\n")
    original = opf_lines + [line for _, text in texts for line in text.split("\n")]
    out = Converted(original=original)
    _metadata(package, out)
    for number in range(1, len(opf_lines) + 1):
        if number not in out.written:
            out.drop(number, "the e-book's package (its list of files and metadata)")
    first = len(opf_lines) + 1
    for _, text in texts:
        out.blank(first)
        convert_html(_prepare(text), out, first_line=first)
        first += text.count("\n") + 1
    if not any(text.strip() for text in out.texts):
        raise InputError(f"has no text in its reading order (only pictures, or an empty spine?): {FIX}", path=display)
    return original, out


def _spine(package: etree._Element, base: str, names: set[str]) -> list[str]:
    """The archive names of the spine's documents in reading order, the navigation and contents pages left out."""
    items = {}
    for item in package.iter(f"{OPF}item"):
        href = posixpath.normpath(posixpath.join(base, unquote((item.get("href") or "").split("#")[0])))
        items[item.get("id")] = (href, item.get("media-type") or "", (item.get("properties") or "").split())
    contents = {
        posixpath.normpath(posixpath.join(base, unquote((ref.get("href") or "").split("#")[0])))
        for ref in package.iter(f"{OPF}reference")
        if (ref.get("type") or "").lower() == "toc"
    }
    documents = []
    for ref in package.iter(f"{OPF}itemref"):
        href, media, properties = items.get(ref.get("idref"), ("", "", []))
        if href in names and media in DOCUMENT_TYPES and "nav" not in properties and href not in contents and href not in documents:
            documents.append(href)
    return documents


def _check_drm(archive: zipfile.ZipFile, names: set[str], documents: list[str], *, display: str) -> None:
    """A shop's DRM encrypts the documents themselves (an obfuscated font is no matter: it is not read)."""
    from pipeline.ingest.package import peek

    locked = "META-INF/rights.xml" in names
    if "META-INF/encryption.xml" in names:
        listing = peek(archive, "META-INF/encryption.xml", 2_000_000).decode("utf-8", "replace")
        uris = {unquote(uri) for uri in re.findall(r'CipherReference[^>]*URI="([^"]+)"', listing)}
        algorithms = set(re.findall(r'EncryptionMethod[^>]*Algorithm="([^"]+)"', listing))
        locked = locked or bool(uris & set(documents)) or bool(algorithms - set(FONT_OBFUSCATION)) and bool(uris - _fonts(uris))
    if locked:
        raise InputError(
            "is protected by DRM (its text is encrypted): refsheets cannot read it; ask the translator for the file "
            "they wrote (.odt, .docx, or an .epub without DRM)",
            path=display,
        )


def _fonts(uris: set[str]) -> set[str]:
    return {uri for uri in uris if uri.lower().endswith((".ttf", ".otf", ".woff", ".woff2"))}


def _metadata(package: etree._Element, out: Converted) -> None:
    """dc:title is the title; each creator (or contributor marked 'trl') a "Traducción: NAME" line the cleaner
    credits, written at its line of the OPF."""
    roles: dict[str, str] = {}  # EPUB 3: <meta refines="#creator1" property="role">trl</meta>
    for meta in package.iter(f"{OPF}meta"):
        refines = meta.get("refines") or ""
        if meta.get("property") == "role" and refines.startswith("#"):
            roles[refines[1:]] = (meta.text or "").strip().lower()
    title = package.find(f".//{DC}title")
    out.title = tidy(title.text or "") if title is not None else ""
    if title is not None and out.title:
        out.drop(title.sourceline or 1, "the e-book's title (dc:title), the game's title")
    for element in package.iter(f"{DC}creator", f"{DC}contributor"):
        role = (element.get(f"{OPF}role") or roles.get(element.get("id") or "", "")).lower()
        name = tidy(element.text or "")
        if name and (role == "trl" or (element.tag == f"{DC}creator" and role in CREDIT_ROLES)):
            out.add(f"Traducción: {name}", element.sourceline or 1, markup="the e-book's creator (dc:creator)")
            out.blank(element.sourceline or 1)


def _decode(data: bytes) -> str:
    """An XHTML document's text: UTF-8 unless its XML declaration or byte-order mark says otherwise."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", "replace")
    declared = re.match(rb"<\?xml[^>]*encoding=[\"']([\w.-]+)", data)
    try:
        return data.decode(declared.group(1).decode("ascii") if declared else "utf-8").lstrip("\ufeff")
    except (LookupError, UnicodeDecodeError):
        return data.decode("cp1252", "replace")


def _prepare(text: str) -> str:
    """The rewrites html.py needs for an e-book's page, each keeping its lines where they were: <aside> read
    as text, a note's mark " (N)" in its sentence and its note opening "(N) "."""
    marks = {}
    for match in NOTE_REF.finditer(text):
        target = re.search(r'href="[^"#]*#([^"]+)"', match.group(0))
        if target:
            marks[target.group(1)] = tidy(match.group(1))
    text = NOTE_REF.sub(lambda match: f" ({tidy(match.group(1))})", text)
    text = BRACKET_MARK.sub(lambda match: f" ({match.group(1)})", BACK_LINK.sub("", text))

    def opening(match: re.Match[str]) -> str:
        found = NOTE_ID.search(match.group(1))
        mark = marks.get(found.group(1)) if found else None
        return match.group(1) + (f"({mark}) " if mark else "")

    return ASIDE.sub(lambda match: f"<{match.group(1)}div", NOTE_START.sub(opening, text))
