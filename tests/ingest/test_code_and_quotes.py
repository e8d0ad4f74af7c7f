"""What the readers leave out of the text: code and diagrams (pipeline/ingest/code.py), another member's quoted post."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.ingest import read_source
from pipeline.ingest.code import is_code
from pipeline.ingest.lines import editorial_marks
from pipeline.modelkinds import CleaningAction

MERMAID = ["graph LR", "    A[Inicio] --> B[Robar Carta]", "    B --> C{¿Puede jugar?}", "    C -->|Sí| D[Descartar]"]
SCRIPT = ["const b1 = document.getElementById('b1');", "b1.addEventListener('click', () => roll());"]
PROSE = ["Ejemplo: Ana vuela 2 losetas y después recolecta 1 cubo de miel."]


@pytest.mark.parametrize(("lines", "info", "code"), [
    (MERMAID, "", True), (SCRIPT, "", True), (["echo \"$(( RANDOM % 72 + 30 ))\""], "", True),
    (["#include <stdio.h>", "int main() { return 0; }"], "", True), (PROSE, "", False), (PROSE, "js", True),
    (["Roba dos cartas.", "Descarta una."], "text", False),
    # A board laid out in a fence (La Campaña): four places over three, padded; a table's rows line up.
    (["Castillo      |   Descarte   |   Mazo central   |   Cementerio", "Jugador       |              |   Oponente"], "", True),
    (["Puntos | Premio", "3 | 10 monedas", "5 | 20 monedas"], "", False),
])
def test_what_is_code(lines: list[str], info: str, code: bool) -> None:
    assert is_code(lines, info=info) is code


def _read(tmp_path: Path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_source(path, game="x", display=name)


def test_a_markdown_diagram_goes_reported_and_a_fenced_example_stays(tmp_path: Path) -> None:
    text = "# Juego\n\nRoba una carta.\n\n```mermaid\n" + "\n".join(MERMAID) + "\n```\n\n```\n" + PROSE[0] + "\n```\n"
    raw = _read(tmp_path, "raw.md", text)
    assert "Robar Carta" not in raw.text and "graph" not in raw.text
    assert PROSE[0] in raw.text and "Roba una carta." in raw.text
    dropped = {record.line for record in raw.markup if "code block" in record.reason}
    assert dropped == set(range(5, 11))  # the fence, its four lines and the closing fence


def test_an_html_pre_of_code_goes_and_one_of_sentences_stays(tmp_path: Path) -> None:
    text = (
        "<html><body><h1>Juego</h1>\n<p>Tira el dado.</p>\n<pre><code>" + "\n".join(SCRIPT) + "</code></pre>\n"
        "<pre>Roba dos cartas y descarta una.</pre>\n</body></html>\n"
    )
    raw = _read(tmp_path, "raw.html", text)
    assert "getElementById" not in raw.text and "Roba dos cartas y descarta una." in raw.text
    assert any(record.reason.endswith("code block") for record in raw.markup)


def test_a_quoted_reply_whose_words_follow_its_author_goes(tmp_path: Path) -> None:
    """Issue 25, item 4: '> Pepe escribió: ¿…?' is another member's post, not a bold label of the rules."""
    raw = _read(tmp_path, "raw.md", "# Juego\n\nRoba una carta.\n\n> Pepe escribió: ¿Se puede robar dos?\n\nNo, solo una.\n")
    assert "Pepe" not in raw.text and "Roba una carta." in raw.text and "No, solo una." in raw.text
    assert any(record.line == 5 and "quoted post (Pepe)" in record.reason for record in raw.markup)


def test_a_markdown_back_link_to_the_contents_goes_and_a_link_in_a_sentence_stays(tmp_path: Path) -> None:
    """Cairn's SRD ends each section with "[regresar al contenido](#contenido)": the page's navigation."""
    text = (
        "# Juego\n\n## Combate\n\nTira el dado. Mira [la tabla](#tabla) antes.\n\n[regresar al contenido](#contenido)\n\n"
        "## Daño\n\nPierdes un punto.\n"
    )
    raw = _read(tmp_path, "raw.md", text)
    assert "regresar al contenido" not in raw.text and "Mira la tabla antes." in raw.text
    assert any(record.line == 7 and "navigation" in record.reason for record in raw.markup)


CARD = [
    "  [==================]      [==================]",
    "  |Nombre       Mana|      |Zombi            5|",
    "  |                 |      |                  |",
    "  |Tipo de carta    |      |Criatura          |",
    "  |Afinidad     A/D |      |Oscuridad      1/2|",
    "  [==================]      [==================]",
]


