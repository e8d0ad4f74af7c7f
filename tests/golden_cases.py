"""Golden cases: what each real source becomes, as reviewable text files under tests/golden/<game>/.

Per game: the cleaning report (TSV), the section outline, `sections --json`, and the text of every sheet
page by page. A heuristic change shows up as a diff of these files; `pytest --update-goldens` rewrites
them (read that diff line by line before committing it). PDF bytes are checked separately
(test_end_to_end's determinism test): text is what a reviewer can read.
"""
from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

GOLDEN = Path(__file__).resolve().parent / "golden"
PAGE_MARK = "=== page {} ==="


def pdf_text(path: Path) -> str:
    """The text of a PDF page by page, each under a `=== page N ===` line."""
    pages = []
    for number, page in enumerate(PdfReader(path).pages, start=1):
        body = "\n".join(line.rstrip() for line in (page.extract_text() or "").splitlines())
        pages.append(f"{PAGE_MARK.format(number)}\n{body}\n")
    return "".join(pages)


def case_files(output: Path, game: str, *, outline: str, sections_json: str) -> dict[str, str]:
    """File name -> expected content for one game, from a built output folder and its tagged document."""
    game_out = output / game
    files = {
        "cleaning-report.tsv": (game_out / f"{game}-cleaning-report.tsv").read_text(encoding="utf-8"),
        "outline.txt": outline,
        "sections.json": sections_json,
    }
    manifest = json.loads((game_out / "manifest.json").read_text(encoding="utf-8"))
    for sheet in manifest["sheets"]:
        files[f"sheet-{sheet['name']}.txt"] = pdf_text(game_out / sheet["file"])
    return files
