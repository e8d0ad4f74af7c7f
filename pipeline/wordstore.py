"""Spanish and English word lists as one SQLite file in the user's cache, read a word at a time and never loaded whole.

Two stages ask about words: the tagger (spaCy's lemma table: inflected form -> lemma) and the typo finder
(the Spanish forms, their accent-free forms, pyspellchecker's English words, spaCy's word probabilities).
Loading the lists whole cost every process that tagged or wrote a proof page ~1.1 s of CPU and ~260 MB;
a game's text asks about a few thousand words. The file is made once (seconds) from the libraries'
tables in the user's folder (store.user_folder), written whole by store.write_atomic, and never changed after: readers
open it read-only and `immutable`, so they take no locks, and a forked worker opens its own connection
(SQLite connections must not cross a fork). A file that is missing, damaged or made from other library
versions (its stamp differs) is made again; one that cannot be written is made in memory. Each stamp has its own
file name, so two checkouts with other library versions do not make each other's file again. Not a pickle: a
cache folder may come from anyone, and loading a pickle runs its code.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from pipeline.errors import InputError
from pipeline.store import write_atomic

KNOWN, FOLDED, ENGLISH = 1, 2, 4  # bits of a word's flags: a Spanish form, a Spanish form without accents, English
# Bump when the file's tables or the lists' making change: an older file is then made again.
STORE_FORMAT = 3
# words-<stamp hash>.sqlite: two checkouts with other library versions keep a file each, not remake one in turn.
STORE_FILE = "words-{}.sqlite"
# log-probabilities (spaCy's es_lexeme_prob): words at least this probable (and known, and all letters) are the
# typo finder's suggestion pool; rarer than PROBABLE_AT_ALL, a probability tells it nothing, so none is kept.
POOL, PROBABLE_AT_ALL = -14.0, -16.5
PREFETCH_CHUNK = 500  # words per `IN (...)` query (SQLite allows 999 parameters by default)
NOWHERE = (0, None, None)  # a word no list has


@dataclass(frozen=True)
class WordData:
    """The lists as made from the libraries' tables: what the store holds."""

    known: frozenset[str]
    folded: frozenset[str]
    english: frozenset[str]
    probability: dict[str, float]
    by_length: dict[int, tuple[str, ...]]
    lemmas: dict[str, str]  # spaCy's es_lemma_lookup, as it is


class TableFile:
    """An SQLite file of tables made once from the libraries (`make`, then `_fill`), only read after: from `path` when
    it is there with this `stamp`, else made and written there whole; in memory when it cannot be written (`unsaved`
    says why) or without a path. A file that is missing, damaged or of another stamp is made again, and so is one
    damaged past what opening reads, when a query meets the damage (then memory, if it is damaged again)."""

    WHAT = "the tables"  # for the first-run message (firstrun.preparing)

    def __init__(self, path: Path | None, *, stamp: str, make: Callable[[], Any]) -> None:
        self.path, self.stamp, self._make = path, stamp, make
        self._connection: sqlite3.Connection | None = None
        self._pid = -1
        self.unsaved = ""  # why the tables are in memory only (each run then makes them again: seconds)
        self._open()

    def _fill(self, connection: sqlite3.Connection, data: Any) -> None:
        raise NotImplementedError

    def _ready(self, connection: sqlite3.Connection) -> bool:
        """Whether `connection` holds this stamp's tables (a subclass reads what it keeps in memory here)."""
        return dict(connection.execute("SELECT key, value FROM meta")).get("stamp") == self.stamp

    def _db(self) -> sqlite3.Connection:
        """The open connection: there is always one once the file is made (or the memory copy)."""
        if self._connection is None:
            raise RuntimeError(f"{self.WHAT} have no connection")
        return self._connection

    def _query(self, sql: str, parameters) -> list[tuple]:
        """The rows of a query, all read (a damaged page can fail any step, not only the first)."""
        if self._pid != os.getpid():  # a forked worker: its own connection to the file, never the parent's
            if self.path is not None:
                self._connection = connect_readonly(self.path)
            self._pid = os.getpid()
        # The stamp read but a page did not ("database disk image is malformed"): the file is made again (memory, if
        # that fails too), never an internal error on every run from now on.
        for repair in (lambda: self._open(trust_file=False),
                       lambda: self._in_memory(self._make(), f"{self.path} is damaged again after it was made")):
            try:
                return self._db().execute(sql, parameters).fetchall()
            except sqlite3.DatabaseError:
                if self.path is None:
                    raise  # the memory copy is ours: a failure there is a bug
            self._db().close()
            repair()
        return self._db().execute(sql, parameters).fetchall()

    def _open(self, *, trust_file: bool = True) -> None:
        if self.path is not None and trust_file and self._connect(self.path):
            return
        from pipeline.firstrun import preparing

        with preparing(self.WHAT, self.path.parent if self.path is not None else None):
            data = self._make()
        if self.path is not None:
            try:
                write_database(self.path, lambda connection: self._fill(connection, data))
                if self._connect(self.path):
                    return
            except InputError as exc:
                self.unsaved = str(exc)
            except sqlite3.Error as exc:
                self.unsaved = f"cannot write {self.path}: {exc}"
        self._in_memory(data, self.unsaved)

    def _connect(self, path: Path) -> bool:
        """The file at `path` opened, when it holds this stamp's tables."""
        try:
            connection = connect_readonly(path)
            if self._ready(connection):
                self._connection, self._pid = connection, os.getpid()
                return True
            connection.close()
        except (sqlite3.Error, ValueError, KeyError, AttributeError):
            pass  # missing or damaged: made again
        return False

    def _in_memory(self, data: Any, why: str) -> None:
        self.path, self.unsaved = None, why  # a memory database cannot be reopened after a fork: the inherited one is used
        self._connection = sqlite3.connect(":memory:", check_same_thread=False)
        self._fill(self._connection, data)
        self._ready(self._connection)
        self._pid = os.getpid()


