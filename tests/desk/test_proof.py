"""The proof page: what it says about each raw line (plain HTML checks), and that it renders in a real browser
(headless Chromium over the DevTools pipe: no console errors, every raw line once, the outline scrolls)."""
from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.clean import clean
from pipeline.clean.corrections import load_corrections
from pipeline.desk.proof import proof_html
from pipeline.desk.typos import Typo
from pipeline.model import GameInfo, RawText, TermHit
from pipeline.split import split

from .browser import Browser, find_chromium
from ..conftest import GAMES

RAW = (
    "FASE DE ACCIÓN\n"
    "Cada jugador puede hacar dos acciones con sus escudos.\n"
    "\n"
    "Publicado: 12 de marzo de 2014, 10:15\n"
    "FASE FINAL\n"
    "Se cuentan los puntos <b>al final</b>.\n"
)


def small_page(tmp_path: Path) -> str:
    (tmp_path / "c.yaml").write_text('- find: "hacar"\n  replace: "hacer"\n  note: typo\n', encoding="utf-8")
    raw = RawText(game="demo", path="sources/demo/raw.txt", text=RAW, encoding="utf-8", sha256="0")
    cleaned = clean(raw, corrections=load_corrections(tmp_path / "c.yaml", display="sources/demo/corrections.yaml"))
    document = split(cleaned, game=GameInfo(id="demo", title_es="Demo", title_en="Demo"))
    first = document.sections[0]
    block = first.blocks[0]
    start = block.text.index("escudos")
    tagged = replace(first, blocks=(replace(block, terms=(TermHit("escudo", "Shields", start, start + 7),)), *first.blocks[1:]))
    document = replace(document, sections=(tagged, *document.sections[1:]))
    return proof_html(raw, cleaned, document, printed_by={"quickref": {first.id}},
                      warnings=["sources/demo/raw.txt:6: a warning about line 6"], typos=[Typo(6, "cuentan", ("cuenta",))])


def test_every_raw_line_has_an_anchor_and_its_fate(tmp_path: Path) -> None:
    page = small_page(tmp_path)
    assert re.findall(r'<tr id="L(\d+)"', page) == [str(n) for n in range(1, 8)]  # 6 lines and the empty one after the last newline
    assert '<tr id="L2" class="correct">' in page
    assert "<span class=\"label\">corrected</span> corrections.yaml #1: &#x27;hacar&#x27; → &#x27;hacer&#x27; (typo) — now: " \
           "Cada jugador puede hacer dos acciones con sus escudos." in page
    assert '<tr id="L4" class="drop">' in page and "forum post date" in page
    assert '<tr id="L6" class="rules">' in page


def test_sections_glossary_hits_typos_and_warnings_are_shown(tmp_path: Path) -> None:
    page = small_page(tmp_path)
    assert '<tr id="s-fase-de-accion" class="section rules">' in page and "— printed on: quickref" in page
    assert "[rules] fase-final — on no sheet" in page
    assert '<a href="#s-fase-de-accion"' in page  # the outline links to the section row
    assert '<mark class="term" title="Shields" data-en="Shields">escudos</mark>' in page
    assert '<mark class="typo" title="did you mean: cuenta">cuentan</mark>' in page
    assert '&lt;b&gt;al final&lt;/b&gt;' in page  # raw text is escaped, never markup
    assert '<a href="#L6">raw.txt:6</a>' in page and '<a href="#L6">line 6</a>' in page
    assert "http" not in page.replace("http-equiv", "")  # self-contained: no link to the network


MARKDOWN = (
    "# Bosque\n\n## Índice\n\n- [Turno](#turno)\n\n## Turno\n\n"
    "1. Tira el dado.\n2. Coge una carta.\n\nLas setas venenosas restan puntos.\n"
)


