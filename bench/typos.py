"""Typo candidates on the five real sources: recall on the misspellings listed in issue 15, and every candidate
for a person to judge (precision is a reading, not a number this script can know); then, on the misspellings of
our own making in tests/desk/typo_slips.tsv, how often the meant word comes first, by kind. Not part of `make test`.

    python bench/typos.py            # candidates per game, recall and timing, then the first-suggestion figure
    REFSHEETS_HUNSPELL=/usr/share/hunspell/es_ES python bench/typos.py   # and Hunspell's figure (needs spylls)
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.build.stages import prepare  # noqa: E402
from pipeline.store import user_folder  # noqa: E402
from pipeline.desk.typos import find_typos, judge_word, lexicon  # noqa: E402
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
    first_suggestions()


def first_suggestions() -> None:
    """The meant word first (a valid word: not flagged), per kind of misspelling, and the misses."""
    words = lexicon(user_folder())
    scored("refsheets typos", lambda word: judge_word(
        word, sentence_start=word[:1].isupper(), glossary=frozenset(), glossary_words=(), words=words))
    if os.environ.get("REFSHEETS_HUNSPELL"):  # the same cases through a Hunspell dictionary (.aff/.dic path stem)
        from spylls.hunspell import Dictionary

        dictionary = Dictionary.from_files(os.environ["REFSHEETS_HUNSPELL"])
        scored("hunspell", lambda word: () if dictionary.lookup(word) else tuple(dictionary.suggest(word))[:3])


def scored(name: str, judge) -> None:
    """`judge`: word -> its suggestions, best first (() for a word it takes as valid)."""
    right: dict[str, list[int]] = {}
    began = time.perf_counter()
    for line in (ROOT / "tests" / "desk" / "typo_slips.tsv").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        word, meant, kind = line.split("\t")
        found = judge(word)
        hit = found[:1] == ((meant,) if meant else ())
        right.setdefault(kind, []).append(hit)
        if not hit:
            print(f"  miss ({kind}): {word} -> {', '.join(found) or 'not flagged'}; meant {meant or 'a valid word'}")
    rows = [f"{kind} {sum(hits)}/{len(hits)}" for kind, hits in right.items()]
    every = [hit for hits in right.values() for hit in hits]
    print(f"{name}: meant word first (typo_slips.tsv) {sum(every)} of {len(every)} ({', '.join(rows)}),"
          f" {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
