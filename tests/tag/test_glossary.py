"""Glossary files: validation messages that point at file and entry; the pairs a text states; the CLI."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.errors import ConfigError
from pipeline.tag import check
from pipeline.tag.check import LanguageGuess, mine_pairs
from pipeline.tag.glossary import Glossary, load_glossary

from ..conftest import GAMES

FLOORS = {"space-alert": 60, "leaving-earth": 50, "alternity-warships": 40, "legendary-alien": 30, "galaxy-defenders": 25}


# The real common.yaml's kinds and none of its terms: the kinds a game glossary's entries are checked against.
_COMMON = yaml.safe_load((Path(__file__).resolve().parents[2] / "glossaries" / "common.yaml").read_text(encoding="utf-8"))
KINDS_ONLY = yaml.safe_dump({"term_kinds": _COMMON["term_kinds"], "card_kinds": _COMMON["card_kinds"], "terms": []})


def write(folder: Path, name: str, body: str) -> None:
    (folder / f"{name}.yaml").write_text(textwrap.dedent(body), encoding="utf-8")


def error_of(folder: Path, game: str = "g") -> str:
    with pytest.raises(ConfigError) as caught:
        load_glossary(folder, game, display_root=folder.parent)
    return str(caught.value)


@pytest.mark.parametrize(
    "body, message",
    [
        (
            """\
            terms:
            - {es: escudo, en: shield}
            - {es: Escudos, en: shields}
            """,
            "glossaries/g.yaml:3: terms[2] (es: 'Escudos'): duplicate es 'Escudos' (first at terms[1] (es: 'escudo'))",
        ),
        (
            """\
            terms:
            - es: escudo
              en: "  "
            """,
            "glossaries/g.yaml:2: terms[1] (es: 'escudo'): empty 'en' (give the English name printed on the components)",
        ),
        (
            """\
            terms:
            - {es: escudo, en: shield, colour: blue}
            """,
            "glossaries/g.yaml:2: terms[1] (es: 'escudo'): unknown field 'colour' (allowed: en, es, kind, note, variants, verified)",
        ),
        (
            """\
            terms:
            - {es: nave, en: ship, variants: [barco]}
            - {es: navío, en: vessel, variants: [barcos]}
            """,
            "glossaries/g.yaml:3: terms[2] (es: 'navío'): variant 'barcos' is also a variant of terms[1] (es: 'nave')",
        ),
        (
            """\
            terms:
            - {es: nave, en: ship}
            - {es: navío, en: vessel, variants: [nave]}
            """,
            "glossaries/g.yaml:3: terms[2] (es: 'navío'): variant 'nave' is also the es of terms[1] (es: 'nave')",
        ),
        (
            """\
            terms:
            - es: nave
              en: ship
              kind: treat
            """,
            "glossaries/g.yaml:4: terms[1] (es: 'nave'): unknown kind 'treat' (did you mean 'threat'? allowed: threat, specialization, "
            "component, "
            "location, advancement, keyword, phase, action, die-face, system, rule-term, hazard, mission, card, everyday)",
        ),
    ],
)
def test_validation_errors_name_file_line_and_entry(tmp_path: Path, body: str, message: str) -> None:
    folder = tmp_path / "glossaries"
    folder.mkdir()
    write(folder, "common", KINDS_ONLY)
    write(folder, "g", body)
    assert error_of(folder) == message


def test_a_variant_may_not_clash_with_a_common_term(tmp_path: Path) -> None:
    folder = tmp_path / "glossaries"
    folder.mkdir()
    write(folder, "common", "terms:\n- {es: dado, en: die}\n")
    write(folder, "g", "terms:\n- {es: dado rojo, en: red die}\n- {es: tirada, en: roll, variants: [dados]}\n")
    assert error_of(folder) == (
        "glossaries/g.yaml:3: terms[2] (es: 'tirada'): variant 'dados' clashes with common term 'dado' (glossaries/common.yaml:2)"
    )


def test_every_problem_of_a_file_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "glossaries"
    folder.mkdir()
    write(folder, "g", "terms:\n- {es: a1, en: ''}\n- {es: b1, en: x, foo: 1}\n")
    message = error_of(folder)
    assert message.startswith("glossaries/g.yaml:2: terms[1] (es: 'a1'): empty 'en'")
    assert "\nglossaries/g.yaml:3: terms[2] (es: 'b1'): unknown field 'foo'" in message


@pytest.mark.parametrize("game", GAMES)
def test_real_glossaries_load_and_meet_their_floor(project_root: Path, game: str) -> None:
    loaded = load_glossary(project_root / "glossaries", game)
    own = [term for term in loaded.terms if term.source == game]
    assert len(own) >= FLOORS[game]
    assert all(term.en.strip() and term.line for term in loaded.terms)


# Small stand-ins for spacy-lookups-data's word-frequency tables: the real values of only the words these tests
# look up (tests/tag/frequencies.json says how they were made). Loading the real tables takes seconds.
_TABLES = json.loads((Path(__file__).with_name("frequencies.json")).read_text(encoding="utf-8"))
SPANISH, ENGLISH = _TABLES["es"], _TABLES["en"]


@pytest.fixture(autouse=True)
def small_frequency_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI commands below build their own LanguageGuess: they read the small tables too, not the real ones."""
    monkeypatch.setattr(check, "_frequencies", lambda: (SPANISH, ENGLISH))


@pytest.fixture
def guess() -> LanguageGuess:
    return LanguageGuess(Glossary(terms=()), frequencies=(SPANISH, ENGLISH))


