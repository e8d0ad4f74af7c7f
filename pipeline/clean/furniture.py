"""Forum and site furniture, line by line: post headers, quoted posts, navigation, links, credit lines, dates,
captions, bylines; each line found here is settled before any block is judged."""
from __future__ import annotations

import re

from pipeline.clean.resources import (
    ALPHABET_INDEX,
    chatter_reason,
    BARE_URL,
    BRACKETED,
    BREADCRUMB_TRAIL,
    BUTTON_WORDS,
    BREADCRUMBS,
    BYLINE,
    CHAT_BANNER,
    CHAT_BLOCK,
    CHAT_HEADER,
    CHAT_NOTICE,
    EMAIL_FROM,
    EMAIL_HEADER,
    ORIGINAL_MESSAGE,
    SIGN_OFF,
    EMOJI,
    LETTER,
    LIKE_BUTTON,
    MIN_CHAT_HEADERS,
    THREAD_FURNITURE,
    QUOTED_BY,
    SIGNATURE,
    POST_DATE,
    RELATION,
    PROFILE,
    CAPTION,
    COPYRIGHT_LINE,
    CREDIT_LABEL,
    DATE,
    LONE_BULLET,
    NAVIGATION_WORDS,
    QUOTE_HEADER,
    REPLY_SUBJECT,
    PERSON,
    SHARE,
    NOT_A_NAME,
    TRANSLATOR_LINE,
    VERSION_LINE,
    VERSION_MARK,
    USERNAME,
    CleanOptions,
)
from pipeline.clean.bylines import NAME_TAIL
from pipeline.clean.posts import POST_DATE_REASON, PROFILE_REASON, drop_quote, member_blocks, post_header, signature_under
from pipeline.clean.creditblock import CREDITS_TITLE_WORDS, ROLES
from pipeline.clean.state import State
from pipeline.clean.threads import (
    ONLINE_STATUS,
    PageTop,
    a_label,
    copied_thread,
    heads_a_rule,
    heads_rule_text,
    is_button,
    next_text,
    post_start,
    reply_subjects,
)
from pipeline.modelkinds import CleaningAction
from pipeline.structure.lexicon import FUNCTION_WORDS
from pipeline.structure.patterns import CREDITS_TITLE
from pipeline.text import fold

# The pieces of a line that may carry the version alone: "Título – reglamento – v2.0", "Reglas (v1.1)".
VERSION_PARTS = re.compile(r"\s[–—|·•-]\s|[()\[\],;]")
MIN_EMAIL_HEADERS = 3  # "De:", "Para:", "Asunto:": a pasted e-mail
ROLE_NEIGHBOURS = 2  # lines either side of a role line ('Revisión: Dani Gil') where another credit shows it one
# "Maquetación: Óscar Prieto", "Revisión: Dani Gil": who else made the translation, a role and a person's name.
# The roles are the credits block's (creditblock.ROLES), one list for both.
ROLE_CREDIT = re.compile(
    rf"^\s*(?:{ROLES}|(?:maquetad|revisad|corregid)[oa] por)\s*[:\-–]?(?-i:{PERSON})\s*\.?$",
    re.IGNORECASE,
)
# "[list]", "[/quote]", "[center]" alone on a line are BBCode left in a text not read as BBCode: no forum member.
BBCODE_TAG = re.compile(r"^/?(?:list|quote|spoiler|code|center|left|right|b|i|u|s|size|color|url|img|\*)(?:=.*)?$", re.IGNORECASE)


