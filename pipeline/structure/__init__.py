"""Structure recognition: which lines are headings, in which style, with which title; one recogniser for every stage.

The cleaner asks it which raw lines to keep out of paragraphs and noise judgements; the splitter asks
it which cleaned lines open sections. Both read the game's `options.split` hints (options.py).
styles.py: what a line can be on its own (one function per heading style, in STYLES);
context.py: what its neighbours make of it (find_headings); heading.py: the Heading value and titles.
"""
from __future__ import annotations

from pipeline.structure.context import find_headings, hanging_step, hangs_from, in_numbered_list, repeated_titles
from pipeline.structure.heading import (
    STYLES_WITH_BODY,
    Heading,
    card_title,
    readable_title,
)
from pipeline.structure.options import SPLIT_FIELDS, SplitOptions, read_split_options
from pipeline.structure.patterns import BOLD_RUN_IN, SUBTITLE
from pipeline.structure.styles import STYLES, heading_candidate, looks_like_sentence

__all__ = [
    "BOLD_RUN_IN",
    "SPLIT_FIELDS",
    "STYLES",
    "STYLES_WITH_BODY",
    "SUBTITLE",
    "Heading",
    "SplitOptions",
    "card_title",
    "find_headings",
    "hanging_step",
    "hangs_from",
    "heading_candidate",
    "in_numbered_list",
    "looks_like_sentence",
    "read_split_options",
    "readable_title",
    "repeated_titles",
]
