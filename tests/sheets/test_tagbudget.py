"""The budget of English tags on a quick reference (quickref/tagbudget.py)."""
from __future__ import annotations

from pipeline.model import Block, Section, TermHit
from pipeline.sheets.quickref.tagbudget import TAGS_PER_100_WORDS, is_cognate, untagged_terms


def _hits(text: str, names: dict[str, str], kind: str = "card") -> tuple[TermHit, ...]:
    hits = []
    for es, en in names.items():
        start = text.find(es)
        while start >= 0:
            hits.append(TermHit(es=es, en=en, start=start, end=start + len(es), kind=kind))
            start = text.find(es, start + 1)
    return tuple(hits)


def _sheet(text: str, names: dict[str, str], *, filler: int) -> list[Section]:
    blocks = (Block("paragraph", text, 1, 1, terms=_hits(text, names)), Block("paragraph", "Se juega por turnos. " * filler, 2, 2))
    return [Section(id="turno", title="Turno", level=1, kind="rules", blocks=blocks, first=1, last=2)]


def test_a_name_spelt_like_its_spanish_term_is_a_cognate() -> None:
    assert is_cognate("misión", "Mission") and is_cognate("alienígena", "Alien") and is_cognate("campaña", "Campaign")
    assert not is_cognate("escudo", "SHIELD") and not is_cognate("armadura", "armor") and not is_cognate("munición", "Ammo")


def test_a_sheet_within_its_budget_tags_every_term_and_one_over_it_drops_the_least_useful_tags() -> None:
    names = {"escudo": "Shield", "misión": "Mission", "gancho": "Hook", "fragua": "Forge"}
    text = "Roba un escudo y un gancho en cada misión; la fragua repara el escudo."
    # 415 words (14, the title, 100 fillers of 4) allow six tags: all four terms are tagged.
    assert untagged_terms(_sheet(text, names, filler=100), tagged=("card",)) == frozenset()
    # 111 words allow one tag: the cognate ("misión" ‹Mission›) goes first, then the terms met once.
    words = 14 + 1 + 4 * 24
    assert int(TAGS_PER_100_WORDS * words / 100) == 1
    assert untagged_terms(_sheet(text, names, filler=24), tagged=("card",)) == {"misión", "gancho", "fragua"}
    # Terms of kinds the sheet never tags, and names the text already gives in English, cost nothing.
    assert untagged_terms(_sheet(text, names, filler=24), tagged=("threat",)) == frozenset()
    stated = "Roba un escudo (Shield) y un gancho (Hook) en cada misión (Mission); la fragua (Forge) lo repara."
    assert untagged_terms(_sheet(stated, names, filler=24), tagged=("card",)) == frozenset()


def test_over_budget_a_card_name_keeps_its_tag_as_any_other_the_index_lists_only_printed_names() -> None:
    text = "Roba un escudo y un gancho; con dos escudos juegas un gancho más."
    hits = _hits(text, {"escudo": "Shield"}, kind="die-face") + _hits(text, {"gancho": "Hook"}, kind="card")
    blocks = (Block("paragraph", text, 1, 1, terms=hits), Block("paragraph", "Se juega por turnos. " * 20, 2, 2))
    sections = [Section(id="turno", title="Turno", level=1, kind="rules", blocks=blocks, first=1, last=2)]
    assert untagged_terms(sections, tagged=("card", "die-face")) == {"gancho"}  # both met twice: the later goes
