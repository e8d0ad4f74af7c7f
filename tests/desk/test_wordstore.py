"""The word store (a SQLite file read a word at a time) and the typo verdicts kept between runs: the same answers
as the lists in memory and as a fresh judgement, and a damaged or foreign file is only made again."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from pipeline.desk.verdicts import Verdicts
from pipeline.store import Store
from pipeline.wordstore import ENGLISH, FOLDED, KNOWN, WordData, WordStore

DATA = WordData(
    known=frozenset({"nave", "naves", "acción"}),
    folded=frozenset({"nave", "naves", "accion"}),
    english=frozenset({"ship"}),
    probability={"nave": -9.0, "ship": -12.5},
    by_length={4: ("nave",), 5: ("naves",)},
    lemmas={"naves": "nave", "roba": "robar"},
)


def made(calls: list[int]):
    def make() -> WordData:
        calls.append(1)
        return DATA

    return make


def test_the_store_answers_as_the_lists_do_and_is_made_once(tmp_path: Path) -> None:
    calls: list[int] = []
    store = WordStore(tmp_path / "words.sqlite", stamp="v1", make=made(calls))
    store.prefetch(["nave", "zzz"])
    assert store.entry("nave") == (KNOWN | FOLDED, -9.0, None)
    assert store.entry("accion") == (FOLDED, None, None)
    assert store.entry("ship")[:2] == (ENGLISH, -12.5)
    assert store.entry("zzz") == (0, None, None)
    assert store.lemma("naves") == "nave" and store.lemma("roba", "roba") == "robar" and store.lemma("zzz", "zzz") == "zzz"
    assert store.by_length == {4: ("nave",), 5: ("naves",)}
    again = WordStore(tmp_path / "words.sqlite", stamp="v1", make=made(calls))
    assert again.entry("naves")[0] == KNOWN | FOLDED and calls == [1]  # read from the file, not made again


@pytest.mark.parametrize("damage", ["garbage", "other stamp"])
def test_a_damaged_or_foreign_store_is_made_again(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "words.sqlite"
    calls: list[int] = []
    WordStore(path, stamp="v1", make=made(calls))
    if damage == "garbage":
        path.write_bytes(b"not a database at all" * 100)
    store = WordStore(path, stamp="v1" if damage == "garbage" else "v2", make=made(calls))
    assert store.entry("nave")[1] == -9.0 and calls == [1, 1]


def test_an_unwritable_cache_still_answers_from_memory(tmp_path: Path) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        store = WordStore(folder / "words.sqlite", stamp="v1", make=made([]))
        assert store.path is None and store.entry("nave")[1] == -9.0
    finally:
        folder.chmod(0o700)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork only")
def test_a_forked_worker_opens_its_own_connection(tmp_path: Path) -> None:
    store = WordStore(tmp_path / "words.sqlite", stamp="v1", make=made([]))
    store.entry("nave")
    parents = store._connection
    pid = os.fork()
    if pid == 0:  # the child: a word the parent never asked about, through a connection of its own
        answered = store.lemma("roba") == "robar"
        os._exit(0 if answered and store._connection is not parents else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert store._connection is parents  # the parent's is left as it was


def test_verdicts_are_reused_only_while_the_counts_they_read_are_the_same(tmp_path: Path) -> None:
    store = Store(tmp_path)
    judged: list[str] = []

    def afresh(counts) -> tuple[str, ...]:
        judged.append("nava")
        return ("nave",) if counts.get("nave", 0) >= 20 * counts.get("nava", 1) else ()

    first = Verdicts(store, "demo", "key")
    assert first.judge("nava", sentence_start=False, counts={"nava": 1, "nave": 40}, afresh=afresh) == ("nave",)
    first.save()
    same = Verdicts(store, "demo", "key")
    assert same.judge("nava", sentence_start=False, counts={"nava": 1, "nave": 40, "otra": 3}, afresh=afresh) == ("nave",)
    assert judged == ["nava"]  # a count it never read changed: the verdict stands
    fewer = Verdicts(store, "demo", "key")
    assert fewer.judge("nava", sentence_start=False, counts={"nava": 1, "nave": 5}, afresh=afresh) == ()
    assert judged == ["nava", "nava"]
    other_key = Verdicts(store, "demo", "another glossary")
    other_key.judge("nava", sentence_start=False, counts={"nava": 1, "nave": 40}, afresh=afresh)
    assert len(judged) == 3


def test_a_store_damaged_past_its_stamp_is_made_again_not_an_internal_error(tmp_path: Path) -> None:
    """Pages of the word table overwritten (a disk error, a copy cut short) while the meta table still reads:
    the first query meets "database disk image is malformed", and the store is made again instead."""
    many = frozenset(f"palabra{number:05d}" for number in range(6000))
    data = WordData(known=DATA.known | many, folded=DATA.folded | many, english=DATA.english, probability=DATA.probability,
                    by_length=DATA.by_length, lemmas=DATA.lemmas)
    calls: list[int] = []

    def make() -> WordData:
        calls.append(1)
        return data

    path = tmp_path / "words.sqlite"
    WordStore(path, stamp="v1", make=make)
    page = 4096
    content = bytearray(path.read_bytes())
    assert len(content) > 20 * page
    for start in range(5 * page, len(content) - page, page):  # every page but the first few and the last
        content[start:start + page] = b"\xff" * page
    path.write_bytes(bytes(content))
    store = WordStore(path, stamp="v1", make=make)
    store.prefetch(["nave", "palabra01234"])
    assert store.entry("palabra05999")[0] == KNOWN | FOLDED and store.entry("nave")[1] == -9.0
    assert store.near("nava") >= {"nave"}
    assert calls == [1, 1]
    fresh = WordStore(path, stamp="v1", make=make)  # the file made again is whole: read, not made a third time
    assert fresh.entry("palabra00007")[0] == KNOWN | FOLDED and calls == [1, 1]


def test_two_library_versions_keep_a_file_each_and_do_not_remake_each_other(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two checkouts of refsheets with other spaCy or pyspellchecker versions share the user's cache folder:
    each stamp has its own file, so neither makes the 40 MB file again on every run of the other."""
    import pipeline.wordstore as wordstore

    calls: list[int] = []
    monkeypatch.setattr(wordstore, "make_words", made(calls))
    names = set()
    for versions in ("spacy-lookups-data=1 pyspellchecker=1", "spacy-lookups-data=2 pyspellchecker=1") * 2:
        monkeypatch.setattr(wordstore, "_OPENED", [])  # a new process of that checkout
        monkeypatch.setattr(wordstore, "library_stamp", lambda *names, versions=versions: versions)
        store = wordstore.word_store(tmp_path)
        assert store.entry("nave")[1] == -9.0
        names.add(store.path.name)
    assert calls == [1, 1] and len(names) == 2
    assert all(name.startswith("words-") and name.endswith(".sqlite") for name in names)
