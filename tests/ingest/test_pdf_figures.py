"""issue 22: the labels set around a PDF's drawn figures (names beside drawn cards) are left out and reported,
while a heading beside its section's icon stays (pipeline/ingest/pdffigures.py)."""
from __future__ import annotations

import io

from pipeline.ingest.pdf import convert_pdf

BODY = "Cada jugador roba dos cartas al empezar su turno y juega una de ellas."


def _picture():
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    return ImageReader(Image.new("RGB", (20, 30), (120, 60, 40)))


def _pdf(draw) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=A4, invariant=1)
    draw(page)
    page.showPage()
    page.save()
    return out.getvalue()


def _diagram(page, *, labels: bool = True) -> None:
    page.setFont("Helvetica-Bold", 16)
    page.drawString(60, 780, "Ataque")
    page.setFont("Helvetica", 10)
    page.drawString(60, 760, BODY)
    card = _picture()
    page.drawImage(card, 100, 600, width=60, height=90)
    page.drawImage(card, 260, 600, width=60, height=90)
    page.setFont("Helvetica", 12)
    page.drawString(105, 700, "Jugador")
    page.drawString(265, 700, "Oponente")
    if labels:
        page.drawString(105, 585, "Arquero")
        page.drawString(265, 585, "Caballero")
    page.setFont("Helvetica", 10)
    page.drawString(60, 540, "El defensor pierde tantas vidas como indique la carta.")


def _texts(data: bytes) -> tuple[list[str], dict[str, str]]:
    original, converted = convert_pdf(data, display="raw.pdf")
    dropped = {original[line - 1]: record.reason for line, record in converted.records.items() if record.action.name == "DROP"}
    return [text for text in converted.texts if text], dropped


def test_the_labels_around_a_drawn_figure_are_left_out_and_reported() -> None:
    texts, dropped = _texts(_pdf(_diagram))
    for label in ("Jugador", "Oponente", "Arquero", "Caballero"):
        assert label not in " ".join(texts)
        assert "label of a drawn figure" in dropped[label]
    assert BODY in texts and "El defensor pierde tantas vidas como indique la carta." in texts


def test_two_short_lines_by_pictures_are_not_a_labelled_figure() -> None:
    texts, _ = _texts(_pdf(lambda page: _diagram(page, labels=False)))
    assert "Jugador" in " ".join(texts) and "Oponente" in " ".join(texts)


def test_a_heading_beside_its_sections_icon_stays() -> None:
    """A player aid's sections, each headed by a name with an icon beside it: lone pictures, far apart."""

    def sections(page) -> None:
        icon = _picture()
        for number, name in enumerate(("Movimiento", "Combate", "Magia", "Comercio")):
            top = 780 - number * 170
            page.drawImage(icon, 60, top - 4, width=20, height=20)
            page.setFont("Helvetica-Bold", 14)
            page.drawString(86, top, name)
            page.setFont("Helvetica", 10)
            for row in range(6):
                page.drawString(60, top - 22 - 14 * row, BODY)

    texts, dropped = _texts(_pdf(sections))
    assert not [reason for reason in dropped.values() if "figure" in reason]
    assert all(any(name in text for text in texts) for name in ("Movimiento", "Combate", "Magia", "Comercio"))
