"""Typo candidates on the five real sources: recall on the misspellings listed in issue 15, and every candidate
for a person to judge (precision is a reading, not a number this script can know). Not part of `make test`.

    python bench/typos.py            # candidates per game, then recall and timing
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.build.stages import prepare  # noqa: E402
from pipeline.store import user_folder  # noqa: E402
from pipeline.desk.typos import find_typos, lexicon  # noqa: E402
from pipeline.project import Project  # noqa: E402

LISTED = ("nava", "uan", "campañaa", "ESto", "inlcuido", "proporcinan", "protejer", "absorvido", "reaultado", "Landindg", "atravensado")


def main() -> None:
    project = Project(ROOT)
    start = time.perf_counter()
    lexicon(user_folder())
    loaded = time.perf_counter() - start
    found: set[str] = set()
    total = 0
    for game in project.game_ids():
        _, cleaned, _ = prepare(project, game)
        began = time.perf_counter()
        typos = find_typos(cleaned, project=project, game_id=game)
        print(f"{game}: {len(typos)} candidates ({time.perf_counter() - began:.1f} s)")
        for typo in typos:
            mark = "*" if typo.word in LISTED else " "
            times = f"  (x{typo.count})" if typo.count > 1 else ""
            print(f"  {mark} line {typo.line:>5}  {typo.word} -> {', '.join(typo.suggestions)}{times}")
        found |= {typo.word for typo in typos}
        total += len(typos)
    hits = [word for word in LISTED if word in found]
    print(f"listed misspellings found: {len(hits)} of {len(LISTED)}; missed: {', '.join(w for w in LISTED if w not in found) or 'none'}")
    print(f"candidates: {total}; word lists loaded in {loaded:.1f} s")


if __name__ == "__main__":
    main()
