"""Lines of the cache code and of pipeline/ (issue 24: cache code under 400 lines, pipeline/ under 20,145).

Run with `.venv/bin/python bench/size.py`. The cache code is the modules whose only job is keeping results
between runs: the store (entries, retention, memoized, write_atomic, the user folder), the sheet entries and
printed index (build/cache.py), every key and the parse memo (build/keys.py) and the build lock
(build/lock.py). Counted whole, with docstrings, comments and blank lines (`wc -l`). What each stage stores
(its load and dump beside `memoized`: build/stages.py, build/proofpage.py, sheets/glyphs.py,
desk/verdicts.py) stays with the stage and is not counted here, nor are the SQLite word tables
(wordstore.py), which are data read a word at a time rather than entries.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE_CODE = ("pipeline/store.py", "pipeline/build/cache.py", "pipeline/build/keys.py", "pipeline/build/lock.py")


def lines(path: Path) -> int:
    return len(path.read_bytes().splitlines())


def main() -> None:
    for name in CACHE_CODE:
        print(f"{lines(ROOT / name):6}  {name}")
    print(f"{sum(lines(ROOT / name) for name in CACHE_CODE):6}  cache code (target < 400)")
    print(f"{sum(lines(path) for path in (ROOT / 'pipeline').rglob('*.py')):6}  pipeline/ (target < 20,145)")


if __name__ == "__main__":
    main()
