"""Sheet keys: the hash of every input a sheet depends on, decided from file bytes alone (no cleaning, no spaCy).

A key covers the game's folder, its glossaries, its template chain and fonts, the paper and refsheets itself
(code and output-library versions); a stage result's key (stage_key) the files that stage reads. ParseMemo keeps
what the fast path reads from YAML, by file hash.
"""
from __future__ import annotations

import hashlib
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

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


def project_store(root: Path) -> Store:
    """The store of the project at `root` (<root>/.refsheets-cache/, pipeline/store.py)."""
    return Store(root / CACHE_DIR)


@dataclass(frozen=True)
class SheetKey:
    game: str
    sheet: str
    digest: str  # sha256 hex over `inputs`, the tool fingerprint, template, recipe and paper
    inputs: dict[str, str]  # project-relative path -> sha256 (or "absent"), for the "why" in reports
    paper: str


def file_digest(path: Path) -> str:
    """The file's sha256, or "absent"; a file that cannot be read has none ("unreadable"), and the stage that reads it
    says why. Each file is hashed once per run, and again when its modification time or size changes: templates and
    fonts are shared by every sheet, and `watch` asks again after every save."""
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


def is_input_file(path: Path) -> bool:
    # Editor back-ups and swap files are not inputs; saving in vim must not look like a change.
    name = path.name
    return path.is_file() and not name.startswith(".") and not name.endswith(("~", ".swp", ".tmp", ".bak"))


@lru_cache(maxsize=1)
def tool_fingerprint() -> str:
    """Version, the package's own files and the output libraries' versions, hashed.

    The package files are hashed (not just the version) because the code changes between releases
    in a working tree, and a stale sheet must never be taken for a fresh one; so a change of what an entry holds
    or a key covers needs no format number of its own: old entries simply miss.
    """
    hashed = hashlib.sha256(f"refsheets {__version__}\n".encode())
    package = Path(__file__).resolve().parent.parent  # pipeline/, every stage
    for path in sorted(package.rglob("*")):
        if "__pycache__" in path.parts or not is_input_file(path):
            continue
        hashed.update(f"{path.relative_to(package).as_posix()}\0".encode())
        hashed.update(hashlib.sha256(path.read_bytes()).digest())
    # A line model named by REFSHEETS_LINE_MODEL (another file, or none) reads other headings: part of the key.
    chosen = model_path()
    hashed.update(b"line-model\0" + (hashlib.sha256(chosen.read_bytes()).digest() if chosen else b"none"))
    versions = _library_versions()
    for library in OUTPUT_LIBRARIES:
        hashed.update(f"{library}=={versions.get(_normal(library), ABSENT)}\n".encode())
    return hashed.hexdigest()


def fingerprint(**parts: object) -> str:
    """The key of what this refsheets (tool_fingerprint) makes from `parts`: every key of the project's store is one."""
    return digest({"tool": tool_fingerprint(), **parts})