class WordStore(TableFile):
    """Flags and probability of any word, from the file (memoised per process); the suggestion pool kept whole."""

    WHAT = "the Spanish and English word lists"

    def __init__(self, path: Path | None, *, stamp: str, make: Callable[[], WordData]) -> None:
        self._memo: dict[str, tuple[int, float | None, str | None]] = {}
        self.by_length: dict[int, tuple[str, ...]] = {}
        super().__init__(path, stamp=f"{STORE_FORMAT} {stamp}", make=make)

    def entry(self, word: str) -> tuple[int, float | None, str | None]:
        """(flags, log-probability or None, lemma or None) of `word`; (0, None, None) for a word no list has."""
        found = self._memo.get(word)
        if found is None:
            rows = self._query("SELECT flags, probability, lemma FROM words WHERE word = ?", (word,))
            found = self._memo[word] = (rows[0][0], rows[0][1], rows[0][2]) if rows else NOWHERE
        return found

    def lemma(self, word: str, default: str | None = None) -> str | None:
        """The lemma table's lemma of `word` (a dict's `.get`)."""
        found = self.entry(word)[2]
        return default if found is None else found

    def prefetch(self, words: Iterable[str]) -> None:
        """Look up many words in a few queries (a text's words, before they are judged one by one)."""
        missing = sorted({word for word in words if word not in self._memo})
        for start in range(0, len(missing), PREFETCH_CHUNK):
            chunk = missing[start:start + PREFETCH_CHUNK]
            placeholders = ",".join("?" * len(chunk))
            sql = f"SELECT word, flags, probability, lemma FROM words WHERE word IN ({placeholders})"  # noqa: S608 - only "?"s
            found = {word: (flags, probability, lemma) for word, flags, probability, lemma in self._query(sql, chunk)}
            for word in chunk:
                self._memo[word] = found.get(word, NOWHERE)

    def near(self, word: str) -> set[str]:
        """The suggestion pool's words that may be one edit from `word` (a superset: check each). A word one
        insertion, deletion, substitution or swap of neighbours away shares with it a key: itself or itself
        less one letter (the deletion neighbourhood of SymSpell), so this is one indexed query, not 15,000
        edit distances."""
        keys = sorted({word} | {word[:cut] + word[cut + 1:] for cut in range(len(word))})
        sql = f"SELECT word FROM near WHERE key IN ({','.join('?' * len(keys))})"  # noqa: S608 - only "?"s
        return {found for (found,) in self._query(sql, keys)}

    def _ready(self, connection: sqlite3.Connection) -> bool:
        meta = dict(connection.execute("SELECT key, value FROM meta"))
        if meta.get("stamp") != self.stamp:
            return False
        self.by_length = {int(length): tuple(words) for length, words in json.loads(meta["by_length"]).items()}
        return True

    def _fill(self, connection: sqlite3.Connection, data: WordData) -> None:
        words = data.known | data.folded | data.english | data.probability.keys() | data.lemmas.keys()
        rows = (
            (word, (KNOWN if word in data.known else 0) | (FOLDED if word in data.folded else 0) | (ENGLISH if word in data.english else 0),
             data.probability.get(word), data.lemmas.get(word))
            for word in sorted(words)
        )
        with connection:
            connection.execute(
                "CREATE TABLE words (word TEXT PRIMARY KEY, flags INTEGER NOT NULL, probability REAL, lemma TEXT) WITHOUT ROWID"
            )
            connection.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            connection.executemany("INSERT INTO words VALUES (?, ?, ?, ?)", rows)
            connection.execute("CREATE TABLE near (key TEXT NOT NULL, word TEXT NOT NULL)")
            connection.executemany("INSERT INTO near VALUES (?, ?)", (
                (key, word) for found in data.by_length.values() for word in found
                for key in {word} | {word[:cut] + word[cut + 1:] for cut in range(len(word))}
            ))
            connection.execute("CREATE INDEX near_key ON near (key)")
            by_length = json.dumps({str(length): list(found) for length, found in data.by_length.items()}, ensure_ascii=False)
            connection.executemany("INSERT INTO meta VALUES (?, ?)", [("stamp", self.stamp), ("by_length", by_length)])


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A connection to a finished TableFile (the word store, tag/frequencies.py's)."""
    # immutable: the file is never written once renamed into place, so no locks and no journal are needed.
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False)


