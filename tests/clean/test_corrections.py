"""corrections.yaml: loading with clear errors, applying in order, and warnings (or --strict errors) for stale entries."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.clean import clean
from pipeline.clean.corrections import apply_corrections, load_corrections
from pipeline.cli import main
from pipeline.errors import ConfigError
from pipeline.model import RawText

from ..conftest import ROOT


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "corrections.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def raw_of(text: str) -> RawText:
    return RawText(game="test", path="raw.txt", text=text, encoding="utf-8", sha256="0")


def test_missing_file_means_no_corrections(tmp_path: Path) -> None:
    assert load_corrections(tmp_path / "corrections.yaml", display="c.yaml") == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('- find: "a"\n  regex: "b"\n  replace: "c"\n', r"c.yaml:1: corrections\[1\]: give exactly one of 'find'"),
        ('- find: "a"\n', r"c.yaml:1: corrections\[1\]: missing 'replace'"),
        ('- find: "a"\n  replace: "b"\n- regex: "(unclosed"\n  replace: "x"\n', r"c.yaml:3: corrections\[2\]: bad regex"),
        ('- find: "a"\n  replace: "b"\n  expect: -1\n', r"'expect' must be a count"),
        ('- find: "a"\n  replace: "b"\n  colour: red\n', r"unknown field 'colour'"),
        ("just text\n", r"expected a list of corrections, got text"),
        # issue 25: an entry without its dash, a scalar entry, a wrong type: said at the line, in words.
        ('find: "a"\nreplace: "b"\n', r"c.yaml:1: a correction is an entry of a list: start it with '- find:'"),
        ('- find: "a"\n  replace: "b"\n- 3\n', r"c.yaml:3: corrections\[2\]: expected a mapping, got a number"),
        ('- find: "a"\n  replace: "b"\n  expect: "dos"\n', r"c.yaml:3: corrections\[1\]: 'expect' must be a number, got text"),
        ("- find: [\n", r"c.yaml:\d+: YAML error"),
    ],
)
def test_bad_files_name_the_file_line_and_entry(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_corrections(write(tmp_path, text), display="c.yaml")


def test_corrections_apply_in_order_literal_and_regex(tmp_path: Path) -> None:
    corrections = load_corrections(
        write(
            tmp_path,
            '- find: "cada Otros"\n  replace: "entre sí"\n'
            '- regex: "\\\\bOtros\\\\b"\n  replace: "otros"\n'
            '- find: "PER"\n  replace: "\\\\1 por"\n'
            '- regex: "\\\\b([Uu])n barco\\\\b"\n  replace: "\\\\1na nave"\n',
        ),
        display="c.yaml",
    )
    text, applied = apply_corrections("Un barco PER hora y los Otros luchan con cada Otros.", corrections)
    # Literal replacements are inserted as written (no group references, no escapes).
    assert text == "Una nave \\1 por hora y los otros luchan con entre sí."
    assert [change.correction.index for change in applied] == [1, 2, 3, 4]


def test_clean_reports_each_corrected_line_and_warns_about_stale_entries(tmp_path: Path) -> None:
    corrections = load_corrections(
        write(
            tmp_path,
            '- find: "barco"\n  replace: "nave"\n  note: "ship"\n'
            '- find: "nunca aparece"\n  replace: "x"\n'
            '- find: "nave"\n  replace: "nave"\n  expect: 5\n',
        ),
        display="c.yaml",
    )
    result = clean(raw_of("El barco dispara.\nOtra línea."), corrections=corrections)
    assert result.lines[0].text == "El nave dispara."
    corrected = [record for record in result.report if record.action == "correct"]
    assert corrected[0].line == 1 and "ship" in corrected[0].reason and corrected[0].original == "El barco dispara."
    assert any("c.yaml:4: correction 2 (find: 'nunca aparece') matched nothing" in warning for warning in result.warnings)
    assert any("correction 3" in warning and "expected 5" in warning for warning in result.warnings)
    with pytest.raises(ConfigError, match=r"c.yaml:4: correction 2 .* matched nothing"):
        clean(raw_of("El barco dispara."), corrections=corrections, strict=True)


def test_cli_clean_strict_fails_on_a_stale_correction(project_copy: Path) -> None:
    path = project_copy / "sources" / "galaxy-defenders" / "corrections.yaml"
    path.write_text('- find: "texto que no existe"\n  replace: "x"\n', encoding="utf-8")
    runner = CliRunner()
    relaxed = runner.invoke(main, ["--root", str(project_copy), "clean", "galaxy-defenders"])
    assert relaxed.exit_code == 0
    assert (
        "warning: sources/galaxy-defenders/corrections.yaml:1: correction 1 (find: 'texto que no existe') matched nothing" in relaxed.output
    )
    strict = runner.invoke(main, ["--root", str(project_copy), "clean", "galaxy-defenders", "--strict"])
    assert strict.exit_code == 2
    assert "correction 1 (find: 'texto que no existe') matched nothing" in strict.output


def test_cli_report_lists_line_action_reason_original(project_copy: Path) -> None:
    result = CliRunner().invoke(main, ["--root", str(project_copy), "clean", "alternity-warships", "--report"])
    assert result.exit_code == 0, result.output
    rows = [row.split("\t") for row in result.output.splitlines()]
    assert rows[0] == ["line", "action", "reason", "original"]
    assert all(len(row) == 4 and row[0].isdigit() for row in rows[1:])
    assert any(row[1] == "correct" and "PER" in row[3] for row in rows[1:])


def test_a_stale_correction_names_the_closest_raw_text_with_line_and_similarity(tmp_path: Path) -> None:
    corrections = load_corrections(write(tmp_path, '- find: "puedes hacar tantas acciones"\n  replace: "x"\n'), display="c.yaml")
    result = clean(raw_of("REGLAS\n\nEn tu turno puedes hacer tantas acciones como quieras.\n"), corrections=corrections)
    assert result.warnings == (
        "c.yaml:1: correction 1 (find: 'puedes hacar tantas acciones') matched nothing; "
        "closest raw text: line 3 (96 % similar): 'puedes hacer tantas acciones'",
    )


def test_a_correction_whose_text_an_earlier_one_changed_says_which(tmp_path: Path) -> None:
    """Two entries for one typo: the second finds its text 100 % in raw.txt yet matches nothing; the warning says why."""
    yaml_text = '- find: "roba una carrta"\n  replace: "roba una carta"\n- find: "carrta"\n  replace: "carta"\n'
    corrections = load_corrections(write(tmp_path, yaml_text), display="c.yaml")
    result = clean(raw_of("REGLAS\n\nCada jugador roba una carrta.\n"), corrections=corrections)
    assert result.warnings == (
        "c.yaml:3: correction 2 (find: 'carrta') matched nothing; closest raw text: line 3 (100 % similar): 'carrta'"
        " (correction 1, c.yaml:1, changed that line first: corrections apply in file order, each to the text the ones"
        " before it left)",
    )


def test_a_stale_correction_says_when_the_cleaner_drops_the_closest_line(tmp_path: Path) -> None:
    corrections = load_corrections(write(tmp_path, '- find: "Gracias por la traduccion"\n  replace: "x"\n'), display="c.yaml")
    result = clean(raw_of("REGLAS\n\nCada jugador roba una carta.\n\nGracias por la traducción!!\n"), corrections=corrections)
    assert len(result.warnings) == 1
    assert result.warnings[0].startswith(
        "c.yaml:1: correction 1 (find: 'Gracias por la traduccion') matched nothing; closest raw text: line 5 ("
    )
    assert "(the cleaner drops that line: " in result.warnings[0]


def test_nothing_close_gives_no_hint(tmp_path: Path) -> None:
    corrections = load_corrections(write(tmp_path, '- find: "zzzz qqqq"\n  replace: "x"\n'), display="c.yaml")
    assert clean(raw_of("Cada jugador roba una carta.\n"), corrections=corrections).warnings == (
        "c.yaml:1: correction 1 (find: 'zzzz qqqq') matched nothing",
    )


@pytest.mark.parametrize(
    "copied",
    [
        "los escudos ‹Shields› absorben “un” daño",  # the English tag and typographic quotes of a sheet
        "los escudos ¶ absorben 'un' daño",  # a paragraph mark, other quotes
        "los   escudos\nabsorben \"un\"  daño",  # other spacing
    ],
)
def test_a_find_copied_from_a_sheet_matches_the_source(tmp_path: Path, copied: str) -> None:
    import yaml

    text = yaml.safe_dump([{"find": copied, "replace": "los escudos absorben un punto de daño"}], allow_unicode=True)
    corrections = load_corrections(write(tmp_path, text), display="c.yaml")
    result = clean(raw_of('REGLAS\n\nSiempre los escudos absorben "un" daño.\n'), corrections=corrections)
    assert result.warnings == ()
    assert [line.text for line in result.lines if "escudos" in line.text] == ["Siempre los escudos absorben un punto de daño."]


HEADED = "FASE DE ACCIÓN\nCada jugador puede hacer dos acciones.\n\nFASE DE RECUENTO\nSe cuentan los puntos.\n"


def _document(tmp_path: Path, corrections_text: str):
    from pipeline.model import GameInfo
    from pipeline.split import split

    corrections = load_corrections(write(tmp_path, corrections_text), display="c.yaml")
    cleaned = clean(raw_of(HEADED), corrections=corrections)
    return split(cleaned, game=GameInfo(id="test", title_es="Test", title_en="Test"))


def test_a_corrected_heading_keeps_its_id_unless_told_otherwise(tmp_path: Path) -> None:
    kept = _document(tmp_path, '- find: "RECUENTO"\n  replace: "PUNTUACIÓN"\n')
    assert [(s.id, s.title) for s in kept.sections] == [("fase-de-accion", "Fase de acción"), ("fase-de-recuento", "Fase de puntuación")]
    assert kept.renamed_ids == ()
    pinned = _document(tmp_path, '- find: "RECUENTO"\n  replace: "PUNTUACIÓN"\n  keep_id: true\n')
    assert [s.id for s in pinned.sections] == [s.id for s in kept.sections]
    renamed = _document(tmp_path, '- find: "RECUENTO"\n  replace: "PUNTUACIÓN"\n  keep_id: false\n')
    assert [s.id for s in renamed.sections] == ["fase-de-accion", "fase-de-puntuacion"]
    assert [(r.old, r.new, r.where) for r in renamed.renamed_ids] == [("fase-de-recuento", "fase-de-puntuacion", "c.yaml:1")]
    named = _document(tmp_path, '- find: "RECUENTO"\n  replace: "PUNTUACIÓN"\n  keep_id: final\n')
    assert [s.id for s in named.sections] == ["fase-de-accion", "final"]


@pytest.mark.parametrize(
    ("heading", "find", "replace", "kept"),
    [
        ("Página 23 - COMPONENTES", "Página 23 - COMPONENTES", "Página 23 - PIEZAS DE LA NAVE", "componentes"),
        ("Página 23 - COMPONENTES", "COMPONENTES", "PIEZAS", "componentes"),
        ("2.1. Fase de acción", "2.1. Fase de acción", "2.1. Fase de acciones", "fase-de-accion"),
        ("## Preparación", "Preparación", "Preparación del juego", "preparacion"),
    ],
)
def test_a_corrected_heading_keeps_the_id_its_whole_old_title_gave(tmp_path: Path, heading, find, replace, kept) -> None:
    """The old title is read by the heading recogniser from the uncorrected line (not cut by a character diff)."""
    from pipeline.model import GameInfo
    from pipeline.split import split

    corrections = load_corrections(write(tmp_path, f'- find: "{find}"\n  replace: "{replace}"\n'), display="c.yaml")
    text = f"Intro del juego.\n\n{heading}\nCada jugador roba una carta.\n\nFIN DEL JUEGO\nGana quien tenga más puntos.\n"
    cleaned = clean(raw_of(text), corrections=corrections)
    document = split(cleaned, game=GameInfo(id="test", title_es="Test", title_en="Test"))
    assert kept in [section.id.rsplit("/", 1)[-1] for section in document.sections]


def test_a_recipe_naming_an_id_a_correction_changed_says_so(tmp_path: Path) -> None:
    from pipeline.sheets.config import Templates, read_recipe_on
    from pipeline.sheets.quickref.recipe import select_sections

    document = _document(tmp_path, '- find: "RECUENTO"\n  replace: "PUNTUACIÓN"\n  keep_id: false\n')
    recipe = read_recipe_on(Templates(ROOT / "templates"), "quickref", {"leave_out_ids": ["fase-de-recuento"]},
                            paper="a4", path="game.yaml", line=3)
    with pytest.raises(ConfigError) as failure:
        select_sections(document, recipe)
    assert str(failure.value) == (
        "game.yaml:3: recipe.leave_out_ids[0]: no section with id 'fase-de-recuento': the correction at c.yaml:1 changed its "
        "heading, so its id is now 'fase-de-puntuacion' (it says `keep_id: false`); drop that line of the correction, or name "
        "'fase-de-puntuacion' here"
    )


def test_keep_id_must_be_true_or_an_id(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"c.yaml:1: corrections\[1\]: keep_id must be true, false or an id"):
        load_corrections(write(tmp_path, '- find: "a"\n  replace: "b"\n  keep_id: "Con Espacios"\n'), display="c.yaml")


def test_a_heading_a_correction_moves_takes_its_id_along(tmp_path: Path) -> None:
    """The old title heads another section after the corrections: that section has the id, the line it left gets its new title's."""
    moved = _document(tmp_path, '- find: "FASE DE ACCIÓN"\n  replace: "PREPARACIÓN"\n'
                                '- find: "FASE DE RECUENTO"\n  replace: "FASE DE ACCIÓN"\n')
    assert [(s.id, s.title) for s in moved.sections] == [("preparacion", "Preparación"), ("fase-de-accion", "Fase de acción")]
    assert [(r.old, r.new) for r in moved.renamed_ids] == [("fase-de-recuento", "fase-de-accion")]  # a recipe naming it is told


