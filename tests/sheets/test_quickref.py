"""Quick-reference sheets: condensing, the fit search and the real Leaving Earth sheet (pipeline/sheets/quickref/)."""
from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from pypdf import PdfReader

from pipeline.errors import BuildError
from pipeline.model import Block, Document, GameInfo, Section, TermHit, place_terms
from pipeline.sheets.config import Templates, read_recipe_on
from pipeline.sheets.quickref import Probe, _NoFit, fit_sheet, quickref_with_sections
from pipeline.sheets.quickref.condense import CondenseOptions, condense
from tests.conftest import ROOT


def parse_recipe(data: dict, *, paper: str = "a4"):
    """`data` read on top of templates/quickref.yaml's defaults, as a game's sheet is."""
    return read_recipe_on(Templates(ROOT / "templates"), "quickref", data, paper=paper)


ALL = CondenseOptions(examples=True, narration=True, repeats=True, asides=True)


def one(text: str, *, terms: tuple[TermHit, ...] = (), kind: str = "paragraph", extra: tuple[Block, ...] = ()) -> Section:
    return Section(id="s", title="S", level=1, kind="rules", blocks=place_terms((Block(kind, text, 1, 1), *extra), terms), first=1, last=1)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Roba una carta. Por ejemplo, si tienes dos cartas robas una. Y luego otra.", "Roba una carta."),
        (
            "Algunos componentes tienen un requisito - por ejemplo, los cohetes Juno.",
            "Algunos componentes tienen un requisito - por ejemplo, los cohetes Juno.",
        ),
        ("Esto nos ofrece una fórmula. La potencia es la masa.", "La potencia es la masa."),
        ("Ahora tenemos nuestra nave en la Luna. Los cohetes se descartan.", "Los cohetes se descartan."),
        ("Para alcanzar la Luna se requiere 4 (2 masa x 2 dificultad = 4 potencia). Paga 10$.", "Paga 10$."),
        ("Recuerda que una nave necesita un componente. Roba una carta.", "Roba una carta."),
        ("Los extremos del tablero no cuentan.", "Los extremos del tablero no cuentan."),
        # asides: an analogy, the designer's motivation, a translator remark, a cross-reference
        ("Mover una nave es similar a empujar un coche: cuesta. Paga 5$.", "Paga 5$."),
        ("La principal razón para alargar una maniobra es ganar tiempo. Dobla la dificultad.", "Dobla la dificultad."),
        ("Personalmente, yo sigo multiplicando. Roba dos cartas.", "Roba dos cartas."),
        ("Mueve la nave (ver página 34). Roba una carta.", "Mueve la nave. Roba una carta."),
        ("Mueve la nave (véase Movimiento) y roba.", "Mueve la nave y roba."),
        # rules that only look like asides stay
        (
            "El disparo funciona de manera muy parecida a un ataque. De esta forma pueden atacar hasta cuatro misiles.",
            "El disparo funciona de manera muy parecida a un ataque. De esta forma pueden atacar hasta cuatro misiles.",
        ),
    ],
)
def test_condense_drops_examples_and_narration_and_keeps_rules(text: str, kept: str) -> None:
    (section,) = condense([one(text)], options=ALL) or [one("")]
    assert section.text == kept


def test_a_cross_reference_to_a_section_of_the_sheet_is_kept_one_elsewhere_goes() -> None:
    rules = one("Al empezar tu turno tus soldados se curan (VER: Asalto). Roba (ver Reservas) una carta. Paga (ver asalto, más abajo).")
    assault = replace(one("Cada soldado ataca una vez."), id="asalto", title="Asalto")
    result = condense([rules, assault], options=ALL)
    assert result[0].text == "Al empezar tu turno tus soldados se curan (VER: Asalto). Roba una carta. Paga (ver asalto, más abajo)."


def test_flavor_sentences_of_the_recipe_are_left_out_and_nothing_else() -> None:
    options = CondenseOptions(flavor_patterns=("^El espacio es un lugar muy cruel",))
    (section,) = condense([one("Un astronauta sin suministros muere. El espacio es un lugar muy cruel. Roba una carta.")], options=options)
    assert section.text == "Un astronauta sin suministros muere. Roba una carta."


