"""`refsheets new GAME FILE`: a translation copied in as sources/GAME/raw.<ext>, and a commented game.yaml
with what its text says (title, credits), ready to edit."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.build.defaults import untitled
from pipeline.ingest.limits import DEFAULT, Limits
from pipeline.model import CleanText, Document, GameInfo
from pipeline.modelkinds import CleaningAction
from pipeline.text import fold

if TYPE_CHECKING:
    from pipeline.project import Project


# A word processor's own format no reader here reads (Word 97-2003, Works, Pages): its program saves a .docx.
WORD_PROCESSOR_ONLY = (".doc", ".wps", ".pages")


def new_game(project: Project, game_id: str, file: Path, *, limits: Limits = DEFAULT) -> tuple[Path, list[str]]:
    """Copy a translation in as sources/GAME/raw.<ext> and write a commented game.yaml with what the text
    says; returns the folder and what was detected. A game that exists already is left alone (an error).
    Only a regular file is copied, and no more of it than `limits` allow (raised, they go into game.yaml)."""
    from dataclasses import replace

    from pipeline.store import write_atomic
    from pipeline.build.stages import prepare
    from pipeline.errors import InputError
    from pipeline.ingest import SOURCE_SUFFIXES, SUFFIX_LIST, source_files
    from pipeline.ingest.limits import read_bounded
    from pipeline.project import check_game_id, load_game

    check_game_id(game_id)
    name = SOURCE_SUFFIXES.get(file.suffix.lower())
    if name is None:
        resave = " (save or export it as .docx first)" if file.suffix.lower() in WORD_PROCESSOR_ONLY else ""
        raise InputError(f"cannot read {file.suffix or 'a file without an extension'}: give a {SUFFIX_LIST} file{resave}", path=str(file))
    folder = project.sources / game_id
    if folder.exists() and (source_files(folder) or (folder / "game.yaml").exists()):
        raise InputError(f"game {game_id!r} exists already: edit its files, or choose another id", path=project.display(folder))
    data = read_bounded(file, display=str(file), limits=limits)
    write_atomic(folder / name, data, display=project.display(folder / name))
    try:
        config, cleaned, document = prepare(project, game_id, config=replace(load_game(project, game_id), limits=limits))
    except Exception:
        (folder / name).unlink()  # a source that cannot be read is not left behind as a broken game
        if not any(folder.iterdir()):
            folder.rmdir()
        raise
    text = game_yaml(config.game, cleaned, document, source=name) + _limits_lines(limits)
    write_atomic(folder / "game.yaml", text, display=project.display(folder / "game.yaml"))
    return folder, [line[2:] for line in text.splitlines() if line.startswith("# found:")] + list(cleaned.warnings)


def _limits_lines(limits: Limits) -> str:
    """The `limits:` of game.yaml when `refsheets new` was given larger ones (else none: the defaults hold)."""
    if limits == DEFAULT:
        return ""
    return (
        "limits:  # a longer source than one game's rules (docs/limits.md)\n"
        f"  characters: {limits.characters}\n  lines: {limits.lines}\n"
    )


def _named_in(title: str, cleaned: CleanText) -> bool:
    """Whether the text writes the title (the folder 'mus' of 'Reglas completas del mus' is the text's name too)."""
    return re.search(rf"\b{re.escape(fold(title))}\b", fold(" ".join(line.text for line in cleaned.lines))) is not None


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def game_yaml(game: GameInfo, cleaned: CleanText, document: Document, *, source: str) -> str:
    """A commented game.yaml: what the text says, ready to edit."""
    credits = document.credits
    dropped = sum(1 for record in cleaned.report if record.action in (CleaningAction.DROP, CleaningAction.DUPLICATE))
    lines = [
        f"# {game.id}: written by `refsheets new` from {source}; every value is what the text seemed to say. Edit freely.",
        f"# found: {_count(len(document.sections), 'section')}, {_count(dropped, 'line')} of noise or markup left out"
        f" (refsheets clean {game.id} --report)",
        f"title_es: {json.dumps(game.title_es, ensure_ascii=False)}"
        + ("  # from the folder name: the text gives none" if untitled(game) and not _named_in(game.title_es, cleaned) else ""),
        f"title_en: {json.dumps(game.title_en, ensure_ascii=False)}  # the game's English name, as printed on its box: check it",
        '# publisher: ""',
        "paper: a4  # or letter",
        "credits:",
        # game.yaml refuses empty values, so what the text does not say is written as a comment to fill in.
        _credit_line("translators", list(credits.translators), "the text names nobody: add who translated it"),
        _credit_line("authors", list(credits.authors), "who wrote the text, if it names them"),
        _credit_line("source_url", credits.source_url, "where the translation was published"),
        _credit_line("rulebook_url", credits.rulebook_url, "the publisher's rulebook"),
    ]
    if credits.other:
        lines.append(f"  other: {json.dumps(list(credits.other), ensure_ascii=False)}")
    lines += [
        "# sheets: one quick-reference sheet by default; see docs/game-yaml.md (sheets, recipe) for card sheets",
        "# options:",
        "#   split:",
        "#     not_headings: ['^Línea que no es un título$']   # lines taken for headings that are not",
        "#   clean:",
        "#     noise_phrases: ['frase del foro']               # chatter the cleaner kept",
        "# icons:                                              # symbols drawn before the titles and labels that name them",
        "#   impacto: {shape: star, fill: '#c0392b', letter: '!', match: [Impacto], meaning: 'Impacto (HIT)'}",
    ]
    return "\n".join(lines) + "\n"


def _credit_line(key: str, value: object, hint: str) -> str:
    shown = json.dumps(value if value else ([] if isinstance(value, list) else ""), ensure_ascii=False)
    return f"  {key}: {shown}" if value else f"  # {key}: {shown}  # {hint}"
