"""A WhatsApp-style chat export ("14/3/24, 18:33 - Lucía: Objetivo") with each message's header on a line of its
own ("[14/3/24, 18:33] Lucía", as DiscordChatExporter writes it) and its first line of text under it, so the
cleaner reads messages as a thread's posts. A text with fewer such lines is untouched."""

from __future__ import annotations

import re

MESSAGE = re.compile(
    r"^\[?(\d{1,2}/\d{1,2}/\d{2,4}),?\s+(\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?\s?m\.?)?)\]?\s*[-–]?\s*"
    r"([^:\n]{1,40}?):\s+(\S.*)$",
    re.IGNORECASE,
)
MIN_MESSAGES = 3


def split_chat(lines: list[str]) -> tuple[list[str], list[int]] | None:
    """(lines with every message header on its own, each one's index in `lines`), or None if no chat export."""
    if sum(1 for text in lines if MESSAGE.match(text)) < MIN_MESSAGES:
        return None
    out: list[str] = []
    source: list[int] = []
    for index, text in enumerate(lines):
        found = MESSAGE.match(text)
        if found is None:
            out.append(text)
            source.append(index)
            continue
        date, time, author, first = found.groups()
        if out and out[-1].strip():
            out.append("")  # a message is a post: a paragraph of its own
            source.append(index)
        out += [f"[{date}, {time}] {author.strip()}", first]
        source += [index, index]
    return out, source
