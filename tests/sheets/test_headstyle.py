"""How a quick reference heads its sections (pipeline/sheets/quickref/headstyle.py): untitled top boxes, one style per depth."""
from __future__ import annotations

import pytest

from pipeline.model import Block, Section
from pipeline.modelkinds import SectionKind
from pipeline.sheets.quickref.headstyle import heading_styles, repeats_the_title

LONG = "Cada jugador roba dos cartas de su mazo y las juega en el orden que quiera."
TITLES = ("Galaxy Defenders — resumen del turno", "Galaxy Defenders", "Referencia rápida")


def _section(path: str, *blocks: str, item: bool = False) -> Section:
    parts = path.split("/")
    made = tuple(Block("item" if item else "paragraph", text, 1, 1, marker="•" if item else "") for text in blocks)
    return Section(path, parts[-1].capitalize(), len(parts), SectionKind.RULES, made, 1, 1, parent="/".join(parts[:-1]) or None)


@pytest.mark.parametrize(
    ("title", "generic"),
    [
        ("Reglamento", True),
        ("Reglas del juego:", True),
        ("Galaxy defenders", True),  # the game's name, as the title block prints it
        ("Resumen del turno", True),  # a part of the sheet's title
        ("Referencia rápida", True),  # the sheet's label
        ("Combate", False),
        ("Galaxy", False),  # a word of the title is not the title
        ("Fase de combate", False),
    ],
)
def test_a_title_that_only_repeats_the_sheets_is_generic(title: str, generic: bool) -> None:
    assert repeats_the_title(title, TITLES) is generic


def test_one_box_holding_the_whole_sheet_prints_no_heading_and_its_subsections_are_the_top_level() -> None:
    sections = [_section("galaxy defenders", "DA: dado azul"), _section("galaxy defenders/fase", LONG),
                _section("galaxy defenders/fase/paso", LONG)]
    heads = heading_styles(sections, sheet_titles=TITLES, run_in=True)
    assert heads.untitled == {"galaxy defenders"}
    assert [heads.depth(section) for section in sections] == [0, 0, 1]
    assert heads.runs_in(sections[2]) and not heads.runs_in(sections[1])  # a top-level section is a band, never run in


def test_a_generic_box_beside_others_loses_its_heading_only_when_it_has_no_subsections() -> None:
    intro, turno, paso = _section("reglamento", LONG), _section("turno", LONG), _section("turno/paso", LONG)
    assert heading_styles([intro, turno, paso], sheet_titles=TITLES, run_in=True).untitled == {"reglamento"}
    over = [_section("reglamento"), _section("reglamento/paso", LONG), turno]
    heads = heading_styles(over, sheet_titles=TITLES, run_in=True)
    assert heads.untitled == frozenset() and heads.base_level == 1  # a heading over subsections stays, or they lose it


def test_siblings_of_one_depth_share_one_style_chosen_by_most_of_them() -> None:
    top = _section("turno")
    runs = [_section(f"turno/{name}", LONG) for name in ("mover", "atacar")]
    listed = _section("turno/buscar", "Tira un dado.", item=True)
    assert heading_styles([top, *runs, listed], sheet_titles=TITLES, run_in=True).run_in_depths == {1}  # two of three: run in
    more_lists = [_section(f"turno/{name}", "Tira un dado.", item=True) for name in ("huir", "cargar")]
    assert heading_styles([top, *runs, listed, *more_lists], sheet_titles=TITLES, run_in=True).run_in_depths == frozenset()
    assert heading_styles([top, *runs], sheet_titles=TITLES, run_in=False).run_in_depths == frozenset()  # the recipe's choice
    # the rows of a table (die faces) are labels, not headings: they choose no style
    faces = [_section(f"turno/{name}", "sin efecto") for name in ("impacto", "escudo", "energia")]
    tabled = frozenset(section.id for section in faces)
    assert heading_styles([top, *runs, *faces], sheet_titles=TITLES, run_in=True, tabled=tabled).run_in_depths == {1}


def test_a_section_another_sheet_names_is_left_to_it_with_a_one_line_pointer(real_tagged) -> None:
    """pipeline/sheets/elsewhere.py: Space Alert's «Experiencia y campañas» names three chapters by id; the quickref
    prints one line pointing to it where they were, and none of their text; `point_to_other_sheets: false` prints them."""
    from dataclasses import replace

    from pipeline.sheets.quickref import sheet_sections

    config, _, document = real_tagged("space-alert")
    recipe = config.sheet("quickref").recipes["a4"]
    assert {section_id for section_id, _ in recipe.elsewhere} == {
        "sistema-de-experiencia", "recompensas-por-campanas", "el-explorador-experimentado"}
    sections = sheet_sections(document, recipe)
    pointers = [section for section in sections if not section.title]
    assert [block.text for section in pointers for block in section.blocks] == [
        "Sistema de experiencia, El explorador experimentado, Recompensas por campañas → hoja «Experiencia y campañas»"]
    assert not any(section.id.startswith("sistema-de-experiencia/") for section in sections)
    whole = sheet_sections(document, replace(recipe, point_to_other_sheets=False, elsewhere=()))
    assert any(section.id.startswith("sistema-de-experiencia/") for section in whole) and not any(not s.title for s in whole)
