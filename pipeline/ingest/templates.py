"""Template tags and HTML entities in any text source: `{% if %}`, `{{ page.title }}`, `{# #}`, `&quot;`.

Liquid and Jinja tags are site machinery, never rules: they go (each line that held one says so in the
report) before any other reading of the text. Entities left in text that is not HTML are decoded.
"""

from __future__ import annotations

import html
import re

TEMPLATE_TAG = re.compile(r"\{%-?.*?-?%\}|\{\{.*?\}\}|\{#.*?#\}", re.DOTALL)
ENTITY = re.compile(r"&(?:[a-zA-Z]{2,8}|#\d{2,5}|#x[0-9a-fA-F]{2,4});")


def strip_template_tags(text: str) -> tuple[str, dict[int, str]]:
    """The text without template tags (newlines inside a tag kept, so lines keep their numbers), and the
    1-based lines that held a tag -> the first tag seen there."""
    found: dict[int, str] = {}

    def remove(match: re.Match[str]) -> str:
        line = text.count("\n", 0, match.start()) + 1
        found.setdefault(line, " ".join(match.group(0).split())[:60])
        return "\n" * match.group(0).count("\n")

    return TEMPLATE_TAG.sub(remove, text), found


def unescape_entities(text: str) -> str:
    """'&quot;Ataque&quot;&nbsp;doble' -> '"Ataque" doble' (no-break spaces become spaces)."""
    if "&" not in text:
        return text
    return ENTITY.sub(lambda match: html.unescape(match.group(0)), text).replace("\u00a0", " ")
