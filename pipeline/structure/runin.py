"""Run-in headings: the heading words that start a long line which continues with the body.

"Acumulación de potencia Algunos sistemas de armas pesadas..." -> ("Acumulación de potencia",
"Algunos sistemas de armas pesadas..."). Pure string functions; styles.py makes the Heading.
"""
from __future__ import annotations

import re

from pipeline.structure.lexicon import FUNCTION_WORDS, SENTENCE_STARTS, SENTENCE_VERBS

MIN_RUN_IN_LINE = 60  # shorter lines are titles or sentences, never heading + body
MAX_RUN_IN_WORDS = 6


def _is_plain_word(token: str) -> bool:
    return bool(re.fullmatch(r"[a-záéíóúñü][a-záéíóúñü\-]*,?", token))


def _is_acronym(token: str) -> bool:
    return bool(re.fullmatch(r"[A-Z]{1,4}\??|\d+", token))


def split_run_in(line: str) -> tuple[str, str] | None:
    """'Acumulación de potencia Algunos sistemas...' -> ('Acumulación de potencia', 'Algunos sistemas...').

    A run-in heading is a short noun phrase (first word capitalised, the rest lower-case, acronyms or
    a bracket; or Title Case throughout) directly followed by a sentence start: a capitalised word and
    then a lower-case one. Sentence openers and verbs inside the phrase reject it.
    """
    if len(line) < MIN_RUN_IN_LINE:
        return None
    tokens = line.split()
    best: int | None = None
    for size in range(1, min(MAX_RUN_IN_WORDS, len(tokens) - 3) + 1):
        head, after = tokens[:size], tokens[size:]
        if not _run_in_head(head) or not _sentence_start(after):
            continue
        best = size
    if best is None:
        return None
    return " ".join(tokens[:best]), " ".join(tokens[best:])


def run_in_head(head: list[str]) -> bool:
    """Whether these words can be a run-in heading (a short noun phrase, see split_run_in)."""
    return _run_in_head(head)


def _run_in_head(head: list[str]) -> bool:
    first = head[0].lstrip("¿")
    opens_sentence = first.lower().strip(",") in SENTENCE_STARTS and not (len(head) > 1 and _shouted(head))  # "LOS LOROS"
    if not first or not (first[0].isupper()) or opens_sentence:
        return False
    if not (first[1:].islower() or _is_acronym(first) or _shouted(head)) and len(first) > 1:
        return False
    words = [token.lower().strip(",?¿()") for token in head]
    if any(word in SENTENCE_VERBS for word in words) or (words[-1] in FUNCTION_WORDS and not head[-1].endswith(")")):
        return False
    if any(re.search(r"[:;.!+=%]", token.rstrip("?")) for token in head):
        return False
    if head[-1].endswith(",") or (head[-1].endswith("?") and not head[0].startswith("¿")):
        return False
    in_bracket = False
    title_case = all(token[:1].isupper() or token.startswith("(") for token in head)
    for token in head[1:]:
        if token.startswith("("):
            in_bracket = True
        if in_bracket:
            if token.endswith(")"):
                in_bracket = False
            continue
        if _is_plain_word(token) or _is_acronym(token) or title_case:
            continue
        return False
    return not in_bracket


def shouted_opening(tokens: list[str]) -> list[str]:
    """The words in capitals a text opens with, when they are heading words ('FIN DE LA PARTIDA' of 'FIN DE LA
    PARTIDA El primer…'); [] otherwise."""
    opening: list[str] = []
    for token in tokens[:MAX_RUN_IN_WORDS + 1]:
        if not any(char.isalpha() for char in token) or not token.isupper():
            break
        opening.append(token)
    return opening if opening and len(opening) <= MAX_RUN_IN_WORDS and _shouted(opening) else []


def shouted_head(head: str) -> bool:
    """Whether run-in heading words are a heading in capitals ('PREPARACIÓN'; 'FTL' is an abbreviation)."""
    return _shouted(head.split())


def _shouted(head: list[str]) -> bool:
    """'PREPARACIÓN', 'FIN DE LA PARTIDA': heading words in capitals (a PDF's headings run into their paragraph
    when the text is pasted), a word of four letters at least (two capitals may be an abbreviation: 'PV')."""
    letters = [token for token in head if any(char.isalpha() for char in token)]
    return bool(letters) and all(token.isupper() for token in letters) and any(len(token) >= 4 for token in letters)


def _sentence_start(after: list[str]) -> bool:
    """A capitalised word followed by a lower-case one: 'Algunos sistemas', 'A veces', '¿Qué sucede'."""
    if len(after) < 2:
        return False
    word, following = after[0].lstrip("¿"), after[1]
    if not word or not word[0].isupper() or _is_acronym(word.rstrip(",")) and len(word) > 1:
        return False
    if not (word[1:].rstrip(",").islower() or len(word.rstrip(",")) == 1):
        return False
    if word.lower().strip(",") not in SENTENCE_STARTS and following.lower() in SENTENCE_VERBS:
        return False  # "Cosecha Lunar es un juego...": a name and its verb, the name does not end at "Cosecha"
    return bool(re.match(r"^[a-záéíóúñü]", following))


__all__ = ["run_in_head", "split_run_in"]
