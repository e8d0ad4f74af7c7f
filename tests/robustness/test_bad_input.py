"""Bad input through the real command line: exit code, a message naming file and line, nothing half-written."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pipeline.cli import main
from pipeline.ingest.limits import MAX_SOURCE_CHARS

from .helpers import TINY, assert_builds, assert_fails_cleanly, raw, run, snapshot

# -- game ids and folders ---------------------------------------------------------------------------


def test_unknown_game_lists_the_games_found(tiny: Path) -> None:
    assert_fails_cleanly(tiny, ("build", "nope"), "error: sources: unknown game 'nope'", "games found: tiny")


@pytest.mark.parametrize("game_id", ["../tiny", "a/b", "..", "sources/../tiny", "Tiny", "a\\b"])
def test_game_id_with_path_parts_is_refused(tiny: Path, game_id: str) -> None:
    assert_fails_cleanly(tiny, ("build", game_id), f"invalid game id {game_id!r}", "no paths, no '..'")


def test_game_folder_without_raw_txt(tiny: Path) -> None:
    (tiny / "sources" / "empty").mkdir()
    message = (
        "error: sources/empty: game 'empty' has no source file (raw.txt, raw.md, raw.html, raw.pdf, raw.docx, raw.odt, raw.epub or raw.rtf)"
    )
    assert_fails_cleanly(tiny, ("build", "empty"), message)


def test_commands_other_than_build_refuse_bad_ids_too(tiny: Path) -> None:
    for command in ("clean", "sections"):
        result = run(tiny, command, "../etc")
        assert result.exit_code == 2 and "invalid game id '../etc'" in result.output


# -- raw.txt encodings and shapes ----------------------------------------------------------------------


def test_cp1252_builds_with_a_warning_naming_encoding_and_line(tiny: Path) -> None:
    raw(tiny).write_bytes(TINY.encode("utf-8") + "\nEl cañón “dispara” — y cuesta 3€.\n\nFIN\n\nÚltima línea.\n".encode("cp1252"))
    text = assert_builds(tiny, "warning: sources/tiny/raw.txt:7: not valid UTF-8; read as cp1252; check its accents on the proof page,"
                               " then save the file as UTF-8 in your editor")
    assert "El cañón “dispara” — y cuesta 3€." in text


def test_latin1_bytes_cp1252_cannot_decode_fall_back_to_latin1(tiny: Path) -> None:
    # 0x81 is undefined in cp1252; latin-1 reads every byte.
    raw(tiny).write_bytes(TINY.encode("latin-1") + b"\nEl ni\xf1o \x81 juega en espa\xf1ol.\n\nFIN\n\nOtra.\n")
    text = assert_builds(tiny, "read as latin-1")
    assert "niño juega en español" in text


def test_utf8_bom_builds_and_is_not_printed(tiny: Path) -> None:
    raw(tiny).write_bytes(b"\xef\xbb\xbf" + TINY.encode("utf-8"))
    result = run(tiny, "sections", "tiny")
    assert result.exit_code == 0, result.output
    assert "\ufeff" not in result.output and result.output.lower().startswith("reglas generales")
    assert_builds(tiny)


def test_mixed_line_endings_count_lines_like_an_editor(tiny: Path) -> None:
    raw(tiny).write_bytes(b"REGLAS\r\n\r\nuno\rdos\nTRES COSAS\r\ncuatro\n")
    result = run(tiny, "sections", "tiny")
    assert result.exit_code == 0, result.output
    # \r\n, \r and \n each end one line: "uno\rdos" is lines 3 and 4, so the next heading is line 5.
    assert "lines 1-4" in result.output and "tres cosas" in result.output.lower() and "lines 5-" in result.output
    assert "\r" not in result.output
    assert_builds(tiny)


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"REGLAS\nuno\x00dos\n", "error: sources/tiny/raw.txt:2: binary content (NUL byte)"),
        (bytes(range(1, 32)) * 40, "error: sources/tiny/raw.txt: binary content"),
        (b"", "error: sources/tiny/raw.txt: no text: the file is empty or only whitespace"),
        (b"  \n\t\r\n \n", "error: sources/tiny/raw.txt: no text: the file is empty or only whitespace"),
        ("\u00a0\u3000\n\u200b\u2060\ufeff \u2003\n".encode("utf-8"), "error: sources/tiny/raw.txt: no text"),
    ],
    ids=["nul", "control-bytes", "empty", "whitespace", "unicode-whitespace"],
)
def test_unusable_raw_txt_is_an_error_and_keeps_previous_outputs(tiny: Path, data: bytes, fragment: str) -> None:
    raw(tiny).write_bytes(data)
    assert_fails_cleanly(tiny, ("build", "tiny"), fragment)


def test_half_a_megabyte_line_builds_without_hanging(tiny: Path) -> None:
    """One huge line (a dump that lost its line breaks), near the longest source refsheets reads, builds
    through every stage: one line of some 8,000 sentences for every per-line heuristic and regex of the
    cleaner and splitter, a sheet of about fifty pages; anything quadratic in the line's length meets the
    timeout."""
    sentence = "El jugador activo roba una carta de amenaza y la resuelve. "
    raw(tiny).write_text("REGLAS\n" + sentence * (MAX_SOURCE_CHARS * 4 // 5 // len(sentence)), encoding="utf-8")
    completed = subprocess.run(
        [str(Path(sys.executable).parent / "refsheets"), "--root", str(tiny), "build", "tiny"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert completed.returncode == 0, completed.stderr
    reader = PdfReader(tiny / "output" / "tiny" / "tiny-quickref.pdf")
    assert len(reader.pages) > 20
    assert "roba una carta" in (reader.pages[3].extract_text() or "")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("REGLAS\n\n" + "El jugador roba una carta y la juega.\n\n" * 16_000, "characters on 32,003 lines: longer than one game's rules"),
        ("REGLAS\n" + "x" * (4 * MAX_SOURCE_CHARS + 1), "bytes: longer than one game's rules"),
    ],
    ids=["lines", "bytes"],
)
def test_a_source_longer_than_any_rulebook_is_refused_at_once(tiny: Path, text: str, fragment: str) -> None:
    raw(tiny).write_text(text, encoding="utf-8")
    assert_fails_cleanly(tiny, ("build", "tiny"), "error: sources/tiny/raw.txt: ", fragment, "split it into one game per book")


# -- text that looks like markup, or that no font draws ------------------------------------------------

NASTY = (
    "REGLAS\n\n"
    "Usa <b>negrita</b> y </para> y <font name=x> sin cerrar.\n"
    "Entidades: &amp; & &lt; &#169; &nosuch; a < b > c.\n"
    "Control:\x07\x1b[31m rojo\x7f fin.\n"
    "Emoji 😀 👍🏽 👨\u200d👩\u200d👧 y CJK 中文.\n"
    "RTL: שלום y \u202eoverride\u202c y \u200fmarca.\n"
    "Cero\u200bancho y sepa\u00adración y \ufeffbom.\n"
)


def test_markup_lookalikes_and_exotic_characters_build(tiny: Path) -> None:
    raw(tiny).write_text(NASTY, encoding="utf-8")
    text = assert_builds(tiny, "warning: tiny: the font", "U+4E2D", "U+1F44D")
    # (pypdf cannot extract the emoji DejaVu does draw, so only the word before it is checked.)
    flowing = " ".join(text.split())  # three columns wrap the line where they like
    for kept in ("<b>negrita</b>", "</para>", "&amp; & &lt; &#169; &nosuch; a < b > c", "Emoji", "separación"):
        assert kept in flowing
    assert "\x07" not in text and "\x1b" not in text


def test_missing_glyphs_are_reported_once_per_build(tiny: Path) -> None:
    raw(tiny).write_text("REGLAS\n\n中 uno\n\nOTRA SECCIÓN\n\n中 dos 中\n", encoding="utf-8")
    result = run(tiny, "build", "tiny", "--force")
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "'中' U+4E2D CJK UNIFIED IDEOGRAPH-4E2D ×3" in warnings[0], result.output


# -- YAML -----------------------------------------------------------------------------------------------


def game_yaml(root: Path, text: str) -> None:
    (root / "sources" / "tiny" / "game.yaml").write_text(text, encoding="utf-8")


BOMB = "".join(f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9) if n else ', '.join(['x'] * 9)}]\n" for n in range(9))


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("title_es: Juego\ncredits: [a, b\npaper: a4\n",
         ("sources/tiny/game.yaml:2: YAML error: the [ opened on this line is not closed with ] (or a comma is missing between "
          "its items)",)),
        ('title_es: Juego\ntitle_en: "Unclosed\npaper: a4\nsheets:\n  - name: quickref\n    template: quickref\n',
         ('sources/tiny/game.yaml:2: YAML error: the quote " opened on this line is never closed; end the text with "',)),
        ("title_es: 3\n", ("sources/tiny/game.yaml:1: title_es: must be text, got a number 3 (put it in quotes)",)),
        ("title_es: Juego\ncolour: red\n", (
         "sources/tiny/game.yaml:2: unknown field 'colour' "
         "(allowed: credits, icons, limits, options, paper, publisher, sheets, title_en, title_es)",)),
        ("title_es: Juego\ntitle: Juego\n", ("sources/tiny/game.yaml:2: unknown field 'title' (did you mean 'title_es'?)",)),
        ("title_es: Juego\npaper: a5\n", ("sources/tiny/game.yaml:2: paper: unknown value 'a5' (allowed: a4, letter)",)),
        ("- just\n- a list\n", ("sources/tiny/game.yaml:1: expected a mapping (key: value lines), got a list ['just', 'a list']",)),
        (
            "title_es: !!python/object/apply:os.system ['touch /tmp/pwned']\n",
            ("sources/tiny/game.yaml:1: YAML error: tag not allowed",),
        ),
        ("title_es: Uno\ntitle_es: Dos\n", ("sources/tiny/game.yaml:2: duplicate key 'title_es' (first on line 1)",)),
        ("sheets:\n  - name: quickref\n  - name: quickref\n", (
         "sources/tiny/game.yaml:3: sheets[1].name: sheet 'quickref' is declared twice (first on line 2)",)),
        ("sheets:\n  - name: quickref\n    recipe:\n      body_size: .nan\n",
         ("sources/tiny/game.yaml:4: sheets[0].recipe.body_size: must be a number from 7.5 to 14 pt, got .nan",)),
        ("sheets:\n  - name: quickref\n    recipe:\n      columns: [2, 9]\n",  # wrong for both papers, said once
         ("sources/tiny/game.yaml:4: sheets[0].recipe.columns: must be a whole number from 1 to 5, got 9 in [2, 9]",)),
        ("sheets:\n  - name: evil\n    template: ../../outside/evil\n",
         ("sources/tiny/game.yaml:3: sheets[0].template: '../../outside/evil' is not a template name: name a file of templates/ "
          "without '.yaml' (letters, digits, '-', '_'; templates: base, cards, quickref)",)),
        ("sheets:\n  - name: dice\n    template: cardz\n", (
         "sources/tiny/game.yaml:3: sheets[0].template: no template 'cardz' in templates/ (did you mean 'cards'?)",)),
        ("sheets:\n  - name: quickref\n    template: base\n",
         ("sources/tiny/game.yaml:3: sheets[0].template: template 'base' makes no sheet (it sets no options.kind): "
          "use one that does, such as quickref, cards, or one that extends them",)),
        (BOMB, ("sources/tiny/game.yaml:1: YAML error: aliases (*name) expand 28 written values to 490,329,064; ",
                "refused as a 'billion laughs' document: write the values out instead of nesting aliases")),
    ],
    ids=["syntax", "unclosed-quote", "wrong-type", "unknown-key", "misspelt-key", "bad-paper", "not-a-mapping", "python-tag",
         "duplicate-key", "duplicate-sheet", "nan", "columns", "template-climbs-out", "unknown-template", "base-template",
         "billion-laughs"],
)
def test_bad_game_yaml(tiny: Path, text: str, fragments: tuple[str, ...]) -> None:
    game_yaml(tiny, text)
    assert_fails_cleanly(tiny, ("build", "tiny"), *fragments)
    assert_fails_cleanly(tiny, ("list",), *fragments)


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        (
            "terms:\n  - es: amenaza\n    en: threat\n  - es: Amenaza\n    en: Threat\n",
            ("glossaries/tiny.yaml:4:", "duplicate es 'Amenaza'", "terms[1]"),
        ),
        ("terms:\n  - es: amenaza\n    en: threat\n    en: menace\n", ("glossaries/tiny.yaml:4:", "duplicate key 'en'")),
        ("terms:\n  - es: amenaza\n    en: [threat]\n",
         ("glossaries/tiny.yaml:3: terms[1] (es: 'amenaza'): 'en' must be text, got a list",)),
        # The entries written without 'terms:' above them: said in words, not as the loader's type names.
        ("- es: amenaza\n  en: threat\n",
         ("glossaries/tiny.yaml:1: glossary: expected a mapping, got a list (its entries go under 'terms:'",)),
        ("terms:\n  - es: amenaza\n    english: threat\n",
         ("glossaries/tiny.yaml:3: terms[1] (es: 'amenaza'): unknown field 'english' (allowed: en, es, kind, note, variants, verified)",)),
        ("terms:\n  - es: amenaza\n    en: threat\n  - !!python/object:builtins.dict {}\n", ("glossaries/tiny.yaml:4:", "tag not allowed")),
    ],
    ids=["duplicate-entry", "duplicate-key", "wrong-type", "entries-without-terms", "unknown-key", "python-tag"],
)
def test_bad_glossary(tiny: Path, text: str, fragments: tuple[str, ...]) -> None:
    (tiny / "glossaries" / "tiny.yaml").write_text(text, encoding="utf-8")
    assert_fails_cleanly(tiny, ("build", "tiny", "--force"), *fragments)


def test_template_naming_a_missing_font(tiny: Path) -> None:
    base = tiny / "templates" / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8").replace("DejaVuSansCondensed-Bold.ttf", "NoSuchFont-Bold.ttf"), encoding="utf-8")
    # The message names base.yaml, which declares the font, though quickref.yaml is the template being built.
    assert_fails_cleanly(tiny, ("build", "tiny", "--force"),
        "templates/base.yaml:6: fonts.bold: font file 'fonts/NoSuchFont-Bold.ttf' not found under templates/")


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("base", 'color: "#1d3557"}', 'color: "rojo oscuro"}',
         "templates/base.yaml:14: styles.title.color: 'rojo oscuro' is not a colour: write it as #rrggbb, e.g. #1d3557"),
        ("quickref", "gutter_mm: 3.5", "gutter_mm: -2",
         "templates/quickref.yaml:7: page.gutter_mm: must be a number from 0 to 30 mm, got -2"),
        ("quickref", "gutter_mm: 3.5", "gutter_mm: 500",
         "templates/quickref.yaml:7: page.gutter_mm: must be a number from 0 to 30 mm, got 500"),
        ("quickref", "columns: 3", "columns: .inf",
         "templates/quickref.yaml:6: page.columns: must be a whole number from 1 to 5, got .inf"),
        ("base", "  body: {size: 7.5,", "  body: {size: 7.5, colour: red,",
         "templates/base.yaml:19: styles.body: unknown field 'colour' (did you mean 'color'?)"),
    ],
    ids=["colour-name", "negative-gutter", "gutter-wider-than-the-page", "infinite-columns", "misspelt-style-key"],
)
def test_bad_template_values_are_errors_at_their_line(tiny: Path, no_cleaning, name: str, old: str, new: str, message: str) -> None:
    template = tiny / "templates" / f"{name}.yaml"
    text = template.read_text(encoding="utf-8")
    assert old in text
    template.write_text(text.replace(old, new, 1), encoding="utf-8")
    output = assert_fails_cleanly(tiny, ("build", "tiny"), message)  # the sheet was up to date: the template is read again
    assert "internal error" not in output


@pytest.fixture
def no_cleaning(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cleaning any text fails the test: configuration must be checked before it."""
    import pipeline.clean

    def clean(*args, **kwargs):
        raise AssertionError("cleaned a game whose configuration is invalid")

    # build/stages.py imports `clean` from pipeline.clean when a game is cleaned, so the stand-in goes there.
    monkeypatch.setattr(pipeline.clean, "clean", clean)


