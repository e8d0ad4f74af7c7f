"""Debris on a sheet: lines of its text that are code, markup or diagram left-overs, not rules (bench/eval.py).

A shape is counted on the text a reader sees (each line of a page as pypdf extracts it), never on the
source, so it says what reached the paper whatever reader or cleaner let it through. Each kind is one
pattern a person can check by eye; none needs to know the game.
"""

from __future__ import annotations

import re

# Tags a page's HTML is written in. "<jugador>" or "<nombre o numero>" in a game's command syntax is text.
HTML_TAGS = (
    "a|b|i|u|p|br|hr|div|span|img|font|center|strong|em|code|pre|sup|sub|small|table|tr|td|th|ul|ol|li|h[1-6]|details|summary"
    "|blockquote"
)
SHAPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "====", "----", "+--+", "***", "~~~", "<<<", "\\//": a rule or box of a drawing (a dash between words is one).
    ("symbols", re.compile(r"[=~_*#^<>\\/|+-]{3,}")),
    ("box drawing", re.compile(r"[\u2500-\u259f]")),
    # A flattened table row ("a | b | c"): one separator between words is the author's ("Sabueso | PG 2").
    ("table row", re.compile(r"(?:^|\s)\|\s.*\s\|(?:\s|$)|^\s*\|.*\|\s*$")),
    (
        "markup",
        re.compile(
            r"\*\*|(?<!\w)__|__(?!\w)|(?<![\w_])_[^\W_]|[^\W_][.!?…]?_(?![\w_])|^\s*#{1,6}\s|`|!\[|\]\(|\{\{|\}\}|&(?:amp|lt|gt|quot|apos|nbsp|#\d+|#x[0-9a-f]+);"
            rf"|</?(?:{HTML_TAGS})(?:\s[^>]*)?/?>|\[/?(?:b|i|u|url|img|quote|size|color|list)\b[^\]]*\]",
            re.IGNORECASE,
        ),
    ),
    # An author's marker for the editor: "[TODO: revisar ...]", "[NOTA:]", "@Tabla: ...".
    # "[NOTA:]" alone is a text telling how its notes are marked.
    (
        "editorial marker",
        re.compile(r"\[\s*(?i:TODO|FIXME|XXX|TBD|NOTA|NOTE|PENDIENTE)\s*:?\s*[^\]\s:]|^\s*@\w+\s*:|^\s*(?:TODO|FIXME)\s*:"),
    ),
    ("address", re.compile(r"https?://|\bwww\.\w", re.IGNORECASE)),
    (
        "code",
        re.compile(r"^\s*[{}\]);]+\s*$|[{}]\s*;?\s*$|\b(?:function|var|const|let)\s+\w+\s*[=(]|=>|\w\(\)\s*[;{]|console\.\w+\("),
    ),
)


def debris_lines(text: str) -> list[tuple[str, str]]:
    """(kind, line) for each line of `text` that has a debris shape, the first kind that matches."""
    found = []
    for line in text.split("\n"):
        kind = next((name for name, shape in SHAPES if shape.search(line)), None)
        if kind:
            found.append((kind, line.strip()))
    return found


def dangling_lead_ins(sections) -> list[str]:
    """The last paragraph of a section that announces what follows ("... siguen el mismo patrón:") when what
    follows is neither a block nor a section under it or beside it ("...una de las siguientes acciones:" over the
    actions' sections): what it announced (a diagram, a table, a list) did not reach the sheet. `sections` are a
    Document's, in order."""
    found = []
    for index, section in enumerate(sections):
        following = sections[index + 1] if index + 1 < len(sections) else None
        last = section.blocks[-1] if section.blocks else None
        if last is None or not last.text.rstrip().endswith(":"):
            continue
        if following is None or following.parent not in (section.id, section.parent):
            found.append(last.text.strip())
    return found
