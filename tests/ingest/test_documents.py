""".odt, .epub and .rtf sources: what each reader makes of a document's parts, and a clear error (never a
traceback) for a damaged, foreign, encrypted, empty or oversized file."""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.errors import InputError
from pipeline.ingest import read_source
from pipeline.ingest.limits import Limits
from pipeline.model import RawText

from ..formats_cases import materialise

ODT_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"'
)

TEXT_MIME = "application/vnd.oasis.opendocument.text"


def _zip(parts: dict[str, str | bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _odt(body: str, **extra: str) -> bytes:
    content = (
        f'<?xml version="1.0"?><office:document-content {ODT_NS}>'
        f"<office:body><office:text>{body}</office:text></office:body></office:document-content>"
    )
    return _zip({"mimetype": TEXT_MIME, "content.xml": content, **extra})


def _read(tmp_path: Path, name: str, data: bytes) -> RawText:
    (tmp_path / name).write_bytes(data)
    return read_source(tmp_path / name, game="juego", display=f"sources/juego/{name}")


def _refused(tmp_path: Path, name: str, data: bytes, message: str) -> None:
    with pytest.raises(InputError, match=message) as error:
        _read(tmp_path, name, data)
    assert str(error.value).startswith(f"sources/juego/{name}: ")


# --- what the readers make ------------------------------------------------------------------------------


def test_an_odt_numbered_list_keeps_its_numbers_and_a_heading_its_level(tmp_path: Path) -> None:
    styles = (
        f'<office:document-styles {ODT_NS}><office:automatic-styles><text:list-style style:name="L1">'
        '<text:list-level-style-number text:level="1"/></text:list-style></office:automatic-styles></office:document-styles>'
    )
    body = (
        '<text:h text:outline-level="2">El turno</text:h><text:list text:style-name="L1">'
        "<text:list-item><text:p>Roba una carta.</text:p></text:list-item>"
        "<text:list-item><text:p>Juega una carta.</text:p></text:list-item>"
        "</text:list>"
    )
    raw = _read(tmp_path, "raw.odt", _odt(body, **{"styles.xml": styles}))
    assert raw.text.split("\n")[:4] == ["## El turno", "", "1) Roba una carta.", "2) Juega una carta."]
    assert raw.format == "odt"


def test_an_odt_with_hand_edited_numbers_is_read_not_refused(tmp_path: Path) -> None:
    """An outline level or a space count that is no number ("dos") falls back to the default, no traceback."""
    body = '<text:h text:outline-level="dos">Preparación</text:h><text:p>Roba<text:s text:c="x"/>una carta.</text:p>'
    assert _read(tmp_path, "raw.odt", _odt(body)).text.split("\n")[:3] == ["# Preparación", "", "Roba una carta."]


@pytest.mark.parametrize(
    ("rtf", "text"),
    [
        (r"{\rtf1\ansi\ansicpg1252 Preparaci\'f3n: \'bfc\'f3mo? \'a1S\'ed!\par}", "Preparación: ¿cómo? ¡Sí!"),
        (r"{\rtf1\ansi\uc1 Ca\u241?a y pi\u241\'f1a\par}", "Caña y piña"),  # the fallback after \uN is skipped
        (r"{\rtf1\ansi\uc2 a\u8364\'80\'80 b\par}", "a€ b"),  # \uc2: two fallback bytes
        (r"{\rtf1\ansi\uc0 \u-3997  x\par}", "\uf063 x"),  # a negative \uN is its 16-bit value (one space ends the word)
        (r"{\rtf1\pca Acci\'a2n\par}", "Acción"),  # a DOS file: code page 850
        (r"{\rtf1\ansi{\*\unknown hidden}{\fonttbl{\f0 Arial;}}Texto {\b en negrita} y \{llaves\}\par}", "Texto en negrita y {llaves}"),
    ],
    ids=["ansicpg", "unicode", "uc2", "negative", "dos", "destinations"],
)
def test_rtf_text_is_decoded_as_rtf_says(rtf: str, text: str, tmp_path: Path) -> None:
    assert _read(tmp_path, "raw.rtf", rtf.encode("latin-1")).text.strip() == text


def test_an_rtf_link_keeps_its_text_and_gives_its_address(tmp_path: Path) -> None:
    rtf = rb'{\rtf1\ansi Reglas en {\field{\*\fldinst {HYPERLINK "https://example.org/reglas.pdf"}}{\fldrslt {\ul el PDF}}}.\par}'
    raw = _read(tmp_path, "raw.rtf", rtf)
    assert raw.text.strip() == "Reglas en el PDF." and raw.links == (("https://example.org/reglas.pdf",) * 2,)


def test_an_xhtml_page_with_an_xml_declaration_keeps_its_structure(tmp_path: Path) -> None:
    """lxml refuses a decoded text that declares an encoding; the page was read as bare text, headings lost."""
    page = '<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body>\n<h2>Preparación</h2>\n<p>Roba.</p>\n</body></html>\n'
    raw = _read(tmp_path, "raw.html", page.encode())
    assert raw.text.split("\n")[:3] == ["## Preparación", "", "Roba."] and raw.origin(1) == 3


def test_every_new_case_builds_from_its_document_alone(tmp_path: Path) -> None:
    """The fixtures' documents are read as they are: the source name follows the suffix."""
    for case, name in (("odt-writer", "raw.odt"), ("epub-sigil", "raw.epub"), ("rtf-word", "raw.rtf")):
        folder = materialise(case, tmp_path / case / "sources")
        assert (folder / name).is_file()
        assert read_source(folder / name, game=case, display=name).format == name[4:]


# --- what is refused, and how -----------------------------------------------------------------------------

BROKEN_ZIP = b"PK\x03\x04" + b"\x00" * 40


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("raw.odt", BROKEN_ZIP, "is not an OpenDocument text \\(not a zip archive, or a damaged one\\): open it in LibreOffice"),
        ("raw.epub", b"hello", "is not an e-book \\(EPUB\\) \\(not a zip archive"),
        ("raw.odt", _zip({"word/document.xml": "<w:document/>"}), "is a Word document, not an OpenDocument text: rename it raw.docx"),
        ("raw.odt", _zip({"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<x/>"}), "is a spreadsheet"),
        ("raw.odt", _zip({"notes.txt": "hola"}), "no content.xml inside"),
        ("raw.odt", _zip({"mimetype": TEXT_MIME, "content.xml": "<office:document-content"}), "content.xml inside it is damaged"),
        ("raw.odt", _odt(""), "has no text"),
        ("raw.odt", _odt("<text:p/><text:soft-page-break/>"), "has no text"),
        ("raw.epub", _zip({"mimetype": "application/epub+zip"}), "has no META-INF/container.xml inside"),
        ("raw.epub", _zip({"mimetype": "application/zip", "x": ""}), "is not an e-book \\(its mimetype"),
        ("raw.rtf", b"Esto no es RTF", "is not an RTF file \\(it does not start with"),
        ("raw.rtf", rb"{\rtf1\ansi{\fonttbl{\f0 Arial;}}{\pict 89504e47}\par}", "has no text"),
    ],
    ids=["damaged-odt", "not-zip-epub", "docx-as-odt", "ods", "no-content", "bad-xml", "empty-odt", "blank-odt",
         "no-container", "wrong-mimetype", "not-rtf", "empty-rtf"],
)
def test_a_bad_document_is_an_input_error_naming_it(name: str, data: bytes, message: str, tmp_path: Path) -> None:
    _refused(tmp_path, name, data, message)


