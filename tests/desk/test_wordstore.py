"""The word store (a SQLite file read a word at a time) and the typo verdicts kept between runs: the same answers
as the lists in memory and as a fresh judgement, and a damaged or foreign file is only made again."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from pipeline.desk.verdicts import Verdicts
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
    pid = os.fork()
    if pid == 0:  # the child: a word the parent never asked about
        os._exit(0 if store.lemma("roba") == "robar" else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def test_verdicts_are_reused_only_while_the_counts_they_read_are_the_same(tmp_path: Path) -> None:
    path = tmp_path / "typos" / "demo.json"
    judged: list[str] = []

    def afresh(counts) -> tuple[str, ...]:
        judged.append("nava")
        return ("nave",) if counts.get("nave", 0) >= 20 * counts.get("nava", 1) else ()

    first = Verdicts(path, "key")
    assert first.judge("nava", sentence_start=False, counts={"nava": 1, "nave": 40}, afresh=afresh) == ("nave",)
    first.save()
    same = Verdicts(path, "key")
    assert same.judge("nava", sentence_start=False, counts={"nava": 1, "nave": 40, "otra": 3}, afresh=afresh) == ("nave",)
    assert judged == ["nava"]  # a count it never read changed: the verdict stands
    fewer = Verdicts(path, "key")
    assert fewer.judge("nava", sentence_start=False, counts={"nava": 1, "nave": 5}, afresh=afresh) == ()
    assert judged == ["nava", "nava"]
    other_key = Verdicts(path, "another glossary")
    other_key.judge("nava", sentence_start=False, counts={"nava": 1, "nave": 40}, afresh=afresh)
    assert len(judged) == 3
