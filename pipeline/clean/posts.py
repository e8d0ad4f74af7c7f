"""Where a thread's posts open and what of them is quoted: a member's block over their profile (phpBB's name and
rank), a post's header, a quoted post (nested quotes too). furniture.py finds the lines; these mark them."""
from __future__ import annotations

from pipeline.clean.resources import CHAT_HEADER, MEMBER_COUNT, PROFILE, QUOTE_HEADER, QUOTED_BY, REPLY_SUBJECT, URL
from pipeline.clean.state import State
from pipeline.clean.threads import MAX_FURNITURE_WORDS, a_handle, a_label, is_button
from pipeline.modelkinds import CleaningAction

POST_DATE_REASON = "forum post date"  # (furniture._site_line gives them; member_blocks walks over such lines)
PROFILE_REASON = "forum member's profile"
PROFILE_REASONS = (POST_DATE_REASON, PROFILE_REASON)
MAX_MEMBER_BLOCK = 3  # a member's name, rank and the page's column headings above them
MAX_SIGNATURE_LINES = 2  # phpBB's signature under its '____': a line or two (a link, a motto)
MAX_SIGNATURE_WORDS = 12  # a longer line under a '____' is the rules going on
MAX_PROFILE_LINES = 6  # a profile's and a post's date lines, and the blank lines between, over which the name stands


def member_blocks(state: State, starts: list[tuple[int, str]]) -> None:
    """phpBB's user block over a post's profile and date ('Trasgo_Lector' / 'Traductor veterano', a blank line,
    'Registrado: …' / 'Mensajes: …' / 'Publicado: …'): the member's name opens a post, their rank goes with it, and
    so does a line of the page's table above the name ('Autor  Mensaje'). A block of at most three short lines."""
    lines, fate = state.lines, state.fate
    for index, text in enumerate(lines):
        if index not in fate or not (PROFILE.match(text) or MEMBER_COUNT.match(text)):
            continue
        above, reach = index - 1, max(-1, index - MAX_PROFILE_LINES)
        while above > reach and (not lines[above].strip() or fate.get(above, (None, ""))[1] in PROFILE_REASONS):
            above -= 1  # the profile's and date's other lines, a blank line (a few: no walk over a run of them per line)
        block: list[int] = []
        while above >= 0 and lines[above].strip() and above not in fate and len(block) <= MAX_MEMBER_BLOCK:
            block.insert(0, above)
            above -= 1
        if not 1 <= len(block) <= MAX_MEMBER_BLOCK or not all(a_short_label(lines[member]) for member in block):
            continue
        name = next((member for member in block if a_handle(lines[member])), block[0])
        author = lines[name].strip()
        for member in block:
            if member == name:
                post_header(state, starts, name, author, f"forum post header: {author}")
            else:
                reason = "forum member's name and rank" if member > name else "thread furniture (the page's column headings)"
                fate[member] = (CleaningAction.DROP, reason)
    starts.sort()


def signature_under(lines: list[str], index: int) -> bool:
    """Whether the '____' at line `index` opens a signature: one or two short lines under it (a link, a motto; no
    heading: no line in capitals, no label over another line) and the post ends right after them (a button, the
    next post's member or header, the end of the text). Else the '____' only separates a post's rules."""
    end = index + 1
    while end < len(lines) and lines[end].strip() and not (is_button(lines[end]) or CHAT_HEADER.match(lines[end])):
        end += 1
    block = [lines[line].strip() for line in range(index + 1, end)]
    if not 1 <= len(block) <= MAX_SIGNATURE_LINES:
        return False
    for position, text in enumerate(block):
        heading = text.isupper() or (a_short_label(text) and position + 1 < len(block))
        if heading or (len(text.split()) > MAX_SIGNATURE_WORDS and not URL.search(text)):
            return False
    while end < len(lines) and not lines[end].strip():
        end += 1
    following = lines[end] if end < len(lines) else ""
    return not following.strip() or any(
        shape(following) for shape in (is_button, CHAT_HEADER.match, QUOTE_HEADER.match, QUOTED_BY.match, REPLY_SUBJECT.match, a_handle)
    )


def a_short_label(text: str) -> bool:
    """'Traductor veterano', 'Autor  Mensaje': a few words with no sentence's punctuation."""
    return a_label(text, MAX_FURNITURE_WORDS) and len(text.strip()) <= 40 and "," not in text


def post_header(state: State, starts: list[tuple[int, str]], index: int, author: str, reason: str) -> None:
    """A post of the thread opens at line `index`: its header goes, marked for _judge_posts to settle by its author."""
    starts.append((index, author))
    state.fate[index] = (CleaningAction.DROP, reason)
    state.post_headers.add(index)


def drop_quote(state: State, index: int, author: str) -> int:
    """A quoted post: its header and its lines up to the next blank one go; the index after them. A quote nested
    in it ('Ana escribió:' right under 'Luis escribió:') ends first, and the outer one's own lines follow it, past
    the blank line: a paragraph more goes for each quote nested."""
    lines = state.lines
    state.fate[index] = (CleaningAction.DROP, f"quoted post header ({author})")
    index += 1
    nested = 0
    while index < len(lines) and (QUOTE_HEADER.match(lines[index]) or QUOTED_BY.match(lines[index])):
        state.fate[index] = (CleaningAction.DROP, f"quoted forum post ({author})")
        nested, index = nested + 1, index + 1
    for block in range(nested + 1):
        if block:  # the blank line between the nested quote and the outer one's words
            while index < len(lines) and not lines[index].strip():
                index += 1
        while index < len(lines) and lines[index].strip():
            state.fate[index] = (CleaningAction.DROP, f"quoted forum post ({author})")
            index += 1
    return index
