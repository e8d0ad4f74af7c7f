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


def shaded_box_pdf(title: str, lines: list[str]) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4, invariant=1)
    canvas.setFont("Helvetica", 10)
    for row in range(3):
        canvas.drawString(50, 760 - 14 * row, TEXT)
    bottom = 660 - 13 * (len(lines) - 1) - 8
    canvas.setFillGray(0.9)
    canvas.rect(45, bottom, 480, 695 - bottom, fill=1, stroke=1)
    canvas.setFillGray(0)
    canvas.setFont("Helvetica-Bold", 10)
    canvas.drawString(52, 680, title)
    canvas.setFont("Helvetica", 10)
    for row, line in enumerate(lines):
        canvas.drawString(52, 660 - 13 * row, line)
    canvas.save()
    return out.getvalue()


def test_a_boxs_short_first_line_over_a_list_or_over_the_rest_of_its_sentence_is_no_label() -> None:
    """Review of round 15: under a box's short title a numbered list keeps its first item ("1. Roba…", not
    "Pasos del turno: 1. Roba…"), and a short line whose sentence goes on in lower case is not glued to it."""
    steps = ["1. Roba una carta del mazo común.", "2. Juega una carta de tu mano.", "3. Descarta hasta tener cinco."]
    _, converted = convert_pdf(shaded_box_pdf("Pasos del turno", steps), display="raw.pdf")
    assert "Pasos del turno" in converted.texts and steps[0] in converted.texts
    rest = "se acaba, baraja el descarte y forma un mazo nuevo boca abajo."
    _, converted = convert_pdf(shaded_box_pdf("Si el mazo", [rest]), display="raw.pdf")
    assert not any(text.startswith("Si el mazo:") for text in converted.texts)