@pytest.mark.parametrize(
    "text, pairs",
    [
        ("tres minimazos de hive/colmena.", [("colmena", "hive")]),
        ("Spacecraft = nave espacial", [("nave espacial", "Spacecraft")]),
        ("Busca 'Lunar Orbit (Órbita lunar)' y 'Moon (Luna)' (quizá no)", [("Órbita lunar", "Lunar Orbit"), ("Luna", "Moon")]),
        ("Los cohetes proporcionan 'empuje (thrust)' que", [("empuje", "thrust")]),
        ("Escape/escapar", [("escapar", "Escape")]),
        ('con el "Rush/ímpetu" de', [("ímpetu", "Rush")]),
        ("Soldados Xenomorfos/Xenomotph Soldiers", [("Soldados Xenomorfos", "Xenomotph Soldiers")]),
        ("a la pila de enemigos muertos/dead enemies pile).", [("pila de enemigos muertos", "dead enemies pile")]),
        ("NUEVOS HIVES/COLMENAS Y AVATARES", [("COLMENAS", "HIVES")]),
        ("enviar una 'probe' (una sonda) a", [("sonda", "probe")]),
        ("la zona FC (o centro delantero), etc.", [("centro delantero", "FC")]),
    ],
)
def test_mining_finds_the_pairs_a_text_states(guess: LanguageGuess, text: str, pairs) -> None:
    assert [(es, en) for es, en, _, _ in mine_pairs(text, guess=guess)] == pairs


@pytest.mark.parametrize(
    "text",
    [
        "cuatro películas/escenarios más",  # both Spanish
        "Disparo único (Modo F) Este",
        "generar empuje (o potencia). La",
        "una nueva amenaza interna (normal, no grave-seria).",
        "las acciones (x, y o z).",
        "para Space Alert (así como unos accesorios para la tripulación)",
        "Potencia de fuego media (o superior) Cada",
        "Bueno = 1 muerte 2",
        "en la BGG: https://boardgamegeek.com/thread/1601560/landing-again)",
    ],
)
def test_mining_ignores_spanish_asides(guess: LanguageGuess, text: str) -> None:
    assert mine_pairs(text, guess=guess) == []


def test_mining_reports_the_line(guess: LanguageGuess) -> None:
    [(es, en, line, context)] = mine_pairs("uno\ndos\nel hive/colmena", first_line=10, guess=guess)
    assert (es, en, line, context) == ("colmena", "hive", 12, "el hive/colmena")


def test_cli_check_reports_pairs_and_exits_1_on_a_contradiction(project_copy: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["--root", str(project_copy), "glossary", "check", "legendary-alien"])
    assert result.exit_code == 0, result.output
    assert "never found in the text" in result.output and "pairs stated in the text:" in result.output
    path = project_copy / "glossaries" / "legendary-alien.yaml"
    text = path.read_text(encoding="utf-8")
    assert "en: Hive\n" in text
    path.write_text(text.replace("en: Hive\n", "en: Lair\n", 1), encoding="utf-8")
    result = runner.invoke(main, ["--root", str(project_copy), "glossary", "check", "legendary-alien"])
    assert result.exit_code == 1
    assert "CONTRADICTION" in result.output and "'colmena'" in result.output


def test_cli_suggest_prints_yaml_entries(project_copy: Path) -> None:
    from pipeline.yamlio import parse_yaml

    path = project_copy / "glossaries" / "leaving-earth.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("- es: nave espacial")
    end = text.index("\n- es:", start + 1)
    path.write_text(text[:start] + text[end + 1 :], encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(project_copy), "glossary", "suggest", "leaving-earth"])
    assert result.exit_code == 0, result.output
    entries = parse_yaml(result.output, display="suggest")
    assert {"es": "nave espacial", "en": "Spacecraft"}.items() <= next(e for e in entries if e["en"] == "Spacecraft").items()


def test_cli_unknown_game_is_a_usage_error(project_root: Path) -> None:
    result = CliRunner().invoke(main, ["--root", str(project_root), "glossary", "check", "no-such-game"])
    assert result.exit_code == 2
    assert "no-such-game" in result.output


def test_blank_spanish_term_is_an_error(tmp_path) -> None:
    from pipeline.errors import ConfigError
    from pipeline.tag.glossary import load_glossary

    (tmp_path / "g.yaml").write_text("terms:\n  - es: '  '\n    en: Shields\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="empty 'es'"):
        load_glossary(tmp_path, "g")


def test_a_note_that_only_contains_the_english_word_does_not_explain_a_contradiction(project_copy: Path) -> None:
    """issue 25: 'explained' needs the note to name the pair, not just hold the word (here as a part of 'Lairs')."""
    path = project_copy / "glossaries" / "legendary-alien.yaml"
    text = path.read_text(encoding="utf-8")
    old_note = "  note: Text pairs 'hive/colmena'; one heading says 'HIVE/NIDO' (see 'nido' = Nest).\n"
    assert old_note in text
    text = text.replace("en: Hive\n", "en: Lair\n", 1).replace(old_note, "  note: Not one of the Lairs of the base game.\n", 1)
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(project_copy), "glossary", "check", "legendary-alien"])
    assert result.exit_code == 1, result.output
    assert "CONTRADICTION" in result.output and "'colmena'" in result.output


def test_a_note_explains_a_pair_when_it_names_both_sides_as_words() -> None:
    assert check._mentions("The text states the pair 'Spacecraft = nave espacial'.", "Spacecraft", "nave espacial")
    assert not check._mentions("Not one of the Lairs of the base game.", "Lair", "colmena")
    assert not check._mentions("colmena, see Lairs", "Lair", "colmena")
