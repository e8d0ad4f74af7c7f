"""Damaged state (cache entries, the parse memo, a previous manifest) is ignored and rebuilt, never trusted, never an error."""
from __future__ import annotations

import base64
import json
import zlib
import shutil
from pathlib import Path

import pytest

from pipeline.build.cache import SHEET, CachedSheet, SheetCache, sheet_group
from pipeline.build.keys import PARSED
from pipeline.build.manifest import manifest_damage

from .helpers import run


def pdfs(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "output").rglob("*.pdf"))}


def memo_path(root: Path) -> Path:
    (path,) = (root / ".refsheets-cache" / PARSED / "tiny").iterdir()
    return path


def memo(root: Path) -> dict:
    return json.loads(zlib.decompress(memo_path(root).read_bytes().partition(b"\n")[2]))


def write_memo(root: Path, entry: dict) -> None:
    """The entry's payload changed, its header (and so the digest it names) left as it was."""
    header = memo_path(root).read_bytes().partition(b"\n")[0]
    memo_path(root).write_bytes(header + b"\n" + zlib.compress(json.dumps(entry).encode("utf-8")))


@pytest.mark.parametrize(
    "damage",
    [
        lambda entry: entry.update(paper="a5"),
        lambda entry: entry["sheets"][0].__setitem__(1, "../../elsewhere"),
        lambda entry: entry["sheets"][0][2]["a4"].append("templates/fonts/NoSuchFont.ttf"),
        lambda entry: entry["sheets"][0][2].update(a4="templates/base.yaml"),
        lambda entry: entry.pop("sheets"),
    ],
    ids=["paper-a5", "template-name", "font-path", "files-not-a-list", "no-sheets"],
)
def test_a_damaged_parse_memo_entry_is_a_miss(two_games: Path, damage) -> None:
    before = pdfs(two_games)
    entry = memo(two_games)
    damage(entry)
    write_memo(two_games, entry)
    result = run(two_games, "build")
    assert result.exit_code == 0, result.output
    assert "0 rebuilt, 0 restored from cache, 2 up to date, 0 failed" in result.output, result.output
    assert pdfs(two_games) == before
    assert memo(two_games)["paper"] == "a4"  # parsed again and saved


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda manifest: manifest["sheets"][0].update(pages="many"), "sheets[0].pages is 'many'"),
        (lambda manifest: manifest["sheets"][0].update(pages=True), "sheets[0].pages is True"),
        (lambda manifest: manifest.update(sheets={"quickref": 1}), "no list of sheets"),
        (lambda manifest: manifest.update(sections=[{"id": 3}]), "sections are not section digests"),
        (lambda manifest: manifest.update(inputs=None), "inputs is None"),
    ],
    ids=["pages-many", "pages-bool", "sheets-not-a-list", "sections", "inputs"],
)
def test_a_damaged_manifest_is_ignored_with_a_warning_and_written_again(two_games: Path, change, said: str) -> None:
    path = two_games / "output" / "tiny" / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    good, pdf = path.read_bytes(), pdfs(two_games)
    change(manifest)
    path.write_text(json.dumps(manifest), encoding="utf-8")
    result = run(two_games, "build")
    assert result.exit_code == 0, result.output
    assert f"warning: output/tiny/manifest.json: damaged ({said}); ignored, and written again" in result.output
    assert "0 rebuilt, 1 restored from cache" in result.output and pdfs(two_games) == pdf  # nothing typeset again
    assert manifest_damage(json.loads(path.read_text(encoding="utf-8"))) is None
    assert json.loads(path.read_bytes())["sheets"] == json.loads(good)["sheets"]


def test_a_manifest_that_is_not_json_is_ignored(two_games: Path) -> None:
    (two_games / "output" / "tiny" / "manifest.json").write_bytes(b"\xff{not json")
    result = run(two_games, "build")
    assert result.exit_code == 0 and "output/tiny/manifest.json: damaged (not readable JSON" in result.output, result.output


def test_corrupt_or_foreign_cache_entries_are_ignored_and_rebuilt(two_games: Path) -> None:
    for entry in (two_games / ".refsheets-cache" / "sheets").glob("*/*/*"):
        header, _, payload = entry.read_bytes().partition(b"\n")
        if entry.parent.parent.name == "tiny":
            entry.write_bytes(header + b"\n" + payload[: len(payload) // 2])  # cut short
        else:
            foreign = {**json.loads(header), "key": "0" * 64}  # an entry filed under another key
            entry.write_bytes(json.dumps(foreign).encode("utf-8") + b"\n" + payload)
    good = pdfs(two_games)
    shutil.rmtree(two_games / "output")
    result = run(two_games, "build")
    assert result.exit_code == 0, result.output
    assert "2 rebuilt, 0 restored from cache" in result.output, result.output
    assert pdfs(two_games) == good


def test_cache_round_trip_and_every_kind_of_damage(tmp_path: Path) -> None:
    cache, group = SheetCache(tmp_path), sheet_group("g", "quickref", "a4")
    entry = CachedSheet("a" * 64, "g", "quickref", b"%PDF-1.4 body", 2, "1234abcd", "a4", ({"id": "x", "title": "X", "digest": "d"},))
    assert cache.get(entry.key, group) is None
    cache.put(entry)
    assert cache.get(entry.key, group) == entry
    path = cache.store.path(SHEET, entry.key, group)
    header, _, payload = path.read_bytes().partition(b"\n")
    record = cache.store.get(SHEET, entry.key, group)
    for damaged in (  # the header of the store
        {**json.loads(header), "format": 0},
        {**json.loads(header), "key": "b" * 64},
        {**json.loads(header), "kind": "proofs"},
        {**json.loads(header), "digest": "0" * 64},
    ):
        path.write_bytes(json.dumps(damaged).encode("utf-8") + b"\n" + payload)
        assert cache.get(entry.key, group) is None, damaged
    for bad in (  # the record, under a header that checks out
        {**record, "sections": [{"id": "x"}]},
        {**record, "pages": "many"},
        {**record, "paper": "letter"},
        {**record, "unknown": 1},
        {key: value for key, value in record.items() if key != "revision"},
        {key: value for key, value in record.items() if key != "pdf"},
        {**record, "pdf": "not base64!"},
        {**record, "pdf": base64.b64encode(b"not a PDF").decode("ascii")},
        [],
    ):
        cache.store.put(SHEET, entry.key, bad, group)
        assert cache.get(entry.key, group) is None, bad
    path.write_bytes(b"\xff\xfe")
    assert cache.get(entry.key, group) is None