def test_an_ascii_drawing_of_a_card_in_a_plain_text_goes_and_a_pipe_table_stays(tmp_path: Path) -> None:
    """Mystic's rules draw the pattern of every card in a box of "[===]" and "|...|": no rule, and no table."""
    table = ["| Carta  | Valor |", "|--------|-------|", "| Espada | 3     |", "| Copa   | 2     |", "| Oro    | 1     |"]
    text = "Juego\n\nLas cartas siguen este patron:\n" + "\n".join(CARD) + "\n\nRoba una carta.\n\n" + "\n".join(table) + "\n"
    raw = _read(tmp_path, "raw.txt", text)
    assert "Zombi" not in raw.text and "Afinidad" not in raw.text
    assert "Roba una carta." in raw.text and "Espada" in raw.text
    # Its lead-in stays, saying that what it announces is left out: no sheet prints "... este patron:" over nothing.
    assert "Las cartas siguen este patron: (figura en el original)" in raw.text
    dropped = {record.line for record in raw.markup if record.action == CleaningAction.DROP and "drawing" in record.reason}
    assert dropped == set(range(4, 10))
    assert any(record.line == 3 and record.reason == "lead-in of a drawing left out, marked" for record in raw.markup)


def test_a_list_of_links_to_the_sites_other_pages_goes_and_a_linked_card_name_in_a_rule_stays(tmp_path: Path) -> None:
    """Torre de los Pecados' README ends with its repository's pages: "- **[Guía de Inicio Rápido](README.md)** - Para
    nuevos jugadores"; a rule that links its card's page keeps its words."""
    text = (
        "# Juego\n\n## Cartas\n\n- [Espada](cartas/espada.md): inflige dos puntos de daño al rival\n\n## Más\n\n"
        "- **[Guía de Inicio Rápido](README.md)** - Para nuevos jugadores\n"
        "- **[Documentación Técnica](api/docs/)** - Para desarrolladores\n"
    )
    raw = _read(tmp_path, "raw.md", text)
    assert "Espada: inflige dos puntos de daño al rival" in raw.text
    assert "Guía de Inicio" not in raw.text and "Documentación Técnica" not in raw.text


def test_the_lead_in_of_a_code_block_says_what_is_left_out(tmp_path: Path) -> None:
    """'Todas las cartas siguen el mismo patrón:' over a drawing that goes would announce nothing on the sheet."""
    text = "# Juego\n\nEl flujo del turno es este:\n\n```mermaid\n" + "\n".join(MERMAID) + "\n```\n\nRoba una carta.\n"
    raw = _read(tmp_path, "raw.md", text)
    assert "El flujo del turno es este: (figura en el original)" in raw.text
    assert any(record.line == 3 and "lead-in of a drawing left out" in record.reason for record in raw.markup)
    html = "<html><body><h1>Juego</h1>\n<p>Ejecuta esto:</p>\n<pre><code>" + "\n".join(SCRIPT) + "</code></pre>\n</body></html>\n"
    assert "Ejecuta esto: (código en el original)" in _read(tmp_path, "raw.html", html).text
    # A lead-in whose list follows announces it; a sentence before a code block is no lead-in.
    kept = _read(tmp_path, "raw.md", "# Juego\n\nRoba una carta.\n\n```mermaid\n" + "\n".join(MERMAID) + "\n```\n")
    assert "original)" not in kept.text


def test_markdown_inside_an_html_block_is_read_as_markdown_and_a_buttons_label_goes(tmp_path: Path) -> None:
    """Cairn's SRD: '<details markdown="block">' / '<summary>Expandir para ver el ejemplo</summary>' / ' _Chindas
    tiene **PG** 5._': no '**' or '_' reaches the sheet, nor the label of a button that paper does not have."""
    text = (
        "# Juego\n\nTira el dado.\n\n<details markdown=\"block\">\n  <summary>\nExpandir para ver el ejemplo\n </summary>\n"
        " _Chindas tiene **PG** 5 y pierde 2._\n</details>\n\n"
        "<details><summary>Ejemplo de combate</summary>\n<p>Ana ataca.</p>\n</details>\n"
    )
    raw = _read(tmp_path, "raw.md", text)
    assert "Chindas tiene PG 5 y pierde 2." in raw.text and "*" not in raw.text and "_" not in raw.text
    assert "Expandir" not in raw.text and "Ejemplo de combate" in raw.text
    assert {record.line for record in raw.markup if record.reason == "markup: page furniture (<summary>)"} == {6, 7, 8}
    # A block that states structure stays HTML: its table keeps its rows, bold cells and all.
    table = _read(tmp_path, "raw.md", "# Juego\n\n<table>\n<tr><td>**Fuerza**</td><td>3</td></tr>\n</table>\n")
    assert re.search(r"Fuerza\W* \| 3", table.text)


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["[TODO: revisar si merece la pena]"], {0: (None, "an author's reminder ([TODO: ...])")}),
        (["[NOTA: las razas son opcionales.]"], {0: ("Nota: las razas son opcionales.", "a note's brackets ([NOTA: ...]) left out")}),
        (["[Nota: uno", "", "dos]."], {0: ("Nota: uno", "a note's brackets ([NOTA: ...]) left out"),
                                      2: ("dos.", "a note's brackets ([NOTA: ...]) left out")}),
        (["@Tabla: Impedimento"], {0: ("Tabla: Impedimento", "a caption's tag (@Tabla:) written as its word")}),
        # Unchanged: a text telling how its notes are marked, a note never closed, an address.
        (["Las notas van marcadas entre corchetes [NOTA:] en el texto."], {}),
        (["[NOTA: sin cerrar", "y sigue el texto."], {}),
        (["Escribe a @pepe: te contesta."], {}),
    ],
)
def test_an_authors_editorial_marks(lines: list[str], expected: dict) -> None:
    assert editorial_marks(lines) == expected


