"""A .docx without heading styles: its headings are the bold paragraphs set larger than the body.

Word users often make headings by hand, a paragraph in bold at 18 or 24 pt; mammoth keeps the bold and drops the
size, so "⚙️ MECÁNICA DEL JUEGO" (24 pt) and "Efecto global:" (bold at the body's 12 pt, a lead-in to a list) come out
alike. Read from word/document.xml, each paragraph's type size ranks it: the largest size is level 1, the next 2,
any smaller heading size 3 (as ingest/pdf.py ranks a PDF's). A bold paragraph at the body's size stays a paragraph:
its bold is taken off, since the HTML reader would make a bold line alone a heading, and a writer who set the
headings by size did not make this one (the sheet still sets a short "Label:" over its list in bold, sheets/roles.py).
Only when the document states no heading at all: a document with heading styles says its outline itself.
"""

from __future__ import annotations

import html
import io
import re
import zipfile
from collections import Counter

PARAGRAPH = re.compile(r"<w:p[ >].*?</w:p>", re.DOTALL)
RUN = re.compile(r"<w:r[ >].*?</w:r>", re.DOTALL)
TEXT = re.compile(r"<w:t(?: [^>]*)?>([^<]*)</w:t>")
SIZE = re.compile(r'<w:sz w:val="(\d+)"')
BOLD = re.compile(r"<w:b/>|<w:b w:val=\"(?:1|true|on)\"/>")
BOLD_LINE = re.compile(r"^<p><strong>(.+?)</strong></p>$")  # mammoth's bold paragraph, one per line
TAG = re.compile(r"<[^>]+>")
STRONG = re.compile(r"</?strong>")
HEADING_RATIO = 1.1  # type this much larger than the body's is a heading (13.5 pt over 12: Word's sizes step by halves)
MAX_LEVEL = 3


def sized_headings(data: bytes, lines: list[str]) -> list[str]:
    """mammoth's HTML lines with each bold paragraph set larger than the body made <h1>..<h3> by its size rank."""
    if any(re.match(r"^\s*<h[1-6]", line) for line in lines):
        return lines
    sizes = _paragraph_sizes(data)
    if not sizes:
        return lines
    body = _body_size(sizes)
    large = {text: size for text, (size, bold, _) in sizes.items() if bold and size >= body * HEADING_RATIO}
    if not large:
        return lines
    ranks = sorted(set(large.values()), reverse=True)
    out = []
    for line in lines:
        found = BOLD_LINE.match(line.strip())
        if found is not None and (key := _plain(found.group(1))) in large:
            level = min(ranks.index(large[key]) + 1, MAX_LEVEL)
            line = f"<h{level}>{found.group(1)}</h{level}>"
        elif found is not None and key in sizes and 0 < sizes[key][0] < body * HEADING_RATIO:
            line = f"<p>{STRONG.sub('', found.group(1))}</p>"
        out.append(line)
    return out


def _paragraph_sizes(data: bytes) -> dict[str, tuple[float, bool, int]]:
    """Each paragraph's text -> (its type size in points, all its runs bold, its length)."""
    try:
        document = zipfile.ZipFile(io.BytesIO(data)).read("word/document.xml").decode("utf-8", errors="replace")
    except (zipfile.BadZipFile, KeyError, OSError, ValueError):
        return {}
    found: dict[str, tuple[float, bool, int]] = {}
    for paragraph in PARAGRAPH.findall(document):
        runs = [(run, "".join(TEXT.findall(run))) for run in RUN.findall(paragraph)]
        runs = [(run, text) for run, text in runs if text.strip()]
        if not runs:
            continue
        text = _plain("".join(html.escape(text, quote=False) for _, text in runs))
        sizes = [int(mark.group(1)) / 2 for run, _ in runs if (mark := SIZE.search(run))]
        points = max(sizes) if len(sizes) == len(runs) else 0.0
        found.setdefault(text, (points, all(BOLD.search(run) for run, _ in runs), len(text)))
    return found


def _body_size(sizes: dict[str, tuple[float, bool, int]]) -> float:
    weights: Counter[float] = Counter()
    for size, _, length in sizes.values():
        weights[size] += length
    return weights.most_common(1)[0][0]


def _plain(text: str) -> str:
    return " ".join(html.unescape(TAG.sub("", text)).split())
