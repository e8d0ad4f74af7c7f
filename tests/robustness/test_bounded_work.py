"""Bounded work: ten times the input costs at most twenty times the CPU time, through every stage.

Each hostile shape (tests/robustness/hostile.py) is cleaned, split, tagged and typeset in this process at a
moderate size n and at 10n. A linear stage costs about 10x, a quadratic one about 100x; the bound of 20x
leaves room for noise without letting a quadratic pass through. CPU time of this process, not wall time,
so other work on the machine does not make the test flaky.
"""
from __future__ import annotations

import gc
import time
from pathlib import Path

import pytest

from pipeline.clean import clean
from pipeline.clean.corrections import load_corrections
from pipeline.errors import ConfigError
from pipeline.model import GameInfo, RawText, SheetSpec
from pipeline.sheets import render
from pipeline.split import split
from pipeline.tag.glossary import Glossary, Term
from pipeline.tag.matcher import tag

from .hostile import SHAPES, long_word

GAME = GameInfo(id="tiny", title_es="Tiny", title_en="Tiny", sheets=(SheetSpec("quickref", "quickref"),))
GLOSSARY = Glossary(terms=(Term("carta", "card"), Term("jugador", "player"), Term("fase de acción", "action phase")))
GROWTH = 10
MAX_RATIO = 20


@pytest.fixture(scope="module")
def layout(project_root: Path):
    """The quickref sheet's configuration (its layout and recipe per paper), from the real templates."""
    from pipeline.sheets.config import Templates, load_sheet

    return load_sheet(Templates(project_root / "templates"), name="quickref", template="quickref")


def pipeline_cost(text: str, layout) -> float:
    """CPU seconds to make a quick-reference sheet of `text` (clean, split, tag, typeset).

    The cyclic collector is held off while it runs: its passes scan the whole test session's heap, a cost
    that grows with the tests run before, not with `text` (it made a linear shape look quadratic)."""
    gc.collect()
    gc.disable()
    try:
        started = time.process_time()
        raw = RawText(game="tiny", path="sources/tiny/raw.txt", text=text, encoding="utf-8", sha256="0")
        document = tag(split(clean(raw), game=GAME), glossary=GLOSSARY)
        render(document, sheet=layout, paper="a4")
        return time.process_time() - started
    finally:
        gc.enable()


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_ten_times_the_input_costs_at_most_twenty_times_the_time(shape: str, layout) -> None:
    make, size = SHAPES[shape]
    pipeline_cost(make(size // 10), layout)  # warm up: spaCy, fonts, compiled patterns
    # Two texts of the shape at (almost) the size, not one text twice: a process remembers what it judged of a text
    # (its sentences' roles, its lines' shapes, the labeller's last reading), so a text made again costs less than a new one.
    small = min(pipeline_cost(make(size + extra), layout) for extra in (0, 1))
    large = pipeline_cost(make(size * GROWTH), layout)
    assert large <= MAX_RATIO * max(small, 0.005), f"{shape}: {size} -> {small:.3f} s, {size * GROWTH} -> {large:.3f} s"


def test_a_100_kb_word_is_set_as_text_across_lines(layout) -> None:
    raw = RawText(game="tiny", path="x", text=long_word(100_000), encoding="utf-8", sha256="0")
    document = split(clean(raw), game=GAME)
    assert "abcdefghij" in document.sections[0].text
    sheet = render(tag(document, glossary=GLOSSARY), sheet=layout, paper="a4")
    assert sheet.pages >= 2  # broken across lines and pages, not run off the column


def test_a_correction_that_backtracks_without_end_fails_naming_its_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pipeline.clean.corrections.CORRECTION_SECONDS", 0.5)
    path = tmp_path / "corrections.yaml"
    # `(a+)+$`'s shape over a line the cleaner keeps (a line of only "aaaa..." is dropped as shouting).
    path.write_text('- find: "roba"\n  replace: "toma"\n- regex: "([a-z]+)+$"\n  replace: "x"\n', encoding="utf-8")
    corrections = load_corrections(path, display="sources/tiny/corrections.yaml")
    text = "REGLAS\n\nEl jugador roba una carta.\n\nEl jugador roba " + "abcdefghij" * 4_000 + "!\n"
    raw = RawText(game="tiny", path="sources/tiny/raw.txt", text=text, encoding="utf-8", sha256="0")  # (the message names it)
    started = time.monotonic()
    with pytest.raises(ConfigError) as caught:
        clean(raw, corrections=corrections)
    assert time.monotonic() - started < 10
    message = str(caught.value)
    assert message.startswith("sources/tiny/corrections.yaml:3: correction 2 (regex: '([a-z]+)+$')"), message
    assert "simplify it" in message and "(at sources/tiny/raw.txt line 5)" in message