@pytest.mark.parametrize("force", [(), ("--force",)], ids=["after-a-build", "forced"])
def test_every_problem_of_game_yaml_is_listed_before_anything_is_cleaned(tiny: Path, no_cleaning, force: tuple[str, ...]) -> None:
    game_yaml(tiny, "titel_es: Tiny\npaper: A4\nsheets:\n  - name: quickref\n    recipe:\n      pages: 0\n      colums: 3\n")
    output = assert_fails_cleanly(tiny, ("build", "tiny", *force))
    assert [line for line in output.splitlines() if line.startswith("error:")] == [
        "error: sources/tiny/game.yaml:1: unknown field 'titel_es' (did you mean 'title_es'?)",
        "error: sources/tiny/game.yaml:2: paper: unknown value 'A4' (did you mean 'a4'?)",
        "error: sources/tiny/game.yaml:6: sheets[0].recipe.pages: must be a whole number from 1 to 100, got 0",
        "error: sources/tiny/game.yaml:7: sheets[0].recipe: unknown field 'colums' (did you mean 'columns'?)",
    ]


def test_recipe_naming_a_missing_section(tiny: Path) -> None:
    game_yaml(tiny, "sheets:\n  - name: quickref\n    recipe:\n      sections:\n        - id: no-such-section\n")
    assert_fails_cleanly(tiny, ("build", "tiny", "--force"), "sources/tiny/game.yaml", "'no-such-section'")


