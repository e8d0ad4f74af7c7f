"""Build every game from a copy of the real sources and check the PDFs a player would print."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pipeline.cli import main

from .conftest import GAMES, ROOT

# Headings a person would expect on each game's quick reference (a few per source, hard ones included).
EXPECTED_HEADINGS = {
    "space-alert": ["Sistema de experiencia", "Especializaciones"],
    "legendary-alien": ["Nuevas mecánicas de hive/nido", "Modo reina alien", "Puntuación"],
    "alternity-warships": ["Secuencia de juego", "Fase de potencia"],
    "leaving-earth": ["Misiones", "Componentes", "Motores de iones"],
    "galaxy-defenders": ["Fase de actualización", "Fase de combate", "Turno Alienígena"],
}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("project")
    for name in ("sources", "glossaries", "templates"):
        shutil.copytree(ROOT / name, root / name)
    return root


@pytest.fixture(scope="module")
def built(project: Path) -> Path:
    result = CliRunner().invoke(main, ["--root", str(project), "build"])
    assert result.exit_code == 0, result.output
    return project / "output"


def _pages_text(pdf: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(pdf).pages]


def _normalised(text: str) -> str:
    return " ".join(text.split()).casefold()


def _sheets(built: Path, game: str) -> list[dict]:
    return json.loads((built / game / "manifest.json").read_text(encoding="utf-8"))["sheets"]


def _embedded_font_names(reader: PdfReader) -> set[str]:
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            assert descriptor is not None, f"font without descriptor (not embedded): {font.get('/BaseFont')}"
            assert "/FontFile2" in descriptor.get_object(), f"font not embedded: {font['/BaseFont']}"
            names.add(str(font["/BaseFont"]))
    return names


@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_opens_embeds_its_fonts_and_credits_on_every_page(built: Path, game: str) -> None:
    sheets = _sheets(built, game)
    assert any(sheet["name"] == "quickref" for sheet in sheets)
    for sheet in sheets:
        pdf = built / game / sheet["file"]
        reader = PdfReader(pdf)
        assert len(reader.pages) == sheet["pages"] >= 1
        assert any("DejaVuSansCondensed" in name for name in _embedded_font_names(reader))
        for number, text in enumerate(_pages_text(pdf), start=1):
            assert "Traducción" in text, f"{pdf.name} page {number} has no translator credit"


@pytest.mark.parametrize("game", GAMES)
def test_quickref_shows_title_and_source_headings(built: Path, game: str) -> None:
    text = _normalised(" ".join(_pages_text(built / game / f"{game}-quickref.pdf")))
    title = json.loads((built / game / "manifest.json").read_text(encoding="utf-8"))["title_en"]
    assert _normalised(title.split("—")[0].split(":")[0]) in text
    for heading in EXPECTED_HEADINGS[game]:
        assert _normalised(heading) in text, heading


@pytest.mark.parametrize("game", GAMES)
def test_manifest_lists_input_hashes(built: Path, game: str) -> None:
    manifest = json.loads((built / game / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == game
    assert f"sources/{game}/raw.txt" in manifest["inputs"]


def test_spanish_characters_survive_into_the_pdf(built: Path) -> None:
    text = " ".join(_pages_text(built / "space-alert" / "space-alert-quickref.pdf"))
    for character in "áéíóúñ¿":
        assert character in text, character


def test_forced_rebuild_gives_byte_identical_pdfs(built: Path, project: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["--root", str(project), "build", "--force", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for game in GAMES:
        for sheet in _sheets(built, game):
            first = (built / game / sheet["file"]).read_bytes()
            second = (tmp_path / game / sheet["file"]).read_bytes()
            assert first == second, f"{game}/{sheet['file']} differs between two builds"


def test_letter_paper_gives_letter_pages(project: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["--root", str(project), "build", "galaxy-defenders", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for sheet in _sheets(tmp_path, "galaxy-defenders"):
        box = PdfReader(tmp_path / "galaxy-defenders" / sheet["file"]).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (612, 792)
