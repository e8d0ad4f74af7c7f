"""Tagging: glossary terms found in Spanish text across plural/gender forms, capitals, accents and English variants."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pipeline.tag.glossary import Glossary, Term
from pipeline.tag.matcher import Tagger, lemma_table, word_forms

from ..conftest import GAMES


def glossary(*terms: Term) -> Glossary:
    return Glossary(terms=terms)


@pytest.fixture(scope="module")
def tagger() -> Tagger:
    return Tagger(
        glossary(
            Term("amenaza", "Threat"),
            Term("amenaza interna", "Internal Threat", variants=("amenaza int",)),
            Term("acción", "Action"),
            Term("jugador", "Player"),
            Term("dado", "die"),
            Term("daño", "damage"),
            Term("fase", "phase"),
            Term("colmena", "Hive", variants=("hive",)),
            Term("robar", "draw", kind="action"),
            Term("partida", "game"),
            Term("GD", "Galaxy Defender"),
            Term("fase de evento", "Event Phase"),
            Term("D'Artagnan", "D'Artagnan"),
        )
    )


def found(tagger: Tagger, text: str) -> list[tuple[str, str]]:
    return [(text[hit.start : hit.end], hit.es) for hit in tagger.find(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Las amenazas internas llegan", [("amenazas internas", "amenaza interna")]),
        ("un amenaza interno", [("amenaza interno", "amenaza interna")]),  # the other gender of the adjective
        ("Dos acciones y una acción", [("acciones", "acción"), ("acción", "acción")]),
        ("las jugadoras y los jugadores", [("jugadoras", "jugador"), ("jugadores", "jugador")]),
        ("Roba dos cartas; robó otra", [("Roba", "robar"), ("robó", "robar")]),  # a verb matches by lemma
    ],
)
def test_lemma_matching_across_plural_gender_and_verb_forms(tagger: Tagger, text: str, expected) -> None:
    assert found(tagger, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AMENAZAS INTERNAS", [("AMENAZAS INTERNAS", "amenaza interna")]),
        ("Amenazas del turno", [("Amenazas", "amenaza")]),
        ("Cada accion cuenta", [("accion", "acción")]),  # accents are folded for matching only
        ("la mision del logro D´artagnan", [("D´artagnan", "D'Artagnan")]),
    ],
)
def test_capitals_headings_and_accents_match(tagger: Tagger, text: str, expected) -> None:
    assert found(tagger, text) == expected


def test_longest_match_wins(tagger: Tagger) -> None:
    assert found(tagger, "roba una amenaza interna") == [("roba", "robar"), ("amenaza interna", "amenaza interna")]
    assert found(tagger, "en la fase de “Evento” roba") == [("fase de “Evento", "fase de evento"), ("roba", "robar")]


def test_english_variants_inside_spanish_text(tagger: Tagger) -> None:
    assert found(tagger, "la fase de Hive/colmena y los HIVES") == [
        ("fase", "fase"), ("Hive", "colmena"), ("colmena", "colmena"), ("HIVES", "colmena")
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("se realiza la acción Z. El resto", [("acción Z", "acción Z")]),  # 'Z.' is the letter and a full stop
        ("los escudos.(De forma que", [("escudos", "escudo")]),  # punctuation glued to the word
        ("ganas ([PE])en función", [("PE", "PE")]),
        ("Stealth Fighter- Caza", [("Stealth Fighter", "Stealth Fighter")]),
        ("«acción» y 'escudo'", [("acción", "acción"), ("escudo", "escudo")]),
    ],
)
def test_words_glued_to_punctuation_match(text: str, expected) -> None:
    terms = Tagger(glossary(Term("acción", "action"), Term("acción Z", "Z Action"), Term("escudo", "Shield"),
                            Term("PE", "Experience Point"), Term("Stealth Fighter", "Stealth Fighter")))
    assert found(terms, text) == expected


@pytest.mark.parametrize("text", ["amenaza\ninterna", "amenaza\n\ninterna", "amenaza  interna"])
def test_no_term_spans_a_line_break_or_a_double_space(tagger: Tagger, text: str) -> None:
    assert found(tagger, text) == [("amenaza", "amenaza")]


@pytest.mark.parametrize(
    "text",
    [
        "el desfase del reloj",  # 'fase' inside another word
        "con cuidado, les dan una parte",  # 'dado'/'daño' lemmatise to 'dar', 'partida' to 'partir'
        "las cargas del turno",  # no glossary term at all
        "gd minúsculas: no es la sigla",  # an acronym matches only in capitals
        "accionar la palanca",  # the lookup table's verb lemma of 'acciones'
    ],
)
def test_no_false_positives(tagger: Tagger, text: str) -> None:
    assert found(tagger, text) == []


def test_gender_forms_need_the_lemma_table_to_agree() -> None:
    table = lemma_table()
    assert "interno" in word_forms("interna", table)
    assert "cargo" not in word_forms("carga", table)  # 'carga'/'cargo' are two words
    assert "turna" not in word_forms("turno", table)
    assert word_forms("GD", table) == {"gd"}


@pytest.mark.parametrize("game", GAMES)
def test_real_texts_are_tagged_in_titles_and_text(real_tagged, game: str) -> None:
    _, _, document = real_tagged(game)
    hits = [hit for section in document.sections for hit in section.text_terms()]
    assert len(hits) >= 150
    assert any(section.title_terms for section in document.sections)
    for section in document.sections:
        found = [(section.title, hit) for hit in section.title_terms] + [
            (block.text, hit) for block in section.blocks for hit in block.terms
        ]
        for text, hit in found:
            assert 0 <= hit.start < hit.end <= len(text)
            # whole words only: the characters around a hit are not letters
            assert not text[hit.start - 1 : hit.start].isalpha() if hit.start else True
            assert not text[hit.end : hit.end + 1].isalpha()


def test_space_alert_common_verbs_are_not_tagged_as_nouns(real_tagged) -> None:
    _, _, document = real_tagged("space-alert")
    surfaces = {
        text[hit.start : hit.end].lower()
        for section in document.sections
        for text, hits in [(section.title, section.title_terms), *((block.text, block.terms) for block in section.blocks)]
        for hit in hits
    }
    assert "dan" not in surfaces and "da" not in surfaces
    assert {"amenazas internas", "acciones", "misiones"} <= surfaces


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("Tira un dado.", ["dado"]),
        ("Vuelve a tirar los dados rojos.", ["dados"]),
        ("Te ha dado un golpe.", []),
        ("Una vez hayas dado tu consentimiento.", []),
        ("Dado que no hay nadie, sigue.", []),
        ("El componente queda dañado.", ["dañado"]),
        ("La explosión ha dañado la cápsula.", []),
    ],
)
def test_a_participle_used_as_a_verb_is_not_the_term(sentence: str, found: list[str]) -> None:
    from pipeline.tag.glossary import Glossary, Term
    from pipeline.tag.matcher import Tagger

    tagger = Tagger(Glossary(terms=(Term(es="dado", en="Die"), Term(es="dañado", en="Damaged"))))
    assert [sentence[hit.start : hit.end] for hit in tagger.find(sentence)] == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("La baraja de resultados está boca abajo.", []),  # 'baraja' after a determiner: the deck
        ("Baraja las cartas de resultado.", ["barajar"]),  # the imperative: the action
        ("Esa localización no está explorada.", []),  # a state, not the Survey action
        ("Puedes explorar una localización.", ["explorar"]),
    ],
)
def test_verb_terms_in_another_sense_are_not_tagged(text: str, found: list[str]) -> None:
    tagger = Tagger(glossary(Term("barajar", "shuffle", kind="action"), Term("explorar", "Survey", kind="action")))
    assert [hit.es for hit in tagger.find(text)] == found


def test_known_texts_are_not_tagged_again(real_game, monkeypatch: pytest.MonkeyPatch) -> None:
    """A refresh passes the hits its last tagging found: those texts are not tokenized again (no lemma table at all
    when every text is known), and the document is the one a fresh tagging gives."""
    import pipeline.tag.matcher as matcher
    from pipeline.project import Project
    from pipeline.tag.glossary import load_glossary

    from ..conftest import ROOT

    _, _, document = real_game("galaxy-defenders")
    terms = load_glossary(Project(ROOT).glossaries, "galaxy-defenders", display_root=ROOT)
    found: dict = {}
    fresh = matcher.tag(document, glossary=terms, found=found)
    assert found and any(found.values())

    def no_tagger(_glossary):
        raise AssertionError("a known text was tagged again")

    monkeypatch.setattr(matcher, "tagger_for", no_tagger)
    assert matcher.tag(document, glossary=terms, known=found) == fresh


def test_tagging_never_imports_spacy() -> None:
    """The tokens come from one regex and the lemmas from the word store: spaCy is for `glossary check`'s stop words."""
    from ..conftest import ROOT

    script = (
        "import sys\n"
        "from pipeline.tag.glossary import Glossary, Term\n"
        "from pipeline.tag.matcher import Tagger\n"
        "hits = Tagger(Glossary(terms=(Term('amenaza interna', 'Internal Threat'),))).find('Las amenazas internas llegan.')\n"
        "print(len(hits), 'spacy' in sys.modules)\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environment, check=True)
    assert result.stdout.split() == ["1", "False"]
