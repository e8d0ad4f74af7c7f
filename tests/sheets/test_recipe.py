"""Recipe validation and section selection (pipeline/recipe.py)."""
from __future__ import annotations

import pytest

from pipeline.errors import ConfigError
from pipeline.model import Block, Document, GameInfo, Section
from pipeline.sheets.quickref.recipe import parse_recipe, select_sections

DISPLAY = "sources/demo/game.yaml"


def section(section_id: str, kind: str = "rules", parent: str | None = None, text: str = "Texto de regla.") -> Section:
    return Section(
        id=section_id, title=section_id, level=section_id.count("/") + 1, kind=kind,
        blocks=(Block("paragraph", text, 1, 1),), first=1, last=1, parent=parent,
    )


DOC = Document(
    game=GameInfo(id="demo", title_es="Demo", title_en="Demo"),
    sections=(
        section("preparacion"),
        section("historia", kind="flavor"),
        section("turno"),
        section("turno/acciones", parent="turno"),
        section("amenazas", kind="card"),
        section("resumen"),
    ),
)


def ids(recipe_data: dict) -> list[str]:
    return [s.id for s in select_sections(DOC, parse_recipe(recipe_data, display=DISPLAY), display=DISPLAY)]


def test_default_recipe_keeps_rules_in_source_order_without_flavour() -> None:
    assert ids({}) == ["preparacion", "turno", "turno/acciones", "amenazas", "resumen"]


def test_ids_come_first_in_recipe_order_then_kinds_in_source_order() -> None:
    assert ids({"sections": [{"id": "resumen"}, {"kind": "rules"}]}) == ["resumen", "preparacion", "turno", "turno/acciones"]


def test_an_id_takes_its_subsections_and_leave_out_ids_removes_a_subtree() -> None:
    assert ids({"sections": ["turno"]}) == ["turno", "turno/acciones"]
    assert ids({"leave_out_ids": ["turno"]}) == ["preparacion", "amenazas", "resumen"]


def test_leave_out_kinds() -> None:
    assert "amenazas" not in ids({"leave_out": ["flavor", "card"]})


def test_unknown_section_id_lists_the_closest_ids() -> None:
    with pytest.raises(ConfigError) as error:
        ids({"sections": [{"id": "turnos"}]})
    message = str(error.value)
    assert message.startswith(DISPLAY) and "'turnos'" in message and "closest: turno" in message


def test_unknown_leave_out_id_is_an_error_too() -> None:
    with pytest.raises(ConfigError, match="leave_out_ids.*preparación|leave_out_ids.*preparacion"):
        ids({"leave_out_ids": ["preparación"]})


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"body_size": [6.5, 8]}, "must not go below 7 pt"),
        ({"columns": [3, 2]}, "min <= max"),
        ({"columns": [1, 7]}, "within 1..5"),
        ({"pages": 0}, "'pages' must be"),
        ({"leave_out": ["flavour"]}, "unknown value 'flavour'"),
        ({"sections": [{"kind": "rule"}]}, "unknown section kind 'rule'"),
        ({"sections": [{"kind": "rules", "id": "x"}]}, "sections[0] must be"),
        ({"sections": []}, "'sections' is empty"),
        ({"paper": "a3"}, "unknown field 'paper'"),  # paper is the game's (game.yaml) or the build's (--paper)
        ({"pagez": 2}, "unknown field 'pagez'"),
        ({"english_names": False}, "must be str"),  # YAML reads `off` as false
        ({"narration": ["(unclosed"]}, "not a valid regular expression"),
    ],
)
def test_bad_recipes_are_config_errors_naming_the_file(data: dict, expected: str) -> None:
    with pytest.raises(ConfigError) as error:
        parse_recipe(data, display=DISPLAY, line=12)
    assert expected in str(error.value)
    assert str(error.value).startswith(f"{DISPLAY}:12:")


def test_game_recipe_overrides_template_defaults() -> None:
    recipe = parse_recipe({"pages": 2}, defaults={"pages": 9, "body_size": [7, 9]}, display=DISPLAY)
    assert recipe.pages == 2 and recipe.body_size == (7.0, 9.0)


def test_real_recipes_name_existing_sections(project_root, real_game) -> None:
    from pipeline.project import Project
    from pipeline.sheets.layout import load_layout
    from pipeline.sheets.quickref import sheet_recipe

    project = Project(project_root)
    for game_id in project.game_ids():
        game, _, document = real_game(game_id)
        for sheet in game.sheets:
            layout = load_layout(project.templates, sheet.template)
            if layout.options.get("kind", "quickref") != "quickref":
                continue
            recipe = sheet_recipe(document, sheet, layout)
            assert select_sections(document, recipe, display=game_id), game_id


def test_page_budget_may_differ_per_paper() -> None:
    recipe = {"pages": {"a4": 4, "letter": 5}}
    assert parse_recipe(recipe, display="game.yaml", paper="a4").pages == 4
    assert parse_recipe(recipe, display="game.yaml", paper="letter").pages == 5
    assert parse_recipe({"pages": 2}, display="game.yaml", paper="letter").pages == 2
    with pytest.raises(ConfigError, match="'pages' names unknown paper 'a5'"):
        parse_recipe({"pages": {"a5": 3}}, display="game.yaml", paper="a4")