def test_an_encrypted_odt_says_how_to_save_it_without_a_password(tmp_path: Path) -> None:
    manifest = (
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
        '<manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data manifest:checksum="x"/></manifest:file-entry>'
        "</manifest:manifest>"
    )
    data = _zip({"mimetype": TEXT_MIME, "content.xml": b"\x8f\x01 encrypted", "META-INF/manifest.xml": manifest})
    _refused(tmp_path, "raw.odt", data, "is protected by a password: .*save a copy without one")


def test_an_epub_with_drm_is_refused_and_an_obfuscated_font_is_not(tmp_path: Path) -> None:
    folder = materialise("epub-sigil", tmp_path / "sources")
    with zipfile.ZipFile(folder / "raw.epub") as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    assert b"2008/embedding" in parts["META-INF/encryption.xml"]  # the case's own: a font, read past
    locked = parts["META-INF/encryption.xml"].replace(b"http://www.idpf.org/2008/embedding", b"http://www.w3.org/2001/04/xmlenc#aes128-cbc")
    locked = locked.replace(b"OEBPS/Fonts/Letra.otf", b"OEBPS/Text/capitulo1.xhtml")
    _refused(tmp_path, "raw.epub", _zip({**parts, "META-INF/encryption.xml": locked}), "is protected by DRM")


@pytest.mark.parametrize(
    ("case", "limit", "message"),
    [
        ("odt-writer", "xml_bytes", "bytes of document XML: longer than one game's rules"),
        ("epub-calibre", "xml_bytes", "bytes of document XML: longer than one game's rules"),
        ("rtf-wordpad", "rtf_bytes", "bytes of RTF: longer than one game's rules"),
    ],
    ids=["odt", "epub", "rtf"],
)
def test_a_huge_document_is_refused_before_it_is_parsed(case: str, limit: str, message: str, tmp_path: Path) -> None:
    folder = materialise(case, tmp_path / "sources")
    source = next(folder.glob("raw.*"))
    with pytest.raises(InputError, match=message):
        read_source(source, game=case, display=source.name, limits=Limits(**{limit: 1000}))


