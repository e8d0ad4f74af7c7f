"""CleanText -> Document: headings become a tree of sections with stable ids and kinds."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from .model import Block, CleanLine, CleanText, Document, GameInfo, Section

PAGE_HEADING = re.compile(r"^\s*P[áa]gina\s+(\d+)\s*(?:[-–—:]\s*(.*))?$", re.IGNORECASE)
NUMBERED_HEADING = re.compile(r"^\s*((?:\d+\.)+)\s+(\S.*)$")
BULLET = re.compile(r"^\s*(?:[-•*+·]|[a-z]\.)\s+")
MAX_HEADING_CHARS = 70


@dataclass
class _Open:
    title: str
    level: int
    first: int
    last: int
    page: int | None
    lines: list[CleanLine] = field(default_factory=list)


def slugify(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", folded).strip("-")[:60] or "section"


def heading_of(line: str) -> tuple[str, int, int | None] | None:
    """(title, level, page) when the line is a heading, else None."""
    text = line.strip()
    if not text or len(text) > MAX_HEADING_CHARS + 20:
        return None
    page = PAGE_HEADING.match(text)
    if page:
        return (page.group(2) or "").strip(), 1, int(page.group(1))
    numbered = NUMBERED_HEADING.match(text)
    if numbered and len(text) <= MAX_HEADING_CHARS and not text.endswith("."):
        depth = numbered.group(1).count(".")
        return numbered.group(2).strip(), depth, None
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) >= 4 and len(text) <= MAX_HEADING_CHARS:
        upper = sum(ch.isupper() for ch in letters) / len(letters)
        if upper > 0.85:
            return text.rstrip(":. ").strip(), 1, None
        if text.endswith(":") and len(text.split()) <= 6 and text[0].isupper():
            return text.rstrip(":").strip(), 2, None
    return None


def split(cleaned: CleanText, *, game: GameInfo) -> Document:
    """Group cleaned lines under the headings that precede them."""
    opened: list[_Open] = []
    current = _Open(title=game.title_es, level=1, first=1, last=1, page=None)
    for line in cleaned.lines:
        found = heading_of(line.text) if line.kind == "text" else None
        if found:
            title, level, page = found
            if not title and current.page is not None:
                # "Página N" with no title continues the previous section.
                current.last = line.last
                continue
            opened.append(current)
            current = _Open(title=title or f"Página {page}", level=level, first=line.first, last=line.last, page=page)
            continue
        current.lines.append(line)
        current.last = max(current.last, line.last)
    opened.append(current)
    sections = _to_sections([entry for entry in opened if entry.lines or entry.title != game.title_es])
    return Document(game=game, sections=tuple(sections), credits=cleaned.credits, warnings=cleaned.warnings)


def _blocks(lines: list[CleanLine]) -> tuple[Block, ...]:
    blocks: list[Block] = []
    paragraph: list[CleanLine] = []

    def flush() -> None:
        if paragraph:
            text = " ".join(part.text.strip() for part in paragraph)
            blocks.append(Block(kind="paragraph", text=text, first=paragraph[0].first, last=paragraph[-1].last))
            paragraph.clear()

    for line in lines:
        if not line.text.strip():
            flush()
        elif line.kind == "note":
            flush()
            blocks.append(Block(kind="note", text=line.text.strip(), first=line.first, last=line.last))
        elif BULLET.match(line.text):
            flush()
            blocks.append(Block(kind="item", text=BULLET.sub("", line.text, count=1).strip(), first=line.first, last=line.last))
        else:
            flush()
            paragraph.append(line)
    flush()
    return tuple(blocks)


def _to_sections(opened: list[_Open]) -> list[Section]:
    sections: list[Section] = []
    stack: list[Section] = []
    used: set[str] = set()
    for entry in opened:
        while stack and stack[-1].level >= entry.level:
            stack.pop()
        parent = stack[-1] if stack else None
        base = slugify(entry.title)
        section_id = f"{parent.id}/{base}" if parent else base
        candidate, counter = section_id, 2
        while candidate in used:
            candidate, counter = f"{section_id}-{counter}", counter + 1
        used.add(candidate)
        blocks = _blocks(entry.lines)
        flavor = entry.lines and all(line.kind == "flavor" or not line.text.strip() for line in entry.lines)
        section = Section(
            id=candidate,
            title=entry.title,
            level=entry.level,
            kind="flavor" if flavor else "rules",
            blocks=blocks,
            first=entry.first,
            last=entry.last,
            parent=parent.id if parent else None,
            page=entry.page,
        )
        sections.append(section)
        stack.append(section)
    return sections
