"""Reading order: a scrambled text's chunks put back in the order game.yaml states, and a recipe's order of play."""

from __future__ import annotations

import re

import pytest

from pipeline.errors import ConfigError
from pipeline.model import Block, CleanLine, CleanText, Document, GameInfo, Section
from pipeline.sheets.quickref.recipe import in_order
from pipeline.split import split
from pipeline.split.order import missing_chunks, reading_order
from pipeline.structure import SplitOptions

GAME = GameInfo(id="demo", title_es="Demo", title_en="Demo")


def _lines(*texts: str) -> tuple[CleanLine, ...]:
    return tuple(CleanLine(text, number, number) for number, text in enumerate(texts, start=1))


def test_chunks_are_read_in_the_stated_order_and_keep_their_line_numbers() -> None:
    lines = _lines("Intro", "CAPÍTULO B", "texto b", "CAPÍTULO A", "texto a", "CAPÍTULO C", "texto c")
    chunks = tuple(re.compile(p) for p in ("^CAPÍTULO A$", "^CAPÍTULO B$", "^CAPÍTULO C$"))
    ordered = reading_order(lines, chunks)
    assert [line.text for line in ordered] == ["Intro", "CAPÍTULO A", "texto a", "CAPÍTULO B", "texto b", "CAPÍTULO C", "texto c"]
    assert sorted(line.first for line in ordered) == list(range(1, 8))  # nothing added, nothing dropped
    assert reading_order(lines, ()) == lines
    assert missing_chunks(lines, (re.compile("^NADA$"),)) == ["^NADA$"]


def test_a_pattern_listed_twice_takes_its_next_match() -> None:
    lines = _lines("NOTAS", "uno", "OTRO", "dos", "NOTAS", "tres")
    chunks = tuple(re.compile(p) for p in ("^OTRO$", "^NOTAS$", "^NOTAS$"))
    assert [line.text for line in reading_order(lines, chunks)] == ["OTRO", "dos", "NOTAS", "uno", "NOTAS", "tres"]


def test_a_chunk_that_is_not_in_the_text_is_a_warning_naming_game_yaml_and_an_error_when_strict() -> None:
    """An edit (a correction of the line a chunk names) must not fail the game: as a stale correction, it warns."""
    cleaned = CleanText(game="demo", lines=_lines("Reglas", "Texto de las reglas."), report=())
    options = SplitOptions(chunks=(re.compile("^FALTA$"),))
    document = split(cleaned, game=GAME, options=options)
    assert [section.title for section in document.sections] == ["Reglas"]
    assert len(document.warnings) == 1
    assert re.search(r"sources/demo/game.yaml.*options.split.chunks.*'\^FALTA\$'.*posted order", document.warnings[0])
    with pytest.raises(ConfigError, match=r"sources/demo/game.yaml.*options.split.chunks.*'\^FALTA\$'"):
        split(cleaned, game=GAME, options=options, strict=True)


def _section(section_id: str, level: int, parent: str | None = None) -> Section:
    return Section(section_id, section_id.rsplit("/", 1)[-1].title(), level, "rules", (Block("paragraph", "x", 1, 1),), 1, 1, parent)


def test_a_recipe_order_moves_subtrees_and_a_subsection_named_later_keeps_its_place() -> None:
    sections = [
        _section("ano", 1),
        _section("ano/fondos", 2, "ano"),
        _section("ano/fin", 2, "ano"),
        _section("turno", 1),
        _section("setup", 1),
    ]
    document = Document(game=GAME, sections=tuple(sections))
    ordered = in_order(document, sections, ("setup", "ano", "turno", "ano/fin"))
    assert [(s.id, s.level) for s in ordered] == [("setup", 1), ("ano", 1), ("ano/fondos", 2), ("turno", 1), ("ano/fin", 1)]
    assert [s.id for s in in_order(document, sections, ("Turno",))] == ["turno", "ano", "ano/fondos", "ano/fin", "setup"]  # a title will do
    with pytest.raises(ConfigError, match="recipe.order: no printed section with id or title 'turnos'.*closest: turno"):
        in_order(document, sections, ("turnos",))


@pytest.mark.parametrize("name", ["chapters", "card_groups", "cards", "run_in", "not_headings"])
def test_a_split_hint_that_matches_no_line_is_a_warning_and_an_error_when_strict(name: str) -> None:
    """issue 25: every pattern a user wrote that matches nothing is said; the patterns that match stay silent."""
    cleaned = CleanText(game="demo", lines=_lines("REGLAS", "Ataque. Tira un dado.", "Impacto: un daño."), report=())
    used = {"chapters": "^REGLAS$", "card_groups": "^Reglas$", "cards": "^Impacto$", "run_in": r"^Ataque\.", "not_headings": "^REGLAS$"}
    assert split(cleaned, game=GAME, options=SplitOptions(**{name: (re.compile(used[name], re.IGNORECASE),)})).warnings == ()
    options = SplitOptions(**{name: (re.compile("^NADA QUE VER$"),)})
    [warning] = split(cleaned, game=GAME, options=options).warnings
    assert warning.startswith(f"sources/demo/game.yaml: options.split.{name}: '^NADA QUE VER$' matches no line of the text")
    with pytest.raises(ConfigError, match=rf"options.split.{name}: '\^NADA QUE VER\$' matches no line"):
        split(cleaned, game=GAME, options=options, strict=True)


def test_a_hint_that_matches_nothing_names_the_game_yaml_line_that_gives_it(tmp_path) -> None:
    """issue 25: the warning names the line of game.yaml the pattern or phrase is on, as a recipe's or a correction's does."""
    from pipeline.build.stages import prepare
    from pipeline.project import Project
    from tests.test_cli_output import make_project

    root = make_project(tmp_path)
    (root / "sources/uno/game.yaml").write_text(
        'title_es: "Uno"\noptions:\n  split:\n    not_headings:\n      - "^FASE FINAL$"\n      - "^NADA QUE VER$"\n'
        '    chunks: "^TAMPOCO$"\n  clean:\n    noise_phrases: [un abrazo]\n', encoding="utf-8")
    _, _, document = prepare(Project(root), "uno")
    assert sorted(warning.split(": options.")[0] for warning in document.warnings) == [
        "sources/uno/game.yaml:6", "sources/uno/game.yaml:7", "sources/uno/game.yaml:9"], document.warnings