def test_condense_never_touches_formulas_and_drops_a_repeated_statement() -> None:
    formula = Block("formula", "Potencia requerida = masa x dificultad", 2, 2)
    first = one("Intro.", extra=(formula,))
    second = replace(one("potencia requerida = mass x dificultad", kind="formula"), id="t")
    result = condense([first, second], options=ALL)
    assert [s.id for s in result] == ["s"] and result[0].blocks[1].text == formula.text


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Todos los controles de la tripulación sufren un +1.", "Todos los controles de la tripulación sufren un +2."),
        ("La clase de maniobra de la nave disminuye en un punto.", "La clase de maniobra de la nave disminuye en dos puntos."),
        ("Tira los dados 2 según la tabla del viento:", "Tira los dados 3 según la tabla del viento:"),
        # Two tables of modifiers (our own words) alike but for their signs: the second is no repeat of the first.
        (
            "Carga ligera: +1 a la velocidad, -1 al sigilo. Carga pesada: -2 a la velocidad, +2 al sigilo.",
            "Carga ligera: -1 a la velocidad, +1 al sigilo. Carga pesada: +2 a la velocidad, −2 al sigilo.",
        ),
    ],
)
def test_statements_that_differ_in_a_number_are_two_rules_not_a_repeat(earlier: str, later: str) -> None:
    result = condense([one(earlier), replace(one(later), id="t")], options=ALL)
    assert [section.text for section in result] == [earlier, later]


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        # Shaped like Mus's equivalences and La Campaña's classes (our own words): parallel rules that differ in the nouns they name.
        (
            "Los reyes valen igual que los treses, así que la baraja tiene 8 reyes.",
            "Los doses valen igual que los ases, así que la baraja tiene 8 ases.",
        ),
        ("Tienen ventaja sobre el Arquero: daño puro.", "Tienen ventaja sobre el Mago: daño puro."),
    ],
)
def test_statements_that_differ_in_a_noun_are_two_rules_not_a_repeat(earlier: str, later: str) -> None:
    result = condense([one(earlier), replace(one(later), id="t")], options=ALL)
    assert [section.text for section in result] == [earlier, later]


def test_a_statement_repeated_with_a_typo_is_still_a_repeat() -> None:
    earlier = "Cada motor empuja una nave de masa tres como máximo."
    result = condense([one(earlier), replace(one("Cada motor empuja una nave de mass tres como máximo."), id="t")], options=ALL)
    assert [section.text for section in result] == [earlier]


def test_example_continues_after_a_page_break_marker() -> None:
    section = one(
        "Dobla la dificultad. Por ejemplo, la maniobra tiene dificultad tres y [...]",
        extra=(Block("paragraph", "[...] consume tres años.", 2, 2), Block("paragraph", "Decide antes.", 3, 3)),
    )
    assert condense([section], options=ALL)[0].text == "Dobla la dificultad.\n\nDecide antes."


def test_condense_moves_term_offsets_with_the_text() -> None:
    text = "Por ejemplo: el ejemplo.\n\nAhora tenemos naves. Roba un cohete."
    blocks = tuple(Block("paragraph", part, 1, 1) for part in text.split("\n\n"))
    start = text.index("cohete")
    section = Section("s", "S", 1, "rules", place_terms(blocks, [TermHit("cohete", "rocket", start, start + 6)]), 1, 1)
    (result,) = condense([section], options=ALL)
    (block,) = result.blocks
    (hit,) = block.terms
    assert block.text[hit.start : hit.end] == "cohete"


def _pages_falling_with_size(columns: int, size: float) -> Probe:
    """A sheet whose text fills 0.16 pages per point of size squared; 3 columns hold a bit more."""
    fill = 0.16 * size * size / 9 / {2: 1.0, 3: 1.15, 4: 1.25}[columns]
    return Probe(pages=int(fill) + 1, fill=fill)


