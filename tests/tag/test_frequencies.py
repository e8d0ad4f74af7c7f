"""The glossary check's word frequencies: a file made once per user, read a word at a time, made again when damaged."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pipeline.tag import frequencies
from pipeline.tag.frequencies import UNSEEN, FrequencyFile, Tables

SMALL = Tables(spanish={"colmena": -11.5, "hive": -18.0}, english={"hive": -12.0, "the": -3.0}, stop_words=frozenset({"da", "de"}))


@pytest.fixture
def made(monkeypatch) -> list[int]:
    calls: list[int] = []
    monkeypatch.setattr(frequencies, "make_tables", lambda: calls.append(1) or SMALL)
    return calls


def test_the_file_is_made_once_and_read_a_word_at_a_time(tmp_path: Path, made: list[int]) -> None:
    path = tmp_path / "frequencies.sqlite"
    first = FrequencyFile(path, stamp="1 test")
    again = FrequencyFile(path, stamp="1 test")
    assert made == [1]
    assert again.entry("hive") == (-18.0, -12.0)
    assert again.entry("colmena") == (-11.5, None)
    assert again.entry("zzz") == (None, None)
    assert again.stop_words() == {"da", "de"}
    assert first.entry("the") == (None, -3.0)


def test_columns_answer_as_dict_get(tmp_path: Path, made: list[int]) -> None:
    source = FrequencyFile(tmp_path / "f.sqlite", stamp="1 test")
    spanish, english = frequencies.Column(source, "es"), frequencies.Column(source, "en")
    assert (spanish.get("hive"), english.get("hive"), spanish.get("the"), english.get("zzz", -1.0)) == (-18.0, -12.0, UNSEEN, -1.0)


@pytest.mark.parametrize("damage", [b"not a database", b"", b"SQLite format 3\x00" + b"\x00" * 200])
def test_a_damaged_file_is_made_again(tmp_path: Path, made: list[int], damage: bytes) -> None:
    path = tmp_path / "f.sqlite"
    path.write_bytes(damage)
    assert FrequencyFile(path, stamp="1 test").entry("hive") == (-18.0, -12.0)
    assert made == [1]
    assert FrequencyFile(path, stamp="1 test").entry("hive") == (-18.0, -12.0)
    assert made == [1]


def test_a_file_of_other_library_versions_is_made_again(tmp_path: Path, made: list[int]) -> None:
    path = tmp_path / "f.sqlite"
    FrequencyFile(path, stamp="1 old")
    FrequencyFile(path, stamp="1 new")
    assert made == [1, 1]
    assert dict(sqlite3.connect(path).execute("SELECT key, value FROM meta"))["stamp"] == "1 new"


def test_an_unwritable_cache_keeps_the_tables_in_memory_and_says_why(tmp_path: Path, made: list[int]) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    source = FrequencyFile(blocked / "f.sqlite", stamp="1 test")
    assert source.entry("hive") == (-18.0, -12.0) and source.stop_words() == {"da", "de"}
    assert "cannot write" in source.unsaved and str(blocked) in source.unsaved
    folder = tmp_path / "folder-in-its-place"
    (folder / "f.sqlite").mkdir(parents=True)
    assert FrequencyFile(folder / "f.sqlite", stamp="1 test").entry("the") == (None, -3.0)
    assert [path.name for path in folder.iterdir()] == ["f.sqlite"]  # no temporary file left behind


def test_a_file_damaged_past_its_first_rows_is_made_again_when_a_word_reads_the_damage(tmp_path: Path, monkeypatch) -> None:
    """The file opens (its meta and first rows read), but a page a later word lives on is garbage."""
    words = {f"palabra{number:05d}": -10.0 - number / 10_000 for number in range(20_000)}
    big = Tables(spanish=words, english={}, stop_words=frozenset({"de"}))
    made: list[int] = []
    monkeypatch.setattr(frequencies, "make_tables", lambda: made.append(1) or big)
    path = tmp_path / "f.sqlite"
    FrequencyFile(path, stamp="1 test")
    page = 4096
    data = bytearray(path.read_bytes())
    middle = len(data) // page // 2 * page
    data[middle:middle + 3 * page] = b"\xff" * (3 * page)
    path.write_bytes(bytes(data))
    source = FrequencyFile(path, stamp="1 test")
    assert made == [1]  # it opened: the damage is not where opening looks
    assert {word: source.entry(word)[0] for word in words} == words  # every word, those on the damaged pages too
    assert made == [1, 1]  # made again once, when a word read the damage
    assert FrequencyFile(path, stamp="1 test").entry("palabra10000") == (-11.0, None)


def test_the_real_tables_are_the_libraries() -> None:
    """The user's file (made once, seconds) answers as spacy-lookups-data's tables and spaCy's stop words do."""
    import spacy_lookups_data
    from spacy.lang.es.stop_words import STOP_WORDS

    from pipeline.wordstore import read_table

    data = Path(spacy_lookups_data.__file__).parent / "data"
    spanish, english = read_table(data, "es_lexeme_prob"), read_table(data, "en_lexeme_prob")
    es, en = frequencies.frequencies()
    for word in ("colmena", "hive", "the", "nave", "xenomorfo", "zzzqx"):
        assert (es.get(word), en.get(word)) == (spanish.get(word, UNSEEN), english.get(word, UNSEEN)), word
    assert frequencies.stop_words() == STOP_WORDS
