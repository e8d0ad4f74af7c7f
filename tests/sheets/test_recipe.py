"""Recipe validation and section selection (pipeline/sheets/quickref/recipe.py)."""
from __future__ import annotations

import pytest

from pipeline.errors import ConfigError
from pipeline.model import Block, Document, GameInfo, Section
from pipeline.sheets.config import Templates, read_recipe_on
from pipeline.sheets.quickref.recipe import select_sections
from pipeline.yamlio import parse_yaml
from tests.conftest import ROOT

DISPLAY = "sources/demo/game.yaml"
TEMPLATES = Templates(ROOT / "templates")


def parse_recipe(data, *, paper: str = "a4", line: int | None = None, templates: Templates = TEMPLATES):
    """`data` read on top of templates/quickref.yaml's defaults, as a game's sheet is."""
    return read_recipe_on(templates, "quickref", data, paper=paper, path=DISPLAY, line=line)


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
    return [s.id for s in select_sections(DOC, parse_recipe(recipe_data))]


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
        ({"body_size": [7, 8]}, "recipe.body_size: must be a number from 7.5 to 14 pt, got 7 in [7, 8]"),
        ({"body_size": float("nan")}, "recipe.body_size: must be a number from 7.5 to 14 pt, got .nan"),
        ({"body_size": [7.5, float("inf")]}, "recipe.body_size: must be a number from 7.5 to 14 pt, got .inf in [7.5, .inf]"),
        ({"columns": [3, 2]}, "recipe.columns: must be [min, max] with min <= max, got [3, 2]"),
        ({"columns": [1, 7]}, "recipe.columns: must be a whole number from 1 to 5, got 7 in [1, 7]"),
        ({"columns": 2.5}, "recipe.columns: must be a whole number from 1 to 5, got 2.5"),
        ({"pages": 0}, "recipe.pages: must be a whole number from 1 to 100, got 0"),
        ({"pages": True}, "recipe.pages: must be a whole number from 1 to 100, got true/false true"),
        ({"leave_out": ["flavour"]}, "recipe.leave_out[0]: unknown value 'flavour' (did you mean 'flavor'?)"),
        ({"sections": [{"kind": "rule"}]}, "recipe.sections[0].kind[0]: unknown value 'rule' (did you mean 'rules'?)"),
        ({"sections": [{"kind": "rules", "id": "x"}]}, "recipe.sections[0]: must be '- kind: <kind or [kinds]>' or '- id: <section id>'"),
        ({"sections": []}, "recipe.sections: must name section kinds (- kind: rules) or ids (- id: setup), got []"),
        ({"paper": "a3"}, "recipe: unknown field 'paper' (did you mean 'pages'?)"),  # paper is the game's or --paper's
        ({"pagez": 2}, "recipe: unknown field 'pagez' (did you mean 'pages'?)"),
        ({"english_names": False},
         "recipe.english_names: unknown value false (allowed: section, sheet, titles)"),  # YAML reads `off` as false
        ({"narration": ["(unclosed"]}, "recipe.narration[0]: not a valid regular expression (missing ), unterminated subpattern"),
        ({"glossary": "yes"}, "recipe.glossary: must be true or false, got 'yes'"),
        ({"label": 3}, "recipe.label: must be text, got a number 3 (put it in quotes)"),
    ],
)
def test_bad_recipes_are_config_errors_naming_the_file(data: dict, expected: str) -> None:
    with pytest.raises(ConfigError) as error:
        parse_recipe(data, line=12)
    assert str(error.value).startswith(f"{DISPLAY}:12: {expected}"), str(error.value)


def test_every_problem_of_a_recipe_is_reported_at_its_own_line() -> None:
    data = parse_yaml("recipe:\n  colums: [2, 3]\n  pages: .nan\n  leave_out: [flavor, exampel]\n", display=DISPLAY)["recipe"]
    with pytest.raises(ConfigError) as error:
        parse_recipe(data)
    assert str(error.value).splitlines() == [
        f"{DISPLAY}:2: recipe: unknown field 'colums' (did you mean 'columns'?)",
        f"{DISPLAY}:3: recipe.pages: must be a whole number from 1 to 100, got .nan",
        f"{DISPLAY}:4: recipe.leave_out[1]: unknown value 'exampel' (did you mean 'example'?)",
    ]