def _normal(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def _library_versions() -> dict[str, str]:
    """Installed versions of OUTPUT_LIBRARIES, read from the dist-info folder names on sys.path.

    importlib.metadata.version scans sys.path once per call, which costs a no-op build a tenth of a
    second; one listing of each folder gives the same answer (name-version.dist-info).
    """
    wanted = {_normal(name) for name in OUTPUT_LIBRARIES}
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                project, _, version = name.rsplit(".", 1)[0].partition("-")
                if _normal(project) in wanted:
                    found.setdefault(_normal(project), version)
    return found


def game_inputs(project: Project, game_id: str) -> dict[str, str]:
    """Every file in sources/<game>/ (raw.txt, game.yaml, corrections.yaml, ...) and the game's glossaries.

    The whole game folder counts, so a per-game file another stage starts reading is covered too.
    Glossaries are common.yaml plus <game>.yaml (see glossary.load_glossary); an absent file is
    recorded as absent so that creating it changes the key.
    """
    folder = project.inside(project.game_dir(game_id))
    inputs = {project.display(path): file_digest(project.inside(path)) for path in sorted(folder.iterdir()) if is_input_file(path)}
    for name in SOURCE_NAMES:  # a raw.* that is no file (a stale link) is a second source: the build must say so
        if not (folder / name).is_file() and ((folder / name).is_symlink() or (folder / name).exists()):
            inputs[project.display(folder / name)] = "not a file"
    for name in ("common.yaml", f"{game_id}.yaml"):
        path = project.glossaries / name
        inputs[project.display(path)] = file_digest(project.inside(path))
    return inputs


SPLIT, TAG = "split", "tag"  # stage results: the game cleaned and split; the same document tagged with its glossaries
UNCORRECTED = "uncorrected"  # the game cleaned but for its corrections: what a correction does not change
GLOSSARY = "glossary"  # not a stage of its own: the key of a game's glossaries, under which texts' hits are reused


def stage_key(project: Project, game_id: str, stage: str) -> str:
    """The key of a stage result in the project's store (kind the stage, group the game), as a sheet key is made:
    the tool and the files `stage` reads. For TAG and SPLIT the game's inputs (its folder and its two glossaries:
    the cleaner gives no accents to a glossary's words, clean/accents.py), for UNCORRECTED the folder but its
    corrections.yaml, for GLOSSARY the glossaries alone (what a text's hits depend on besides the text). So a
    correction re-runs only its game's stages, a glossary change re-applies the corrections and re-splits (the
    rest of the cleaning kept) and a template change re-typesets without either."""
    inputs = game_inputs(project, game_id)
    glossaries = {project.display(project.glossaries / name) for name in ("common.yaml", f"{game_id}.yaml")}
    if stage not in (TAG, SPLIT):
        corrections = project.display(project.game_dir(game_id) / "corrections.yaml") if stage == UNCORRECTED else None
        inputs = {path: found for path, found in inputs.items() if (path in glossaries) == (stage == GLOSSARY) and path != corrections}
    return fingerprint(game=game_id, stage=stage, inputs=inputs)


class ParseMemo:
    """What the fast path needs from YAML files (a game's paper and sheets, each sheet's template chain and fonts),
    one store entry per game (stage results' helper, store.memoized).

    Parsing game.yaml and the template chains is most of a no-op build's time. An entry's key hashes every file it
    can have been read from: game.yaml, common.yaml (its term kinds are what a recipe may name) and everything under
    templates/ (a chain and its fonts are there: layout.py refuses fonts elsewhere), so it is a pure function of
    its key and never stale. It is made only from a configuration read without a problem: a game that needs no
    rebuild is still known to be valid, without reading its YAML again.
    """

    def __init__(self, root: Path) -> None:
        self.store = project_store(root)
        self.configs: dict[str, GameConfig] = {}  # games read (and so checked) by this process
        self._templates: Templates | None = None  # shared by the games this memo reads
        self._files: dict[tuple[str, str], tuple[str, ...]] = {}  # (template, paper) -> Layout.files

    def game_sheets(self, project: Project, game_id: str) -> tuple[str, tuple[SheetSpec, ...]]:
        """(paper, sheets) of a game, as project.load_game reads them."""

        def make() -> tuple[str, tuple[SheetSpec, ...]]:
            if self._templates is None:
                from pipeline.sheets.config import Templates  # the readers load only when a game.yaml must be read

                self._templates = Templates(project.templates, project.glossaries)
            config = self.configs[game_id] = load_game(project, game_id, templates=self._templates)
            for sheet in config.sheets:
                self._files.update({(sheet.template, paper): layout.files for paper, layout in sheet.layouts.items()})
            return config.game.paper, tuple(sheet.spec for sheet in config.sheets)

        def dump(made: tuple[str, tuple[SheetSpec, ...]]) -> dict:
            sheets = [[sheet.name, sheet.template, {paper: list(files) for (template, paper), files in self._files.items()
                                                    if template == sheet.template}] for sheet in made[1]]
            return {"paper": made[0], "sheets": sheets}

        def load(entry: dict) -> tuple[str, tuple[SheetSpec, ...]]:
            for _, template, files in entry["sheets"]:
                self._files.update({(str(template), str(paper)): tuple(map(str, shown)) for paper, shown in files.items()})
            return str(entry["paper"]), tuple(SheetSpec(name=str(name), template=str(template)) for name, template, _ in entry["sheets"])

        def key() -> str:
            files = [project.inside(project.game_dir(game_id)) / "game.yaml", project.glossaries / "common.yaml"]
            files += sorted(path for path in project.templates.rglob("*") if is_input_file(path))
            return fingerprint(parsed=game_id, files={project.display(path): file_digest(project.inside(path)) for path in files})

        made = key()
        return memoized(self.store, PARSED, made, make, group=game_id, load=load, dump=dump, current=lambda: key() == made)

    def template_files(self, project: Project, template: str, paper: str) -> tuple[str, ...]:
        """The template chain (extends:) and its font files, project-relative (Layout.files): as the game entries read
        say, else from the templates (YAML only, no reportlab)."""
        if (template, paper) not in self._files:
            self._files[template, paper] = load_layout(project.templates, template, paper=paper).files
        return self._files[template, paper]


def sheet_key(
    project: Project,
    game_id: str,
    sheet: SheetSpec,
    *,
    paper: str,
    inputs: dict[str, str] | None = None,
    memo: ParseMemo | None = None,
    template_files: tuple[str, ...] | None = None,
) -> SheetKey:
    """The cache key of one sheet: changes whenever anything the sheet is made from changes.

    `template_files`: the template chain and fonts (Layout.files) when the caller has the layout; else the
    memo's (one store entry holding every game's entries: once per build, not once per sheet)."""
    files = dict(inputs if inputs is not None else game_inputs(project, game_id))
    if template_files is None:
        template_files = (memo or ParseMemo(project.root)).template_files(project, sheet.template, paper)
    files.update({shown: file_digest(project.inside(project.root / shown)) for shown in template_files})
    described = fingerprint(game=game_id, sheet=sheet.name, template=sheet.template, paper=paper, inputs=files)
    return SheetKey(game=game_id, sheet=sheet.name, digest=described, inputs=files, paper=paper)
