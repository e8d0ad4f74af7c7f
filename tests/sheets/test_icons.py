"""Icons (pipeline/sheets/icondata.py, icons.py): game.yaml's `icons:` checked at its lines, which titles name an
icon, the symbols and the legend in the real sheets, and the same bytes twice."""
from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.errors import ConfigError
from pipeline.model import Icon
from pipeline.project import Project, load_game
from pipeline.schema import Fields, Problems
from pipeline.sheets import render
from pipeline.sheets.icondata import icon_for, icons_named, luminance, read_icons
from pipeline.sheets.icons import check_letters
from pipeline.yamlio import parse_yaml
from tests.conftest import ROOT

FONT_BOLD = ROOT / "templates" / "fonts" / "DejaVuSansCondensed-Bold.ttf"


def icons_of(text: str) -> tuple[tuple[Icon, ...], list[str]]:
    """`icons:` YAML read as game.yaml's; (icons, problems as 'line: message')."""
    data = parse_yaml(text, display="sources/demo/game.yaml")
    problems = Problems()
    root = Fields(data, where="", problems=problems, path="sources/demo/game.yaml", line=1)
    icons = read_icons(root.mapping("icons"))
    return icons, [f"{problem.line}: {problem.message}" for problem in problems.items]


def test_an_icon_is_read_with_defaults_for_its_outline_ink_and_legend() -> None:
    icons, problems = icons_of('icons:\n  impacto: {shape: star, fill: "#c0392b", letter: "I", match: [Impacto]}\n')
    assert problems == []
    (icon,) = icons
    assert icon.line == 2
    assert (icon.name, icon.shape, icon.fill, icon.letter) == ("impacto", "star", "#c0392b", "I")
    assert (icon.match, icon.meaning) == (("Impacto",), "Impacto")
    assert icon.stroke == "#601c15"  # the fill at half its lightness
    assert icon.ink == "#ffffff"  # a dark fill takes a white letter, a light one a dark letter
    light, _ = icons_of('icons:\n  blanca: {shape: circle, fill: "#ffffff", match: Amenazas blancas}\n')
    assert light[0].ink != "#ffffff" and light[0].match == ("Amenazas blancas",) and light[0].letter == ""


def test_every_problem_of_the_icons_is_reported_at_its_line() -> None:
    _, problems = icons_of(
        "icons:\n"
        "  impacto:\n"
        "    shape: starr\n"  # 3
        "    fill: red\n"  # 4
        "    letter: ABCD\n"  # 5
        "    colour: '#000000'\n"  # 6
        "  Escudo: {shape: shield, fill: '#2e6da4'}\n"  # 7
        "  energia: {fill: '#f1c40f', match: [Impacto]}\n"  # 8
        "  gd:\n"  # 9
    )
    text = "\n".join(problems)
    assert "3: icons.impacto.shape: unknown value 'starr' (did you mean 'star'?)" in text
    assert "4: icons.impacto.fill: 'red' is not a colour: write it as #rrggbb" in text
    assert "5: icons.impacto.letter: 'ABCD' must be 1 to 3 characters" in text
    assert "6: icons.impacto: unknown field 'colour'" in text
    assert "7: icons.Escudo: icon name 'Escudo' must be lower-case letters, digits and '-' (e.g. 'escudo')" in text
    assert "icons.energia: missing 'shape'" in text
    assert "9: icons.gd: has no value" in text


def test_two_icons_may_not_claim_the_same_words() -> None:
    _, problems = icons_of(
        "icons:\n  a: {shape: circle, fill: '#000000', match: [Impacto]}\n  b: {shape: square, fill: '#ffffff', match: [impacto]}\n"
    )
    assert problems == ["3: icons.b.match: 'impacto' already names the icon 'a': a title can show one icon"]


def test_a_bad_icon_in_game_yaml_stops_the_build_with_exit_2_at_its_line(project_copy: Path) -> None:
    path = project_copy / "sources" / "galaxy-defenders" / "game.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(index for index, line in enumerate(lines, start=1) if line.strip().startswith("impacto:"))
    lines[number - 1] = lines[number - 1].replace("shape: star", "shape: hexagone")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(project_copy), "build", "galaxy-defenders", "--jobs", "1"])
    assert result.exit_code == 2, result.output
    where = f"sources/galaxy-defenders/game.yaml:{number}"
    assert f"{where}: icons.impacto.shape: unknown value 'hexagone' (did you mean 'hexagon'?)" in result.output
    assert "Traceback" not in result.output


