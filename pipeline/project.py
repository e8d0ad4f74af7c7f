"""Find games under sources/, read each one's source (raw.txt, .md, .html, .pdf, .docx, .odt, .epub or .rtf:
ingest/) and its game.yaml and templates into a GameConfig."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.errors import InputError
from pipeline.ingest import read_source, source_file, source_files
from pipeline.ingest.limits import DEFAULT, MAX_SOURCE_CHARS, MAX_SOURCE_LINES, Limits
from pipeline.model import Credits, GameInfo, RawText
from pipeline.schema import Fields, Problems
from pipeline.text import slug
from pipeline.yamlio import load_yaml

if TYPE_CHECKING:  # the stages' readers load only when a game.yaml is read (a no-op build reads none)
    from pipeline.clean.resources import CleanOptions
    from pipeline.sheets.config import SheetConfig, Templates
    from pipeline.structure import SplitOptions

# A whole id, used with fullmatch ("evil\n" is no id: `$` would match before its newline); also sheet names.
GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
# What a game id may hold, for messages.
ID_RULE = "lower-case letters, digits and '-'"
PAPERS = ("a4", "letter")

# Small acronyms kept in capitals when a title is made from a game id.
_TITLE_WORDS = {"vs": "vs", "of": "of", "the": "the"}


@dataclass(frozen=True)
class Project:
    """The folder that holds sources/, glossaries/, templates/ and output/."""

    root: Path

    @property
    def sources(self) -> Path:
        return self.root / "sources"

    @property
    def glossaries(self) -> Path:
        return self.root / "glossaries"

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def output(self) -> Path:
        return self.root / "output"

    def display(self, path: Path) -> str:
        """A path as the user should read it: relative to the project when inside it."""
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def game_ids(self) -> list[str]:
        if not self.sources.is_dir():
            raise InputError(
                "no sources/ folder here or in a folder above: run refsheets in the project folder (the one holding sources/),"
                " or name it with --root PROJECT",
                path=str(self.root),
            )
        return sorted(
            entry.name
            for entry in self.sources.iterdir()
            if entry.is_dir() and GAME_ID.fullmatch(entry.name) and source_files(entry)
        )

    def game_dir(self, game_id: str) -> Path:
        check_game_id(game_id)
        folder = self.sources / game_id
        if not folder.is_dir():
            known = ", ".join(self.game_ids()) or "none"
            raise InputError(f"unknown game {game_id!r} (games found: {known})", path=self.display(self.sources))
        if not source_files(folder):
            from pipeline.ingest import SOURCE_LIST, SOURCE_NAMES

            for name in SOURCE_NAMES:
                if (folder / name).is_symlink():  # a link to a file that is gone (or to a folder)
                    raise InputError(
                        f"{name} is a link to {os.readlink(folder / name)}, which is not a file: point the link at the translation"
                        f" or copy the file into {self.display(folder)}/",
                        path=self.display(folder / name),
                    )
            found = _missing_source(folder)
            hint = found.split(": ", 1)[1] if "rename" in found else f"put the translation in {self.display(folder)}/raw.txt"
            raise InputError(f"game {game_id!r} has no source file ({SOURCE_LIST}): {hint}", path=self.display(folder))
        return folder

    @cached_property
    def real_root(self) -> Path:
        return self.root.resolve()

    def inside(self, path: Path) -> Path:
        """`path`, when it really lies inside the project; a link (or a linked folder) that leads out of it is
        refused: refsheets may be run on downloaded project folders, whose links must not read the machine."""
        real = path.resolve()
        if not real.is_relative_to(self.real_root):
            raise InputError(
                f"a link to {real}, outside the project folder: refsheets reads only files inside it "
                "(copy the file into the project instead)",
                path=self.display(path),
            )
        return path


def configured_without_source(project: Project) -> list[str]:
    """Game folders set up for a build (a game.yaml or corrections.yaml, or a raw.* link) whose source file is
    missing: a build counts each as failed (its old sheets would otherwise pass for current), not as skipped."""
    from pipeline.ingest import SOURCE_NAMES

    if not project.sources.is_dir():
        return []
    found = []
    for folder in sorted(project.sources.iterdir()):
        if not folder.is_dir() or not GAME_ID.fullmatch(folder.name) or source_files(folder):
            continue
        configured = any((folder / name).is_file() for name in ("game.yaml", "corrections.yaml"))
        if configured or any((folder / name).is_symlink() for name in SOURCE_NAMES):
            found.append(folder.name)
    return found


def skipped_folders(project: Project) -> list[str]:
    """Why each folder under sources/ that is not a game is left out, and what name would make it one.

    `list` and `build` print these as warnings: a folder named `Otro_Juego`, or one holding `reglas.txt`,
    must not vanish without a word. The one place that decides what a game folder is, with game_ids().
    """
    if not project.sources.is_dir():
        return []
    notes = []
    for folder in sorted(project.sources.iterdir()):
        if not folder.is_dir() or folder.name.startswith("."):
            continue
        problems = []
        if not GAME_ID.fullmatch(folder.name):
            problems.append(
                f"{folder.name!r} is not a valid game id ({ID_RULE}): rename the folder to {suggest_id(folder.name)!r}"
            )
        if not source_files(folder):
            problems.append(_missing_source(folder))
        if problems:
            notes.append(f"{project.display(folder)}: skipped: " + "; ".join(problems))
    return notes


def _missing_source(folder: Path) -> str:
    """What a folder without a source file holds, and the name that would make one of it a source."""
    from pipeline.ingest import SOURCE_LIST, SOURCE_NAMES

    found = sorted(path.name for path in folder.iterdir() if path.is_file() and not path.name.startswith("."))
    wanted = f"no source file ({SOURCE_LIST})"
    if not found:
        return f"{wanted}: the folder is empty"
    suffixes = {name.rsplit(".", 1)[1]: name for name in SOURCE_NAMES}
    for name in found:  # 'Raw.TXT' first, then any 'reglas.txt'
        if name.lower() in SOURCE_NAMES:
            return f"{wanted}: found {name}, rename it to {name.lower()}"
    for name in found:
        suffix = name.rsplit(".", 1)[-1].lower() if "." in name else ""
        if suffix in suffixes:
            return f"{wanted}: found {name}, rename it to {suffixes[suffix]}"
    return f"{wanted}: found {', '.join(found[:4])}{' ...' if len(found) > 4 else ''}"


def suggest_id(name: str) -> str:
    """The id a folder or argument could be given instead: 'Mi Juego' -> 'mi-juego', 'evil\n' -> 'evil'."""
    return slug(name, max_length=64, default="game")


def check_game_id(game_id: str) -> str:
    if not GAME_ID.fullmatch(game_id or ""):
        raise InputError(f"invalid game id {game_id!r}: use {ID_RULE} (no paths, no '..'), e.g. {suggest_id(game_id or '')!r}")
    return game_id


def load_raw(project: Project, game_id: str, *, limits: Limits | None = None) -> RawText:
    """The game's one source file, read and converted to lines (several or none is an InputError), within
    `limits` (None: those its game.yaml sets).

    Converted once per process while the file is the same: a build reads it to clean and again for the proof
    page, and `watch` on every save (the artefact repairs of a large text take a tenth of a second). The file
    is known by its size, change time and inode, not its hash: hashing would read it whole before any limit."""
    folder = project.inside(project.game_dir(game_id))
    path = project.inside(source_file(folder, display=project.display(folder)))
    limits = limits if limits is not None else game_limits(project, game_id)
    try:
        status = path.stat()
        content = f"{status.st_size}:{status.st_mtime_ns}:{status.st_ctime_ns}:{status.st_ino}"
    except OSError:
        content = ""  # read_source says what is wrong with it
    return _read_source(path, game_id, project.display(path), content, limits)


@lru_cache(maxsize=16)
def _read_source(path: Path, game_id: str, display: str, _content: str, limits: Limits) -> RawText:
    return read_source(path, game=game_id, display=display, limits=limits)


def game_limits(project: Project, game_id: str) -> Limits:
    """The limits a game's game.yaml sets (`limits: {characters: N, lines: N}`), read alone: the default when
    it sets none, a ConfigError at its line when they are wrong."""
    path = project.inside(project.game_dir(game_id) / "game.yaml")
    if not path.is_file():
        return DEFAULT
    problems = Problems()
    data = load_yaml(path, display=project.display(path))
    fields = Fields(data if isinstance(data, dict) else None, where="", problems=problems, path=project.display(path), line=1)
    limits = read_limits(fields.mapping("limits"))
    problems.raise_if_any()
    return limits


# How far game.yaml may raise the limits: a long campaign book, not a whole library (ingest/limits.py).
MAX_RAISED_CHARS = 16 * MAX_SOURCE_CHARS
MAX_RAISED_LINES = 16 * MAX_SOURCE_LINES


def read_limits(fields: Fields) -> Limits:
    """game.yaml's `limits:`: the characters and lines a source may hold, from the defaults up."""
    characters = fields.number("characters", MAX_SOURCE_CHARS, low=MAX_SOURCE_CHARS, high=MAX_RAISED_CHARS, whole=True)
    lines = fields.number("lines", MAX_SOURCE_LINES, low=MAX_SOURCE_LINES, high=MAX_RAISED_LINES, whole=True)
    fields.finish()
    return Limits.raised(characters=characters, lines=lines)