@pytest.mark.parametrize("pages", [1, 2, 3, 4])
def test_fit_search_prefers_the_largest_size_then_the_fewest_columns(pages: int) -> None:
    recipe = parse_recipe({"pages": pages, "columns": [2, 4], "body_size": [7.5, 9]})
    tried: list[tuple[int, float]] = []

    def measure(columns: int, size: float) -> Probe:
        tried.append((columns, size))
        return _pages_falling_with_size(columns, size)

    sizes = [s / 4 for s in range(30, 37)]
    fits = [(size, -columns) for columns in (2, 3, 4) for size in sizes if _pages_falling_with_size(columns, size).pages <= pages]
    best_size, best_columns = max(fits)
    fit = fit_sheet(measure, recipe)
    assert (fit.body_size, fit.columns) == (best_size, -best_columns)  # the largest size, then the fewest columns
    assert fit.pages == _pages_falling_with_size(fit.columns, fit.body_size).pages
    assert len(tried) == len(set(tried)) and len(tried) < 3 * len(sizes) / 2  # each layout measured once, far from all of them


def test_fit_search_without_a_budget_measures_nothing() -> None:
    recipe = parse_recipe({"columns": [2, 3], "body_size": [7.5, 9]})
    fit = fit_sheet(lambda columns, size: pytest.fail("measured"), replace(recipe, pages=None))
    assert (fit.columns, fit.body_size, fit.pages) == (2, 9.0, None)


def test_fit_search_without_a_fit_reports_the_pages_at_minimum_size() -> None:
    recipe = parse_recipe({"pages": 1, "columns": [2, 3], "body_size": [7.5, 8]})
    with pytest.raises(_NoFit) as error:
        fit_sheet(lambda columns, size: Probe(pages=5 - columns, fill=5.0 - columns), recipe)
    assert (error.value.pages, error.value.columns, error.value.size) == (2, 3, 7.5)


def test_a_probe_counts_the_pages_a_render_makes(real_tagged) -> None:
    from pipeline.sheets.quickref import sheet_sections
    from pipeline.sheets.quickref.typeset import measure_sheet, render_sheet

    config, _, document = real_tagged("legendary-alien")  # its page count jumps with the size
    sheet = config.sheet("quickref")
    layout, recipe = sheet.layouts["a4"], sheet.recipes["a4"]
    sections = sheet_sections(document, recipe)
    for columns, size in ((2, 8.25), (2, 7.0), (3, 7.5), (3, 7.75)):
        options = dict(sheet_label=recipe.label, columns=columns, body_size=size, index=recipe.glossary,
                       tagged_kinds=recipe.tagged_kinds, compact_title=True)
        pages, fill = measure_sheet(document, sections, layout, **options)
        assert render_sheet(document, sections, layout, **options)[1] == pages
        assert pages - 1 < fill <= pages


def test_a_recipe_that_cannot_fit_fails_with_target_pages_and_largest_sections(project_root) -> None:
    from pipeline.sheets.layout import load_layout

    layout = load_layout(project_root / "templates", "quickref")
    long_rules = " ".join(f"Regla número {n}: roba una carta y paga {n}$." for n in range(900))
    sections = tuple(
        Section(f"sec-{i}", f"Sección {i}", 1, "rules", (Block("paragraph", long_rules[: 4000 * (i + 1)], 1, 1),), 1, 1) for i in range(3)
    )
    document = Document(game=GameInfo(id="demo", title_es="Demo", title_en="Demo"), sections=sections)
    recipe = parse_recipe({"pages": 1, "columns": [2, 3], "body_size": [7.5, 8]})
    with pytest.raises(BuildError) as error:
        quickref_with_sections(document, sheet="quickref", layout=layout, recipe=recipe)
    message = str(error.value)
    assert "target of 1 page" in message and "at the minimum body size 7.5 pt" in message
    assert "largest sections: sec-2 (12000 chars), sec-1 (8000 chars), sec-0 (4000 chars)" in message


@pytest.fixture(scope="module")
def leaving_earth(real_tagged):
    config, _, document = real_tagged("leaving-earth")  # tagged as `refsheets build` does: English names take room
    sheet = config.sheet("quickref")
    out = {}
    for paper in ("a4", "letter"):
        layout, recipe = sheet.layouts[paper], sheet.recipes[paper]
        pdf, pages, revision, _ = quickref_with_sections(document, sheet="quickref", layout=layout, recipe=recipe)
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages)
        text = re.sub(r"\s*‹[^›]*›", "", text)  # the English names shown after terms
        out[paper] = (pdf, pages, revision, text)
    return sheet, out