@pytest.mark.parametrize(
    ("limit", "message"),
    [("characters", "more than 50 characters of text"), ("rtf_tokens", "more than 50 RTF control words and runs")],
)
def test_an_rtf_stops_being_read_at_the_limits(limit: str, message: str) -> None:
    """Reading costs per word of text and control word, not per byte: it stops as soon as either is past its
    limit (30 MB of text would take half a minute to read, and then be refused)."""
    from pipeline.ingest.rtf import convert_rtf

    rtf = b"{\\rtf1\\ansi " + b"\\b Roba una carta.\\b0\\par " * 40 + b"}"
    with pytest.raises(InputError, match=message):
        convert_rtf(rtf, display="raw.rtf", limits=Limits(**{limit: 50}))


def test_a_zip_that_lies_about_its_sizes_is_held_to_the_limit() -> None:
    """The sizes in a zip's directory are its own word: reading stops at the limit whatever they say."""
    from pipeline.ingest.package import read_part

    archive = zipfile.ZipFile(io.BytesIO(_zip({"content.xml": "<x>" + "a" * 5000 + "</x>"})))
    with pytest.raises(InputError, match="more than 1,000 bytes of document XML"):
        read_part(archive, "content.xml", display="raw.odt", fix="", limits=Limits(xml_bytes=1000))


def test_a_damaged_document_stops_its_game_only(tmp_path: Path) -> None:
    """Through the command line: exit 2, the file named, no traceback; the other game still builds."""
    root = tmp_path / "project"
    for folder in ("glossaries", "templates"):
        shutil.copytree(Path(__file__).resolve().parents[2] / folder, root / folder)
    materialise("rtf-wordpad", root / "sources")
    (root / "sources" / "roto").mkdir()
    (root / "sources" / "roto" / "raw.odt").write_bytes(BROKEN_ZIP)
    result = CliRunner().invoke(main, ["--root", str(root), "build"])
    assert result.exit_code == 2, result.output
    assert "sources/roto/raw.odt: is not an OpenDocument text" in result.output and "Traceback" not in result.output
    assert (root / "output" / "rtf-wordpad" / "rtf-wordpad-quickref.pdf").is_file()


def test_a_site_banner_is_page_furniture_and_the_posts_own_header_stays(tmp_path: Path) -> None:
    """A built blog page's <header role="banner">: the site's name and slogan as <h1>/<h2>, no heading of the text."""
    page = (
        '<html><body>\n<header role="banner"><hgroup>\n<h1><a href="/">Naipes del Sur</a></h1>\n'
        '<h2>Juegos de baraja para el móvil</h2>\n</hgroup></header>\n<article><header>\n'
        '<h1 class="entry-title">Reglas del mus</h1>\n</header>\n<h2>Preparación</h2>\n<p>Reparte cuatro cartas.</p>\n'
        '</article></body></html>\n'
    )
    raw = _read(tmp_path, "raw.html", page.encode())
    assert "Naipes del Sur" not in raw.text and "para el móvil" not in raw.text
    assert "Reglas del mus" in raw.text and "## Preparación" in raw.text
    assert {record.line: record.reason for record in raw.markup}[3] == "markup: page furniture (<header>)"


def test_a_posts_date_alone_in_its_paragraph_is_page_furniture(tmp_path: Path) -> None:
    page = (
        '<html><body><article>\n<h1>Reglas del tute</h1>\n<p class="meta">\n<time datetime="2019-02-01">1 Febrero 2019</time>\n</p>\n'
        '<p>Se juega con la baraja española. La partida dura <time datetime="PT30M">media hora</time>.</p>\n</article></body></html>\n'
    )
    raw = _read(tmp_path, "raw.html", page.encode())
    assert "Febrero" not in raw.text and "dura media hora." in raw.text
    assert {record.line: record.reason for record in raw.markup}[4] == "markup: page furniture (<time>)"


def test_a_row_of_short_links_to_other_pages_is_the_sites_menu_whatever_its_class(tmp_path: Path) -> None:
    page = (
        '<html><body>\n<div class="cabecera"><a href="/">Dado Azul</a> <a href="/resenas">Reseñas</a>'
        ' <a href="/contacto">Contacto</a></div>\n<h1>Reglas del tute</h1>\n<p>Lee las <a href="#fin">reglas del final</a>,'
        ' <a href="/mus">del mus</a> o <a href="/brisca">de la brisca</a> antes de jugar.</p>\n</body></html>\n'
    )
    raw = _read(tmp_path, "raw.html", page.encode())
    assert "Reseñas" not in raw.text and "Contacto" not in raw.text
    assert "antes de jugar." in raw.text  # links inside a sentence are the text's
    assert {record.line: record.reason for record in raw.markup}[2] == "markup: page furniture (<menu>)"