def test_a_converted_source_is_shown_with_the_file_s_own_lines(tmp_path: Path) -> None:
    """A raw.md becomes other lines (markup out, the table of contents dropped); the page shows the file's
    lines, under the numbers the cleaning report and the error messages use."""
    from pipeline.ingest import read_source

    (tmp_path / "raw.md").write_text(MARKDOWN, encoding="utf-8")
    raw = read_source(tmp_path / "raw.md", game="demo", display="sources/demo/raw.md")
    cleaned = clean(raw)
    document = split(cleaned, game=GameInfo(id="demo", title_es="Demo", title_en="Demo"))
    page = proof_html(raw, cleaned, document, printed_by={}, warnings=["sources/demo/raw.md:12: about line 12"], typos=[])
    assert re.findall(r'<tr id="L(\d+)"', page) == [str(n) for n in range(1, MARKDOWN.count("\n") + 2)]
    assert '<tr id="L12" class="rules"><td class="n"><a href="#L12">12</a></td><td class="raw">Las setas venenosas' in page
    assert '<tr id="L5" class="drop">' in page and "- [Turno](#turno)" in page
    # A list item the conversion rewrote is kept rules, the conversion said beside it.
    assert '<tr id="L9" class="rules">' in page and '<span class="label">markup</span> list item' in page
    assert '<a href="#L12">raw.md:12</a>' in page


@pytest.fixture(scope="module")
def browser():
    executable = find_chromium()
    if executable is None:
        missing = "headless Chromium not installed (Debian: apt-get install chromium); the proof page was not rendered"
        if os.environ.get("REFSHEETS_BROWSER_TESTS") == "required":  # CI (.ci/run): a skip there would hide a broken page
            pytest.fail(f"{missing}, and REFSHEETS_BROWSER_TESTS=required")
        pytest.skip(missing)
    instance = Browser(executable)
    yield instance
    instance.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_proof_page_renders_in_chromium(built_project: Path, browser: Browser, game: str, tmp_path: Path) -> None:
    page = built_project / "output" / game / f"{game}-proof.html"
    raw_lines = (built_project / "sources" / game / "raw.txt").read_text(encoding="utf-8").replace("\r\n", "\n").split("\n")
    browser.events.clear()
    browser.open(page)
    rows = browser.evaluate("Array.from(document.querySelectorAll('#lines tr[id^=L]')).map(r => r.id)")
    assert rows == [f"L{n}" for n in range(1, len(raw_lines) + 1)]  # every raw line, once, in order
    unexplained = browser.evaluate(
        "Array.from(document.querySelectorAll('#lines tr[id^=L]')).filter(r => !r.className).length"
    )
    assert unexplained == 0
    links = browser.evaluate("document.querySelectorAll('nav a[href^=\"#s-\"]').length")
    assert links == browser.evaluate("document.querySelectorAll('#lines tr.section').length") > 0
    # issue 25: a long section id wraps inside the outline instead of being clipped at its edge
    assert browser.evaluate("Array.from(document.querySelectorAll('nav a')).every(a => a.scrollWidth <= a.clientWidth + 1)")
    # Click a section far down the outline: the page scrolls to its row.
    target = browser.evaluate(
        "(() => { const a = Array.from(document.querySelectorAll('nav a[href^=\"#s-\"]')).slice(-1)[0];"
        " a.click(); return a.getAttribute('href'); })()"
    )
    top = browser.evaluate(f"document.getElementById({target[1:]!r}).getBoundingClientRect().top")
    assert browser.evaluate("window.scrollY") > 0 and -2 <= top < 50, (target, top)
    shot = Path(os.environ.get("PROOF_SCREENSHOTS", tmp_path)) / f"{game}-proof.png"  # set it to keep them and look
    browser.screenshot(shot)
    assert shot.stat().st_size > 10_000
    assert browser.console_errors() == []


