"""The kinds a glossary term may have, the ones a player looks up on a card and the ones a sheet tags with their
English name: data of glossaries/common.yaml (`term_kinds`, `card_kinds`, `tagged_kinds`), read and checked once
per content of the file.

Two kinds mean something to the code and must be listed: 'rule-term' (an entry that gives no kind) and
'everyday' (found, never tagged on a sheet). A project without common.yaml has no kinds: an entry that
names one, or a card recipe that selects by one, is an error saying so; so is one whose common.yaml lists none.
"""
from __future__ import annotations

import difflib

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pipeline.schema import Problems
from pipeline.yamlio import LineDict, load_yaml

EVERYDAY = "everyday"
DEFAULT_KIND = "rule-term"
KIND_KEYS = ("term_kinds", "card_kinds", "tagged_kinds")


@dataclass(frozen=True)
class TermKinds:
    terms: tuple[str, ...] = ()  # every kind an entry may have, in the file's order
    cards: tuple[str, ...] = ()  # what a player looks up by a card's English name (no sheet reads it at present; a tuple)
    tagged: tuple[str, ...] = ()  # the kinds whose English name a sheet prints beside the Spanish term (‹Spinning Saucer›)

    def unknown(self, kind: str) -> str:
        """The message for a kind not listed, naming those that are."""
        if not self.terms:
            return f"unknown kind {kind!r} (glossaries/common.yaml lists no term_kinds)"
        close = difflib.get_close_matches(str(kind), self.terms, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}? " if close else ""
        return f"unknown kind {kind!r} ({hint}allowed: {', '.join(self.terms)})"


def read_term_kinds(glossary_dir: Path, *, display: str = "glossaries/common.yaml") -> TermKinds:
    """The kinds common.yaml lists (none without the file); a ConfigError lists every problem of the two lists."""
    path = glossary_dir / "common.yaml"
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return TermKinds()  # no common.yaml (an unreadable one is reported where the glossary is read)
    return _read(path, display, digest)


@lru_cache(maxsize=8)
def _read(path: Path, display: str, _digest: str) -> TermKinds:
    data = load_yaml(path, display=display)
    if not isinstance(data, LineDict):
        return TermKinds()  # not a mapping: the glossary reader says what is wrong with the file
    problems = Problems()
    lists: dict[str, tuple[str, ...]] = {}
    for key in KIND_KEYS:
        value, line = data.get(key), data.origin(key)[1]
        if key not in data:
            lists[key] = ()  # not listed: no kinds (an entry that names one is told so)
            continue
        if not isinstance(value, list) or not value or not all(isinstance(item, str) and item.strip() for item in value):
            problems.add(f"'{key}' must be a list of kind names, e.g. [card, keyword], got {value!r}", path=display, line=line)
            lists[key] = ()
            continue
        names = tuple(item.strip() for item in value)
        for name in sorted({name for name in names if names.count(name) > 1}):
            problems.add(f"'{key}' lists {name!r} twice", path=display, line=line)
        lists[key] = names
    terms, cards, tagged = lists["term_kinds"], lists["card_kinds"], lists["tagged_kinds"]
    line = data.origin("term_kinds")[1]
    for needed in (DEFAULT_KIND, EVERYDAY):
        if terms and needed not in terms:
            problems.add(f"'term_kinds' must list {needed!r}, a kind the tagger gives a meaning", path=display, line=line)
    for key, names in (("card_kinds", cards), ("tagged_kinds", tagged)):
        for name in names:
            if terms and name not in terms:
                problems.add(f"'{key}' lists {name!r}, which is not one of term_kinds", path=display, line=data.origin(key)[1])
    if EVERYDAY in tagged:
        problems.add(
            f"'tagged_kinds' lists {EVERYDAY!r}, a kind never tagged on a sheet", path=display, line=data.origin("tagged_kinds")[1]
        )
    problems.raise_if_any()
    return TermKinds(terms=terms, cards=cards, tagged=tagged)
