"""One game through the stages: load -> clean -> split (-> tag), and the cleaning report as TSV.

Used by the build and by the commands that show a stage's result (`clean`, `sections`, `glossary`).
Results come from the stage cache (stagecache.py) when their inputs are the ones they were made from.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from pipeline.build.defaults import title_from_text, titled, untitled
from pipeline.errors import ConfigError
from pipeline.build.stagecache import GLOSSARY, SPLIT, TAG, UNCORRECTED, StageCache, stage_key
from pipeline.model import CleanText, Credits, Document, Section, TermHit, Uncorrected, from_data, to_data
from pipeline.project import GameConfig, Project, load_game, load_raw
from pipeline.tag.glossary import load_glossary


def merge_credits(found: Credits, declared: Credits) -> Credits:
    """game.yaml wins where it says something; what the cleaner found fills the gaps."""
    return Credits(
        translators=declared.translators or found.translators,
        source_url=declared.source_url or found.source_url,
        rulebook_url=declared.rulebook_url or found.rulebook_url,
        other=declared.other or found.other,
        forum=found.forum,
    )


StageSink = Callable[[str], None]


def prepare(
    project: Project, game_id: str, *, strict: bool = False, config: GameConfig | None = None, on_stage: StageSink | None = None
) -> tuple[GameConfig, CleanText, Document]:
    """load, clean and split one game (no tagging). strict: correction warnings are errors.

    `config` is the game's configuration when the caller has already read it (the build plan has).
    `on_stage` hears the name of each stage as it starts ("load", "clean", "split"), for progress.
    """
    stage = on_stage or (lambda name: None)
    stage("load")
    config = config if config is not None else load_game(project, game_id)
    stage("clean")
    if strict:  # the correction counts are checked as they are made: never answered from the cache
        return _clean_and_split(project, config, strict=True, stage=stage)
    cache, key = StageCache(project.root), stage_key(project, game_id, SPLIT)
    stored = cache.get(game_id, SPLIT, key)
    if stored is not None:
        try:
            if stored.get("title"):  # the title the text gave (game.yaml has none)
                config = replace(config, game=titled(config.game, stored["title"]))
            return config, from_data(CleanText, stored["cleaned"]), from_data(Document, stored["document"], game=config.game)
        except (KeyError, TypeError, ValueError):
            pass  # damaged: make it again
    given = config.game.title_es
    config, cleaned, document = _clean_and_split(project, config, strict=False, stage=stage)
    if stage_key(project, game_id, SPLIT) == key:  # not saved meanwhile: the result is the key's
        title = config.game.title_es if config.game.title_es != given else ""
        cache.put(game_id, SPLIT, key, {"cleaned": to_data(cleaned), "document": _without_game(document), "title": title})
    return config, cleaned, document


def _clean_and_split(project: Project, config: GameConfig, *, strict: bool, stage: StageSink) -> tuple[GameConfig, CleanText, Document]:
    """The stages themselves; a game with no title in game.yaml takes the one its text gives (defaults.py)."""
    # Imported here: their patterns take a tenth of a second to compile, which a no-op build never needs.
    from pipeline.clean import clean
    from pipeline.clean.corrections import load_corrections
    from pipeline.sheets.patterns import unmatched_patterns
    from pipeline.split import split

    game = config.game
    raw = load_raw(project, game.id, limits=config.limits)
    corrections_path = project.inside(project.sources / game.id / "corrections.yaml")
    corrections = load_corrections(corrections_path, display=project.display(corrections_path))
    cleaned = clean(raw, corrections=corrections, options=config.clean, split_options=config.split, strict=strict,
                    uncorrected=_uncorrected(project, config, raw))
    stage("split")
    document = split(cleaned, game=game, options=config.split, strict=strict)
    title = title_from_text(raw, document) if untitled(game) else ""
    if title:
        game = titled(game, title)
        document = split(cleaned, game=game, options=config.split, strict=strict)
    config = replace(config, game=game)
    game_yaml = project.sources / game.id / "game.yaml"
    stale = unmatched_patterns(document, config.sheets, game_yaml=game_yaml, display=project.display(game_yaml))
    if stale and strict:
        raise ConfigError(stale[0] + (f" (and {len(stale) - 1} more)" if len(stale) > 1 else ""))
    document = replace(document, warnings=document.warnings + tuple(stale))
    return config, cleaned, replace(document, credits=merge_credits(cleaned.credits, game.credits))


def _uncorrected(project: Project, config: GameConfig, raw) -> Uncorrected:
    """The game cleaned but for its corrections: from the stage cache while its text and options are unchanged,
    so a correction costs only its own work (space-alert: 0.03 s instead of 0.4 s)."""
    from pipeline.clean import clean_uncorrected

    game_id = config.game.id
    cache, key = StageCache(project.root), stage_key(project, game_id, UNCORRECTED)
    stored = cache.get(game_id, UNCORRECTED, key)
    if stored is not None:
        try:
            return from_data(Uncorrected, stored)
        except (KeyError, TypeError, ValueError):
            pass  # damaged: clean again
    made = clean_uncorrected(raw, options=config.clean, split_options=config.split)
    if stage_key(project, game_id, UNCORRECTED) == key:
        cache.put(game_id, UNCORRECTED, key, to_data(made))
    return made


def _without_game(document: Document) -> dict:
    # The GameInfo comes from the game's configuration, read (and checked) from game.yaml on every load.
    data = to_data(document)
    del data["game"]
    return data


def tagged_document(
    project: Project, game_id: str, *, config: GameConfig | None = None, on_stage: StageSink | None = None
) -> tuple[GameConfig, CleanText, Document]:
    """prepare(), then the glossary terms found in every title and text (the lemma table opens only on a cache miss)."""
    config, cleaned, document = prepare(project, game_id, config=config, on_stage=on_stage)
    if on_stage:
        on_stage("tag")
    cache, key = StageCache(project.root), stage_key(project, game_id, TAG)
    stored = cache.get(game_id, TAG, key)
    if stored is not None:
        try:
            sections = tuple(from_data(Section, section) for section in stored["sections"])
            if [section.id for section in sections] == [section.id for section in document.sections]:
                return config, cleaned, replace(document, sections=sections)
        except (KeyError, TypeError, ValueError):
            pass  # damaged: tag again
    from pipeline.tag.matcher import tag

    for name in ("common.yaml", f"{game_id}.yaml"):  # the files load_glossary reads
        project.inside(project.glossaries / name)
    glossary = load_glossary(project.glossaries, game_id, display_root=project.root)
    glossary_key = stage_key(project, game_id, GLOSSARY)
    found: dict = {}
    tagged = tag(document, glossary=glossary, known=_known_hits(cache, game_id, glossary_key), found=found)
    if stage_key(project, game_id, TAG) == key:
        hits = [[text, [to_data(hit) for hit in found_hits]] for text, found_hits in found.items()]
        cache.put(game_id, TAG, key, {"sections": [to_data(section) for section in tagged.sections], "glossary": glossary_key,
                                      "found": hits})
    return config, cleaned, tagged


def _known_hits(cache: StageCache, game_id: str, glossary_key: str) -> dict[str, tuple[TermHit, ...]] | None:
    """The hits of every text the game's last tagging met, when it used the same glossaries (and code): a correction
    then re-tags only the sections it changed, and nothing is tokenized unless some text is new."""
    previous = cache.latest(game_id, TAG)
    if not previous or previous.get("glossary") != glossary_key:
        return None
    try:
        # TermHit(**hit), not from_data: the entry's sha256 is checked already, and this is every text of the game.
        return {str(text): tuple(TermHit(**hit) for hit in hits) for text, hits in previous["found"]}
    except (KeyError, TypeError, ValueError):
        return None  # damaged or older: tag every text


def cleaning_report_tsv(cleaned: CleanText) -> str:
    rows = ["line\taction\treason\toriginal"]
    for record in cleaned.report:
        original = record.original.replace("\t", " ")
        rows.append(f"{record.line}\t{record.action}\t{record.reason}\t{original}")
    return "\n".join(rows) + "\n"
