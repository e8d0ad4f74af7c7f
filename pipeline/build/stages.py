"""One game through the stages: load -> clean -> split (-> tag), and the cleaning report as TSV.

Used by the build and by the commands that show a stage's result (`clean`, `sections`, `glossary`).
Results come from the stage cache (stagecache.py) when their inputs are the ones they were made from.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from pipeline.build.stagecache import SPLIT, TAG, StageCache, stage_key
from pipeline.clean import clean
from pipeline.model import CleanText, Credits, Document, GameInfo, Section, from_data, to_data
from pipeline.project import Project, load_game, load_raw
from pipeline.split import split
from pipeline.structure import split_options
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
    stage = on_stage or (lambda name: None)
    stage("load")
    game = load_game(project, game_id)
    stage("clean")
    if strict:  # the correction counts are checked as they are made: never answered from the cache
        return game, *_clean_and_split(project, game, strict=True, stage=stage)
    cache, key = StageCache(project.root), stage_key(project, game_id, SPLIT)
    stored = cache.get(game_id, SPLIT, key)
    if stored is not None:
        try:
            return game, from_data(CleanText, stored["cleaned"]), from_data(Document, stored["document"], game=game)
        except (KeyError, TypeError, ValueError):
            pass  # damaged: make it again
    cleaned, document = _clean_and_split(project, game, strict=False, stage=stage)
    if stage_key(project, game_id, SPLIT) == key:  # not saved meanwhile: the result is the key's
        cache.put(game_id, SPLIT, key, {"cleaned": to_data(cleaned), "document": _without_game(document)})
    return game, cleaned, document


def _clean_and_split(project: Project, game: GameInfo, *, strict: bool, stage: StageSink) -> tuple[CleanText, Document]:
    from pipeline.clean.corrections import load_corrections
    from pipeline.clean.resources import CleanOptions

    raw = load_raw(project, game.id)
    corrections_path = project.sources / game.id / "corrections.yaml"
    corrections = load_corrections(corrections_path, display=project.display(corrections_path))
    options = CleanOptions.from_mapping(
        game.options.get("clean"), display=project.display(project.sources / game.id / "game.yaml")
    )
    cleaned = clean(raw, corrections=corrections, options=options, split_options=split_options(game), strict=strict)
    stage("split")
    document = split(cleaned, game=game)
    return cleaned, replace(document, credits=merge_credits(cleaned.credits, game.credits))


def _without_game(document: Document) -> dict:
    # The GameInfo is read from game.yaml again on every load: its mappings remember their YAML lines
    # (for recipe errors), which JSON would not keep.
    data = to_data(document)
    del data["game"]
    return data


def tagged_document(project: Project, game_id: str, *, on_stage: StageSink | None = None) -> tuple[GameInfo, CleanText, Document]:
    """prepare(), then the glossary terms found in every title and text (spaCy loads only on a cache miss)."""
    game, cleaned, document = prepare(project, game_id, on_stage=on_stage)
    if on_stage:
        on_stage("tag")
    cache, key = StageCache(project.root), stage_key(project, game_id, TAG)
    stored = cache.get(game_id, TAG, key)
    if stored is not None:
        try:
            sections = tuple(from_data(Section, section) for section in stored["sections"])
            if [section.id for section in sections] == [section.id for section in document.sections]:
                return game, cleaned, replace(document, sections=sections)
        except (KeyError, TypeError, ValueError):
            pass  # damaged: tag again
    from pipeline.tag.matcher import tag

    glossary = load_glossary(project.glossaries, game_id, display_root=project.root)
    tagged = tag(document, glossary=glossary)
    if stage_key(project, game_id, TAG) == key:
        cache.put(game_id, TAG, key, {"sections": [to_data(section) for section in tagged.sections]})
    return game, cleaned, tagged


def cleaning_report_tsv(cleaned: CleanText) -> str:
    rows = ["line\taction\treason\toriginal"]
    for record in cleaned.report:
        original = record.original.replace("\t", " ")
        rows.append(f"{record.line}\t{record.action}\t{record.reason}\t{original}")
    return "\n".join(rows) + "\n"
