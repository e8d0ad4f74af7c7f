"""The one store: entries read back exactly as written or not at all, one retention policy, memoized, write_atomic."""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import pytest

from pipeline.errors import InputError
from pipeline.store import KEEP, Store, memoized, user_folder, write_atomic

KEY = "ab" * 32


def test_an_entry_reads_back_as_written_and_any_damage_is_a_miss(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.get("kind", KEY, "group") is None and not store.has("kind", KEY, "group")
    store.put("kind", KEY, {"value": [1, "dos"]}, "group")
    assert store.get("kind", KEY, "group") == {"value": [1, "dos"]}
    path = store.path("kind", KEY, "group")
    header, _, payload = path.read_bytes().partition(b"\n")
    assert set(json.loads(header)) == {"format", "kind", "key", "digest"}
    assert store.get("other", KEY, "group") is None  # another kind's file at this place would not pass either
    for damaged in (
        header + b"\n" + payload[:-1],  # cut short
        header + b"\n" + payload + b"x",  # grown
        json.dumps({**json.loads(header), "key": "cd" * 32}).encode() + b"\n" + payload,  # filed under another key
        json.dumps({**json.loads(header), "format": 0}).encode() + b"\n" + payload,  # another format
        b"\xff\xfe",
        b"",
    ):
        path.write_bytes(damaged)
        assert store.get("kind", KEY, "group") is None, damaged
    not_zlib = json.dumps({**json.loads(header), "digest": hashlib.sha256(b"not zlib").hexdigest()}).encode() + b"\nnot zlib"
    path.write_bytes(not_zlib)  # a header that checks out over a payload that is not compressed JSON
    assert store.get("kind", KEY, "group") is None


def test_a_group_keeps_its_most_recent_entries(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.put("kind", "ff" * 32, "other group", "b")
    for number in range(KEEP + 3):
        key = f"{number:064x}"
        store.put("kind", key, number, "a")
        os.utime(store.path("kind", key, "a"), ns=(number * 10**9, number * 10**9))
    assert sorted(path.name for path in (tmp_path / "kind" / "a").iterdir()) == [f"{n:064x}" for n in range(3, KEEP + 3)]
    assert list(store.latest("kind", "a")) == list(range(KEEP + 2, 2, -1))
    assert store.get("kind", "ff" * 32, "b") == "other group"


def test_memoized_makes_once_then_reads_and_makes_again_what_it_cannot_load(tmp_path: Path) -> None:
    store, made = Store(tmp_path), []

    def make() -> int:
        made.append(1)
        return 41

    def load(value: object) -> int:
        if not isinstance(value, int):
            raise TypeError(value)
        return value + 1

    assert memoized(store, "kind", KEY, make) == 41
    assert memoized(store, "kind", KEY, make, load=lambda value: value) == 41 and len(made) == 1
    store.put("kind", KEY, "not a number")
    assert memoized(store, "kind", KEY, make, load=load) == 41 and len(made) == 2  # could not load it: made again
    assert memoized(store, "kind", "cd" * 32, make, current=lambda: False) == 41
    assert not store.has("kind", "cd" * 32)  # its inputs changed while it was made: not stored


def test_a_store_that_cannot_be_written_only_costs_time(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    store = Store(blocked)
    store.put("kind", KEY, 1)
    assert store.get("kind", KEY) is None
    assert memoized(store, "kind", KEY, lambda: 7) == 7


def test_write_atomic_replaces_whole_files_and_says_what_it_could_not_write(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "out.txt"
    write_atomic(path, "uno")
    write_atomic(path, b"dos")
    write_atomic(tmp_path / "filled.bin", lambda temporary: temporary.write_bytes(b"tres"))
    assert path.read_text(encoding="utf-8") == "dos" and (tmp_path / "filled.bin").read_bytes() == b"tres"
    assert oct(path.stat().st_mode & 0o777) == "0o644"
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["deep", "filled.bin", "out.txt"]  # no temporary left
    with pytest.raises(InputError, match="cannot write output"):
        write_atomic(tmp_path / "filled.bin" / "inside", "x", display="shown")

    def fails(temporary: Path) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, fails)
    assert path.read_text(encoding="utf-8") == "dos" and not list(tmp_path.rglob(".*.tmp"))


def test_the_user_folder_is_platformdirs_unless_the_variable_says(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("REFSHEETS_CACHE_DIR", str(tmp_path / "mine"))
    assert user_folder() == tmp_path / "mine"
    monkeypatch.delenv("REFSHEETS_CACHE_DIR")
    if sys.platform != "linux":
        pytest.skip("platformdirs reads XDG_CACHE_HOME on Linux only")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_folder() == tmp_path / "xdg" / "refsheets"  # Linux: platformdirs follows the XDG variable
