"""Sections -> the terms a quick reference leaves untagged, so that it prints at most TAGS_PER_100_WORDS English names.

A sheet where every other line carries a ‹tag› reads as a word list (Galaxy Defenders: 2.2 per 100 words). When
the tags a sheet would print pass the budget, the terms it tags are chosen by what a tag is worth to a player: a
name the Spanish already spells out ("misión" ‹Mission›, "alienígena" ‹Alien›) is worth least, then a term met
once before one met more often, the later before the earlier. The rest keep their tags. (The English index lists
only the names printed: a term left untagged is not in it.)
"""
from __future__ import annotations

import re
from collections import Counter
from difflib import SequenceMatcher

from pipeline.model import Section
from pipeline.sheets.markup import bilingual_title, is_english, states_english, title_states
from pipeline.text import fold

TAGS_PER_100_WORDS = 1.5
# How alike a Spanish term and its English name are spelt (difflib's ratio, on folded text) for a reader of the
# Spanish to guess the English: "mision"/"mission" 0.92, "campana"/"campaign" 0.80, "armadura"/"armor" 0.62.
COGNATE_RATIO = 0.75
COGNATE_PREFIX = 4  # letters: one name opening with the other ("alienigena"/"alien")


def is_cognate(spanish: str, english: str) -> bool:
    """Is the English name spelt (almost) like the Spanish term, so that a tag adds little?"""
    es, en = fold(spanish), fold(english)
    shorter = min(es, en, key=len)
    if len(shorter) >= COGNATE_PREFIX and (es.startswith(en) or en.startswith(es)):
        return True
    return SequenceMatcher(None, es, en).ratio() >= COGNATE_RATIO


def untagged_terms(
    sections: list[Section], *, tagged: tuple[str, ...], english_names: str = "sheet"
) -> frozenset[str]:
    """The Spanish terms (TermHit.es) that print no tag: none while the sheet's tags stay within the budget."""
    words = sum(len(re.findall(r"\w+", text)) for section in sections for text in (section.title, *(b.text for b in section.blocks)))
    budget = int(TAGS_PER_100_WORDS * words / 100)
    tags: Counter[str] = Counter()  # term -> the tags it would print (once per sheet, or once per top-level section)
    uses: Counter[str] = Counter()
    first: dict[str, int] = {}
    shown: set[str] = set()
    base = min((section.level for section in sections), default=1)
    english: dict[str, str] = {}
    for section in sections:
        if english_names != "sheet" and section.level == base:
            shown = set()
        if bilingual_title(section) != section.title.strip():
            shown.update(hit.es for hit in section.title_terms)  # as flow.py: the heading shows the English
        shown.update(hit.es for hit in section.title_terms if title_states(section.title, hit))
        for block in section.blocks:
            for hit in sorted(block.terms, key=lambda h: h.start):
                if hit.kind not in tagged or is_english(block.text[hit.start : hit.end], hit.en):
                    continue
                uses[hit.es] += 1
                first.setdefault(hit.es, len(first))
                english[hit.es] = hit.en
                if hit.es not in shown:
                    shown.add(hit.es)
                    tags[hit.es] += not states_english(block.text, hit)
    if english_names == "titles" or sum(tags.values()) <= budget:
        return frozenset()
    ranked = sorted(tags, key=lambda es: (is_cognate(es, english[es]), -uses[es], first[es]))
    kept: set[str] = set()
    spent = 0
    for es in ranked:
        if spent + tags[es] <= budget:
            kept.add(es)
            spent += tags[es]
    return frozenset(set(tags) - kept)
