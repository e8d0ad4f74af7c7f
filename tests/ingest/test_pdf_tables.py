"""issue 25: a PDF's tables and bulleted lists reach the sheet whole (pdfminer's layout, read into rows and items)."""
from __future__ import annotations

import io
import shutil
from pathlib import Path

from click.testing import CliRunner

from pipeline.cli import main
from pipeline.ingest.pdf import convert_pdf

from ..conftest import ROOT
from ..golden_cases import pdf_text

CROPS = [("Flor de eclipse", "2", "5"), ("Calabaza lunar", "3", "4"), ("Trigo de plata", "4", "8")]
STEPS = ["Roba una carta de semilla.", "Mueve tu marcador de puntos.", "Descarta el cultivo cosechado."]


def huerto_pdf(*, bullet: str | None = None) -> bytes:
    """A plain PDF as a word processor makes one: a heading, a 3 x 4 table with a header row, a three-item list."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import ListFlowable, ListItem, Paragraph, SimpleDocTemplate, Table

    styles = getSampleStyleSheet()
    out = io.BytesIO()
    story = [
        Paragraph("Huerto lunar", styles["Title"]),
        Paragraph("Tipos de cultivo", styles["Heading2"]),
        Paragraph("Cada cultivo tarda unas noches en crecer y da puntos al cosecharlo.", styles["BodyText"]),
        Table([["Cultivo", "Noches", "Puntos"], *[list(crop) for crop in CROPS]]),
        Paragraph("Cosecha", styles["Heading2"]),
        Paragraph("Al cosechar un cultivo, haz estas tres cosas en orden:", styles["BodyText"]),
        # reportlab's default bullet is a ZapfDingbats glyph pdfminer reads as '(cid:127)'; `bullet` draws that character instead.
        ListFlowable([ListItem(Paragraph(step, styles["BodyText"])) for step in STEPS], bulletType="bullet",
                     **({"start": bullet, "bulletFontName": "Helvetica"} if bullet else {})),
        Paragraph("Después pasa el turno al jugador de tu izquierda.", styles["BodyText"]),
    ]
    SimpleDocTemplate(out, pagesize=A4, invariant=1, title="Huerto lunar", author="Prueba").build(story)
    return out.getvalue()


def test_a_pdf_table_becomes_rows_and_its_bullets_items() -> None:
    _, converted = convert_pdf(huerto_pdf(), display="raw.pdf")
    texts = [text for text in converted.texts if text]
    start = texts.index("Cultivo | Noches | Puntos")
    assert texts[start + 1 : start + 4] == [" | ".join(crop) for crop in CROPS]
    assert [text for text in texts if text.startswith("- ")] == [f"- {step}" for step in STEPS]
    assert "Cada cultivo tarda unas noches en crecer y da puntos al cosecharlo." in texts  # prose stays as it was


def test_bullets_written_as_characters_are_items_too() -> None:
    """A '•' drawn in the text font, on the item's own line or beside it."""
    _, converted = convert_pdf(huerto_pdf(bullet="•"), display="raw.pdf")
    assert [text for text in converted.texts if text.startswith("- ")] == [f"- {step}" for step in STEPS]


def test_a_pdf_with_a_table_and_a_list_reaches_the_sheet_whole(tmp_path: Path) -> None:
    for name in ("glossaries", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name)
    game = tmp_path / "sources" / "huerto"
    game.mkdir(parents=True)
    (game / "raw.pdf").write_bytes(huerto_pdf())
    (game / "game.yaml").write_text('title_es: "Huerto lunar"\ntitle_en: "Moon Garden"\n', encoding="utf-8")
    runner = CliRunner()
    sections = runner.invoke(main, ["--root", str(tmp_path), "sections", "huerto"])
    assert sections.exit_code == 0, sections.output
    for crop, *_ in CROPS:
        assert crop not in sections.output  # a table row is no heading
    result = runner.invoke(main, ["--root", str(tmp_path), "build", "huerto"])
    assert result.exit_code == 0, result.output
    text = " ".join(pdf_text(tmp_path / "output" / "huerto" / "huerto-quickref.pdf").split())
    for cell in ["Cultivo", "Noches", "Puntos", *[cell for crop in CROPS for cell in crop]]:
        assert cell in text, cell
    for crop in CROPS:
        assert " ".join(crop) in text, crop  # each crop's row, in order
    for step in STEPS:
        assert step in text, step


def test_a_ruled_table_with_a_bold_header_is_read_the_same_and_prose_in_two_columns_is_no_table() -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, SimpleDocTemplate, Table, TableStyle

    styles = getSampleStyleSheet()
    ruled = io.BytesIO()
    table = Table([["Dado", "Cara", "Efecto"], ["Rojo", "Impacto", "Un daño al objetivo"], ["Azul", "Escudo", "Bloquea un daño"]])
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold")]))
    SimpleDocTemplate(ruled, pagesize=A4, invariant=1).build([Paragraph("Dados", styles["Heading2"]), table])
    _, converted = convert_pdf(ruled.getvalue(), display="raw.pdf")
    assert [text for text in converted.texts if " | " in text] == [
        "Dado | Cara | Efecto", "Rojo | Impacto | Un daño al objetivo", "Azul | Escudo | Bloquea un daño"]

    prose = io.BytesIO()
    width, height = A4
    two = BaseDocTemplate(prose, pagesize=A4, invariant=1)
    columns = [Frame(40, 40, width / 2 - 50, height - 80), Frame(width / 2 + 10, 40, width / 2 - 50, height - 80)]
    two.addPageTemplates([PageTemplate(frames=columns)])
    justified = styles["BodyText"].clone("justified", alignment=4)
    sentence = "Cada jugador roba dos cartas al empezar su turno y puede jugar una de ellas si tiene energía suficiente. "
    two.build([Paragraph(sentence * 12, justified) for _ in range(7)])
    _, converted = convert_pdf(prose.getvalue(), display="raw.pdf")
    assert not [text for text in converted.texts if " | " in text]


