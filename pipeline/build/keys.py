"""Keys of the project's store from file bytes alone (no cleaning, no spaCy): each is `key`, of refsheets itself, what
the result is and the digests of the files it is made from (docs/architecture.md, "The store")."""
from __future__ import annotations

import hashlib
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from pipeline import __version__
from pipeline.ingest import SOURCE_NAMES
from pipeline.model import SheetSpec
from pipeline.project import GameConfig, Project, load_game
from pipeline.learn.labeller import model_path
from pipeline.store import Store, digest, memoized

if TYPE_CHECKING:
    from pipeline.sheets.config import Templates

CACHE_DIR = ".refsheets-cache"
ABSENT = "absent"  # the digest of an input file that does not exist
# Libraries whose version can change the PDF bytes, the tagging or what a source file reads as (ingest/):
# pyspellchecker's word frequencies choose OCR repairs (ingest/ocr.py), `regex` runs the corrections.
OUTPUT_LIBRARIES = ("reportlab", "spacy-lookups-data", "pyyaml", "markdown-it-py", "lxml", "pdfminer.six", "mammoth", "charset-normalizer",
                    "ftfy", "pyspellchecker", "regex")
SPLIT, TAG = "split", "tag"  # stage results: the game cleaned and split; the same document tagged with its glossaries
UNCORRECTED = "uncorrected"  # the game cleaned but for its corrections: what a correction does not change
GLOSSARY = "glossary"  # not a stage of its own: the key of a game's glossaries, under which texts' hits are reused
SHEET, PRINTED, PARSED = "sheets", "printed", "parsed"  # a sheet; what it prints (build/cache.py); the parse memo
# The inputs a kind of result is not made from, by path prefix ("{game}" its game's folder): so a correction re-runs
# only its game's stages, a glossary change re-applies the corrections and re-splits (the cleaner gives no accents to
# a glossary's words), and a sheet whose printed content is unchanged is not typeset again (its text and glossaries
# reach it through the document).
LEFT_OUT = {
    UNCORRECTED: ("glossaries/", "{game}/corrections.yaml"),
    GLOSSARY: ("{game}/",),
    PRINTED: ("{game}/raw.", "{game}/corrections.yaml", "glossaries/"),
}


def project_store(root: Path) -> Store:  # <root>/.refsheets-cache/
    return Store(root / CACHE_DIR)


def key(kind: str, game_id: str, inputs: dict[str, str], **parts: object) -> str:
    """The key of a `kind` of result for a game, made by this refsheets (tool_fingerprint) from `parts` and the files
    `inputs` names (project-relative path -> file_digest) but those LEFT_OUT."""
    left_out = tuple(prefix.format(game=f"sources/{game_id}") for prefix in LEFT_OUT.get(kind, ()))
    files = {path: found for path, found in inputs.items() if not path.startswith(left_out)}
    return digest({"tool": tool_fingerprint(), "kind": kind, "game": game_id, "inputs": files, **parts})


def stage_key(project: Project, game_id: str, stage: str) -> str:  # a stage's result: its kind the stage, its group the game
    return key(stage, game_id, game_inputs(project, game_id))


@dataclass(frozen=True)
class SheetKey:
    game: str
    sheet: str
    digest: str  # the key: of `inputs`, the template, sheet and paper
    inputs: dict[str, str]  # project-relative path -> sha256 (or "absent"), for the "why" in reports
    paper: str


def sheet_key(
    project: Project, game_id: str, sheet: SheetSpec, *, paper: str, inputs: dict[str, str] | None = None, memo: ParseMemo | None = None,
    template_files: tuple[str, ...] | None = None,
) -> SheetKey:
    """The key of one sheet: its game's inputs, the paper and its template chain and fonts (`template_files`, else as
    the memo read them)."""
    if template_files is None:
        memo = memo or ParseMemo(project.root)
        if (sheet.template, paper) not in memo.files:
            memo.game_sheets(project, game_id)
        template_files = memo.files[sheet.template, paper]
    files = dict(game_inputs(project, game_id) if inputs is None else inputs)
    files |= file_digests(project, (project.root / shown for shown in template_files))
    described = key(SHEET, game_id, files, sheet=sheet.name, template=sheet.template, paper=paper)
    return SheetKey(game=game_id, sheet=sheet.name, digest=described, inputs=files, paper=paper)


def game_inputs(project: Project, game_id: str) -> dict[str, str]:
    """Every file in sources/<game>/ (a per-game file another stage starts reading is covered too) and the game's
    two glossaries (common.yaml, <game>.yaml: an absent one is recorded as absent, so creating it changes the key)."""
    folder = project.inside(project.game_dir(game_id))
    inputs = file_digests(project, filter(is_input_file, sorted(folder.iterdir())))
    for name in SOURCE_NAMES:  # a raw.* that is no file (a stale link) is a second source: the build must say so
        if os.path.lexists(folder / name) and not (folder / name).is_file():
            inputs[project.display(folder / name)] = "not a file"
    return inputs | file_digests(project, (project.glossaries / name for name in ("common.yaml", f"{game_id}.yaml")))


