"""A blog's marks around a post's text in Markdown: the italic caption under a picture, the "Leer más" link to
another post. Both are read by ingest/markdown.py; each keeps what is a sentence of the rules.

A caption names what a picture shows ("*La caja del juego, edición de bolsillo.*"): a phrase of at most 14 words,
not bold (a bold italic line under a picture is the heading of what follows it), with no verb. A sentence set in
italics under a picture ("*Cada jugador roba una carta.*") is a rule, or an example's explanation, and stays.

A "read more" link closing a paragraph points to another page. When it points to another post (a dated address,
"/2026/03/07/resena/") the sentence before it is that post's teaser ("pasaos por la entrada anterior") and the
paragraph goes; when it points to a page of the same rules ("combate.md") the sentence before it is a rule of this
text and stays, only the link's label going.
"""

from __future__ import annotations

import re

from pipeline.ingest.lines import tidy
from pipeline.ingest.ocr import verb_form
from pipeline.structure.lexicon import DETERMINERS, FUNCTION_WORDS, IMPERATIVE_OBJECTS, SENTENCE_VERBS

MAX_CAPTION_WORDS = 14  # a caption names what a picture shows; a longer italic line under it is a sentence of the text
# A blog's link to another post: "Leer más", "Seguir leyendo »", "Read more…".
READ_MORE = re.compile(r"^(?:leer m[áa]s|segu(?:ir|e) leyendo|contin[úu]a(?:r)? leyendo|read more|continue reading)\W*$", re.IGNORECASE)
MAX_POINTER_WORDS = 25  # a closing pointer to another post is a sentence or two before its "Leer más" link
DATED_POST = re.compile(r"/(?:19|20)\d\d/\d\d?/")  # a blog's address of a post: /2026/03/07/…
WORD = re.compile(r"[^\W\d_]+")
NOT_VERBS = FUNCTION_WORDS | DETERMINERS


def is_caption(segments: list[tuple[str, bool]]) -> bool:
    """An italic line (its (text, bold) segments) right under a picture that is the picture's caption."""
    text = "".join(part for part, _ in segments)
    if len(text.split()) > MAX_CAPTION_WORDS or all(bold for part, bold in segments if part.strip()):
        return False
    return not has_verb(text)


def has_verb(text: str) -> bool:
    """A verb in the line: one of a sentence's ("es", "puede"), an imperative opening it ("Roba una carta"), or a
    conjugated form not after an article or preposition ("jugador roba"; "del juego" is a noun)."""
    words = WORD.findall(text.lower())
    for index, word in enumerate(words):
        if word in SENTENCE_VERBS - NOT_VERBS:
            return True
        if word in NOT_VERBS or not verb_form(word):
            continue
        if index == 0 and len(words) > 1 and words[1] in IMPERATIVE_OBJECTS:
            return True
        if index > 0 and words[index - 1] not in NOT_VERBS:
            return True
    return False


def read_more(token) -> str:
    """What of a paragraph ending in a "read more" link goes: "paragraph" (the link alone, or a teaser of another
    post before it), "link" (a sentence before a link to a page of the same rules stays), or "" (no such link)."""
    children = [child for child in token.children or [] if child.type != "text" or child.content.strip()]
    opening = max((index for index, child in enumerate(children) if child.type == "link_open"), default=-1)
    href = (children[opening].attrGet("href") or "#") if opening >= 0 else "#"
    if opening < 0 or children[-1].type != "link_close" or href.startswith("#"):
        return ""
    label = tidy("".join(child.content for child in children[opening + 1 : -1]))
    before = " ".join(child.content for child in children[:opening] if child.type == "text")
    if not READ_MORE.match(label) or len(before.split()) > MAX_POINTER_WORDS:
        return ""
    return "paragraph" if not before.strip() or DATED_POST.search(href) else "link"


def without_last_link(token) -> None:
    """The paragraph's inline token with its closing link (and the white before it) cut off."""
    children = list(token.children or [])
    opening = max(index for index, child in enumerate(children) if child.type == "link_open")
    kept = children[:opening]
    while kept and (kept[-1].type in ("softbreak", "hardbreak") or kept[-1].type == "text" and not kept[-1].content.strip()):
        kept.pop()
    if kept and kept[-1].type == "text":
        kept[-1].content = kept[-1].content.rstrip()
    token.children = kept
