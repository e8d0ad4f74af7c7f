"""A wiki's page saved as HTML (MediaWiki, and Fandom's skin of it): its reference list read before the page is.

MediaWiki sets a note's mark as `<sup class="reference"><a href="#cite_note-1">[1]</a></sup>` and the notes in
an `<ol class="references">` at the article's end, each opening with a link back ("↑"). A note that says
something of the rules (a sentence: "Con dos jugadores se reparten 6 cartas, según…") is part of the text: it
is written "(1) text" after the paragraph its mark is in, and the mark " (1)" in its sentence, as every other
format writes a footnote (the article's closing sections, where the list stands, are no rules). A citation
("Entrevista al autor, 2019.", "Reglamento oficial, p. 4") is no text of the rules: it goes with the list, and
its mark with it (html.py drops both as the page's furniture).
"""

from __future__ import annotations

import re

from pipeline.ingest.lines import tidy
from pipeline.structure import looks_like_sentence

NOTES = "//ol[contains(concat(' ', normalize-space(@class), ' '), ' references ')]/li[starts-with(@id, 'cite_note')]"
BACK_LINKS = ".//a[starts-with(@href, '#cite_ref')] | .//*[contains(@class, 'cite-backlink')]"
MARK_NUMBER = re.compile(r"^\[?\s*(\w{1,4})\s*\]?$")
REFERENCE_BOX = re.compile(r"\bref|\bnotes?\b|\bnotas?\b", re.IGNORECASE)  # the list's wrappers: reflist, references
BLOCKS = frozenset(("p", "li", "td", "th", "dd", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"))
MIN_NOTE_WORDS = 5  # a note of fewer words is a source's name, not a statement


def wiki_notes(root) -> None:
    """Rewrite the page's notes that say something as "(N) text" paragraphs, and their marks as " (N)"."""
    for position, item in enumerate(root.xpath(NOTES), start=1):
        text = _note_text(item)
        if len(text.split()) < MIN_NOTE_WORDS or not looks_like_sentence(text):
            continue  # a citation: it goes with the list
        marks = root.xpath(f"//sup[.//a[@href='#{item.get('id')}']]")
        found = MARK_NUMBER.match(tidy(marks[0].text_content())) if marks else None
        number = found.group(1) if found else str(position)
        paragraph = _block(marks[0]) if marks else None
        for mark in marks:
            _replace_with_text(mark, f" ({number})")
        note = item.makeelement("p", {})
        note.text = f"({number}) {text}"
        note.sourceline = item.sourceline
        if paragraph is not None:
            note.tail = paragraph.tail
            paragraph.tail = None
            paragraph.addnext(note)  # after the paragraph its mark is in, as a footnote is read everywhere
        else:
            _reference_box(item).addprevious(note)


def _block(element):
    """The paragraph (or item, or cell) an inline element is in."""
    while element is not None and element.tag not in BLOCKS:
        element = element.getparent()
    return element


def _note_text(item) -> str:
    """The note's words, without its links back to its marks."""
    copy = item.__copy__()
    for back in copy.xpath(BACK_LINKS):
        _replace_with_text(back, " ")
    return tidy(copy.text_content()).lstrip("↑^ ").strip()


def _reference_box(item):
    """The outermost element around the notes' list that is only the list (a "reflist" <div> around it)."""
    box = item.getparent()
    while (parent := box.getparent()) is not None and REFERENCE_BOX.search(parent.get("class") or "") and len(parent) == 1:
        box = parent
    return box


def _replace_with_text(element, text: str) -> None:
    """Take `element` out of the tree, leaving `text` (and what followed it) in its place."""
    parent = element.getparent()
    if parent is None:
        return
    rest = text + (element.tail or "")
    previous = element.getprevious()
    if previous is not None:
        previous.tail = (previous.tail or "") + rest
    else:
        parent.text = (parent.text or "") + rest
    parent.remove(element)
