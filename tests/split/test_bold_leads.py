"""A bold lead ("**Mover.** Mueve...") opens the same run-in section whichever format wrote it: a .docx, BBCode,
Markdown or HTML source of one text gives one outline; a list item's bold lead is kept for the sheet from each of them."""

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


def _bold(lead: str, outside: bool) -> tuple[str, str]:
    """(bold words, what follows them in plain type): "Mover." whole in bold, or "**Mover**." with its stop outside."""
    return (lead[:-1], lead[-1]) if outside else (lead, "")


def _run(text: str, *, bold: bool = False, size: int = 0) -> str:
    props = ("<w:b/>" if bold else "") + (f'<w:sz w:val="{size}"/>' if size else "")
    return f'<w:r>{f"<w:rPr>{props}</w:rPr>" if props else ""}<w:t xml:space="preserve">{escape(text)}</w:t></w:r>'


def _docx(outside: bool = False) -> bytes:
    """A Word file with direct formatting only: a large bold title, bold headings, paragraphs opening in bold."""
    paragraphs = [_run(TITLE, bold=True, size=40)]
    for heading, leads in SECTIONS:
        paragraphs += [_run(heading, bold=True, size=28)]
        paragraphs += [_run(bold, bold=True) + _run(f"{after} {text}")
                       for (bold, after), text in ((_bold(lead, outside), text) for lead, text in leads)]
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


def _bbcode(outside: bool = False) -> bytes:
    """A forum post: sized headings, each lead on the line under it, no blank line between them."""
    lines = [f"[size=150][b]{TITLE}[/b][/size]", ""]
    for heading, leads in SECTIONS:
        lines += [f"[size=150][b]{heading}[/b][/size]", *("[b]{}[/b]{} {}".format(*_bold(lead, outside), text) for lead, text in leads), ""]
    return "\n".join(lines).encode()


def _markdown(outside: bool = False) -> bytes:
    """Markdown as people type it: the first lead right under its heading, a blank line between the others."""
    lines = [f"# {TITLE}", ""]
    for heading, leads in SECTIONS:
        lines += [f"## {heading}", "\n\n".join("**{}**{} {}".format(*_bold(lead, outside), text) for lead, text in leads), ""]
    return "\n".join(lines).encode()


def _html(outside: bool = False) -> bytes:
    body = "".join(f"<h2>{h}</h2>" + "".join("<p><b>{}</b>{} {}</p>".format(*_bold(lead, outside), text) for lead, text in leads)
                   for h, leads in SECTIONS)
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
@pytest.mark.parametrize("outside", [False, True], ids=["stop-in-bold", "stop-after-bold"])
def test_a_bold_lead_is_the_same_run_in_section_in_every_format(tmp_path: Path, name: str, make, outside: bool) -> None:
    """"**Mover.** Mueve…" and "**Mover**. Mueve…" (the stop outside the bold) are one run-in heading, in every format."""
    outline = _outline(tmp_path, name, make(outside))
    expected = [(TITLE, None, [])]
    for heading, leads in SECTIONS:
        expected += [(heading, None, [])] + [(lead.rstrip("."), heading, [text]) for lead, text in leads]
    assert outline == expected


# A numbered list whose items open with a bold lead: no heading (an item never is one), but the lead is kept.
STEPS = [("Robar.", "Roba dos cartas del mazo."), ("Comerciar.", "Compra o vende una carta."), ("Descartar.", "Quédate con cinco cartas.")]
INTRO = "En tu turno haz estos pasos en orden:"


def _steps_docx(outside: bool = False) -> bytes:
    numbered = '<w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>'
    items = [f"<w:p>{numbered}{_run(bold, bold=True)}{_run(f'{after} {text}')}</w:p>"
             for (bold, after), text in ((_bold(lead, outside), text) for lead, text in STEPS)]
    body = "".join([f"<w:p>{_run(TITLE, bold=True, size=40)}</w:p>", f"<w:p>{_run('Turno', bold=True, size=28)}</w:p>",
                    f"<w:p>{_run(INTRO)}</w:p>", *items])
    numbering = (f"<w:numbering {W}><w:abstractNum w:abstractNumId=\"0\"><w:lvl w:ilvl=\"0\"><w:start w:val=\"1\"/><w:numFmt "
                 'w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/>'
                 "</w:num></w:numbering>")
    rels = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    parts = {
        "[Content_Types].xml": f'<Types xmlns="{PACKAGE}/content-types"><Default Extension="rels" '
        f'ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/word/document.xml" ContentType="{WORD}"/><Override PartName="/word/numbering.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>',
        "_rels/.rels": f'<Relationships xmlns="{PACKAGE}/relationships"><Relationship Id="rId1" Target="word/document.xml" '
        f'Type="{rels}/officeDocument"/></Relationships>',
        "word/_rels/document.xml.rels": f'<Relationships xmlns="{PACKAGE}/relationships"><Relationship Id="rId1" '
        f'Target="numbering.xml" Type="{rels}/numbering"/></Relationships>',
        "word/document.xml": f"<w:document {W}><w:body>{body}</w:body></w:document>",
        "word/numbering.xml": numbering,
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, xml in parts.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), '<?xml version="1.0" encoding="UTF-8"?>' + xml)
    return out.getvalue()


