"""Letter-spaced words ("h o r i z o n t a l") made whole, in a PDF and in a text copied out of one; one-letter
words and variables left apart."""
from __future__ import annotations

import io

import pytest

from pipeline.ingest.artefacts import repair
from pipeline.ingest.pdf import convert_pdf
from pipeline.ingest.spacing import join_letter_spaced


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("la ficha se gira en v e r t i c a l .", "la ficha se gira en vertical."),
        ("Coloca la carta en h o r i z o n t a l, boca abajo.", "Coloca la carta en horizontal, boca abajo."),
        ("C U I D A D O con el dragón", "CUIDADO con el dragón"),
        ("roba una y v e r t i c a l o no", "roba una y vertical o no"),  # the "y" before it is a word of its own
        # Unchanged: Spanish one-letter words, variables, grid letters, dice, mixed case.
        ("las acciones x e y o z", "las acciones x e y o z"),
        ("elige A o B y luego C", "elige A o B y luego C"),
        ("o y e", "o y e"),
        ("resultado M O G", "resultado M O G"),
        ("casillas a, b, c", "casillas a, b, c"),
        ("tira 3 d 6", "tira 3 d 6"),
        ("ya", "ya"),
    ],
)
def test_letter_spaced_words(text: str, expected: str) -> None:
    assert join_letter_spaced(text) == expected


def test_a_pasted_text_says_what_it_joined() -> None:
    texts, _, records = repair(["Gira la carta.", "Queda en h o r i z o n t a l hasta tu turno."]) or ([], [], [])
    assert texts == ["Gira la carta.", "Queda en horizontal hasta tu turno."]
    assert [(record.line, record.reason) for record in records] == [(2, "letter-spaced word made whole")]


def spaced_pdf() -> bytes:
    """A PDF whose emphasis is set with spaces between the letters, as a designed PDF may set it."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4, invariant=1)
    canvas.setFont("Helvetica", 11)
    canvas.drawString(72, 700, "El guerrero herido se coloca por debajo y en h o r i z o n t a l .")
    canvas.drawString(72, 686, "Elige entre las cartas A o B y roba una.")
    canvas.save()
    return out.getvalue()


def test_a_pdf_letter_spaced_word_is_made_whole_and_reported() -> None:
    _, converted = convert_pdf(spaced_pdf(), display="raw.pdf")
    texts = [text for text in converted.texts if text]
    assert "El guerrero herido se coloca por debajo y en horizontal." in texts
    assert "Elige entre las cartas A o B y roba una." in texts
    assert any("letter-spaced word made whole" in record.reason for record in converted.records.values())
