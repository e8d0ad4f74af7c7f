"""bench/components.py: the official English names of each seed game's components (tests/tag/components/<game>.yaml)
are in its glossary and found by the tagger where the Spanish source writes them."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench.components import FLOOR, GAMES, Component, document_texts, measure, read_reference
from pipeline.tag.glossary import Glossary, Term

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", GAMES)
def test_components_have_their_official_english(game: str, real_game) -> None:
    result = measure(game, texts=document_texts(real_game(game)[2]))
    unwritten = [term.component.es for term in result.terms if not term.in_source]
    assert not unwritten, f"reference terms the source never writes: {unwritten}"
    missing = [(term.component.en, term.component.es, term.found_as) for term in result.terms if not term.tagged]
    assert result.share >= FLOOR, f"{game}: {result.share:.0%} tagged with their official English; missing {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_reference_names_a_source_for_every_term(game: str) -> None:
    for component in read_reference(game):
        assert component.en.strip() and component.es and component.seen.strip(), component


def test_a_term_counts_only_with_its_official_english_in_its_printed_case(tmp_path: Path) -> None:
    (tmp_path / "common.yaml").write_text(
        "game: common\nterm_kinds: [card, rule-term, everyday]\ncard_kinds: [card]\ntagged_kinds: [card]\nterms: []\n",
        encoding="utf-8")
    reference = (
        Component(en="Threat card", es=("carta de amenaza",), kind="card", seen="test"),
        Component(en="Action card", es=("carta de acción",), kind="card", seen="test"),
        Component(en="Energy cube", es=("cubo de energía",), kind="component", seen="test"),
    )
    glossary = Glossary(terms=(
        Term(es="carta de amenaza", en="Threat card", kind="card"),
        Term(es="carta de acción", en="action card", kind="card"),  # the wrong case
    ))
    texts = ["Roba dos cartas de amenaza y una carta de acción.", "Un cubo de energía."]
    result = measure("test", glossary=glossary, texts=texts, reference=reference, glossary_dir=tmp_path)
    assert [(term.in_glossary, term.tagged, term.printed) for term in result.terms] == [
        (True, True, True), (False, False, False), (False, False, False)]
    assert result.terms[1].found_as == ("action card",)
    assert all(term.in_source for term in result.terms)
    assert result.share == pytest.approx(1 / 3)