def mark_furniture(state: State) -> list[tuple[int, int, str]]:
    """Mark post headers, quotes, navigation, URLs and credit lines; return posts as (start, end, author)."""
    lines, fate = state.lines, state.fate
    folded = {fold(text): index for index, text in enumerate(lines) if text.strip() and not BRACKETED.match(text)}
    starts: list[tuple[int, str]] = []
    index, top = 0, PageTop(lines, fate, state.options)  # top: whether only furniture is above a line (a site's header)
    profile = False  # inside the member's name, rank and counts that follow "En línea"
    chat = sum(1 for text in lines if CHAT_HEADER.match(text)) >= MIN_CHAT_HEADERS
    # A "--" line opens a signature only in a copied thread (its buttons show it): elsewhere it may separate rules.
    email = sum(1 for text in lines if EMAIL_HEADER.match(text)) >= MIN_EMAIL_HEADERS
    in_thread = chat or email or copied_thread(lines)
    while index < len(lines):
        text = lines[index].strip()
        if profile and text and len(text.split()) <= 3 and not re.search(r"[.!?,;]", text):
            fate[index] = (CleaningAction.DROP, "forum member's name and rank")
            index += 1
            continue
        profile = text.casefold() in ONLINE_STATUS
        bracket = BRACKETED.match(text)
        quote = QUOTE_HEADER.match(text) or QUOTED_BY.match(text)
        block = _block_reason(lines, index, chat, in_thread)
        if block:
            index = _drop_block(state, index, block)
            continue
        thread = _thread_line(state, index, text, chat, starts, in_thread, email=email)
        if thread is not None:
            index, profile = thread
        elif bracket and fold(bracket.group(1)) in folded:
            fate[index] = (CleaningAction.DUPLICATE, f"bracketed copy of line {folded[fold(bracket.group(1))] + 1}")
        elif bracket and BBCODE_TAG.match(bracket.group(1).strip()):
            fate[index] = (CleaningAction.DROP, f"markup: a BBCode tag on its own ([{bracket.group(1).strip()}])")
        elif bracket and USERNAME.match(bracket.group(1).strip()):
            post_header(state, starts, index, bracket.group(1).strip(), f"forum post header: {bracket.group(1).strip()}")
        elif quote:
            starts.append((index, quote.group(1).strip()))
            index = drop_quote(state, index, quote.group(1).strip())
            continue
        elif REPLY_SUBJECT.match(text) and index > 0:
            post_header(state, starts, index, "respuesta", "forum post header: subject of a reply")  # its blocks are judged as a post
        elif text.casefold().strip(".:") in NAVIGATION_WORDS and not _a_heading_here(lines, index, in_thread, top):
            fate[index] = (CleaningAction.DROP, "site navigation")
        elif BARE_URL.match(text):
            label = _label_before(lines, index)
            state.urls.append((label, text.strip("<> ")))
            fate[index] = (CleaningAction.CREDIT, f"link kept in credits{f' ({label})' if label else ''}")
        elif CREDIT_LABEL.match(text):
            fate[index] = (CleaningAction.CREDIT, "credit line kept in the sheet footer")
            if not _url_follows(lines, index):
                state.other_credits.append(text.strip().rstrip(":"))
        else:
            _site_line(state, index, text, in_thread, at_top=top(index))
        index += 1
    _empty_bullets(state)
    if in_thread:
        member_blocks(state, starts)
    ends = [start for start, _ in starts[1:]] + [len(lines)]  # a post runs to the next one's header
    return [(start, end, author) for (start, author), end in zip(starts, ends)]


