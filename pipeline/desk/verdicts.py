"""The typo finder's verdicts on a game's words, kept between runs so that a refresh judges only words it has not met.

Judging a word that needs its neighbours (one or two edits away, among 27,000 known words) costs about a
millisecond; a game has hundreds of them, and a correction changes a sentence. A verdict depends on the
word, whether it opens a sentence, the game's glossary, the word lists, the code, and how often the text
uses a few words (the word itself, its neighbours): each verdict is kept with the counts it read and is
reused only while those counts are the same, so the result is exactly a fresh run's. They are an entry of
the project's store (pipeline/store.py; kind "typos", group the game); one that does not read back is a miss.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, overload

from pipeline.store import Store

TYPOS = "typos"  # the store's kind of a game's verdicts

# Verdict of one word: (suggestions, {count key: the count read, or None for a word the text lacks}).
Verdict = tuple[tuple[str, ...], dict[str, int | None]]


class CountReads:
    """A text's word counts (`.get` as a dict's) that remember every key read, and what it held."""

    def __init__(self, counts: dict[str, int]) -> None:
        self._counts = counts
        self.read: dict[str, int | None] = {}

    @overload
    def get(self, key: str, default: int) -> int: ...
    @overload
    def get(self, key: str, default: None = None) -> int | None: ...

    def get(self, key: str, default: int | None = None) -> int | None:
        value = self._counts.get(key)
        self.read[key] = value
        return default if value is None else value

    def __bool__(self) -> bool:
        return True


class Verdicts:
    """The stored verdicts of one game under one key; `judge` answers from them or judges afresh."""

    def __init__(self, store: Store | None, game_id: str, key: str) -> None:
        self.store, self.game_id, self.key = store, game_id, key
        self._used: dict[str, Verdict] = {}

        def load(data: dict) -> dict[str, Verdict]:  # what does not read as verdicts is a miss (Store.get): judged afresh
            return {word: (tuple(found), dict(read)) for word, (found, read) in data.items()}

        self._stored: dict[str, Verdict] = (store.get(TYPOS, key, game_id, load) if store is not None else None) or {}

    def judge(self, word: str, *, sentence_start: bool, counts: dict[str, int],
              afresh: Callable[[CountReads], tuple[str, ...]]) -> tuple[str, ...]:
        entry = f"{int(sentence_start)}{word}"
        stored = self._stored.get(entry)
        if stored is not None and all(counts.get(key) == value for key, value in stored[1].items()):
            self._used[entry] = stored
            return stored[0]
        reads = CountReads(counts)
        found = tuple(afresh(reads))
        self._used[entry] = (found, reads.read)
        return found

    def save(self) -> None:
        """Keep this run's verdicts (only they: the file never grows past the text's words)."""
        if self.store is not None and self._used != self._stored:  # (a read-only project: only slower next time)
            self.store.put(TYPOS, self.key, {word: [list(found), read] for word, (found, read) in sorted(self._used.items())}, self.game_id)


def verdicts_for(project, game_id: str | None, *, stamp: str, glossary: tuple) -> Verdicts:
    """The stored verdicts of `game_id` in `project` (none kept without a project): keyed by the code, the
    word lists' stamp and the glossary's words, so any change to those judges every word again."""
    from pipeline.build.keys import CACHE_DIR, key as store_key, project_store

    key = store_key(TYPOS, game_id or "", {}, stamp=stamp, glossary=glossary)
    if project is None or not game_id:
        return Verdicts(None, "", key)
    from pipeline.build.output import inside_project
    from pipeline.errors import InputError

    store = project_store(Path(project.root))
    try:
        inside_project(Path(project.root), store.path(TYPOS, "", game_id), display=f"{CACHE_DIR}/{TYPOS}")
    except InputError:
        return Verdicts(None, game_id, key)  # a cache folder linking out of the project is never written: kept in memory
    return Verdicts(store, game_id, key)
