"""A section's story lines: told apart from its own lines, each run a paragraph under its own title or "Relato".

The cleaner marks stories line by line (kind `flavor`); a story it found under a line of its own that no
heading style takes ("La noche de Aldra" over "Aldra subió sola a la torre..."; an article opens it, as a
sentence would) has that line as its first, short and unpunctuated, and the story's title is that line.
"""
from __future__ import annotations

import re

from pipeline.model import Block, CleanLine
from pipeline.modelkinds import BlockKind, LineKind
from pipeline.structure import readable_title
from pipeline.structure.lexicon import SENTENCE_VERBS

FLAVOR_TITLE = "Relato"
MAX_STORY_TITLE_WORDS = 8
MAX_STORY_TITLE_CHARS = 70
# A story's line that ends so goes on as prose: no title ("Me encontré con Erik en el bar," / "—¿Y ahora?").
PROSE_END = re.compile(r"[.,;:!?…\"'»”)\]-]$")
# Words of a clause, not of a title: pronouns a verb goes with ("Me encontré con Alice en el bar", a line a
# missing full stop ended) and the verbs the heading rules know.
CLAUSE_WORDS = SENTENCE_VERBS | frozenset("me te se nos os le les lo yo tú él ella nosotros vosotros ellos".split())


def separate_flavor(lines: list[CleanLine]) -> tuple[list[CleanLine], list[list[CleanLine]]]:
    """The section's own lines, and each run of flavour lines (blank lines inside a run belong to it)."""
    own: list[CleanLine] = []
    stories: list[list[CleanLine]] = []
    current: list[CleanLine] | None = None
    for line in lines:
        if line.kind == LineKind.FLAVOR:
            if current is None:
                current = []
                stories.append(current)
            current.append(line)
        elif not line.text.strip() and current is not None:
            continue
        else:
            current = None
            own.append(line)
    return own, stories


def titled_story(story: list[CleanLine]) -> tuple[str, list[CleanLine]]:
    """The story's title and its text: its first line when that is a title over the story's first sentence
    ("La noche de Aldra" / "Aldra subió..."), else "Relato" and the whole story."""
    lines = [line for line in story if line.text.strip()]
    if len(lines) >= 2 and _a_title(lines[0].text, lines[1].text):
        return readable_title(lines[0].text), story[story.index(lines[0]) + 1 :]
    return FLAVOR_TITLE, story


def story_block(story: list[CleanLine]) -> Block:
    text = " ".join(line.text.strip() for line in story if line.text.strip())
    return Block(BlockKind.PARAGRAPH, text, story[0].first, story[-1].last)


def _a_title(first: str, following: str) -> bool:
    first, following = first.strip(), following.strip()
    return (
        len(first.split()) <= MAX_STORY_TITLE_WORDS
        and len(first) <= MAX_STORY_TITLE_CHARS
        and first[:1].isupper()
        and not PROSE_END.search(first)
        and not any(word in CLAUSE_WORDS for word in re.findall(r"\w+", first.lower()))
        and following[:1].isupper()
    )
