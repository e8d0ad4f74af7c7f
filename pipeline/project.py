"""Find games under sources/, read raw.txt (with encoding fallback) and validate game.yaml."""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from pipeline.errors import ConfigError, FileAccessError, InputError
from pipeline.model import Credits, GameInfo, RawText, SheetSpec
from pipeline.text import printable, slug
from pipeline.yamlio import check_fields, load_yaml, require_mapping

# A whole id (fullmatch: "evil\n" is no id); also the shape of sheet names.
GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
# The files a game folder is recognised by (the formats layer may add more).
SOURCE_FILES = ("raw.txt",)
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
        return [name for name, reason in self.scan() if reason is None]

    def skipped(self) -> list[str]:
        """One line per folder under sources/ that is not a game, saying why and what to do."""
        return [f"{self.display(self.sources / name)}: skipped, {reason}" for name, reason in self.scan() if reason is not None]

    def scan(self) -> list[tuple[str, str | None]]:
        """Every folder under sources/ (sorted), with None for a game or the reason it is not one."""
        if not self.sources.is_dir():
            raise InputError("no sources/ folder (is --root the project folder?)", path=str(self.root))
        try:
            entries = sorted(self.sources.iterdir())
        except OSError as exc:
            raise FileAccessError(f"cannot read: {exc.strerror}", path=self.display(self.sources)) from None
        found: list[tuple[str, str | None]] = []
        for entry in entries:
            if entry.name.startswith(".") or not entry.is_dir():
                continue  # hidden folders (.git) and loose files are not candidates
            if not GAME_ID.fullmatch(entry.name):
                found.append((entry.name, f"{entry.name!r} is not a game id ({ID_RULE}); rename the folder to {suggest_id(entry.name)!r}"))
            elif not any((entry / name).is_file() for name in SOURCE_FILES):
                found.append((entry.name, f"no source file ({', '.join(SOURCE_FILES)})"))
            else:
                found.append((entry.name, None))
        return found

    def game_dir(self, game_id: str) -> Path:
        check_game_id(game_id)
        folder = self.sources / game_id
        if not folder.is_dir():
            known = ", ".join(self.game_ids()) or "none"
            raise InputError(f"unknown game {game_id!r} (games found: {known})", path=self.display(self.sources))
        if not (folder / "raw.txt").is_file():
            raise InputError(f"game {game_id!r} has no raw.txt", path=self.display(folder))
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


# What a game id may hold, for messages.
ID_RULE = "lower-case letters, digits and '-'"


def suggest_id(name: str) -> str:
    """The id a folder or argument could be given instead: 'Mi Juego' -> 'mi-juego', 'evil\n' -> 'evil'."""
    return slug(name, max_length=64, default="juego")


def check_game_id(game_id: str) -> str:
    if not GAME_ID.fullmatch(game_id or ""):
        raise InputError(f"invalid game id {game_id!r}: use {ID_RULE} (no paths, no '..'), e.g. {suggest_id(game_id or '')!r}")
    return game_id


def decode_raw(data: bytes, *, display: str) -> tuple[str, str, tuple[str, ...]]:
    """bytes -> (text, encoding, warnings). UTF-8 first, then cp1252, then latin-1."""
    if not data.strip():
        raise InputError(NO_TEXT, path=display)
    utf16 = _utf16(data)
    if utf16:
        raise InputError(f"{utf16} text, which refsheets does not read yet; save it as UTF-8", path=display)
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
    if not printable(text).strip():
        raise InputError(NO_TEXT, path=display)  # no-break, ideographic and zero-width spaces print nothing either
    return text, encoding, tuple(warnings)


NO_TEXT = "no text: the file is empty or only whitespace (spaces, no-break, ideographic or zero-width)"


def _utf16(data: bytes) -> str:
    """'UTF-16' (or 'UTF-32') when the bytes are such text: a byte-order mark, or the zero bytes every other
    byte that ASCII letters leave in UTF-16 without one."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "UTF-32"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16"
    sample = data[:4096]
    pairs = len(sample) // 2
    if pairs >= 4 and max(sample[0::2].count(0), sample[1::2].count(0)) > 0.6 * pairs:
        return "UTF-16"
    return ""


def _looks_binary(text: str) -> bool:
    sample = text[:65536]
    controls = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\n\t\f\v")
    return controls > max(8, len(sample) // 20)


def load_raw(project: Project, game_id: str) -> RawText:
    path = project.inside(project.game_dir(game_id) / "raw.txt")
    display = project.display(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise FileAccessError(f"cannot read: {exc.strerror}", path=display) from None
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
    display = project.display(project.inside(path))
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
        if not GAME_ID.fullmatch(name):
            raise ConfigError(f"{where}: sheet name {name!r} must be lower-case letters, digits and '-'", path=display, line=entry.line)
        if name in seen:
            raise ConfigError(f"{where}: sheet {name!r} is declared twice", path=display, line=entry.line)
        seen.add(name)
        sheets.append(SheetSpec(name=name, template=entry.get("template", name if name == "quickref" else "cards"), recipe=entry.get("recipe") or {}))
    if "quickref" not in seen:
        sheets.insert(0, DEFAULT_SHEET)
    return tuple(sheets)