def file_digests(project: Project, paths: Iterable[Path]) -> dict[str, str]:  # of files that must lie inside the project
    return {project.display(path): file_digest(project.inside(path)) for path in paths}


def file_digest(path: Path) -> str:
    """The file's sha256, "absent" or "unreadable" (the stage that reads it says why); hashed again only when its
    modification time or size changes (templates and fonts are shared by every sheet, `watch` asks after each save)."""
    try:
        stat = path.stat()
        return _hashed(path, stat.st_mtime_ns, stat.st_size)
    except FileNotFoundError:
        return ABSENT
    except OSError:
        return "unreadable"


@lru_cache(maxsize=4096)
def _hashed(path: Path, mtime_ns: int, size: int) -> str:
    with path.open("rb") as file:  # in chunks: a source may be refused for its size, hashing must not hold it whole
        return hashlib.file_digest(file, "sha256").hexdigest()


def is_input_file(path: Path) -> bool:  # editor back-ups and swap files are not: saving in vim must not look like a change
    return path.is_file() and not path.name.startswith(".") and not path.name.endswith(("~", ".swp", ".tmp", ".bak"))


@lru_cache(maxsize=1)
def tool_fingerprint() -> str:
    """The version, the package's files, the line model and the output libraries' versions, hashed: code changes
    between releases, and a result of other code is simply a miss (no format number to bump)."""
    hashed = hashlib.sha256(f"refsheets {__version__}\n".encode())
    package = Path(__file__).resolve().parent.parent  # pipeline/, every stage
    for path in sorted(path for path in package.rglob("*") if "__pycache__" not in path.parts and is_input_file(path)):
        hashed.update(f"{path.relative_to(package).as_posix()}\0".encode() + hashlib.sha256(path.read_bytes()).digest())
    chosen = model_path()  # REFSHEETS_LINE_MODEL may name another model (or none): other headings
    hashed.update(b"line-model\0" + (hashlib.sha256(chosen.read_bytes()).digest() if chosen else b"none"))
    versions = _library_versions()
    hashed.update("".join(f"{name}=={versions.get(_normal(name), ABSENT)}\n" for name in OUTPUT_LIBRARIES).encode())
    return hashed.hexdigest()


def _normal(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def _library_versions() -> dict[str, str]:
    """Installed versions, from the dist-info folder names on sys.path (the first of each name): importlib.metadata
    would cost a no-op build a tenth of a second."""
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = [name for name in os.listdir(entry or ".") if name.endswith((".dist-info", ".egg-info"))]
        except OSError:
            continue
        for project, _, version in (name.rsplit(".", 1)[0].partition("-") for name in names):
            found.setdefault(_normal(project), version)
    return found


class ParseMemo:
    """What the fast path reads from YAML, one entry per game (its paper and sheets, their template chains and fonts),
    by the bytes of game.yaml, common.yaml and templates/; made only from a configuration read without a problem."""

    def __init__(self, root: Path) -> None:
        self.store = project_store(root)
        self.configs: dict[str, GameConfig] = {}  # games read (and so checked) by this process
        self.files: dict[tuple[str, str], tuple[str, ...]] = {}  # (template, paper) -> Layout.files, of the games asked
        self._templates: Templates | None = None  # shared by the games this memo reads

    def game_sheets(self, project: Project, game_id: str) -> tuple[str, tuple[SheetSpec, ...]]:
        """(paper, sheets) of a game, as project.load_game reads them."""

        def make() -> dict:
            from pipeline.sheets.config import Templates  # the readers load only when a game.yaml must be read

            self._templates = self._templates or Templates(project.templates, project.glossaries)
            config = self.configs[game_id] = load_game(project, game_id, templates=self._templates)
            sheets = [[sheet.name, sheet.template, {paper: list(layout.files) for paper, layout in sheet.layouts.items()}]
                      for sheet in config.sheets]
            return {"paper": config.game.paper, "sheets": sheets}

        def memo_key() -> str:
            files = [project.inside(project.game_dir(game_id)) / "game.yaml", project.glossaries / "common.yaml"]
            return key(PARSED, game_id, file_digests(project, files + sorted(filter(is_input_file, project.templates.rglob("*")))))

        made = memo_key()
        entry = memoized(self.store, PARSED, made, make, group=game_id, load=lambda entry: self._read(entry) and entry,
                         current=lambda: memo_key() == made)  # an entry _read cannot read is a miss
        paper, sheets, files = self._read(entry)
        self.files.update(files)
        return paper, sheets

    @staticmethod
    def _read(entry: dict) -> tuple[str, tuple[SheetSpec, ...], dict]:
        sheets = tuple(SheetSpec(name=str(name), template=str(template)) for name, template, _ in entry["sheets"])
        files = {(str(template), str(paper)): tuple(map(str, shown))
                 for _, template, papers in entry["sheets"] for paper, shown in papers.items()}
        return str(entry["paper"]), sheets, files
