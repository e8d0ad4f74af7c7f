"""The stage cache: a game's clean+split and tag results are reused while their inputs are unchanged."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.build import stages
from pipeline.build.keys import project_store
from pipeline.build.keys import SPLIT, TAG, stage_key
from pipeline.cli import main
from pipeline.model import CleanText, Document, from_data, to_data
from pipeline.project import Project

RAW = """REGLAS BÁSICAS

El jugador activo roba una carta y mueve su nave.

FASE DE ACCIÓN

Cada jugador realiza dos acciones en su turno; las amenazas internas llegan al final.
"""
GLOSSARY = "terms:\n  - es: nave\n    en: Ship\n  - es: amenaza interna\n    en: Internal Threat\n"


@pytest.fixture
def tiny(tmp_path: Path, project_root: Path) -> Path:
    """Two small games (a, b) with their glossaries and the real templates."""
    shutil.copytree(project_root / "templates", tmp_path / "templates")
    (tmp_path / "glossaries").mkdir()
    for game in ("a", "b"):
        (tmp_path / "sources" / game).mkdir(parents=True)
        (tmp_path / "sources" / game / "raw.txt").write_text(RAW, encoding="utf-8")
        (tmp_path / "glossaries" / f"{game}.yaml").write_text(GLOSSARY, encoding="utf-8")
    return tmp_path


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The games each stage really ran for (cleaning and splitting, tagging)."""
    import pipeline.tag.matcher as matcher

    seen: dict[str, list[str]] = {SPLIT: [], TAG: []}
    clean_and_split, tag = stages._clean_and_split, matcher.tag

    def counting_split(project, config, **options):
        seen[SPLIT].append(config.game.id)
        return clean_and_split(project, config, **options)

    def counting_tag(document, **options):
        seen[TAG].append(document.game.id)
        return tag(document, **options)

    monkeypatch.setattr(stages, "_clean_and_split", counting_split)
    monkeypatch.setattr(matcher, "tag", counting_tag)
    return seen


def tag_all(root: Path) -> dict[str, Document]:
    project = Project(root)
    return {game: stages.tagged_document(project, game)[2] for game in ("a", "b")}


def test_a_correction_reruns_only_its_game_and_a_glossary_change_only_corrects_and_tags(tiny: Path, runs, monkeypatch) -> None:
    first = tag_all(tiny)
    assert runs == {SPLIT: ["a", "b"], TAG: ["a", "b"]}
    assert tag_all(tiny) == first  # everything from the cache, equal to what was made
    assert runs == {SPLIT: ["a", "b"], TAG: ["a", "b"]}

    (tiny / "sources" / "a" / "corrections.yaml").write_text('- find: "mueve su nave"\n  replace: "mueve sus naves"\n', encoding="utf-8")
    corrected = tag_all(tiny)
    assert runs == {SPLIT: ["a", "b", "a"], TAG: ["a", "b", "a"]}
    assert "mueve sus naves" in corrected["a"].sections[0].text and corrected["b"] == first["b"]

    # A glossary's words get no accents (clean/accents.py): b's corrections are applied again and it is split again
    # and re-tagged, but the rest of its cleaning comes from the store.
    from pipeline.clean import clean_uncorrected

    cleaned_again: list[str] = []

    def counting_uncorrected(raw, **options):
        cleaned_again.append(raw.game)
        return clean_uncorrected(raw, **options)

    monkeypatch.setattr("pipeline.clean.clean_uncorrected", counting_uncorrected)
    (tiny / "glossaries" / "b.yaml").write_text(GLOSSARY + "  - es: carta\n    en: Card\n", encoding="utf-8")
    retagged = tag_all(tiny)
    assert runs == {SPLIT: ["a", "b", "a", "b"], TAG: ["a", "b", "a", "b"]} and cleaned_again == []
    assert any(hit.es == "carta" for section in retagged["b"].sections for hit in section.text_terms())


def test_a_template_change_retypesets_without_cleaning_or_tagging(tiny: Path, runs) -> None:
    assert CliRunner().invoke(main, ["--root", str(tiny), "build", "--jobs", "1"]).exit_code == 0
    assert runs == {SPLIT: ["a", "b"], TAG: ["a", "b"]}
    base = tiny / "templates" / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8") + "\n# a comment changes the template's bytes\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(tiny), "build", "--jobs", "1"])
    # a comment changes nothing printed: made again to the same bytes, the sheet is up to date
    assert result.exit_code == 0 and "a/quickref: up to date, same content" in result.output
    assert runs == {SPLIT: ["a", "b"], TAG: ["a", "b"]}


def test_a_damaged_entry_is_a_miss(tiny: Path, runs) -> None:
    first = tag_all(tiny)
    project = Project(tiny)
    for stage in (SPLIT, TAG):
        entry = project_store(tiny).path(stage, stage_key(project, "a", stage), "a")
        data = entry.read_bytes()
        entry.write_bytes(data[: len(data) // 2] + b"x" + data[len(data) // 2 + 1 :])
    assert tag_all(tiny) == first
    assert runs == {SPLIT: ["a", "b", "a"], TAG: ["a", "b", "a"]}


def test_the_model_round_trips_through_json_data(tiny: Path) -> None:
    config, cleaned, document = stages.tagged_document(Project(tiny), "a")
    assert from_data(CleanText, to_data(cleaned)) == cleaned
    data = to_data(document)
    del data["game"]
    assert from_data(Document, data, game=config.game) == document
    with pytest.raises(TypeError):
        from_data(CleanText, {**to_data(cleaned), "lines": "not a list"})


def test_kinds_come_back_as_their_members_and_an_unknown_one_is_damage(tiny: Path) -> None:
    from pipeline.modelkinds import BlockKind, SectionKind

    _, _, document = stages.tagged_document(Project(tiny), "a")
    data = to_data(document.sections[0])
    section = from_data(type(document.sections[0]), data)
    assert type(section.kind) is SectionKind and {type(block.kind) for block in section.blocks} == {BlockKind}
    with pytest.raises(ValueError, match="'chapter' is not a valid SectionKind"):
        from_data(type(document.sections[0]), {**data, "kind": "chapter"})