def test_editorial_marks_go_in_markdown_and_in_plain_text(tmp_path: Path) -> None:
    """Tapiz's SRD: '[TODO: revisar ...]' is the author's reminder, '[NOTA: ...]' a note in brackets, '@Tabla:' a tag."""
    body = "[NOTA: las razas son opcionales.]\n\n[TODO: revisar esto]\n\n@Tabla: Impedimento\n\nRoba una carta.\n"
    for name in ("raw.md", "raw.txt"):
        raw = _read(tmp_path, name, "Juego\n\n" + body)
        assert "Nota: las razas son opcionales." in raw.text and "Tabla: Impedimento" in raw.text, name
        assert "TODO" not in raw.text and "[" not in raw.text and "@" not in raw.text, name
        assert any(record.line == 5 and record.action == CleaningAction.DROP for record in raw.markup), name


def test_a_blogs_read_more_pointer_and_a_pictures_italic_caption_go_and_a_rule_with_a_link_stays(tmp_path: Path) -> None:
    """Round 15: "[Leer más](…)" alone, a sentence pointing to another post ending in one, and the italic line right
    under a picture are the blog's, not the rules'; a rule that links a card (not "read more") stays, and so does a
    sentence set in italics under a picture (a caption is a phrase of at most 14 words)."""
    text = (
        "## Turno\n\n![La caja](/img/caja.jpg)\n*La caja del juego, edición grande.*\n\n"
        "Roba una carta. Mira [la carta de ayuda](/ayuda/) antes.\n\n*Nunca robes dos veces.*\n\n"
        "![Combate](/img/combate.jpg)\n*En lugar de causar daño, el atacante puede narrar una circunstancia favorable que le ayude en su"
        " siguiente tirada.*\n\n[Leer más](/2026/03/02/otras/)\n\n"
        "Si os ha gustado, pasaos por la entrada anterior. [Leer más »](/2026/03/07/resena/)\n"
    )
    raw = _read(tmp_path, "raw.md", text)
    assert "edición grande" not in raw.text and "Leer más" not in raw.text and "pasaos" not in raw.text
    assert "Roba una carta. Mira la carta de ayuda antes." in raw.text and "Nunca robes dos veces." in raw.text
    assert "el atacante puede narrar una circunstancia favorable" in raw.text
    assert any("caption" in record.reason for record in raw.markup)


def test_a_rule_in_italics_under_a_picture_a_bold_italic_heading_and_a_rule_before_a_read_more_link_stay(tmp_path: Path) -> None:
    """Review of round 15: an italic line under a picture is its caption only when it is a phrase (no verb, not
    bold); a sentence before a "Leer más" link to a page of the same rules is a rule (only the link goes), while one
    before a link to another dated post is that post's teaser."""
    text = (
        "## Turno\n\n![Cartas](/img/cartas.jpg)\n*Cada jugador roba una carta.*\n\n"
        "![Tablero](/img/tablero.jpg)\n***Preparación***\nCada jugador toma diez fichas.\n\n"
        "El combate se resuelve tirando dos dados. [Leer más](combate.md)\n\n"
        "Mira también mi reseña de la semana pasada. [Leer más](/2026/03/07/resena/)\n"
    )
    raw = _read(tmp_path, "raw.md", text)
    assert "Cada jugador roba una carta." in raw.text and "Preparación" in raw.text
    assert "El combate se resuelve tirando dos dados." in raw.text and "Leer más" not in raw.text
    assert "reseña" not in raw.text
