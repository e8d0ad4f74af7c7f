"""A PDF's headings are its larger type (issue 22): by its letters' size, a wrapped heading as one, a passage set large as text."""
from __future__ import annotations

import io

from pipeline.ingest.pdf import convert_pdf


def rulebook_pdf() -> bytes:
    """A page as a designed rulebook sets it: a chapter heading, steps with their numbers set large, a card's
    heading wrapped over two lines, and a reminder set in large type over four lines."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    page = Canvas(out, pagesize=A4, invariant=1)
    y = 780.0

    def line(text: str, size: float, font: str = "Helvetica", number: str = "") -> None:
        nonlocal y
        page.setFont("Helvetica-Bold", 32)
        if number:
            page.drawString(60, y, number)
        page.setFont(font, size)
        page.drawString(90 if number else 60, y, text)
        y -= size * 1.4 + (16 if number else 0)

    line("PREPARACIÓN", 30, "Helvetica-Bold")
    line("Baraja las cartas y reparte siete a cada jugador.", 11, number="1")
    line("Deja el mazo boca abajo en el centro de la mesa.", 11, number="2")
    for text in ("Cada jugador empieza con una carta de defensa", "y la guarda en secreto hasta que la necesite.") * 3:
        line(text, 11)
    line("mkdir backup", 20, "Helvetica-Bold")
    line("DESACTIVACIÓN", 20, "Helvetica-Bold")
    line("Si robas una bomba, juega esta carta para evitar perder.", 11)
    for text in ("Juega tan pocas o tantas", "cartas como quieras, y", "después roba una carta", "para terminar tu turno."):
        line(text, 14)
    page.showPage()
    page.save()
    return out.getvalue()


def test_larger_type_is_a_heading_by_its_letters_and_one_heading_however_wrapped() -> None:
    _, converted = convert_pdf(rulebook_pdf(), display="raw.pdf")
    headings = [text for text in converted.texts if text.startswith("#")]
    # The step numbers set in 32 pt make no heading of their steps; the card's two lines are one heading; the
    # reminder in 14 pt is four lines of text (17 words: more than a heading holds).
    assert headings == ["# PREPARACIÓN", "## mkdir backup DESACTIVACIÓN"]
    assert "Juega tan pocas o tantas" in converted.texts
    assert "1 Baraja las cartas y reparte siete a cada jugador." in converted.texts


def test_a_heading_wrapped_over_lines_keeps_the_lines_it_came_from() -> None:
    original, converted = convert_pdf(rulebook_pdf(), display="raw.pdf")
    at = converted.texts.index("## mkdir backup DESACTIVACIÓN")
    first = converted.origins[at]
    assert (original[first - 1], original[first]) == ("mkdir backup", "DESACTIVACIÓN")
    # the later line is accounted for in the cleaning report: written with the first
    assert converted.spread[first + 1].reason == f"heading (type 20 pt) written at line {first}"
