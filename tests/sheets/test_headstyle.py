"""How a quick reference heads its sections (pipeline/sheets/quickref/headstyle.py): untitled top boxes, one style per depth."""
from __future__ import annotations

from dataclasses import replace

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


def test_a_generic_box_beside_others_loses_its_heading_only_when_it_has_no_subsections_or_opens_the_sheet() -> None:
    intro, turno, paso = _section("reglamento", LONG), _section("turno", LONG), _section("turno/paso", LONG)
    assert heading_styles([intro, turno, paso], sheet_titles=TITLES, run_in=True).untitled == {"reglamento"}
    later = [turno, _section("reglamento"), _section("reglamento/paso", LONG)]
    heads = heading_styles(later, sheet_titles=TITLES, run_in=True)
    assert heads.untitled == frozenset() and heads.base_level == 1  # a heading over subsections stays, or they fall under «Turno»
    first = [_section("reglamento"), _section("reglamento/paso", LONG), turno]
    heads = heading_styles(first, sheet_titles=TITLES, run_in=True)
    assert heads.untitled == {"reglamento"} and heads.base_level == 1  # only the title block stands above «Paso»


@pytest.mark.parametrize(
    ("title", "opening", "generic"),
    [
        ("Cómo se juega a Galaxy Defenders (versión 2)", True, True),  # the source's own title line
        ("GALAXY DEFENDERS: el juego de mesa", True, True),
        ("Cómo se juega a Galaxy Defenders (versión 2)", False, False),  # further down, a chapter of its own
        ("Galaxy, un mapa estelar", True, False),  # a word of the title is not the title
        ("Galaxy Defendersplus", True, False),  # nor a word that starts like it
    ],
)
def test_the_sheets_first_title_that_holds_the_games_name_repeats_it(title: str, opening: bool, generic: bool) -> None:
    assert repeats_the_title(title, ("Galaxy Défenders", "Galaxy Defenders"), opening=opening) is generic


def test_an_opening_title_line_holding_the_games_name_prints_no_heading_and_keeps_its_content() -> None:
    banner = replace(_section("banner", LONG), title="~ Juego de mesa GALAXY DEFENDERS ~")
    sections = [banner, _section("banner/turno", LONG), _section("fin", LONG)]
    heads = heading_styles(sections, sheet_titles=TITLES, run_in=False)
    assert heads.untitled == {"banner"} and heads.base_level == 1
    alone = heading_styles(sections[:2], sheet_titles=TITLES, run_in=False)
    assert alone.untitled == {"banner"} and alone.base_level == 2  # the only box: its subsections are the top level


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


def test_an_opening_box_printed_without_its_heading_still_nests_its_subsections_in_the_pdf_outline(project_root) -> None:
    """The PDF outline may not jump a level: the untitled box's title stays in it, as an invisible mark, at level 0."""
    from reportlab.platypus import KeepTogether

    from pipeline.sheets.layout import load_layout
    from pipeline.sheets.markup import paragraph_styles
    from pipeline.sheets.quickref.flow import Heading, section_flowables

    banner = replace(_section("banner"), title="Juego de mesa Galaxy Defenders")
    sections = [banner, _section("banner/turno", LONG), _section("fin", LONG)]
    styles = paragraph_styles(load_layout(project_root / "templates", "quickref"))
    flowables, opened = [], section_flowables(sections, styles, tagged=(), sheet_titles=TITLES)
    while opened:  # a heading is kept together with its first lines
        item = opened.pop(0)
        opened[:0] = item._content if isinstance(item, KeepTogether) else []
        flowables += [] if isinstance(item, KeepTogether) else [item]
    marks = [(item.outline_title, item.outline_level) for item in flowables if hasattr(item, "outline_level")]
    assert marks == [("Juego de mesa Galaxy Defenders", 0), ("Turno", 1), ("Fin", 0)]
    assert [item.outline_title for item in flowables if isinstance(item, Heading)] == ["Turno", "Fin"]  # no heading of its own