def _thread_line(
    state: State, index: int, text: str, chat: bool, starts: list[tuple[int, str]], in_thread: bool, *, email: bool = False
) -> tuple[int, bool] | None:
    """A chat message's header, a BoardGameGeek post's "Avatar", a line of no words, a like button and its
    count: marked, and (the last line settled, whether a member's profile follows); None if none of these."""
    lines, fate = state.lines, state.fate
    if email and EMAIL_HEADER.match(text) or ORIGINAL_MESSAGE.match(text):
        _email_header(state, index, text, starts)
    elif in_thread and SIGN_OFF.match(text):
        fate[index] = (CleaningAction.DROP, "a letter's sign-off")
        following = index + 1
        if following < len(lines) and _a_name(lines[following]):
            fate[following] = (CleaningAction.DROP, "a letter's sign-off (the writer's name)")
            index = following
    elif chat and (found := CHAT_HEADER.match(text)):
        author = (found.group("a") or found.group("b")).strip()
        post_header(state, starts, index, author, f"forum post header: {author} (a chat message)")
    elif chat and CHAT_BANNER.match(text):
        fate[index] = (CleaningAction.DROP, "chat export banner (server, channel, message count)")
    elif chat and CHAT_NOTICE.match(text):
        fate[index] = (CleaningAction.DROP, "chat app's notice or a message it left out (media, deleted)")
    elif in_thread and post_start(lines, index) and (name_line := next_text(lines, index)) is not None:
        # A BoardGameGeek post ("Avatar") or a Reddit comment ("level 1"): the member's name follows, then
        # their country and badges, the date. (In rules, "Avatar" or "Nivel 1" is a heading.)
        author = lines[name_line].strip()
        post_header(state, starts, index, author, f"forum post header: {author}")
        return index, True
    elif _no_words(text, in_thread):
        fate[index] = (CleaningAction.DROP, "a line with no words (a separator, specks of a scan or emoji)")
    elif in_thread and THREAD_FURNITURE.match(text):
        fate[index] = (CleaningAction.DROP, "thread furniture (a forum's name, a post's age or votes, the order of replies)")
    elif in_thread and text.casefold().strip(".:") in BUTTON_WORDS:
        fate[index] = (CleaningAction.DROP, "site navigation (a button of the thread's page)")
    elif in_thread and re.fullmatch(r"\d{1,6}", text) and next_text(lines, index) == index + 1 and is_button(lines[index + 1]):
        fate[index] = (CleaningAction.DROP, "site navigation (the count of votes or likes beside the buttons)")
    elif LIKE_BUTTON.match(text) and (in_thread or not heads_a_rule(lines, index)):
        fate[index] = (CleaningAction.DROP, "site navigation (a like button)")
        count = next_text(lines, index)
        if count is not None and count == index + 1 and re.fullmatch(r"\d{1,5}", lines[count].strip()):
            fate[count] = (CleaningAction.DROP, "site navigation (the count of likes)")
            index += 1
    else:
        return None
    return index, False


def _no_words(text: str, in_thread: bool) -> bool:
    """A line with no word: a separator, a scan's specks, emoji; emoji with a count ('👍 4', reactions) only in a
    thread (in rules '3 ⭐' is a value). A relation ('3 ⭐ = 1 ❤️', '2 → 1') is a rule, never dropped."""
    if not text or LETTER.search(text) or LONE_BULLET.match(text) or RELATION.search(text):
        return False
    return not re.search(r"\d", text) or in_thread and bool(EMOJI.search(text))


def _empty_bullets(state: State) -> None:
    """Empty bullets in a row are page debris whose text is missing in the source."""
    lines = state.lines
    for index, text in enumerate(lines):
        if LONE_BULLET.match(text) and any(
            LONE_BULLET.match(lines[other]) for other in (index - 1, index + 1) if 0 <= other < len(lines)
        ):
            state.fate[index] = (CleaningAction.DROP, "empty bullet (its text is missing in the source)")


def _email_header(state: State, index: int, text: str, starts: list[tuple[int, str]]) -> None:
    """'De: Clara Vidal <clara@...>' opens a message (a post of the thread); its other headers go with it."""
    sender = EMAIL_FROM.match(text)
    if sender:
        author = sender.group(1).strip(' "')
        post_header(state, starts, index, author, f"forum post header: {author} (an e-mail's sender)")
    else:
        state.fate[index] = (CleaningAction.DROP, "an e-mail's header")


def _a_name(text: str) -> bool:
    """'Clara', 'Jaime Ortega': a name standing alone (a signer's)."""
    return a_label(text, 3) and all(word[:1].isupper() for word in text.split())


def _block_reason(lines: list[str], index: int, chat: bool, thread: bool) -> str:
    """Why the block line `index` opens goes whole (to the next blank line): a signature, a chat's reactions. A
    '____' over more than a signature's lines only separates (it goes alone, as a line with no words)."""
    text = lines[index].strip()
    if thread and SIGNATURE.match(text) and (text.startswith("-") or signature_under(lines, index)):
        return "signature of a forum member"
    if chat and CHAT_BLOCK.match(text):
        return f"chat export: {text.strip().strip('{}').lower()} of a message"
    return ""


