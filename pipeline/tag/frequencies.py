"""How common a word is in Spanish and in English, for `glossary check`: asked a word at a time from an SQLite file.

The check tells a Spanish name from an English one by spacy-lookups-data's word log-probabilities (a
million words per language) and spaCy's Spanish stop words. Loading those whole cost each check ~3 s of
CPU and ~350 MB (with spaCy's import) to ask about a few hundred words. They are written once per user
and library version into `frequencies-<hash>.sqlite` in the user's folder (store.user_folder, beside the word
store, made the same way: whole, by store.write_atomic; opened read-only), and read a word at a
time (wordstore.TableFile: a file that is missing, damaged or of other library versions is made again; one that
cannot be written leaves the tables in memory).
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pipeline.store import user_folder
from pipeline.wordstore import TableFile, library_stamp, read_table, table_file

# Bump when the file's tables or their making change: an older file is then made again.
FORMAT = 1
FILE = "frequencies-{}.sqlite"
UNSEEN = -25.0  # the log-probability of a word a table lacks (the tables' rarest words are about -19.6)


@dataclass(frozen=True)
class Tables:
    spanish: dict[str, float]
    english: dict[str, float]
    stop_words: frozenset[str]


class Column:
    """One language's table, as a dict's `.get(word, default)` (UNSEEN by default): the file asked once per word."""

    def __init__(self, source: "FrequencyFile", language: str) -> None:
        self._source, self._language = source, language

    def get(self, word: str, default: float = UNSEEN) -> float:
        found = self._source.entry(word)[0 if self._language == "es" else 1]
        return default if found is None else found


class FrequencyFile(TableFile):
    """The tables, from the file at `path` (made there when it is missing, damaged or of other library versions)."""

    WHAT = "the word frequencies"

    def __init__(self, path: Path, *, stamp: str) -> None:
        self._memo: dict[str, tuple[float | None, float | None]] = {}
        super().__init__(path, stamp=stamp, make=lambda: make_tables())

    def entry(self, word: str) -> tuple[float | None, float | None]:
        """(Spanish, English) log-probability of `word`, None where a table lacks it."""
        found = self._memo.get(word)
        if found is None:
            rows = self._query("SELECT es, en FROM words WHERE word = ?", (word,))
            found = self._memo[word] = (rows[0][0], rows[0][1]) if rows else (None, None)
        return found

    def stop_words(self) -> frozenset[str]:
        return frozenset(word for (word,) in self._query("SELECT word FROM stop_words", ()))

    def _ready(self, connection: sqlite3.Connection) -> bool:
        if not super()._ready(connection):
            return False
        connection.execute("SELECT es, en FROM words LIMIT 1").fetchall()
        return True

    def _fill(self, connection: sqlite3.Connection, tables: Tables) -> None:
        words = sorted(tables.spanish.keys() | tables.english.keys())
        with connection:
            connection.execute("CREATE TABLE words (word TEXT PRIMARY KEY, es REAL, en REAL) WITHOUT ROWID")
            connection.executemany("INSERT INTO words VALUES (?, ?, ?)",
                                   ((word, tables.spanish.get(word), tables.english.get(word)) for word in words))
            connection.execute("CREATE TABLE stop_words (word TEXT PRIMARY KEY) WITHOUT ROWID")
            connection.executemany("INSERT INTO stop_words VALUES (?)", ((word,) for word in sorted(tables.stop_words)))
            connection.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            connection.execute("INSERT INTO meta VALUES ('stamp', ?)", (self.stamp,))


def make_tables() -> Tables:
    """The tables from the libraries (seconds; spaCy is imported for its stop words only here)."""
    import spacy_lookups_data
    from spacy.lang.es.stop_words import STOP_WORDS

    data = Path(spacy_lookups_data.__file__).parent / "data"
    return Tables(
        spanish={str(word): float(value) for word, value in read_table(data, "es_lexeme_prob").items()},
        english={str(word): float(value) for word, value in read_table(data, "en_lexeme_prob").items()},
        stop_words=frozenset(STOP_WORDS),
    )


@lru_cache(maxsize=1)
def frequency_file() -> FrequencyFile:
    """The process's frequency file, in the user's cache folder."""
    stamp = f"{FORMAT} " + library_stamp("spacy-lookups-data", "spacy")
    return FrequencyFile(user_folder() / table_file(FILE, stamp), stamp=stamp)


def frequencies() -> tuple[Column, Column]:
    """(Spanish, English) log-probabilities as two `dict.get`s."""
    found = frequency_file()
    return Column(found, "es"), Column(found, "en")


def unsaved() -> str:
    """Why this process's tables could not be kept in a file ('' when they are, or were never asked for)."""
    return frequency_file().unsaved if frequency_file.cache_info().currsize else ""


def stop_words() -> frozenset[str]:
    """spaCy's Spanish stop words."""
    return frequency_file().stop_words()
