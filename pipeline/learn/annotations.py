"""Annotated texts: what each line of a real rules text is, read from tests/corpus/<stem>.yaml.

The format is described in tests/corpus/README.md: the texts stay outside the repository (most are under
copyright), the annotations say by line number what each line is and name the headings with their level.
This module reads and checks them; the learner (train.py) and the evaluation (bench/eval.py) use them.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import yaml

CONTENT_ROLES = ("title", "heading", "rule", "item", "table", "example", "flavor", "strategy", "note", "credits")
NOISE_ROLES = ("chatter", "nav", "ad", "furniture", "code", "meta")
ROLES = CONTENT_ROLES + NOISE_ROLES + ("markup",)
# What a sheet must print of a text: its rules (prose, items, table rows).
RULE_ROLES = ("rule", "item", "table")


class AnnotationError(ValueError):
    """An annotation file that does not say what its format promises (named with the file)."""


@dataclass(frozen=True)
class AnnotatedHeading:
    line: int  # 1-based line of the text (as bench/corpus_lines.py numbers it)
    level: int
    title: str
    parent: int | None  # index into Annotation.headings of its parent, None at level 1


@dataclass(frozen=True)
class Annotation:
    stem: str
    file: str
    sha256: str
    extracted: bool  # the lines are those refsheets extracts (.pdf, .docx), not the file's own
    title: str
    headings: tuple[AnnotatedHeading, ...]
    roles: dict[int, str]  # line -> role; blank lines are not in it

    def lines_with(self, roles: tuple[str, ...]) -> list[int]:
        return sorted(line for line, role in self.roles.items() if role in roles)


def load_annotation(path: Path) -> Annotation:
    """One annotation file, checked for shape (not against its text: `check_against` does that)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise AnnotationError(f"{path}: not YAML ({exc})") from None
    if not isinstance(data, dict):
        raise AnnotationError(f"{path}: expected a mapping")
    missing = [key for key in ("stem", "file", "sha256", "lines", "title", "headings", "roles") if key not in data]
    if missing:
        raise AnnotationError(f"{path}: missing {', '.join(missing)}")
    roles: dict[int, str] = {}
    for key, role in (data["roles"] or {}).items():
        if role not in ROLES:
            raise AnnotationError(f"{path}: line {key}: unknown role {role!r} (one of {', '.join(ROLES)})")
        first, last = _range(key, path)
        for line in range(first, last + 1):
            if line in roles:
                raise AnnotationError(f"{path}: line {line} has two roles")
            roles[line] = role
    headings: list[AnnotatedHeading] = []
    open_at: dict[int, int] = {}  # level -> index of the last heading at that level
    for entry in data["headings"] or []:
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], int) and isinstance(entry[1], int)):
            raise AnnotationError(f"{path}: heading {entry!r}: expected [line, level, title]")
        line, level, title = entry
        previous = headings[-1].level if headings else 0
        if level < 1 or level > previous + 1:
            raise AnnotationError(f"{path}: heading on line {line}: level {level} after level {previous}")
        parent = open_at.get(level - 1) if level > 1 else None
        open_at = {depth: index for depth, index in open_at.items() if depth < level}
        open_at[level] = len(headings)
        headings.append(AnnotatedHeading(line, level, str(title), parent))
    return Annotation(
        stem=data["stem"],
        file=data["file"],
        sha256=data["sha256"],
        extracted=data["lines"] == "extracted",
        title=str(data["title"]),
        headings=tuple(headings),
        roles=roles,
    )


def _range(key: object, path: Path) -> tuple[int, int]:
    if isinstance(key, int):
        return key, key
    text = str(key)
    first, _, last = text.partition("-")
    try:
        bounds = int(first), int(last or first)
    except ValueError:
        raise AnnotationError(f"{path}: {key!r} is no line or range 'a-b'") from None
    if bounds[0] > bounds[1]:
        raise AnnotationError(f"{path}: range {key!r} runs backwards")
    return bounds


def check_against(annotation: Annotation, source: Path, lines: list[str]) -> None:
    """The annotation fits its text: same file bytes, every non-blank line has a role and no blank one does."""
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    if digest != annotation.sha256:
        raise AnnotationError(f"{annotation.stem}: {source} has changed (sha256 {digest[:12]}, annotated {annotation.sha256[:12]})")
    for number, text in enumerate(lines, 1):
        if text.strip() and number not in annotation.roles:
            raise AnnotationError(f"{annotation.stem}: line {number} has no role")
        if not text.strip() and number in annotation.roles:
            raise AnnotationError(f"{annotation.stem}: line {number} is blank but has the role {annotation.roles[number]}")
    beyond = [line for line in annotation.roles if line > len(lines)]
    if beyond:
        raise AnnotationError(f"{annotation.stem}: line {beyond[0]} is past the text's end ({len(lines)} lines)")


def corpus_annotations(folder: Path) -> list[Annotation]:
    """Every annotation in `folder`, by stem."""
    return [load_annotation(path) for path in sorted(folder.glob("*.yaml"))]
