"""Do the cleaner and the splitter agree on which lines are headings? Counts over the real sources.

For every non-blank text line the splitter receives, the cleaner's verdict (the raw line was kept out of
paragraph blocks as a heading, or opened a block as a run-in heading) is compared with the splitter's
(`find_headings` returned a heading for it). Works on any checkout: it wraps the two stages' own calls
instead of importing their internals, so the figure before and after a change is measured the same way.

    PYTHONPATH=. .venv/bin/python bench/heading_agreement.py [--root DIR] [--show N]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pipeline.clean as clean_stage
import pipeline.split.headings as heading_stage
from pipeline.split import split
from pipeline.clean.corrections import load_corrections
from pipeline.project import Project, load_game, load_raw
from pipeline.split.order import reading_order


def _capture() -> tuple[list[set[int]], list[list]]:
    """Wrap the cleaner's unit finder and the splitter's recogniser so each run leaves its verdicts behind."""
    cleaner: list[set[int]] = []
    splitter: list[list] = []
    find_units, find_headings = clean_stage.find_units, heading_stage.find_headings

    def units(state):
        find_units(state)
        cleaner.append(set(state.headings) | set(getattr(state, "openers", ())))

    def headings(texts, **kwargs):
        found = find_headings(texts, **kwargs)
        splitter.append(list(found))
        return found

    clean_stage.find_units = units
    heading_stage.find_headings = headings  # the splitter's recognisers, before the line labeller's word
    return cleaner, splitter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path("."))
    parser.add_argument("--show", type=int, default=0, help="print up to N disagreements per game")
    args = parser.parse_args()
    project = Project(args.root.resolve())
    cleaner, splitter = _capture()
    total = differ = 0
    for game in project.game_ids():
        # The stages called directly: the build's stage cache would answer without running them.
        config = load_game(project, game)
        path = project.sources / game / "corrections.yaml"
        corrections = load_corrections(path, display=project.display(path))
        cleaned = clean_stage.clean(load_raw(project, game), corrections=corrections, options=config.clean, split_options=config.split)
        split(cleaned, game=config.game, options=config.split)
        protected, found = cleaner[-1], splitter[-1]
        ordered = reading_order(cleaned.lines, config.split.chunks)  # the splitter reads the chunks in reading order
        lines = [(line, heading) for line, heading in zip(ordered, found) if line.text.strip() and line.kind == "text"]
        shown = 0
        count = 0
        for line, heading in lines:
            by_cleaner = line.first - 1 in protected  # a run-in line may have been joined with the next
            by_splitter = heading is not None
            if by_cleaner != by_splitter:
                count += 1
                if shown < args.show:
                    who = "splitter only" if by_splitter else "cleaner only"
                    print(f"  {game}:{line.first} {who}: {line.text[:90]}")
                    shown += 1
        print(f"{game}: {count} of {len(lines)} lines disagree")
        total += len(lines)
        differ += count
    print(f"all: {differ} of {total} non-blank lines disagree ({100 * differ / max(total, 1):.1f} %)")


if __name__ == "__main__":
    main()
