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
from pipeline.model import GameInfo, RawText, SheetSpec
from pipeline.project import decode_raw
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
def quickref_layout():
    from pipeline.sheets.layout import load_layout

    return load_layout(ROOT / "templates", "quickref", paper="a4")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_decode_or_give_an_input_error(data: bytes) -> None:
    try:
        text, encoding, warnings = decode_raw(data, display="sources/prop/raw.txt")
    except InputError as exc:
        assert str(exc).startswith("sources/prop/raw.txt")
        return
    assert encoding in ("utf-8", "cp1252", "latin-1")
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
def test_any_text_typesets_to_a_pdf_or_a_clear_error(quickref_layout, text: str, title: str) -> None:
    from pipeline.sheets import render
    from pipeline.tag.matcher import tag

    game = GameInfo(id="prop", title_es=title, title_en="Prop <&>", publisher="A & B <i>", sheets=(SheetSpec(name="quickref"),))
    try:
        document = tag(split(clean(raw_text(text)), game=game), glossary=GLOSSARY)
        document, _ = cover_layout(document, quickref_layout)
        rendered = render(document, game.sheets[0], quickref_layout)
    except RefsheetsError as exc:
        assert str(exc).strip() and "Traceback" not in str(exc)
        return
    reader = PdfReader(io.BytesIO(rendered.pdf))
    assert len(reader.pages) == rendered.pages >= 1
