"""Term kinds are data of glossaries/common.yaml: read and checked there, and what glossaries and recipes are held to."""
from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.errors import ConfigError
from pipeline.tag.glossary import load_glossary
from pipeline.tag.kinds import TermKinds, read_term_kinds

ROOT = Path(__file__).resolve().parents[2]


def test_the_project_lists_its_kinds_and_card_kinds() -> None:
    kinds = read_term_kinds(ROOT / "glossaries")
    assert kinds.terms == ("threat", "specialization", "component", "location", "advancement", "keyword", "phase", "action",
                           "die-face", "system", "rule-term", "hazard", "mission", "card", "everyday")
    assert set(kinds.cards) == {"card", "keyword", "threat", "specialization", "advancement", "hazard", "mission", "die-face"}
    assert set(kinds.tagged) == {*kinds.cards, "component", "system"}  # what a card or a component shows


def test_every_kind_the_glossaries_use_is_listed() -> None:
    kinds = read_term_kinds(ROOT / "glossaries")
    for path in (ROOT / "glossaries").glob("*.yaml"):
        if path.stem != "common":
            assert {term.kind for term in load_glossary(ROOT / "glossaries", path.stem).terms} <= set(kinds.terms)


def test_no_common_yaml_means_no_kinds(tmp_path: Path) -> None:
    assert read_term_kinds(tmp_path) == TermKinds()
    (tmp_path / "g.yaml").write_text("terms:\n- {es: nave, en: ship, kind: threat}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"unknown kind 'threat' \(glossaries/common.yaml lists no term_kinds\)"):
        load_glossary(tmp_path, "g")


@pytest.mark.parametrize(
    "lists, message",
    [
        ("term_kinds: card\ncard_kinds: [card]\n", "common.yaml:1: 'term_kinds' must be a list of kind names"),
        ("term_kinds: [card, rule-term]\ncard_kinds: [card]\n", "common.yaml:1: 'term_kinds' must list 'everyday'"),
        ("term_kinds: [card, everyday]\ncard_kinds: [card]\n", "common.yaml:1: 'term_kinds' must list 'rule-term'"),
        ("term_kinds: [card, rule-term, everyday, card]\ncard_kinds: [card]\n", "common.yaml:1: 'term_kinds' lists 'card' twice"),
        ("term_kinds: [card, rule-term, everyday]\ncard_kinds: [card, boat]\n", "common.yaml:2: 'card_kinds' lists 'boat', which is not"),
        ("term_kinds: [card, rule-term, everyday]\ntagged_kinds: [boat]\n", "common.yaml:2: 'tagged_kinds' lists 'boat', which is not"),
        (
            "term_kinds: [card, rule-term, everyday]\ntagged_kinds: [everyday]\n",
            "common.yaml:2: 'tagged_kinds' lists 'everyday', a kind never",
        ),
    ],
)
def test_a_bad_kinds_list_is_an_error_at_its_line(tmp_path: Path, lists: str, message: str) -> None:
    (tmp_path / "common.yaml").write_text(lists + "terms: []\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        read_term_kinds(tmp_path, display="glossaries/common.yaml")


def test_only_common_yaml_lists_kinds(tmp_path: Path) -> None:
    (tmp_path / "common.yaml").write_text("term_kinds: [rule-term, everyday]\ncard_kinds: [everyday]\nterms: []\n", encoding="utf-8")
    (tmp_path / "g.yaml").write_text("term_kinds: [boat]\nterms: []\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown field 'term_kinds'"):
        load_glossary(tmp_path, "g")
