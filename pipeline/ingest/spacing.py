"""Letter-spaced words made whole: a PDF set "h o r i z o n t a l" (a word spread out for emphasis, its letters
extracted one by one) and a text copied out of one keep it so. A run of single letters, each apart from the next
by one space, becomes the word it spells, only where that word is a Spanish word: Spanish one-letter words
("y", "o", "a", "e", "u") and variables ("x e y", "A o B", "M O G") stay apart.
"""

from __future__ import annotations

import re

# Four or more single letters one space apart, and a full stop or comma spaced like them ("h o r a ."). Three
# are names more often than a word ("x e y", "M O G"), and asking the word lists costs a text that has none ~0.8 s.
SPACED = re.compile(r"(?<![^\W\d_])((?:[^\W\d_] ){3,}[^\W\d_])(?![^\W\d_])( [.,;:!?](?!\S))?")
ONE_LETTER_WORDS = frozenset("yoaeu")  # Spanish words of one letter: at a run's ends they may be words of their own
MIN_LETTERS = 4
LETTER_SPACED = "letter-spaced word made whole"  # what a reader's report says of the line


def join_letter_spaced(text: str) -> str:
    """The text with its letter-spaced words written whole (see the module's note); other text unchanged."""
    if not SPACED.search(text):
        return text
    return SPACED.sub(_joined, text)


def join_letter_spaced_lines(texts: list[str]) -> list[int]:
    """Make whole the letter-spaced words of these lines (in place); the indexes of the lines changed."""
    changed: list[int] = []
    for index, text in enumerate(texts):
        if (whole := join_letter_spaced(text)) != text:
            texts[index] = whole
            changed.append(index)
    return changed


def _joined(found: re.Match[str]) -> str:
    letters = found.group(1).split(" ")
    mark = (found.group(2) or "").strip()
    if not _one_case(letters):
        return found.group(0)
    for start in (0, 1):
        for end in (len(letters), len(letters) - 1):
            word = "".join(letters[start:end])
            dropped = letters[:start] + letters[end:]
            if len(word) < MIN_LETTERS or any(letter.casefold() not in ONE_LETTER_WORDS for letter in dropped):
                continue
            if all(letter.casefold() in ONE_LETTER_WORDS for letter in letters[start:end]) or not _known(word):
                continue  # "o y e" is three words, whatever "oye" is
            return " ".join([*letters[:start], word, *letters[end:]]) + mark
    return found.group(0)


def _one_case(letters: list[str]) -> bool:
    """'h o r a', 'H o r a', 'H O R A' spell a word; 'A o B' names two things."""
    rest = letters[1:]
    return all(letter.islower() for letter in rest) or all(letter.isupper() for letter in letters)


def _known(word: str) -> bool:
    from pipeline.ingest.ocr import is_known_word

    return is_known_word(word)