def write_database(path: Path, fill: Callable[[sqlite3.Connection], None]) -> None:
    """The whole file written by `fill` (its tables) under a temporary name, then renamed over `path` (store.write_atomic)."""

    def filled(temporary: Path) -> None:
        connection = sqlite3.connect(temporary)
        connection.execute("PRAGMA journal_mode = OFF")  # a file written whole, then renamed: a crash leaves only a temp file
        connection.execute("PRAGMA synchronous = OFF")
        try:
            fill(connection)
        finally:
            connection.close()

    write_atomic(path, filled)


_OPENED: list[WordStore] = []  # the process's store, whichever cache folder it came from


def word_store(cache_dir: Path | None = None) -> WordStore:
    """The word lists, opened once per process (every project of a process shares them); made in memory
    without `cache_dir`."""
    if not _OPENED:
        stamp = library_stamp("spacy-lookups-data", "pyspellchecker")
        path = cache_dir / table_file(STORE_FILE, f"{STORE_FORMAT} {stamp}") if cache_dir is not None else None
        # An earlier version's typos-lexicon.json or words.sqlite is left alone: another checkout may still read it.
        _OPENED.append(WordStore(path, stamp=stamp, make=make_words))
    return _OPENED[0]


def table_file(pattern: str, stamp: str) -> str:
    """The file name `pattern` ("words-{}.sqlite") takes for the tables of `stamp`: its hash, so that checkouts with
    other library versions keep a file each."""
    return pattern.format(hashlib.sha256(stamp.encode()).hexdigest()[:16])


def library_stamp(*names: str) -> str:
    """The installed versions of the libraries a TableFile is made from ("spacy=3.8.2 ..."), for its stamp."""
    from importlib.metadata import version

    return " ".join(f"{name}={version(name)}" for name in names)


def make_words() -> WordData:
    """The lists from the libraries' tables (seconds: done once per user and library version)."""
    import spacy_lookups_data
    from spellchecker import SpellChecker

    from pipeline.text import strip_accents

    data = Path(spacy_lookups_data.__file__).parent / "data"
    lemmas = read_table(data, "es_lemma_lookup")
    probability = read_table(data, "es_lexeme_prob")
    known = set(lemmas) | set(lemmas.values()) | set(SpellChecker(language="es").word_frequency.keys())
    by_length: dict[int, list[str]] = {}
    for word, value in probability.items():
        if value >= POOL and word in known and word.isalpha():
            by_length.setdefault(len(word), []).append(word)
    return WordData(
        known=frozenset(known),
        folded=frozenset(strip_accents(word) for word in known),
        english=frozenset(SpellChecker(language="en").word_frequency.keys()),
        probability={word: value for word, value in probability.items() if value >= PROBABLE_AT_ALL},
        by_length={length: tuple(words) for length, words in by_length.items()},
        lemmas={str(form): str(lemma) for form, lemma in lemmas.items()},
    )


def read_table(folder: Path, name: str) -> dict:
    """One of spacy-lookups-data's tables (`folder`: its data folder) as a dict, read without spaCy."""
    import gzip

    plain = folder / f"{name}.json"
    if plain.is_file():  # spacy-lookups-data ships some tables unzipped
        return json.loads(plain.read_text(encoding="utf-8"))
    return json.loads(gzip.open(folder / f"{name}.json.gz").read())