def _steps_bbcode(outside: bool = False) -> bytes:
    items = "".join("[*][b]{}[/b]{} {}\n".format(*_bold(lead, outside), text) for lead, text in STEPS)
    return f"[size=150][b]{TITLE}[/b][/size]\n\n[size=130][b]Turno[/b][/size]\n{INTRO}\n[list=1]\n{items}[/list]\n".encode()


def _steps_markdown(outside: bool = False) -> bytes:
    items = "".join("{}. **{}**{} {}\n".format(n, *_bold(lead, outside), text) for n, (lead, text) in enumerate(STEPS, start=1))
    return f"# {TITLE}\n\n## Turno\n\n{INTRO}\n\n{items}".encode()


def _steps_html(outside: bool = False) -> bytes:
    items = "".join("<li><strong>{}</strong>{} {}</li>".format(*_bold(lead, outside), text) for lead, text in STEPS)
    return f"<html><body><h1>{TITLE}</h1><h2>Turno</h2><p>{INTRO}</p><ol>{items}</ol></body></html>".encode()


@pytest.mark.parametrize("name, make", [("raw.docx", _steps_docx), ("raw.txt", _steps_bbcode), ("raw.md", _steps_markdown),
                                         ("raw.html", _steps_html)], ids=["docx", "bbcode", "markdown", "html"])
@pytest.mark.parametrize("outside", [False, True], ids=["stop-in-bold", "stop-after-bold"])
def test_a_list_items_bold_lead_is_kept_for_the_sheet_in_every_format(tmp_path: Path, name: str, make, outside: bool) -> None:
    """issue 25: '1. **Robar.** Roba dos cartas' lost its bold: an item's text keeps its words only, so the lead
    travels beside it (Block.lead), the same from every format; the items stay numbered items, no headings."""
    for folder in ("glossaries", "templates"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    source = tmp_path / "sources" / "batalla"
    source.mkdir(parents=True)
    (source / name).write_bytes(make(outside))
    _, _, document = prepare(Project(tmp_path), "batalla")
    items = [block for section in document.sections for block in section.blocks if block.kind == "item"]
    assert [(block.marker, block.text, block.lead) for block in items] == [
        (str(n), f"{lead} {text}", lead) for n, (lead, text) in enumerate(STEPS, start=1)]


def test_a_list_items_bold_lead_is_printed_bold_and_a_plain_one_is_not(tmp_path: Path) -> None:
    import pdfplumber
    from click.testing import CliRunner

    from pipeline.cli import main

    for folder in ("glossaries", "templates"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    for game, text in (("negrita", _steps_markdown()), ("llano", _steps_markdown().replace(b"**", b""))):
        (tmp_path / "sources" / game).mkdir(parents=True)
        (tmp_path / "sources" / game / "raw.md").write_bytes(text)
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "build"])
    assert result.exit_code == 0, result.output
    for game, bold in (("negrita", True), ("llano", False)):
        with pdfplumber.open(tmp_path / "output" / game / f"{game}-quickref.pdf") as pdf:
            words = {word["text"]: word["fontname"] for word in pdf.pages[0].extract_words(extra_attrs=["fontname"])}
        for lead, text in STEPS:
            assert words[lead].endswith("-Bold") is bold, (game, lead, words[lead])
            assert not words[text.split()[0]].endswith("-Bold"), (game, text)


def test_a_typed_bold_lead_with_its_stop_outside_is_the_same_run_in_heading() -> None:
    """A text typed with Markdown's marks but read as plain text: "**Comprar**. Paga…" is "**Comprar.** Paga…"."""
    from pipeline.structure import SplitOptions
    from pipeline.structure.styles import bold_run_in

    for written in ("**Comprar.** Paga dos monedas.", "**Comprar**. Paga dos monedas."):
        heading = bold_run_in(written, SplitOptions())
        assert heading is not None and (heading.title, heading.rest) == ("Comprar", "Paga dos monedas."), written
    assert bold_run_in("**Comprar**... Paga dos monedas.", SplitOptions()) is None  # an ellipsis is no stop
