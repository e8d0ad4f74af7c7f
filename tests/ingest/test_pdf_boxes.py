"""Round 15: a PDF's shaded box under a short title of its own ("Consejo") is the title's label and text, no section."""
from __future__ import annotations

import io

from pipeline.ingest.pdf import convert_pdf

TEXT = "Cada jugador roba dos cartas al empezar su turno y puede jugar una de ellas si quiere."
TIP = "En la primera partida, deja que juegue primero quien tenga menos cartas en la mano."


def boxed_pdf(*, framed: bool) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4, invariant=1)
    canvas.setFont("Helvetica-Bold", 16)
    canvas.drawString(50, 760, "Preparación")
    canvas.setFont("Helvetica", 10)
    for row in range(3):
        canvas.drawString(50, 730 - 14 * row, TEXT)
    if framed:
        canvas.setFillGray(0.9)
        canvas.rect(45, 610, 480, 50, fill=1, stroke=1)
        canvas.setFillGray(0)
    canvas.setFont("Helvetica-Bold", 10)
    canvas.drawString(52, 645, "Consejo")
    canvas.setFont("Helvetica", 10)
    canvas.drawString(52, 625, TIP)
    canvas.save()
    return out.getvalue()


def test_a_shaded_boxs_title_is_the_label_of_its_text_and_an_unframed_line_stays_its_own() -> None:
    _, converted = convert_pdf(boxed_pdf(framed=True), display="raw.pdf")
    assert f"Consejo: {TIP}" in converted.texts
    _, converted = convert_pdf(boxed_pdf(framed=False), display="raw.pdf")
    assert "Consejo" in converted.texts and TIP in converted.texts
