"""Benchmark: the hostile inputs that once hung the tool, at full size, through the real command line.

Run with `.venv/bin/python bench/hostile.py [--cases name,name]` (not part of `make test`: the tests check
the same shapes at moderate sizes, tests/robustness/test_bounded_work.py). Each case is a one-game project
in a temporary folder, built once with `refsheets build`; the table gives wall and CPU seconds, peak memory,
the exit code and the pages made. Every case must end within 30 s: the oversized ones with a clear error
(exit 2), the others with a PDF.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.robustness.hostile import broken_sentence, brackets, long_word, one_line, paragraphs, short_paragraphs  # noqa: E402

REFSHEETS = str(Path(sys.executable).parent / "refsheets")
CASES = {
    # The full-size inputs that once hung the tool: each is longer than any translation (ingest/limits.py: MAX_SOURCE_CHARS,
    # MAX_SOURCE_LINES), so it is refused at once with exit 2.
    "200k-paragraphs": lambda: paragraphs(200_000),
    "200k-short-paragraphs": lambda: short_paragraphs(200_000),
    "200k-line-sentence": lambda: broken_sentence(200_000),
    "5mb-line": lambda: one_line(5_000_000 // 80),
    # The same shapes just under the limits, and the pathological words: each must build, in under 30 s.
    "8k-paragraphs": lambda: paragraphs(8_000),
    "12k-short-paragraphs": lambda: short_paragraphs(12_000),
    "24k-line-sentence": lambda: broken_sentence(24_000),
    "100kb-word": lambda: long_word(100_000),
    "100k-brackets": lambda: brackets(100_000),
    "500kb-line": lambda: one_line(500_000 // 80),
}


def run_case(name: str, text: str, folder: Path) -> str:
    root = folder / name
    shutil.copytree(ROOT / "templates", root / "templates")
    (root / "glossaries").mkdir()
    (root / "sources" / "hostile").mkdir(parents=True)
    (root / "sources" / "hostile" / "raw.txt").write_text(text, encoding="utf-8")
    started = time.perf_counter()
    process = subprocess.Popen([REFSHEETS, "--root", str(root), "build"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    built = process.stdout.read().strip().splitlines()
    error = process.stderr.read().strip().splitlines()
    process.returncode = os.waitstatus_to_exitcode(status)
    failure = next((line[:160] for line in error if line.startswith("error:")), "")
    pages = next((line.split(", ")[-1] for line in built if "/quickref: built" in line), failure or (error[-1] if error else ""))
    return (
        f"| {name} | {len(text) / 1e6:.1f} MB | {wall:.1f} s | {usage.ru_utime + usage.ru_stime:.1f} s "
        f"| {usage.ru_maxrss / 1024:.0f} MB | {process.returncode} | {pages} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=",".join(CASES), help=f"comma-separated, of: {', '.join(CASES)}")
    names = [name for name in parser.parse_args().cases.split(",") if name]
    print("| case | size | wall | CPU | peak | exit | result |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    with tempfile.TemporaryDirectory(prefix="refsheets-hostile-") as folder:
        for name in names:
            print(run_case(name, CASES[name](), Path(folder)), flush=True)


if __name__ == "__main__":
    main()
