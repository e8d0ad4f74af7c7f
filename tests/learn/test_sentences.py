"""The sentence-role classifier (pipeline/learn/): its sentences, its committed model, and what condense does with it."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from pipeline.learn.sentences import MODEL, ROLES, SentenceModel, load_model, sentences

from ..conftest import ROOT


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Lanza 3DR y consulta la tabla (pag. 27). En campaña no.", ["Lanza 3DR y consulta la tabla (pag. 27).", "En campaña no."]),
        ("Un fragmento (máx. Uno por ronda). Sigue.", ["Un fragmento (máx. Uno por ronda).", "Sigue."]),
        ("Roba una carta. ¿Y después? Descártala.", ["Roba una carta.", "¿Y después?", "Descártala."]),
        ("sin punto final", ["sin punto final"]),
    ],
)
def test_sentences_end_at_full_stops_but_not_after_abbreviations(text: str, expected: list[str]) -> None:
    assert [text[start:end] for start, end in sentences(text)] == expected


def test_the_committed_model_loads_fast_and_names_roles() -> None:
    started = time.perf_counter()
    model = SentenceModel.__new__(SentenceModel)
    import json

    model.__init__(json.loads(MODEL.read_text(encoding="utf-8")))
    assert time.perf_counter() - started < 0.5  # a few hundred KB of integers: milliseconds on a quiet machine
    assert set(model.roles) <= set(ROLES) and "rule" in model.roles
    context = {"section_kind": "rules", "block_kind": "paragraph", "first": False, "after_example": False, "title": "Combate"}
    assert model.role("Por ejemplo, si el destructor tira 3 dados, obtiene 2 impactos.", context=context) == "example"
    assert model.role("Cada jugador debe robar dos cartas al inicio de su turno.", context=context) == "rule"
    probabilities = model.probabilities("El espacio es un lugar muy cruel.", context=context)
    assert abs(sum(probabilities.values()) - 1) < 1e-9


def test_the_committed_model_is_what_make_sentence_model_makes(real_inputs: Path) -> None:
    """Byte for byte: the annotations and the sources give this model and this evaluation table, run to run."""
    from pipeline.learn.train_sentences import EVALUATION, build

    model, table = build(real_inputs, folder=ROOT / "tests" / "sentences")
    assert model == MODEL.read_text(encoding="utf-8"), "pipeline/learn/models/sentences.json is stale: run `make sentence-model`"
    assert table == EVALUATION.read_text(encoding="utf-8")
    assert load_model().keep_below == float(table.split("keep threshold ")[1].split(")")[0])
