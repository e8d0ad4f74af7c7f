"""A wiki page's source (MediaWiki wikitext, as a fan wiki's edit box gives it) -> structural plain text.

"== Preparación ==" headings, "* " and "# " lists, "'''bold'''" lines and leads, "[[page|text]]" and "[url text]"
links (their text stays), "<ref>" notes (written "(1) text" at the end, the way the cleaner reads footnotes),
simple "{| |}" tables; templates ("{{Infobox …}}", over many lines), category and file links, magic words
("__TOC__") and "<references />" go, each said in the report. Read line by line: every line keeps its number.
"""

from __future__ import annotations

import re

from pipeline.ingest.inline import render
from pipeline.ingest.lines import Converted, tidy
from pipeline.ingest.templates import unescape_entities

HEADING = re.compile(r"^\s*(={1,6})\s*(.+?)\s*\1\s*$")
# A template with no template inside it: removed innermost first, so nested ones go too.
INNER_TEMPLATE = re.compile(r"\{\{[^{}]*\}\}")
MAGIC_WORD = re.compile(r"__[A-Z]{3,20}__")
# [[Categoría:…]], [[File:…]]: the page's categories and pictures, no text of it.
NAMESPACE_LINK = re.compile(r"\[\[\s*(?:categor[íi]a|category|archivo|file|imagen|image)\s*:[^\]]*\]\]", re.IGNORECASE)
WIKI_LINK = re.compile(r"\[\[([^\]|]*)(?:\|([^\]]*))?\]\]")
EXTERNAL_LINK = re.compile(r"\[(https?://[^\s\]]+)(?:\s+([^\]]*))?\]")
REF = re.compile(r"<ref(?:\s[^>/]*)?>(.*?)</ref>", re.IGNORECASE)
EMPTY_REF = re.compile(r"<ref\b[^>]*/>|<references\s*/>", re.IGNORECASE)
BOLD = re.compile(r"'''(.*?)'''")
LIST = re.compile(r"^([*#:;]+)\s*")


def looks_like_wikitext(text: str) -> bool:
    """Headings written "== X ==" and, besides them, the marks only wikitext makes: "[[links]]", "'''bold'''",
    "{{templates}}" ("===== PÁGINA 1 =====" alone is a scan's page marker, no wiki)."""
    headings = sum(1 for line in text.split("\n") if HEADING.match(line) and not line.lstrip().startswith("= "))
    marks = len(WIKI_LINK.findall(text)) + text.count("'''") // 2 + text.count("{{") + len(MAGIC_WORD.findall(text))
    return headings >= 2 and marks >= 2


def convert_wikitext(text: str, out: Converted) -> None:
    """Write `text` (wikitext) into `out`."""
    depth = 0  # templates open over the lines
    notes: list[tuple[str, int]] = []
    row: list[str] = []
    row_start = 0
    numbers: list[int] = []  # the next number of each open "#" list level
    for number, raw in enumerate(text.split("\n"), start=1):
        line = unescape_entities(raw)
        if depth or "{{" in line:
            depth, line = _templates(line, depth)
            if depth or not line.strip():
                out.drop(number, "template")
                continue
        stripped = line.strip()
        if stripped.startswith(("{|", "|}", "|-")):
            if row:
                out.add(" | ".join(row), row_start, markup="table row (wikitext)", through=number - 1)
                row = []
            out.drop(number, "table markup")
            continue
        if stripped.startswith(("|", "!")) and not stripped.startswith("|+"):
            row_start = row_start if row else number
            row += [tidy(_inline(cell, number, out, notes)) for cell in re.split(r"\|\||!!", stripped[1:])]
            continue
        _line(line, number, out, notes, numbers)
    if row:
        out.add(" | ".join(row), row_start, markup="table row (wikitext)")
    if notes:
        out.blank()
        for position, (note, origin) in enumerate(notes, start=1):
            out.add(f"({position}) {note}", origin, markup="note (<ref>)")


def _templates(line: str, depth: int) -> tuple[int, str]:
    """(templates still open after the line, what of the line lies outside every template)."""
    kept = []
    for piece in re.split(r"(\{\{|\}\})", line):
        if piece == "{{":
            depth += 1
        elif piece == "}}":
            depth = max(0, depth - 1)
        elif not depth:
            kept.append(piece)
    return depth, "".join(kept)


def _line(line: str, number: int, out: Converted, notes: list[tuple[str, int]], numbers: list[int]) -> None:
    stripped = line.strip()
    if not stripped:
        numbers.clear()
        out.blank(number)
        return
    heading = HEADING.match(line)
    if heading:
        level = min(len(heading.group(1)), 6)
        out.add("#" * level + " " + tidy(_plain(_inline(heading.group(2), number, out, notes))), number, markup="heading (== ==)")
        return
    listed = LIST.match(line)
    prefix = ""
    if listed:
        marks = listed.group(1)
        line = line[listed.end() :]
        indent = "  " * (len(marks) - 1)
        if marks[-1] == "#":
            del numbers[len(marks) :]
            numbers += [1] * (len(marks) - len(numbers))
            prefix, numbers[len(marks) - 1] = f"{indent}{numbers[len(marks) - 1]}) ", numbers[len(marks) - 1] + 1
        elif marks[-1] == "*":
            prefix = indent + "- "
    text = _inline(line, number, out, notes)
    if not text.strip():
        out.drop(number, "wiki markup only")
        return
    segments = [(part, index % 2 == 1) for index, part in enumerate(BOLD.split(text))]
    written, what = render([(part.replace("''", ""), bold) for part, bold in segments], item=bool(prefix), leads=out.leads)
    out.add(prefix + written, number, markup=what or ("list item (wikitext)" if prefix else "wikitext"))


def _inline(text: str, number: int, out: Converted, notes: list[tuple[str, int]]) -> str:
    """The line's words with links made text, <ref> notes marked "(n)", magic words, category links and empty
    references gone (bold marks stay for `render`)."""
    while INNER_TEMPLATE.search(text):
        text = INNER_TEMPLATE.sub("", text)

    def _note(found: re.Match[str]) -> str:
        notes.append((tidy(_plain(found.group(1))), number))
        return f" ({len(notes)})"

    text = REF.sub(_note, text)
    text = EMPTY_REF.sub("", MAGIC_WORD.sub("", NAMESPACE_LINK.sub("", text)))
    for url, label in EXTERNAL_LINK.findall(text):
        out.links.append((tidy(label) or url, url))
    text = EXTERNAL_LINK.sub(lambda found: found.group(2) or "", text)
    return WIKI_LINK.sub(lambda found: found.group(2) or found.group(1), text)


def _plain(text: str) -> str:
    return WIKI_LINK.sub(lambda found: found.group(2) or found.group(1), text).replace("'''", "").replace("''", "")
