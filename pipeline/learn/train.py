"""Training the line labeller: `make model` (python -m pipeline.learn.train) writes models/lines.crfsuite.

What it learns from, every text read and cleaned exactly as a build reads and cleans it:
- the real corpus (../shared/corpus, annotated in tests/corpus/): each line's role and the headings;
- the five seed games (sources/, their goldens' sections say which lines open a section);
- the format cases (tests/fixtures/formats/: their expected headings and noise).
The corpus is optional (a clone without ../shared trains on the rest); the texts are read where they
are, never copied. Same inputs, same model file: crfsuite's L-BFGS is deterministic and the texts are
read in a fixed order.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from unittest.mock import patch

from pipeline.learn.annotations import NOISE_ROLES, Annotation, corpus_annotations
from pipeline.learn.features import Unit, sequence_features
from pipeline.learn.labeller import DEFAULT_MODEL, MODEL_VARIABLE, NO_MODEL
from pipeline.store import write_atomic
from pipeline.text import fold

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
ANNOTATIONS = ROOT / "tests" / "corpus"
FORMATS = ROOT / "tests" / "fixtures" / "formats"
GOLDEN = ROOT / "tests" / "golden"
TITLE_UNITS = 5  # a format case's title is one of its first lines
# c2 (L2) chosen on `make eval`: at 0.01 one small training text more or less moved four corpus rows either way (a
# heading read at 0.23 or 0.33); from 1.0 to 3.0 every row holds, and mus gains three headings' parents.
PARAMS = {"c1": 0.05, "c2": 1.0, "max_iterations": 200, "feature.possible_transitions": True}


@dataclass(frozen=True)
class Sample:
    """One text's units, their features and labels."""

    name: str
    source: str  # corpus, seed or format
    features: tuple[tuple[str, ...], ...]
    labels: tuple[str, ...]


# An outline number before a heading's words ("2.1. ", "Capítulo 3: "): annotations and expected headings may
# name the heading with or without it.
OUTLINE_NUMBER = re.compile(
    r"^\s*(?:(?:cap[ií]tulo|parte|secci[óo]n)\s+\w+\s*[:.\-–]\s*|\d+(?:\.\d+)*[.)]?-?\s+|[IVXL]+\.\s+|[a-zA-Z][.)]\s+)", re.IGNORECASE
)


def _key(text: str) -> str:
    from pipeline.structure import readable_title
    from pipeline.structure.patterns import MARKUP_HEADING

    bare = MARKUP_HEADING.sub(r"\2", text.strip()).strip("*_ ")
    bare = OUTLINE_NUMBER.sub("", bare) or bare
    return fold(readable_title(bare)) if bare else ""


def _opens(text: str, title: str) -> bool:
    """The line starts with the heading's words (a heading alone on its line, or run in)."""
    line, heading = _key(text), _key(title)
    return bool(heading) and (line == heading or line.startswith(heading + " ") or (len(heading) > 12 and heading.startswith(line)))


def read_units(project, game_id: str):  # a Project -> (units, SplitOptions)
    """A game's cleaned lines as the splitter reads them, with the recognisers' verdicts."""
    from pipeline.clean import clean
    from pipeline.clean.corrections import load_corrections
    from pipeline.project import load_game, load_raw
    from pipeline.split.headings import reading_units

    # Units are read as the recognisers alone read them: the model must not read its own training texts.
    with patch.dict(os.environ, {MODEL_VARIABLE: NO_MODEL}):
        config = load_game(project, game_id)
        raw = load_raw(project, game_id)
        path = project.sources / game_id / "corrections.yaml"
        corrections = load_corrections(path, display=str(path)) if path.is_file() else ()
        cleaned = clean(raw, corrections=corrections, options=config.clean, split_options=config.split)
        return reading_units(cleaned, config.split), config.split


def _corpus_sample(annotation: Annotation, work: Path) -> Sample:
    from pipeline.project import Project

    _project_files(work)
    folder = work / "sources" / annotation.stem
    folder.mkdir(parents=True)
    shutil.copy(CORPUS / annotation.stem / annotation.file, folder / annotation.file)
    (units, lines), options = read_units(Project(work), annotation.stem)
    titles = {heading.line: heading.title for heading in annotation.headings}
    labels = []
    for unit in units:
        line = lines[unit.index]
        span = range(line.first, line.last + 1)
        roles = [annotation.roles[number] for number in span if annotation.roles.get(number, "markup") != "markup"]
        if any(number in titles and _opens(unit.text, titles[number]) for number in span):
            labels.append("H")
        elif roles and roles[0] == "title":
            labels.append("T")
        elif roles and Counter(role in NOISE_ROLES for role in roles).most_common(1)[0][0]:
            labels.append("N")
        else:
            labels.append("C")
    return Sample(annotation.stem, "corpus", _features(units, options), tuple(labels))


