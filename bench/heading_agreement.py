"""Do the cleaner and the splitter agree on which lines are headings? Counts over the real sources.

For every non-blank text line the splitter receives, the cleaner's verdict (the raw line was kept out of
paragraph blocks as a heading, or opened a block as a run-in heading) is compared with the splitter's
(`find_headings` returned a heading for it). Works on any checkout: it wraps the two stages' own calls
instead of importing their internals, so the figure before and after a change is measured the same way.

    PYTHONPATH=. .venv/bin/python bench/heading_agreement.py [--root DIR] [--show N]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

import pipeline.clean as clean_stage
import pipeline.split as split_stage
import pipeline.split.headings as heading_stage
from pipeline.clean.corrections import load_corrections
from pipeline.model import CleanLine
from pipeline.modelkinds import LineKind
from pipeline.project import Project, load_game, load_raw


def _capture() -> tuple[list[set[int]], list[list], list[tuple[CleanLine, ...]]]:
    """Wrap the cleaner's unit finder and the splitter's recogniser so each run leaves its verdicts behind, with
    the lines the splitter read them of (in its reading order: its chunks follow the corrections)."""
    cleaner: list[set[int]] = []
    splitter: list[list] = []
    read: list[tuple[CleanLine, ...]] = []
    find_units, find_headings, decide_headings = clean_stage.find_units, heading_stage.find_headings, split_stage.decide_headings

    def units(state):
        find_units(state)
        cleaner.append(set(state.headings) | set(getattr(state, "openers", ())))

    def headings(texts, **kwargs):
        found = find_headings(texts, **kwargs)
        splitter.append(list(found))
        return found

    def decide(lines, *args, **kwargs):
        read.append(tuple(lines))
        return decide_headings(lines, *args, **kwargs)

    clean_stage.find_units = units
    heading_stage.find_headings = headings  # the splitter's recognisers, before the line labeller's word
    split_stage.decide_headings = decide
    return cleaner, splitter, read


def disagreements(
    lines: Sequence[CleanLine], found: Sequence[object], protected: Collection[int], origin: Callable[[int], int]
) -> tuple[list[tuple[CleanLine, str]], int]:
    """The non-blank text lines on which the verdicts differ (with who said heading) and how many were compared.
    `protected`: the cleaner's 0-based positions in the text it cleaned; `origin`: that text's 1-based line ->
    the number a kept line bears (a converted source's lines are named by its original file's)."""
    heads = {origin(index + 1) for index in protected}
    compared = [(line, heading) for line, heading in zip(lines, found, strict=True) if line.text.strip() and line.kind == LineKind.TEXT]
    differ = []
    for line, heading in compared:
        by_cleaner = line.first in heads  # a run-in line may have been joined with the next: its first line
        if by_cleaner != (heading is not None):
            differ.append((line, "cleaner only" if by_cleaner else "splitter only"))
    return differ, len(compared)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path("."))
    parser.add_argument("--show", type=int, default=0, help="print up to N disagreements per game")
    args = parser.parse_args()
    project = Project(args.root.resolve())
    cleaner, splitter, read = _capture()
    total = differ = 0
    for game in project.game_ids():
        # The stages called directly: the build's stage cache would answer without running them.
        config = load_game(project, game)
        path = project.sources / game / "corrections.yaml"
        corrections = load_corrections(path, display=project.display(path))
        raw = load_raw(project, game)
        cleaned = clean_stage.clean(raw, corrections=corrections, options=config.clean, split_options=config.split)
        split_stage.split(cleaned, game=config.game, options=config.split)
        found, count = disagreements(read[-1], splitter[-1], cleaner[-1], raw.origin)
        for line, who in found[: args.show]:
            print(f"  {game}:{line.first} {who}: {line.text[:90]}")
        print(f"{game}: {len(found)} of {count} lines disagree")
        total += count
        differ += len(found)
    print(f"all: {differ} of {total} non-blank lines disagree ({100 * differ / max(total, 1):.1f} %)")


if __name__ == "__main__":
    main()
