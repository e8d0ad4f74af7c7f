"""Find games under sources/, read each one's source (raw.txt, .md, .html, .pdf or .docx, via ingest/) and validate game.yaml."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import ConfigError, InputError
from pipeline.ingest import read_source, source_file, source_files
from pipeline.ingest.encoding import decode
from pipeline.model import Credits, GameInfo, RawText, SheetSpec
from pipeline.yamlio import check_fields, load_yaml, require_mapping

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
PAPERS = ("a4", "letter")
DEFAULT_SHEET = SheetSpec(name="quickref", template="quickref")
GAME_OPTION_KEYS = ("clean", "split")  # the stages that take per-game hints from game.yaml

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
            raise InputError("no sources/ folder (is --root the project folder?)", path=str(self.root))
        return sorted(
            entry.name
            for entry in self.sources.iterdir()
            if entry.is_dir() and GAME_ID.match(entry.name) and source_files(entry)
        )

    def game_dir(self, game_id: str) -> Path:
        check_game_id(game_id)
        folder = self.sources / game_id
        if not folder.is_dir():
            known = ", ".join(self.game_ids()) or "none"
            raise InputError(f"unknown game {game_id!r} (games found: {known})", path=self.display(self.sources))
        if not source_files(folder):
            names = "raw.txt, raw.md, raw.html, raw.pdf or raw.docx"
            raise InputError(f"game {game_id!r} has no source file ({names})", path=self.display(folder))
        return folder


def check_game_id(game_id: str) -> str:
    if not GAME_ID.match(game_id or ""):
        raise InputError(
            f"invalid game id {game_id!r}: use lower-case letters, digits and '-' (no paths, no '..')"
        )
    return game_id


def decode_raw(data: bytes, *, display: str) -> tuple[str, str, tuple[str, ...]]:
    """bytes -> (text, encoding, warnings): BOMs and UTF-16, UTF-8, cp1252, mojibake repaired (ingest/encoding.py)."""
    text, encoding, warnings = decode(data, display=display)
    return text, encoding, tuple(warnings)


def load_raw(project: Project, game_id: str) -> RawText:
    """The game's one source file, read and converted to lines (several or none is an InputError)."""
    folder = project.game_dir(game_id)
    path = source_file(folder, display=project.display(folder))
    return read_source(path, game=game_id, display=project.display(path))


def default_title(game_id: str) -> str:
    return " ".join(_TITLE_WORDS.get(word, word.capitalize()) for word in game_id.split("-"))


def load_game(project: Project, game_id: str) -> GameInfo:
    """game.yaml (optional) -> GameInfo; a game always has a quickref sheet."""
    folder = project.game_dir(game_id)
    path = folder / "game.yaml"
    if not path.is_file():
        return GameInfo(id=game_id, title_es=default_title(game_id), title_en=default_title(game_id), sheets=(DEFAULT_SHEET,))
    display = project.display(path)
    data = load_yaml(path, display=display)
    if data is None:
        data = {}
    data = require_mapping(data, display=display, where="game.yaml")
    check_fields(
        data,
        display=display,
        where="game",
        optional=("title_es", "title_en", "publisher", "paper", "credits", "sheets", "options"),
        types={
            "title_es": str,
            "title_en": str,
            "publisher": str,
            "paper": str,
            "credits": dict,
            "sheets": list,
            "options": dict,
        },
    )
    paper = data.get("paper", "a4")
    if paper not in PAPERS:
        raise ConfigError(f"game: paper must be one of {', '.join(PAPERS)}, got {paper!r}", path=display, line=getattr(data, "line", None))
    options = data.get("options") or {}
    # Each stage validates its own hints; here a misspelt stage name must not be silently ignored.
    check_fields(options, display=display, where="options", optional=GAME_OPTION_KEYS, types={key: dict for key in GAME_OPTION_KEYS})
    title_es = data.get("title_es") or default_title(game_id)
    return GameInfo(
        id=game_id,
        title_es=title_es,
        title_en=data.get("title_en") or title_es,
        publisher=data.get("publisher", ""),
        paper=paper,
        sheets=_sheets(data.get("sheets"), display=display),
        credits=_credits(data.get("credits") or {}, display=display),
        options=options,
    )


def _credits(data: dict, *, display: str) -> Credits:
    check_fields(
        data,
        display=display,
        where="credits",
        optional=("translators", "source_url", "rulebook_url", "other"),
        types={"translators": list, "source_url": str, "rulebook_url": str, "other": list},
    )
    for key in ("translators", "other"):
        for index, name in enumerate(data.get(key) or []):
            if not isinstance(name, str):
                raise ConfigError(f"credits.{key}[{index}] must be text", path=display, line=getattr(data, "line", None))
    return Credits(
        translators=tuple(data.get("translators") or ()),
        source_url=data.get("source_url", ""),
        rulebook_url=data.get("rulebook_url", ""),
        other=tuple(data.get("other") or ()),
    )


def _sheets(entries: list | None, *, display: str) -> tuple[SheetSpec, ...]:
    sheets: list[SheetSpec] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries or []):
        where = f"sheets[{index}]"
        entry = require_mapping(entry, display=display, where=where)
        check_fields(
            entry,
            display=display,
            where=where,
            required=("name",),
            optional=("template", "recipe"),
            types={"name": str, "template": str, "recipe": dict},
        )
        name = entry["name"]
        if not GAME_ID.match(name):
            raise ConfigError(f"{where}: sheet name {name!r} must be lower-case letters, digits and '-'", path=display, line=entry.line)
        if name in seen:
            raise ConfigError(f"{where}: sheet {name!r} is declared twice", path=display, line=entry.line)
        seen.add(name)
        sheets.append(
            SheetSpec(name=name, template=entry.get("template", name if name == "quickref" else "cards"), recipe=entry.get("recipe") or {})
        )
    if "quickref" not in seen:
        sheets.insert(0, DEFAULT_SHEET)
    return tuple(sheets)
