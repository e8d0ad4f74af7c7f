"""Quick-reference sheets: choose the rule sections a sheet prints and typeset them in columns."""
from __future__ import annotations

import hashlib
import json

from .layout import Layout
from .model import Document, Section, SheetSpec

QUICKREF_LEFT_OUT = ("flavor", "example", "credits")


def select_sections(document: Document, sheet: SheetSpec) -> list[Section]:
    """The sections a sheet prints: by default every section that is not flavour or an example."""
    left_out = tuple(sheet.recipe.get("leave_out", QUICKREF_LEFT_OUT))
    return [section for section in document.sections if section.kind not in left_out and (section.blocks or section.title)]


def content_revision(sections: list[Section]) -> str:
    """Short hash of what the sheet says: two printouts with the same revision say the same."""
    digest = hashlib.sha256()
    for section in sections:
        digest.update(json.dumps(section.to_json(), sort_keys=True, ensure_ascii=False).encode("utf-8"))
    return digest.hexdigest()[:8]


def make_quickref(document: Document, sheet: SheetSpec, layout: Layout) -> tuple[bytes, int, str]:
    """(pdf bytes, page count, revision) of a quick-reference sheet."""
    from .typeset import render_sheet

    sections = select_sections(document, sheet)
    revision = content_revision(sections)
    label = sheet.recipe.get("label", "Referencia rápida")
    pdf, pages = render_sheet(document, sections, layout, sheet_label=label, revision=revision)
    return pdf, pages, revision
