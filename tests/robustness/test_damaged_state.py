"""Damaged state (cache entries, the parse memo, a previous manifest) is ignored and rebuilt, never trusted, never an error."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pipeline.build.cache import CachedSheet, SheetCache
from pipeline.build.manifest import manifest_damage

from .helpers import run


def pdfs(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "output").rglob("*.pdf"))}


def memo(root: Path) -> dict:
    return json.loads((root / ".refsheets-cache" / "parsed.json").read_text(encoding="utf-8"))


def write_memo(root: Path, data: dict) -> None:
    (root / ".refsheets-cache" / "parsed.json").write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    "damage",
    [
        lambda entries: entries["game/tiny"].update(paper="a5"),
        lambda entries: entries["game/tiny"].update(sheets=[["quickref", "../../elsewhere"]]),
        lambda entries: entries["template/quickref/a4"]["files"].append("templates/fonts/NoSuchFont.ttf"),
        lambda entries: entries["template/quickref/a4"].update(files="templates/base.yaml"),
        lambda entries: entries["game/tiny"].pop("sum"),
    ],
    ids=["paper-a5", "template-name", "font-path", "files-not-a-list", "no-checksum"],
)
def test_a_damaged_parse_memo_entry_is_a_miss(two_games: Path, damage) -> None:
    before = pdfs(two_games)
    data = memo(two_games)
    damage(data["entries"])
    write_memo(two_games, data)
    result = run(two_games, "build")
    assert result.exit_code == 0, result.output
    assert "0 rebuilt, 0 restored from cache, 2 up to date, 0 failed" in result.output, result.output
    assert pdfs(two_games) == before
    assert memo(two_games)["entries"]["game/tiny"]["paper"] == "a4"  # parsed again and saved


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
    entries = two_games / ".refsheets-cache" / "sheets"
    for record in entries.glob("*.json"):
        data = json.loads(record.read_text(encoding="utf-8"))
        if data["game"] == "tiny":
            record.with_suffix(".pdf").write_bytes(b"%PDF-1.4 truncated")  # corrupt blob
        else:
            data["key"] = "0" * 64  # an entry filed under another key: foreign
            record.write_text(json.dumps(data), encoding="utf-8")
    good = pdfs(two_games)
    shutil.rmtree(two_games / "output")
    result = run(two_games, "build")
    assert result.exit_code == 0, result.output
    assert "2 rebuilt, 0 restored from cache" in result.output, result.output
    assert pdfs(two_games) == good


def test_cache_round_trip_and_every_kind_of_damage(tmp_path: Path) -> None:
    cache = SheetCache(tmp_path)
    entry = CachedSheet("a" * 64, "g", "quickref", b"%PDF-1.4 body", 2, "1234abcd", "a4", ({"id": "x", "title": "X", "digest": "d"},))
    assert cache.get(entry.key) is None
    cache.put(entry)
    assert cache.get(entry.key) == entry
    record = tmp_path / ".refsheets-cache/sheets" / f"{entry.key}.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    for damaged in (
        {**data, "format": 0},
        {**data, "key": "b" * 64},
        {**data, "pdf_sha256": "0" * 64},
        {**data, "sections": [{"id": "x"}]},
        {**data, "pages": "many"},
        [],
    ):
        record.write_text(json.dumps(damaged), encoding="utf-8")
        assert cache.get(entry.key) is None, damaged
    record.write_bytes(b"\xff\xfe")
    assert cache.get(entry.key) is None
