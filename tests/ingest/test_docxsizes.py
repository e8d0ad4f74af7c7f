"""A .docx without heading styles: bold paragraphs in large type are its headings, ranked by size (our own wording)."""
from __future__ import annotations

import io
import zipfile

from pipeline.ingest.docxsizes import sized_headings


def _run(text: str, half_points: int, bold: bool) -> str:
    marks = ("<w:b/>" if bold else "") + f'<w:sz w:val="{half_points}"/>'
    return f"<w:r><w:rPr>{marks}</w:rPr><w:t>{text}</w:t></w:r>"


def _docx(paragraphs: list[tuple[str, int, bool]]) -> bytes:
    body = "".join(f"<w:p>{_run(text, size, bold)}</w:p>" for text, size, bold in paragraphs)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", f"<w:document><w:body>{body}</w:body></w:document>")
    return buffer.getvalue()


BODY = "Cada jugador toma cinco fichas de su color y las deja delante de él, a la vista de todos los demás."
PARAGRAPHS = [("FASES DEL TURNO", 48, True), (BODY, 24, False), ("1. FASE DE ROBO", 36, True), (BODY, 24, False),
              ("Robo doble", 27, True), (BODY, 24, False), ("Efecto:", 24, True), ("Roba dos cartas.", 24, False)]
LINES = ["<p><strong>FASES DEL TURNO</strong></p>", f"<p>{BODY}</p>", "<p><strong>1. FASE DE ROBO</strong></p>", f"<p>{BODY}</p>",
         "<p><strong>Robo doble</strong></p>", f"<p>{BODY}</p>", "<p><strong>Efecto:</strong></p>", "<p>Roba dos cartas.</p>"]


def test_bold_paragraphs_in_large_type_are_headings_ranked_by_size_and_a_bold_lead_in_is_a_paragraph() -> None:
    assert sized_headings(_docx(PARAGRAPHS), LINES) == [
        "<h1>FASES DEL TURNO</h1>", f"<p>{BODY}</p>", "<h2>1. FASE DE ROBO</h2>", f"<p>{BODY}</p>",
        "<h3>Robo doble</h3>", f"<p>{BODY}</p>", "<p>Efecto:</p>", "<p>Roba dos cartas.</p>",
    ]


def test_without_a_heading_size_bold_paragraphs_are_left_to_the_html_reader() -> None:
    paragraphs = [(text, 24, bold) for text, _, bold in PARAGRAPHS]
    assert sized_headings(_docx(paragraphs), LINES) == LINES


def test_a_document_with_heading_styles_keeps_them() -> None:
    lines = ["<h1>Fases del turno</h1>", *LINES[1:]]
    assert sized_headings(_docx(PARAGRAPHS), lines) == lines
