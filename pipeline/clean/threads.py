"""Signs of a copied thread or site page, and of a rule's heading: what furniture.py weighs before it drops a line.

A forum's or site's word ('Citar', 'Inicio', 'Me gusta') may also be a rulebook's heading; these tell them apart
by their neighbours: a menu of buttons, a post's header or date beside it, a rule's sentence below it.
"""
from __future__ import annotations

import re

from pipeline.clean.resources import (
    BUTTON_WORDS,
    DATE,
    LIKE_BUTTON,
    LIST_MARKER,
    MEMBER_COUNT,
    NAVIGATION_WORDS,
    POST_COUNT,
    POST_DATE,
    POST_START,
    PROFILE,
    REPLY_SUBJECT,
    THREAD_FURNITURE,
    USERNAME,
    CleanOptions,
    chatter_reason,
)
from pipeline.modelkinds import CleaningAction

ONLINE_STATUS = frozenset(("en línea", "desconectado", "conectado", "online", "offline"))
SENTENCE_STOP = re.compile(r"[.!?]\s|[.:!?]$")
MAX_FURNITURE_WORDS = 4  # "· hace 3 a", "Ordenar por: mejores"; "Ordenar por: iniciativa de mayor a menor." is a rule
MAX_LIST_ENTRIES = 40  # a list a line ending in ':' introduces is no longer than this
POST_COUNT_LINE = re.compile(rf"^\s*{POST_COUNT}\s*$", re.IGNORECASE)
SENTENCE_MARK = re.compile(r"[.:;!?¡¿]")  # what no label or name has
MAX_CHATTER_LINE = 300  # (as the cleaner: a longer line is never asked whether it is chatter)


def reply_subjects(lines: list[str]) -> list[str]:
    """The subjects a thread's replies carry, in order ('Re: Traducción: X' -> 'Traducción: X')."""
    return [" ".join(line.split()[1:]) for line in lines if REPLY_SUBJECT.match(line)]


def page_subject(lines: list[str]) -> str:
    """The subject a forum's page shows over its count of posts ('Reglas de X' over 'Responder al tema [ 6 mensajes ]'),
    or ''."""
    count = next((index for index, text in enumerate(lines) if POST_COUNT_LINE.match(text)), None)
    above = _previous_text(lines, count) if count is not None else None
    return lines[above].strip() if above is not None else ""


def copied_thread(lines: list[str]) -> bool:
    """Whether the text is a thread copied from a forum page: its buttons, like counts, comment headers show it.

    Two signs, one at least of a kind no rulebook makes: a post's age or votes, a post's header ('Avatar' over a
    member's handle), a menu of buttons ('Citar' / 'Responder'), a button beside a post's date or a member's
    profile. A navigation word alone over no rule ('Inicio' over a list, 'Ayuda') or a post's header over a
    plain word ('Nivel 1' over 'Novato') is a weak sign: a rulebook makes those, and two of them no thread."""
    strong = weak = 0
    for index, text in enumerate(lines):
        if THREAD_FURNITURE.match(text.strip()) and len(text.split()) <= MAX_FURNITURE_WORDS or MEMBER_COUNT.match(text):
            strong += 1
        elif REPLY_SUBJECT.match(text):
            weak += 1  # "Re: Reglas de X": a reply's subject, as a thread shows it (an e-mail's too)
        elif post_start(lines, index):
            # 'level 1' over 'ludofilo_82' is a comment; 'Nivel 1' over 'Novato' may be a rulebook's table of ranks.
            following = next_text(lines, index)
            if following is not None and a_handle(lines[following]):
                strong += 1
            else:
                weak += 1
        elif (LIKE_BUTTON.match(text) or text.strip().casefold() in NAVIGATION_WORDS) and not heads_rule_text(lines, index, False):
            if _in_menu(lines, index) or _beside_a_post(lines, index):
                strong += 1
            else:
                weak += 1
        if strong and strong + weak >= 2:
            return True
    return False


# What a rulebook prints under 'Nivel 1': a die ('1d6', '2D6+1'), a value ('+2', '3PV', '10%', '1.5'), an
# abbreviation in capitals ('PNJ', 'PG').
GAME_VALUE = re.compile(r"[+\-–]?\d*[dD]\d+(?:[+\-]\d+)?|[+\-–]?\d+(?:[.,]\d+)?\s*%?[^\W\d_]{0,3}|[^\W\d_]{1,5}")


def a_handle(text: str) -> bool:
    """'Alba_Tradu', 'ludofilo_82', 'kristian_bcn', 'pepe82': a member's handle; no word of a rulebook ('Novato',
    'Élite') and no game value ('1d6', '3PV', 'PNJ')."""
    name = text.strip()
    if len(name.split()) != 1 or (GAME_VALUE.fullmatch(name) and (name.isupper() or not name.isalpha())):
        return False
    if re.search(r"[_@]", name):
        return True
    if re.search(r"[\d.]", name):
        return sum(character.isalpha() for character in name) >= 3  # letters and figures: 'pepe82', 'juan.perez'
    return name[:1].islower() or any(character.isupper() for character in name[1:])


def _in_menu(lines: list[str], index: int) -> bool:
    """A button with another button or a count right beside it ('Thumb up' / '14' / 'Citar'), in no list that a
    line ending in ':' introduces ('Acciones:' / 'Buscar' / 'Salir' is a list of the game's actions)."""
    beside = [near for near in (index - 1, index + 1) if 0 <= near < len(lines) and _button_or_count(lines[near])]
    if not beside:
        return False
    return not _introduced(lines, index)


