"""A .md, .html, .pdf, .docx, .odt, .epub and .rtf source each build a sheet; `refsheets new` adds a game from a file."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from pipeline.cli import main

from ..conftest import ROOT
from ..formats_cases import DEBRIS, FORMATS, materialise
from ..golden_cases import pdf_text

CASES = {"blog-markdown": "Preparación", "fan-html": "Objetivo del juego", "pdf-rulebook": "Preparación", "word-docx": "Objetivo",
         "odt-writer": "Preparación", "epub-sigil": "Estaciones", "rtf-word": "Robar luz"}


def _project(tmp_path: Path) -> Path:
    for name in ("glossaries", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "sources").mkdir()
    return tmp_path


def test_each_format_builds_a_sheet_without_markup(tmp_path: Path) -> None:
    root = _project(tmp_path)
    for case in CASES:
        materialise(case, root / "sources")
    result = CliRunner().invoke(main, ["--root", str(root), "build", *CASES])
    assert result.exit_code == 0, result.output
    for case, heading in CASES.items():
        text = pdf_text(root / "output" / case / f"{case}-quickref.pdf")
        assert heading in text
        assert not DEBRIS.findall(text.replace("=== page", "")), (case, DEBRIS.findall(text))


def test_new_copies_the_file_and_writes_a_commented_game_yaml(tmp_path: Path) -> None:
    root = _project(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["--root", str(root), "new", "faro", str(FORMATS / "forum-bbcode" / "raw.txt")])
    assert result.exit_code == 0, result.output
    folder = root / "sources" / "faro"
    assert (folder / "raw.txt").read_bytes() == (FORMATS / "forum-bbcode" / "raw.txt").read_bytes()
    game_yaml = (folder / "game.yaml").read_text(encoding="utf-8")
    assert 'title_es: "Faro Lejano"' in game_yaml and '"rolo_jugon"' in game_yaml
    again = runner.invoke(main, ["new", "faro", str(FORMATS / "forum-bbcode" / "raw.txt"), "--root", str(root)])  # options after it too
    assert again.exit_code == 2 and "exists already" in again.output
    odd = tmp_path / "reglas.pages"
    odd.write_text("x", encoding="utf-8")
    refused = runner.invoke(main, ["--root", str(root), "new", "otro", str(odd)])
    assert refused.exit_code == 2 and "give a .txt, .md, .html, .pdf, .docx, .odt, .epub or .rtf file" in refused.output
    assert "(save or export it as .docx first)" in refused.output  # what a Pages (or .doc) file's program can do
    broken = tmp_path / "reglas.rtf"  # a suffix it reads, a file that is not one: refused, nothing left behind
    broken.write_text("no es RTF", encoding="utf-8")
    refused = runner.invoke(main, ["--root", str(root), "new", "otro", str(broken)])
    assert refused.exit_code == 2 and "raw.rtf: is not an RTF file" in refused.output
    assert not (root / "sources" / "otro").exists()


def test_a_game_made_by_new_builds_as_it_is_even_when_the_text_names_no_one(tmp_path: Path) -> None:
    # game.yaml refuses empty credits: `new` writes what the text does not say as comments to fill in.
    root = _project(tmp_path)
    source = tmp_path / "reglas.txt"
    source.write_text("Reglas del juego\n\nPreparación\n\nCada jugador roba cinco cartas y coloca su ficha.\n", encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["--root", str(root), "new", "sin-nombre", str(source)]).exit_code == 0
    game_yaml = (root / "sources" / "sin-nombre" / "game.yaml").read_text(encoding="utf-8")
    assert '  # source_url: ""' in game_yaml and "  # translators: []" in game_yaml
    assert 'title_es: "Sin Nombre"  # from the folder name: the text gives none' in game_yaml
    source.write_text("Reglas del juego\n\nCada jugador del mus roba cuatro cartas y las mira.\n", encoding="utf-8")
    assert runner.invoke(main, ["--root", str(root), "new", "mus", str(source)]).exit_code == 0
    mus = (root / "sources" / "mus" / "game.yaml").read_text(encoding="utf-8")
    assert 'title_es: "Mus"\n' in mus  # the folder's name is the text's too: no comment that the text gives none
    result = runner.invoke(main, ["--root", str(root), "build", "sin-nombre"])
    assert result.exit_code == 0, result.output


def test_a_docx_credit_paragraph_keeps_the_names_and_leaves_the_chatter(tmp_path: Path) -> None:
    """issue 25: a .docx paragraph is one line, so the translator's wishes after the name ('Traducido por Ana
    López, espero que os sirva. ¡Gracias a todos!') reached game.yaml's translators and the sheet's credits."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("word_docx", FORMATS / "word-docx" / "make.py")
    assert spec and spec.loader
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    maker.BODY = [*maker.BODY[:2], ("", "Traducido por Ana López, espero que os sirva. ¡Gracias a todos!"),
                  ("", "Traducción: Irene Soto. Revisión: Dani G. Cualquier duda, preguntad en el hilo."), *maker.BODY[2:]]
    maker.make(tmp_path)
    root = _project(tmp_path / "project")
    runner = CliRunner()
    assert runner.invoke(main, ["--root", str(root), "new", "sal", str(tmp_path / "raw.docx")]).exit_code == 0
    game_yaml = (root / "sources" / "sal" / "game.yaml").read_text(encoding="utf-8")
    assert 'translators: ["Ana López", "Irene Soto"]' in game_yaml, game_yaml
    result = runner.invoke(main, ["--root", str(root), "build", "sal"])
    assert result.exit_code == 0, result.output
    text = " ".join(pdf_text(root / "output" / "sal" / "sal-quickref.pdf").split())
    assert "Revisión: Dani G" in text  # a credit after the name stays one
    for chatter in ("espero", "Gracias a todos", "preguntad"):
        assert chatter not in text, chatter
