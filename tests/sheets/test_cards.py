"""Card sheets: selection by recipe and kind, the fit/continue logic, the grid geometry, the real threat handout."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.errors import BuildError, ConfigError
from pipeline.model import Block, Credits, Document, GameInfo, Section, TermHit, place_terms
from pipeline.sheets.cards.draw import MARK_CLEARANCE, draw_crop_marks, render_cards
from pipeline.sheets.cards.geometry import CardOptions, grid_cells
from pipeline.sheets.cards.recipe import CardRecipe
from pipeline.sheets.cards.measure import Typesetter
from pipeline.sheets.cards.plan import page_fill, plan_sheet
from pipeline.sheets.cards.select import Card, CardSet, PanelBlock, english_name, select_cards
from pipeline.sheets.config import Templates, read_recipe_on
from pipeline.sheets.layout import MM, load_layout
from tests.conftest import ROOT

GAME = GameInfo(id="demo", title_es="Juego de prueba", title_en="Demo Game", publisher="Nadie")
DISPLAY = "sources/demo/game.yaml"
TEMPLATES = Templates(ROOT / "templates")


def card_recipe(data: dict, *, paper: str = "a4", templates: Templates = TEMPLATES) -> CardRecipe:
    """`data` read as a card sheet's recipe on top of templates/cards.yaml, as a game's sheet is."""
    return read_recipe_on(templates, "cards", data, paper=paper, path=DISPLAY)


def card_options(layout, *, mode: str | None = None) -> CardOptions:
    return card_recipe({"mode": mode} if mode else {}, paper=layout.paper).options


def _layout(project_root: Path, paper: str = "a4"):
    return load_layout(project_root / "templates", "cards", paper=paper)


def _section(
    section_id: str, title: str, *texts: str, kind: str = "card", parent: str | None = None, terms=(), title_terms=(), level: int = 2
) -> Section:
    """A section of paragraphs; `terms` have offsets into the joined text, as the tagger finds them."""
    blocks = place_terms(tuple(Block("paragraph", text, 10 + i, 10 + i) for i, text in enumerate(texts)), terms)
    return Section(
        id=section_id,
        title=title,
        level=level,
        kind=kind,
        blocks=blocks,
        first=10,
        last=10 + len(texts),
        parent=parent,
        title_terms=tuple(title_terms),
    )


def _document(*sections: Section) -> Document:
    return Document(game=GAME, sections=sections, credits=Credits(translators=("Ana Traductora",)))


def _norm(text: str) -> str:
    return " ".join(text.split())


def _pdf_text(pdf: bytes) -> str:
    return _norm(" ".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages))


def _card(title: str, text: str, *, key: str = "", tone: str = "external") -> Card:
    return Card(key=key or title, title=title, title_en="", group="Prueba", tone=tone, blocks=(Block("paragraph", text, 1, 1),))


# ------------------------------------------------------------------------------------------ selection


def test_default_selection_is_every_card_section_grouped_by_parent() -> None:
    document = _document(
        _section("externas", "AMENAZAS EXTERNAS", kind="rules", level=1),
        _section("externas/b", "Bravo", "Texto de bravo.", parent="externas"),
        _section("externas/a", "Alfa", "Texto de alfa.", parent="externas"),
        _section("reglas", "REGLAS", "No es una carta.", kind="rules", level=1),
        _section("internas", "AMENAZAS INTERNAS", kind="rules", level=1),
        _section("internas/c", "Charlie", "Texto de charlie.", parent="internas"),
    )
    cards = select_cards(document, recipe=card_recipe({}))
    assert [card.title for card in cards.cards] == ["Alfa", "Bravo", "Charlie"]
    assert [card.group for card in cards.cards] == ["Amenazas externas", "Amenazas externas", "Amenazas internas"]


def test_repeated_appendix_gives_one_card_with_every_paragraph_once() -> None:
    document = _document(
        _section("ext", "Externas", kind="rules", level=1),
        _section("ext/p", "Platillo giratorio:", "Primera nota.", "Segunda nota.", parent="ext"),
        _section("ext-2", "Externas", kind="rules", level=1),
        _section("ext-2/p", "PLATILLO GIRATORIO", "Primera nota.", "Nota que solo está en la copia.", parent="ext-2"),
    )
    cards = select_cards(document, recipe=card_recipe({"groups": [{"label": "Externa", "select": [{"parent": "externas"}]}]}))
    assert len(cards.cards) == 1
    assert [block.text for block in cards.cards[0].blocks] == ["Primera nota.", "Segunda nota.", "Nota que solo está en la copia."]


def test_a_paragraph_that_is_only_a_glossary_name_starts_its_own_card() -> None:
    hit = TermHit("enjambre madre", "Mother Swarm", 16, 30, kind="threat")
    title_hit = TermHit("arana dimensional", "Dimension Spider", 0, 17, kind="threat")
    section = _section(
        "s", "Araña Dimensional", "Nota de araña.", "Enjambre madre", "Nota del enjambre.", terms=(hit,), title_terms=(title_hit,)
    )
    recipe = card_recipe({"groups": [{"label": "Externa", "select": [{"id": "s"}], "term_kinds": ["threat"]}]})
    cards = select_cards(_document(section), recipe=recipe)
    assert [(card.title, card.title_en, card.text) for card in cards.cards] == [
        ("Araña Dimensional", "Dimension Spider", "Nota de araña."),
        ("Enjambre madre", "Mother Swarm", "Nota del enjambre."),
    ]


def test_definitions_turn_term_colon_text_into_cards() -> None:
    hits = (TermHit("impacto", "Hit", 0, 7, kind="die-face"), TermHit("escudo", "Shield", 32, 38, kind="die-face"))
    section = _section("d", "Dados", "Impacto: sin efecto en defensa", "Escudo: sin efecto en ataque", kind="rules", terms=hits)
    recipe = {"groups": [{"label": "Cara de dado", "select": [{"id": "d"}], "definitions": True, "term_kinds": ["die-face"]}]}
    cards = select_cards(_document(section), recipe=card_recipe(recipe))
    # Sorted by the English name printed on the card: the player holds the English die.
    assert [(card.title, card.title_en, card.text) for card in cards.cards] == [
        ("Impacto", "Hit", "sin efecto en defensa"),
        ("Escudo", "Shield", "sin efecto en ataque"),
    ]


def test_following_sections_merge_as_subheadings() -> None:
    document = _document(
        _section("medico", "MÉDICO", "Historia.", kind="rules", level=1),
        _section("basica", "BÁSICA", "Acción básica.", kind="rules", level=1),
        _section("avanzada", "AVANZADA", "Acción avanzada.", kind="rules", level=1),
        _section("otra", "OTRA COSA", "Fuera.", kind="rules", level=1),
    )
    recipe = {"groups": [{"label": "Esp.", "select": [{"title": "medico"}], "merge_following": "basica|avanzada", "own_text": False}]}
    (card,) = select_cards(document, recipe=card_recipe(recipe)).cards
    assert card.title == "Médico"
    assert [(block.kind, block.text) for block in card.blocks] == [
        ("heading", "Básica"),
        ("paragraph", "Acción básica."),
        ("heading", "Avanzada"),
        ("paragraph", "Acción avanzada."),
    ]


def test_english_name_needs_the_title_to_be_glossary_terms() -> None:
    hits = [TermHit("serpiente", "Energy Snake", 0, 20), TermHit("dragon", "Energy Dragon", 22, 39)]
    assert english_name("Serpiente de energía, Dragón de energía", hits) == "Energy Snake, Energy Dragon"
    assert english_name("Reglas de la serpiente de energía y demás", [replace(hits[0], start=13, end=33)]) == ""


@pytest.mark.parametrize(
    ("recipe", "message"),
    [
        ({"modo": "grid"}, "recipe: unknown field 'modo' (did you mean 'mode'?)"),
        ({"columns": 9}, "recipe.columns: must be a whole number from 1 to 4, got 9"),
        ({"groups": [{"label": "x"}]}, "recipe.groups[0]: missing 'select'"),
        (
            {"groups": [{"label": "x", "select": [{"as": "y"}]}]},
            "recipe.groups[0].select[0]: say what to select (one of kind, title, parent, id, title_term)",
        ),
        (
            {"groups": [{"label": "x", "select": [{"title": "(unclosed"}]}]},
            "recipe.groups[0].select[0].title: not a valid regular expression (missing ), unterminated subpattern at position 0)",
        ),
        (
            {"groups": [{"label": "x", "select": [{"kind": "carta"}]}]},
            "recipe.groups[0].select[0].kind: unknown value 'carta' (did you mean 'card'?)",
        ),
        (
            {"groups": [{"label": "x", "tone": "externa", "select": [{"kind": "card"}]}]},
            "recipe.groups[0].tone: unknown tone 'externa' (did you mean 'external'?); tones come from the template's options.tones",
        ),
        (
            {"groups": [{"label": "x", "term_kinds": ["threats"], "select": [{"kind": "card"}]}]},
            "recipe.groups[0].term_kinds[0]: unknown value 'threats' (did you mean 'threat'?)",
        ),
    ],
)
def test_bad_recipes_name_the_game_file(recipe: dict, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        card_recipe(recipe)
    assert str(caught.value) == f"{DISPLAY}: {message}"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  mode: handout", "  mode: poster", "templates/cards.yaml:28: options.mode: unknown value 'poster' (allowed: grid, handout)"),
        (
            "  min_size: 7.5 ",
            "  min_size: 5 ",
            "templates/cards.yaml:29: options.min_size: must be a number from 7.5 to 7.5 pt (the body size), got 5",
        ),
        (
            'external: {color: "#a4243b"',
            'external: {color: "rojo oscuro"',
            "templates/cards.yaml:39: options.tones.external.color: 'rojo oscuro' is not a colour: write it as #rrggbb, e.g. #1d3557",
        ),
        ("    gap_mm: 3.5", "    gap_mm: -1", "templates/cards.yaml:37: options.handout.gap_mm: must be a number from 0 to 30 mm, got -1"),
        (
            "    gap_mm: 3.5",
            "    gap_mm: .nan",
            "templates/cards.yaml:37: options.handout.gap_mm: must be a number from 0 to 30 mm, got .nan",
        ),
        (
            "    panel_mm: [62, 82]",
            "    panel_mm: [62, 300]",
            "templates/cards.yaml:32: options.grid.panel_mm: must be [width, height] in mm, each from 30 to 250, got [62, 300]",
        ),
        (
            "    index: {color",
            "    indice: {color",
            "templates/cards.yaml:38: options.tones: missing tone 'index' (card sheets colour the index with it)",
        ),
    ],
)
def test_bad_template_options_name_the_template_line(tmp_path: Path, old: str, new: str, message: str) -> None:
    import shutil

    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    template = tmp_path / "templates" / "cards.yaml"
    text = template.read_text(encoding="utf-8")
    assert old in text
    template.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        card_recipe({}, templates=Templates(tmp_path / "templates"))
    assert str(caught.value) == message


def test_a_grid_that_does_not_fit_the_paper_is_an_error_at_the_recipe(tmp_path: Path) -> None:
    import shutil

    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    template = tmp_path / "templates" / "cards.yaml"
    template.write_text(template.read_text(encoding="utf-8").replace("panel_mm: [62, 82]", "panel_mm: [200, 82]"), encoding="utf-8")
    templates = Templates(tmp_path / "templates")
    assert card_recipe({}, templates=templates).options.mode == "handout"  # the template's own mode needs no grid
    with pytest.raises(ConfigError) as caught:
        card_recipe({"mode": "grid"}, templates=templates)
    assert str(caught.value) == (
        f"{DISPLAY}: recipe.mode: options.grid.panel_mm does not fit on a4 inside the margins (page from templates/cards.yaml)"
    )


# ------------------------------------------------------------------------------------------ fit


def _check_fits(plan, layout, options) -> None:
    """Every panel's header and body, measured with wrap(), fit inside the panel, and the panel is on the page."""
    setter = Typesetter(layout, options)
    for panel in plan.panels:
        inner = panel.rect.width - 2 * options.padding
        used = setter.header_height(panel.card, continued=panel.continued, width=panel.rect.width)
        used += 2 * options.padding + setter.body_height(list(panel.blocks), panel.size, inner)
        assert used <= panel.rect.height + 0.01, (panel.card.title, used, panel.rect.height)
        assert panel.size >= options.min_size >= 6.5
        assert 0 <= panel.rect.x and panel.rect.x + panel.rect.width <= layout.page_width - layout.margin_right + 0.01
        assert layout.margin_bottom - 0.01 <= panel.rect.y and panel.rect.top <= layout.page_height - layout.margin_top + 0.01


