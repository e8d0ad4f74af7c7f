"""A bold lead ("**Mover.** Mueve...") opens the same run-in section whichever format wrote it: a .docx, BBCode,
Markdown or HTML source of one text gives one outline."""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import pytest

from pipeline.build.stages import prepare
from pipeline.project import Project

from ..conftest import ROOT

TITLE = "La batalla del río"
# Each section's bold leads, as a fan sets them in each format: a bold phrase, then the sentence it titles.
SECTIONS = [
    ("Acciones", [("Mover.", "Mueve tu ficha hasta dos casillas en línea recta."),
                  ("Atacar.", "Elige una ficha enemiga adyacente y tira un dado."),
                  ("Descansar.", "Recupera dos puntos de vida y termina tu turno.")]),
    ("Final de la partida", [("Victoria.", "Gana el primer jugador que llegue a diez puntos.")]),
]
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
PACKAGE = "http://schemas.openxmlformats.org/package/2006"
WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"


def _run(text: str, *, bold: bool = False, size: int = 0) -> str:
    props = ("<w:b/>" if bold else "") + (f'<w:sz w:val="{size}"/>' if size else "")
    return f'<w:r>{f"<w:rPr>{props}</w:rPr>" if props else ""}<w:t xml:space="preserve">{escape(text)}</w:t></w:r>'


def _docx() -> bytes:
    """A Word file with direct formatting only: a large bold title, bold headings, paragraphs opening in bold."""
    paragraphs = [_run(TITLE, bold=True, size=40)]
    for heading, leads in SECTIONS:
        paragraphs += [_run(heading, bold=True, size=28)] + [_run(lead, bold=True) + _run(" " + text) for lead, text in leads]
    body = "".join(f"<w:p>{runs}</w:p>" for runs in paragraphs)
    parts = {
        "[Content_Types].xml": f'<Types xmlns="{PACKAGE}/content-types"><Default Extension="rels" '
        f'ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/word/document.xml" ContentType="{WORD}"/></Types>',
        "_rels/.rels": f'<Relationships xmlns="{PACKAGE}/relationships"><Relationship Id="rId1" Target="word/document.xml" '
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/></Relationships>',
        "word/document.xml": f"<w:document {W}><w:body>{body}</w:body></w:document>",
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, xml in parts.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), '<?xml version="1.0" encoding="UTF-8"?>' + xml)
    return out.getvalue()


def _bbcode() -> bytes:
    """A forum post: sized headings, each lead on the line under it, no blank line between them."""
    lines = [f"[size=150][b]{TITLE}[/b][/size]", ""]
    for heading, leads in SECTIONS:
        lines += [f"[size=150][b]{heading}[/b][/size]", *(f"[b]{lead}[/b] {text}" for lead, text in leads), ""]
    return "\n".join(lines).encode()


def _markdown() -> bytes:
    """Markdown as people type it: the first lead right under its heading, a blank line between the others."""
    lines = [f"# {TITLE}", ""]
    for heading, leads in SECTIONS:
        lines += [f"## {heading}", "\n\n".join(f"**{lead}** {text}" for lead, text in leads), ""]
    return "\n".join(lines).encode()


def _html() -> bytes:
    body = "".join(f"<h2>{h}</h2>" + "".join(f"<p><b>{lead}</b> {text}</p>" for lead, text in leads) for h, leads in SECTIONS)
    return f"<html><body><h1>{TITLE}</h1>{body}</body></html>".encode()


def _outline(tmp_path: Path, name: str, data: bytes) -> list[tuple[str, str | None, list[str]]]:
    """(title, parent's title, blocks) of each section the source splits into."""
    for folder in ("glossaries", "templates"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    source = tmp_path / "sources" / "batalla"
    source.mkdir(parents=True)
    (source / name).write_bytes(data)
    _, _, document = prepare(Project(tmp_path), "batalla")
    titles = {section.id: section.title for section in document.sections}
    return [(s.title, titles.get(s.parent or ""), [block.text for block in s.blocks]) for s in document.sections]


@pytest.mark.parametrize("name, make", [("raw.docx", _docx), ("raw.txt", _bbcode), ("raw.md", _markdown), ("raw.html", _html)],
                         ids=["docx", "bbcode", "markdown", "html"])
def test_a_bold_lead_is_the_same_run_in_section_in_every_format(tmp_path: Path, name: str, make) -> None:
    outline = _outline(tmp_path, name, make())
    expected = [(TITLE, None, [])]
    for heading, leads in SECTIONS:
        expected += [(heading, None, [])] + [(lead.rstrip("."), heading, [text]) for lead, text in leads]
    assert outline == expected
