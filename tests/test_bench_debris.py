"""bench/debris.py: the shapes `make eval` counts as debris on a sheet, and the lines that only look like them."""
from __future__ import annotations

import pytest

from bench.debris import dangling_lead_ins, debris_lines
from pipeline.model import Block, Section
from pipeline.modelkinds import BlockKind, SectionKind


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("  [============================]", "symbols"),
        ("╔════╗", "box drawing"),
        ("│ Mazo │", "box drawing"),
        ("Carta | Valor | Coste", "table row"),
        ("Chindas, que tiene **PG** 5.", "markup"),
        ("_Chindas se encuentra con un grupo", "markup"),
        ("## Preparación", "markup"),
        ("Ver [la tabla](#tabla)", "markup"),
        ("<p>Roba una carta.</p>", "markup"),
        ("[b]Fase[/b]", "markup"),
        ("[TODO: revisar esto]", "editorial marker"),
        ("@Tabla: Impedimento", "editorial marker"),
        ("Más en https://example.org/reglas", "address"),
        ("const b1 = document.getElementById('b1');", "code"),
        ("});", "code"),
        # Rules that only look like debris: a command's syntax, a stat separator, an absolute value, a name
        # with an ampersand, a text telling how notes are marked, a dash, a semicolon.
        ("Atacar <nombre del jugador>: ataca a ese jugador", None),
        ("Sabueso | PG 2, DES 12, mordisco (1d6)", None),
        ("|resultado total| = puntos de consecuencia", None),
        ("al estilo D&D; de forma que", None),
        ("notas marcadas entre corchetes [NOTA:] con la", None),
        ("Roba 1-2 cartas; después descarta una.", None),
        ("la_carta_rara no es una palabra", None),
    ],
)
def test_debris_shapes(line: str, kind: str | None) -> None:
    assert debris_lines(line) == ([(kind, line.strip())] if kind else [])


def _section(id_: str, parent: str | None, *texts: str) -> Section:
    blocks = tuple(Block(BlockKind.PARAGRAPH, text, 1, 1) for text in texts)
    return Section(id_, id_, 1, SectionKind.RULES, blocks, 1, 1, parent=parent)


def test_a_lead_in_to_nothing_is_one_that_neither_a_section_under_it_nor_beside_it_follows() -> None:
    sections = [
        _section("intro", None, "Así se juega."),
        _section("intro/cartas", "intro", "Todas las cartas siguen el mismo patrón:"),  # a section above it follows
        _section("turno", None, "Cada turno consta de varias fases:"),  # its phases are its sections
        _section("turno/fase", "turno", "Roba una carta."),
        _section("turno/acciones", "turno", "Elige una de estas acciones:"),  # the actions are sections beside it
        _section("turno/cooperar", "turno", "Da un recurso."),
        _section("fin", None, "Pregunta lo que quieras:"),  # the last section
    ]
    assert dangling_lead_ins(sections) == ["Todas las cartas siguen el mismo patrón:", "Pregunta lo que quieras:"]