RULES = [
    "potencia requerida",  # the formula, boxed
    "componente se muestra en la esquina superior izquierda",  # mass
    "empuje (thrust)",  # thrust
    "Una maniobra es una ruta",
    "otencia requerida = mas",  # the formula (masa / mass)
    "Juego muy difícil",  # setup difficulty table
    "Cada jugador elige una 'carta de agencia espacial'",
    "Misiones de inicio de año",
    "El 'calendario' abarca",
    "motores de iones solo se pueden utilizar",
    "Dobla la dificultad de la maniobra",
    "acoplar dos naves en una",
    "La separación o desacople",
    "dejarlo dañado",
    "Para ensamblar una nave",
]
# The mission types and the hazards (radiation, re-entry) are printed on the game's cards sheet, not twice;
# so is the table of advances ("Landindg", as the translator spelt it).
ON_THE_CARDS = ["Sample Return", "nivel de radiación", "escudos térmicos", "Landindg"]
NOT_ON_THE_SHEET = [
    *ON_THE_CARDS,
    "Gran trabajo",
    "Muchísimas gracias",
    "Voy por aquí",
    "Hagamos otro intento",
    "Ahora toma un Juno",
    "Por ejemplo",
    "nuestra nave",
    "vilvoh",
    "holmes70",
]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_leaving_earth_sheet_keeps_the_rules_and_meets_its_budget(leaving_earth, paper: str) -> None:
    sheet, out = leaving_earth
    _, pages, _, text = out[paper]
    assert pages == sheet.recipes[paper].pages == 2  # one double-sided sheet on either paper
    missing = [rule for rule in RULES if rule not in text]
    assert not missing
    assert "Lopez de la Osa" in text  # translator credited
    present = [noise for noise in NOT_ON_THE_SHEET if noise in text]
    assert not present


def test_leaving_earth_sheet_is_byte_identical_and_revision_is_paper_independent(leaving_earth, project_copy) -> None:
    from pipeline.build import tagged_document
    from pipeline.project import Project

    sheet, out = leaving_earth
    # made again in a fresh copy (no stage cache), not the shared one: the same bytes from a new document
    _, _, document = tagged_document(Project(project_copy), "leaving-earth")
    pdf, _, revision, _ = quickref_with_sections(document, sheet="quickref", layout=sheet.layouts["a4"], recipe=sheet.recipes["a4"])
    assert pdf == out["a4"][0]
    assert revision == out["letter"][2]
    assert f"rev {revision}" in out["a4"][3]


def test_alternity_sheet_meets_its_budget_and_leaves_the_damage_cards_to_their_sheet(built_project) -> None:
    # The sheet `refsheets build` made in the session build (tests/conftest.py), read, not rendered again.
    reader = PdfReader(built_project / "output/alternity-warships/alternity-warships-quickref.pdf")
    text = " ".join(" ".join((page.extract_text() or "").split()) for page in reader.pages)
    assert len(reader.pages) <= 4
    assert "Daño a los sistemas" in text  # the title block says where the system effects are
    # It points at a section the sheet prints, with its page: the heading, with one sentence of its introduction the
    # classifier is unsure of (kept: sentences.keeps), over its first subsection.
    assert "(ver Movimiento, p. 1)" in text and "Movimiento Además, estas reglas introducen" in text
    assert "la mina. Comprobaciones de maniobra" in text


def test_a_wall_of_prose_is_cut_into_paragraphs_at_sentence_ends() -> None:
    """Alternity's "Armas calientes" and "Sensores activos y pasivos" ran thirty lines without a break."""
    from pipeline.model import Block, Section, TermHit
    from pipeline.sheets.quickref.pace import MIN_PART_CHARS, WALL_CHARS, paced

    sentence = "La nave acumula energía en sus armas durante la ronda de combate."
    text = " ".join([sentence] * 30)
    where = text.index("energía", 900)
    hit = TermHit(es="energía", en="energy", start=where, end=where + len("energía"))
    block = Block("paragraph", text, 1, 1, terms=(hit,))
    short = Block("paragraph", sentence, 2, 2)
    section = Section(id="s", title="S", level=1, kind="rules", blocks=(block, short), first=1, last=2)
    parts = paced([section])[0].blocks
    assert len(parts) > 2 and parts[-1] == short
    assert " ".join(part.text for part in parts[:-1]) == text  # no word added, dropped or moved
    assert all(MIN_PART_CHARS <= len(part.text) <= WALL_CHARS and part.text.endswith(".") for part in parts[:-1])
    moved = [(part, h) for part in parts for h in part.terms]
    assert len(moved) == 1 and moved[0][0].text[moved[0][1].start : moved[0][1].end] == "energía"


