"""The sentence-role classifier (pipeline/learn/): its sentences, its committed model, and what condense does with it."""
from __future__ import annotations

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


def test_the_committed_model_loads_and_names_roles() -> None:
    model = SentenceModel.__new__(SentenceModel)
    import json

    model.__init__(json.loads(MODEL.read_text(encoding="utf-8")))
    assert set(model.roles) <= set(ROLES) and "rule" in model.roles
    context = {"section_kind": "rules", "block_kind": "paragraph", "first": False, "after_example": False, "title": "Combate"}
    assert model.role("Por ejemplo, si el destructor tira 3 dados, obtiene 2 impactos.", context=context) == "example"
    assert model.role("Cada jugador debe robar dos cartas al inicio de su turno.", context=context) == "rule"
    probabilities = model.probabilities("El espacio es un lugar muy cruel.", context=context)
    assert abs(sum(probabilities.values()) - 1) < 1e-9


def test_a_sentence_that_shows_no_sign_of_an_example_is_not_left_out_as_one() -> None:
    """Game words learnt from another text's examples ("ataca", "vidas") made a rule an example; with no sign of one
    (the word, figures, a past tense, an example opened before it) its `example` share counts as `rule`."""
    weights = {"bias": [0, 0], "w:ataca": [0, 3000], "cue:digit": [0, 0]}
    model = SentenceModel({"roles": ["rule", "example"], "scale": 1000, "weights": weights})
    context = {"section_kind": "rules", "block_kind": "paragraph", "first": False, "after_example": False, "title": ""}
    bare = model.probabilities("Cuando un mago ataca a un caballero le hace daño puro.", context=context)
    assert bare == {"rule": pytest.approx(1.0), "example": 0.0}
    figures = model.probabilities("Un mago ataca con 8 pociones.", context=context)
    assert figures["example"] > 0.9 and model.role("Un mago ataca con 8 pociones.", context=context) == "example"


def test_the_committed_model_is_what_make_sentence_model_makes(real_inputs: Path) -> None:
    """Byte for byte: the annotations and the sources give this model and this evaluation table, run to run."""
    from pipeline.learn.train_sentences import EVALUATION, build

    model, table = build(real_inputs, folder=ROOT / "tests" / "sentences")
    assert model == MODEL.read_text(encoding="utf-8"), "pipeline/learn/models/sentences.json is stale: run `make sentence-model`"
    assert table == EVALUATION.read_text(encoding="utf-8")
    assert load_model().keep_below == float(table.split("keep threshold ")[1].split(")")[0])


def test_a_paragraph_opened_by_an_example_marks_the_sentences_that_go_on_with_it() -> None:
    """"Ejemplo: el dado de las decenas saca un 3. El de las unidades, un 7." is one example: its second sentence
    is told in the example's place, which a sentence after a mid-paragraph "por ejemplo" is not."""
    from pipeline.learn.sentences import block_contexts, features
    from pipeline.model import Block

    opened = block_contexts(Block("paragraph", "Ejemplo: el dado rojo saca un 3. El azul saca un 7. Suman 10.", 1, 1))
    assert [context["in_example_block"] for *_, context in opened] == [False, True, True]
    assert "place:example-paragraph" in features(opened[1][2], context=opened[1][3])
    later = block_contexts(Block("paragraph", "Tira dos dados. Por ejemplo, un 3 y un 7. Suma ambos.", 1, 1))
    assert [context["in_example_block"] for *_, context in later] == [False, False, False]
    assert [context["after_example"] for *_, context in later] == [False, False, True]


@pytest.mark.parametrize(
    ("sentence", "cue"),
    [
        ("Este documento tiene licencia Creative Commons.", "cue:meta"),
        ("En este capítulo aprenderemos a mover las unidades.", "cue:meta"),
        ("[NOTA: las razas pueden no ser esenciales.]", "cue:note"),
        ("Es recomendable jugar primero sin las cartas rojas.", "cue:advice-more"),
        ("Esto se debe a que hay hechizos que las devuelven.", "cue:rationale"),
        ("El trol falló la tirada y el total sería 37.", "cue:past"),
    ],
)
def test_the_cues_of_what_a_summary_leaves_out(sentence: str, cue: str) -> None:
    from pipeline.learn.sentences import features

    context = {"section_kind": "rules", "block_kind": "paragraph", "first": False, "after_example": False, "title": ""}
    assert cue in features(sentence, context=context)
    assert cue not in features("Cada jugador roba dos cartas al inicio de su turno.", context=context)


def test_a_corpus_annotation_keeps_a_digest_of_a_sentence_never_its_words(tmp_path: Path) -> None:
    from pipeline.learn.corpus_sentences import annotated_corpus, digest

    assert digest("Roba  dos\ncartas.") == digest("Roba dos cartas.") != digest("Roba tres cartas.")
    assert len(digest("Roba dos cartas.")) == 10
    import yaml

    for path in (ROOT / "tests" / "sentences" / "corpus").glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert set(data) == {"stem", "file", "sha256", "sentences"}
        assert all(set(entry) == {"key", "digest", "role"} and len(entry["digest"]) == 10 for entry in data["sentences"])
    # Without the corpus at hand (a clone without ../shared) its annotations are skipped, not an error.
    assert annotated_corpus(ROOT, corpus=tmp_path) == {}


def test_a_corpus_annotation_follows_its_sentence_by_digest_when_the_split_moves_it() -> None:
    from pipeline.learn.corpus_sentences import _matched, digest

    found = [("a#0", "Roba dos cartas.", {}), ("a#1", "Descarta una.", {}), ("b#0", "Frase nueva.", {})]
    entries = [
        {"key": "a#1", "digest": digest("Roba dos cartas."), "role": "rule"},  # moved: a#0 now
        {"key": "a#0", "digest": digest("Descarta una."), "role": "rule"},  # moved: a#1 now
        {"key": "c#0", "digest": digest("Ya no está."), "role": "example"},  # rewritten by a fix
    ]
    rows, stale, unjudged = _matched(entries, found, Path("x.yaml"))
    assert [(sentence, role) for sentence, _, role in rows] == [("Roba dos cartas.", "rule"), ("Descarta una.", "rule")]
    assert stale == ["c#0"] and unjudged == ["b#0"]
