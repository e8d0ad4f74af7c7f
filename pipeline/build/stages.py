"""One game through the stages: load -> clean -> split (-> tag), and the cleaning report as TSV.

Used by the build and by the commands that show a stage's result (`clean`, `sections`, `glossary`).
"""
from __future__ import annotations

from dataclasses import replace

from pipeline.clean import clean
from pipeline.model import CleanText, Credits, Document
from pipeline.project import GameConfig, Project, load_game, load_raw
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


def prepare(project: Project, game_id: str, *, strict: bool = False, config: GameConfig | None = None) -> tuple[GameConfig, CleanText, Document]:
    """load, clean and split one game (no tagging: that needs spaCy). strict: correction warnings are errors.

    `config` is the game's configuration when the caller has already read it (the build plan has).
    """
    from pipeline.clean.corrections import load_corrections

    config = config if config is not None else load_game(project, game_id)
    raw = load_raw(project, game_id)
    corrections_path = project.sources / game_id / "corrections.yaml"
    corrections = load_corrections(corrections_path, display=project.display(corrections_path))
    cleaned = clean(raw, corrections=corrections, options=config.clean, split_options=config.split, strict=strict)
    document = split(cleaned, game=config.game, options=config.split)
    document = replace(document, credits=merge_credits(cleaned.credits, config.game.credits))
    return config, cleaned, document


def tagged_document(project: Project, game_id: str, *, config: GameConfig | None = None) -> tuple[GameConfig, CleanText, Document]:
    from pipeline.tag.matcher import tag

    config, cleaned, document = prepare(project, game_id, config=config)
    glossary = load_glossary(project.glossaries, game_id, display_root=project.root)
    return config, cleaned, tag(document, glossary=glossary)


def cleaning_report_tsv(cleaned: CleanText) -> str:
    rows = ["line\taction\treason\toriginal"]
    for record in cleaned.report:
        original = record.original.replace("\t", " ")
        rows.append(f"{record.line}\t{record.action}\t{record.reason}\t{original}")
    return "\n".join(rows) + "\n"