def _flowables(section: Section):
    from pipeline.sheets.layout import load_layout
    from pipeline.sheets.markup import paragraph_styles
    from pipeline.sheets.quickref.blocks import block_flowables
    from pipeline.tag.kinds import read_term_kinds

    styles = paragraph_styles(load_layout(ROOT / "templates", "quickref", paper="a4"))
    return block_flowables(section, styles, shown=set(), tagged=read_term_kinds(ROOT / "glossaries").tagged)


@pytest.mark.parametrize("announced", ["table", "item"])
def test_a_lead_in_stays_with_the_table_or_list_it_announces(announced: str) -> None:
    """'... y consulta la tabla:' never ends a column while its table opens the next."""
    following = Block("table", "1\tCalma\n2\tViento", 2, 3) if announced == "table" else Block("item", "Calma", 2, 2)
    lead, *_ = _flowables(one("Cuando el barco llega a puerto, tira un dado y consulta la tabla:", extra=(following,)))
    assert lead.getKeepWithNext()
    plain, *_ = _flowables(one("Cuando el barco llega a puerto, tira un dado.", extra=(following,)))
    assert not plain.getKeepWithNext()


@pytest.mark.parametrize(("rows", "whole"), [(8, True), (9, False)])
def test_a_short_table_counts_its_rows_under_the_header(rows: int, whole: bool) -> None:
    """A d8's faces under a header row (9 rows in all) are read whole; a longer table may be cut."""
    text = "\n".join(["Tirada\tResultado", *(f"{face}\tefecto {face}" for face in range(1, rows + 1))])
    flowables = _flowables(one("Tabla de viento.", extra=(Block("table", text, 2, 2 + rows, header=True),)))
    table = flowables[1:]
    assert all(flowable.getKeepWithNext() for flowable in table[:-1]) == whole


def test_a_heading_over_run_in_subsections_never_ends_a_column_alone() -> None:
    """Galaxy Defenders' «Combate» (no text of its own, over «Ataque. Elige un arma…») was left at a column's
    foot: the invisible outline anchor before the run-in lead ended the chain of flowables kept with the next."""
    from pipeline.sheets.layout import load_layout
    from pipeline.sheets.markup import paragraph_styles
    from pipeline.sheets.quickref.flow import OutlineAnchor, section_flowables

    def section(key: str, title: str, level: int, parent: str | None, *texts: str) -> Section:
        blocks = tuple(Block("paragraph", text, n, n) for n, text in enumerate(texts, start=1))
        return Section(id=key, title=title, level=level, kind="rules", blocks=blocks, first=1, last=2, parent=parent)

    move = "Mueve tu figura hasta dos casillas por cada punto de movimiento que te quede en este turno."
    attack = "Elige un arma, comprueba que ves al objetivo y tira los dados que indica su carta."
    defend = "El defensor tira un dado azul por cada impacto y resta los escudos que obtenga."
    sections = [
        section("turno", "Turno", 1, None, "Cada jugador juega su turno completo antes del siguiente."),
        section("turno/mover", "Mover", 2, "turno", move),
        section("turno/combate", "Combate", 2, "turno"),
        section("turno/combate/ataque", "Ataque", 3, "turno/combate", attack),
        section("turno/combate/defensa", "Defensa", 3, "turno/combate", defend),
    ]
    styles = paragraph_styles(load_layout(ROOT / "templates", "quickref", paper="a4"))
    flowables = section_flowables(sections, styles, tagged=(), run_in=True)
    printed = [flowable for flowable in flowables if not isinstance(flowable, OutlineAnchor)]
    combate = next(i for i, f in enumerate(flowables) if "Combate" in getattr(f, "text", ""))
    ataque = next(i for i, f in enumerate(flowables) if "Elige un arma" in getattr(f, "text", ""))
    assert printed and all(flowable.getKeepWithNext() for flowable in flowables[combate:ataque])
