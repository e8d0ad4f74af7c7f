"""Property tests: any text through load, clean, split, tag and typeset gives a PDF pypdf opens, or one of our errors."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pipeline.clean import clean
from pipeline.errors import InputError, RefsheetsError
from pipeline.ingest.encoding import decode
from pipeline.model import GameInfo, RawText, SheetSpec
from pipeline.sheets.glyphs import cover_layout
from pipeline.split import split
from pipeline.tag.glossary import Glossary, Term

ROOT = Path(__file__).resolve().parent.parent

# Pieces forum text is made of, and pieces that have broken typesetters before.
FRAGMENTS = [
    "REGLAS GENERALES",
    "1. Preparación",
    "1.2. Turno del jugador",
    "Página 12 - Combate",
    "Página 13",
    "Fase de acción:",
    "- roba una carta",
    "• pierde 2 escudos",
    "a. primera opción",
    "[Munny]",
    "https://labsk.net/index.php?topic=1",
    "Inicio",
    "El jugador activo roba una carta de amenaza.",
    "Coste = 3 + nivel × 2",
    "<b>negrita</b> </para> &amp; & < > <font name=x>",
    "\x07\x1b\x7f\u200b\u200d\u202e\ufeff\ufffd",
    "😀 👍🏽 中文 שלום سلام",
    "x" * 300,
    "",
    "   ",
    "\t",
]

LINES = st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=60))
TEXTS = st.lists(LINES, min_size=1, max_size=25).map("\n".join)
GLOSSARY = Glossary(
    terms=(
        Term(es="amenaza", en="threat"),
        Term(es="carta", en="card", variants=("cartas",)),
        Term(es="escudos", en="<shields> & co"),
        Term(es="jugador activo", en="active player"),
    )
)


def raw_text(text: str) -> RawText:
    return RawText(game="prop", path="sources/prop/raw.txt", text=text, encoding="utf-8", sha256="0" * 64)


@pytest.fixture(scope="module")
def quickref_sheet():
    from pipeline.sheets.config import Templates, load_sheet

    return load_sheet(Templates(ROOT / "templates"), name="quickref", template="quickref")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_decode_or_give_an_input_error(data: bytes) -> None:
    try:
        text, encoding, warnings = decode(data, display="sources/prop/raw.txt")
    except InputError as exc:
        assert str(exc).startswith("sources/prop/raw.txt")
        return
    assert encoding  # utf-8, cp1252, utf-16 by its BOM or NULs, or a guess that carries a warning
    assert "\r" not in text and "\x00" not in text and not text.startswith("\ufeff")
    assert all(warning.startswith("sources/prop/raw.txt:") for warning in warnings)


@settings(max_examples=200, deadline=None)
@given(TEXTS)
def test_cleaning_accounts_for_every_line(text: str) -> None:
    try:
        cleaned = clean(raw_text(text))
    except RefsheetsError:
        return
    total = len(text.split("\n"))
    kept = {number for line in cleaned.lines for number in range(line.first, line.last + 1)}
    reported = {record.line for record in cleaned.report}
    assert set(range(1, total + 1)) <= kept | reported
    assert all(1 <= line.first <= line.last <= total for line in cleaned.lines)


@settings(max_examples=200, deadline=None)
@given(TEXTS)
def test_split_and_tag_never_raise_anything_but_our_errors(text: str) -> None:
    from pipeline.tag.matcher import tag

    game = GameInfo(id="prop", title_es="Prop", title_en="Prop")
    try:
        document = tag(split(clean(raw_text(text)), game=game), glossary=GLOSSARY)
    except RefsheetsError:
        return
    ids = [section.id for section in document.sections]
    assert len(ids) == len(set(ids))
    for section in document.sections:
        for block in section.blocks:
            for hit in block.terms:
                assert 0 <= hit.start < hit.end <= len(block.text)
        for hit in section.title_terms:
            assert 0 <= hit.start < hit.end <= len(section.title)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=TEXTS, title=st.one_of(st.sampled_from(FRAGMENTS), st.text(min_size=1, max_size=30)))
def test_any_text_typesets_to_a_pdf_or_a_clear_error(quickref_sheet, text: str, title: str) -> None:
    from pipeline.sheets import render
    from pipeline.tag.matcher import tag

    game = GameInfo(id="prop", title_es=title, title_en="Prop <&>", publisher="A & B <i>", sheets=(SheetSpec(name="quickref"),))
    try:
        document = tag(split(clean(raw_text(text)), game=game), glossary=GLOSSARY)
        document, _ = cover_layout(document, quickref_sheet.layouts["a4"])
        rendered = render(document, sheet=quickref_sheet, paper="a4")
    except RefsheetsError as exc:
        assert str(exc).strip() and "Traceback" not in str(exc)
        return
    reader = PdfReader(io.BytesIO(rendered.pdf))
    assert len(reader.pages) == rendered.pages >= 1


# -- configuration: any game.yaml gives a GameConfig or a ConfigError listing file:line problems ------------------

RECIPE_KEYS = ("label", "covers", "sections", "leave_out", "leave_out_ids", "condense", "narration", "pages", "columns",
               "body_size", "glossary", "english_names", "mode", "index", "groups", "colums")
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 20), st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from(["", "x", "rules", "card", "(", "grid", "#1d3557", "a4"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.sampled_from(RECIPE_KEYS + ("kind", "id", "select", "tone", "title", "a4", "letter")), inner, max_size=3),
), max_leaves=8)
GAME_YAML = st.fixed_dictionaries({
    "paper": st.one_of(st.sampled_from(["a4", "letter", "A4"]), SCALARS),
    "sheets": st.lists(st.fixed_dictionaries({
        "name": st.sampled_from(["quickref", "cards", "Bad Name"]),
        "template": st.sampled_from(["quickref", "cards", "base", "../../outside/evil"]),
        "recipe": st.dictionaries(st.sampled_from(RECIPE_KEYS), VALUES, max_size=4),
    }), max_size=2),
    "options": st.dictionaries(st.sampled_from(["clean", "split", "splt"]),
                               st.dictionaries(st.sampled_from(["chapters", "run_in", "flavor_names", "x"]), VALUES, max_size=2),
                               max_size=2),
})


@pytest.fixture(scope="module")
def config_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import shutil

    root = tmp_path_factory.mktemp("config")
    shutil.copytree(ROOT / "templates", root / "templates")
    (root / "sources" / "prop").mkdir(parents=True)
    (root / "sources" / "prop" / "raw.txt").write_text("REGLAS\n\nTexto.\n", encoding="utf-8")
    return root


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(GAME_YAML)
def test_any_game_yaml_gives_a_config_or_problems_each_at_a_line(config_project: Path, data: dict) -> None:
    import yaml

    from pipeline.errors import ConfigError
    from pipeline.project import Project, load_game
    from pipeline.sheets.config import Templates

    text = yaml.safe_dump(data, allow_unicode=True)
    (config_project / "sources" / "prop" / "game.yaml").write_text(text, encoding="utf-8")
    try:
        config = load_game(Project(config_project), "prop", templates=Templates(config_project / "templates"))
    except ConfigError as exc:
        lines = str(exc).splitlines()
        assert lines and all(line.startswith("sources/prop/game.yaml:") for line in lines), lines
        return
    assert config.sheets[0].name == "quickref" or any(sheet.name == "quickref" for sheet in config.sheets)
    for sheet in config.sheets:
        assert set(sheet.layouts) == set(sheet.recipes) == {"a4", "letter"}
