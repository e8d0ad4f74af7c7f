"""Why each rule line `make eval` finds missing is off the sheet: one cause per line, counted per text.

    PYTHONPATH=. .venv/bin/python bench/why_missed.py [STEM ...] [--lines]

Each text is built as bench/eval.py builds it (a game made by `refsheets new`, the line labeller trained without
it), then every annotated rule line not found on its sheets is followed through the stages: removed by the
cleaner; the words of a heading; in a section no quickref selects (its kind left out, or taken by another sheet);
a table row; a sentence the roles left out (its role and P(rule)); kept by the roles but left out after them
(a repeat, a list's orphan, a label); or printed and still not found (the measure). `--lines` lists each line.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.eval import (  # noqa: E402
    ANNOTATIONS, SENTENCE_MODEL_VARIABLE, _lines, _source, as_printed, on_page, score_text, sentence_folds, whole_words, words,
)
from pipeline.learn.annotations import check_against, corpus_annotations  # noqa: E402

MISSED = re.compile(r"^rule not printed (\d+):")


def _overlaps(line_words: list[str], text: str) -> bool:
    """Some run of three of the line's words (or all of a shorter line) is in `text`'s words."""
    folded = f" {' '.join(words(text))} "
    runs = [line_words[i : i + 3] for i in range(max(1, len(line_words) - 2))]
    return any(f" {' '.join(run)} " in folded for run in runs if run)


def causes(project, game: str, missed: list[int], lines: list[str]) -> list[tuple[int, str]]:
    """(line, cause) of every missed rule line of `game`."""
    from pipeline.build import tagged_document
    from pipeline.learn.sentences import KEPT_ROLES, block_contexts, load_model
    from pipeline.sheets.quickref import sheet_sections
    from pipeline.sheets.quickref.condense import _ruling_part
    from pipeline.sheets.quickref.recipe import Recipe, select_sections

    config, cleaned, document = tagged_document(project, game)
    recipes = [r for sheet in config.sheets for r in sheet.recipes.values() if isinstance(r, Recipe)][:1]
    chosen = {s.id for recipe in recipes for s in select_sections(document, recipe)}
    printed = {s.id: s for recipe in recipes for s in sheet_sections(document, recipe)}
    covered = {n for line in cleaned.lines for n in range(line.first, line.last + 1)}
    model = load_model()
    found = []
    for number in missed:
        line_words = words(as_printed(lines[number - 1]))
        if number not in covered:
            found.append((number, "removed by the cleaner"))
            continue
        section = next((s for s in document.sections if any(b.first <= number <= b.last for b in s.blocks)), None)
        if section is None:
            heading = next((s for s in document.sections if s.first == number), None)
            found.append((number, f"heading words ({heading.kind})" if heading else "in no block"))
            continue
        if section.id not in chosen:
            found.append((number, f"section not selected (kind {section.kind})"))
            continue
        block = next(b for b in section.blocks if b.first <= number <= b.last)
        if block.kind == "table":
            found.append((number, "table row"))
            continue
        out = printed.get(section.id)
        out_text = f" {' '.join(words(' '.join(b.text for b in out.blocks)))} " if out else ""
        dropped = []
        for _, _, sentence, context in block_contexts(block, section=section):
            if not _overlaps(line_words, sentence) or on_page(words(sentence), out_text):
                continue
            role = model.role(_ruling_part(sentence), context=context)
            p = sum(model.probabilities(_ruling_part(sentence), context=context).get(r, 0) for r in KEPT_ROLES)
            dropped.append((p, role, sentence))
        if dropped:
            p, role, sentence = min(dropped)
            kind = "kept role, left out after" if role in KEPT_ROLES else f"role {role}"
            found.append((number, f"{kind} (P(rule) {p:.2f}, section {section.kind}): {sentence[:60]}"))
        else:
            found.append((number, "printed, not found by the measure"))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stems", nargs="*")
    parser.add_argument("--lines", action="store_true", help="list every missed line with its cause")
    args = parser.parse_args()
    from pipeline.learn import train
    from pipeline.project import Project

    total: Counter[str] = Counter()
    annotations = [a for a in corpus_annotations(ANNOTATIONS) if not args.stems or a.stem in args.stems]
    with tempfile.TemporaryDirectory() as folder:
        sentence_models = sentence_folds([a.stem for a in annotations], Path(folder))
        for annotation in annotations:
            os.environ[SENTENCE_MODEL_VARIABLE] = str(sentence_models.get(annotation.stem, ""))
            source = _source(annotation)
            lines = _lines(annotation, source)
            check_against(annotation, source, lines)
            work = Path(folder) / annotation.stem
            work.mkdir()
            train.train(work / "lines.crfsuite", leave_out=annotation.stem)
            os.environ[train.MODEL_VARIABLE] = str(work / "lines.crfsuite")
            lines = whole_words(lines)
            result = score_text(annotation, source, lines, work)
            missed = [int(m.group(1)) for d in result.details if (m := MISSED.match(d))]
            found = causes(Project(work), annotation.stem, missed, lines)
            counts = Counter(cause.split(" (")[0].split(":")[0] for _, cause in found)
            total.update(counts)
            print(f"{annotation.stem}: {len(missed)} of {result.rules} missed: " + ", ".join(f"{c} {n}" for c, n in counts.most_common()))
            if args.lines:
                for number, cause in found:
                    print(f"    {number}: {cause}  <<{lines[number - 1].strip()[:70]}>>")
    print("all: " + ", ".join(f"{c} {n}" for c, n in total.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
