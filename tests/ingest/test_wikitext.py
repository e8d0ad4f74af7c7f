"""A wiki page's source pasted as text (pipeline/ingest/wikitext.py): told from other text, read as structure."""

from __future__ import annotations

from pathlib import Path

from pipeline.ingest import read_source
from pipeline.ingest.sniff import sniff

PAGE = """{{Ficha de juego
| nombre = Pozos
| edad = {{Edad|8}}
}}
'''Pozos''' es un juego de dados.<ref>Primera edición.</ref>
__NOTOC__
== Preparación ==
* Cada jugador toma [[Ficha|tres fichas]].
*# Las apila.
=== Dos jugadores ===
'''Importante:''' con dos, cinco fichas.
{| class="wikitable"
! Tirada !! Puntos
|-
| 6 || 2
|}
[[Categoría:Dados]]
"""


def _read(tmp_path: Path, text: str):
    (tmp_path / "raw.txt").write_text(text, encoding="utf-8")
    return read_source(tmp_path / "raw.txt", game="pozos", display="sources/pozos/raw.txt")


def test_wikitext_is_told_by_its_headings_with_links_or_bold_and_a_scans_page_markers_are_not() -> None:
    assert sniff(PAGE) == "wikitext"
    assert sniff("===== PAGINA 1 =====\nTexto.\n===== PAGINA 2 =====\nMás texto.\n") == "text"


def test_a_wiki_page_reads_as_headings_lists_notes_and_a_table_and_its_templates_and_categories_go(tmp_path: Path) -> None:
    lines = [line for line in _read(tmp_path, PAGE).text.split("\n") if line.strip()]
    assert lines == [
        "Pozos es un juego de dados. (1)",
        "## Preparación",
        "- Cada jugador toma tres fichas.",
        "  1) Las apila.",
        "### Dos jugadores",
        "Importante: con dos, cinco fichas.",
        "Tirada | Puntos",
        "6 | 2",
        "(1) Primera edición.",
    ]


def test_every_line_of_a_wiki_page_is_accounted_for(tmp_path: Path) -> None:
    raw = _read(tmp_path, PAGE)
    reasons = {record.line: record.reason for record in raw.markup}
    assert reasons[1] == reasons[4] == "markup: template"
    assert reasons[6] == "markup: wiki markup only" and reasons[17] == "markup: wiki markup only"
