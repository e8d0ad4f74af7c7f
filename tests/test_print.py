"""What a player sees on the built sheets (read back from the PDFs with pypdf): no debris, real tables and lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import GAMES


def _sheets(root: Path, *, suffix: str = "") -> dict[str, list[str]]:
    """'game/sheet' -> the text of each page (of the PDFs whose name ends with `suffix`: "-letter")."""
    found = {}
    for pdf in sorted((root / "output").glob(f"*/*{suffix}.pdf")):
        game = pdf.parent.name
        name = pdf.stem.removeprefix(game + "-")
        if suffix or not name.endswith("-letter"):
            found[f"{game}/{name.removesuffix(suffix)}"] = [page.extract_text() or "" for page in PdfReader(pdf).pages]
    return found


@pytest.fixture(scope="module")
def sheets(built_project: Path) -> dict[str, list[str]]:
    return _sheets(built_project)


@pytest.fixture(scope="module")
def letter_project(built_project: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the built project with every sheet built again on US Letter (`<game>-<sheet>-letter.pdf`)."""
    from click.testing import CliRunner

    from pipeline.cli import main
    from tests.conftest import copy_project

    root = copy_project(built_project, tmp_path_factory.mktemp("letter"), built=True)
    result = CliRunner().invoke(main, ["--root", str(root), "build", "--paper", "letter", "--jobs", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    return root


@pytest.fixture(scope="module")
def papers(sheets, letter_project: Path) -> dict[str, dict[str, list[str]]]:
    """'a4' and 'letter' -> the sheets' text per page on that paper."""
    return {"a4": sheets, "letter": _sheets(letter_project, suffix="-letter")}


def test_every_game_has_its_sheets(sheets) -> None:
    assert {name.split("/")[0] for name in sheets} == set(GAMES)
    # Ten sheets, and two that take what a quick reference of four pages cannot hold: Space Alert's
    # between-missions rules (experience, campaigns) and Alternity's special orders and squadrons. Galaxy
    # Defenders' die faces are a table on its one-page quickref (a sheet of their own was a page 17 % full).
    assert len(sheets) == 12


def test_no_pilcrow_is_ever_printed(sheets) -> None:
    """A paragraph break is a paragraph break: '¶' joined paragraphs to save lines (item 2 of issue 14)."""
    assert [name for name, pages in sheets.items() if any("¶" in page for page in pages)] == []


def test_a_lost_table_points_to_the_rulebook_instead_of_printing_debris(sheets) -> None:
    text = " ".join(sheets["alternity-warships/quickref"])
    assert "Tabla 2–1: Ataques a minas — ver el reglamento" in text
    assert "Verificar resultado M O G" not in text and "Un – – –" not in text


def test_the_sequence_of_play_is_a_numbered_list(sheets) -> None:
    text = sheets["alternity-warships/quickref"][0]
    for step in ("1. Fase de borde", "4. Fase de movimiento", "a) Naves capitales", "5. Fase de Fuego", "8. Órdenes especiales"):
        assert step in text


def test_die_faces_and_system_damage_are_tables(sheets) -> None:
    # The faces, once, as a table where the attack rolls the dice: each face's label (with its English) beside its effect.
    quickref = " ".join(sheets["galaxy-defenders/quickref"][0].split())  # a label may wrap beside its icon
    attack = quickref[quickref.index("tira los dados apropiados:") :]
    assert attack.index("Impacto · HIT sin efecto en defensa") < attack.index("Munición · Ammo") < attack.index("Defensa · Defense")
    assert quickref.count("Munición · Ammo") == 1
    damage = " ".join(sheets["alternity-warships/system-damage"])
    # A matrix of system x damage level: a header row of the levels (each with its icon, game.yaml, whose
    # letter is text of the cell), each system's row across the table above its levels.
    assert "A Aturdimiento H Herida M Mortal C Crítico" in " ".join(damage.split())
    assert "Almacenes — Uno de los sistemas de apoyo" in " ".join(damage.split())


# --- one type scale, furniture inside the printable area (measured in the PDFs) ----------------------

SAFE_MM = 8.0
# A glyph's ink reaches past its box (a rendered page at 300 dpi shows 0.2 mm left of it), so a letter's box keeps
# this much more from the edge than a drawn mark.
INK_OVERHANG_MM = 0.3
PT_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def plumbed(built_project: Path) -> dict[str, list]:
    """'game/sheet' -> per page: (width, height, chars, marks) read with pdfplumber."""
    return _plumbed(built_project)


def _plumbed(root: Path, *, suffix: str = "") -> dict[str, list]:
    import pdfplumber

    found = {}
    for pdf in sorted((root / "output").glob(f"*/*{suffix}.pdf")):
        game = pdf.parent.name
        name = pdf.stem.removeprefix(game + "-")
        if suffix or not name.endswith("-letter"):
            with pdfplumber.open(pdf) as document:
                found[f"{game}/{name.removesuffix(suffix)}"] = [
                    (page.width, page.height, list(page.chars), [*page.lines, *page.rects, *page.curves]) for page in document.pages
                ]
    return found


def _too_close(width: float, height: float, objects: list[dict]) -> list[str]:
    def edge(obj: dict) -> float:
        return (SAFE_MM + (INK_OVERHANG_MM if "text" in obj else 0)) * PT_PER_MM - 0.05

    return [
        f"{obj.get('text', obj.get('object_type'))!r} at ({obj['x0']:.1f}, {obj['top']:.1f})"
        for obj in objects
        if obj["x0"] < edge(obj) or obj["x1"] > width - edge(obj) or obj["top"] < SAFE_MM * PT_PER_MM - 0.05
        or obj["bottom"] > height - SAFE_MM * PT_PER_MM + 0.05
    ]


def test_every_printed_mark_is_8_mm_from_the_paper_edge(plumbed) -> None:
    problems = {
        f"{name} p{number}": close[:3]
        for name, pages in plumbed.items()
        for number, (width, height, chars, marks) in enumerate(pages, start=1)
        if (close := _too_close(width, height, [c for c in chars if c["text"].strip()] + marks))
    }
    assert problems == {}


def _in_symbol(char: dict, marks: list[dict]) -> bool:
    """Whether `char` is the letter inside an icon (sheets/icons.py): a small drawn shape around its centre."""
    x, y = (char["x0"] + char["x1"]) / 2, (char["top"] + char["bottom"]) / 2
    return any(
        mark["x0"] <= x <= mark["x1"] and mark["top"] <= y <= mark["bottom"]
        and mark["x1"] - mark["x0"] <= 16 and mark["bottom"] - mark["top"] <= 12
        for mark in marks
    )


def _line_fonts(chars: list[dict], start: str) -> set[str]:
    """The fonts of the printed line that starts with `start` (its characters but the English names')."""
    rows: dict[int, list[dict]] = {}
    for char in chars:
        rows.setdefault(round(char["top"]), []).append(char)
    for row in rows.values():
        row.sort(key=lambda char: char["x0"])
        for begin in range(len(row)):
            text = "".join(char["text"] for char in row[begin : begin + len(start)])
            if text == start:
                return {char["fontname"].split("+")[-1] for char in row[begin : begin + len(start)]}
    raise AssertionError(f"no line starts with {start!r}")


def test_the_special_orders_read_in_the_rulebook_s_order(sheets) -> None:
    """Alternity's copy scrambled them ("Posición después de embestir" before "Embestida"): game.yaml's chunks and
    four corrections put ramming, its damage and the position after it, then boarding's steps, in order."""
    text = " ".join(" ".join(sheets["alternity-warships/special-orders"]).split())
    entries = ["Embestida", "Ejecutar una embestida", "Daño por embestida", "Posición después de embestir", "Abordaje",
               "Aproximación", "Entrada", "Asalto", "Efectos del embarque", "Autodestrucción", "Acciones de escuadrón"]
    import re

    places = [re.search(re.escape(entry) + r"( ·|\.| [A-ZÁÉÍÓÚ])", text).start() for entry in entries]  # a run-in heading or a title
    assert places == sorted(places), [entry for entry, _ in sorted(zip(entries, places), key=lambda pair: pair[1])]


def test_the_labels_of_a_box_s_contents_are_bold(plumbed) -> None:
    """A "Label: text" paragraph: the label in bold, its text not (roles.py). Space Alert's box contents, the
    other case, state no rule: their sentences are explanation, left out by role (tests/sentences/)."""
    chars = plumbed["space-alert/quickref"][0][2]
    with pytest.raises(AssertionError):
        _line_fonts(chars, "Esta caja contiene")
    orders = plumbed["alternity-warships/special-orders"][0][2]
    assert all(font.endswith("Bold") for font in _line_fonts(orders, "Tropas espaciales:"))
    assert not all(font.endswith("Bold") for font in _line_fonts(orders, "Tropas espaciales: en"))


def test_one_type_scale_body_75_pt_and_nothing_smaller_than_english_names(plumbed) -> None:
    from collections import Counter

    for name, pages in plumbed.items():
        # An icon's letter is part of its symbol, sized to it: not text of the type scale.
        sizes = Counter(
            round(c["size"], 1) for _, _, chars, marks in pages for c in chars if c["text"].strip() and not _in_symbol(c, marks)
        )
        assert min(sizes) >= 7.0, name  # English names, notes, the footer: body - 0.5 pt at least
        if "quickref" in name:
            assert sizes.most_common(1)[0][0] == 7.5, name  # the body, the same on every quickref


def test_english_names_are_printed_dark_and_no_smaller_than_body_minus_half_a_point(plumbed) -> None:
    text_colour = []
    for name, pages in plumbed.items():
        for _, _, chars, _ in pages:
            inside = False
            for char in chars:
                if char["text"] == "‹":
                    inside = True
                if inside:
                    assert char["size"] >= 7.0 - 0.01, name
                    text_colour.append(char.get("non_stroking_color"))
                if char["text"] == "›":
                    inside = False
    assert text_colour
    for colour in {tuple(c) if isinstance(c, (list, tuple)) else (c,) for c in text_colour}:
        assert sum(colour[:3]) / min(3, len(colour)) <= 0.45  # a dark brown: at most 45 % lightness per channel


def test_the_revision_says_when_and_which(sheets) -> None:
    import re

    for name, pages in sheets.items():
        assert re.search(r"v\d{4}-\d{2}-\d{2} · [0-9a-f]{8}", pages[-1]), name


def test_credits_are_one_small_block_with_readable_addresses(sheets) -> None:
    for name, pages in sheets.items():
        text = " ".join(pages)
        assert "%20" not in text and not any(f"{label}: http" in text for label in ("Fuente", "Reglamento original")), name
        if "quickref" in name:
            assert "Créditos." in pages[-1], name


# --- English names that help ---------------------------------------------------------------------------

EVERYDAY_ENGLISH = ("card", "player", "ability", "turn", "round", "deck", "draw", "discard", "game", "hand", "phase", "action")


def test_no_everyday_word_carries_its_english_name(sheets) -> None:
    for name, pages in sheets.items():
        text = " ".join(" ".join(pages).split())
        tagged = [word for word in EVERYDAY_ENGLISH if f"‹{word}›" in text]
        assert tagged == [], name


def test_no_english_name_inside_quotation_marks_and_no_false_friend(sheets) -> None:
    import re

    for name, pages in sheets.items():
        text = " ".join(" ".join(pages).split())
        assert not re.search(r"›[”’»'\"]", text), name  # '‹explorable›' closing after the name
        assert "baraja ‹shuffle›" not in text.lower() and "explorada ‹Survey›" not in text, name


# --- reading order -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sheet", "in_play_order"),
    [
        # overview and components first, reference material last (the overview, the rulebook's «Reglamento», opens the
        # sheet with no heading: the title block names it)
        # (the badges, «Insignias», state no rule: their sentences are advice and explanation, left out by role)
        ("space-alert/quickref", ["Nuevas amenazas", "Nuevas misiones", "Acciones dobles", "Especializaciones"]),
        # setup, the year, the turn, what the turn uses, the end of the year and of the game
        ("leaving-earth/quickref", ["Setup", "Cada uno de todos los años", "En tu turno", "Maniobras", "Fin del año", "Fin del juego"]),
    ],
)
def test_top_level_sections_follow_the_order_of_play(built_project: Path, sheet: str, in_play_order: list[str]) -> None:
    game, name = sheet.split("/")
    outline = PdfReader(built_project / "output" / game / f"{game}-{name}.pdf").outline
    top = [entry.title for entry in outline if not isinstance(entry, list)]  # the bookmarks of level-1 headings
    found = [next((index for index, title in enumerate(top) if title.startswith(wanted)), -1) for wanted in in_play_order]
    assert -1 not in found and found == sorted(found), top


def test_text_pasted_under_the_wrong_entry_is_read_where_it_belongs(plumbed) -> None:
    """Alternity's command deck Mortal/Crítico line was pasted after the accommodations entry."""
    rows: dict[str, str] = {}
    for _, _, chars, _ in plumbed["alternity-warships/system-damage"]:
        for char in chars:
            rows.setdefault(round(char["top"]), "")
            rows[round(char["top"])] += char["text"]
    text = " ".join(rows[top] for top in sorted(rows))
    assert "La plataforma de mando está destruida" not in text.split("Cubierta de mando")[0]


# --- page breaks and repeats ---------------------------------------------------------------------------


def _sentences(text: str) -> set[str]:
    import re

    flowing = " ".join(re.sub(r"‹[^›]*›", " ", text).replace("-\n", "").split())
    return {sentence for sentence in re.split(r"(?<=[.!?])\s+", flowing) if len(sentence) >= 60}


def test_no_quickref_sentence_is_printed_again_on_the_games_card_sheets(sheets) -> None:
    for name, pages in sheets.items():
        game, sheet = name.split("/")
        if sheet != "quickref":
            continue
        quickref = _sentences(" ".join(pages))
        for other, other_pages in sheets.items():
            if other.startswith(f"{game}/") and other != name and "quickref" not in other:
                cards = " ".join(" ".join(" ".join(other_pages).split()).split())
                repeated = [sentence for sentence in quickref if sentence in cards]
                assert repeated == [], (other, repeated[:3])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_page_is_near_empty(papers, paper: str) -> None:
    """Every page but the last holds at least FULL of what the sheet's fullest page holds, on A4 and on Letter; the
    last ends where the rules end, but holds at least NEAR_EMPTY of it (issue 23: a summary prints fewer words,
    so a two-page sheet's second page may be short: Legendary Alien's holds its variants and English index)."""
    assert len(papers[paper]) == 12
    for name, pages in papers[paper].items():
        sizes = [len(page) for page in pages]
        assert min(sizes[:-1] or [max(sizes)]) >= FULL * max(sizes), (name, paper, sizes)
        assert sizes[-1] >= NEAR_EMPTY * max(sizes), (name, paper, sizes)


FULL = 0.6
NEAR_EMPTY = 1 / 5


def test_the_legendary_quickref_is_a_two_page_summary_with_what_a_turn_uses(sheets) -> None:
    """Issue 14 item 9: two pages holding the turn, the scoring and the abilities a player plays (the new
    cards' and the Queen's); the enemies' abilities on the keywords sheet, not twice."""
    quickref = sheets["legendary-alien/quickref"]
    text = " ".join(" ".join(quickref).split())
    assert len(quickref) == 2
    for wanted in ("Secuencia de juego", "Puntuación", "10 puntos", "Activate", "Bite/mordisco", "Rush/ímpetu", "English index"):
        assert wanted in text, wanted
    keywords = " ".join(" ".join(sheets["legendary-alien/keywords"]).split())
    assert "Flying" in keywords and "Subdue" in keywords and "Mordisco" not in keywords


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_card_sheet_page_is_more_than_half_empty_in_the_pdf(plumbed, letter_project: Path, paper: str) -> None:
    """Measured in the PDF: how far down each half of the page the text reaches (the header's and footer's
    bands left out), averaged; a sheet of more than one page keeps every page but its last at least half full, and its last at 30 %."""
    margin = 13 * PT_PER_MM
    for name, pages in (plumbed if paper == "a4" else _plumbed(letter_project, suffix="-letter")).items():
        sheet = name.split("/")[1]
        if sheet in ("quickref", "experience", "special-orders") or len(pages) == 1:
            continue
        for number, (width, height, chars, _) in enumerate(pages, start=1):
            body = [c for c in chars if c["text"].strip() and margin < c["top"] and c["bottom"] < height - margin]
            reach = [max((c["bottom"] for c in body if (c["x0"] < width / 2) == left), default=margin) for left in (True, False)]
            fill = sum((bottom - margin) / (height - 2 * margin) for bottom in reach) / 2
            # Text ends a little above its panel's border; a last page may be shorter, never one short panel.
            assert fill >= (0.45 if number < len(pages) else 0.3), (name, number, round(fill, 2))