def test_steps_numbered_with_bare_digits_are_an_ordered_list_and_a_die_table_stays_a_table(tmp_path: Path) -> None:
    """"1  Roba dos cartas." one step a line, the number a cell apart: the items of an ordered list, as every reader
    writes them; a table whose counting first column sits under a header row is a table still."""
    from ..formats_cases import materialise

    folder = materialise("pdf-bare-numbers", tmp_path / "sources")
    _, converted = convert_pdf((folder / "raw.pdf").read_bytes(), display="raw.pdf")
    texts = [text for text in converted.texts if text]
    start = texts.index("1) Roba dos cartas.")
    steps = ["Roba dos cartas.", "Sube tu farero.", "Enciende la lámpara si puedes.", "Descarta una carta."]
    assert texts[start : start + 4] == [f"{number}) {step}" for number, step in enumerate(steps, start=1)]
    start = texts.index("Dado | Viento")
    assert texts[start + 1 : start + 4] == ["1 | Calma", "2 | Brisa fuerte", "3 | Galerna"]


def test_a_table_in_the_left_column_takes_no_line_of_the_right_and_the_left_column_is_read_first() -> None:
    """Two columns of prose, a table of cells set one box each in the left one: the right column's lines level with
    the table's rows are no cells of it, and the left column (its table breaking pdfminer's flow) is read first."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import BaseDocTemplate, Frame, FrameBreak, PageTemplate, Paragraph, Table

    styles = getSampleStyleSheet()
    width, height = A4
    out = io.BytesIO()
    document = BaseDocTemplate(out, pagesize=A4, invariant=1)
    columns = [Frame(40, 40, width / 2 - 50, height - 80), Frame(width / 2 + 10, 40, width / 2 - 50, height - 80)]
    document.addPageTemplates([PageTemplate(frames=columns)])
    left = "Cada jugador roba dos cartas al empezar su turno y puede jugar una de ellas. " * 3
    right = "La ronda termina cuando todos han pasado y se reparten los puntos de la mesa. " * 3
    document.build([
        Paragraph("Primera columna", styles["Heading2"]), Paragraph(left, styles["BodyText"]),
        Table([["Pieza", "Cantidad"], ["Fichas de roca", "12"], ["Cartas de viento", "30"]]),
        Paragraph(left, styles["BodyText"]), FrameBreak(),
        Paragraph("Segunda columna", styles["Heading2"]), *[Paragraph(right, styles["BodyText"]) for _ in range(4)],
    ])
    _, converted = convert_pdf(out.getvalue(), display="raw.pdf")
    texts = [text for text in converted.texts if text]
    assert [text for text in texts if " | " in text] == ["Pieza | Cantidad", "Fichas de roca | 12", "Cartas de viento | 30"]
    assert texts.index("Cartas de viento | 30") < next(index for index, text in enumerate(texts) if "Segunda columna" in text)


def test_a_one_column_pages_table_of_wide_cells_is_read_row_by_row_not_as_two_columns() -> None:
    """Review of round 15: a table's two columns of wide cells (each over 0.3 of the page) leave a white band down the
    page's middle like a gutter; its cells start level row by row, so they are no two columns of prose, and each
    action stays next to its effect."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

    styles = getSampleStyleSheet()
    prose = "Cada jugador roba dos cartas al empezar su turno y puede jugar una de ellas si quiere hacerlo. " * 2
    pairs = [("Acción de mover la ficha hasta la casilla vecina libre", "Cuesta un punto de energía y no se puede repetir en el turno"),
             ("Acción de atacar a la ficha enemiga adyacente", "Tira dos dados y suma tu fuerza contra su defensa"),
             ("Acción de descansar en la casilla actual", "Recupera dos puntos de energía al final del turno")]
    out = io.BytesIO()
    cells = [[Paragraph(text, styles["BodyText"]) for text in pair] for pair in pairs]
    SimpleDocTemplate(out, pagesize=A4, invariant=1).build([
        Paragraph("Acciones", styles["Heading2"]), Paragraph(prose, styles["BodyText"]), Table(cells, colWidths=[240, 240]),
        Paragraph(prose, styles["BodyText"]),
    ])
    _, converted = convert_pdf(out.getvalue(), display="raw.pdf")
    texts = [text for text in converted.texts if text]
    heads = [text[:20] for pair in pairs for text in pair]
    starts = [next(index for index, text in enumerate(texts) if text.startswith(head)) for head in heads]
    assert starts == sorted(starts)