def _seed_sample(game_id: str) -> Sample:
    """A seed game: its golden sections say which lines open a section (the recognisers' verdicts, reviewed)."""
    from pipeline.project import Project

    (units, lines), options = read_units(Project(ROOT), game_id)
    sections = json.loads((GOLDEN / game_id / "sections.json").read_text(encoding="utf-8"))
    starts = {section["lines"][0] for section in sections[1:]}
    if sections and any(unit.verdict is not None and lines[unit.index].first == sections[0]["lines"][0] for unit in units):
        starts.add(sections[0]["lines"][0])  # the first section is a heading's, not the preamble
    labels = tuple("H" if unit.verdict is not None and lines[unit.index].first in starts else "C" for unit in units)
    return Sample(game_id, "seed", _features(units, options), labels)


def _format_sample(case: str, work: Path) -> Sample:
    import yaml

    from pipeline.build.defaults import game_name
    from pipeline.project import Project

    sys.path.insert(0, str(ROOT))
    from tests.formats_cases import materialise

    _project_files(work)
    materialise(case, work / "sources")
    expected = yaml.safe_load((FORMATS / case / "expected.yaml").read_text(encoding="utf-8")) or {}
    (units, lines), options = read_units(Project(work), case)
    wanted = list(expected.get("headings", []))
    noise = [" ".join(str(item).split()).casefold() for item in expected.get("noise", [])]
    title = _key(str(expected.get("title", "")))
    labels: list[str] = []
    for position, unit in enumerate(units):
        flat = " ".join(unit.text.split()).casefold()
        opened = next((title for title in wanted if _opens(unit.text, str(title))), None)
        if title and position < TITLE_UNITS and title in (_key(unit.text), _key(game_name(unit.text))) and "T" not in labels:
            labels.append("T")
        elif opened is not None:
            wanted.remove(opened)
            labels.append("H")
        elif any(item and item in flat and len(item) >= 0.5 * len(flat) for item in noise):
            labels.append("N")
        else:
            labels.append("C")
    return Sample(case, "format", _features(units, options), tuple(labels))


def _project_files(work: Path) -> None:
    """A project folder a game can be read in: the repository's glossaries and templates."""
    for name in ("glossaries", "templates"):
        if not (work / name).exists():
            shutil.copytree(ROOT / name, work / name)


def _features(units: list[Unit], options) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(items) for items in sequence_features(units, options))


@lru_cache(maxsize=1)
def samples() -> tuple[Sample, ...]:
    """Every training text, read once per process (the evaluation trains once per text left out)."""
    found: list[Sample] = []
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        if CORPUS.is_dir():
            for annotation in corpus_annotations(ANNOTATIONS):
                if (CORPUS / annotation.stem / annotation.file).is_file():
                    found.append(_corpus_sample(annotation, work / "corpus" / annotation.stem))
        for game in sorted(path.name for path in GOLDEN.iterdir() if (path / "sections.json").is_file()):
            found.append(_seed_sample(game))
        for case in sorted(path.name for path in FORMATS.iterdir() if (path / "expected.yaml").is_file()):
            found.append(_format_sample(case, work / "formats" / case))
    return tuple(found)


def train(path: Path, *, leave_out: str | None = None) -> Path:
    """Train on every sample but `leave_out` and write the model to `path` (atomically)."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for sample in samples():
        if sample.name != leave_out:
            trainer.append([list(items) for items in sample.features], list(sample.labels))
    trainer.set_params(PARAMS)
    write_atomic(path, lambda partial: trainer.train(str(partial)))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description="train the line labeller on every annotated text")
    parser.add_argument("--out", type=Path, default=DEFAULT_MODEL)
    args = parser.parse_args()
    made = samples()
    counts = Counter(label for sample in made for label in sample.labels)
    train(args.out)
    print(f"{args.out}: {len(made)} texts, {sum(counts.values())} lines ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))})")


if __name__ == "__main__":
    main()
