"""What a plain-text source really is: Markdown, an HTML page or fragment, BBCode from a forum, a wiki page's
wikitext, or plain text.

Forum and blog copies arrive as raw.txt with their markup inside. Each format is told by the marks only
it makes, counted over the whole text; a plain text with none of them stays plain text, untouched.
"""

from __future__ import annotations

import re

HTML_PAGE = re.compile(r"^\s*(?:<!DOCTYPE\s+html|<html\b)", re.IGNORECASE)
HTML_TAG = re.compile(
    r"</?(?:p|div|span|h[1-6]|br|ul|ol|li|table|tr|td|th|a\s|img\s|strong|em|b|i|blockquote|section|article)\b[^>]*>", re.IGNORECASE
)
BBCODE_TAG = re.compile(r"\[/?(?:b|i|u|s|size|color|font|quote|url|img|list|\*|spoiler|code|center)(?:=[^\]\n]*)?\]", re.IGNORECASE)
BBCODE_CLOSE = re.compile(r"\[/(?:b|i|u|s|size|color|font|quote|url|img|list|spoiler|code|center)\]", re.IGNORECASE)
MD_HEADING = re.compile(r"^#{1,6}\s+\S", re.MULTILINE)
MD_UNDERLINE = re.compile(r"^(?:={3,}|-{3,})[ \t]*$")
MD_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(?:[\w-]+:.*\n)+?---[ \t]*$", re.MULTILINE)
MD_INLINE = re.compile(r"\*\*[^*\n]+\*\*|__[^_\n]+__|\[[^\]\n]+\]\([^)\s]+\)|!\[[^\]\n]*\]\([^)\s]+\)")
MD_TABLE = re.compile(r"^\|.*\|[ \t]*\n\|[ :|-]+\|[ \t]*$", re.MULTILINE)


def sniff(text: str) -> str:
    """'html', 'bbcode', 'wikitext', 'markdown' or 'text'."""
    from pipeline.ingest.wikitext import looks_like_wikitext

    html_tags = len(HTML_TAG.findall(text))
    bbcode = len(BBCODE_TAG.findall(text))
    markdown = (
        2 * len(MD_HEADING.findall(text))
        + _setext_headings(text)
        + (4 if MD_FRONT_MATTER.search(text) else 0)
        + len(MD_INLINE.findall(text))
        + 2 * len(MD_TABLE.findall(text))
    )
    if HTML_PAGE.match(text) or (html_tags >= 3 and html_tags > markdown and html_tags > bbcode):
        return "html"
    # BBCode closes what it opens ([/b], [/list]): "[a]", "[b]" alone are a Google Docs text's comment anchors.
    if bbcode >= 2 and bbcode >= markdown and BBCODE_CLOSE.search(text):
        return "bbcode"
    if looks_like_wikitext(text):
        return "wikitext"  # before Markdown, whose marks its bold and links resemble
    if markdown >= 3:
        return "markdown"
    return "text"


def _setext_headings(text: str) -> int:
    """Lines underlined with === or --- (counted line by line: a regex over a 5 MB line would backtrack)."""
    lines = text.split("\n")
    return sum(1 for above, below in zip(lines, lines[1:]) if above.strip() and len(above) < 120 and MD_UNDERLINE.match(below))
