"""The one type scale of templates/, the tag policy of term_markup, and the furniture's small texts."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from pipeline.errors import ConfigError
from pipeline.model import Section, TermHit
from pipeline.sheets.pagefurniture import check_margins, revision_label, short_url
from pipeline.sheets.layout import MM, load_layout
from pipeline.sheets.markup import bilingual_title, paragraph_styles, term_markup
from pipeline.tag.kinds import read_term_kinds

SAMPLE = "La nave roba una carta de resultado y paga el coste de la maniobra"  # ordinary Spanish text


@pytest.mark.parametrize("template", ["quickref", "cards"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_type_scale_holds_in_every_template(project_root: Path, template: str, paper: str) -> None:
    layout = load_layout(project_root / "templates", template, paper=paper)
    body = layout.style("body")
    assert body.size >= 7.5 and body.leading >= 1.2 * body.size and body.space_after > 0
    for level in ("heading1", "heading2", "heading3"):
        heading = layout.style(level)
        assert heading.size >= 1.3 * body.size and (heading.bold or heading.background), level
    assert layout.style("heading1").background  # the top level has its colour band
    term = layout.style("term_en")
    assert term.size >= body.size - 0.5
    assert max(int(term.color[i : i + 2], 16) for i in (1, 3, 5)) <= 0x70  # dark enough for a laser printer


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_quickref_lines_stay_near_65_characters(project_root: Path, paper: str) -> None:
    layout = load_layout(project_root / "templates", "quickref", paper=paper)
    styles = paragraph_styles(layout)
    import yaml

    recipe = yaml.safe_load((project_root / "templates/quickref.yaml").read_text(encoding="utf-8"))["options"]["recipe"]
    columns = recipe["columns"][0]
    width = (layout.page_width - layout.margin_left - layout.margin_right - layout.gutter * (columns - 1)) / columns
    per_char = stringWidth(SAMPLE, styles["body"].fontName, styles["body"].fontSize) / len(SAMPLE)
    assert width / per_char <= 65


def test_margins_that_push_the_footer_off_the_printable_area_are_an_error(project_root: Path, tmp_path: Path) -> None:
    layout = load_layout(project_root / "templates", "quickref")
    check_margins(layout, paragraph_styles(layout))  # the real template passes
    squeezed = type(layout)(**{**layout.__dict__, "margin_bottom": 9 * MM})
    with pytest.raises(ConfigError, match="closer than 8 mm"):
        check_margins(squeezed, paragraph_styles(layout))


def _markup(text: str, hits: list[TermHit], shown: set[str] | None = None) -> str:
    from reportlab.lib.styles import ParagraphStyle

    return term_markup(
        text, hits, shown=set() if shown is None else shown, term_style=ParagraphStyle("t", fontName="Helvetica", fontSize=7),
        tagged=read_term_kinds(Path(__file__).resolve().parents[2] / "glossaries").tagged,
    )


def _names(markup: str) -> list[str]:
    import re

    return re.findall(r"‹([^›]*)›", markup)


def test_everyday_words_are_never_tagged_and_game_terms_once() -> None:
    text = "Roba una carta de amenaza y otra carta de amenaza."
    hits = [
        TermHit("carta", "card", 9, 14, "everyday"),
        TermHit("amenaza", "Threat", 18, 25, "threat"),
        TermHit("amenaza", "Threat", 41, 48, "threat"),
    ]
    assert _names(_markup(text, hits)) == ["Threat"]


@pytest.mark.parametrize(
    ("text", "term", "after"),
    [
        ("Algunas son 'explorables' como la Luna.", "explorables", "explorables'"),
        ("En la fase de “Evento” roba.", "fase de “Evento", "fase de “Evento”"),
        ("Mira las misiones d'inicio de año.", "inicio", "inicio"),
    ],
)
def test_an_english_name_goes_after_the_closing_quotation_mark(text: str, term: str, after: str) -> None:
    start = text.index(term)
    markup = _markup(text, [TermHit(term, "X", start, start + len(term), "keyword")])
    assert f"{after}<font" in markup.replace("&#8220;", "“") or f"{after}<font" in markup


def test_a_heading_that_already_shows_the_english_name_does_not_repeat_it() -> None:
    ranged = Section("r", "Ranged/A distancia", 2, "card", (), 1, 1, title_terms=(TermHit("a distancia", "Ranged", 7, 18, "keyword"),))
    assert bilingual_title(ranged) == "Ranged/A distancia"
    saucer = Section(
        "s", "Platillo giratorio", 2, "card", (), 1, 1, title_terms=(TermHit("platillo giratorio", "Spinning Saucer", 0, 18, "threat"),)
    )
    assert bilingual_title(saucer) == "Platillo giratorio · Spinning Saucer"
    board = Section("b", "Tablero", 2, "rules", (), 1, 1, title_terms=(TermHit("tablero", "board", 0, 7, "everyday"),))
    assert bilingual_title(board) == "Tablero"


def test_addresses_are_decoded_and_shortened_and_the_revision_is_dated() -> None:
    assert short_url("http://www.lumenaris.com/docs/Leaving%20Earth%20-%20rules.pdf") == "lumenaris.com/docs/Leaving Earth - rules.pdf"
    assert short_url("http://www.boardgamegeek.com/boardgame/173064/leaving-earth") == "boardgamegeek.com/boardgame/173064"
    assert (
        short_url("https://www.dropbox.com/s/21524xmbq8u3nko/The%20new%20frontier%20esp.pdf?dl=0")
        == "dropbox.com/…/The new frontier esp.pdf"
    )
    assert revision_label("a1b2c3d4", "2026-12-01") == "v2026-12-01 · a1b2c3d4"
    assert revision_label("a1b2c3d4") == "rev a1b2c3d4"