def _introduced(lines: list[str], index: int) -> bool:
    """Whether the line is an entry of a list of short lines that a line ending in ':' introduces (looked for
    MAX_LIST_ENTRIES lines up: a run of 100,000 buttons must not be walked once per button)."""
    for above in range(index - 1, max(-1, index - MAX_LIST_ENTRIES), -1):
        text = lines[above].rstrip()
        if text.endswith(":"):
            return True
        if not text.strip() or len(text.split()) > 3:
            return False
    return False


def _button_or_count(text: str) -> bool:
    return is_button(text) or bool(re.fullmatch(r"\s*\d{1,6}\s*", text))


def _beside_a_post(lines: list[str], index: int) -> bool:
    """'Citar' under a post's date, 'Me gusta' under 'Mensajes: 87', 'En línea' over the member's name."""
    near = [lines[found] for found in (_previous_text(lines, index), next_text(lines, index)) if found is not None]
    if any(POST_DATE.match(text) or PROFILE.match(text) or DATE.search(text) and len(text) < 60 for text in near):
        return True
    following = next_text(lines, index)
    return lines[index].strip().casefold() in ONLINE_STATUS and following is not None and _post_start_name(lines[following])


def post_start(lines: list[str], index: int) -> bool:
    """'Avatar' or 'level 1' over a member's name ('Alba_Tradu'), not over a sentence: a post begins."""
    if not POST_START.match(lines[index]):
        return False
    following = next_text(lines, index)
    if following is None:
        return False
    return _post_start_name(lines[following]) and not POST_START.match(lines[following])  # 'Avatar' over 'Avatar': no post


def a_label(text: str, max_words: int, *, marks_inside: bool = False) -> bool:
    """'Traductor veterano', 'Jaime Ortega': one to `max_words` words with no sentence's punctuation, a label or a
    name. `marks_inside`: a handle's dots inside it are allowed ('juan.perez'), only a last mark makes a sentence."""
    words = text.split()
    return 1 <= len(words) <= max_words and not SENTENCE_MARK.search(words[-1][-1] if marks_inside else text)


def _post_start_name(text: str) -> bool:
    """'Alba_Tradu', 'fantasmón': a member's name under a post's header, not a sentence."""
    return bool(USERNAME.match(text.strip())) and a_label(text, 3, marks_inside=True)


def is_button(text: str) -> bool:
    word = text.strip().casefold().strip(".:")
    return bool(LIKE_BUTTON.match(text)) or word in NAVIGATION_WORDS or word in BUTTON_WORDS


def _previous_text(lines: list[str], index: int) -> int | None:
    previous = index - 1
    while previous >= 0 and not lines[previous].strip():
        previous -= 1
    return previous if previous >= 0 else None


def next_text(lines: list[str], index: int) -> int | None:
    following = index + 1
    while following < len(lines) and not lines[following].strip():
        following += 1
    return following if following < len(lines) else None


class PageTop:
    """Whether every line above a line is furniture already found, blank or a forum member's chatter (which goes
    later): the top of a page, above its text; `under_furniture`: and some furniture is there (a site's header).
    Asked in line order: one pass over the text."""

    def __init__(self, lines: list[str], fate: dict[int, tuple[CleaningAction, str]], options: CleanOptions) -> None:
        self.lines, self.fate, self.options, self.reach, self.found = lines, fate, options, 0, False

    def __call__(self, index: int) -> bool:
        while self.reach < index and (self.reach in self.fate or not self.lines[self.reach].strip() or self._chatter(self.reach)):
            self.found = self.found or self.reach in self.fate
            self.reach += 1
        return self.reach >= index

    def under_furniture(self, index: int) -> bool:
        return self(index) and self.found

    def _chatter(self, index: int) -> bool:
        text = self.lines[index]
        return len(text) <= MAX_CHATTER_LINE and chatter_reason(text, self.options) is not None


def heads_rule_text(lines: list[str], index: int, at_top: bool) -> bool:
    """Whether a navigation word ('Inicio', 'Ayuda') is the heading of the rule below it: right below, or past a
    blank line when it stands alone (no text right above), is no menu's entry (its neighbours no buttons) nor in a
    site's header (`at_top`)."""
    if heads_a_rule(lines, index) or _introduced(lines, index):
        return True
    if index > 0 and lines[index - 1].strip():
        return False  # under a line of text it ends that paragraph: no heading standing over its rule
    if at_top or any(is_button(lines[near]) for near in (_previous_text(lines, index), next_text(lines, index)) if near is not None):
        return False
    following = next_text(lines, index)
    return following is not None and heads_a_rule(lines, following - 1)


def heads_a_rule(lines: list[str], index: int) -> bool:
    """Whether the line right below (no blank between) is a rule's sentence: this line is its heading, no site's
    button ('Buscar' over 'Busca en el mazo una carta...') nor a document's version. A sentence, ended on that
    line or not (joined with the next, it still is one), and no forum member's ('Muchas gracias por...!')."""
    following = index + 1
    if following >= len(lines):
        return False
    below = LIST_MARKER.sub("", lines[following].strip(), count=1).strip()  # a heading over a list's first item heads it
    if len(below.split()) < 4 or not below[:1].isupper() or not SENTENCE_STOP.search(below):
        return False
    return chatter_reason(below, PLAIN) is None


PLAIN = CleanOptions()  # (the game's own noise phrases are not asked here: a line's neighbour is only a sign)
