"""Placeholders and stub headings, cross-references with pages, the contents line (sheets/quickref/stubs.py,
crossrefs.py, contents.py), with synthetic wording."""
from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from pipeline.model import Block, Document, GameInfo, Section, TermHit
from pipeline.sheets.quickref.contents import Landed, contents_line
from pipeline.sheets.quickref.crossrefs import referenced
from pipeline.sheets.quickref.stubs import is_placeholder, without_stubs


def section(id_: str, title: str, *texts: str, parent: str | None = None, level: int = 1) -> Section:
    blocks = tuple(Block("paragraph", text, 1, 1) for text in texts)
    return Section(id_, title, level, "rules", blocks, 1, 1, parent=parent)


@pytest.mark.parametrize(
    ("text", "placeholder"),
    [("...", True), ("...basado", True), ("… por escribir", True), ("....", True),
     ("...y entonces el jugador roba dos cartas.", False), ("Roba una carta...", False), ("Roba.", False)],
)
def test_a_placeholder_is_an_ellipsis_and_a_word_or_two(text: str, placeholder: bool) -> None:
    assert is_placeholder(Block("paragraph", text, 1, 1)) is placeholder


def test_headings_over_placeholders_only_are_not_printed() -> None:
    sections = [
        section("tiradas", "Tiradas", "..."),
        section("tiradas/acciones", "Acciones", parent="tiradas", level=2),
        section("tiradas/acciones/dificultades", "Dificultades", "...basado", parent="tiradas/acciones", level=3),
        section("rondas", "Rondas", "Una ronda dura diez segundos."),
        section("rondas/turnos", "Turnos", parent="rondas", level=2),
        section("rondas/turnos/orden", "Orden", "Juega primero quien tenga más iniciativa.", parent="rondas/turnos", level=3),
    ]
    kept = without_stubs(sections)
    assert [s.id for s in kept] == ["rondas", "rondas/turnos", "rondas/turnos/orden"]


def test_a_reference_to_a_printed_heading_gets_its_page_and_one_to_nothing_printed_goes() -> None:
    text = "Pierde vida (VER: Combate) y mana (ver Tesoros). Después roba."
    hit_start = text.index("Después")
    block = Block("paragraph", text, 1, 1, terms=(TermHit("robar", "Draw", text.index("roba"), text.index("roba") + 4),
                                                   TermHit("después", "After", hit_start, hit_start + 7)))
    sections = [Section("vida", "Vida", 1, "rules", (block,), 1, 1), section("combate", "Combate", "Se ataca.")]
    without_pages = referenced(sections)[0].blocks[0]
    assert without_pages.text == "Pierde vida (VER: Combate) y mana. Después roba."
    with_pages = referenced(sections, pages={"vida": 1, "combate": 2})[0].blocks[0]
    assert with_pages.text == "Pierde vida (VER: Combate, p.\u00a02) y mana. Después roba."
    for hit in with_pages.terms:  # the English names stay on their words
        assert with_pages.text[hit.start:hit.end] in ("roba", "Después")
    assert len(with_pages.terms) == 2


def test_a_sentence_without_references_is_the_same_block() -> None:
    sections = [section("a", "A", "Roba (una o dos) cartas.")]
    assert referenced(sections, pages={"a": 1}) == sections


def landed(title: str, page: int, level: int = 0, visible: bool = True) -> Landed:
    return Landed(title.lower(), title, level, page, visible)


def test_the_contents_line_lists_the_first_level_by_page() -> None:
    heads = [landed("Juego", 1, visible=False), landed("Mesa", 1), landed("Turno", 1, level=1), landed("Combate", 2),
             landed("Mazo (opcional)", 2), landed("Índice inglés", 2)]
    assert contents_line(heads, pages=2) == "p.\u00a01: Mesa — p.\u00a02: Combate · Mazo · Índice inglés"
    assert contents_line(heads, pages=1) == "Mesa · Combate · Mazo · Índice inglés"


