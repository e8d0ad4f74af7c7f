"""Sections -> the same sections with each sentence's discourse opener left out: a rule said as a directive.

A rulebook leads into many rules with words that state nothing ("Ten en cuenta que la armadura nunca...", "Es
importante recordar que...", "Cabe destacar que...", "Simplemente, ignora..."); a player's summary says the rule
("La armadura nunca..."). Only a fixed list of openers goes, at a sentence's start, and only when a clause of at
least MIN_REST_WORDS words follows; the next letter is capitalised and the block's glossary hits move with the text.
Nothing else of a sentence changes: what is left is the source's words, in its order (condense's `directives`).
"""
from __future__ import annotations

import re
from dataclasses import replace

from pipeline.learn.sentences import sentences
from pipeline.model import Block, Section
from pipeline.modelkinds import BlockKind

# Openers that say "note this" and nothing more. Each ends where the rule's clause starts ("que ", or a comma).
OPENER = re.compile(
    r"(?:"
    r"(?:ten|tenga|tened|tengan|hay que tener|debes tener|deberás tener) (?:muy )?(?:en cuenta|presente) (?:de )?que"
    r"|es (?:importante|necesario|conveniente) (?:recordar|tener en cuenta|señalar|destacar|notar|saber) que"
    r"|(?:recuerda|recuerde|recordad|recuerden) que"
    r"|cabe (?:destacar|señalar|mencionar|recordar|decir|aclarar) que"
    r"|(?:nótese|nótese bien|observa|observe|fíjate en|fíjese en|date cuenta de|date cuenta|dese cuenta de) que"
    r"|(?:básicamente|simplemente|obviamente|evidentemente|naturalmente),"
    r")\s+",
    re.IGNORECASE,
)
MIN_REST_WORDS = 3
# Prose blocks: a table's cells and a formula are printed as they are.
PROSE = (BlockKind.PARAGRAPH, BlockKind.ITEM)


def without_openers(text: str) -> tuple[str, list[tuple[int, int]]]:
    """`text` without its sentences' openers, and the (start, length) in `text` of each piece taken out."""
    cuts: list[tuple[int, int]] = []
    for start, end in sentences(text):
        sentence = text[start:end]  # a quoted sentence ("«Ten en cuenta que…»") is someone's words: left as it is
        found = OPENER.match(sentence)
        if found is None or len(sentence[found.end() :].split()) < MIN_REST_WORDS or not sentence[found.end()].isalpha():
            continue
        cuts.append((start, found.end()))
    out, cursor = [], 0
    for start, length in cuts:
        rest = start + length
        out += [text[cursor:start], text[rest].upper()]
        cursor = rest + 1
    out.append(text[cursor:])
    return "".join(out), cuts


def directive_block(block: Block) -> Block:
    """A prose block with its openers left out and its hits moved (a hit inside an opener goes with it)."""
    if block.kind not in PROSE:
        return block
    text, cuts = without_openers(block.text)
    if not cuts:
        return block
    terms = []
    for hit in block.terms:
        if any(start <= hit.start < start + length for start, length in cuts):
            continue
        shift = sum(length for start, length in cuts if start + length <= hit.start)
        terms.append(replace(hit, start=hit.start - shift, end=hit.end - shift))
    return replace(block, text=text, terms=tuple(terms))


def directives(sections: list[Section]) -> list[Section]:
    """Every section with its prose blocks' openers left out (see the module's note)."""
    return [replace(section, blocks=tuple(directive_block(block) for block in section.blocks)) for section in sections]