def default_title(game_id: str) -> str:
    return " ".join(_TITLE_WORDS.get(word, word.capitalize()) for word in game_id.split("-"))


@dataclass(frozen=True)
class GameConfig:
    """Everything a game's YAML says, read and checked once before any stage runs: the model's GameInfo,
    each stage's typed options, and every sheet with its layout and recipe per paper."""

    game: GameInfo
    clean: CleanOptions
    split: SplitOptions
    sheets: tuple[SheetConfig, ...]
    limits: Limits = DEFAULT  # what the source may hold (game.yaml's `limits:`)

    def sheet(self, name: str) -> SheetConfig:
        return next(sheet for sheet in self.sheets if sheet.name == name)


def load_game(project: Project, game_id: str, *, templates: Templates | None = None) -> GameConfig:
    """sources/<id>/game.yaml (optional) and the templates its sheets name -> GameConfig.

    Every problem of game.yaml and of those templates is reported together (ConfigError); a game
    always has a quickref sheet. `templates` lets several games share the template chains read.
    """
    from pipeline.clean.resources import read_clean_options
    from pipeline.sheets.config import Templates
    from pipeline.sheets.icondata import read_icons
    from pipeline.structure import read_split_options

    folder = project.inside(project.game_dir(game_id))
    path = project.inside(folder / "game.yaml")
    display = project.display(path)
    problems = Problems()
    templates = templates if templates is not None else Templates(project.templates, project.glossaries)
    data = load_yaml(path, display=display) if path.is_file() else None
    fields = Fields(data, where="", problems=problems, path=display, line=1)
    title_es = fields.text("title_es", default_title(game_id))
    info = GameInfo(
        id=game_id,
        title_es=title_es,
        title_en=fields.text("title_en", title_es),
        publisher=fields.text("publisher", ""),
        paper=fields.choice("paper", PAPERS, "a4"),
        credits=_credits(fields.mapping("credits")),
        icons=read_icons(fields.mapping("icons")),
    )
    limits = read_limits(fields.mapping("limits"))
    options = fields.mapping("options")
    clean = read_clean_options(options.mapping("clean"))
    split = read_split_options(options.mapping("split"))
    options.finish()
    from pipeline.sheets.elsewhere import with_pointers

    sheets = with_pointers(_sheets(fields, templates=templates))
    fields.finish()
    problems.raise_if_any()
    return GameConfig(
        game=replace(info, sheets=tuple(sheet.spec for sheet in sheets)), clean=clean, split=split, sheets=sheets, limits=limits
    )


