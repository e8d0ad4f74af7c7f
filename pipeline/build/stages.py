"""One game through the stages: load -> clean -> split (-> tag), and the cleaning report as TSV.

Used by the build and by the commands that show a stage's result (`clean`, `sections`, `glossary`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from pipeline.clean import clean
from pipeline.model import CleanText, Credits, Document, GameInfo
from pipeline.project import Project, load_game, load_raw
from pipeline.split import split
from pipeline.tag.glossary import load_glossary


def merge_credits(found: Credits, declared: Credits) -> Credits:
    """game.yaml wins where it says something; what the cleaner found fills the gaps."""
    return Credits(
        translators=declared.translators or found.translators,
        source_url=declared.source_url or found.source_url,
        rulebook_url=declared.rulebook_url or found.rulebook_url,
        other=declared.other or found.other,
    )


StageSink = Callable[[str], None]


def prepare(
    project: Project, game_id: str, *, strict: bool = False, on_stage: StageSink | None = None
) -> tuple[GameInfo, CleanText, Document]:
    """load, clean and split one game (no tagging: that needs spaCy). strict: correction warnings are errors.

    `on_stage` hears the name of each stage as it starts ("load", "clean", "split"), for progress.
    """
    from pipeline.clean.corrections import load_corrections
    from pipeline.clean.resources import CleanOptions

    stage = on_stage or (lambda name: None)
    stage("load")
    game = load_game(project, game_id)
    raw = load_raw(project, game_id)
    corrections_path = project.sources / game_id / "corrections.yaml"
    corrections = load_corrections(corrections_path, display=project.display(corrections_path))
    options = CleanOptions.from_mapping(
        game.options.get("clean"), display=project.display(project.sources / game_id / "game.yaml")
    )
    stage("clean")
    cleaned = clean(raw, corrections=corrections, options=options, strict=strict)
    stage("split")
    document = split(cleaned, game=game)
    document = replace(document, credits=merge_credits(cleaned.credits, game.credits))
    return game, cleaned, document


def tagged_document(project: Project, game_id: str, *, on_stage: StageSink | None = None) -> tuple[GameInfo, CleanText, Document]:
    from pipeline.tag.matcher import tag

    game, cleaned, document = prepare(project, game_id, on_stage=on_stage)
    if on_stage:
        on_stage("tag")
    glossary = load_glossary(project.glossaries, game_id, display_root=project.root)
    return game, cleaned, tag(document, glossary=glossary)


def cleaning_report_tsv(cleaned: CleanText) -> str:
    rows = ["line\taction\treason\toriginal"]
    for record in cleaned.report:
        original = record.original.replace("\t", " ")
        rows.append(f"{record.line}\t{record.action}\t{record.reason}\t{original}")
    return "\n".join(rows) + "\n"