def test_proof_of_a_failing_game_does_not_hand_over_the_stale_page_and_open_says_when_it_cannot(
    built_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 25: a failed build's proof command says the page is an earlier build's; --open without a browser says so."""
    import webbrowser

    from click.testing import CliRunner

    from pipeline.cli import main

    monkeypatch.setattr(webbrowser, "open", lambda *args, **kwargs: False)  # no browser on this machine
    opened = CliRunner().invoke(main, ["--root", str(built_copy), "proof", "galaxy-defenders", "--open"])
    assert opened.exit_code == 0, opened.output
    assert opened.stdout.strip() == "output/galaxy-defenders/galaxy-defenders-proof.html"
    assert "warning: no web browser to open it with: open file://" in opened.stderr
    game_yaml = built_copy / "sources" / "galaxy-defenders" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "\npaper: a5\n", encoding="utf-8")
    failed = CliRunner().invoke(main, ["--root", str(built_copy), "proof", "galaxy-defenders"])
    assert failed.exit_code == 2
    assert failed.stdout == ""
    assert "is the proof page of an earlier build (galaxy-defenders failed: see above)" in failed.stderr


def test_the_outline_wraps_long_section_ids() -> None:
    """issue 25: ids such as 'capitulo-2-combate-avanzado/ordenes-especiales/posicion-despues-de-embestir' were clipped."""
    from pipeline.desk.proof import CSS

    assert "overflow-wrap:anywhere" in CSS.split("nav a{", 1)[1].split("}", 1)[0]


def test_lines_the_labeller_is_unsure_of_are_marked_with_the_hint_that_settles_them(tmp_path: Path) -> None:
    raw = RawText(game="demo", path="sources/demo/raw.txt", text=RAW, encoding="utf-8", sha256="0")
    cleaned = clean(raw)
    document = split(cleaned, game=GameInfo(id="demo", title_es="Demo", title_en="Demo"))
    page = proof_html(raw, cleaned, document, printed_by={}, warnings=[], typos=[], unsure={1: 0.55, 2: 0.4})
    heading_row = re.search(r'<tr id="L1" class="([^"]*)">.*?</tr>', page).group(0)
    text_row = re.search(r'<tr id="L2" class="([^"]*)">.*?</tr>', page).group(0)
    assert "unsure" in heading_row and "55%" in heading_row and "options.split.not_headings" in heading_row
    assert "unsure" in text_row and "kept as text" in text_row and "options.split.chapters" in text_row
    assert "unsure" not in re.search(r'<tr id="L5" class="([^"]*)">.*?</tr>', page).group(0)


def test_the_unsure_lines_lie_between_the_labellers_thresholds(real_game) -> None:
    from pipeline.split.headings import ADOPT, VETO, unsure_headings

    config, cleaned, _ = real_game("space-alert")
    firsts = {line.first for line in cleaned.lines}
    found = unsure_headings(cleaned, config.split)
    assert all(VETO <= p <= ADOPT for p in found.values()) and set(found) <= firsts


def test_a_pdf_s_report_reasons_and_warnings_name_the_lines_the_proof_page_shows(tmp_path: Path) -> None:
    """issue 25: a PDF's converted text has more lines than the extracted text the page shows (a heading's
    markup, a table's rows); the reasons' line numbers ('duplicate of lines 4-5') and a stale correction's
    closest line were the converted text's, so the report said 'lines 6-7' of what the page shows as 4-5."""
    import io

    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

    from pipeline.ingest import read_source

    styles = getSampleStyleSheet()
    body = "Cada jugador roba dos cartas al empezar su turno y puede jugar una de ellas si tiene energía para pagarla."
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, invariant=1).build([
        Paragraph("Huerto lunar", styles["Title"]), Paragraph("Preparación", styles["Heading2"]),
        Paragraph(body, styles["BodyText"]), Table([["Cultivo", "Noches"], ["Flor", "2"]]),
        Paragraph("Turno", styles["Heading2"]), Paragraph("Mueve tu ficha.", styles["BodyText"]), Paragraph(body, styles["BodyText"])])
    (tmp_path / "raw.pdf").write_bytes(out.getvalue())
    (tmp_path / "c.yaml").write_text('- find: "empezar su turno y puede jugar dos"\n  replace: "x"\n', encoding="utf-8")
    raw = read_source(tmp_path / "raw.pdf", game="demo", display="sources/demo/raw.pdf")
    assert raw.origins and len(raw.lines) > len(raw.original_lines)  # the numberings differ
    cleaned = clean(raw, corrections=load_corrections(tmp_path / "c.yaml", display="sources/demo/corrections.yaml"))
    original = raw.original_lines
    named = [(record, [int(n) for n in re.findall(r"\d+", span)])
             for record in cleaned.report for span in re.findall(r"\blines? \d+(?:-\d+)?", record.reason)]
    assert {record.action for record, _ in named} >= {"join", "duplicate"}
    for record, numbers in named:
        # Each line a reason names holds part of the text the record is about, in the file the page shows.
        assert all(original[n - 1].strip() and original[n - 1] in body for n in numbers), (record, numbers)
    stale = re.search(r"closest raw text: line (\d+)", cleaned.warnings[0])
    assert stale and "empezar su turno" in original[int(stale.group(1)) - 1], cleaned.warnings
