"""BBCode from forum posts -> structural plain text: [size]/[b] headings, [*] items, [quote] posts of other
members (they go), [url] text (the address to the credits), [img] (goes); other tags are typography.

Read line by line: forum posts put one construct on a line, and every line keeps its number.
"""

from __future__ import annotations

import re

from pipeline.ingest.inline import EMPHASIS_HEADING, render
from pipeline.ingest.lines import Converted, table_row, tidy
from pipeline.ingest.templates import unescape_entities

# Only BBCode's own tag names: "[vilvoh]" alone on a line is a forum post header, the cleaner's business.
TAG_NAMES = (
    "b|i|u|s|size|colou?r|font|quote|url|img|list|\\*|spoiler|code|center|left|right|justify|hr|sub|sup|strike|highlight|youtube|email"
)
TAG = re.compile(rf"\[(/?)({TAG_NAMES})(?:=([^\]\n]*))?\]", re.IGNORECASE)
QUOTE_OPEN = re.compile(r"\[quote(?:=\"?([^\]\"]*)\"?|\s+(?:name|author)=\"?([^\]\"\s]*)\"?)?[^\]]*\]", re.IGNORECASE)
TABLE_TAG = re.compile(r"^\s*\[/?(?:table|tbody|thead)\]\s*$|^\s*\[hr\]\s*$", re.IGNORECASE)
TABLE_ROW = re.compile(r"^\s*\[tr\](.*)\[/tr\]\s*$", re.IGNORECASE)
TABLE_CELL = re.compile(r"\[t[dh]\](.*?)\[/t[dh]\]", re.IGNORECASE)
QUOTE_CLOSE = re.compile(r"\[/quote\]", re.IGNORECASE)
LIST_TAG = re.compile(r"^\s*\[/?list(?:=[^\]]*)?\]\s*$", re.IGNORECASE)
IMAGE = re.compile(r"\[img[^\]]*\].*?\[/img\]", re.IGNORECASE)
URL_LABELLED = re.compile(r"\[url=\"?([^\]\"]+)\"?\](.*?)\[/url\]", re.IGNORECASE)
URL_BARE = re.compile(r"\[url\](.*?)\[/url\]", re.IGNORECASE)
SIZE = re.compile(r"\[size=\"?(\d+)(?:pt|px)?\"?\]", re.IGNORECASE)
ITEM = re.compile(r"^\s*\[\*\]\s*")


def convert_bbcode(text: str, out: Converted) -> None:
    """Write `text` (a forum post or thread in BBCode) into `out`."""
    quote: str | None = None
    depth = 0
    ordered: list[int] = []  # the next number of each open [list=1]
    for number, raw in enumerate(text.split("\n"), start=1):
        line = unescape_entities(raw)
        if quote is not None or QUOTE_OPEN.search(line):
            opened = QUOTE_OPEN.search(line)
            if quote is None and opened:
                before = line[: opened.start()]
                quote = (opened.group(1) or opened.group(2) or "").strip() or "otro miembro"
                if before.strip():
                    _line(before, number, out, ordered)
            depth += len(QUOTE_OPEN.findall(line)) - len(QUOTE_CLOSE.findall(line))
            out.drop(number, f"quoted post ({quote})")
            if depth <= 0:
                depth, quote = 0, None
                out.blank(number)
            continue
        if TABLE_TAG.match(line):
            out.drop(number, f"table markup ({line.strip()})")
            continue
        row = TABLE_ROW.match(line)
        if row:
            cells = [tidy(TAG.sub("", cell)) for cell in TABLE_CELL.findall(row.group(1))]
            out.add(table_row(cells), number, markup="table row ([tr])")
            continue
        if LIST_TAG.match(line):
            if re.match(r"^\s*\[list=", line, re.IGNORECASE):
                ordered.append(1)
            elif line.strip().lower() == "[/list]" and ordered:
                ordered.pop()
            out.drop(number, f"list markup ({line.strip()})")
            continue
        _line(line, number, out, ordered)


def _line(line: str, number: int, out: Converted, ordered: list[int]) -> None:
    if not line.strip():
        out.blank(number)
        return
    prefix, what = "", ""
    if ITEM.match(line):
        line = ITEM.sub("", line)
        if ordered:
            prefix = f"{ordered[-1]}) "
            ordered[-1] += 1
        else:
            prefix = "- "
        what = "list item ([*])"
    if IMAGE.search(line):
        line = IMAGE.sub("", line)
        if not line.strip():
            out.drop(number, "image ([img])")
            return
    for url, label in URL_LABELLED.findall(line):
        out.links.append((tidy(TAG.sub("", label)), url))
    line = URL_LABELLED.sub(lambda match: match.group(2), line)
    line = URL_BARE.sub(lambda match: match.group(1), line)
    size = SIZE.search(line)
    value = int(size.group(1)) if size else 0
    # [size] is a percentage (phpBB: 150), a 1-7 step (vBulletin: 5) or points (SMF: 18pt).
    big = value >= 120 or 4 <= value <= 7 or 15 <= value <= 40
    text, emphasis = render(_segments(line), item=bool(prefix), leads=out.leads)
    if big and size and not prefix and text:  # (big: a [size] was found)
        level = "## " if value >= 150 or 5 <= value <= 7 or 20 <= value <= 40 else "### "
        text, emphasis = level + text.removeprefix(EMPHASIS_HEADING).replace("**", ""), f"heading ([size={size.group(1)}])"
    if not text:
        out.drop(number, "bbcode tags only")
        return
    out.add(prefix + text, number, markup=what or emphasis or "bbcode")


def _segments(line: str) -> list[tuple[str, bool]]:
    """The line's text as (text, bold) segments, every tag gone."""
    segments: list[tuple[str, bool]] = []
    bold = 0
    position = 0
    for tag in TAG.finditer(line):
        if tag.start() > position:
            segments.append((line[position : tag.start()], bold > 0))
        if tag.group(2).lower() == "b":
            bold += -1 if tag.group(1) else 1
        position = tag.end()
    segments.append((line[position:], bold > 0))
    return segments
