"""Every game built from a copy of the real sources (once per session): the PDFs a player would print."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pipeline.cli import main

from .conftest import GAMES, SessionBuild, copy_project

# Headings a person would expect on each game's quick reference (a few per source, hard ones included).
EXPECTED_HEADINGS = {
    "space-alert": ["Acciones dobles", "Especializaciones"],
    "legendary-alien": ["Modo difícil", "Modo reina alien", "Puntuación"],
    "alternity-warships": ["Secuencia de juego", "Fase de potencia"],
    "leaving-earth": ["Misiones", "Componentes", "Motores de iones"],
    "galaxy-defenders": ["Fase de actualización", "Fase de combate", "Turno Alienígena"],
}


@pytest.fixture(scope="module")
def built(built_project: Path) -> Path:
    """The output/ of the session's build of every game (tests/conftest.py)."""
    return built_project / "output"


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
            assert "traducción" in text.casefold(), f"{pdf.name} page {number} has no translator credit"


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
    for character in "áéíóúñ":
        assert character in text, character
    # Space Alert's questions were publicity and are left out by role; Alternity's damage order keeps one.
    assert "¿Cuántos" in " ".join(_pages_text(built / "alternity-warships" / "alternity-warships-quickref.pdf"))


def test_a_second_cold_build_in_two_processes_gives_the_same_report_and_byte_identical_pdfs(
    session_build: SessionBuild, built: Path, tmp_path: Path
) -> None:
    """Determinism: every real sheet rendered again from the same inputs, with no cache to restore from, has the
    same bytes. Built with --jobs 2 against the session's one-process build, so the same run also shows that
    parallel jobs give the same report, order and bytes as one process."""
    again = copy_project(session_build.root, tmp_path)  # inputs only: no output/, no cache
    result = CliRunner().invoke(main, ["--root", str(again), "build", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout == session_build.output  # the results; progress (stderr) is per stage here, per game in a pool
    assert ": restored" not in result.stdout and " 0 restored from cache" in result.stdout
    for game in GAMES:
        for sheet in _sheets(built, game):
            first = (built / game / sheet["file"]).read_bytes()
            second = (again / "output" / game / sheet["file"]).read_bytes()
            assert first == second, f"{game}/{sheet['file']} differs between two builds"


def test_letter_paper_gives_letter_pages(built_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "letter"
    result = CliRunner().invoke(main, ["--root", str(built_copy), "build", "galaxy-defenders", "--paper", "letter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for sheet in _sheets(out, "galaxy-defenders"):
        box = PdfReader(out / "galaxy-defenders" / sheet["file"]).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def _named_ids(game_yaml: Path) -> list[str]:
    """Every section id a game's recipes name (order, sections, leave_out_ids), in the order they are written."""
    import yaml

    named: list[str] = []
    for sheet in yaml.safe_load(game_yaml.read_text(encoding="utf-8")).get("sheets") or []:
        recipe = sheet.get("recipe") or {}
        for key in ("order", "sections", "leave_out_ids"):
            for item in recipe.get(key) or []:
                wanted = item.get("id") if isinstance(item, dict) else item
                if isinstance(wanted, str):
                    named.append(wanted)
    return named


@pytest.mark.parametrize("game", GAMES)
def test_a_correction_of_a_heading_a_recipe_names_builds_and_keeps_its_id(built_copy: Path, real_game, game: str) -> None:
    """issue 25: correcting a heading must not break the recipe naming its section: the id survives (the
    correction knows the old text), the sheet prints the new title."""
    from pipeline.build import prepare
    from pipeline.project import Project

    _, _, document = real_game(game)
    raw = (built_copy / "sources" / game / "raw.txt").read_text(encoding="utf-8").splitlines()
    by_id = {section.id: section for section in document.sections}

    def whole_line_heading(section) -> bool:
        line = raw[section.first - 1].strip().rstrip(":. ")
        return bool(section.title) and line.casefold().endswith(section.title.casefold()) and raw.count(raw[section.first - 1]) == 1

    chosen = [by_id[wanted] for wanted in _named_ids(built_copy / "sources" / game / "game.yaml") if wanted in by_id]
    section = next((s for s in chosen + list(document.sections) if s.kind != "flavor" and whole_line_heading(s)), None)
    assert section is not None, f"{game}: no heading on a line of its own"
    line = raw[section.first - 1].strip()
    added = " BIS" if line.split()[-1].isupper() else " bis"  # "Página 9 - SETUP" stays in capitals (a chapter)
    corrections = built_copy / "sources" / game / "corrections.yaml"
    before = corrections.read_text(encoding="utf-8") if corrections.exists() else ""
    entry = f"\n- find: {json.dumps(line, ensure_ascii=False)}\n  replace: {json.dumps(line + added, ensure_ascii=False)}\n"
    corrections.write_text(before + entry, encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(built_copy), "build", game])
    assert result.exit_code == 0, (line, result.output)
    assert "error" not in result.output
    _, _, corrected = prepare(Project(built_copy), game)
    titles = {s.id: s.title for s in corrected.sections}
    assert section.id in titles and titles[section.id].casefold().endswith("bis"), (section.id, titles.get(section.id))
