"""The line labeller: a linear-chain CRF over a cleaned text's lines, trained on annotated real texts.

It answers, for every non-blank cleaned line, how likely the line opens a section (H), is the game's
title (T), is noise that survived the cleaner (N) or is content (C). The recognisers of
pipeline.structure still propose; their verdicts are features, and the splitter takes the model's word
where it is sure (split/__init__.py). The model file is made by `make model` (train.py) and committed;
`REFSHEETS_LINE_MODEL` names another file, or `none` for the recognisers alone (the evaluation's folds).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pipeline.learn.features import Unit, sequence_features
from pipeline.structure.options import SplitOptions

MODEL_VARIABLE = "REFSHEETS_LINE_MODEL"
NO_MODEL = "none"
DEFAULT_MODEL = Path(__file__).resolve().parent / "models" / "lines.crfsuite"


@dataclass(frozen=True)
class Reading:
    """The model's marginal probabilities for one unit."""

    heading: float  # H or T: the line opens a section (or titles the document)
    noise: float

    @property
    def content(self) -> float:
        return 1.0 - self.heading - self.noise


def model_path() -> Path | None:
    chosen = os.environ.get(MODEL_VARIABLE, "")
    if chosen == NO_MODEL:
        return None
    path = Path(chosen) if chosen else DEFAULT_MODEL
    return path if path.is_file() else None


@lru_cache(maxsize=4)
def _tagger(path: str):  # a pycrfsuite.Tagger, opened once per process and model file
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(path)
    return tagger


def read_units(units: list[Unit], options: SplitOptions) -> list[Reading] | None:
    """The model's reading of every unit, or None when there is no model (the recognisers decide alone)."""
    path = model_path()
    if path is None or not units:
        return None
    tagger = _tagger(str(path))
    tagger.set(sequence_features(units, options))
    known = set(tagger.labels())
    readings = []
    for position in range(len(units)):
        heading, title, noise = (tagger.marginal(label, position) if label in known else 0.0 for label in ("H", "T", "N"))
        readings.append(Reading(heading=heading + title, noise=noise))
    return readings
