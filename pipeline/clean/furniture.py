"""Forum and site furniture, line by line: post headers, quoted posts, navigation, links, credit lines, dates,
captions, bylines; each line found here is settled before any block is judged."""
from __future__ import annotations

import re

from pipeline.clean.resources import (
    BARE_URL,
    BRACKETED,
    BREADCRUMBS,
    BYLINE,
    POST_DATE,
    PROFILE,
    CAPTION,
    COPYRIGHT_LINE,
    CREDIT_LABEL,
    DATE,
    LONE_BULLET,
    NAVIGATION_WORDS,
    QUOTE_HEADER,
    REPLY_SUBJECT,
    SHARE,
    TRANSLATOR_LINE,
    USERNAME,
)
from pipeline.clean.state import State
from pipeline.text import fold

ONLINE_STATUS = frozenset(("en línea", "desconectado", "conectado", "online", "offline"))
# "[list]", "[/quote]", "[center]" alone on a line are BBCode left in a text not read as BBCode: no forum member.
BBCODE_TAG = re.compile(r"^/?(?:list|quote|spoiler|code|center|left|right|b|i|u|s|size|color|url|img|\*)(?:=.*)?$", re.IGNORECASE)


def mark_furniture(state: State) -> list[tuple[int, int, str]]:
    """Mark post headers, quotes, navigation, URLs and credit lines; return posts as (start, end, author)."""
    lines, fate = state.lines, state.fate
    folded = {fold(text): index for index, text in enumerate(lines) if text.strip() and not BRACKETED.match(text)}
    starts: list[tuple[int, str]] = []
    index = 0
    profile = False  # inside the member's name, rank and counts that follow "En línea"
    while index < len(lines):
        text = lines[index].strip()
        if profile and text and len(text.split()) <= 3 and not re.search(r"[.!?,;]", text):
            fate[index] = ("drop", "forum member's name and rank")
            index += 1
            continue
        profile = text.casefold() in ONLINE_STATUS
        bracket = BRACKETED.match(text)
        quote = QUOTE_HEADER.match(text)
        if bracket and fold(bracket.group(1)) in folded:
            fate[index] = ("duplicate", f"bracketed copy of line {folded[fold(bracket.group(1))] + 1}")
        elif bracket and BBCODE_TAG.match(bracket.group(1).strip()):
            fate[index] = ("drop", f"markup: a BBCode tag on its own ([{bracket.group(1).strip()}])")
        elif bracket and USERNAME.match(bracket.group(1).strip()):
            starts.append((index, bracket.group(1).strip()))
            fate[index] = ("drop", f"forum post header: {bracket.group(1).strip()}")  # settled by _judge_posts
        elif quote:
            fate[index] = ("drop", f"quoted post header ({quote.group(1).strip()})")
            starts.append((index, quote.group(1).strip()))
            index += 1
            while index < len(lines) and lines[index].strip():
                fate[index] = ("drop", f"quoted forum post ({quote.group(1).strip()})")
                index += 1
            continue
        elif REPLY_SUBJECT.match(text) and index > 0:
            starts.append((index, "respuesta"))  # a reply begins: its blocks are judged as a post
            fate[index] = ("drop", "forum post header: subject of a reply")
        elif text.casefold().strip(".:") in NAVIGATION_WORDS:
            fate[index] = ("drop", "site navigation")
        elif BARE_URL.match(text):
            label = _label_before(lines, index)
            state.urls.append((label, text.strip("<> ")))
            fate[index] = ("credit", f"link kept in credits{f' ({label})' if label else ''}")
        elif CREDIT_LABEL.match(text):
            fate[index] = ("credit", "credit line kept in the sheet footer")
            if not _url_follows(lines, index):
                state.other_credits.append(text.strip().rstrip(":"))
        else:
            _site_line(state, index, text)
        index += 1
    # Empty bullets in a row are page debris whose text is missing in the source.
    for index, text in enumerate(lines):
        if LONE_BULLET.match(text) and any(
            LONE_BULLET.match(lines[other]) for other in (index - 1, index + 1) if 0 <= other < len(lines)
        ):
            fate[index] = ("drop", "empty bullet (its text is missing in the source)")
    posts = []
    for number, (start, author) in enumerate(starts):
        end = starts[number + 1][0] if number + 1 < len(starts) else len(lines)
        posts.append((start, end, author))
    return posts


def _site_line(state: State, index: int, text: str) -> None:
    """A line of a site's page or a document's credits: a date, breadcrumbs, a byline, a caption, who translated it."""
    fate = state.fate
    if DATE.search(text) and len(DATE.sub("", text).strip(" ,.-")) < 12 or POST_DATE.match(text):
        fate[index] = ("drop", "forum post date")
    elif PROFILE.match(text):
        fate[index] = ("drop", "forum member's profile")
    elif BREADCRUMBS.match(text) or SHARE.match(text):
        fate[index] = ("drop", "site navigation (breadcrumbs or share buttons)")
    elif BYLINE.match(text):
        fate[index] = ("drop", "byline of the post (author and date)")
    elif CAPTION.match(text):
        fate[index] = ("drop", "caption of a picture the sheet does not show")
    elif TRANSLATOR_LINE.match(text) and len(text.split()) <= 12:
        fate[index] = ("credit", "translator named by the text (kept in the sheet footer)")
        names = re.split(r",\s*|\s+y\s+", TRANSLATOR_LINE.match(text).group(1))
        state.translators.extend(name.strip() for name in names if name.strip())
    elif COPYRIGHT_LINE.match(text):
        fate[index] = ("credit", "copyright line kept in the credits")
        state.other_credits.append(text.strip())


def _label_before(lines: list[str], index: int) -> str:
    previous = index - 1
    while previous >= 0 and not lines[previous].strip():
        previous -= 1
    if previous >= 0 and CREDIT_LABEL.match(lines[previous]):
        return lines[previous].strip().rstrip(":")
    return ""


def _url_follows(lines: list[str], index: int) -> bool:
    following = index + 1
    while following < len(lines) and not lines[following].strip():
        following += 1
    return following < len(lines) and bool(BARE_URL.match(lines[following]))