def test_a_contents_line_of_few_chapters_lists_their_sections_and_a_long_one_is_cut() -> None:
    heads = [landed("Reglas", 1), landed("Turno", 1, level=1), landed("Fin", 2, level=1)]
    assert contents_line(heads, pages=2) == "p.\u00a01: Reglas · Turno — p.\u00a02: Fin"
    many = [landed(f"Sección número {n}", 1 + n // 30) for n in range(60)]
    line = contents_line(many, pages=2)
    assert line.endswith(" …") and len(line) <= 650 and "Sección número 0" in line


def test_a_long_second_level_under_one_title_is_cut_and_its_closing_chapter_kept() -> None:
    """A text under its title heading (not printed) and a closing chapter on the last page: the contents list the
    sections under the title as far as they fit, then that chapter, not the closing chapter alone."""
    heads = [landed(f"Sección número {n}", 1 + n // 10, level=1) for n in range(40)] + [landed("Resumen", 5)]
    line = contents_line(heads, pages=5)
    assert line.startswith("p.\u00a01: Sección número 0 · Sección número 1")
    assert line.endswith("p.\u00a05: Resumen …") and len(line) <= 420 + 2


def test_a_sheet_without_covers_prints_its_contents_and_the_pages_of_its_references(project_root) -> None:
    from pipeline.sheets.layout import load_layout
    from pipeline.sheets.quickref import quickref_with_sections
    from tests.sheets.test_quickref import parse_recipe

    layout = load_layout(project_root / "templates", "quickref")
    filler = " ".join(f"Regla {n}: el jugador activo roba una carta y paga {n} monedas." for n in range(160))
    sections = (
        section("mesa", "Mesa", "Cada jugador tiene su zona (VER: Combate). Nada más (ver Apéndice).", filler),
        section("combate", "Combate", "El atacante tira dos dados.", filler),
    )
    document = Document(game=GameInfo(id="demo", title_es="Demo", title_en="Demo"), sections=sections)
    pdf, pages, _, _ = quickref_with_sections(document, sheet="quickref", layout=layout, recipe=parse_recipe({"condense": []}))
    text = " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    assert pages == 2
    combate = 1 + next(n for n, page in enumerate(PdfReader(io.BytesIO(pdf)).pages) if "El atacante" in (page.extract_text() or ""))
    assert f"(VER: Combate, p. {combate})" in text and "Apéndice" not in text
    assert "Contenido: p. 1: Mesa" in text and ("· Combate" if combate == 1 else "p. 2: Combate") in text


def test_a_sheet_that_spills_a_few_lines_onto_a_last_page_is_set_tight_on_one(project_root) -> None:
    """The same type sizes, closer lines and paragraphs (markup.TIGHT_LEADING, TIGHT_SPACE): a page saved."""
    from pipeline.sheets.layout import load_layout
    from pipeline.sheets.quickref import quickref_with_sections
    from pipeline.sheets.quickref.typeset import measure_sheet
    from tests.sheets.test_quickref import parse_recipe

    layout = load_layout(project_root / "templates", "quickref")
    recipe = parse_recipe({"condense": [], "covers": "todo"})
    options = dict(sheet_label="R", tagged_kinds=(), covers="todo", compact_title=True)

    def sheet(rules: int) -> Document:
        sections = tuple(section(f"s{n}", f"Sección {n}", *(f"Regla {n}.{m}: el jugador activo roba {m} cartas." for m in range(rules)))
                         for n in range(12))
        return Document(game=GameInfo(id="demo", title_es="Demo", title_en="Demo"), sections=sections)

    rules = next(r for r in range(10, 40) if measure_sheet(sheet(r), list(sheet(r).sections), layout, **options)[0] == 2)
    _, pages, _, _ = quickref_with_sections(sheet(rules), sheet="quickref", layout=layout, recipe=recipe)
    assert pages == 1
    _, pages, _, _ = quickref_with_sections(sheet(rules + 8), sheet="quickref", layout=layout, recipe=recipe)
    assert pages == 2  # more than a tight page holds: the scale as it is