def _drop_block(state: State, index: int, reason: str) -> int:
    """Drop lines from `index` to the next blank line, a like button or a post header; the index after them."""
    lines = state.lines
    state.fate[index] = (CleaningAction.DROP, reason)
    index += 1
    while index < len(lines) and lines[index].strip():
        text = lines[index].strip()
        if LIKE_BUTTON.match(text) or text.casefold() in NAVIGATION_WORDS or CHAT_HEADER.match(text):
            break
        state.fate[index] = (CleaningAction.DROP, reason)
        index += 1
    return index


def _site_line(state: State, index: int, text: str, in_thread: bool, *, at_top: bool) -> None:
    """A line of a site's page or a document's credits: a date, a byline, a caption, who translated it; a
    member's profile ('Edad: 8+' is a game's box elsewhere) and a post's date ('En: ...') only in a thread,
    breadcrumbs only where a page shows them (in a thread, `at_top`: above all the text) or over the title
    they end with: 'Inicio > Bosque > Montaña' in a rule is a path of the game."""
    fate = state.fate
    if DATE.search(text) and len(DATE.sub("", text).strip(" ,.-")) < 12 or in_thread and POST_DATE.match(text):
        fate[index] = (CleaningAction.DROP, POST_DATE_REASON)
    elif in_thread and PROFILE.match(text):
        fate[index] = (CleaningAction.DROP, PROFILE_REASON)
    elif (BREADCRUMBS.match(text) or BREADCRUMB_TRAIL.match(text)) and (in_thread or at_top or _over_its_title(state.lines, index)):
        fate[index] = (CleaningAction.DROP, "site navigation (breadcrumbs)")
    elif SHARE.match(text):
        fate[index] = (CleaningAction.DROP, "site navigation (share buttons)")
    elif ALPHABET_INDEX.match(text):
        fate[index] = (CleaningAction.DROP, "site navigation (an index of letters)")
    elif BYLINE.match(text):
        fate[index] = (CleaningAction.DROP, "byline of the post (author and date)")
    elif CAPTION.match(text):
        fate[index] = (CleaningAction.DROP, "caption of a picture the sheet does not show")
    elif (
        (translator := _translator(text)) and len(text.split()) <= 12 and not NOT_A_NAME.match(translator.group(1))
        and not _thread_subject(state.lines, text)
    ):
        fate[index] = (CleaningAction.CREDIT, "translator named by the text (kept in the sheet footer)")
        named, _, other = translator.group(1).partition(". ")  # "Irene Soto. Revisión: Dani G."
        named = NAME_TAIL.sub("", named)  # "Chema Ruiz para la comunidad hispana"
        names = re.split(r",\s*|\s+y\s+", named)
        # (u/: a Reddit user; "2003", a year after the name, names nobody; "espero que os sirva" after a
        # comma, or a sentence of thanks after the name, is the translator's chatter, not a credit)
        state.translators.extend(name.strip().removeprefix("u/") for name in names
                                 if name.strip() and not name.strip().isdigit() and not chatter_reason(name, state.options))
        state.other_credits.extend(part.strip().rstrip(".") for part in re.split(r"(?<=[.!?])\s+", other)
                                   if part.strip() and not chatter_reason(part, state.options))
    elif ROLE_CREDIT.match(text) and _among_credits(state.lines, index):
        fate[index] = (CleaningAction.CREDIT, "credit line kept in the sheet footer")
        state.other_credits.append(text.strip().rstrip("."))
    elif _version_line(state.lines, index, text):
        fate[index] = (CleaningAction.DROP, "version or revision date of the document")
    elif COPYRIGHT_LINE.match(text):
        fate[index] = (CleaningAction.CREDIT, "copyright line kept in the credits")
        state.other_credits.append(text.strip())


