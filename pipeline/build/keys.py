"""Keys of the project's store, decided from file bytes alone (no cleaning, no spaCy): each is `fingerprint` of
refsheets itself (tool_fingerprint), what the result is and the digests of the files it is made from.

A sheet's key covers its game's folder and glossaries, its template chain and fonts and the paper; a stage
result's the files that stage reads (stage_key); the parse memo's the YAML it reads (ParseMemo).
"""
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
from pipeline.sheets.layout import load_layout
from pipeline.learn.labeller import model_path
from pipeline.store import Store, digest, memoized

if TYPE_CHECKING:
    from pipeline.sheets.config import Templates

CACHE_DIR = ".refsheets-cache"
PARSED = "parsed"  # the store's kind of the parse memo
# Libraries whose version can change the PDF bytes, the tagging or what a source file reads as (ingest/):
# pyspellchecker's word frequencies choose OCR repairs (ingest/ocr.py), `regex` runs the corrections.
OUTPUT_LIBRARIES = (
    "reportlab", "spacy-lookups-data", "pyyaml",
    "markdown-it-py", "lxml", "pdfminer.six", "mammoth", "charset-normalizer", "ftfy", "pyspellchecker", "regex",
)
ABSENT = "absent"
SPLIT, TAG = "split", "tag"  # stage results: the game cleaned and split; the same document tagged with its glossaries
UNCORRECTED = "uncorrected"  # the game cleaned but for its corrections: what a correction does not change
GLOSSARY = "glossary"  # not a stage of its own: the key of a game's glossaries, under which texts' hits are reused


def project_store(root: Path) -> Store:
    """The store of the project at `root` (<root>/.refsheets-cache/, pipeline/store.py)."""
    return Store(root / CACHE_DIR)


@dataclass(frozen=True)
class SheetKey:
    game: str
    sheet: str
    digest: str  # the key: fingerprint of `inputs`, the template, sheet and paper
    inputs: dict[str, str]  # project-relative path -> sha256 (or "absent"), for the "why" in reports
    paper: str


def file_digest(path: Path) -> str:
    """The file's sha256, "absent" or "unreadable" (the stage that reads it says why); hashed again only when its
    modification time or size changes (templates and fonts are shared by every sheet, `watch` asks after each save)."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return ABSENT
    except OSError:
        return "unreadable"
    return _hashed(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4096)
def _hashed(path: Path, mtime_ns: int, size: int) -> str:
    try:
        with path.open("rb") as file:  # in chunks: a source may be refused for its size, hashing must not hold it whole
            return hashlib.file_digest(file, "sha256").hexdigest()
    except OSError:
        return "unreadable"


def file_digests(project: Project, paths: Iterable[Path]) -> dict[str, str]:
    """Project-relative path -> file_digest, for files that must lie inside the project."""
    return {project.display(path): file_digest(project.inside(path)) for path in paths}


def is_input_file(path: Path) -> bool:
    # Editor back-ups and swap files are not inputs; saving in vim must not look like a change.
    return path.is_file() and not path.name.startswith(".") and not path.name.endswith(("~", ".swp", ".tmp", ".bak"))


@lru_cache(maxsize=1)
def tool_fingerprint() -> str:
    """Version, the package's own files, the line model and the output libraries' versions, hashed: code changes in
    a working tree between releases, and a stale result must never be taken for a fresh one (so a change of what an
    entry holds or a key covers needs no format number of its own: old entries simply miss)."""
    hashed = hashlib.sha256(f"refsheets {__version__}\n".encode())
    package = Path(__file__).resolve().parent.parent  # pipeline/, every stage
    for path in sorted(path for path in package.rglob("*") if "__pycache__" not in path.parts and is_input_file(path)):
        hashed.update(f"{path.relative_to(package).as_posix()}\0".encode() + hashlib.sha256(path.read_bytes()).digest())
    chosen = model_path()  # REFSHEETS_LINE_MODEL may name another model (or none): other headings
    hashed.update(b"line-model\0" + (hashlib.sha256(chosen.read_bytes()).digest() if chosen else b"none"))
    versions = _library_versions()
    hashed.update("".join(f"{name}=={versions.get(_normal(name), ABSENT)}\n" for name in OUTPUT_LIBRARIES).encode())
    return hashed.hexdigest()


def fingerprint(**parts: object) -> str:
    """The key of what this refsheets (tool_fingerprint) makes from `parts`: every key of the project's store is one."""
    return digest({"tool": tool_fingerprint(), **parts})


