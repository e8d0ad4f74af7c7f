"""Block texts -> which blocks are stories: the narrator's voice, the stories' characters, and neighbours.

Rulebooks such as Space Alert's put short stories between the rules, told in the first person ("Me encontré
con Erik...") or to the reader ("Si te asomas... Yoshiko viene con novedades"). A block is a story when its
voice outweighs its rule vocabulary; blocks with little to say either way are settled by their neighbours
under the same heading, as jusText settles short blocks. Nothing here is about one game: a game may name its
characters and places in `options.clean` (flavor_names, place_names).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.clean.resources import (
    ARTICLES,
    CAPITALISED_RUN,
    FIRST_PLURAL,
    WORD,
    CleanOptions,
    voice,
)
from pipeline.clean.state import UnitKind
from pipeline.modelkinds import LineKind
from pipeline.text import words

# A block shorter than this (in words) says too little to be judged on its own.
MIN_STORY_WORDS = 10
# Rule vocabulary per word below which a block can be a story at all, and below which it can join one.
STORY_RULE_SHARE = 0.06
NEIGHBOUR_RULE_SHARE = 0.1
# At most this many blocks, each with less rule vocabulary than this, join the story that follows them at the
# start of a section; longer or richer runs are the section's rules, with the story after them.
OPENING_RUN = 2
OPENING_RULE_SHARE = 0.05
# Story signals (a character counts twice) per word above which a rule-poor block is a story.
STORY_SIGNAL_SHARE = 0.02
# Rounds of judging (each may name new characters); the five sources settle in two. Each round reads the
# whole text, so a text that would learn one character per round must not cost a round per block.
MAX_ROUNDS = 6


@dataclass(frozen=True)
class Cast:
    """Who and where the stories are about, casefolded single words."""

    people: frozenset[str]
    places: frozenset[str]  # learned from the stories: counted only when written as a name
    declared: frozenset[str] = frozenset()  # game.yaml place_names: counted however they are written


def story_cast(stories: list[str], texts: list[str], *, options: CleanOptions) -> Cast:
    """Characters: capitalised words inside sentences of a story, seen in two blocks, never with an article.

    A person is named bare ("Sergei", "el viejo McMarty") and never written in lower case (which also rules
    out the ordinary words that open sentences); a name after an
    article or in a run of capitalised words is a place, a body or a thing ("La Nueva Frontera", "la Academia",
    "Alerta Naranja"). Such a name is the stories' setting ("La Profundidad") when most of the blocks that
    use it are stories: a weaker sign of a story than a character.
    """
    stories_set = set(stories)
    lower = {word for text in texts for word in WORD.findall(text) if word.islower()}
    things: set[str] = set()  # words of names seen with an article or in a run: never a person
    bare: dict[str, int] = {}  # bare capitalised words inside sentences, per block
    in_stories: set[str] = set()
    named_in: dict[str, list[bool]] = {}  # name of a thing -> for each block using it, whether it is a story
    for text in texts:
        story = text in stories_set
        people: set[str] = set()
        names: set[str] = set()
        for match in CAPITALISED_RUN.finditer(text):
            run = match.group("run").split()
            before = (match.group("before") or "").casefold()
            if match.group("open") is not None and len(run) > 1 and run[0].casefold() not in ARTICLES:
                before, run = run[0].casefold(), run[1:]  # "Pero Norm...": a sentence's first word is no name
            if run[0].casefold() in ARTICLES or before in ARTICLES or len(run) > 1:
                words_of = [word for word in run if word.casefold() not in ARTICLES]
                things.update(word.casefold() for word in words_of)
                if words_of:
                    names.add(" ".join(words_of).casefold())
            else:
                people.add(run[0].casefold())
        for name in people:
            bare[name] = bare.get(name, 0) + 1
        if story:
            in_stories |= people
        for name in names:
            named_in.setdefault(name, []).append(story)
    declared = {" ".join(w for w in words(name) if w not in ARTICLES) for name in options.place_names}
    people = {name for name in in_stories if bare[name] >= 2 and name not in lower} - things
    people -= {word for name in declared for word in name.split()}
    people |= {word.casefold() for name in options.flavor_names for word in words(name)}
    settings = {name for name, uses in named_in.items() if sum(uses) >= 2 and 2 * sum(uses) > len(uses)}
    return Cast(people=frozenset(people), places=frozenset(settings - declared - people), declared=frozenset(declared))


def judge_stories(
    texts: list[str], kinds: list[UnitKind], sections: list[int], *, options: CleanOptions
) -> dict[int, str]:
    """Blocks (by position) that are stories beyond those already marked, with the reason for each.

    texts: each block's text; kinds: "text", "flavor" or anything else (left alone); sections: the number of
    the heading each block sits under. Repeated until nothing changes (a new story may name a character),
    at most MAX_ROUNDS times.
    """
    kinds = list(kinds)
    found: dict[int, str] = {}
    for _ in range(MAX_ROUNDS):
        cast = story_cast([t for t, k in zip(texts, kinds) if k == LineKind.FLAVOR], texts, options=options)
        changed = _by_voice(texts, kinds, cast, options, found) + _by_neighbours(texts, kinds, sections, options, found)
        if not changed:
            break
    return found


def _rule_share(text: str, options: CleanOptions) -> float:
    tokens = words(text)
    return sum(token in options.rules for token in tokens) / max(len(tokens), 1)


def _place_mentions(text: str, tokens: list[str], setting: dict[str, list[tuple[str, bool]]]) -> int:
    """Mentions of the setting: a learned one written as a name ("La Profundidad", not "la profundidad").

    `setting` is `_setting(cast)`: only the places whose first word the text holds are looked for.
    """
    count = 0
    for word in set(tokens):
        for place, declared in setting.get(word, ()):
            for found in re.finditer(rf"(?<!\w){re.escape(place)}(?!\w)", text, re.IGNORECASE):
                count += 1 if declared or found.group(0)[0].isupper() else 0
    return count


def _setting(cast: Cast) -> dict[str, list[tuple[str, bool]]]:
    """First word -> the places that start with it, each with whether game.yaml declared it."""
    setting: dict[str, list[tuple[str, bool]]] = {}
    for places, declared in ((cast.places, False), (cast.declared, True)):
        for place in sorted(places):
            if place:
                setting.setdefault(place.split()[0], []).append((place, declared))
    return setting


def _by_voice(texts: list[str], kinds: list[UnitKind], cast: Cast, options: CleanOptions, found: dict[int, str]) -> int:
    changed = 0
    setting = _setting(cast)
    for position, text in enumerate(texts):
        if kinds[position] != LineKind.TEXT:
            continue
        tokens = words(text)
        if len(tokens) < MIN_STORY_WORDS or _rule_share(text, options) >= STORY_RULE_SHARE:
            continue
        named = sum(token in cast.people for token in tokens)
        # The plural is also a tutorial's voice ("nuestra nave de ejemplo"): it does not tell a story here.
        told = voice(text, options).narrative - 0.5 * sum(token in FIRST_PLURAL for token in tokens)
        told += _place_mentions(text, tokens, setting)
        if (named >= 1 or told >= 2) and (2 * named + told) / len(tokens) > STORY_SIGNAL_SHARE:
            kinds[position], found[position] = LineKind.FLAVOR, "story (narrative with no rule vocabulary)"
            changed += 1
    return changed


def _by_neighbours(
    texts: list[str], kinds: list[UnitKind], sections: list[int], options: CleanOptions, found: dict[int, str]
) -> int:
    """Rule-poor blocks between two parts of a story, or between a heading and the story that opens its
    section, are part of the story (a rulebook opens a section with its story, then gives the rules)."""
    changed = 0
    section_start: dict[int, int] = {}  # section number -> its first block
    for position, section in enumerate(sections):
        section_start.setdefault(section, position)
    for position, kind in enumerate(kinds):
        if kind != LineKind.FLAVOR:
            continue
        run: list[int] = []
        for before in range(position - 1, -1, -1):
            if sections[before] != sections[position] or kinds[before] != LineKind.TEXT:
                break
            run.append(before)
        opens_section = section_start[sections[position]] >= position - len(run)  # nothing of the section before the run
        opening = (
            run and opens_section and len(run) <= OPENING_RUN and all(_rule_share(texts[i], options) < OPENING_RULE_SHARE for i in run)
        )
        candidates = [run] if opening else []
        following: list[int] = []
        for after in range(position + 1, len(kinds)):
            if sections[after] != sections[position]:
                break
            if kinds[after] == LineKind.FLAVOR:
                candidates.append(following)
                break
            if kinds[after] != LineKind.TEXT or not _poor(texts[after], options):
                break
            following.append(after)
        for group in candidates:
            reason = "story (opens the section before the story goes on)" if group is run else "story (between two parts of the same story)"
            for member in group:
                if kinds[member] == LineKind.TEXT:
                    kinds[member], found[member] = LineKind.FLAVOR, reason
                    changed += 1
    return changed


def _poor(text: str, options: CleanOptions) -> bool:
    return _rule_share(text, options) < NEIGHBOUR_RULE_SHARE
