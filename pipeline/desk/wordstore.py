"""The typo finder's word lists as one SQLite file in the user's cache, read a word at a time and never loaded whole.

Loading the lists whole (half a million Spanish forms, their accent-free forms, 160,000 English words and
260,000 word probabilities) cost every process that wrote a proof page ~0.7 s of CPU and ~190 MB; a
game's text asks about a few thousand words. The file is made once (seconds) from spaCy's and
pyspellchecker's tables, written whole under a temporary name and renamed into place, and never changed
after: readers open it read-only and `immutable`, so they take no locks, and a forked worker opens its
own connection (SQLite connections must not cross a fork). A file that is missing, damaged or made by
other library versions (its stamp differs) is made again; one that cannot be written is made in memory.
"""
from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

KNOWN, FOLDED, ENGLISH = 1, 2, 4  # bits of a word's flags: a Spanish form, a Spanish form without accents, English
# Bump when the file's tables change shape: an older file is then made again.
STORE_FORMAT = 1
PREFETCH_CHUNK = 500  # words per `IN (...)` query (SQLite allows 999 parameters by default)


@dataclass(frozen=True)
class WordData:
    """The lists as made from the libraries' tables: what the store holds."""

    known: frozenset[str]
    folded: frozenset[str]
    english: frozenset[str]
    probability: dict[str, float]
    by_length: dict[int, tuple[str, ...]]


class WordStore:
    """Flags and probability of any word, from the file (memoised per process); the suggestion pool kept whole."""

    def __init__(self, path: Path | None, *, stamp: str, make: Callable[[], WordData]) -> None:
        self.path, self.stamp, self._make = path, f"{STORE_FORMAT} {stamp}", make
        self._memo: dict[str, tuple[int, float | None]] = {}
        self._connection: sqlite3.Connection | None = None
        self._pid = -1
        self.by_length: dict[int, tuple[str, ...]] = {}
        self._open()

    def entry(self, word: str) -> tuple[int, float | None]:
        """(flags, log-probability or None) of `word`; (0, None) for a word no list has."""
        found = self._memo.get(word)
        if found is None:
            row = self._query("SELECT flags, probability FROM words WHERE word = ?", (word,)).fetchone()
            found = self._memo[word] = (row[0], row[1]) if row else (0, None)
        return found

    def prefetch(self, words: Iterable[str]) -> None:
        """Look up many words in a few queries (a text's words, before they are judged one by one)."""
        missing = sorted({word for word in words if word not in self._memo})
        for start in range(0, len(missing), PREFETCH_CHUNK):
            chunk = missing[start:start + PREFETCH_CHUNK]
            placeholders = ",".join("?" * len(chunk))
            sql = f"SELECT word, flags, probability FROM words WHERE word IN ({placeholders})"  # noqa: S608 - only "?"s formatted in
            rows = self._query(sql, chunk)
            found = {word: (flags, probability) for word, flags, probability in rows}
            for word in chunk:
                self._memo[word] = found.get(word, (0, None))

    def _query(self, sql: str, parameters) -> sqlite3.Cursor:
        if self._pid != os.getpid():  # a forked worker: its own connection to the file, never the parent's
            if self.path is not None:
                self._connection = _connect(self.path)
            self._pid = os.getpid()
        return self._connection.execute(sql, parameters)

    def _open(self) -> None:
        if self.path is not None:
            try:
                connection = _connect(self.path)
                if self._read_meta(connection):
                    self._connection, self._pid = connection, os.getpid()
                    return
                connection.close()
            except sqlite3.Error:
                pass  # missing or damaged: made again below
        data = self._make()
        if self.path is not None:
            try:
                _write(self.path, data, stamp=self.stamp)
                connection = _connect(self.path)
                if self._read_meta(connection):
                    self._connection, self._pid = connection, os.getpid()
                    return
            except (OSError, sqlite3.Error):
                pass  # a read-only cache folder still gets its typos, from memory
        self.path = None  # a memory database cannot be reopened after a fork: the inherited one is used as it is
        self._connection = sqlite3.connect(":memory:", check_same_thread=False)
        _fill(self._connection, data, stamp=self.stamp)
        self._read_meta(self._connection)
        self._pid = os.getpid()

    def _read_meta(self, connection: sqlite3.Connection) -> bool:
        meta = dict(connection.execute("SELECT key, value FROM meta"))
        if meta.get("stamp") != self.stamp:
            return False
        self.by_length = {int(length): tuple(words) for length, words in json.loads(meta["by_length"]).items()}
        return True


def _connect(path: Path) -> sqlite3.Connection:
    # immutable: the file is never written once renamed into place, so no locks and no journal are needed.
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False)


def _write(path: Path, data: WordData, *, stamp: str) -> None:
    """The whole file under a temporary name in the same folder, then renamed over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        connection = sqlite3.connect(temporary)
        try:
            _fill(connection, data, stamp=stamp)
        finally:
            connection.close()
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _fill(connection: sqlite3.Connection, data: WordData, *, stamp: str) -> None:
    words = data.known | data.folded | data.english | data.probability.keys()
    rows = (
        (word, (KNOWN if word in data.known else 0) | (FOLDED if word in data.folded else 0) | (ENGLISH if word in data.english else 0),
         data.probability.get(word))
        for word in sorted(words)
    )
    with connection:
        connection.execute("CREATE TABLE words (word TEXT PRIMARY KEY, flags INTEGER NOT NULL, probability REAL) WITHOUT ROWID")
        connection.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        connection.executemany("INSERT INTO words VALUES (?, ?, ?)", rows)
        by_length = json.dumps({str(length): list(found) for length, found in data.by_length.items()}, ensure_ascii=False)
        connection.executemany("INSERT INTO meta VALUES (?, ?)", [("stamp", stamp), ("by_length", by_length)])
