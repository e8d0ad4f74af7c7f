"""Run the stages for a game and write its sheets: load -> clean -> split -> tag -> typeset -> output."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from . import __version__
from .clean import clean
from .errors import BuildError
from .files import write_atomic
from .glossary import load_glossary
from .model import CleanText, Credits, Document, GameInfo
from .sources import Project, load_game, load_raw
from .split import split

@dataclass
class SheetResult:
    game: str
    sheet: str
    path: str
    pages: int
    revision: str


@dataclass
class BuildReport:
    """Counts what happened; owns the exit code and the closing summary line."""

    built: list[SheetResult] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0

    def summary(self) -> str:
        parts = [f"{len(self.built)} sheet{'s' if len(self.built) != 1 else ''} built"]
        if self.failed:
            parts.append(f"{len(self.failed)} failed")
        if self.warnings:
            parts.append(f"{len(self.warnings)} warning{'s' if len(self.warnings) != 1 else ''}")
        return ", ".join(parts)


def merge_credits(found: Credits, declared: Credits) -> Credits:
    """game.yaml wins where it says something; what the cleaner found fills the gaps."""
    return Credits(
        translators=declared.translators or found.translators,
        source_url=declared.source_url or found.source_url,
        rulebook_url=declared.rulebook_url or found.rulebook_url,
        other=declared.other or found.other,
    )


def prepare(project: Project, game_id: str, *, strict: bool = False) -> tuple[GameInfo, CleanText, Document]:
    """load, clean and split one game (no tagging: that needs spaCy). strict: correction warnings are errors."""
    from .corrections import load_corrections
    from .noise import CleanOptions

    game = load_game(project, game_id)
    raw = load_raw(project, game_id)
    corrections_path = project.sources / game_id / "corrections.yaml"
    corrections = load_corrections(corrections_path, display=project.display(corrections_path))
    options = CleanOptions.from_mapping(
        game.options.get("clean"), display=project.display(project.sources / game_id / "game.yaml")
    )
    cleaned = clean(raw, corrections=corrections, options=options, strict=strict)
    document = split(cleaned, game=game)
    document = replace(document, credits=merge_credits(cleaned.credits, game.credits))
    return game, cleaned, document


def tagged_document(project: Project, game_id: str) -> tuple[GameInfo, CleanText, Document]:
    from .tag import tag

    game, cleaned, document = prepare(project, game_id)
    glossary = load_glossary(project.glossaries, game_id, display_root=project.root)
    return game, cleaned, tag(document, glossary=glossary)


def cleaning_report_tsv(cleaned: CleanText) -> str:
    rows = ["line\taction\treason\toriginal"]
    for record in cleaned.report:
        original = record.original.replace("\t", " ")
        rows.append(f"{record.line}\t{record.action}\t{record.reason}\t{original}")
    return "\n".join(rows) + "\n"


def build_game(
    project: Project,
    game_id: str,
    *,
    out_dir: Path,
    paper: str | None = None,
    progress: Callable[[str], None] = lambda message: None,
) -> list[SheetResult]:
    from .layout import load_layout
    from .sheets import render

    game, cleaned, document = tagged_document(project, game_id)
    game_out = out_dir / game_id
    results: list[SheetResult] = []
    manifest_sheets = []
    for sheet in game.sheets:
        layout = load_layout(project.templates, sheet.template, paper=paper or game.paper)
        rendered = render(document, sheet, layout)
        path = game_out / f"{game_id}-{sheet.name}.pdf"
        write_atomic(path, rendered.pdf, display=project.display(path))
        results.append(SheetResult(game_id, sheet.name, project.display(path), rendered.pages, rendered.revision))
        manifest_sheets.append(
            {"name": sheet.name, "file": path.name, "pages": rendered.pages, "paper": layout.paper, "revision": rendered.revision}
        )
        progress(f"{game_id}: {sheet.name} → {project.display(path)} ({rendered.pages} page{'s' if rendered.pages != 1 else ''})")
    report_path = game_out / f"{game_id}-cleaning-report.tsv"
    write_atomic(report_path, cleaning_report_tsv(cleaned))
    manifest = {
        "game": game_id,
        "title_es": game.title_es,
        "title_en": game.title_en,
        "tool_version": __version__,
        "inputs": input_hashes(project, game_id),
        "sheets": manifest_sheets,
    }
    write_atomic(game_out / "manifest.json", json.dumps(manifest, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    return results


def input_hashes(project: Project, game_id: str) -> dict[str, str]:
    """sha256 of every file a game's sheets depend on, by project-relative path."""
    folder = project.sources / game_id
    candidates = [
        folder / "raw.txt",
        folder / "game.yaml",
        folder / "corrections.yaml",
        project.glossaries / "common.yaml",
        project.glossaries / f"{game_id}.yaml",
    ]
    return {
        project.display(path): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in candidates
        if path.is_file()
    }


def build(
    project: Project,
    game_ids: list[str],
    *,
    out_dir: Path,
    paper: str | None = None,
    progress: Callable[[str], None] = lambda message: None,
) -> BuildReport:
    report = BuildReport()
    for game_id in game_ids:
        try:
            report.built.extend(build_game(project, game_id, out_dir=out_dir, paper=paper, progress=progress))
        except BuildError as exc:
            report.failed.append((game_id, str(exc)))
            progress(f"{game_id}: FAILED: {exc}")
    return report