def _credits(fields: Fields) -> Credits:
    credits = Credits(
        translators=fields.texts("translators"),
        authors=fields.texts("authors"),
        source_url=fields.text("source_url", ""),
        rulebook_url=fields.text("rulebook_url", ""),
        other=fields.texts("other"),
    )
    fields.finish()
    return credits


def _sheets(fields: Fields, *, templates: Templates) -> tuple[SheetConfig, ...]:
    """The game's `sheets:` (each name once, each template a file of templates/); a quickref sheet comes first if none is named."""
    from pipeline.sheets.config import read_sheet
    from pipeline.sheets.layout import template_problem

    sheets: list[SheetConfig] = []
    seen: dict[str, int | None] = {}
    for _, entry in fields.items("sheets"):
        name = entry.text("name")
        if name is not None and not GAME_ID.fullmatch(name):
            entry.fail("name", f"sheet name {name!r} must be lower-case letters, digits and '-'")
            name = None
        elif name in seen:
            entry.fail("name", f"sheet {name!r} is declared twice (first on line {seen[name]})")
            name = None
        if name is not None:
            seen[name] = entry.origin("name")[1]
        template = entry.text("template", name if name == "quickref" else "cards")
        if template is not None and (problem := template_problem(templates.dir, template)):
            entry.fail("template", problem)
            template = None
        if name is not None and template is not None:
            sheet = read_sheet(entry, name=name, template=template, templates=templates)
            if sheet is not None:
                sheets.append(sheet)
        entry.has("recipe")
        entry.finish()
    if "quickref" not in seen:
        default = read_sheet(Fields(None, where="sheets", problems=fields.problems, path=fields.path, line=1),
                             name="quickref", template="quickref", templates=templates)
        if default is not None:
            sheets.insert(0, default)
    return tuple(sheets)