def test_game_recipe_overrides_template_defaults() -> None:
    recipe = parse_recipe({"pages": 2})
    assert recipe.pages == 2 and recipe.body_size == (7.5, 7.5) and recipe.columns == (3, 3)


def test_the_defaults_are_the_templates(tmp_path) -> None:
    """templates/quickref.yaml is the one source of defaults: change it and a recipe that says nothing follows."""
    import shutil

    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    template = tmp_path / "templates" / "quickref.yaml"
    template.write_text(template.read_text(encoding="utf-8").replace("body_size: [7.5, 7.5]", "body_size: [7.5, 9]"), encoding="utf-8")
    assert parse_recipe({}, templates=Templates(tmp_path / "templates")).body_size == (7.5, 9.0)
    template.write_text(template.read_text(encoding="utf-8").replace("    glossary: true ", "    # glossary: true "), encoding="utf-8")
    with pytest.raises(ConfigError) as error:
        parse_recipe({}, templates=Templates(tmp_path / "templates"))
    assert str(error.value) == "templates/quickref.yaml:17: options.recipe: missing 'glossary'"


def test_real_recipes_name_existing_sections(project_root, real_game) -> None:
    from pipeline.project import Project

    project = Project(project_root)
    for game_id in project.game_ids():
        config, _, document = real_game(game_id)
        for sheet in config.sheets:
            if sheet.kind == "quickref":
                assert select_sections(document, sheet.recipes["a4"]), game_id


def test_page_budget_may_differ_per_paper() -> None:
    recipe = {"pages": {"a4": 4, "letter": 5}}
    assert parse_recipe(recipe, paper="a4").pages == 4
    assert parse_recipe(recipe, paper="letter").pages == 5
    assert parse_recipe({"pages": 2}, paper="letter").pages == 2
    assert parse_recipe({"pages": {"letter": 5}}, paper="a4").pages is None
    with pytest.raises(ConfigError, match=r"recipe\.pages\.a5: not a paper \(did you mean 'a4'\?\)"):
        parse_recipe({"pages": {"a5": 3}}, paper="a4")


def test_a_missing_section_id_is_reported_at_the_line_that_names_it() -> None:
    data = parse_yaml("recipe:\n  sections:\n    - id: turno\n    - id: turnos\n  leave_out_ids: [historias]\n", display=DISPLAY)["recipe"]
    with pytest.raises(ConfigError) as error:
        select_sections(DOC, parse_recipe(data))
    assert str(error.value).splitlines() == [
        f"{DISPLAY}:4: recipe.sections[1]: no section with id 'turnos' (closest: turno, turno/acciones)",
        f"{DISPLAY}:5: recipe.leave_out_ids[0]: no section with id 'historias' (closest: historia)",
    ]


def test_columns_the_page_cannot_hold_are_an_error_at_the_recipe(tmp_path) -> None:
    import shutil

    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    template = tmp_path / "templates" / "quickref.yaml"
    template.write_text(template.read_text(encoding="utf-8").replace("gutter_mm: 3.5", "gutter_mm: 30"), encoding="utf-8")
    templates = Templates(tmp_path / "templates")
    assert parse_recipe({"columns": 3}, templates=templates).columns == (3, 3)
    with pytest.raises(ConfigError) as error:
        parse_recipe({"columns": [2, 5]}, templates=templates, line=7)
    assert str(error.value) == (
        f"{DISPLAY}:7: recipe.columns: 5 columns with 30 mm between them leave 14.6 mm for each on a4 (at least 20 mm): "
        "use fewer columns or a smaller gutter (page from templates/quickref.yaml)"
    )