# Long enough to run over a page break in both modes (3 handout panels, 12 grid cells, two pages each on A4 and
# Letter); 700 sentences (28 cells, four pages) proved nothing more and took seconds to lay out.
LONG = " ".join(f"palabra{number} de una nota muy larga que no cabe." for number in range(300))


@pytest.mark.parametrize("mode", ["grid", "handout"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_very_long_entry_continues_on_other_panels_and_loses_nothing(project_root: Path, mode: str, paper: str) -> None:
    layout = _layout(project_root, paper)
    options = card_options(layout, mode=mode)
    card_set = CardSet(cards=(_card("Corta", "Una nota corta."), _card("Larga", LONG)), label="Prueba")
    plan = plan_sheet(card_set, layout, options, with_index=False)
    long_panels = [panel for panel in plan.panels if panel.card.title == "Larga"]
    assert len(long_panels) >= 3
    assert len({panel.page for panel in long_panels}) >= 2  # it continues across a page break too
    assert [panel.continued for panel in long_panels] == [False] + [True] * (len(long_panels) - 1)
    words = " ".join(block.text for panel in long_panels for block in panel.blocks).split()
    assert words == LONG.split()
    _check_fits(plan, layout, options)
    pdf, pages, printed = render_cards(_document(), card_set, layout, options=options, with_index=False)
    _check_fits(printed, layout, options)
    long_panels = [panel for panel in printed.panels if panel.card.title == "Larga"]
    text = _pdf_text(pdf)
    assert text.count("(cont.)") == len(long_panels) - 1
    for panel in long_panels:
        assert _norm(" ".join(block.text for block in panel.blocks)) in text


def test_grid_text_never_shrinks_it_continues(project_root: Path) -> None:
    """One type scale: a card too long for its panel continues on the next one at the body size."""
    layout = _layout(project_root)
    options = card_options(layout, mode="grid")
    setter = Typesetter(layout, options)
    assert options.min_size == setter.base_size == layout.style("body").size
    cell = grid_cells(layout, options)[0]
    inner = cell.width - 2 * options.padding
    room = cell.height - setter.header_height(_card("Media", ""), continued=False, width=cell.width) - 2 * options.padding
    words = LONG.split()
    count = 50  # the shortest prefix (a multiple of 10 words) that no longer fits one panel
    while setter.body_height([Block("paragraph", " ".join(words[:count]), 1, 1)], setter.base_size, inner) <= room:
        count += 10
    plan = plan_sheet(CardSet(cards=(_card("Media", " ".join(words[:count])),), label="Prueba"), layout, options, with_index=False)
    assert len(plan.panels) == 2 and {panel.size for panel in plan.panels} == {setter.base_size}
    _check_fits(plan, layout, options)


@pytest.mark.parametrize(("paper", "cells"), [("a4", 9), ("letter", 9)])
def test_grid_panels_are_exact_on_each_paper(project_root: Path, paper: str, cells: int) -> None:
    layout = _layout(project_root, paper)
    options = card_options(layout, mode="grid")
    rects = grid_cells(layout, options)
    assert len(rects) == cells
    for rect in rects:
        assert abs(rect.width - 62 * MM) <= 0.5 and abs(rect.height - 82 * MM) <= 0.5
        assert layout.margin_left <= rect.x and rect.x + rect.width <= layout.page_width - layout.margin_right
    xs = sorted({round(r.x, 2) for r in rects})
    assert all(abs((b - a) - (62 + 2) * MM) < 0.01 for a, b in zip(xs, xs[1:]))


class _Recorder:
    def __init__(self) -> None:
        self.lines: list[tuple[float, float, float, float]] = []

    def line(self, x1, y1, x2, y2) -> None:
        self.lines.append((x1, y1, x2, y2))

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def test_crop_marks_run_towards_the_paper_edge_on_every_cut_but_stop_8_mm_short(project_root: Path) -> None:
    from pipeline.sheets.pagefurniture import SAFE_EDGE
    from pipeline.sheets.markup import paragraph_styles

    layout = _layout(project_root)
    options = card_options(layout, mode="grid")
    rects = grid_cells(layout, options)
    canvas = _Recorder()
    draw_crop_marks(canvas, layout, options, rects, paragraph_styles(layout))

    def near(a: float, b: float) -> bool:
        return abs(a - b) < 0.01

    for x in {r.x for r in rects} | {r.x + r.width for r in rects}:
        vertical = [line for line in canvas.lines if near(line[0], x) and near(line[2], x)]
        # out to the header and footer bands, which the marks leave clear by MARK_CLEARANCE
        assert any(max(mark[1], mark[3]) >= layout.page_height - layout.margin_top - MARK_CLEARANCE - 0.01 for mark in vertical)
        assert any(min(mark[1], mark[3]) <= layout.margin_bottom + MARK_CLEARANCE + 0.01 for mark in vertical)
    for y in {r.y for r in rects} | {r.top for r in rects}:
        horizontal = [line for line in canvas.lines if near(line[1], y) and near(line[3], y)]
        assert any(near(min(mark[0], mark[2]), SAFE_EDGE) for mark in horizontal)
        assert any(near(max(mark[0], mark[2]), layout.page_width - SAFE_EDGE) for mark in horizontal)
    for x1, y1, x2, y2 in canvas.lines:  # where a home printer still prints
        assert min(x1, x2) >= SAFE_EDGE - 0.01 and max(x1, x2) <= layout.page_width - SAFE_EDGE + 0.01
        assert min(y1, y2) >= SAFE_EDGE - 0.01 and max(y1, y2) <= layout.page_height - SAFE_EDGE + 0.01
    # no mark enters the grid
    left, right = min(r.x for r in rects), max(r.x + r.width for r in rects)
    bottom, top = min(r.y for r in rects), max(r.top for r in rects)
    for x1, y1, x2, y2 in canvas.lines:
        inside_x = left < min(x1, x2) < right or left < max(x1, x2) < right
        inside_y = bottom < min(y1, y2) < top or bottom < max(y1, y2) < top
        assert not (inside_x and inside_y)


def test_markup_in_card_text_is_printed_not_obeyed(project_root: Path) -> None:
    card_set = CardSet(cards=(_card("A <b> & B", "Si x < 3 & y > 2 usa <font size=40>grande</font>."),), label="Cartas")
    layout = _layout(project_root)
    pdf, _, _ = render_cards(_document(), card_set, layout, options=card_options(layout))
    text = _pdf_text(pdf)
    assert "A <b> & B" in text and "Si x < 3 & y > 2 usa <font size=40>grande</font>." in text
    assert "Ana Traductora" in text


# ------------------------------------------------------------------------------------------ real sources


@pytest.fixture(scope="module")
def threats(real_tagged):
    config, _, document = real_tagged("space-alert")
    sheet = config.sheet("threats")
    card_set = select_cards(document, recipe=sheet.recipes["a4"])
    return document, sheet, card_set


def test_threat_handout_has_every_noted_threat_once(threats) -> None:
    _, _, card_set = threats
    titles = [card.title for card in card_set.cards]
    assert len(titles) == len({t.casefold() for t in titles})
    for name in (
        "Platillo giratorio",
        "Destructor con Megaescudo",
        "Naveaguja Plasmática",
        "Cápsula sellada",
        "Araña Dimensional",
        "Enjambre madre",
        "Satélite Transmisor",
        "Planetoide",
        "Transformador sobrecargado",
        "Cortocircuito en el Cañón de pulsos",
        "Escudos invertidos",
        "Brecha en la esclusa",
        "Anomalía fásica",
        "Vórtice espacio-temporal",
        "Perforador",
        "Arrastrado",
        "Minador fásico",
        "Ninja",
    ):
        assert name in titles
    by_title = {card.title: card for card in card_set.cards}
    assert by_title["Platillo giratorio"].tone == "external" and by_title["Ninja"].tone == "internal"
    assert by_title["Naveaguja Plasmática"].title_en == "Plasmatic Needleship"
    assert by_title["Serpiente de energía, Dragón de energía"].title_en == "Energy Snake, Energy Dragon"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_threat_handout_pdf_holds_every_note(project_root: Path, threats, paper: str) -> None:
    document, sheet, card_set = threats
    layout = _layout(project_root, paper)
    options = sheet.recipes[paper].options
    pdf, pages, plan = render_cards(document, card_set, layout, options=options, revision=card_set.revision())
    text = _pdf_text(pdf)
    for panel in plan.panels:
        if panel.card.key == "#index":
            continue
        for block in panel.blocks:
            assert _norm(block.text) in text, (panel.card.title, block.text[:60])
    whole = {card.key: card for card in card_set.cards}
    for key, card in whole.items():
        placed = [block.text for panel in plan.panels if panel.card.key == key for block in panel.blocks]
        assert " ".join(placed).split() == " ".join(block.text for block in card.blocks).split()
    _check_fits(plan, layout, options)
    assert pdf == render_cards(document, card_set, layout, options=options, revision=card_set.revision())[0]


@pytest.mark.parametrize(
    ("title", "hit", "expected"),
    [
        ("Hunt/cazar", TermHit("cazar", "Hunt", 5, 10), ("Cazar", "Hunt")),
        ("Stacionary/Inmovil", TermHit("inmóvil", "Stationary", 11, 18), ("Inmovil", "Stationary")),
        (
            "Soldados Xenomorfos/Xenomotph Soldiers",
            TermHit("soldado xenomorfo", "Xenomorph Soldier", 0, 19),
            ("Soldados Xenomorfos", "Xenomorph Soldier"),
        ),
        ("Nuevos hives/colmenas y avatares", TermHit("colmena", "Hive", 13, 21), None),
    ],
)
def test_bilingual_names_keep_the_spanish_side(title: str, hit: TermHit, expected) -> None:
    from pipeline.sheets.cards.select import bilingual_name

    assert bilingual_name(title, [hit]) == expected


CARD_SHEETS = [
    ("alternity-warships", "system-damage"),
    ("leaving-earth", "cards"),
    ("legendary-alien", "keywords"),
    ("space-alert", "threats"),
    ("space-alert", "specializations"),
]


@pytest.mark.parametrize(("game", "sheet"), CARD_SHEETS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mode", ["handout", "grid"])
def test_a_continued_card_carries_three_lines_on_each_panel(real_tagged, game: str, sheet: str, paper: str, mode: str) -> None:
    """A continuation holds at least three lines or does not happen ("Mecánico (cont.)": one line, before;
    a grid's "Serpiente de energía (cont.)": two)."""
    from pipeline.sheets.cards.draw import render_cards
    from pipeline.sheets.cards.select import select_cards

    config, _, document = real_tagged(game)
    spec = config.sheet(sheet)
    layout, recipe = spec.layouts[paper], spec.recipes[paper]
    recipe = replace(recipe, options=replace(recipe.options, mode=mode))
    try:
        _, _, plan = render_cards(document, select_cards(document, recipe=recipe), layout, options=recipe.options, with_index=recipe.index)
    except BuildError as error:  # Alternity's damage matrix: a row of four long levels is taller than a 62 x 82 mm cell
        assert mode == "grid" and any(group.table for group in recipe.groups)
        assert "a row of its table is taller than an empty panel; print the sheet with `mode: handout`" in str(error)
        return
    setter = Typesetter(layout, recipe.options)
    line = setter.styles(setter.base_size)["body"].leading
    panels: dict[str, list] = {}
    for panel in plan.panels:
        panels.setdefault(panel.card.key, []).append(panel)
    for key, parts in panels.items():
        if len(parts) < 2:
            continue
        for part in parts:
            height = setter.body_height(list(part.blocks), part.size, part.rect.width - 2 * recipe.options.padding)
            assert height >= 3 * line - 0.5, (key, part.page, [block.text[:40] for block in part.blocks])


def test_a_level_that_says_much_more_than_the_others_keeps_its_effect_and_sets_the_rest_across_the_table() -> None:
    """Alternity's Defensas: one level's cell held its effect and then a long passage about the whole system; the
    passage goes on a row across the table with no label (labelled with the level, it read as a fifth level)."""
    from pipeline.sheets.cards.matrix import table_text
    from reportlab.lib.styles import ParagraphStyle

    from pipeline.sheets.flowables import RUN_IN, table_commands

    long = "La torre se pierde. " + "Mientras una torre esté dañada, las demás disparan con un dado menos. " * 8
    levels = f"Leve\tLa torre no dispara este turno.\nGrave\t{long.strip()}"
    cards = [replace(_card("Torres", ""), blocks=(Block("paragraph", "Una torre defiende.", 1, 1), Block("table", levels, 1, 1)))]
    rows = [row.split("\t") for row in table_text(cards, columns=("Sistema", "Efecto")).split("\n")]
    assert rows[0] == ["Leve", "Grave"]
    assert rows[2] == ["La torre no dispara este turno.", "La torre se pierde."]
    assert rows[3][0] == rows[3][1] and rows[3][0].startswith(f"{RUN_IN}Mientras una torre")  # across, no label
    assert " ".join(rows[2][1:] + [rows[3][0].split(RUN_IN)[1]]) == long.strip()  # no word dropped
    # The row across belongs to its entry (no hairline above it) and the next entry is set off (a hairline below it).
    rows += [[f"Muros{RUN_IN}Un muro para.", f"Muros{RUN_IN}Un muro para."], ["Sin efecto.", "Cae."]]
    lines = {command[1][1] for command in table_commands(rows, ParagraphStyle("cell"), header=True) if command[0] == "LINEBELOW"}
    assert 2 not in lines and 3 in lines and 4 not in lines
    short = levels.replace(long.strip(), "La torre se pierde. Las torres vecinas pierden 2 puntos de vida.")
    cards = [replace(cards[0], blocks=(cards[0].blocks[0], Block("table", short, 1, 1)))]
    assert len(table_text(cards, columns=("Sistema", "Efecto")).split("\n")) == 3  # nothing overlong: no extra row


def test_a_table_cut_across_panels_keeps_its_columns_and_its_entries_whole(project_root: Path) -> None:
    """Alternity's system damage matrix: every part has the whole table's column widths (they changed from
    page to page), and an entry's name row is never parted from its values row."""
    from pipeline.sheets.cards.matrix import table_text
    from pipeline.sheets.flowables import RUN_IN
    from pipeline.sheets.tablewidths import column_widths

    levels = "\n".join(f"{label}\t{label} del sistema {'largo ' * (3 + 4 * index)}" for index, label in enumerate(("Leve", "Grave")))
    cards = [
        replace(_card(f"Sistema {number}", ""), blocks=(Block("paragraph", "Texto " * number, 1, 1), Block("table", levels, 1, 1)))
        for number in range(1, 40)
    ]
    text = table_text(cards, columns=("Sistema", "Efecto"))
    rows = [row.split("\t") for row in text.split("\n")]
    assert rows[0] == ["Leve", "Grave"] and RUN_IN in rows[1][0] and rows[1][0] == rows[1][1]
    layout = _layout(project_root)
    options = card_options(layout)
    setter = Typesetter(layout, options)
    table = PanelBlock("table", text, header=True)
    placed, rest = setter.fill([table], setter.base_size, 400, 300)
    assert placed and rest
    first, second = placed[-1], rest[0]
    assert first.whole == second.whole == text
    assert RUN_IN in second.text.split("\n")[1]  # the part after the cut opens with an entry row
    style = setter.styles(setter.base_size)["table"]
    whole_widths = column_widths(rows, style, 400)
    for part in (first, second):
        assert setter.paragraph(part, setter.base_size).wrap(400, 10_000) and part.whole == text
    assert whole_widths == column_widths(rows, style, 400)


def test_column_widths_go_where_they_save_lines() -> None:
    """A short label column and a long text column: the text column gets the width."""
    from reportlab.lib.styles import ParagraphStyle

    from pipeline.sheets.tablewidths import column_widths

    style = ParagraphStyle("t", fontName="Helvetica", fontSize=7.5, leading=9)
    rows = [["Nombre", "Uno", "Dos"], ["A", "corto", "texto " * 60], ["B", "corto " * 3, "texto " * 50]]
    widths = column_widths(rows, style, 300)
    assert abs(sum(widths) - 300) < 0.5 and widths[2] > 5 * max(widths[:2])


@pytest.mark.parametrize(
    ("row", "runs"),
    [
        (["Leve", "Igual que un fallo menor", "Igual que un fallo menor"], [(0, 0), (1, 2)]),  # words: one cell across
        (["Estándar", "12", "3", "3", "30-45 min"], [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]),  # a number in each column
        (["Leve", "Leve", "x"], [(0, 0), (1, 1), (2, 2)]),  # never into the row's label
    ],
)
def test_a_cell_of_words_repeated_to_its_right_is_one_cell_a_number_is_not(row: list[str], runs: list[tuple[int, int]]) -> None:
    from pipeline.sheets.tablewidths import cell_runs

    assert cell_runs(row) == runs


def test_a_table_too_wide_for_its_words_breaks_its_longest_words_not_its_numbers() -> None:
    """Cairn's d100 spell table (four number-and-name pairs) in a narrow column: the numbers' columns keep
    their width ("26", never "2/6"), and the names' columns share what is left."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pipeline.sheets.tablewidths import CELL_PADDING, column_widths

    style = ParagraphStyle("t", fontName="Helvetica", fontSize=7.5, leading=9)
    names = ("Antropomorfizar", "Esculpir materia", "Intercambiar", "Oír susurros")
    rows = [[cell for part, name in enumerate(names) for cell in (str(n + 25 * part), name)] for n in range(1, 26)]
    widths = column_widths(rows, style, 150)
    assert abs(sum(widths) - 150) < 0.5
    for col in (0, 2, 4, 6):  # the first column is the rows' labels, in bold
        font = "Helvetica-Bold" if col == 0 else style.fontName
        assert widths[col] >= max(stringWidth(row[col], font, style.fontSize) for row in rows) + CELL_PADDING
    assert len({round(widths[col], 2) for col in (1, 3, 5, 7)}) == 1


@pytest.mark.parametrize(("game", "sheet"), CARD_SHEETS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_card_sheet_page_is_more_than_half_empty(real_tagged, game: str, sheet: str, paper: str) -> None:
    """Issue 14: Leaving Earth's p. 2 held one panel (~30 % of the page), Alternity's system damage p. 3 a third."""
    from pipeline.sheets.cards.draw import render_cards
    from pipeline.sheets.cards.plan import EARLIER_PAGE_FILL, MIN_PAGE_FILL
    from pipeline.sheets.cards.select import select_cards

    config, _, document = real_tagged(game)
    spec = config.sheet(sheet)
    layout, recipe = spec.layouts[paper], spec.recipes[paper]
    _, _, plan = render_cards(document, select_cards(document, recipe=recipe), layout, options=recipe.options, with_index=recipe.index)
    fill = page_fill(plan, layout, recipe.options)
    if plan.pages == 1 or min(fill.values()) >= MIN_PAGE_FILL:
        return
    # No page break keeps every page half full (Leaving Earth's cards on A4, 1.05 pages of cards): the pages
    # before the last stay 60 % full and the last is not one short panel.
    assert min(fill[page] for page in range(1, plan.pages)) >= EARLIER_PAGE_FILL, fill
    assert sum(panel.page == plan.pages for panel in plan.panels) >= 2 and fill[plan.pages] >= 0.3, fill


@pytest.mark.parametrize(("game", "sheet"), CARD_SHEETS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_column_before_a_card_sheet_s_last_page_is_half_empty(real_tagged, game: str, sheet: str, paper: str) -> None:
    """Leaving Earth's cards on Letter: page 1's second column held one panel (19 %) so that page 2 was half
    full; a sheet so uneven is spread evenly over its pages (plan._spread), and no page turn cuts a card."""
    from pipeline.sheets.cards.draw import render_cards
    from pipeline.sheets.cards.plan import column_reach
    from pipeline.sheets.cards.select import select_cards

    config, _, document = real_tagged(game)
    spec = config.sheet(sheet)
    layout, recipe = spec.layouts[paper], spec.recipes[paper]
    _, _, plan = render_cards(document, select_cards(document, recipe=recipe), layout, options=recipe.options, with_index=recipe.index)
    reach = column_reach(plan, layout, recipe.options)
    assert all(value >= 0.5 for page in range(1, plan.pages) for value in reach[page]), reach
    pages: dict[str, int] = {}
    for panel in plan.panels:
        assert not panel.continued or pages[panel.card.key] == panel.page or game == "alternity-warships", (panel.card.title, reach)
        pages[panel.card.key] = panel.page


def test_a_one_page_sheet_prints_no_index(project_root: Path) -> None:
    layout = _layout(project_root)
    options = card_options(layout)
    card_set = CardSet(cards=(_card("Alfa", "Una nota."), _card("Beta", "Otra nota.")), label="Prueba")
    plan = plan_sheet(card_set, layout, options, with_index=True)
    assert plan.pages == 1 and "#index" not in {panel.card.key for panel in plan.panels}
    long_set = CardSet(cards=(_card("Alfa", "Una nota."), _card("Larga", LONG)), label="Prueba")
    assert "#index" in {panel.card.key for panel in plan_sheet(long_set, layout, options, with_index=True).panels}


def test_a_cut_out_grid_draws_no_rule_beside_its_crop_marks(project_root: Path) -> None:
    """A header or footer rule next to the crop marks reads as one more line to cut along; the marks stop
    2 mm short of the header's and footer's text."""
    import pdfplumber

    layout = _layout(project_root)
    options = card_options(layout, mode="grid")
    card_set = CardSet(cards=(_card("Alfa", "Una nota."), _card("Larga", LONG)), label="Prueba")
    pdf, _, _ = render_cards(_document(), card_set, layout, options=options, with_index=False)
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            wide = [line for line in page.lines if abs(line["x1"] - line["x0"]) > options.panel_width * 1.5]
            assert wide == []
            text_top = min(char["top"] for char in page.chars)
            text_bottom = max(char["bottom"] for char in page.chars)
            header = [c for c in page.chars if c["top"] < layout.margin_top]
            footer = [c for c in page.chars if c["bottom"] > page.height - layout.margin_bottom]
            assert header and footer and text_top < layout.margin_top and text_bottom > page.height - layout.margin_bottom
            header_bottom, footer_top = max(c["bottom"] for c in header), min(c["top"] for c in footer)
            for line in page.lines:
                if abs(line["x1"] - line["x0"]) < 0.5:  # a vertical mark
                    assert line["top"] >= header_bottom + 2 * MM - 0.5 or line["bottom"] <= layout.margin_top
                    assert line["bottom"] <= footer_top - 2 * MM + 0.5 or line["top"] >= page.height - layout.margin_bottom


def test_the_last_page_columns_end_at_about_one_height(project_root: Path) -> None:
    """Galaxy Defenders' dice sheet: every panel in the first column of its one page, the second empty."""
    layout = _layout(project_root)
    options = card_options(layout)
    cards = tuple(_card(f"Carta {n}", " ".join(["Una regla corta de la carta."] * 6)) for n in range(6))
    plan = plan_sheet(CardSet(cards=cards, label="Prueba"), layout, options, with_index=False)
    assert plan.pages == 1
    bottoms = {}
    for panel in plan.panels:
        bottoms[round(panel.rect.x)] = min(bottoms.get(round(panel.rect.x), panel.rect.top), panel.rect.y)
    assert len(bottoms) == 2 and abs(max(bottoms.values()) - min(bottoms.values())) < 0.25 * layout.page_height


def test_a_table_too_wide_for_its_words_is_set_smaller_not_broken_letter_by_letter() -> None:
    """Cairn's d20 name tables (eight columns of numbers and names) in a third of a page: the type of the
    table shrinks until every column holds its longest word; before, "Breagan" printed as "Breaga" over "n"
    and "10" as "1" over "0"."""
    from reportlab.lib.styles import ParagraphStyle

    from pipeline.sheets.flowables import table_flowables
    from pipeline.sheets.tablewidths import MIN_TABLE_SCALE

    style = ParagraphStyle("t", fontName="Helvetica", fontSize=7.5, leading=9)
    names = ["Agune", "Beatrice", "Breagan", "Bronwyn", "Cannora"]
    rows = [[str(n + 1), names[n], str(n + 6), "Drelil", str(n + 11), "Lisabeth", str(n + 16), "Contrabandista"] for n in range(5)]
    def printed_words(table) -> tuple[set[float], list[tuple[list[str], list[str]]]]:
        table.wrap(160, 1000)
        table = getattr(table, "table", table)  # a roll table's columns (tablefold.py): the table made for the width
        cells = [cell[0] for row in table._cellvalues for cell in row]  # each cell: a tuple of its flowables
        lines = [(cell.text.split(), [word for _, words in cell.blPara.lines for word in words]) for cell in cells]
        return {cell.style.fontSize for cell in cells}, lines

    sizes, cells = printed_words(table_flowables(rows, style, header=False, escape=str)[1])
    assert len(sizes) == 1 and MIN_TABLE_SCALE * 7.5 <= sizes.pop() < 7.5
    assert all(printed == words for words, printed in cells)


def test_one_order_on_every_sheet_english_first_even_when_few_cards_have_english() -> None:
    """A sheet where most cards have no English name (Leaving Earth's: advance tables, "Otros problemas") still
    lists and sorts a card by its English name first, a card without one by its Spanish name among them."""
    from pipeline.sheets.cards.plan import index_card
    from pipeline.sheets.cards.select import Card, CardSet, sort_name

    def card(key: str, title: str, english: str, group: str) -> Card:
        return Card(key=key, title=title, title_en=english, group=group, tone="", blocks=())

    few = [card("a", "Aterrizaje", "Landing", "x"), card("b", "Otros", "", "x"), card("c", "Tabla", "", "x")]
    assert sorted(few, key=sort_name)[0].title == "Aterrizaje"
    assert sort_name(few[0]) == "Landing" and sort_name(few[0], table=True) == "Aterrizaje"
    entries = [block.text.split("\t")[0] for block in index_card(CardSet(cards=tuple(few), label="x"), {}).blocks]
    assert entries == ["Landing · Aterrizaje", "Otros", "Tabla"]
