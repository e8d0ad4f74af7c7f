"""Find games under sources/, read raw.txt (with encoding fallback) and validate game.yaml."""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import ConfigError, InputError
from pipeline.model import Credits, GameInfo, RawText, SheetSpec
from pipeline.text import slug
from pipeline.yamlio import check_fields, load_yaml, require_mapping

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
SOURCE_FILE = "raw.txt"  # the one source file a game folder must hold
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
            if entry.is_dir() and GAME_ID.match(entry.name) and (entry / SOURCE_FILE).is_file()
        )

    def game_dir(self, game_id: str) -> Path:
        check_game_id(game_id)
        folder = self.sources / game_id
        if not folder.is_dir():
            known = ", ".join(self.game_ids()) or "none"
            raise InputError(f"unknown game {game_id!r} (games found: {known})", path=self.display(self.sources))
        if not (folder / "raw.txt").is_file():
            raise InputError(f"game {game_id!r} has no raw.txt", path=self.display(folder))
        return folder


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
        if not GAME_ID.match(folder.name):
            problems.append(
                f"{folder.name!r} is not a valid game id (lower-case letters, digits and '-'): "
                f"rename the folder to {slug(folder.name, default='game')!r}"
            )
        if not (folder / SOURCE_FILE).is_file():
            problems.append(_missing_source(folder))
        if problems:
            notes.append(f"{project.display(folder)}: skipped: " + "; ".join(problems))
    return notes


def _missing_source(folder: Path) -> str:
    found = sorted(path.name for path in folder.iterdir() if path.is_file() and not path.name.startswith("."))
    if not found:
        return f"no {SOURCE_FILE} (the folder is empty)"
    near = [name for name in found if name.lower() == SOURCE_FILE] or [name for name in found if name.lower().endswith(".txt")]
    if near:
        return f"no {SOURCE_FILE} (found {near[0]}: rename it to {SOURCE_FILE})"
    return f"no {SOURCE_FILE} (found {', '.join(found[:4])}{' ...' if len(found) > 4 else ''})"


def check_game_id(game_id: str) -> str:
    if not GAME_ID.match(game_id or ""):
        raise InputError(
            f"invalid game id {game_id!r}: use lower-case letters, digits and '-' (no paths, no '..')"
        )
    return game_id


def decode_raw(data: bytes, *, display: str) -> tuple[str, str, tuple[str, ...]]:
    """bytes -> (text, encoding, warnings). UTF-8 first, then cp1252, then latin-1."""
    if not data.strip():
        raise InputError("file is empty or only whitespace", path=display)
    if b"\x00" in data:
        offset = data.index(b"\x00")
        line = data.count(b"\n", 0, offset) + 1
        raise InputError("binary content (NUL byte); expected plain text", path=display, line=line)
    warnings: list[str] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text, encoding = data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        try:
            text, encoding = data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            text, encoding = data.decode("latin-1"), "latin-1"
        warnings.append(f"{display}:{line}: not valid UTF-8; read as {encoding}")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = unicodedata.normalize("NFC", text)
    if _looks_binary(text):
        raise InputError("binary content (too many control characters); expected plain text", path=display)
    return text, encoding, tuple(warnings)


def _looks_binary(text: str) -> bool:
    sample = text[:65536]
    controls = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\n\t\f\v")
    return controls > max(8, len(sample) // 20)


def load_raw(project: Project, game_id: str) -> RawText:
    path = project.game_dir(game_id) / "raw.txt"
    display = project.display(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=display) from None
    text, encoding, warnings = decode_raw(data, display=display)
    return RawText(
        game=game_id,
        path=display,
        text=text,
        encoding=encoding,
        sha256=hashlib.sha256(data).hexdigest(),
        warnings=warnings,
    )


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
