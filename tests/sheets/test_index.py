"""The quick reference's English index lists the English names the sheet prints, and says so when there are none."""
from __future__ import annotations

from reportlab.platypus import Paragraph

from pipeline.model import Block, Section, TermHit
from pipeline.sheets.layout import load_layout
from pipeline.sheets.markup import paragraph_styles
from pipeline.sheets.quickref.flow import section_flowables
from pipeline.sheets.quickref.index import NO_INDEX, index_flowables, index_pairs
from pipeline.tag.kinds import read_term_kinds
from tests.conftest import ROOT

# Words enough that the tag budget (tagbudget.py: 1.5 tags per 100 words) leaves every tag printed.
FILLER = " Luego sigue la ronda como se explica más arriba." * 30
TAGGED = read_term_kinds(ROOT / "glossaries").tagged
STYLES = paragraph_styles(load_layout(ROOT / "templates", "quickref", paper="a4"))


def _section(key: str, title: str, text: str, hits: list[tuple[str, str, str, str]], title_hits=()) -> Section:
    """`hits`: (surface, es, en, kind) found in `text`."""
    terms = tuple(TermHit(es, en, text.index(surface), text.index(surface) + len(surface), kind=kind) for surface, es, en, kind in hits)
    return Section(id=key, title=title, level=1, kind="rules", blocks=(Block("paragraph", text, 1, 1, terms=terms),), first=1, last=1,
                   title_terms=tuple(title_hits))


def _printed(sections: list[Section]) -> set[str]:
    printed: set[str] = set()
    section_flowables(sections, STYLES, tagged=TAGGED, english_names="sheet", printed=printed)
    return printed


def test_the_index_lists_every_tagged_term_and_no_term_the_sheet_does_not_name_in_english() -> None:
    """A component's tag (‹Medikit›) is indexed though it names no card; a phase, which prints no tag, is not."""
    text = "Usa el botiquín en la fase de combate contra el platillo." + FILLER
    sections = [_section("a", "Combate", text, [("botiquín", "botiquín", "Medikit", "component"),
                                                 ("fase de combate", "fase de combate", "Combat Phase", "phase"),
                                                 ("platillo", "platillo", "Saucer", "threat")])]
    assert index_pairs(sections, _printed(sections), TAGGED) == [("Medikit", "botiquín"), ("Saucer", "platillo")]


def test_a_title_that_prints_a_component_name_is_indexed_a_phase_title_is_not() -> None:
    """A die face named in English by its heading ("Escudo · SHIELD") is looked up by it; a phase's heading
    ("Fase de combate · Combat Phase") is read where it stands. The die face is indexed though the tag budget
    leaves it untagged in the text (a short sheet: no tag at all)."""
    face, phase = "Escudo", "Fase de combate"
    shield = TermHit("escudo", "SHIELD", 0, len(face), kind="die-face")
    combat = TermHit("fase de combate", "Combat Phase", 0, len(phase), kind="phase")
    sections = [_section("a", face, "Un escudo anula un impacto.", [("escudo", "escudo", "SHIELD", "die-face")], title_hits=[shield]),
                _section("b", phase, "Tira un dado.", [], title_hits=[combat])]
    assert index_pairs(sections, _printed(sections), TAGGED) == [("SHIELD", "escudo")]


def test_a_sheet_that_prints_no_english_name_says_so() -> None:
    """Only everyday words and phases: no English name printed, so the index asked for is one truthful line."""
    text = "En la fase de combate, cada jugador roba una carta."
    sections = [_section("a", "Turno", text, [("fase de combate", "fase de combate", "Combat Phase", "phase"),
                                               ("jugador", "jugador", "player", "everyday")])]
    made = index_flowables(sections, _printed(sections), STYLES, TAGGED)
    assert len(made) == 1 and isinstance(made[0], Paragraph) and made[0].text == NO_INDEX
    assert "ningún nombre en inglés" in NO_INDEX and "carta" not in NO_INDEX
