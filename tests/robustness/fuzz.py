"""A small mutation fuzzer for the source readers: valid fixtures, damaged in the ways hostile or broken files
are (cut short, bits flipped, a piece repeated, structures opened and never closed, huge numbers), each
mutant read by read_source, which must return a RawText or raise an InputError, and nothing else.

Deterministic: a (reader, seed) pair always makes the same mutant, so a crash found in a long run
(`make fuzz`) is pinned by its pair in test_fuzz.py's PINNED.
"""
# ruff: noqa: S311 - seeded pseudo-random mutations make test inputs, nothing secret
from __future__ import annotations

import io
import random
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

# What each reader is fed: a format case whose source it reads (tests/fixtures/formats/<case>/).
READERS = {
    "txt": "gdocs-txt",
    "markdown": "github-md",
    "html": "fan-html",
    "bbcode": "forum-bbcode",
    "pdf": "pdf-rulebook",
    "docx": "word-docx",
    "odt": "odt-writer",
    "epub": "epub-calibre",
    "rtf": "rtf-wordpad",
}
HUGE_NUMBERS = (b"99999999999999999999999", b"-99999999999", b"4294967296", b"1e309", b"-0", b"NaN", b"0x7fffffff")
# Per format, what opens a structure that a reader may nest (one of these repeated, never closed).
OPENERS = {
    "txt": (b"(", b"[", b"  "),
    "markdown": (b">", b"- ", b"  ", b"[", b"*", b"`"),
    "html": (b"<div>", b"<ul><li>", b"<table><tr><td>", b"<b>", b"<!--"),
    "bbcode": (b"[quote]", b"[list][*]", b"[b]", b"[size=999999999]"),
    "pdf": (b"[", b"<<", b"(", b"q "),
    "docx": (b"<w:p>", b"<w:tbl><w:tr><w:tc>", b"<w:r>"),
    "odt": (b"<text:list><text:list-item>", b"<text:section>", b"<text:span>"),
    "epub": (b"<div>", b"<ul><li>", b"<section>"),
    "rtf": (b"{", b"{\\*", b"\\par{", b"\\u99999999999 "),
}


@dataclass(frozen=True)
class Mutant:
    reader: str
    seed: int
    how: str  # what was done, for the failure message
    name: str  # the source's file name (raw.<ext>)
    data: bytes


@lru_cache(maxsize=None)
def fixture(reader: str) -> tuple[str, bytes]:
    """(file name, bytes) of the reader's format case, made once per session in a temporary folder."""
    import tempfile

    from ..formats_cases import materialise

    with tempfile.TemporaryDirectory() as folder:
        source = next(materialise(READERS[reader], Path(folder) / "sources").glob("raw.*"))
        return source.name, source.read_bytes()


def mutate(data: bytes, rng: random.Random, reader: str) -> tuple[bytes, str]:
    """One damaging change to `data`, and its description."""
    kind = rng.choice(("truncate", "flip", "repeat", "nest", "number", "delete", "splice"))
    at = rng.randrange(len(data) + 1)
    if kind == "truncate":
        return data[:at], f"cut at {at}"
    if kind == "flip":
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
        return bytes(out), "bits flipped"
    if kind == "repeat":
        end = min(len(data), at + rng.randint(1, 200))
        times = rng.choice((10, 100, 1000))
        return data[:at] + data[at:end] * times + data[end:], f"{data[at:end][:30]!r} x{times} at {at}"
    if kind == "nest":
        opener = rng.choice(OPENERS[reader])
        times = rng.choice((100, 1000, 5000))
        return data[:at] + opener * times + data[at:], f"{opener!r} x{times} at {at}"
    if kind == "number":
        number = rng.choice(HUGE_NUMBERS)
        digits = [index for index, byte in enumerate(data) if 48 <= byte <= 57]
        at = rng.choice(digits) if digits else at
        return data[:at] + number + data[at + 1 :], f"{number!r} for the digit at {at}"
    if kind == "delete":
        end = min(len(data), at + rng.randint(1, 500))
        return data[:at] + data[end:], f"deleted {at}:{end}"
    other = rng.randrange(len(data) + 1)
    return data[:at] + data[other : other + rng.randint(1, 300)] + data[at:], f"spliced {other} at {at}"


def mutant(reader: str, seed: int) -> Mutant:
    """The seed's mutant of the reader's fixture. Zip documents are mutated inside a part (and re-zipped)
    three times in four, since a damaged archive is mostly refused at the door."""
    rng = random.Random(f"{reader}:{seed}")
    name, data = fixture(reader)
    if reader in ("docx", "odt", "epub") and rng.random() < 0.75:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = {info.filename: archive.read(info) for info in archive.infolist()}
        part = rng.choice(sorted(parts))
        changed, how = mutate(parts[part], rng, reader)
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for part_name, body in parts.items():
                archive.writestr(zipfile.ZipInfo(part_name, date_time=(2024, 1, 1, 0, 0, 0)), changed if part_name == part else body)
        return Mutant(reader, seed, f"{part}: {how}", name, out.getvalue())
    changed, how = mutate(data, rng, reader)
    return Mutant(reader, seed, how, name, changed)


def read_mutant(case: Mutant, folder: Path) -> None:
    """Read the mutant as a game's source: a RawText or an InputError are both answers; anything else raises."""
    from pipeline.errors import InputError
    from pipeline.ingest import read_source

    path = folder / case.name
    path.write_bytes(case.data)
    try:
        raw = read_source(path, game="fuzz", display=f"sources/fuzz/{case.name}")
    except InputError as exc:
        assert str(exc).startswith(f"sources/fuzz/{case.name}"), f"the error names another file: {exc}"
        assert "\n" not in str(exc), f"more than one line: {exc}"
        return
    raw.text.encode("utf-8")  # no lone surrogate, which no writer takes
    for line in raw.original_lines if hasattr(raw, "original_lines") else ():
        line.encode("utf-8")