def _among_credits(lines: list[str], index: int) -> bool:
    """'Revisión: Dani Gil' is a credit beside another one (the nearest line above or below it, within
    ROLE_NEIGHBOURS lines, names a translator, another role or a copyright) or under a credits title; alone, or
    with a line of rules between it and the next ('Corrección: Muro Defensivo' / 'La carta debe decir…' /
    'Corrección: Ataque Furtivo' under 'ERRATAS'), it corrects a card of that name."""
    for step in (-1, 1):
        near = index + step
        while 0 <= near < len(lines) and abs(near - index) <= ROLE_NEIGHBOURS and not lines[near].strip():
            near += step
        if not (0 <= near < len(lines) and abs(near - index) <= ROLE_NEIGHBOURS):
            continue
        text = lines[near].strip()
        if _translator(text) or ROLE_CREDIT.match(text) or COPYRIGHT_LINE.match(text):
            return True
        if step < 0 and CREDITS_TITLE.match(text) and len(text.split()) <= CREDITS_TITLE_WORDS:
            return True
    return False


def _thread_subject(lines: list[str], text: str) -> bool:
    """'Traducción: Mercaderes del Desierto' that a reply quotes as its subject ('Re: Traducción: Mercaderes…'):
    the thread's title, naming the game, not its translator."""
    return " ".join(text.split()).casefold() in {subject.casefold() for subject in reply_subjects(lines)}


def _version_line(lines: list[str], index: int, text: str) -> bool:
    """'Última revisión: 12/02/2009', 'Puentes de Hierro – reglamento – v2.0', '... al castellano (v1.1)': the
    document's version, no rule. A version inside a phrase ('Novedades de la versión 2.0') and a heading over
    a rule ('Reglas de la expansión (v2.0)' over 'Cada jugador roba...') are rules text."""
    if VERSION_LINE.match(text):
        return len(text.split()) > 2 or not heads_a_rule(lines, index)
    mark = VERSION_MARK.search(text)
    if not mark or len(text.split()) > 10 or text.rstrip().endswith("."):
        return False
    alone = any(VERSION_MARK.fullmatch(part.strip()) for part in VERSION_PARTS.split(text))
    before = text[: mark.start()].split()[-1:]
    last = not text[mark.end() :].strip(" )]") and bool(before) and fold(before[0]) not in FUNCTION_WORDS
    return (alone or last) and not heads_a_rule(lines, index)


def _over_its_title(lines: list[str], index: int) -> bool:
    """'Inicio > Juegos > Reglas de Cosecha Lunar' over 'Reglas de Cosecha Lunar': a page's trail ends with its title."""
    following = next_text(lines, index)
    last = re.split(r"[>»›/|]", lines[index])[-1]
    return following is not None and fold(last) == fold(lines[following]) and bool(fold(last))


def _translator(text: str) -> re.Match[str] | None:
    """'Traducción: Lucía', also as a run-in label ('**Traducción:** Lucía', from '<strong>Traducción:</strong>')."""
    return TRANSLATOR_LINE.match(text.replace("**", ""))


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


def _a_heading_here(lines: list[str], index: int, in_thread: bool, top: PageTop) -> bool:
    """A navigation word outside a thread that heads a rule or is in a list of the rules is text, not a link."""
    return not in_thread and heads_rule_text(lines, index, top.under_furniture(index))


def navigation_left(lines: list[str], options: CleanOptions) -> set[int]:
    """The lines that would go as a site's navigation read here again (a navigation word over no rule, a like
    button, breadcrumbs at the top): none of the kept lines, unless what the cleaner dropped or joined around
    them made them so ('Citar' over a sentence that was a duplicate). Only the few lines of their shapes are asked."""
    top = PageTop(lines, {}, options)
    found = set()
    for index, text in enumerate(lines):
        word = text.strip().casefold().strip(".:")
        if word in NAVIGATION_WORDS and not heads_rule_text(lines, index, top.under_furniture(index)):
            found.add(index)
        elif LIKE_BUTTON.match(text) and not heads_a_rule(lines, index):
            found.add(index)
        elif (BREADCRUMBS.match(text) or BREADCRUMB_TRAIL.match(text)) and (top(index) or _over_its_title(lines, index)):
            found.add(index)
    return found
