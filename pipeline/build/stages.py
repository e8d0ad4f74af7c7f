"""One game through the stages: load -> clean -> split (-> tag), and the cleaning report as TSV.

Used by the build and by the commands that show a stage's result (`clean`, `sections`, `glossary`).
Results come from the project's store (`store.memoized`, keys from keys.stage_key) when their inputs are the ones
they were made from.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, TypeVar

from pipeline.build.defaults import title_from_text, titled, untitled
from pipeline.errors import ConfigError
from pipeline.build.keys import GLOSSARY, SPLIT, TAG, UNCORRECTED, project_store, stage_key
from pipeline.build.report import Stage
from pipeline.model import CleanText, Credits, Document, Section, TermHit, Uncorrected, from_data, to_data
from pipeline.project import GameConfig, Project, load_game, load_raw
from pipeline.store import Store, memoized
from pipeline.tag.glossary import load_glossary


def merge_credits(found: Credits, declared: Credits) -> Credits:
    """game.yaml wins where it says something; what the cleaner found fills the gaps."""
    return Credits(
        translators=declared.translators or found.translators,
        authors=declared.authors or found.authors,
        source_url=declared.source_url or found.source_url,
        rulebook_url=declared.rulebook_url or found.rulebook_url,
        other=declared.other or found.other,
        forum=found.forum,
    )


StageSink = Callable[[Stage], None]
T = TypeVar("T")


def prepare(
    project: Project, game_id: str, *, strict: bool = False, config: GameConfig | None = None, on_stage: StageSink | None = None
) -> tuple[GameConfig, CleanText, Document]:
    """load, clean and split one game (no tagging). strict: correction warnings are errors.

    `config` is the game's configuration when the caller has already read it (the build plan has).
    `on_stage` hears the name of each stage as it starts ("load", "clean", "split"), for progress.
    """
    stage = on_stage or (lambda name: None)
    stage(Stage.LOAD)
    config = config if config is not None else load_game(project, game_id)
    stage(Stage.CLEAN)
    if strict:  # the correction counts are checked as they are made: never answered from the cache
        return _clean_and_split(project, config, strict=True, stage=stage)
    given = config

    def load(stored: dict) -> tuple[GameConfig, CleanText, Document]:
        config = replace(given, game=titled(given.game, stored["title"])) if stored["title"] else given  # the text's title
        return config, from_data(CleanText, stored["cleaned"]), from_data(Document, stored["document"], game=config.game)

    def dump(made: tuple[GameConfig, CleanText, Document]) -> dict:
        config, cleaned, document = made
        title = config.game.title_es if config.game.title_es != given.game.title_es else ""
        return {"cleaned": to_data(cleaned), "document": _without_game(document), "title": title}

    return _stage_result(project, game_id, SPLIT, lambda: _clean_and_split(project, given, strict=False, stage=stage), load=load, dump=dump)


def _stage_result(project: Project, game_id: str, stage: str, make: Callable[[], T], *, load: Callable[[Any], T],
                  dump: Callable[[T], Any]) -> T:
    """The stage's result from the store under its key (keys.stage_key), else made and stored: unless an input
    changed while it was made, which leaves the result unstored."""
    key = stage_key(project, game_id, stage)
    return memoized(project_store(project.root), stage, key, make, group=game_id, load=load, dump=dump,
                    current=lambda: stage_key(project, game_id, stage) == key)


def _clean_and_split(project: Project, config: GameConfig, *, strict: bool, stage: StageSink) -> tuple[GameConfig, CleanText, Document]:
    """The stages themselves; a game with no title in game.yaml takes the one its text gives (defaults.py)."""
    # Imported here: their patterns take a tenth of a second to compile, which a no-op build never needs.
    from pipeline.clean import clean
    from pipeline.clean.accents import glossary_words
    from pipeline.clean.corrections import load_corrections
    from pipeline.sheets.patterns import unmatched_patterns
    from pipeline.split import split

    game = config.game
    raw = load_raw(project, game.id, limits=config.limits)
    corrections_path = project.inside(project.sources / game.id / "corrections.yaml")
    corrections = load_corrections(corrections_path, display=project.display(corrections_path))
    keep = glossary_words(load_glossary(project.glossaries, game.id, display_root=project.root))  # never given accents
    cleaned = clean(raw, corrections=corrections, options=config.clean, split_options=config.split, strict=strict,
                    uncorrected=_uncorrected(project, config, raw), keep=keep)
    stage(Stage.SPLIT)
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

    return _stage_result(project, config.game.id, UNCORRECTED,
                         lambda: clean_uncorrected(raw, options=config.clean, split_options=config.split),
                         load=lambda stored: from_data(Uncorrected, stored), dump=to_data)


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
        on_stage(Stage.TAG)
    store = project_store(project.root)

    def load(stored: dict) -> tuple[Section, ...]:
        sections = tuple(from_data(Section, section) for section in stored["sections"])
        if [section.id for section in sections] != [section.id for section in document.sections]:
            raise ValueError("tagged another split")
        return sections

    def make() -> tuple[Section, ...]:
        from pipeline.tag.matcher import tag

        for name in ("common.yaml", f"{game_id}.yaml"):  # the files load_glossary reads
            project.inside(project.glossaries / name)
        glossary = load_glossary(project.glossaries, game_id, display_root=project.root)
        glossary_key = stage_key(project, game_id, GLOSSARY)
        hits.update(glossary=glossary_key)
        return tag(document, glossary=glossary, known=_known_hits(store, game_id, glossary_key), found=hits["found"]).sections

    def dump(sections: tuple[Section, ...]) -> dict:
        found = [[text, [to_data(hit) for hit in found_hits]] for text, found_hits in hits["found"].items()]
        return {"sections": [to_data(section) for section in sections], "glossary": hits["glossary"], "found": found}

    hits: dict = {"found": {}}  # what `make` met: every text's hits, under the glossaries' key
    sections = _stage_result(project, game_id, TAG, make, load=load, dump=dump)
    return config, cleaned, replace(document, sections=sections)


def _known_hits(store: Store, game_id: str, glossary_key: str) -> dict[str, tuple[TermHit, ...]] | None:
    """The hits of every text the game's last tagging met, when it used the same glossaries (and code): a correction
    then re-tags only the sections it changed, and nothing is tokenized unless some text is new."""
    previous = next(store.latest(TAG, game_id), None)
    if not isinstance(previous, dict) or previous.get("glossary") != glossary_key:
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