# -- where the output goes ------------------------------------------------------------------------------


def test_output_folder_that_cannot_be_created(tiny: Path, tmp_path: Path) -> None:
    """A path under a regular file: mkdir fails even for root (chmod would not stop root)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("keep me", encoding="utf-8")
    out = blocker / "sheets"
    before = snapshot(tiny)
    result = run(tiny, "build", "tiny", "--out", str(out))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert str(blocker) in result.output and ("Not a directory" in result.output or "cannot write" in result.output), result.output
    assert blocker.read_text(encoding="utf-8") == "keep me"
    after = snapshot(tiny)
    after.pop(".refsheets-cache/lock", None)
    before.pop(".refsheets-cache/lock", None)
    assert {name: data for name, data in after.items() if not name.startswith(".refsheets-cache")} == {
        name: data for name, data in before.items() if not name.startswith(".refsheets-cache")
    }


def test_unexpected_exception_is_one_line_not_a_traceback(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pipeline.project

    def broken(*args, **kwargs):
        raise ValueError("simulated bug")

    monkeypatch.setattr(pipeline.project.Project, "game_ids", broken)
    result = run(tiny, "list")
    assert result.exit_code == 1
    assert "error: internal error (ValueError: simulated bug)" in result.output and "--debug" in result.output
    debug = CliRunner().invoke(main, ["--root", str(tiny), "--debug", "list"])
    assert isinstance(debug.exception, ValueError)


def test_misspelt_stage_under_options_is_an_error(tiny: Path) -> None:
    game_yaml(tiny, "options:\n  splt:\n    chapters: ['^X$']\n")
    assert_fails_cleanly(tiny, ("build", "tiny", "--force"),
        "sources/tiny/game.yaml:2: options: unknown field 'splt' (did you mean 'split'?)")


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: b"junk, not a font",
         "templates/base.yaml:5: fonts.regular: font file 'fonts/DejaVuSansCondensed.ttf' is not a usable TrueType font (.ttf): "
         "it does not start with a TrueType header"),
        (lambda data: data[: len(data) // 2],
         "templates/base.yaml:5: fonts.regular: font file 'fonts/DejaVuSansCondensed.ttf' is truncated ("),
    ],
    ids=["not-truetype", "truncated"],
)
def test_font_file_that_is_not_truetype_is_a_clear_error(tiny: Path, damage, message: str) -> None:
    font = tiny / "templates" / "fonts" / "DejaVuSansCondensed.ttf"
    font.write_bytes(damage(font.read_bytes()))
    output = assert_fails_cleanly(tiny, ("build", "tiny", "--force"), message)
    assert "internal error" not in output


def test_font_whose_tables_are_damaged_is_a_clear_error_naming_the_template(tiny: Path) -> None:
    """A whole table directory but garbage inside: reportlab's own complaint, at the template line that chose the font."""
    import struct

    from pipeline.sheets.glyphs import coverage
    from pipeline.sheets.markup import register_fonts

    font = tiny / "templates" / "fonts" / "DejaVuSansCondensed.ttf"
    data = bytearray(font.read_bytes())
    for index in range(struct.unpack(">H", data[4:6])[0]):
        tag, _, offset, length = struct.unpack(">4sLLL", data[12 + 16 * index : 28 + 16 * index])
        if tag == b"head":
            data[offset : offset + length] = bytes(length)
    font.write_bytes(bytes(data))
    coverage.cache_clear()  # the fixture's build read the good font at this same path in this process
    register_fonts.cache_clear()
    output = assert_fails_cleanly(
        tiny,
        ("build", "tiny"),
        "templates/base.yaml:5: fonts: font file 'DejaVuSansCondensed.ttf' is not a usable TrueType font "
        "(Unknown head table version 0.0000)",
        code=2,
    )
    assert "internal error" not in output


def test_recipe_error_names_the_line_of_its_sheet(tiny: Path) -> None:
    game_yaml(tiny, "title_es: Tiny\nsheets:\n  - name: quickref\n    recipe:\n      colums: [2, 3]\n")
    assert_fails_cleanly(tiny, ("build", "tiny", "--force"),
        "sources/tiny/game.yaml:5: sheets[0].recipe: unknown field 'colums' (did you mean 'columns'?)")
