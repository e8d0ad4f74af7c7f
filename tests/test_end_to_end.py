"""Build every game from the real sources and check the PDFs a player would print."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pipeline.cli import main

from .conftest import GAMES


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    result = CliRunner().invoke(main, ["--root", str(Path(__file__).resolve().parent.parent), "build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)


@pytest.mark.parametrize("game", GAMES)
def test_quickref_opens_with_pages_and_embedded_fonts(built: Path, game: str) -> None:
    pdf = built / game / f"{game}-quickref.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) >= 1
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            descriptor = font.get_object().get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font.get_object():
                descriptor = font.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            if descriptor is not None:
                descriptor = descriptor.get_object()
                assert "/FontFile2" in descriptor, f"font not embedded: {font.get_object()['/BaseFont']}"
                fonts.add(str(font.get_object()["/BaseFont"]))
    assert fonts, "no embedded TrueType fonts found"


@pytest.mark.parametrize("game", GAMES)
def test_manifest_lists_sheets_and_input_hashes(built: Path, game: str) -> None:
    manifest = json.loads((built / game / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == game
    assert any(sheet["name"] == "quickref" and sheet["pages"] >= 1 for sheet in manifest["sheets"])
    assert f"sources/{game}/raw.txt" in manifest["inputs"]


def test_pdfs_are_byte_identical_across_builds(built: Path, tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent
    result = CliRunner().invoke(main, ["--root", str(root), "build", "galaxy-defenders", "leaving-earth", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for game in ("galaxy-defenders", "leaving-earth"):
        first = (built / game / f"{game}-quickref.pdf").read_bytes()
        second = (tmp_path / game / f"{game}-quickref.pdf").read_bytes()
        assert first == second


def test_leaving_earth_sheet_shows_title_and_headings(built: Path) -> None:
    text = _text(built / "leaving-earth" / "leaving-earth-quickref.pdf")
    assert "Leaving Earth" in text
    for heading in ("Localizaciones", "Maniobras"):
        assert heading in text