def _normal(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def _library_versions() -> dict[str, str]:
    """Installed versions of OUTPUT_LIBRARIES from the dist-info folder names on sys.path (name-version.dist-info):
    importlib.metadata.version scans sys.path once per call, a tenth of a second of a no-op build."""
    wanted, found = {_normal(name) for name in OUTPUT_LIBRARIES}, dict[str, str]()
    for entry in sys.path:
        try:
            names = [name for name in os.listdir(entry or ".") if name.endswith((".dist-info", ".egg-info"))]
        except OSError:
            continue
        for project, _, version in (name.rsplit(".", 1)[0].partition("-") for name in names):
            if _normal(project) in wanted:
                found.setdefault(_normal(project), version)
    return found


def game_inputs(project: Project, game_id: str) -> dict[str, str]:
    """Every file in sources/<game>/ (a per-game file another stage starts reading is covered too) and the game's
    two glossaries (common.yaml, <game>.yaml: an absent one is recorded as absent, so creating it changes the key)."""
    folder = project.inside(project.game_dir(game_id))
    inputs = file_digests(project, (path for path in sorted(folder.iterdir()) if is_input_file(path)))
    for name in SOURCE_NAMES:  # a raw.* that is no file (a stale link) is a second source: the build must say so
        if not (folder / name).is_file() and ((folder / name).is_symlink() or (folder / name).exists()):
            inputs[project.display(folder / name)] = "not a file"
    return inputs | file_digests(project, (project.glossaries / name for name in ("common.yaml", f"{game_id}.yaml")))


def stage_key(project: Project, game_id: str, stage: str) -> str:
    """The key of a stage result (kind the stage, group the game): the files `stage` reads. TAG and SPLIT read the
    game's inputs (the cleaner gives no accents to a glossary's words, clean/accents.py), UNCORRECTED its folder but
    corrections.yaml, GLOSSARY its glossaries alone (what a text's hits depend on besides the text). So a correction
    re-runs only its game's stages, a glossary change re-applies the corrections and re-splits (the rest of the
    cleaning kept) and a template change re-typesets without either."""
    inputs = game_inputs(project, game_id)
    if stage == UNCORRECTED:
        corrections = project.display(project.game_dir(game_id) / "corrections.yaml")
        inputs = {path: found for path, found in inputs.items() if not path.startswith("glossaries/") and path != corrections}
    elif stage == GLOSSARY:
        inputs = {path: found for path, found in inputs.items() if path.startswith("glossaries/")}
    return fingerprint(game=game_id, stage=stage, inputs=inputs)


class ParseMemo:
    """What the fast path needs from YAML (a game's paper and sheets, each sheet's template chain and fonts), one store
    entry per game, keyed by every file it can have been read from: game.yaml, common.yaml (the term kinds a recipe
    may name) and templates/ (chains and fonts are there: layout.py refuses fonts elsewhere). Parsing them is most of
    a no-op build's time. Made only from a configuration read without a problem, so a game with an entry is valid."""

    def __init__(self, root: Path) -> None:
        self.store = project_store(root)
        self.configs: dict[str, GameConfig] = {}  # games read (and so checked) by this process
        self._templates: Templates | None = None  # shared by the games this memo reads
        self._files: dict[tuple[str, str], tuple[str, ...]] = {}  # (template, paper) -> Layout.files

    def game_sheets(self, project: Project, game_id: str) -> tuple[str, tuple[SheetSpec, ...]]:
        """(paper, sheets) of a game, as project.load_game reads them."""

        def make() -> dict:
            if self._templates is None:
                from pipeline.sheets.config import Templates  # the readers load only when a game.yaml must be read

                self._templates = Templates(project.templates, project.glossaries)
            config = self.configs[game_id] = load_game(project, game_id, templates=self._templates)
            sheets = [[sheet.name, sheet.template, {paper: list(layout.files) for paper, layout in sheet.layouts.items()}]
                      for sheet in config.sheets]
            return {"paper": config.game.paper, "sheets": sheets}

        def read(entry: dict) -> tuple[str, tuple[SheetSpec, ...], dict]:
            files = {(str(template), str(paper)): tuple(map(str, shown)) for _, template, papers in entry["sheets"]
                     for paper, shown in papers.items()}
            sheets = tuple(SheetSpec(name=str(name), template=str(template)) for name, template, _ in entry["sheets"])
            return str(entry["paper"]), sheets, files

        def key() -> str:
            files = [project.inside(project.game_dir(game_id)) / "game.yaml", project.glossaries / "common.yaml"]
            files += sorted(filter(is_input_file, project.templates.rglob("*")))
            return fingerprint(parsed=game_id, files=file_digests(project, files))

        made = key()
        checked = memoized(self.store, PARSED, made, make, group=game_id, load=lambda entry: read(entry) and entry,
                           current=lambda: key() == made)  # an entry `read` cannot read is a miss
        paper, sheets, files = read(checked)
        self._files.update(files)
        return paper, sheets

    def template_files(self, project: Project, template: str, paper: str) -> tuple[str, ...]:
        """The template chain (extends:) and its font files, project-relative (Layout.files): as the games read say,
        else from the templates (YAML only, no reportlab)."""
        if (template, paper) not in self._files:
            self._files[template, paper] = load_layout(project.templates, template, paper=paper).files
        return self._files[template, paper]


def sheet_key(
    project: Project, game_id: str, sheet: SheetSpec, *, paper: str, inputs: dict[str, str] | None = None, memo: ParseMemo | None = None,
    template_files: tuple[str, ...] | None = None,
) -> SheetKey:
    """The key of one sheet: changes whenever anything the sheet is made from changes. `template_files`: the template
    chain and fonts (Layout.files) when the caller has the layout, else the memo's (read once per build)."""
    files = dict(inputs if inputs is not None else game_inputs(project, game_id))
    if template_files is None:
        template_files = (memo or ParseMemo(project.root)).template_files(project, sheet.template, paper)
    files |= file_digests(project, (project.root / shown for shown in template_files))
    described = fingerprint(game=game_id, sheet=sheet.name, template=sheet.template, paper=paper, inputs=files)
    return SheetKey(game=game_id, sheet=sheet.name, digest=described, inputs=files, paper=paper)