def test_a_letter_the_font_lacks_fails_that_game_with_exit_2_at_its_line(project_copy: Path) -> None:
    path = project_copy / "sources" / "galaxy-defenders" / "game.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(index for index, line in enumerate(lines, start=1) if line.strip().startswith("gd:"))
    lines[number - 1] = lines[number - 1].replace('letter: "GD"', 'letter: "\u231b"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(project_copy), "build", "galaxy-defenders", "leaving-earth", "--jobs", "1"])
    assert result.exit_code == 2, result.output
    assert f"sources/galaxy-defenders/game.yaml:{number}: icons.gd.letter: the font" in result.output
    assert "2 rebuilt" in result.output and "1 failed" in result.output  # one bad game never stops the others


def test_a_title_names_an_icon_when_it_starts_with_its_words() -> None:
    icons = (
        Icon("blanca", "circle", "#ffffff", "#333333", "#111111", "B", ("Amenazas blancas", "Amenaza blanca"), "amenaza blanca"),
        Icon("amenaza", "square", "#000000", "#000000", "#ffffff", "X", ("Amenaza",), "amenaza"),
        Icon("impacto", "star", "#c0392b", "#601c15", "#ffffff", "I", ("Impacto",), "Impacto (HIT)"),
    )
    assert icon_for(icons, "Amenazas blancas").name == "blanca"
    assert icon_for(icons, "AMENAZA BLANCA").name == "blanca"  # folded: case and accents
    assert icon_for(icons, "Amenaza blanca grande").name == "blanca"  # the longest phrase wins over "Amenaza"
    assert icon_for(icons, "Amenaza interna").name == "amenaza"
    assert icon_for(icons, "Impacto · HIT").name == "impacto"
    assert icon_for(icons, "HIT · Impacto").name == "impacto"  # an index line with the English name first
    assert icon_for(icons, "Impactos") is None  # whole words only
    assert icon_for(icons, "Sin efecto en Impacto") is None  # never in the middle of a sentence
    assert [icon.name for icon in icons_named(icons, ["Impacto · HIT", "Amenazas blancas", "Impacto"])] == ["blanca", "impacto"]


def test_the_real_games_icons_read_and_print_apart_in_grey() -> None:
    """Every game's icons load; two icons of one game that share a shape differ in letter or in lightness."""
    project = Project(ROOT)
    for game_id in project.game_ids():
        icons = load_game(project, game_id).game.icons
        assert icons, f"{game_id} has no icons"
        check_letters(icons, font_path=str(FONT_BOLD), game=game_id)
        for first in icons:
            for second in icons:
                if first.name < second.name and first.shape == second.shape:
                    apart = abs(luminance(first.fill) - luminance(second.fill)) > 0.25
                    assert first.letter != second.letter or apart, (game_id, first, second)


def test_a_letter_the_font_lacks_is_a_config_error() -> None:
    icon = Icon("raro", "circle", "#000000", "#000000", "#ffffff", "\u231b", ("Raro",), "raro", line=12)
    with pytest.raises(ConfigError, match=r"icons\.raro\.letter: the font .* has no glyph for '⌛'") as caught:
        check_letters((icon,), font_path=str(FONT_BOLD), game="demo")
    assert str(caught.value).startswith("sources/demo/game.yaml:12: icons.raro.letter")


def _dice(real_tagged, paper: str = "a4", *, icons: bool = True) -> bytes:
    """Galaxy Defenders' quickref, whose attack rules hold the die faces' table."""
    config, _, document = real_tagged("galaxy-defenders")
    if not icons:
        document = replace(document, game=replace(document.game, icons=()))
    return render(document, sheet=config.sheet("quickref"), paper=paper).pdf


def test_the_die_table_shows_each_face_symbol_beside_its_name_and_a_legend(real_tagged) -> None:
    with pdfplumber.open(io.BytesIO(_dice(real_tagged))) as pdf:
        page = pdf.pages[0]
        text = " ".join(page.extract_text().split())  # the legend may wrap
        assert "Iconos:" in text and "Impacto (HIT)" in text and "Encasquillada (JAM)" in text
        for name in ("Alienígena", "Encasquillada", "Energía", "Escudo", "Impacto", "Munición"):
            # Below the title block (its legend ends above 12 % of the page): the table's row, not the legend.
            assert _symbol_left_of(page, name, below=page.height * 0.12), f"no symbol just left of {name}"


def test_icons_change_nothing_else_and_give_the_same_bytes_twice(real_tagged) -> None:
    first, second = _dice(real_tagged, "letter"), _dice(real_tagged, "letter")
    assert first == second
    with pdfplumber.open(io.BytesIO(_dice(real_tagged, icons=False))) as pdf:
        plain = pdf.pages[0].extract_text()
    assert "Iconos:" not in plain  # no icon named, no legend


def test_the_running_text_gets_the_symbol_before_the_first_phrase_of_each_icon_only() -> None:
    from reportlab.lib.styles import ParagraphStyle

    from pipeline.sheets.icons import in_text, using
    from pipeline.sheets.markup import register_fonts
    from pipeline.sheets.layout import load_layout

    names = register_fonts(load_layout(ROOT / "templates", "quickref").fonts)
    style = ParagraphStyle("body", fontName=names["regular"], fontSize=7.5)
    nube = Icon("nube", "circle", "#5dade2", "#1b4f72", "#1d1d1d", "☁", ("Entrada en atmósfera",), "nube", in_text=("símbolo nube",))
    markup = 'Al entrar (símbolo nube) o <font color="#000">símbolo nube</font>; de nuevo el Símbolo nube.'
    with using((nube,)):
        out = in_text(markup, style)
    assert out.count('<onDraw name="icon"') == 1
    assert out.index("☁") < out.index("símbolo nube)")  # before the first phrase
    assert '<font color="#000">símbolo nube</font>' in out  # never inside our own markup
    assert in_text(markup, style) == markup  # outside a render, no game: no icons


def test_the_legend_lists_what_the_sheet_draws_in_the_games_order() -> None:
    from reportlab.lib.styles import ParagraphStyle

    from pipeline.sheets.icons import legend_markup, using

    style = ParagraphStyle("subtitle", fontSize=7.5)
    first = Icon("a", "circle", "#000000", "#000000", "#ffffff", "A", ("Alfa",), "alfa", in_text=("la señal alfa",))
    second = Icon("b", "square", "#ffffff", "#555555", "#1d1d1d", "B", ("Beta",), "beta & co")
    with using((first, second)):
        assert legend_markup(["Otro título"], style) == ""
        both = legend_markup(["Beta · BETA"], style, texts=["Ve la señal alfa."])
    assert both.startswith("<b>Iconos:</b> ") and both.index("alfa") < both.index("beta &amp; co")  # escaped


def _symbol_left_of(page, text: str, *, below: float = 0.0) -> bool:
    """Whether a small drawn shape sits just left of the first word `text` under `below` pt from the top."""
    words = [word for word in page.extract_words() if word["text"] == text and word["top"] > below]
    shapes = [*page.curves, *page.rects]
    return any(
        0 <= word["x0"] - shape["x1"] <= 6 and shape["top"] < word["bottom"] and shape["bottom"] > word["top"]
        and shape["x1"] - shape["x0"] < 16
        for word in words for shape in shapes
    )


@pytest.mark.parametrize(
    ("sheet", "page", "word"),
    [
        ("space-alert/space-alert-quickref.pdf", 0, "Amenazas"),  # a heading: "(B) Amenazas blancas"
        ("space-alert/space-alert-threats.pdf", 0, "Amenazas"),  # an index heading and a general-rules panel
        # a hazard's panel title and index line (its legend may be left out: it never costs a card sheet a page)
        ("leaving-earth/leaving-earth-cards.pdf", 0, "Aterrizaje"),
        ("alternity-warships/alternity-warships-system-damage.pdf", 0, "Herida"),  # a damage level's column
        ("legendary-alien/legendary-alien-keywords.pdf", 0, "HABILIDAD"),  # a keyword panel's group
    ],
)
def test_the_real_sheets_draw_their_icons_where_a_name_says_so(built_project: Path, sheet: str, page: int, word: str) -> None:
    with pdfplumber.open(built_project / "output" / sheet) as pdf:
        first = pdf.pages[page]
        assert "Iconos:" in first.extract_text() or "-cards" in sheet
        assert _symbol_left_of(first, word, below=first.height * 0.12), f"no symbol before {word!r} in {sheet}"
