"""A recipe's sentence patterns (`flavor_sentences`, `narration`) follow corrections.yaml: sheets/patterns.py."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pipeline.cli import main
from pipeline.model import Block, CorrectedLine
from pipeline.modelkinds import BlockKind
from pipeline.sheets.patterns import in_block, sentence_patterns
from pipeline.split.follow import as_written, uncorrected_words

# A made-up game: one rule section whose second paragraph is a sentence of theme with a typo ("nieblaa").
RAW = """PREPARACIÓN

Cada jugador toma tres fichas de vigía y las pone delante de sí.

La nieblaa cubre el valle desde hace siglos y nadie recuerda el sol.

Después el jugador inicial roba dos cartas del mazo común.
"""
GAME_YAML = """title_es: "Valle brumoso"
title_en: "Misty Valley"
sheets:
  - name: quickref
    recipe:
      condense: []
      flavor_sentences: ['^La nieblaa cubre', '^Ninguna frase empieza as[ií]']
"""
CORRECTION = '- find: "La nieblaa cubre"\n  replace: "La niebla cubre"\n'


@pytest.fixture
def valley(tmp_path: Path, project_root: Path) -> Path:
    shutil.copytree(project_root / "templates", tmp_path / "templates")
    (tmp_path / "glossaries").mkdir()
    game = tmp_path / "sources" / "valle"
    game.mkdir(parents=True)
    (game / "raw.txt").write_text(RAW, encoding="utf-8")
    (game / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    return tmp_path


def _sheet_text(root: Path) -> str:
    reader = PdfReader(root / "output" / "valle" / "valle-quickref.pdf")
    return " ".join((page.extract_text() or "") for page in reader.pages)


@pytest.mark.parametrize(
    ("before", "after", "pairs"),
    [
        ("La nieblaa cubre el valle.", "La niebla cubre el valle.", (("niebla", "nieblaa"),)),
        ("Roba dos cartas.", "Roba dos cartas.", ()),
        ("El jugador roba.", "El jugador no roba.", (("jugador no roba.", "jugador roba."),)),  # a word put in is anchored
    ],
)
def test_uncorrected_words_are_the_changed_words_and_their_old_form(before: str, after: str, pairs: tuple) -> None:
    assert uncorrected_words([CorrectedLine(4, before, after, (1,))]) == pairs


def test_a_pattern_reads_a_sentence_with_the_source_words_of_its_own_blocks_lines_only() -> None:
    corrected = (CorrectedLine(3, "La nieblaa cubre el vale.", "La niebla cubre el valle.", (1,)),)
    assert as_written("La niebla cubre el valle.", uncorrected_words(corrected)) == "La nieblaa cubre el vale."
    (pattern,) = sentence_patterns(("^La nieblaa cubre",))
    fixed, elsewhere = (Block(BlockKind.PARAGRAPH, "La niebla cubre el valle.", first, first) for first in (3, 9))
    assert in_block((pattern,), fixed, corrected)[0].search(fixed.text)
    # Another block's "La niebla cubre…" never had the typo: the pattern does not name it.
    assert not in_block((pattern,), elsewhere, corrected)[0].search(elsewhere.text)


def test_a_flavour_pattern_still_names_its_sentence_after_a_correction_fixes_a_typo_in_it(valley: Path) -> None:
    """The pattern was written against the source ("nieblaa"); correcting the typo must neither warn about the
    pattern nor print the sentence again."""
    runner = CliRunner()
    first = runner.invoke(main, ["--root", str(valley), "build"])
    assert first.exit_code == 0, first.output
    assert "'^La nieblaa cubre'" not in first.output
    assert "niebla" not in _sheet_text(valley).lower()
    (valley / "sources" / "valle" / "corrections.yaml").write_text(CORRECTION, encoding="utf-8")
    second = runner.invoke(main, ["--root", str(valley), "build"])
    assert second.exit_code == 0, second.output
    assert "'^La nieblaa cubre'" not in second.output
    text = _sheet_text(valley)
    assert "niebla" not in text.lower() and "vigía" in text
    # A pattern that matches nothing says it was asked of both texts, the corrected and the source's.
    assert ("flavor_sentences pattern '^Ninguna frase empieza as[ií]' matches no sentence of the text, neither as corrected"
            " (corrections.yaml, restored accents) nor as the source wrote it") in second.output
