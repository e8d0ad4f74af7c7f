"""The typo finder's verdicts on a game's words, kept between runs so that a refresh judges only words it has not met.

Judging a word that needs its neighbours (one or two edits away, among 27,000 known words) costs about a
millisecond; a game has hundreds of them, and a correction changes a sentence. A verdict depends on the
word, whether it opens a sentence, the game's glossary, the word lists, the code, and how often the text
uses a few words (the word itself, its neighbours): each verdict is kept with the counts it read and is
reused only while those counts are the same, so the result is exactly a fresh run's. The file lives in
the project's cache (`.refsheets-cache/typos/<game>.json`); one that does not read back is simply ignored.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable, overload

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

    def __init__(self, path: Path | None, key: str) -> None:
        self.path, self.key = path, key
        self._stored: dict[str, Verdict] = {}
        self._used: dict[str, Verdict] = {}
        if path is not None:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if data.get("key") == key:
                    self._stored = {word: (tuple(found), dict(read)) for word, (found, read) in data["verdicts"].items()}
            except (OSError, ValueError, TypeError, KeyError, AttributeError):
                pass  # missing, damaged or foreign: judged afresh

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
        if self.path is None or self._used == self._stored:
            return
        from pipeline.build.output import write_atomic
        from pipeline.errors import InputError

        data = {"key": self.key, "verdicts": {word: [list(found), read] for word, (found, read) in sorted(self._used.items())}}
        try:
            write_atomic(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")), durable=False)
        except (OSError, InputError):
            pass  # a read-only project still gets its typos, only slower next time


def verdicts_for(project, game_id: str | None, *, stamp: str, glossary: tuple) -> Verdicts:
    """The stored verdicts of `game_id` in `project` (none kept without a project): keyed by the code, the
    word lists' stamp and the glossary's words, so any change to those judges every word again."""
    from pipeline.build.keys import CACHE_DIR, tool_fingerprint

    described = json.dumps([tool_fingerprint(), stamp, glossary], ensure_ascii=False, sort_keys=True, default=sorted)
    key = hashlib.sha256(described.encode("utf-8")).hexdigest()
    if project is None or not game_id:
        return Verdicts(None, key)
    from pipeline.build.output import inside_project
    from pipeline.errors import InputError

    path = Path(project.root) / CACHE_DIR / "typos" / f"{game_id}.json"
    try:
        inside_project(Path(project.root), path.parent, display=f"{CACHE_DIR}/typos")
    except InputError:
        return Verdicts(None, key)  # a cache folder linking out of the project is never written: kept in memory
    return Verdicts(path, key)