def test_a_clean_hint_the_text_never_uses_is_a_warning_and_an_error_when_strict() -> None:
    """issue 25: every word or phrase of options.clean that matches nothing is said (it does nothing)."""
    from pipeline.clean.resources import CleanOptions

    options = CleanOptions(place_names=("Nueva Frontera",), noise_phrases=("saludos a todos", "un abrazo"))
    text = "REGLAS\n\nLa nave parte de Nueva Frontera.\n\nSaludos a todos los jugadores.\n"
    warnings = clean(raw_of(text), options=options).warnings
    assert [warning for warning in warnings if "options.clean" in warning] == [
        "sources/test/game.yaml: options.clean.noise_phrases: 'un abrazo' occurs nowhere in the text; the hint does nothing:"
        " fix its spelling or remove it"]
    with pytest.raises(ConfigError, match=r"options.clean.noise_phrases: 'un abrazo' occurs nowhere"):
        clean(raw_of(text), options=options, strict=True)


def test_a_near_miss_is_never_called_100_percent_similar(tmp_path: Path) -> None:
    """One letter off in a long find is 99.x % similar: rounded, the warning said "100 % similar" of a text
    the correction did not match."""
    find = " ".join(["cada jugador roba dos cartas del mazo de suministros al comienzo de su turno, salvo en la primera ronda,"] * 3)
    corrections = load_corrections(write(tmp_path, f'- find: "{find}"\n  replace: "x"\n'), display="c.yaml")
    result = clean(raw_of("REGLAS\n\n" + find.replace("suministros", "sumimistros", 1) + ".\n"), corrections=corrections)
    assert len(result.warnings) == 1 and "% similar" in result.warnings[0]
    assert "(100 % similar)" not in result.warnings[0]


def test_a_line_without_a_corrections_needle_is_not_searched_and_the_rest_match_as_before() -> None:
    from pipeline.clean.corrections import Correction

    plain = Correction(index=1, pattern=r"\bhacar\b", replace="hacer", literal=False)
    folded = Correction(index=2, pattern=r"(?i)\bpuede\b", replace="podrá", literal=False)
    quoted = Correction(index=3, pattern="dijo «hola» ya", replace="dijo adiós")
    assert (plain.needle, folded.needle, quoted.needle) == ("hacar", "", "dijo")
    text, applied = apply_corrections('PUEDE hacar dos cosas; dijo "hola"  ya.', (plain, folded, quoted))
    assert text == "podrá hacer dos cosas; dijo adiós." and [change.correction.index for change in applied] == [1, 2, 3]
    assert apply_corrections("nada que ver", (plain, quoted)) == ("nada que ver", [])
